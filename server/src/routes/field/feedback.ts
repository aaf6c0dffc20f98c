import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { ok, MESSAGES } from '../../http/envelope';
import { districtOfRecord } from '../../http/list';
import { Fields } from '../../http/fields';
import { CHANGED_EVENT } from '../../realtime';
import { checkDoctor, FEEDBACK, feedbackFields, SUPPORT } from '../../resources/feedbackRules';
import { ValidationError } from '../../http/errors';
import { audit } from '../../services/audit';
import { notifyAdmins } from '../../services/notify';
import { now } from '../../services/tokens';
import { fieldRoute, pageOf, Paging, PER_PAGE, tags } from './shared';
import { FIELD_KINDS } from '../../http/fieldAuth';

/**
 * The field apps' feedback and support, under /api/field: a patient rates a doctor and reads back
 * their own feedback; any field user asks for support and reads their requests with the staff's reply.
 * Each one sent is stored with its audit row and a notification for every admin who may read it (in
 * the same transaction), pushed to their consoles once committed.
 */

const patientRoute = fieldRoute('patient');
const anyFieldRoute = fieldRoute(...FIELD_KINDS);
/** a message as the bell shows it: its first words */
const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);
const fullName = (p: { f_name: string | null; l_name: string | null }) => [p.f_name, p.l_name].filter(Boolean).join(' ');

/** the appointments a patient's account may see and act on: their own and their family members' */
export const familyOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('users').select('id').where((eb) => eb.or([eb('id', '=', userId), eb.and([eb('parent_id', '=', userId), eb('type', '=', 'family')])]));

/** Whether it is the one rating an appointment may have (two sent at once). */
export const isRatingClash = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string; constraint?: string };
  return (e.code === '23505' && e.constraint === 'feedbacks_appointment_unique') || (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /feedbacks\.appointment_id/.test(e.message ?? ''));
};

/** the district of a new record, as its declaration places it: its notice goes to the admins who may read it */
const placeOf = async (ctx: AppContext, trx: Kysely<Database>, resource: 'feedbacks' | 'supports', id: number) =>
  (await districtOfRecord(ctx, trx, ctx.registry.byName.get(resource)!, id)) ?? null;

/**
 * Stores a patient's feedback on a doctor (from the app's feedback, or a rating of an appointment) in
 * the caller's transaction, with its audit row and a notice for every admin who may read it; the
 * doctor's kept rating moves with it (triggers). Returns what to push once committed.
 */
export async function storeFeedback(
  ctx: AppContext,
  trx: Kysely<Database>,
  f: { userId: number; doctorId: number; msg: string; rating: number; appointmentId: number | null; request: FastifyRequest },
): Promise<{ id: number; push: () => Promise<void> }> {
  const stamp = now();
  const values = { user_id: f.userId, doctor_id: f.doctorId, msg: f.msg, rating: f.rating, appointment_id: f.appointmentId, dated_at: stamp, created_at: stamp, updated_at: stamp };
  const inserted = await trx.insertInto('feedbacks').values(values).returning('id').executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await audit(trx, { actorId: null, action: 'field_create', resource: 'feedbacks', recordId: id, changes: values, ip: f.request.ip, requestId: f.request.id });
  const doctor = await trx.selectFrom('users').select(['f_name', 'l_name']).where('id', '=', f.doctorId).executeTakeFirstOrThrow();
  const sender = await trx.selectFrom('users').select(['f_name', 'l_name']).where('id', '=', f.userId).executeTakeFirstOrThrow();
  const notice = await notifyAdmins(ctx, trx, {
    type: 'feedback',
    title: `Feedback from ${fullName(sender)}`,
    body: f.msg ? `${f.rating}/5 for ${fullName(doctor)}: ${excerpt(f.msg)}` : `${f.rating}/5 for ${fullName(doctor)}`,
    data: { resource: 'feedbacks', encrypted_id: ctx.ids.encode('feedbacks', id) },
    permission: 'view_feedback',
    districtId: await placeOf(ctx, trx, 'feedbacks', id),
  });
  return { id, push: notice.push };
}

/** A feedback was stored: the feedback lists and the doctor (whose rating moved) are told. */
export function announceFeedback(ctx: AppContext, id: number, doctorId: number): void {
  void ctx.realtime.publish(ctx.realtime.channelForChanges('feedbacks'), CHANGED_EVENT, { action: 'create', id: ctx.ids.encode('feedbacks', id), by: null });
  void ctx.realtime.publish(ctx.realtime.channelForChanges('doctors'), CHANGED_EVENT, { action: 'update', id: ctx.ids.encode('doctors', doctorId), by: null });
}

