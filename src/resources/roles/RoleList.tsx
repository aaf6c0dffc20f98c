import Box from '@mui/material/Box';
import { DataTable, EditButton, useRecordContext } from 'react-admin';
import { ConfirmDeleteButton } from '../common/RowActions';
import { ResourceList } from '../common/ResourceList';

const permissionCount = (record: { permissions?: unknown }): number =>
  Array.isArray(record.permissions) ? record.permissions.length : 0;

/** The super admin role cannot be deleted, so it gets no delete button. */
const RoleRowActions = () => {
  const record = useRecordContext();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      <EditButton />
      {record?.is_super ? null : <ConfirmDeleteButton />}
    </Box>
  );
};

export const RoleList = () => (
  <ResourceList sort={{ field: 'name', order: 'ASC' }} rowActions={<RoleRowActions />}>
    <DataTable.Col source="name" />
    <DataTable.Col label="resources.roles.fields.permissions_count" disableSort render={permissionCount} />
  </ResourceList>
);
