import EventBusyIcon from '@mui/icons-material/EventBusy';
import { DataTable, TextInput, required } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { defineModule } from '../module';

/** The reasons an appointment is cancelled with (spec 1: one chosen when cancelling). */
const ReasonList = () => (
  <ResourceList sort={{ field: 'name', order: 'ASC' }}>
    <DataTable.Col source="name" />
  </ResourceList>
);

export default defineModule({
  list: ReasonList,
  inputs: () => <TextInput source="name" validate={required('resources.cancellation-reasons.validation.name_required')} />,
  icon: EventBusyIcon,
  recordRepresentation: 'name',
  menu: { group: 'setting', order: 30 },
});
