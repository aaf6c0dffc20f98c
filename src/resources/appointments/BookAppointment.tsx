import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Button, useCanAccess, useCreate, useGetList, useLocaleState, useNotify, useStore, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { OpenSlot } from '../../providers/dataProvider';
import { PatientAutocomplete } from '../common/PatientPicker';
import { fullName } from '../common/people';
import { dateLocale } from '../../i18n/languages';
import { formatDay } from '../duty-roasters/calendarDays';
import { SlotPicker } from './SlotPicker';
import { AppointmentActionDialog } from './ActionDialog';
import { USER_STATUS } from '../../../contract/enums';

/** The field errors of a refused write, as the data provider hands them over (HttpError 422, body.errors). */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const errors = (error as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, Array.isArray(messages) ? String(messages[0]) : String(messages)]));
};
export const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'ra.notification.http_error');

/** Lists that show appointments and requests read again after a booking (the doctor's tabs, the timeline, the dashboard). */
export const useAppointmentsChanged = () => {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ predicate: ({ queryKey }) => ['appointments', 'appointment-requests', 'doctors'].includes(String(queryKey[0])) });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  }, [queryClient]);
};

export interface BookAppointmentProps {
  /** the patient to book for (they or one of their family members); absent: chosen in the dialog */
  patient?: RaRecord | null;
  /** the doctor to book with; absent: a specialization, then one of its doctors */
  doctor?: RaRecord | null;
  /** the appointment request this booking answers: its patient, and it is marked handled */
  request?: RaRecord | null;
  label?: string;
  /** the dialog is open from the start (the spec's /appointments/add/{patient} led here) */
  openNow?: boolean;
}

/**
 * Books an appointment (spec 2; Practo's three steps): specialization → doctor → a day with open slots
 * → a slot, for the patient or one of their family members, with an optional note. Only open slots are
 * offered; a slot taken meanwhile says so and the offer is read again.
 */
export const BookAppointmentButton = ({ patient, doctor, request, label = 'resources.appointments.book.button', openNow = false }: BookAppointmentProps) => {
  const { canAccess } = useCanAccess({ resource: 'appointments', action: 'create' });
  const [open, setOpen] = useState(openNow);
  if (!canAccess) return null;
  return (
    <>
      <Button label={label} variant="contained" onClick={(e) => { e.stopPropagation(); setOpen(true); }}>
        <EventAvailableIcon />
      </Button>
      {open ? <BookAppointmentDialog patient={patient ?? (request?.patient as RaRecord | undefined) ?? null} doctor={doctor ?? null} request={request ?? null} onClose={() => setOpen(false)} /> : null}
    </>
  );
};

