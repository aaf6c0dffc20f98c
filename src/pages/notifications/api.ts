/** What the notification screens and the bell need besides the data provider's calls. */
import type { AdminNotification } from '../../providers/realtime';
import type { BellData } from '../../providers/notifications';

export { AUDIENCES, type Audience, type BellData, type SendValues } from '../../providers/notifications';

export const BELL_QUERY_KEY = ['notifications', 'bell'] as const;
/** The server sends the newest 50; a pushed one on top keeps the list at that size. */
export const BELL_SIZE = 50;

/** A pushed notification goes on top (once) and, unread, raises the count by one. */
export function withPushed(current: BellData | undefined, pushed: AdminNotification): BellData {
  const notifications = current?.notifications ?? [];
  if (notifications.some((item) => item.id === pushed.id)) return current ?? { notifications, count: 0 };
  return {
    notifications: [pushed, ...notifications].slice(0, BELL_SIZE),
    count: (current?.count ?? 0) + (pushed.is_read ? 0 : 1),
  };
}
