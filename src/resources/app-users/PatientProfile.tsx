import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  DataTable,
  EditButton,
  ListContextProvider,
  Loading,
  ShowButton,
  useCanAccess,
  useGetList,
  useList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { NoData } from '../common/ResourceList';
import { ConfirmDeleteButton } from '../common/RowActions';
import { RememberedTabs } from '../common/RememberedTabs';
import { Detail, fullName, ProfileActions, ProfileHeader } from '../common/people';
import { Timeline, type TimelineItem } from '../common/Timeline';
import { useResourceChanges } from '../../providers/useResourceChanges';
import { BookAppointmentButton, HEALTH_SYSTEM_TAB } from '../appointments/BookAppointment';

/**
 * The patient profile (spec 2): a header card (photo, name, age or country, email, phone, diseases)
 * and the tabs Medical History, Health System (appointments), Prescriptions and Family Profile (for
 * patients, not for family members), the chosen tab remembered. The clinical tabs fill in with the
 * clinical records; until then they say there is nothing yet.
 */

/** An Add link to a clinical record's form under this person (shown to who may add it). */
const AddUnder = ({ resource, label }: { resource: 'medical-histories' | 'prescriptions'; label: string }) => {
  const person = useRecordContext();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  if (!person || !canAccess) return null;
  const from = person.type === 'family' ? '?from=family-members' : '';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Button component={Link} to={`/${resource}/add/${encodeURIComponent(String(person.id))}${from}`} label={label} variant="contained">
        <AddIcon />
      </Button>
    </Box>
  );
};

/**
 * A clinical record list of this person as a timeline (the spec's colour cycle), each item leading to
 * its page; appointments and prescriptions dated today or later marked New.
 */
const ClinicalTimeline = ({ resource }: { resource: 'medical-histories' | 'appointments' | 'prescriptions' }) => {
  const person = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // a booking, a completion or a cancel from anywhere (the apps, another admin) shows without a reload
  useResourceChanges(resource);
  const sortField = resource === 'appointments' ? 'date' : 'from_date';
  const { data, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 200 }, sort: { field: sortField, order: 'DESC' }, filter: { paginate: false, patient_id: person?.id } }, { enabled: Boolean(person) });
  if (isPending) return <Loading />;
  const items: TimelineItem[] = (data ?? []).map((r) => {
    const to = `/${resource}/${encodeURIComponent(String(r.id))}/show`;
    if (resource === 'appointments') {
      return { key: r.id, date: r.date, to, markNew: r.status === 'Booked', title: `${translate('resources.appointments.dr', { name: fullName(r.doctor) })} · ${r.s_time}–${r.e_time}`, detail: translate(`resources.appointments.status.${String(r.status)}`, { _: String(r.status) }) };
    }
    if (resource === 'prescriptions') return { key: r.id, date: r.from_date, to, markNew: true, title: String(r.disease_name), detail: fullName(r.doctor) };
    return { key: r.id, date: r.from_date, to, title: String(r.disease_name), detail: String(r.m_name) };
  });
  return <Timeline items={items} locale={locale} />;
};

/** The family members of a patient: full name, email, age, phone, relation; Add Member leads to the add form under the patient. */
const FamilyProfile = () => {
  const patient = useRecordContext();
  const { canAccess: canAdd } = useCanAccess({ resource: 'family-members', action: 'create' });
  const { data, isPending } = useGetList('family-members', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'created_at', order: 'ASC' },
    filter: { paginate: false, parent_id: patient?.id },
  }, { enabled: Boolean(patient) });
  const list = useList({ data: data ?? [], isPending });
  if (!patient) return null;
  return (
    <Box>
      {canAdd ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button component={Link} to={`/family-members/add/${encodeURIComponent(String(patient.id))}`} label="resources.family-members.action.create" variant="contained">
            <AddIcon />
          </Button>
        </Box>
      ) : null}
      {isPending ? (
        <Loading />
      ) : (
        <ListContextProvider value={list}>
          <DataTable resource="family-members" bulkActionButtons={false} rowClick={false} empty={<NoData />}>
            <DataTable.Col source="full_name" label="resources.family-members.fields.full_name" disableSort />
            <DataTable.Col source="email" disableSort />
            <DataTable.Col source="age" disableSort />
            <DataTable.Col source="phone_no" disableSort />
            <DataTable.Col source="relation" disableSort render={(r) => (r.relation ? <RelationText value={String(r.relation)} /> : null)} />
            <DataTable.Col label="app.action.actions" disableSort align="right">
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
                <ShowButton resource="family-members" />
                <EditButton resource="family-members" />
                <ConfirmDeleteButton />
              </Box>
            </DataTable.Col>
          </DataTable>
        </ListContextProvider>
      )}
    </Box>
  );
};

