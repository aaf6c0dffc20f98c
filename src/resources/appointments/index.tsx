import { Link } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import { DataTable, Loading, Show, ShowButton, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { LabelledActions } from '../common/PhoneRows';
import { APPOINTMENT_STATUSES } from '../../../contract/enums';
import { ResourceList } from '../common/ResourceList';
import { ReferenceFilter, SelectFilter } from '../common/SelectFilter';
import { ConfirmDeleteButton } from '../common/RowActions';
import { Detail, fullName, ProfileActions } from '../common/people';
import { formatDate } from '../../i18n/dates';
import { defineModule } from '../module';
import { useRecordChanges } from '../common/useRecordChanges';
import { CompleteAppointmentButton, RescheduleAppointmentButton } from './AppointmentActions';
import { CancelAppointmentButton } from './CancelButton';
import { BookForPatient } from './BookAppointment';

/** Appointments (spec 2): list with date filters, the detail page; complete, reschedule, cancel with a reason. */

const today = () => new Date().toISOString().slice(0, 10);

const StatusCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" label={(APPOINTMENT_STATUSES as readonly unknown[]).includes(record.status) ? translate(`resources.appointments.status.${String(record.status)}`) : String(record.status)} color={record.status === 'Cancelled' ? 'error' : record.status === 'Completed' ? 'default' : 'primary'} />
      {record.status === 'Booked' && String(record.date) >= today() ? <Chip size="small" color="success" label={translate('app.timeline.new')} /> : null}
    </Box>
  );
};

const STATUS_CHOICES = APPOINTMENT_STATUSES.map((status) => ({ id: status, name: `resources.appointments.status.${status}` }));

const When = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return record ? <>{`${formatDate(String(record.date), locale)} · ${record.s_time}–${record.e_time}`}</> : null;
};

const AppointmentList = () => (
  <ResourceList
    dateRange
    exportable
    sort={{ field: 'date', order: 'DESC' }}
    filterBar={
      <>
        <SelectFilter source="status" label="resources.appointments.fields.status" all="app.filter.all" choices={STATUS_CHOICES} />
        <ReferenceFilter source="doctor_id" reference="doctors" label="app.filter.doctor" all="app.filter.all" optionText={fullName} sortField="f_name" />
      </>
    }
    rowActions={
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5 }}>
        <ShowButton />
        <CompleteAppointmentButton />
        <RescheduleAppointmentButton />
        <CancelAppointmentButton />
        <ConfirmDeleteButton />
      </Box>
    }
  >
    <DataTable.Col source="date">
      <When />
    </DataTable.Col>
    <DataTable.Col source="doctor.f_name" label="resources.appointments.fields.doctor_id" render={(r: RaRecord) => fullName(r.doctor)} />
    <DataTable.Col source="patient.f_name" label="resources.appointments.fields.patient_id" render={(r: RaRecord) => fullName(r.patient)} />
    <DataTable.Col source="status">
      <StatusCell />
    </DataTable.Col>
  </ResourceList>
);

/** 'Appointment Detail' (spec 2): doctor card, scheduled time, booking for, patient, disease detail. */
const Detailed = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // a completion, a cancel or a reschedule elsewhere (the doctor's app, another admin) shows at once
  useRecordChanges();
  if (!record) return <Loading />;
  const doctor = (record.doctor ?? {}) as RaRecord;
  const patient = (record.patient ?? {}) as RaRecord;
  const specializations = ((doctor.specializations as { title: string }[] | undefined) ?? []).map((s) => s.title).join(', ');
  const photo = (doctor.file as { src?: string } | null)?.src;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 900 }}>
      <ProfileActions />
      <Typography variant="h5" component="h1">
        {translate('resources.appointments.page.show')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Avatar src={photo || undefined} alt={fullName(doctor)} sx={{ width: 72, height: 72 }}>
            {fullName(doctor).slice(0, 1)}
          </Avatar>
          <Box>
            <Typography variant="h6">
              {doctor.id != null ? (
                <MuiLink component={Link} to={`/doctors/${encodeURIComponent(String(doctor.id))}/show`}>
                  {translate('resources.appointments.dr', { name: fullName(doctor) })}
                </MuiLink>
              ) : (
                translate('resources.appointments.dr', { name: fullName(doctor) })
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {specializations}
            </Typography>
          </Box>
          <Box sx={{ marginInlineStart: 'auto' }}>
            <StatusCell />
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Detail label="resources.appointments.fields.scheduled">{`${formatDate(String(record.date), locale)} · ${record.s_time}–${record.e_time}`}</Detail>
          <Detail label="resources.appointments.fields.booking_for">
            {record.booking_for === 'Self' || !record.booking_for ? translate('resources.appointments.self') : translate(`app.relation.${String(record.booking_for)}`, { _: String(record.booking_for) })}
          </Detail>
          <Detail label="resources.appointments.fields.patient_id">
            {patient.id != null ? (
              <MuiLink component={Link} to={`/${patient.parent_id ? 'family-members' : 'app-users'}/${encodeURIComponent(String(patient.id))}/show`}>
                {fullName(patient)}
              </MuiLink>
            ) : null}
            {` · ${translate(`app.gender.${String(patient.gender ?? 'male')}`)}${patient.age != null ? ` · ${translate('resources.appointments.years', { age: patient.age })}` : ''}`}
          </Detail>
          <Detail label="resources.appointments.fields.disease">{String(patient.short_bio ?? record.detail ?? '')}</Detail>
          {record.detail ? <Detail label="resources.appointments.fields.detail">{String(record.detail)}</Detail> : null}
          {record.status === 'Cancelled' ? <Detail label="resources.appointments.fields.cancel_reason">{String(record.cancel_reason ?? '')}</Detail> : null}
        </CardContent>
      </Card>
      <LabelledActions sx={{ gap: 1 }}>
        <CompleteAppointmentButton />
        <RescheduleAppointmentButton />
        <CancelAppointmentButton />
      </LabelledActions>
    </Box>
  );
};

const AppointmentShow = () => (
  <Show component="div" actions={false}>
    <Detailed />
  </Show>
);

export default defineModule({
  list: AppointmentList,
  show: AppointmentShow,
  icon: EventIcon,
  recordRepresentation: (r: RaRecord) => `${String(r.date)} ${String(r.s_time)}`,
  secondaryText: (r: RaRecord) => `${fullName(r.doctor)} · ${fullName(r.patient)}`,
  menu: { group: 'main', order: 35 },
  // the spec's /appointments/add/{patient}: booked from the patient's page (its Health System tab)
  routes: [{ path: 'add/:patientId', element: BookForPatient, label: 'resources.appointments.book.button' }],
});
