import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import { DataTable, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { fullName } from '../common/people';
import { formatDate } from '../../i18n/dates';
import { BookAppointmentButton, RequestAppointmentLink } from '../appointments/BookAppointment';
import { defineModule } from '../module';

/**
 * Appointment requests from the patient app (spec 1): their number, patient, description, emergency
 * and date, emergencies and the newest first. Staff book one (the booking pre-filled with the
 * patient), and it then links to its appointment.
 */

const Emergency = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.is_emergency ? <Chip size="small" color="error" label={translate('resources.appointment-requests.emergency')} /> : <>{translate('resources.appointment-requests.routine')}</>;
};

const Dated = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return <>{formatDate((record?.dated_at as string | null) ?? null, locale)}</>;
};

/** Book, or the appointment it was booked as. */
const RequestActions = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      {record.appointment_id != null ? <RequestAppointmentLink record={record} /> : <BookAppointmentButton request={record} label="resources.appointment-requests.book" />}
    </Box>
  );
};

const RequestList = () => (
  <ResourceList rowActions={<RequestActions />} sort={{ field: 'is_emergency', order: 'DESC' }}>
    <DataTable.Col source="id" label="resources.appointment-requests.fields.id" render={(r: RaRecord) => `#${String(r.number ?? '')}`} />
    <DataTable.Col source="patient.f_name" label="resources.appointment-requests.fields.patient_id" disableSort render={(r: RaRecord) => fullName(r.patient)} />
    <DataTable.Col source="detail" disableSort />
    <DataTable.Col source="is_emergency">
      <Emergency />
    </DataTable.Col>
    <DataTable.Col source="dated_at">
      <Dated />
    </DataTable.Col>
  </ResourceList>
);

export default defineModule({
  list: RequestList,
  icon: MoveToInboxIcon,
  recordRepresentation: (r: RaRecord) => `#${String(r.number ?? '')} · ${fullName(r.patient)}`,
  secondaryText: 'detail',
  menu: { group: 'main', order: 36 },
});
