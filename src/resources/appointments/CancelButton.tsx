import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button, useCanAccess, useDataProvider, useGetList, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useAppointmentsChanged } from './BookAppointment';
import { AppointmentActionDialog } from './ActionDialog';

/** Cancels a booked appointment with exactly one reason chosen from the cancellation reasons (spec 1 section 5). */
export const CancelAppointmentButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useAppointmentsChanged();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'appointments', action: 'edit', record });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const { data: reasons } = useGetList('cancellation-reasons', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { paginate: false }, meta: { choices: true } }, { enabled: open });
  if (!record || record.status !== 'Booked' || !canAccess) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.updateStatus('appointments', { id: record.id, status: 'Cancelled', cancel_reason_id: reasons?.find((r) => String(r.id) === reason)?.id });
      notify('resources.appointments.cancel.done', { type: 'success' });
      setOpen(false);
      changed();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="resources.appointments.action.cancel" color="warning" onClick={(e) => { e.stopPropagation(); setOpen(true); }}>
        <EventBusyIcon />
      </Button>
      <AppointmentActionDialog action="cancel" open={open} ready={Boolean(reason) && !busy} onConfirm={() => void confirm()} onClose={() => setOpen(false)}>
        <RadioGroup value={reason} onChange={(e) => setReason(e.target.value)} aria-label={translate('resources.appointments.fields.cancel_reason')}>
          {(reasons ?? []).map((r) => (
            <FormControlLabel key={String(r.id)} value={String(r.id)} control={<Radio />} label={String(r.name)} />
          ))}
        </RadioGroup>
      </AppointmentActionDialog>
    </>
  );
};
