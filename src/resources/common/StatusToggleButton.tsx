import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { USER_STATUS } from '../../../contract/enums';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ConfirmButton, useRecordName } from './ConfirmButton';

const errorText = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'ra.notification.http_error');

/** Block sets status 2, Unblock sets 1, each after a confirmation (spec 1 sections 4 and 5), for any account. */
export const StatusToggleButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource, action: 'status', record });
  const name = useRecordName(record);
  const translate = useTranslate();
  if (!record || !canAccess) return null;
  const blocked = record.status === USER_STATUS.blocked;
  const toggle = async () => {
    try {
      await dataProvider.updateStatus(resource, { id: record.id, status: blocked ? USER_STATUS.active : USER_STATUS.blocked });
      notify('app.notification.updated', { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <ConfirmButton
      label={blocked ? 'app.action.unblock' : 'app.action.block'}
      title={translate(blocked ? 'app.confirm.unblock_title' : 'app.confirm.block_title', { name })}
      question={blocked ? 'app.message.confirm_unblock' : 'app.message.confirm_block'}
      destructive={!blocked}
      icon={blocked ? <LockOpenIcon /> : <BlockIcon />}
      color={blocked ? 'success' : 'warning'}
      onConfirm={toggle}
    />
  );
};
