import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { APPOINTMENT_STATUSES } from '../../../../contract/enums';
import type { Database } from '../../db/schema';
import { ok, MESSAGES } from '../../http/envelope';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { districtOfRecord } from '../../http/list';
import { announce, BOOKING, claimSlot, endBooking, slotIdOf, slotToTake } from '../../resources/appointmentWrites';
import { REQUEST_DETAIL } from '../../resources/appointments';
import { FEEDBACK } from '../../resources/feedbackRules';
import { audit } from '../../services/audit';
import { notifyAdmins } from '../../services/notify';
import { now } from '../../services/tokens';
import { announceFeedback, familyOf, isRatingClash, storeFeedback } from './feedback';
import { fieldRoute, fullName, IdParams, idOf, PAGE, pageOf, PER_PAGE, tags } from './shared';
import { appointmentViews } from './views';
/**
 * The field apps' appointments, under /api/field. A patient (having found a doctor and an open slot:
 * doctors.ts) books one for themselves or one of their family members (idempotent by the app's client
 * key), lists and cancels those bookings, asks for an appointment (the admins who may read it are
 * notified) and rates the doctor of a completed appointment (a feedback of that doctor, so the rating
 * moves). A doctor's day is doctorsDay.ts. Ids are plain numbers but
 * slots', which are named by their encrypted id as everywhere (a number is accepted too); every route
 * keeps to the caller's own records (another's is a 404). Each write has its audit row and is
 * announced on `private-changes.appointments` (and `.appointment-requests`, `.feedbacks`, `.doctors`).
 */


export const FIELD_BOOKING = {
  patient: 'Please choose yourself or one of your family members.',
  clientKey: 'Please provide the booking’s client key (at most 100 characters).',
  keyReused: (key: string) => `The client key "${key}" was used for another booking.`,
  repeated: 'This booking was already recorded.',
  dayOrMonth: 'Please give a day (YYYY-MM-DD) or a month (YYYY-MM).',
  reason: 'Please choose one reason.',
  notCompleted: 'Only a completed appointment can be rated.',
  rated: 'This appointment has already been rated.',
  specialization: 'The specialization filter must be a number.',
};

const BookBody = Type.Object(
  {
    slot_id: Type.String({ minLength: 1, maxLength: 64, 'x-message': BOOKING.slot, description: "the slot's encrypted id (as the slots list gives it)" }),
    patient_id: Type.Optional(Fields.optionalReference(FIELD_BOOKING.patient)),
    detail: Type.Optional(Fields.optionalText(2000)),
    client_key: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', 'x-message': FIELD_BOOKING.clientKey, description: 'made by the app, one per booking: sending it again answers with the first booking' }),
  },
  { additionalProperties: false },
);
const CancelBody = Type.Object({ cancel_reason_id: Fields.reference(FIELD_BOOKING.reason) }, { additionalProperties: false });
const RatingBody = Type.Object(
  { rating: Fields.integer(FEEDBACK.rating, 1, 5), comment: Type.Optional(Fields.optionalText(2000)) },
  { additionalProperties: false },
);
const RequestBody = Type.Object(
  { detail: Fields.text(REQUEST_DETAIL, 2000), is_emergency: Type.Optional(Fields.boolean()) },
  { additionalProperties: false },
);


/** Whether a database error is the primary key of the booking keys (the same key sent twice at once). */
const isKeyClash = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string; constraint?: string };
  return (e.code === '23505' && e.constraint === 'appointment_keys_pkey') || (/^SQLITE_CONSTRAINT/.test(e.code ?? '') && /appointment_keys\./.test(e.message ?? ''));
};

