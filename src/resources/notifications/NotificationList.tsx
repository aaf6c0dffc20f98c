import { useMemo } from 'react';
import { Link } from 'react-router';
import SendIcon from '@mui/icons-material/Send';
import {
  Button,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useLocaleState,
  usePermissions,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { NoData } from '../common/ResourceList';
import { canAccessNotifications } from './access';
import { formatDateTime } from './dates';

/** One row of GET /notifications: a notification as it was sent. */
export interface SentNotification extends RaRecord {
  encrypted_id: string;
  send_to: string;
  channel: string;
  title: string;
  body: string;
  recipients: number | null;
  created_at: string;
  sent_by_name: string | null;
}

const ListActions = () => {
  const { permissions } = usePermissions<string[]>();
  const canSend = canAccessNotifications(Array.isArray(permissions) ? permissions : [], 'create');
  return (
    <TopToolbar>
      {canSend ? (
        <Button component={Link} to="/notifications/send" label="resources.notifications.action.create" variant="contained">
          <SendIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
};

const Audience = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.notifications.audience.${value}`, { _: value })}</>;
};

const SentAt = ({ value }: { value: string }) => {
  const [locale] = useLocaleState();
  return <>{formatDateTime(value, locale)}</>;
};

/** /notifications: what was sent, newest first (the server's order), with search and paging. */
export const NotificationList = () => {
  const translate = useTranslate();
  const filters = useMemo(
    () => [<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.message.search')} />],
    [translate],
  );
  return (
    // The route guard has checked the permission; the shared canAccess does not know this resource.
    <List
      resource="notifications"
      disableAuthentication
      title="resources.notifications.page.list"
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={false}
      perPage={25}
    >
      <DataTable<SentNotification> bulkActionButtons={false} rowClick={false} empty={<NoData />}>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="body" disableSort cellSx={() => ({ whiteSpace: 'pre-line', maxWidth: 480 })} />
        <DataTable.Col source="send_to" disableSort render={(record) => <Audience value={record.send_to} />} />
        <DataTable.NumberCol source="recipients" disableSort />
        <DataTable.Col source="sent_by_name" disableSort />
        <DataTable.Col source="created_at" disableSort render={(record) => <SentAt value={record.created_at} />} />
      </DataTable>
    </List>
  );
};
