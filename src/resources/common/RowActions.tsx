import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, EditButton, useCanAccess, useDeleteController, useRecordContext, useResourceContext, useTranslate, type RedirectionSideEffect } from 'react-admin';
import { ConfirmDialog, useRecordName } from './ConfirmButton';

/**
 * Delete asks first (spec 1 section 5: 'Are you sure you want to delete?') under a title naming the
 * record, with "Keep it" beside a red "Delete", and says 'Successfully deleted.'.
 */
export const ConfirmDeleteButton = ({ redirect = false }: { redirect?: RedirectionSideEffect }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const name = useRecordName(record);
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    mutationMode: 'pessimistic',
    successMessage: 'app.notification.deleted',
    redirect,
    mutationOptions: { onSettled: () => setOpen(false) },
  });
  if (!record || !canAccess) return null;
  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        loading={isPending}
        title={translate('app.confirm.delete_title', { name })}
        content={translate('app.message.confirm_delete')}
        confirm="ra.action.delete"
        destructive
        onConfirm={() => handleDelete()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

export const RowActions = ({ children }: { children?: ReactNode }) => (
  <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5 }}>
    <EditButton />
    <ConfirmDeleteButton />
    {children}
  </Box>
);
