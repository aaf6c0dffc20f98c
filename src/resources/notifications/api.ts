/** The notification calls that are not react-admin CRUD: the bell's list, mark-read and send. */
import { ApiError, apiFetch, isRecord } from '../../providers/http';
import type { AdminNotification } from '../../providers/realtime';

/** What the bell holds: newest first, and how many are unread. */
export interface BellData {
  notifications: AdminNotification[];
  count: number;
}

export const BELL_QUERY_KEY = ['notifications', 'bell'] as const;
/** The server sends the newest 50; a pushed one on top keeps the list at that size. */
export const BELL_SIZE = 50;

/** A 4xx answer will not change by asking again; anything else is retried twice. */
export const retryUnlessClientError = (failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;

export const AUDIENCES = ['admin', 'doctor', 'patient'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Who can be notified today; doctors and patients come with their modules. */
export const AVAILABLE_AUDIENCES: readonly Audience[] = ['admin'];

/** The older server sent the body as JSON text and isRead beside is_read (spec 1 section 3). */
export function readNotification(raw: unknown): AdminNotification | null {
  if (!isRecord(raw) || (typeof raw.id !== 'number' && typeof raw.id !== 'string')) return null;
  let body: unknown = raw.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      body = { title: '', body };
    }
  }
  const content = isRecord(body) ? body : {};
  return {
    id: Number(raw.id),
    type: typeof raw.type === 'string' ? raw.type : '',
    body: {
      title: typeof content.title === 'string' ? content.title : '',
      body: typeof content.body === 'string' ? content.body : '',
    },
    data: isRecord(raw.data) ? raw.data : null,
    is_read: Boolean(raw.is_read ?? raw.isRead),
    created_at: typeof raw.created_at === 'string' ? raw.created_at : '',
  };
}

export async function fetchBell(pusherId: string, signal?: AbortSignal): Promise<BellData> {
  const { data } = await apiFetch<unknown>(`notifications/web/admin/${encodeURIComponent(pusherId)}`, { signal });
  const list = isRecord(data) && Array.isArray(data.notifications) ? data.notifications : [];
  const notifications = list.map(readNotification).filter((item): item is AdminNotification => item !== null);
  const count = isRecord(data) && typeof data.count === 'number' ? data.count : notifications.filter((n) => !n.is_read).length;
  return { notifications, count };
}

/** Marks all of one's notifications read (no ids), or only the given ones. */
export async function markRead(ids?: number[]): Promise<void> {
  await apiFetch('notifications/mark-read', { method: 'POST', body: ids ? { ids } : {} });
}

/** A pushed notification goes on top (once) and, unread, raises the count by one. */
export function withPushed(current: BellData | undefined, pushed: AdminNotification): BellData {
  const previous = current ?? { notifications: [], count: 0 };
  if (previous.notifications.some((item) => item.id === pushed.id)) return previous;
  return {
    notifications: [pushed, ...previous.notifications].slice(0, BELL_SIZE),
    count: previous.count + (pushed.is_read ? 0 : 1),
  };
}

export interface SendValues {
  sendTo: Audience;
  title: string;
  body: string;
}

export interface SendResult {
  id: number;
  encrypted_id: string;
  recipients: number;
  message: string | undefined;
}

export async function sendNotification(values: SendValues): Promise<SendResult> {
  const { data, message } = await apiFetch<unknown>('notifications/send', {
    method: 'POST',
    body: { sendTo: values.sendTo, title: values.title, body: values.body },
  });
  const record = isRecord(data) ? data : {};
  return {
    id: Number(record.id),
    encrypted_id: typeof record.encrypted_id === 'string' ? record.encrypted_id : '',
    recipients: typeof record.recipients === 'number' ? record.recipients : 0,
    message,
  };
}