const RelationText = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return <>{translate(`app.relation.${value}`, { _: value })}</>;
};

/** Diseases named in the medical histories (filled by the clinical records). */
const Diseases = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  // lists leave the diseases out: until the record's own read arrives, a placeholder
  if (record?.diseases === undefined) return <Skeleton variant="text" width={96} />;
  const diseases = Array.isArray(record.diseases) ? (record.diseases as string[]) : [];
  if (!diseases.length) return <>{translate('app.profile.no_diseases')}</>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {diseases.map((d) => (
        <Chip key={d} size="small" label={d} />
      ))}
    </Box>
  );
};

export const PatientProfile = () => {
  const record = useRecordContext();
  // opened by the spec's /appointments/add/{patient}: the booking dialog is open from the start
  const bookNow = Boolean((useLocation().state as { book?: unknown } | null)?.book);
  if (!record) return <Loading />;
  const isPatient = record.type !== 'family';
  const tabs = [
    {
      value: 'medical-history',
      label: 'app.profile.medical_history',
      content: (
        <>
          <AddUnder resource="medical-histories" label="resources.medical-histories.action.create" />
          <ClinicalTimeline resource="medical-histories" />
        </>
      ),
    },
    {
      value: HEALTH_SYSTEM_TAB,
      label: 'app.profile.health_system',
      content: (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <BookAppointmentButton patient={record} openNow={bookNow} />
          </Box>
          <ClinicalTimeline resource="appointments" />
        </>
      ),
    },
    {
      value: 'prescriptions',
      label: 'app.profile.prescriptions',
      content: (
        <>
          <AddUnder resource="prescriptions" label="resources.prescriptions.action.create" />
          <ClinicalTimeline resource="prescriptions" />
        </>
      ),
    },
    ...(isPatient ? [{ value: 'family', label: 'app.profile.family', content: <FamilyProfile /> }] : []),
  ];
  const ageOrCountry = record.age ?? (record.country as { country?: string } | null)?.country ?? '';
  const parent = record.parent as { id?: string | number; f_name?: string; l_name?: string } | null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <ProfileActions backTo={parent?.id != null ? `/app-users/${encodeURIComponent(String(parent.id))}/show` : undefined} />
      <ProfileHeader>
        {parent?.id != null ? (
          <Detail label="resources.family-members.fields.parent">
            <MuiLink component={Link} to={`/app-users/${encodeURIComponent(String(parent.id))}/show`}>
              {fullName(parent)}
            </MuiLink>
          </Detail>
        ) : null}
        {!isPatient && record.relation ? (
          <Detail label="resources.family-members.fields.relation">
            <RelationText value={String(record.relation)} />
          </Detail>
        ) : null}
        <Detail label={record.age != null ? 'resources.app-users.fields.age' : 'resources.app-users.fields.country_id'}>{String(ageOrCountry)}</Detail>
        <Detail label="resources.app-users.fields.email">{record.email ?? ''}</Detail>
        <Detail label="resources.app-users.fields.phone_no">{record.phone_no ?? ''}</Detail>
        <Detail label="app.profile.diseases">
          <Diseases />
        </Detail>
      </ProfileHeader>
      <RememberedTabs storeKey="patient-profile" label="app.profile.tabs" tabs={tabs} />
    </Box>
  );
};