export async function fieldFeedbackRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx;

  async function feedbacksOf(userId: number, page: number, id: number | null = null) {
    let q = db
      .selectFrom('feedbacks as f')
      .innerJoin('users as d', 'd.id', 'f.doctor_id')
      .select(['f.id', 'f.doctor_id', 'f.msg', 'f.rating', 'f.dated_at', 'f.status', 'd.f_name', 'd.l_name'])
      .where('f.user_id', '=', userId);
    if (id !== null) q = q.where('f.id', '=', id);
    const rows = await q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
    return rows.map(({ f_name, l_name, ...f }) => ({ ...f, doctor: { id: f.doctor_id, full_name: fullName({ f_name, l_name }) } }));
  }

  async function supportsOf(userId: number, page: number, id: number | null = null) {
    let q = db.selectFrom('supports').select(['id', 'msg', 'status', 'reply', 'replied_at', 'created_at']).where('user_id', '=', userId);
    if (id !== null) q = q.where('id', '=', id);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
  }

  app.get('/api/field/feedbacks', { ...patientRoute, schema: { tags, summary: "The signed-in patient's own feedback", querystring: Paging } }, async (request) =>
    ok(await feedbacksOf(request.user!.id, pageOf(request))),
  );

  app.post(
    '/api/field/feedbacks',
    {
      ...patientRoute,
      schema: { tags, summary: 'A patient rates a doctor (1-5) with a message, once for each completed appointment with them (422 `doctor_id` otherwise); admins who read feedback are notified', body: Type.Object(feedbackFields, { additionalProperties: false }) },
    },
    async (request) => {
      const body = request.body as { doctor_id: number; msg: string; rating: number };
      const user = request.user!;
      await checkDoctor(db, body.doctor_id);
      // a rating moves the doctor's public rating: it is of a completed appointment of the patient's (or
      // their family's) with this doctor that has none yet (the earliest), and takes it, once
      const store = () => db.transaction().execute(async (trx) => {
        const visit = await trx
          .selectFrom('appointments as a')
          .leftJoin('feedbacks as f', 'f.appointment_id', 'a.id')
          .select('a.id')
          .where('a.doctor_id', '=', body.doctor_id)
          .where('a.status', '=', 'Completed')
          .where('a.patient_id', 'in', familyOf(trx, user.id))
          .where('f.id', 'is', null)
          .orderBy('a.date')
          .orderBy('a.s_time')
          .orderBy('a.id')
          .executeTakeFirst();
        if (!visit) throw ValidationError.field('doctor_id', FEEDBACK.afterVisit);
        return storeFeedback(ctx, trx, { userId: user.id, doctorId: body.doctor_id, msg: body.msg.trim(), rating: body.rating, appointmentId: visit.id, request });
      });
      let stored: Awaited<ReturnType<typeof store>>;
      try {
        stored = await store();
      } catch (err) {
        // two sent at once for the one appointment left: the unique index lets one in
        if (isRatingClash(err)) throw ValidationError.field('doctor_id', FEEDBACK.afterVisit);
        throw err;
      }
      const { id, push } = stored;
      await push();
      announceFeedback(ctx, id, body.doctor_id);
      return ok((await feedbacksOf(user.id, 1, id))[0], MESSAGES.created);
    },
  );

  app.get('/api/field/supports', { ...anyFieldRoute, schema: { tags, summary: "The signed-in user's own support requests, with the staff's reply", querystring: Paging } }, async (request) =>
    ok(await supportsOf(request.user!.id, pageOf(request))),
  );

  app.post(
    '/api/field/supports',
    {
      ...anyFieldRoute,
      schema: { tags, summary: 'Any field user asks for support; admins who read support requests are notified', body: Type.Object({ msg: Fields.text(SUPPORT.msg, 2000) }, { additionalProperties: false }) },
    },
    async (request) => {
      const body = request.body as { msg: string };
      const user = request.user!;
      const { id, push } = await db.transaction().execute(async (trx) => {
        const stamp = now();
        const values = { user_id: user.id, msg: body.msg.trim(), created_at: stamp, updated_at: stamp };
        const inserted = await trx.insertInto('supports').values(values).returning('id').executeTakeFirstOrThrow();
        const newId = Number(inserted.id);
        await audit(trx, { actorId: null, action: 'field_create', resource: 'supports', recordId: newId, changes: values, ip: request.ip, requestId: request.id });
        const sender = await trx.selectFrom('users').select(['f_name', 'l_name']).where('id', '=', user.id).executeTakeFirstOrThrow();
        const notice = await notifyAdmins(ctx, trx, {
          type: 'support',
          title: `Support request from ${fullName(sender)}`,
          body: excerpt(values.msg),
          data: { resource: 'supports', encrypted_id: ctx.ids.encode('supports', newId) },
          permission: 'view_support',
          districtId: await placeOf(ctx, trx, 'supports', newId),
        });
        return { id: newId, push: notice.push };
      });
      await push();
      void ctx.realtime.publish(ctx.realtime.channelForChanges('supports'), CHANGED_EVENT, { action: 'create', id: ctx.ids.encode('supports', id), by: null });
      return ok((await supportsOf(user.id, 1, id))[0], MESSAGES.created);
    },
  );
}
