import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { forbidden, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, paginator } from '../http/paging';
import { listPath } from '../http/crud';
import { first } from '../http/list';
import { likeMatches } from '../db/search';
import { audit } from '../services/audit';
import { notificationJson, notifyAdmins } from '../services/notify';
import { now } from '../services/tokens';

/** how many of an admin's notifications the bell receives */
const BELL_SIZE = 50;
export const AUDIENCES = ['admin', 'doctor', 'patient'] as const;

const SendBody = Type.Object(
  {
    sendTo: Fields.enumOf(AUDIENCES, 'Please choose who receives the notification.'),
    title: Fields.text('Please provide a title.', 150),
    body: Fields.text('Please provide a message.', 2000),
    channel: Type.Optional(Fields.enumOf(['web'] as const, 'Only the web channel is available.')),
  },
  { additionalProperties: false },
);
const MarkReadBody = Type.Object(
  { ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500, 'x-message': 'Please send a list of notification ids.' })) },
  { additionalProperties: false },
);

const tags = ['notifications'];

export function registerNotificationRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db } = ctx;

  // the bell: one's own notifications, newest first, and how many are unread
  app.get('/api/admin/notifications/web/admin/:pusher_id', { config: { access: {} }, schema: { tags, params: Type.Object({ pusher_id: Type.String() }) } }, async (request) => {
    const admin = requireAdmin(request);
    if ((request.params as { pusher_id: string }).pusher_id !== admin.pusherId) throw forbidden();
    const [rows, unread] = await Promise.all([
      db.selectFrom('admin_notifications').select(['id', 'type', 'title', 'body', 'data', 'is_read', 'created_at'])
        .where('admin_id', '=', admin.id).orderBy('id', 'desc').limit(BELL_SIZE).execute(),
      db.selectFrom('admin_notifications').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('admin_id', '=', admin.id).where('is_read', '=', 0).executeTakeFirst(),
    ]);
    return ok({ notifications: rows.map(notificationJson), count: Number(unread?.n ?? 0) });
  });

  // mark read: the given ids, or all of one's own
  app.post('/api/admin/notifications/mark-read', { config: { access: {} }, schema: { tags, body: MarkReadBody } }, async (request) => {
    const admin = requireAdmin(request);
    const { ids } = (request.body ?? {}) as { ids?: number[] };
    let q = db.updateTable('admin_notifications').set({ is_read: 1 }).where('admin_id', '=', admin.id).where('is_read', '=', 0);
    if (ids?.length) q = q.where('id', 'in', ids);
    const result = await q.executeTakeFirst();
    return ok({ marked: Number(result.numUpdatedRows), count: 0 }, 'Marked as read.');
  });

  // the notifications screen: what was sent, newest first, with search and paging
  app.get('/api/admin/notifications', { config: { access: { permission: 'view_notification' } }, schema: { tags } }, async (request) => {
    // a key given twice arrives as a list: each parameter is its first value (as in every list)
    const q = request.query as Record<string, unknown>;
    const page = Math.min(1_000_000, Math.max(1, Number.parseInt(first(q.page) ?? '1', 10) || 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(first(q.per_page) ?? '', 10) || DEFAULT_PER_PAGE));
    const search = (first(q.search) ?? '').trim();
    let base = db.selectFrom('sent_notifications as s').leftJoin('admins as a', 'a.id', 's.sent_by');
    if (search) base = base.where(likeMatches(ctx.dialect, ['s.title', 's.body'], search));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['s.id', 's.send_to', 's.channel', 's.title', 's.body', 's.recipients', 's.created_at', 'a.f_name as sent_by_name'])
        .orderBy('s.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    const data = rows.map((r) => ({ ...r, encrypted_id: ctx.ids.encode('notifications', r.id) }));
    return ok(paginator({ rows: data, total: Number(count?.n ?? 0), page, perPage, path: listPath(ctx, request), query: new URLSearchParams(request.url.split('?')[1] ?? '') }));
  });

  // send: stored for every admin of the audience and pushed to each one's private channel
  app.post('/api/admin/notifications/send', { config: { access: { permission: 'create_notification' } }, schema: { tags, body: SendBody } }, async (request) => {
    const admin = requireAdmin(request);
    const body = request.body as { sendTo: string; title: string; body: string; channel?: string };
    if (body.sendTo !== 'admin') {
      throw ValidationError.field('sendTo', 'Doctors and patients can be notified once their modules are in place.');
    }
    const { sent, push } = await db.transaction().execute(async (trx) => {
      const stamp = now();
      const row = await trx.insertInto('sent_notifications').values({
        send_to: body.sendTo, channel: body.channel ?? 'web', title: body.title.trim(), body: body.body.trim(),
        sent_by: admin.id, created_at: stamp, updated_at: stamp,
      }).returning('id').executeTakeFirstOrThrow();
      const fanOut = await notifyAdmins(ctx, trx, { type: 'admin', title: body.title.trim(), body: body.body.trim(), sentNotificationId: row.id });
      await trx.updateTable('sent_notifications').set({ recipients: fanOut.recipients }).where('id', '=', row.id).execute();
      await audit(trx, { actorId: admin.id, action: 'send', resource: 'notifications', recordId: row.id, changes: { sendTo: body.sendTo, title: body.title, recipients: fanOut.recipients }, ip: request.ip, requestId: request.id });
      return { sent: { id: row.id, recipients: fanOut.recipients }, push: fanOut.push };
    });
    await push();
    return ok({ ...sent, encrypted_id: ctx.ids.encode('notifications', sent.id) }, `Sent to ${sent.recipients} admin${sent.recipients === 1 ? '' : 's'}.`);
  });
}
