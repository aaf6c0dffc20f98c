/** What the notification calls answer (the bell, mark read, send), read defensively. */
import type { AdminNotification } from '../../contract/api';
import { isRecord } from './http';

/** What the bell holds: newest first, and how many are unread. */
export interface BellData {
  notifications: AdminNotification[];
  count: number;
}

export const AUDIENCES = ['admin', 'doctor', 'patient'] as const;
export type Audience = (typeof AUDIENCES)[number];

export interface SendValues {
  sendTo: Audience;
  title: string;
  body: string;
}

/** Admins are told on the web (the bell), doctors and patients on mobile (their app's inbox); spec 3 section 4. */
export const CHANNEL_OF: Record<Audience, { channel: 'web' | 'mobile'; type: 'admin' | 'user' }> = {
  admin: { channel: 'web', type: 'admin' },
  doctor: { channel: 'mobile', type: 'user' },
  patient: { channel: 'mobile', type: 'user' },
};

/** A sent notification: its ids, its audience's size and how many copies are stored so far (the rest follow). */
export interface SentNotificationResult {
  id: number;
  encrypted_id: string;
  recipients: number;
  delivered: number;
  status: 'sending' | 'sent';
  channel: 'web' | 'mobile';
}

/**
 * A notification whose data names a record as this server does (`{ resource, encrypted_id }`: a
 * patient's feedback, a support request) names it by its id too, the encrypted id its page's route takes.
 */
export function withDataId(notification: AdminNotification): AdminNotification {
  const data = notification.data;
  if (!data || typeof data.encrypted_id !== 'string' || data.id !== undefined) return notification;
  return { ...notification, data: { ...data, id: data.encrypted_id } };
}

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
  return withDataId({
    id: Number(raw.id),
    type: typeof raw.type === 'string' ? raw.type : '',
    body: {
      title: typeof content.title === 'string' ? content.title : '',
      body: typeof content.body === 'string' ? content.body : '',
    },
    data: isRecord(raw.data) ? raw.data : null,
    is_read: Boolean(raw.is_read ?? raw.isRead),
    created_at: typeof raw.created_at === 'string' ? raw.created_at : '',
  });
}

export function readBell(data: unknown): BellData {
  const list = isRecord(data) && Array.isArray(data.notifications) ? data.notifications : [];
  const notifications = list.map(readNotification).filter((item): item is AdminNotification => item !== null);
  const count = isRecord(data) && typeof data.count === 'number' ? data.count : notifications.filter((n) => !n.is_read).length;
  return { notifications, count };
}

export function readSentNotification(data: unknown): SentNotificationResult {
  const record = isRecord(data) ? data : {};
  return {
    id: Number(record.id),
    encrypted_id: typeof record.encrypted_id === 'string' ? record.encrypted_id : '',
    recipients: typeof record.recipients === 'number' ? record.recipients : 0,
    delivered: typeof record.delivered === 'number' ? record.delivered : 0,
    status: record.status === 'sending' ? 'sending' : 'sent',
    channel: record.channel === 'mobile' ? 'mobile' : 'web',
  };
}
