import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';

export interface ConfirmButtonProps {
  label: string;
  /** The question of the dialog (an i18n key). */
  question: string;
  onConfirm: () => Promise<unknown>;
  icon?: ReactElement;
  color?: 'primary' | 'error' | 'warning' | 'success' | 'inherit';
}

/** A button that asks for confirmation before acting (block, unblock). */
export const ConfirmButton = ({ label, question, onConfirm, icon, color = 'primary' }: ConfirmButtonProps) => {
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
      <Confirm
        isOpen={open}
        loading={pending}
        title="app.message.confirm_title"
        content={question}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
