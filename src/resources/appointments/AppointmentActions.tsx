import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, useCanAccess, useDataProvider, useGetList, useLocaleState, useNotify, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider, OpenSlot } from '../../providers/dataProvider';
import { slotHasBegun } from '../../../contract/dutyRoster';
import { fullName } from '../common/people';
import { dateLocale } from '../../i18n/languages';
import { formatDay } from '../duty-roasters/calendarDays';
import { fieldErrorsOf, messageOf, useAppointmentsChanged } from './BookAppointment';
import { SlotPicker } from './SlotPicker';
import { AppointmentActionDialog } from './ActionDialog';
import { USER_STATUS } from '../../../contract/enums';

/**
 * Marks a booked appointment completed, after saying so (spec 2: Booked → Completed); offered once its
 * time has begun (on the server's UTC clock, which refuses an earlier completion).
 */
export const CompleteAppointmentButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useAppointmentsChanged();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'appointments', action: 'edit', record });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'Booked' || !canAccess) return null;
  if (typeof record.date === 'string' && typeof record.s_time === 'string' && !slotHasBegun({ date: record.date, s_time: record.s_time })) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.updateStatus('appointments', { id: record.id, status: 'Completed' });
      notify('resources.appointments.complete.done', { type: 'success' });
      setOpen(false);
      changed();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="resources.appointments.action.complete" color="success" onClick={(e) => { e.stopPropagation(); setOpen(true); }}>
        <TaskAltIcon />
      </Button>
      <AppointmentActionDialog action="complete" open={open} ready={!busy} onConfirm={() => void confirm()} onClose={() => setOpen(false)}>
        <DialogContentText>{translate('resources.appointments.complete.text', { name: fullName(record.patient), doctor: fullName(record.doctor) })}</DialogContentText>
      </AppointmentActionDialog>
    </>
  );
};

/**
 * Moves a booked appointment to another open slot, of the same doctor or another, in one step on the
 * server: the old slot opens and the new one is taken, or nothing changes (a slot taken meanwhile says
 * so, and the offer is read again).
 */
export const RescheduleAppointmentButton = () => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'appointments', action: 'edit', record });
  const [open, setOpen] = useState(false);
  if (!record || record.status !== 'Booked' || !canAccess) return null;
  return (
    <>
      <Button label="resources.appointments.action.reschedule" onClick={(e) => { e.stopPropagation(); setOpen(true); }}>
        <EventRepeatIcon />
      </Button>
      {open ? <RescheduleDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
};

const RescheduleDialog = ({ onClose }: { onClose: () => void }) => {
  const record = useRecordContext()!;
  const translate = useTranslate();
  const notify = useNotify();
  const [language] = useLocaleState();
  // dates as the language writes them (en-GB's day first in English)
  const locale = dateLocale(language);
  const changed = useAppointmentsChanged();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [doctorId, setDoctorId] = useState<Identifier>(record.doctor_id as Identifier);
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: doctors } = useGetList('doctors', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'f_name', order: 'ASC' }, filter: { paginate: false, status: USER_STATUS.active }, meta: { choices: true } });
  const chooseSlot = useCallback((s: OpenSlot | null) => setSlot(s), []);
  const save = async () => {
    if (!slot) return;
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.rescheduleAppointment({ id: record.id, slotId: slot.id });
      notify('resources.appointments.reschedule.done', { type: 'success', messageArgs: { day: formatDay(slot.date, locale), time: slot.s_time } });
      changed();
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFailure(Object.values(fields)[0] ?? messageOf(error));
      if (fields.slot_id) {
        setSlot(null);
        setVersion((v) => v + 1);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppointmentActionDialog action="reschedule" ready={Boolean(slot) && !busy} onConfirm={() => void save()} onClose={onClose}>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.appointments.reschedule.now', { name: fullName(record.patient), day: formatDay(String(record.date), locale), time: `${record.s_time}–${record.e_time}` })}
      </Typography>
      {failure ? <Alert severity="warning">{translate(failure, { _: failure })}</Alert> : null}
      <TextField select label={translate('resources.appointments.fields.doctor_id')} value={doctors ? doctorId : ''} onChange={(e) => { setDoctorId(e.target.value as Identifier); setSlot(null); }}>
        {(doctors ?? []).map((d) => (
          <MenuItem key={String(d.id)} value={d.id}>
            {translate('resources.appointments.dr', { name: fullName(d) })}
          </MenuItem>
        ))}
      </TextField>
      <SlotPicker doctorId={doctorId} value={slot?.id ?? null} onChange={chooseSlot} version={version} />
    </AppointmentActionDialog>
  );
};
