import { useMemo } from 'react';
import { Link } from 'react-router';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
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
import { BackLink, NoData } from '../../resources/common/ResourceList';
import { LabelledActions, PhoneRows } from '../../resources/common/PhoneRows';
import { canAccessNotifications } from './access';
import { formatDateTime } from '../../i18n/dates';

/** One row of GET /notifications: a notification as it was sent. */
export interface SentNotification extends RaRecord {
  send_to: string;
  channel: string;
  title: string;
  body: string;
  recipients: number | null;
  /** copies stored so far; the fan-out runs after the send answered */
  delivered: number | null;
  status: 'sending' | 'sent';
  created_at: string;
  sent_by_name: string | null;
}

const ListActions = () => {
  const { permissions } = usePermissions<string[]>();
  const canSend = canAccessNotifications(Array.isArray(permissions) ? permissions : [], 'create');
  return (
    <TopToolbar>
      {/* its word at every width (react-admin's button is a bare icon on a phone) */}
      <LabelledActions>
        {canSend ? (
          <Button component={Link} to="/notifications/send" label="resources.notifications.action.create" variant="contained">
            <SendIcon />
          </Button>
        ) : null}
      </LabelledActions>
    </TopToolbar>
  );
};

const Audience = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.notifications.audience.${value}`, { _: value })}</>;
};

/** "Delivered to n of m", with a bar while the copies are still being stored. */
const Delivery = ({ record }: { record: SentNotification }) => {
  const translate = useTranslate();
  const recipients = record.recipients ?? 0;
  const delivered = record.delivered ?? 0;
  const sending = record.status === 'sending';
  const text = translate(`resources.notifications.status.${sending ? 'sending' : 'sent'}`, { delivered, recipients });
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2">{text}</Typography>
      {sending ? (
        <LinearProgress
          variant="determinate"
          value={recipients ? Math.min(100, (delivered / recipients) * 100) : 0}
          aria-label={text}
          sx={{ mt: 0.5 }}
        />
      ) : null}
    </Box>
  );
};

/** While a send is still going out, the list asks again every two seconds. */
const POLL_MS = 2000;
const pollWhileSending = (query: { state: { data?: unknown } }) => {
  const data = query.state.data as { data?: SentNotification[] } | undefined;
  return data?.data?.some((row) => row.status === 'sending') ? POLL_MS : false;
};

const SentAt = ({ value }: { value: string }) => {
  const [locale] = useLocaleState();
  return <>{formatDateTime(value, locale)}</>;
};

/** /notifications: what was sent, newest first (the server's order), with search and paging. */
export const NotificationList = () => {
  const translate = useTranslate();
  // a table's six columns do not fit a phone: a line per notification there, as every list has
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const filters = useMemo(
    () => [<SearchInput key="q" source="q" alwaysOn placeholder={translate('app.message.search')} />],
    [translate],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <BackLink />
      {/* The route guard has checked the permission; the shared canAccess does not know this resource. */}
      <List
        resource="notifications"
        disableAuthentication
        title="resources.notifications.page.list"
        filters={filters}
        actions={<ListActions />}
        exporter={false}
        empty={false}
        perPage={25}
        queryOptions={{ refetchInterval: pollWhileSending }}
      >
        {phone ? (
          <PhoneRows
            primary={(record) => <span dir="auto">{String(record.title ?? '')}</span>}
            secondary={(record) => (
              <>
                <Box dir="auto" sx={{ whiteSpace: 'pre-line' }}>
                  {String(record.body ?? '')}
                </Box>
                <Box>
                  <Audience value={String(record.send_to)} /> · <SentAt value={String(record.created_at)} />
                </Box>
                <Delivery record={record as SentNotification} />
              </>
            )}
            empty={<NoData />}
          />
        ) : (
          <DataTable<SentNotification> bulkActionButtons={false} rowClick={false} empty={<NoData />}>
            <DataTable.Col source="title" disableSort />
            <DataTable.Col source="body" disableSort cellSx={() => ({ whiteSpace: 'pre-line', maxWidth: 480 })} />
            <DataTable.Col source="send_to" disableSort render={(record) => <Audience value={record.send_to} />} />
            <DataTable.Col source="delivered" disableSort render={(record) => <Delivery record={record as SentNotification} />} />
            <DataTable.Col source="sent_by_name" disableSort />
            <DataTable.Col source="created_at" disableSort render={(record) => <SentAt value={record.created_at} />} />
          </DataTable>
        )}
      </List>
    </Box>
  );
};