export async function fieldAppointmentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx;
  const patientRoute = fieldRoute('patient');
  const { ownAppointment, appointmentsWhere } = appointmentViews(ctx);

  /* ---------- a patient's bookings ---------- */

  app.post(
    '/api/field/appointments',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: 'Book an open slot for oneself or one of one’s family members',
        description:
          'The slot is taken by one conditional update: of bookings arriving at once (from the apps or the console) exactly one wins, the others are 422 `slot_id` "This slot is no longer available.". ' +
          'Sending the same `client_key` again answers 200 with the first booking ("This booking was already recorded."); the same key for another slot or patient is a 409 naming it. ' +
          '422 `patient_id` (not oneself or one’s family member), `slot_id` (unknown, begun, taken, or a blocked doctor’s). Answers the appointment as `GET /api/field/appointments` lists it.',
        body: BookBody,
      },
    },
    async (request) => {
      const body = request.body as { slot_id: string; patient_id?: number | null; detail?: string | null; client_key: string };
      const user = request.user!;
      const key = body.client_key.trim();
      const patientId = body.patient_id ?? user.id;
      const slotId = slotIdOf(ctx, body.slot_id);
      /** what this key booked first, if anything: the same booking again, or a 409 for another */
      const earlier = async (database: Kysely<Database>) => {
        const row = await database.selectFrom('appointment_keys').select(['slot_id', 'patient_id', 'appointment_id']).where('user_id', '=', user.id).where('client_key', '=', key).executeTakeFirst();
        if (row && (row.slot_id !== slotId || row.patient_id !== patientId)) throw new HttpError(409, FIELD_BOOKING.keyReused(key), { client_key: [FIELD_BOOKING.keyReused(key)] });
        return row;
      };
      let result: { id: number; repeated: boolean };
      try {
        result = await db.transaction().execute(async (trx) => {
          const repeat = await earlier(trx);
          if (repeat) return { id: repeat.appointment_id, repeated: true };
          const mine = await familyOf(trx, user.id).where('id', '=', patientId).executeTakeFirst();
          if (!mine) throw ValidationError.field('patient_id', FIELD_BOOKING.patient);
          // unknown, begun or a blocked doctor's: refused on slot_id
          const slot = await slotToTake(ctx, trx, body.slot_id);
          // the claim: only one booking turns an open slot Booked; a concurrent one finds it taken
          if (!(await claimSlot(trx, slot.id))) throw ValidationError.field('slot_id', BOOKING.taken);
          const stamp = now();
          const values = { patient_id: patientId, doctor_id: slot.doctor_id, slot_id: slot.id, date: slot.date, s_time: slot.s_time, e_time: slot.e_time, status: 'Booked', cancel_reason_id: null, detail: body.detail ?? null, created_by: null };
          const { id } = await trx.insertInto('appointments').values({ ...values, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
          await trx.insertInto('appointment_keys').values({ user_id: user.id, client_key: key, slot_id: slot.id, patient_id: patientId, appointment_id: id, created_at: stamp }).execute();
          await audit(trx, { actorId: null, action: 'field_create', resource: 'appointments', recordId: id, changes: { ...values, user_id: user.id, client_key: key }, ip: request.ip, requestId: request.id });
          return { id, repeated: false };
        });
      } catch (err) {
        // the same key sent twice at once: the one that lost (its key, or the slot its twin took) answers with the winner's booking
        if (!isKeyClash(err) && !(err instanceof ValidationError && err.fieldErrors?.slot_id?.[0] === BOOKING.taken)) throw err;
        const winner = await earlier(db);
        if (!winner) throw err;
        result = { id: winner.appointment_id, repeated: true };
      }
      if (!result.repeated) announce(ctx, 'appointments', 'create', result.id);
      const booked = await ownAppointment(user.id, result.id);
      if (!booked) throw notFound(); // a family member's booking whose member has since left the family
      return ok(booked, result.repeated ? FIELD_BOOKING.repeated : MESSAGES.created);
    },
  );

  app.get(
    '/api/field/appointments',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: 'One’s own and one’s family members’ appointments, latest first, 50 a page',
        description: '`[{ id, date, s_time, e_time, status, detail, cancel_reason, is_new, booking_for, patient: { id, full_name, gender, age, relation }, doctor: { id, full_name, photo, specializations }, rating, can_rate, created_at }]`.',
        querystring: Type.Object({ page: Type.Optional(PAGE), status: Type.Optional(Fields.enumOf(APPOINTMENT_STATUSES, `The status must be one of ${APPOINTMENT_STATUSES.join(', ')}.`)) }),
      },
    },
    async (request) => {
      const { status } = request.query as { status?: string };
      const userId = request.user!.id;
      return ok(
        await appointmentsWhere((q) => {
          let narrowed = q.where('a.patient_id', 'in', familyOf(db, userId));
          if (status) narrowed = narrowed.where('a.status', '=', status);
          return narrowed.orderBy('a.date', 'desc').orderBy('a.s_time', 'desc').orderBy('a.id', 'desc');
        }, pageOf(request)),
      );
    },
  );

  app.put(
    '/api/field/appointments/:id/cancel',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: 'Cancel one’s own or a family member’s Booked appointment with a reason; its slot opens again',
        description: '422 `cancel_reason_id` (not one of `GET /api/field/cancellation-reasons`), `status` (not Booked). 404 for another’s appointment.',
        params: IdParams,
        body: CancelBody,
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = request.user!;
      const { cancel_reason_id } = request.body as { cancel_reason_id: number };
      await db.transaction().execute(async (trx) => {
        const mine = await trx.selectFrom('appointments').select('id').where('id', '=', id).where('patient_id', 'in', familyOf(trx, user.id)).executeTakeFirst();
        if (!mine) throw notFound();
        const reason = await trx.selectFrom('cancellation_reasons').select('id').where('id', '=', cancel_reason_id).executeTakeFirst();
        if (!reason) throw ValidationError.field('cancel_reason_id', FIELD_BOOKING.reason);
        await endBooking(trx, id, 'Cancelled', cancel_reason_id);
        await audit(trx, {
          actorId: null, action: 'field_status', resource: 'appointments', recordId: id,
          changes: { user_id: user.id, status: { from: 'Booked', to: 'Cancelled' }, cancel_reason_id }, ip: request.ip, requestId: request.id,
        });
      });
      announce(ctx, 'appointments', 'status', id);
      return ok(await ownAppointment(user.id, id), MESSAGES.updated);
    },
  );

  app.post(
    '/api/field/appointments/:id/rating',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: 'Rate the doctor of one’s own or a family member’s Completed appointment (once)',
        description:
          'Stored as a feedback of the doctor (the comment its message), so the doctor’s rating moves; the admins who read feedback are notified. ' +
          '422 `rating` (1-5), `appointment_id` (not Completed, or already rated). 404 for another’s appointment.',
        params: IdParams,
        body: RatingBody,
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = request.user!;
      const body = request.body as { rating: number; comment?: string | null };
      let stored: { id: number; doctorId: number; push: () => Promise<void> };
      try {
        stored = await db.transaction().execute(async (trx) => {
          const appointment = await trx.selectFrom('appointments').select(['id', 'doctor_id', 'status']).where('id', '=', id).where('patient_id', 'in', familyOf(trx, user.id)).executeTakeFirst();
          if (!appointment) throw notFound();
          if (appointment.status !== 'Completed') throw ValidationError.field('appointment_id', FIELD_BOOKING.notCompleted);
          const rated = await trx.selectFrom('feedbacks').select('id').where('appointment_id', '=', id).executeTakeFirst();
          if (rated) throw ValidationError.field('appointment_id', FIELD_BOOKING.rated);
          const feedback = await storeFeedback(ctx, trx, { userId: user.id, doctorId: appointment.doctor_id, msg: (body.comment ?? '').trim(), rating: body.rating, appointmentId: id, request });
          return { ...feedback, doctorId: appointment.doctor_id };
        });
      } catch (err) {
        // two ratings of one appointment at once: the unique index lets one in
        if (isRatingClash(err)) throw ValidationError.field('appointment_id', FIELD_BOOKING.rated);
        throw err;
      }
      await stored.push();
      announceFeedback(ctx, stored.id, stored.doctorId);
      const feedback = await db
        .selectFrom('feedbacks as f')
        .innerJoin('users as d', 'd.id', 'f.doctor_id')
        .select(['f.id', 'f.appointment_id', 'f.doctor_id', 'f.msg', 'f.rating', 'f.dated_at', 'f.status', 'd.f_name', 'd.l_name'])
        .where('f.id', '=', stored.id)
        .executeTakeFirstOrThrow();
      const { f_name, l_name, ...rest } = feedback;
      return ok({ ...rest, doctor: { id: rest.doctor_id, full_name: fullName(f_name, l_name) } }, MESSAGES.created);
    },
  );

  /* ---------- a patient's requests ---------- */

  const requestsOf = (userId: number, page: number, id: number | null = null) => {
    let q = db
      .selectFrom('appointment_requests')
      .select(['id', 'detail', 'is_emergency', 'dated_at', 'appointment_id', 'handled_at', 'created_at'])
      .where('patient_id', '=', userId);
    if (id !== null) q = q.where('id', '=', id);
    return q.orderBy('id', 'desc').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute()
      .then((rows) => rows.map((r) => ({ ...r, is_emergency: Boolean(r.is_emergency) })));
  };

  app.get(
    '/api/field/appointment-requests',
    { ...patientRoute, schema: { tags, summary: 'One’s own appointment requests, newest first, 50 a page, with the appointment that handled each', querystring: Type.Object({ page: Type.Optional(PAGE) }) } },
    async (request) => ok(await requestsOf(request.user!.id, pageOf(request))),
  );

  app.post(
    '/api/field/appointment-requests',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: 'Ask for an appointment (the admins who may read it are notified)',
        description: 'Answers `{ id, detail, is_emergency, dated_at, appointment_id: null, handled_at: null, created_at }`; an admin’s booking made for it handles it.',
        body: RequestBody,
      },
    },
    async (request) => {
      const body = request.body as { detail: string; is_emergency?: boolean };
      const user = request.user!;
      const { id, push } = await db.transaction().execute(async (trx) => {
        const stamp = now();
        const values = { patient_id: user.id, detail: body.detail.trim(), is_emergency: body.is_emergency ? 1 : 0, dated_at: stamp.slice(0, 10), created_at: stamp, updated_at: stamp };
        const { id: newId } = await trx.insertInto('appointment_requests').values(values).returning('id').executeTakeFirstOrThrow();
        await audit(trx, { actorId: null, action: 'field_create', resource: 'appointment-requests', recordId: newId, changes: values, ip: request.ip, requestId: request.id });
        const sender = await trx.selectFrom('users').select(['f_name', 'l_name']).where('id', '=', user.id).executeTakeFirstOrThrow();
        const notice = await notifyAdmins(ctx, trx, {
          type: 'appointment_request',
          title: `${body.is_emergency ? 'Emergency appointment request' : 'Appointment request'} from ${fullName(sender.f_name, sender.l_name)}`,
          body: values.detail.length > 120 ? `${values.detail.slice(0, 117)}...` : values.detail,
          data: { resource: 'appointment-requests', encrypted_id: ctx.ids.encode('appointment-requests', newId) },
          permission: 'view_app_user',
          districtId: (await districtOfRecord(ctx, trx, ctx.registry.byName.get('appointment-requests')!, newId)) ?? null,
        });
        return { id: newId, push: notice.push };
      });
      await push();
      announce(ctx, 'appointment-requests', 'create', id);
      return ok((await requestsOf(user.id, 1, id))[0], MESSAGES.created);
    },
  );
}
