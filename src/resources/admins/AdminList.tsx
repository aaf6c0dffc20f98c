import { Link } from 'react-router';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Button, DataTable, useCanAccess, useRecordContext, type RaRecord } from 'react-admin';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';
import { StatusToggleButton } from '../common/StatusToggleButton';

const fullName = (record: RaRecord): string => [record.f_name, record.l_name].filter(Boolean).join(' ');

const ChangePasswordButton = () => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'admins', action: 'edit', record });
  if (!record || !canAccess) return null;
  return (
    <Button
      component={Link}
      to={`/admins/changePassword/${encodeURIComponent(String(record.id))}`}
      label="app.action.change_password"
    >
      <LockResetIcon />
    </Button>
  );
};

export const AdminList = () => (
  <ResourceList
    bulkStatus
    rowActions={
      <RowActions>
        <StatusToggleButton />
        <ChangePasswordButton />
      </RowActions>
    }
  >
    <DataTable.Col source="f_name" label="resources.admins.fields.name" render={fullName} />
    <DataTable.Col source="email" />
    <DataTable.Col source="role" disableSort />
    <DataTable.Col source="phone" label="resources.admins.fields.mobile" />
    <DataTable.Col source="status" label="resources.admins.fields.status">
      <StatusChip />
    </DataTable.Col>
  </ResourceList>
);
