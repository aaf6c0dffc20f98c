import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import { DataTable, ShowButton, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';
import { defineModule } from '../module';
import { FacilityInputs } from './FacilityInputs';
import { FacilityShow } from './FacilityShow';

/**
 * Facility centers (spec 3): a list (title, district, contact number, status) with edit, delete,
 * block and unblock; add and edit; and a page of the center's own (not the old console's doctor profile).
 */

const K = 'resources.facility-centers';

const FacilityList = () => (
  <ResourceList
    sort={{ field: 'created_at', order: 'DESC' }}
    rowActions={
      <RowActions>
        <ShowButton />
        <StatusToggleButton />
      </RowActions>
    }
  >
    <DataTable.Col source="title" />
    <DataTable.Col source="district.title" label={`${K}.fields.district_id`} />
    <DataTable.Col source="phone_no" disableSort>
      <TextField source="phone_no" emptyText="—" />
    </DataTable.Col>
    <DataTable.Col source="status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);

export default defineModule({
  list: FacilityList,
  inputs: FacilityInputs,
  show: FacilityShow,
  icon: LocalHospitalIcon,
  recordRepresentation: 'title',
  secondaryText: (record: RaRecord) => (record.district as { title?: string } | null)?.title ?? '',
  defaultValues: { services: [{ title: '' }] },
  menu: { group: 'programme', order: 50 },
});
