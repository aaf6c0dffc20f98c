import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { answers, oneOfTypes, paginatorOf, rowSchema } from '../http/responses';
import { forbidden, ValidationError } from '../http/errors';
import { Fields, idList, MAX_ID } from '../http/fields';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, paginator } from '../http/paging';
import { listPath } from '../http/crud';
import { first } from '../http/list';
import { likeMatches } from '../db/search';
import { audit } from '../services/audit';
import { AUDIENCES, type Audience, CHANNEL_OF, NotificationFanOut, readableSends, TYPE_OF } from '../services/fanOut';
import { notificationJson } from '../services/notify';
import { now } from '../services/tokens';
import { fieldRoute } from './field/shared';
import { FIELD_KINDS } from '../http/fieldAuth';

declare module 'fastify' {
  interface FastifyInstance {
    /** stores sent notifications' copies in the background (services/fanOut.ts) */
    fanOut: NotificationFanOut;
  }
}

/** how many of an admin's notifications the bell receives */
const BELL_SIZE = 50;

const SendBody = Type.Object(
  {
    sendTo: Fields.enumOf(AUDIENCES, 'Please choose who receives the notification.'),
    title: Fields.text('Please provide a title.', 150),
    body: Fields.text('Please provide a message.', 2000),
    // spec 3: admin means web and type admin; doctor or patient means mobile and type user (set from sendTo when absent)
    channel: Type.Optional(Fields.enumOf(['web', 'mobile'] as const, 'Please choose the web or mobile channel.')),
    type: Type.Optional(Fields.enumOf(['admin', 'user'] as const, 'Please choose the admin or user type.')),
  },
  { additionalProperties: false },
);
const MarkReadBody = Type.Object(
  { ids: Type.Optional(idList(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 500, 'x-message': 'Please send a list of notification ids.' })) },
  { additionalProperties: false },
);
/** POST /notifications (spec 1 section 7): the console sends the notifications it has shown; they are marked read */
const ShownBody = Type.Object(
  {
    notifications: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }), { maxItems: 500, 'x-message': 'Please send the list of notifications.' }),
  },
  { additionalProperties: false },
);
/** GET /notifications/audience: the send's audience fields (channel and type optional, checked as the send checks them) */
const AudienceQuery = Type.Object({
  sendTo: SendBody.properties.sendTo,
  channel: SendBody.properties.channel,
  type: SendBody.properties.type,
});
const ListQuery = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 12 })),
  per_page: Type.Optional(Type.String({ maxLength: 12 })),
  unread: Type.Optional(Type.String({ maxLength: 5, description: '1 or true: only the unread ones' })),
});

const tags = ['notifications'];

/** A notification as the bell and the apps' inbox list it (services/notify.ts notificationJson). */
const NOTIFICATION = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  body: Type.Object({ title: Type.String(), body: Type.String() }),
  data: Type.Unsafe({ type: ['object', 'null'], additionalProperties: true, description: 'what it is about: { resource, encrypted_id } for a record' }),
  is_read: Type.Boolean(),
  created_at: Type.String(),
});

/** A sent notification as the send answers it. */
const SENT = {
  type: 'object',
  required: ['id', 'encrypted_id', 'recipients', 'delivered', 'status', 'channel'],
  properties: {
    id: { type: 'integer' }, encrypted_id: { type: 'string' }, recipients: { type: 'integer' }, delivered: { type: 'integer' },
    status: { type: 'string', enum: ['sending', 'sent'] }, channel: { type: 'string', enum: ['web', 'mobile'] },
  },
};

