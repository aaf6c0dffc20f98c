import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DeleteButton, EditButton } from 'react-admin';

/** Delete asks first (spec 1 section 5) and says 'Successfully deleted.'. */
export const ConfirmDeleteButton = () => (
  <DeleteButton
    mutationMode="pessimistic"
    confirmTitle="app.message.confirm_title"
    confirmContent="app.message.confirm_delete"
    successMessage="app.notification.deleted"
    redirect={false}
  />
);

export const RowActions = ({ children }: { children?: ReactNode }) => (
  <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5 }}>
    <EditButton />
    <ConfirmDeleteButton />
    {children}
  </Box>
);
