import type { AdminNotification } from '../../../contract/api';
import type { AppContext } from '../context';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { now } from './tokens';

export interface AdminNotice {
  /** what kind of event: 'admin' for a message sent from the console, later 'appointment_request', 'feedback'... */
  type: string;
  title: string;
  body: string;
  /** anything the console needs to act on it (e.g. the record's encrypted id) */
  data?: Record<string, unknown> | null;
  /** only admins holding this permission (super admins always) */
  permission?: string;
  /**
   * The notice is about a record in this district (null: a record with no district): only admins who
   * may read it are told, those of every district and those limited to it. Unset: not about a placed record.
   */
  districtId?: number | null;
  sentNotificationId?: number | null;
}

export const NOTIFICATION_EVENT = 'notification';
const INSERT_BATCH = 500;

type NotificationRow = { id: number; type: string; title: string; body: string; data: string | null; is_read: number; created_at: string };

export function notificationJson(row: NotificationRow): AdminNotification {
  return {
    id: row.id,
    type: row.type,
    body: { title: row.title, body: row.body },
    data: row.data ? (JSON.parse(row.data) as Record<string, unknown>) : null,
    is_read: Boolean(row.is_read),
    created_at: row.created_at,
  };
}

/**
 * Stores a notification for every active admin (or those holding `permission`) in one INSERT ... SELECT,
 * and returns what to push once the transaction has committed. Later modules (appointment requests,
 * feedback, support, task submissions) call this.
 */
export async function notifyAdmins(ctx: AppContext, db: Kysely<Database>, notice: AdminNotice): Promise<{ recipients: number; push: () => Promise<void> }> {
  const createdAt = now();
  const data = notice.data ? JSON.stringify(notice.data) : null;
  let recipients = db
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .where('a.status', '=', 1);
  if (notice.permission) {
    const permission = notice.permission;
    recipients = recipients.where((eb) =>
      eb.or([
        eb('r.is_super', '=', 1),
        eb.exists(eb.selectFrom('role_permissions as p').select('p.role_id').whereRef('p.role_id', '=', 'a.role_id').where('p.permission', '=', permission)),
      ]),
    );
  }
  if (notice.districtId !== undefined) {
    const districtId = notice.districtId;
    recipients = recipients.where((eb) => {
      const limited = eb.selectFrom('admin_districts as d').select('d.admin_id').whereRef('d.admin_id', '=', 'a.id');
      return districtId === null ? eb.not(eb.exists(limited)) : eb.or([eb.not(eb.exists(limited)), eb.exists(limited.where('d.district_id', '=', districtId))]);
    });
  }
  const targets = await recipients.select(['a.id', 'a.pusher_id']).execute();
  const stored: (NotificationRow & { pusher_id: string })[] = [];
  for (let i = 0; i < targets.length; i += INSERT_BATCH) {
    const batch = targets.slice(i, i + INSERT_BATCH);
    const rows = await db
      .insertInto('admin_notifications')
      .values(batch.map((a) => ({
        admin_id: a.id, type: notice.type, title: notice.title, body: notice.body, data,
        is_read: 0, sent_notification_id: notice.sentNotificationId ?? null, created_at: createdAt,
      })))
      .returning(['id', 'admin_id', 'type', 'title', 'body', 'data', 'is_read', 'created_at'])
      .execute();
    const pusherOf = new Map(batch.map((a) => [a.id, a.pusher_id]));
    for (const row of rows as (NotificationRow & { admin_id: number })[]) stored.push({ ...row, pusher_id: pusherOf.get(row.admin_id)! });
  }
  return {
    recipients: stored.length,
    push: async () => {
      for (const { pusher_id, ...row } of stored) {
        await ctx.realtime.publish(ctx.realtime.channelForAdmin(pusher_id), NOTIFICATION_EVENT, notificationJson(row));
      }
    },
  };
}
