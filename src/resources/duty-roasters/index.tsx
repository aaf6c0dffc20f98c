import EventNoteIcon from '@mui/icons-material/EventNote';
import { DataTable, type RaRecord } from 'react-admin';
import { DateCell } from '../common/DateCell';
import { ResourceList } from '../common/ResourceList';
import { ConfirmDeleteButton } from '../common/RowActions';
import { fullName } from '../common/people';
import { defineModule } from '../module';

/** Duty rosters (the doctors' working hours): listed here; added from a doctor's Working Hours tab. */
const RosterList = () => (
  <ResourceList dateRange sort={{ field: 'first_date', order: 'DESC' }} rowActions={<ConfirmDeleteButton />}>
    <DataTable.Col source="doctor.f_name" label="resources.duty-roasters.fields.doctor_id" render={(r: RaRecord) => fullName(r.doctor)} />
    <DataTable.Col source="label" />
    <DataTable.Col source="first_date">
      <DateCell source="first_date" />
    </DataTable.Col>
    <DataTable.Col source="s_time" render={(r: RaRecord) => `${r.s_time}–${r.e_time}`} />
    <DataTable.Col source="session" />
    <DataTable.Col source="total_fee" disableSort />
  </ResourceList>
);

export default defineModule({
  list: RosterList,
  icon: EventNoteIcon,
  recordRepresentation: 'label',
  secondaryText: 'first_date',
  menu: { hidden: "reached from a doctor's profile (Working Hours tab)" },
});
