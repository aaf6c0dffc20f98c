import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTheme } from '@mui/material/styles';
import { Link } from 'react-router';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { retryUnlessClientError, type AppDataProvider } from '../providers/dataProvider';
import { subscribeNotifications, subscribeReconnect, type AdminNotification } from '../providers/realtime';
import { useConsoleIdentity } from '../providers/kit/identity';
import { POLL_MS, useRealtimeLive } from '../providers/useResourceChanges';
import { BELL_QUERY_KEY, withPushed, type BellData } from '../pages/notifications/api';
import { formatDateTime, formatWhen } from '../i18n/dates';

/**
 * The console page a notification is about, when its data names a record (`{ resource, id }`: a
 * patient's feedback, a support request): that record's page. Only a plain resource name and id.
 */
export const linkOf = (notification: AdminNotification): string | null => {
  const { resource, id } = notification.data ?? {};
  const plainId = (typeof id === 'string' && /^[A-Za-z0-9_-]+$/.test(id)) || (typeof id === 'number' && Number.isInteger(id));
  return typeof resource === 'string' && /^[a-z-]+$/.test(resource) && plainId ? `/${resource}/${String(id)}/show` : null;
};

const NotificationItem = ({ notification, locale, onOpen }: { notification: AdminNotification; locale: string; onOpen: () => void }) => {
  const to = linkOf(notification);
  const sx = { bgcolor: notification.is_read ? undefined : 'action.hover', borderBlockEnd: 1, borderColor: 'divider' };
  return to ? (
    <ListItem disablePadding sx={sx}>
      <ListItemButton component={Link} to={to} onClick={onOpen} alignItems="flex-start">
        <NotificationText notification={notification} locale={locale} />
      </ListItemButton>
    </ListItem>
  ) : (
    <ListItem alignItems="flex-start" sx={sx}>
      <NotificationText notification={notification} locale={locale} />
    </ListItem>
  );
};

const NotificationText = ({ notification, locale }: { notification: AdminNotification; locale: string }) => (
  <ListItemText
    primary={notification.body.title}
    slotProps={{ primary: { fontWeight: 'bold' } }}
    secondary={
      <>
        {notification.body.body ? (
          <Typography component="span" variant="body2" color="text.primary" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
            {notification.body.body}
          </Typography>
        ) : null}
        {notification.created_at ? (
          <Typography
            component="time"
            variant="caption"
            color="text.secondary"
            dateTime={notification.created_at}
            title={formatDateTime(notification.created_at, locale)}
          >
            {formatWhen(notification.created_at, locale)}
          </Typography>
        ) : null}
      </>
    }
  />
);

/**
 * The header's bell (spec 1 sections 2.4 and 4): the unread count on a badge, the newest notifications
 * in a popover, 'Mark all as read', and pushed notifications added on top as they arrive.
 */
export const NotificationBell = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  // react-admin's data provider, which signs out on an expired session.
  const dataProvider = useDataProvider<AppDataProvider>();
  // the admin's own channel, as the auth provider names it
  const pusherId = useConsoleIdentity()?.pusherId;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The popover opens towards the page, away from the end of the app bar, in either direction.
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  const popoverId = useId();

  // while pushed notifications do not arrive (the real-time service away), the bell asks every 30 s
  const live = useRealtimeLive();
  const { data } = useQuery<BellData>({
    queryKey: BELL_QUERY_KEY,
    queryFn: async ({ signal }) => (await dataProvider.getNotifications({ signal })).data,
    retry: retryUnlessClientError,
    refetchInterval: live ? false : POLL_MS,
  });

  useEffect(() => {
    const unsubscribe = subscribeNotifications(dataProvider, pusherId, (pushed) => {
      queryClient.setQueryData<BellData>(BELL_QUERY_KEY, (current) => withPushed(current, pushed));
    });
    // Whatever was pushed while the socket was away was missed: fetch again.
    const unsubscribeReconnect = subscribeReconnect(() => {
      void queryClient.invalidateQueries({ queryKey: BELL_QUERY_KEY });
    });
    return () => {
      unsubscribe();
      unsubscribeReconnect();
    };
  }, [queryClient, pusherId, dataProvider]);

  const markAll = useMutation({
    mutationFn: () => dataProvider.markNotificationsRead(),
    onSuccess: () => {
      queryClient.setQueryData<BellData>(BELL_QUERY_KEY, (current) =>
        current ? { count: 0, notifications: current.notifications.map((item) => ({ ...item, is_read: true })) } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BELL_QUERY_KEY }),
  });

  const count = data?.count ?? 0;
  const notifications = data?.notifications ?? [];
  // no count is claimed before the server has told it ("0 unread" while loading was read as a count)
  const label = data ? translate('app.notifications.bell_label', { count }) : translate('app.notifications.title');
  const open = anchor !== null;

  return (
    <>
      <Tooltip title={translate('app.notifications.title')}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="true"
          aria-controls={open ? popoverId : undefined}
          aria-expanded={open}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="secondary" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: end }}
        transformOrigin={{ vertical: 'top', horizontal: end }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 'bold' }}>
            {translate('app.notifications.title')}
          </Typography>
          <Button
            size="small"
            onClick={() => markAll.mutate()}
            disabled={count === 0 || markAll.isPending}
          >
            {translate('app.notifications.mark_all_read')}
          </Button>
        </Box>
        <Divider />
        {notifications.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {translate('app.notifications.empty')}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} aria-label={translate('app.notifications.title')}>
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} locale={locale} onOpen={() => setAnchor(null)} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
};