const BookAppointmentDialog = ({ patient: given, doctor: fixedDoctor, request, onClose }: { patient: RaRecord | null; doctor: RaRecord | null; request: RaRecord | null; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [language] = useLocaleState();
  // dates as the language writes them (en-GB's day first in English)
  const locale = dateLocale(language);
  const changed = useAppointmentsChanged();
  const [create, { isPending: saving }] = useCreate();
  const [patient, setPatient] = useState<RaRecord | null>(given);
  const patientId = patient ? patient.id : null;
  const [forWhom, setForWhom] = useState<Identifier | ''>(patientId ?? '');
  const [specialization, setSpecialization] = useState<Identifier | ''>('');
  const [doctorId, setDoctorId] = useState<Identifier | ''>(fixedDoctor ? fixedDoctor.id : '');
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [detail, setDetail] = useState(String(request?.detail ?? ''));
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const isFamilyMember = patient?.type === 'family' || Boolean(patient?.parent_id);
  const { data: family } = useGetList('family-members', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'ASC' }, filter: { paginate: false, parent_id: patientId } }, { enabled: patientId !== null && !isFamilyMember });
  const { data: specializations } = useGetList('specializations', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } }, { enabled: !fixedDoctor });
  const { data: doctors, isPending: doctorsPending } = useGetList(
    'doctors',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'f_name', order: 'ASC' }, filter: { paginate: false, status: USER_STATUS.active, specialization_id: specialization }, meta: { choices: true } },
    { enabled: !fixedDoctor && specialization !== '' },
  );
  const chooseSlot = useCallback((s: OpenSlot | null) => setSlot(s), []);

  const submit = () => {
    setErrors({});
    setFailure(null);
    if (forWhom === '' || !slot) return;
    create(
      'appointments',
      { data: { patient_id: forWhom, slot_id: slot.id, detail: detail.trim() || null, ...(request ? { request_id: request.id } : {}) } },
      {
        onSuccess: (appointment) => {
          changed();
          notify('resources.appointments.book.booked', { type: 'success', messageArgs: { day: formatDay(slot.date, locale), time: slot.s_time } });
          onClose();
          void appointment;
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          setFailure(Object.keys(fields).length ? null : messageOf(error));
          // the slot went to someone else meanwhile: the offer is read again
          if (fields.slot_id) {
            setSlot(null);
            setVersion((v) => v + 1);
          }
        },
      },
    );
  };

  const people = patient ? [patient, ...(isFamilyMember ? [] : (family ?? []))] : [];
  const shown = (key: string) => (errors[key] ? translate(errors[key], { _: errors[key] }) : undefined);
  // a server message on a field this dialog does not show goes at the top, with the field named
  const unshown = Object.entries(errors).filter(([field]) => !['patient_id', 'slot_id', 'detail'].includes(field));

  return (
    <AppointmentActionDialog action="book" ready={!saving && forWhom !== '' && Boolean(slot)} onConfirm={submit} onClose={onClose}>
      {failure ? <Alert severity="error">{translate(failure, { _: failure })}</Alert> : null}
      {unshown.map(([field, message]) => (
        <Alert key={field} severity="error">{`${translate(`resources.appointments.fields.${field}`, { _: field })}: ${translate(message, { _: message })}`}</Alert>
      ))}
      {request ? (
        <Alert severity={request.is_emergency ? 'warning' : 'info'}>
          {translate('resources.appointments.book.for_request', { number: String(request.number ?? ''), detail: String(request.detail ?? '') })}
        </Alert>
      ) : null}
      {given ? null : (
        <PatientAutocomplete
          value={patient}
          autoFocus
          onChange={(p) => {
            setPatient(p);
            setForWhom(p ? p.id : '');
          }}
          error={Boolean(errors.patient_id)}
          helperText={shown('patient_id')}
        />
      )}
      {patient ? (
        <TextField select label={translate('resources.appointments.book.for_whom')} value={forWhom} onChange={(e) => setForWhom(e.target.value as Identifier)} error={Boolean(errors.patient_id)} helperText={given ? shown('patient_id') : undefined}>
          {people.map((p) => (
            <MenuItem key={String(p.id)} value={p.id}>
              {p === patient ? translate('resources.appointments.book.self', { name: fullName(p) }) : `${fullName(p)} (${translate(`app.relation.${String(p.relation)}`, { _: String(p.relation ?? '') })})`}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {fixedDoctor ? (
        <Typography>{translate('resources.appointments.dr', { name: fullName(fixedDoctor) })}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label={translate('resources.appointments.book.specialization')}
            value={specialization}
            onChange={(e) => {
              setSpecialization(e.target.value as Identifier);
              setDoctorId('');
              setSlot(null);
            }}
          >
            {(specializations ?? []).map((s) => (
              <MenuItem key={String(s.id)} value={s.id}>
                {String(s.title)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('resources.appointments.fields.doctor_id')}
            value={doctorId}
            disabled={specialization === ''}
            sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
            helperText={specialization === '' ? translate('resources.appointments.book.choose_specialization_first') : !doctorsPending && !doctors?.length ? translate('resources.appointments.book.no_doctors') : undefined}
            onChange={(e) => {
              setDoctorId(e.target.value as Identifier);
              setSlot(null);
            }}
          >
            {(doctors ?? []).map((d) => (
              <MenuItem key={String(d.id)} value={d.id}>
                {translate('resources.appointments.dr', { name: fullName(d) })}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {doctorId !== '' ? <SlotPicker doctorId={doctorId} value={slot?.id ?? null} onChange={chooseSlot} version={version} /> : null}
      {errors.slot_id ? <Alert severity="warning">{shown('slot_id')}</Alert> : null}
      <TextField label={translate('resources.appointments.fields.detail')} value={detail} onChange={(e) => setDetail(e.target.value)} multiline minRows={2} inputProps={{ maxLength: 2000 }} error={Boolean(errors.detail)} helperText={shown('detail')} />
      {slot ? (
        <Typography variant="body2" aria-live="polite">
          {translate('resources.appointments.book.summary', { day: formatDay(slot.date, locale), time: `${slot.s_time}–${slot.e_time}` })}
        </Typography>
      ) : null}
    </AppointmentActionDialog>
  );
};

/** A handled request's link to the appointment it was booked as. */
export const RequestAppointmentLink = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  if (record.appointment_id == null) return null;
  return (
    <MuiButton component={Link} to={`/appointments/${encodeURIComponent(String(record.appointment_id))}/show`} size="small" onClick={(e: React.MouseEvent) => e.stopPropagation()}>
      {translate('resources.appointment-requests.booked')}
    </MuiButton>
  );
};

/** The patient profile's tabs (app-users/PatientProfile.tsx): where appointments are booked. */
export const HEALTH_SYSTEM_TAB = 'health-system';

/**
 * The spec's /appointments/add/{patient}: an appointment is booked from the patient's page, on its
 * Health System tab, the booking dialog open.
 */
export const BookForPatient = () => {
  const { patientId = '' } = useParams();
  const [tab, setTab] = useStore<string>('tabs.patient-profile');
  useEffect(() => setTab(HEALTH_SYSTEM_TAB), [setTab]);
  if (tab !== HEALTH_SYSTEM_TAB) return null;
  return <Navigate to={`/app-users/${encodeURIComponent(patientId)}/show`} state={{ book: true }} replace />;
};
