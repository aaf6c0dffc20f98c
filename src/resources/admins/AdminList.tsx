import { Link } from 'react-router';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import {
  Button,
  DataTable,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { USER_STATUS } from '../../../contract/enums';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ConfirmButton } from '../common/ConfirmButton';
import { ResourceList } from '../common/ResourceList';
import { RowActions } from '../common/RowActions';
import { StatusChip } from '../common/StatusChip';

const fullName = (record: RaRecord): string => [record.f_name, record.l_name].filter(Boolean).join(' ');

const errorText = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'ra.notification.http_error');

/** Block sets status 2, Unblock sets 1, each after a confirmation (spec 1 sections 4 and 5). */
const BlockToggleButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'admins', action: 'status', record });
  if (!record || !canAccess) return null;
  const blocked = record.status === USER_STATUS.blocked;
  const toggle = async () => {
    try {
      await dataProvider.updateStatus('admins', {
        id: record.id,
        status: blocked ? USER_STATUS.active : USER_STATUS.blocked,
      });
      notify('app.notification.updated', { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <ConfirmButton
      label={blocked ? 'app.action.unblock' : 'app.action.block'}
      question={blocked ? 'app.message.confirm_unblock' : 'app.message.confirm_block'}
      icon={blocked ? <LockOpenIcon /> : <BlockIcon />}
      color={blocked ? 'success' : 'warning'}
      onConfirm={toggle}
    />
  );
};

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
    rowActions={
      <RowActions>
        <BlockToggleButton />
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
