import type { ReactNode } from 'react';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/** What the console does to an appointment through a dialog: book one, move it, cancel it, mark it done. */
export type AppointmentAction = 'book' | 'reschedule' | 'cancel' | 'complete';

interface ActionLook {
  /** the dialog's title, the button that changes nothing and the action's own word (i18n keys) */
  title: string;
  keep: string;
  confirm: string;
  /** the action's colour: a cancellation in the error colour, a completion in the success one */
  color: 'primary' | 'error' | 'success';
  /** the id its title gives the dialog's aria-labelledby */
  titleId: string;
  /** a form (choices of a patient, a doctor, a slot): the full screen on a phone, its fields in a column */
  form: boolean;
}

const ACTIONS: Record<AppointmentAction, ActionLook> = {
  book: { title: 'resources.appointments.book.title', keep: 'resources.appointments.book.keep', confirm: 'resources.appointments.book.confirm', color: 'primary', titleId: 'book-appointment-title', form: true },
  reschedule: { title: 'resources.appointments.reschedule.title', keep: 'resources.appointments.reschedule.keep', confirm: 'resources.appointments.reschedule.confirm', color: 'primary', titleId: 'reschedule-title', form: true },
  cancel: { title: 'resources.appointments.cancel_title', keep: 'resources.appointments.cancel.keep', confirm: 'resources.appointments.cancel.confirm', color: 'error', titleId: 'cancel-appointment-title', form: false },
  complete: { title: 'resources.appointments.complete.title', keep: 'resources.appointments.complete.keep', confirm: 'resources.appointments.complete.confirm', color: 'success', titleId: 'complete-appointment-title', form: false },
};

export interface AppointmentActionDialogProps {
  action: AppointmentAction;
  /** shown (a dialog kept mounted between openings passes its state; one mounted on demand leaves it) */
  open?: boolean;
  /** the action can be confirmed: what it needs is chosen and nothing is on its way */
  ready: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** what the person reads or chooses before confirming */
  children: ReactNode;
}

/**
 * The one confirmation of every appointment action: its title, its content, a plain button that keeps
 * things as they are and the action's own word, filled in the action's colour and enabled when `ready`.
 * Clicks inside never reach the row behind it (a list row opens the record). The buttons keep their
 * words on a phone (react-admin's Button would show an icon only).
 */
export const AppointmentActionDialog = ({ action, open = true, ready, onConfirm, onClose, children }: AppointmentActionDialogProps) => {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const look = ACTIONS[action];
  const size = look.form ? { fullScreen: phone, fullWidth: true, maxWidth: 'sm' as const } : {};
  return (
    <Dialog open={open} onClose={onClose} {...size} aria-labelledby={look.titleId} onClick={(e) => e.stopPropagation()}>
      <DialogTitle id={look.titleId}>{translate(look.title)}</DialogTitle>
      <DialogContent sx={look.form ? { display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' } : undefined}>{children}</DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate(look.keep)}</MuiButton>
        <MuiButton variant="contained" color={look.color} disabled={!ready} onClick={onConfirm}>
          {translate(look.confirm)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};
