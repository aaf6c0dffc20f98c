import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import { Loading, Show, useGetList, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { RememberedTabs } from '../common/RememberedTabs';
import { Timeline, type TimelineItem } from '../common/Timeline';
import { formatDate } from '../../i18n/dates';
import { NoData } from '../common/ResourceList';
import { Detail, fullName, ProfileActions, ProfileHeader } from '../common/people';
import { WorkingHours } from '../duty-roasters/WorkingHours';
import { useRecordChanges } from '../common/useRecordChanges';
import { useResourceChanges } from '../../providers/useResourceChanges';
import { BookAppointmentButton } from '../appointments/BookAppointment';

/**
 * The doctor profile (spec 2): photo, name, specializations, email, phone with a leading plus,
 * qualification, a read-only star rating out of 5, the patient count, and the tabs Upcoming, Cancelled
 * and Completed appointments, Working Hours (the duty roster) and Patient List, the chosen tab remembered.
 */

const today = () => new Date().toISOString().slice(0, 10);

/** The doctor's appointments of one kind, as a timeline leading to each appointment's page. */
const Appointments = ({ kind }: { kind: 'upcoming' | 'cancelled' | 'completed' }) => {
  const doctor = useRecordContext();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  // bookings, completions and cancels from anywhere (the apps, another admin) show without a reload
  useResourceChanges('appointments');
  const filter: Record<string, unknown> = { paginate: false, doctor_id: doctor?.id };
  if (kind === 'upcoming') Object.assign(filter, { status: 'Booked', start_date: today() });
  else filter.status = kind === 'cancelled' ? 'Cancelled' : 'Completed';
  const { data, isPending } = useGetList('appointments', { pagination: { page: 1, perPage: 500 }, sort: { field: 'date', order: kind === 'upcoming' ? 'ASC' : 'DESC' }, filter }, { enabled: Boolean(doctor) });
  if (isPending) return <Loading />;
  const book = kind === 'upcoming' && doctor ? (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <BookAppointmentButton doctor={doctor} />
    </Box>
  ) : null;
  const items: TimelineItem[] = (data ?? []).map((a: RaRecord) => ({
    key: a.id,
    date: a.date,
    title: `${fullName(a.patient)} · ${a.s_time}–${a.e_time}`,
    detail: a.status === 'Cancelled' ? `${translate('resources.appointments.fields.cancel_reason')}: ${a.cancel_reason}` : a.detail,
    to: `/appointments/${encodeURIComponent(String(a.id))}/show`,
    markNew: kind === 'upcoming',
  }));
  return (
    <>
      {book}
      <Timeline items={items} locale={locale} />
    </>
  );
};

/** The patients the doctor has seen or will see: name, email, age, number. */
const PatientList = () => {
  const doctor = useRecordContext();
  const translate = useTranslate();
  const { data, isPending } = useGetList('appointments', { pagination: { page: 1, perPage: 5000 }, sort: { field: 'date', order: 'DESC' }, filter: { paginate: false, doctor_id: doctor?.id } }, { enabled: Boolean(doctor) });
  if (isPending) return <Loading />;
  const seen = new Map<string, RaRecord>();
  for (const a of data ?? []) if (a.patient?.id != null && !seen.has(String(a.patient.id))) seen.set(String(a.patient.id), a.patient);
  if (!seen.size) return <NoData />;
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { textAlign: 'start', p: 1, borderBottom: 1, borderColor: 'divider' } }}>
      <thead>
        <tr>
          <th>{translate('resources.doctors.fields.name')}</th>
          <th>{translate('resources.doctors.fields.email')}</th>
          <th>{translate('resources.doctors.fields.age')}</th>
          <th>{translate('resources.doctors.fields.number')}</th>
        </tr>
      </thead>
      <tbody>
        {[...seen.values()].map((p) => (
          <tr key={String(p.id)}>
            <td>{fullName(p)}</td>
            <td>{p.email ?? ''}</td>
            <td>{p.age ?? ''}</td>
            <td>{p.phone_no ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
};

/** Patients' average rating out of 5 (kept by the server as ratings arrive) and how many rated. */
export const DoctorRating = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const rating = Number(record.rating ?? 0);
  const count = Number(record.ratings_count ?? 0);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Rating value={rating} max={5} precision={0.1} readOnly size="small" aria-label={translate('resources.doctors.rating_of', { rating })} />
      <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {translate('resources.doctors.ratings_count', { smart_count: count })}
      </Box>
    </Box>
  );
};

const Profile = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  // a rating from the patients' app, another admin's edit: the page follows at once
  useRecordChanges();
  if (!record) return <Loading />;
  const specializations = ((record.specializations as { title: string }[] | undefined) ?? []).map((s) => s.title).join(', ');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <ProfileActions />
      <ProfileHeader>
        <Detail label="resources.doctors.fields.specializationIds">{specializations}</Detail>
        <Detail label="resources.doctors.fields.email">{record.email ?? ''}</Detail>
        <Detail label="resources.doctors.fields.phone_no">{record.phone_no ? `+${record.phone_no}` : ''}</Detail>
        <Detail label="resources.doctors.fields.qualification_id">{(record.qualification as { title?: string } | null)?.title ?? ''}</Detail>
        <Detail label="resources.doctors.fields.rating">
          <DoctorRating />
        </Detail>
        {/* the doctors list leaves the count out: until the record's own read arrives, a placeholder */}
        <Detail label="resources.doctors.fields.patients_count">{record.patients_count === undefined ? <Skeleton variant="text" width={24} /> : String(record.patients_count)}</Detail>
        <Detail label="resources.doctors.fields.created_at">{formatDate(String(record.created_at ?? ''), locale)}</Detail>
      </ProfileHeader>
      <RememberedTabs
        storeKey="doctor-profile"
        label="resources.doctors.tabs.label"
        tabs={[
          { value: 'upcoming', label: 'resources.doctors.tabs.upcoming', content: <Appointments kind="upcoming" /> },
          { value: 'cancelled', label: 'resources.doctors.tabs.cancelled', content: <Appointments kind="cancelled" /> },
          { value: 'completed', label: 'resources.doctors.tabs.completed', content: <Appointments kind="completed" /> },
          { value: 'working-hours', label: 'resources.doctors.tabs.working_hours', content: <WorkingHours /> },
          { value: 'patients', label: 'resources.doctors.tabs.patients', content: <PatientList /> },
        ]}
      />
    </Box>
  );
};

export const DoctorProfile = () => (
  <Show component="div" actions={false}>
    <Profile />
  </Show>
);