export function registerNotificationRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db } = ctx;
  app.decorate('fanOut', new NotificationFanOut(ctx, { log: app.log }));
  // sends a stopped server left half done are carried on; a closing server finishes its batch first
  app.addHook('onReady', async () => {
    await app.fanOut.resumePending();
  });
  app.addHook('preClose', async () => {
    await app.fanOut.stop();
  });

  // the bell: one's own notifications, newest first, and how many are unread
  app.get('/api/admin/notifications/web/admin/:pusher_id', { config: { access: {} }, schema: { tags, params: Type.Object({ pusher_id: Type.String() }), response: answers(Type.Object({ notifications: Type.Array(NOTIFICATION), count: Type.Integer({ description: 'how many are unread' }) }), `The newest ${BELL_SIZE} notifications and how many are unread.`) } }, async (request) => {
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
  app.post('/api/admin/notifications/mark-read', { config: { access: {} }, schema: { tags, body: MarkReadBody, response: answers(Type.Object({ marked: Type.Integer(), count: Type.Integer() }), 'How many were marked read.') } }, async (request) => {
    const admin = requireAdmin(request);
    const { ids } = (request.body ?? {}) as { ids?: number[] };
    let q = db.updateTable('admin_notifications').set({ is_read: 1 }).where('admin_id', '=', admin.id).where('is_read', '=', 0);
    if (ids?.length) q = q.where('id', 'in', ids);
    const result = await q.executeTakeFirst();
    return ok({ marked: Number(result.numUpdatedRows), count: 0 }, 'Marked as read.');
  });

  // the signed-in admin's own notifications, all of them, newest first (the bell shows the newest 50)
  app.get('/api/admin/notifications/all', { config: { access: {} }, schema: { tags, querystring: ListQuery, response: answers(paginatorOf(NOTIFICATION), 'A page of one’s notifications.') } }, async (request) => {
    const admin = requireAdmin(request);
    const q = request.query as Record<string, unknown>;
    const { page, perPage } = paging(q);
    const unreadOnly = ['1', 'true'].includes(first(q.unread) ?? '');
    let base = db.selectFrom('admin_notifications').where('admin_id', '=', admin.id);
    if (unreadOnly) base = base.where('is_read', '=', 0);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['id', 'type', 'title', 'body', 'data', 'is_read', 'created_at']).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    return ok(paginator({ rows: rows.map(notificationJson), total: Number(count?.n ?? 0), page, perPage, path: listPath(ctx, request), query: new URLSearchParams(request.url.split('?')[1] ?? '') }));
  });

  // the notifications the console has shown, marked read (one's own only)
  app.post('/api/admin/notifications', { config: { access: {} }, schema: { tags, body: ShownBody, response: answers(Type.Object({ marked: Type.Integer() }), 'How many were marked read.') } }, async (request) => {
    const admin = requireAdmin(request);
    const ids = (request.body as { notifications: { id: number }[] }).notifications.map((n) => n.id);
    if (ids.length === 0) return ok({ marked: 0 }, 'Marked as read.');
    const result = await db.updateTable('admin_notifications').set({ is_read: 1 }).where('admin_id', '=', admin.id).where('is_read', '=', 0).where('id', 'in', ids).executeTakeFirst();
    return ok({ marked: Number(result.numUpdatedRows) }, 'Marked as read.');
  });

  // the notifications screen: what was sent (that the admin may read: readableSends), newest first, with search and paging, and how far each got
  app.get('/api/admin/notifications', {
    config: { access: { permission: 'view_notification' } },
    schema: {
      tags,
      querystring: Type.Object({ page: ListQuery.properties.page, per_page: ListQuery.properties.per_page, search: Type.Optional(Type.String({ maxLength: 1000, description: 'in the title and text' })) }),
      response: answers(paginatorOf(rowSchema(ctx.columnTypes, 'sent_notifications', ['id', 'send_to', 'channel', 'title', 'body', 'recipients', 'delivered', 'status', 'created_at'], { sent_by_name: oneOfTypes('string', 'null'), encrypted_id: Type.String() })), 'A page of the sent notifications, newest first.'),
    },
  }, async (request) => {
    // a key given twice arrives as a list: each parameter is its first value (as in every list)
    const q = request.query as Record<string, unknown>;
    const { page, perPage } = paging(q);
    const search = (first(q.search) ?? '').trim();
    let base = db.selectFrom('sent_notifications as s').leftJoin('admins as a', 'a.id', 's.sent_by');
    // an admin limited to some districts: what it sent, and what went to its districts' people and admins only
    const readable = readableSends(ctx.dialect, requireAdmin(request));
    if (readable) base = base.where(readable);
    if (search) base = base.where(likeMatches(ctx.dialect, ['s.title', 's.body'], search));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['s.id', 's.send_to', 's.channel', 's.title', 's.body', 's.recipients', 's.delivered', 's.status', 's.created_at', 'a.f_name as sent_by_name'])
        .orderBy('s.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    const data = rows.map((r) => ({ ...r, encrypted_id: ctx.ids.encode('notifications', r.id) }));
    return ok(paginator({ rows: data, total: Number(count?.n ?? 0), page, perPage, path: listPath(ctx, request), query: new URLSearchParams(request.url.split('?')[1] ?? '') }));
  });

  // the field apps' inbox: a doctor's or patient's own notifications, newest first, and how many are unread
  const field = fieldRoute(...FIELD_KINDS);
  app.get('/api/field/notifications', { ...field, schema: { tags: ['field app'], querystring: ListQuery, response: answers(Type.Intersect([Type.Unsafe(paginatorOf(NOTIFICATION)), Type.Object({ unread: Type.Integer() })]), 'A page of one’s notifications and how many are unread.') } }, async (request) => {
    const user = request.user!;
    const q = request.query as Record<string, unknown>;
    const { page, perPage } = paging(q);
    const unreadOnly = ['1', 'true'].includes(first(q.unread) ?? '');
    let base = db.selectFrom('user_notifications').where('user_id', '=', user.id);
    if (unreadOnly) base = base.where('is_read', '=', 0);
    const [count, unread, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      db.selectFrom('user_notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).where('is_read', '=', 0).executeTakeFirst(),
      base.select(['id', 'type', 'title', 'body', 'data', 'is_read', 'created_at']).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    const list = paginator({ rows: rows.map(notificationJson), total: Number(count?.n ?? 0), page, perPage, path: listPath(ctx, request), query: new URLSearchParams(request.url.split('?')[1] ?? '') });
    return ok({ ...list, unread: Number(unread?.n ?? 0) });
  });
  app.post('/api/field/notifications/read', { ...field, schema: { tags: ['field app'], body: MarkReadBody, response: answers(Type.Object({ marked: Type.Integer() }), 'How many were marked read.') } }, async (request) => {
    const user = request.user!;
    const { ids } = (request.body ?? {}) as { ids?: number[] };
    let q = db.updateTable('user_notifications').set({ is_read: 1 }).where('user_id', '=', user.id).where('is_read', '=', 0);
    if (ids?.length) q = q.where('id', 'in', ids);
    const result = await q.executeTakeFirst();
    return ok({ marked: Number(result.numUpdatedRows) }, 'Marked as read.');
  });

  // the audience a send would reach now, counted as the send counts it (the form's count before its confirmation)
  app.get('/api/admin/notifications/audience', {
    config: { access: { permission: 'create_notification' } },
    schema: {
      tags,
      summary: 'How many a notification sent now would reach: the same audience, checks and count as the send, within the sender\'s districts',
      querystring: AudienceQuery,
      response: answers(Type.Object({ sendTo: Type.String({ enum: [...AUDIENCES] }), channel: Type.String({ enum: ['web', 'mobile'] }), recipients: Type.Integer({ minimum: 0 }) }), 'How many would receive it.'),
    },
  }, async (request) => {
    const admin = requireAdmin(request);
    const q = request.query as Record<string, unknown>;
    const values = { sendTo: first(q.sendTo) as Audience, channel: first(q.channel), type: first(q.type) };
    const sendTo = audienceOf(admin, values);
    return ok({ sendTo, channel: CHANNEL_OF[sendTo], recipients: await countAudience(sendTo, db, admin) });
  });

  /** who a send (or its count) reaches, or the field refused: the channel and type follow the audience; a limited admin cannot notify doctors */
  function audienceOf(admin: { districtIds: readonly number[] | null }, values: { sendTo: Audience; channel?: string; type?: string }): Audience {
    const channel = CHANNEL_OF[values.sendTo];
    if (values.channel && values.channel !== channel) {
      throw ValidationError.field('channel', values.sendTo === 'admin' ? 'Admins are notified on the web channel.' : 'Doctors and patients are notified on the mobile channel.');
    }
    if (values.type && values.type !== TYPE_OF[values.sendTo]) {
      throw ValidationError.field('type', values.sendTo === 'admin' ? 'Notifications to admins are of type admin.' : 'Notifications to doctors and patients are of type user.');
    }
    // an admin limited to some districts notifies their people and admins only; doctors serve every district
    if (admin.districtIds && values.sendTo === 'doctor') throw ValidationError.field('sendTo', 'Doctors serve every district: only an admin of every district can notify them.');
    return values.sendTo;
  }
  /** the one count of an audience, for the send and for its preview alike (within the sender's districts) */
  function countAudience(sendTo: Audience, on: typeof db, admin: { districtIds: readonly number[] | null }): Promise<number> {
    return app.fanOut.audienceSize(sendTo, on, admin.districtIds);
  }

  // send: stored with its audience counted, answered at once; the copies are stored in batches after it
  app.post('/api/admin/notifications/send', { config: { access: { permission: 'create_notification' } }, schema: { tags, body: SendBody, response: answers(SENT, 'Accepted: stored with its audience counted; the copies are stored after the answer (status sending, then sent).', 202) } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const body = request.body as { sendTo: Audience; title: string; body: string; channel?: string; type?: string };
    audienceOf(admin, body);
    const channel = CHANNEL_OF[body.sendTo];
    const title = body.title.trim();
    const text = body.body.trim();
    const sent = await db.transaction().execute(async (trx) => {
      const stamp = now();
      const recipients = await countAudience(body.sendTo, trx, admin);
      const row = await trx.insertInto('sent_notifications').values({
        send_to: body.sendTo, channel, title, body: text, recipients, delivered: 0, status: recipients > 0 ? 'sending' : 'sent',
        sent_by: admin.id, created_at: stamp, updated_at: stamp, district_ids: admin.districtIds ? JSON.stringify(admin.districtIds) : null,
      }).returning('id').executeTakeFirstOrThrow();
      await audit(trx, { actorId: admin.id, action: 'send', resource: 'notifications', recordId: row.id, changes: { sendTo: body.sendTo, channel, title, recipients }, ip: request.ip, requestId: request.id });
      return { id: row.id, recipients };
    });
    if (sent.recipients > 0) app.fanOut.start(sent.id);
    const who = `${body.sendTo}${sent.recipients === 1 ? '' : 's'}`;
    return reply.status(202).send(ok(
      { id: sent.id, encrypted_id: ctx.ids.encode('notifications', sent.id), recipients: sent.recipients, delivered: 0, status: sent.recipients > 0 ? 'sending' : 'sent', channel },
      sent.recipients > 0 ? `Sending to ${sent.recipients} ${who}.` : `No ${who} to notify.`,
    ));
  });
}

/** page and per_page of a list query, within bounds */
function paging(q: Record<string, unknown>): { page: number; perPage: number } {
  const page = Math.min(1_000_000, Math.max(1, Number.parseInt(first(q.page) ?? '1', 10) || 1));
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(first(q.per_page) ?? '', 10) || DEFAULT_PER_PAGE));
  return { page, perPage };
}
