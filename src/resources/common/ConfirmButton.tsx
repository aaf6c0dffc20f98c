import { useId, useState, type ReactElement, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import { Button, useGetRecordRepresentation, useResourceContext, useTranslate, type RaRecord } from 'react-admin';

/**
 * What a confirmation calls the record: its representation (a name, a title), else "this record"
 * (rather than react-admin's last resort, the record's id after a #).
 */
export const useRecordName = (record: RaRecord | undefined): string => {
  const resource = useResourceContext();
  const represent = useGetRecordRepresentation(resource);
  const translate = useTranslate();
  const name = record ? represent(record) : null;
  return typeof name === 'string' && name.trim() !== '' && !name.startsWith('#') ? name : translate('app.confirm.this_record');
};

export interface ConfirmDialogProps {
  open: boolean;
  loading?: boolean;
  /** the question, naming what happens to what: "Delete Amina Khan?" (translated) */
  title: string;
  /** the spec's sentence, or what follows from it (translated) */
  content?: ReactNode;
  /** i18n key of the button that changes nothing: "Keep it" */
  keep?: string;
  /** i18n key of the action's own word: "Delete", "Block" (never a bare "Confirm") */
  confirm: string;
  /** deleting, blocking: filled in the error colour, so it never looks like the button beside it */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Every confirmation of the console: the title asks what will happen, the buttons say what each does
 * ("Keep it" / "Delete"), the harmless one is a plain text button and has the focus, the action is
 * filled (red when it destroys or locks out), so the two never look alike.
 */
export const ConfirmDialog = ({ open, loading = false, title, content, keep = 'app.confirm.keep', confirm, destructive = false, onConfirm, onClose }: ConfirmDialogProps) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} aria-labelledby={`${id}-title`} onClick={(e) => e.stopPropagation()}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {content ? (
        <DialogContent>
          <DialogContentText>{content}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <MuiButton onClick={onClose} disabled={loading} autoFocus>
          {translate(keep)}
        </MuiButton>
        <MuiButton variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} disabled={loading}>
          {translate(confirm)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};

export interface ConfirmButtonProps {
  label: string;
  /** The dialog's title, translated: "Block Amina Khan?" */
  title: string;
  /** The spec's question (an i18n key). */
  question: string;
  onConfirm: () => Promise<unknown>;
  icon?: ReactElement;
  color?: 'primary' | 'error' | 'warning' | 'success' | 'inherit';
  destructive?: boolean;
}

/** A button that asks for confirmation before acting (block, unblock); the dialog's action is the button's own word. */
export const ConfirmButton = ({ label, title, question, onConfirm, icon, color = 'primary', destructive = false }: ConfirmButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        label={label}
        color={color}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {icon}
      </Button>
      <ConfirmDialog
        open={open}
        loading={pending}
        title={title}
        content={translate(question)}
        confirm={label}
        destructive={destructive}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
