import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { APPOINTMENT_STATUSES, USER_STATUS } from '../../../contract/enums';
import type { Database } from '../db/schema';
import { ok, MESSAGES } from '../http/envelope';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { Fields, MAX_ID } from '../http/fields';
import { districtOfRecord } from '../http/list';
import { announce, BOOKING, claimSlot, endBooking, notStartedBound, slotIdOf, slotToTake } from '../resources/appointmentWrites';
import { NO_REASON, REQUEST_DETAIL } from '../resources/appointments';
import { OPEN_SLOT_STATUSES, SLOT_IDS } from '../resources/dutyRosters';
import { FEEDBACK } from '../resources/feedbackRules';
import { isCalendarDay } from '../resources/programme/place';
import { ratingsOf } from '../resources/people/doctors';
import { audit } from '../services/audit';
import { notifyAdmins } from '../services/notify';
import { now } from '../services/tokens';
import { fieldRoute } from './field';
import { announceFeedback, familyOf, isRatingClash, storeFeedback } from './fieldFeedback';

/**
 * The field apps' appointments, under /api/field. A patient finds doctors by specialization and their
 * open slots, books one for themselves or one of their family members (idempotent by the app's client
 * key), lists and cancels those bookings, asks for an appointment (the admins who may read it are
 * notified) and rates the doctor of a completed appointment (a feedback of that doctor, so the rating
 * moves). A doctor lists their appointments of a day and completes them. Ids are plain numbers but
 * slots', which are named by their encrypted id as everywhere (a number is accepted too); every route
 * keeps to the caller's own records (another's is a 404). Each write has its audit row and is
 * announced on `private-changes.appointments` (and `.appointment-requests`, `.feedbacks`, `.doctors`).
 */

const tags = ['field app'];
const PER_PAGE = 50;
const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$', description: "the record's numeric id" }) });
const PAGE = Type.String({ pattern: '^[1-9][0-9]{0,3}$', 'x-message': 'The page must be a number.' });
const DAY = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 'x-message': 'Please give the day as YYYY-MM-DD.', description: 'YYYY-MM-DD' });
const MONTH = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', 'x-message': 'Please give the month as YYYY-MM.', description: 'YYYY-MM' });
const NUMBER = (message: string) => Type.String({ pattern: '^[1-9][0-9]{0,9}$', 'x-message': message });

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

const idOf = (request: FastifyRequest): number => {
  const id = Number((request.params as { id: string }).id);
  if (!id || id > MAX_ID) throw notFound();
  return id;
};
const pageOf = (request: FastifyRequest) => Number((request.query as { page?: string }).page ?? 1);
const fullName = (f: string | null, l: string | null) => [f, l].filter(Boolean).join(' ');
const today = () => new Date().toISOString().slice(0, 10);

/** Whether a database error is the primary key of the booking keys (the same key sent twice at once). */
const isKeyClash = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string; constraint?: string };
  return (e.code === '23505' && e.constraint === 'appointment_keys_pkey') || (/^SQLITE_CONSTRAINT/.test(e.code ?? '') && /appointment_keys\./.test(e.message ?? ''));
};

export function registerFieldAppointmentRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx;
  const patientRoute = fieldRoute('patient');
  const doctorRoute = fieldRoute('doctor');
  /** a stored file as the apps link it: absolute (they are not on the console's origin) */
  const photo = (path: string | null) => (path ? { path: `${ctx.config.publicUrl}${ctx.storage.url(path)}` } : null);

  async function specializationsOf(doctorIds: number[]) {
    const rows = doctorIds.length
      ? await db.selectFrom('doctor_specializations as ds').innerJoin('specializations as s', 's.id', 'ds.specialization_id')
        .select(['ds.doctor_id', 's.id', 's.title']).where('ds.doctor_id', 'in', doctorIds).orderBy('s.title').execute()
      : [];
    return (doctorId: number) => rows.filter((r) => r.doctor_id === doctorId).map(({ id, title }) => ({ id, title }));
  }

  /** Appointments as the apps show them, with the doctor, the patient (booking for) and the rating given. */
  async function appointmentsWhere(narrow: (q: ReturnType<typeof baseQuery>) => ReturnType<typeof baseQuery>, page = 1) {
    const rows = await narrow(baseQuery()).limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
    const specs = await specializationsOf([...new Set(rows.map((r) => r.doctor_id))]);
    const day = today();
    return rows.map((r) => ({
      id: r.id,
      date: r.date,
      s_time: r.s_time,
      e_time: r.e_time,
      status: r.status,
      detail: r.detail,
      cancel_reason: r.status === 'Cancelled' ? (r.reason ?? NO_REASON) : null,
      is_new: r.date >= day,
      booking_for: r.p_parent_id ? r.p_relation : 'Self',
      patient: { id: r.patient_id, full_name: fullName(r.p_f_name, r.p_l_name), gender: r.p_gender, age: r.p_age, relation: r.p_relation },
      doctor: { id: r.doctor_id, full_name: fullName(r.d_f_name, r.d_l_name), photo: photo(r.d_photo), specializations: specs(r.doctor_id) },
      rating: r.given_rating ?? null,
      can_rate: r.status === 'Completed' && r.given_rating === null,
      created_at: r.created_at,
    }));
  }
  function baseQuery() {
    return db
      .selectFrom('appointments as a')
      .innerJoin('users as d', 'd.id', 'a.doctor_id')
      .innerJoin('users as p', 'p.id', 'a.patient_id')
      .leftJoin('cancellation_reasons as r', 'r.id', 'a.cancel_reason_id')
      .leftJoin('feedbacks as f', 'f.appointment_id', 'a.id')
      .select([
        'a.id', 'a.date', 'a.s_time', 'a.e_time', 'a.status', 'a.detail', 'a.created_at', 'a.doctor_id', 'a.patient_id',
        'd.f_name as d_f_name', 'd.l_name as d_l_name', 'd.photo as d_photo',
        'p.f_name as p_f_name', 'p.l_name as p_l_name', 'p.parent_id as p_parent_id', 'p.relation as p_relation', 'p.gender as p_gender', 'p.age as p_age',
        'r.name as reason', 'f.rating as given_rating',
      ]);
  }
  const ownAppointment = async (userId: number, id: number) => {
    const [one] = await appointmentsWhere((q) => q.where('a.id', '=', id).where('a.patient_id', 'in', familyOf(db, userId)));
    return one;
  };
  const doctorsAppointment = async (doctorId: number, id: number) => {
    const [one] = await appointmentsWhere((q) => q.where('a.id', '=', id).where('a.doctor_id', '=', doctorId));
    return one;
  };

  /* ---------- finding a doctor and a slot ---------- */

  app.get('/api/field/specializations', { ...patientRoute, schema: { tags, summary: 'The specializations doctors offer (to find a doctor by)' } }, async () =>
    ok(await db.selectFrom('specializations').select(['id', 'title']).orderBy('title').orderBy('id').execute()),
  );

  app.get(
    '/api/field/doctors',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: 'Active doctors, by name, optionally of one specialization, 50 a page',
        description: '`[{ id, full_name, f_name, l_name, photo: { path } | null, short_bio, qualification, specializations: [{ id, title }], rating, ratings_count }]`: rating is the average of the patients’ ratings rounded to one decimal (0 when none).',
        querystring: Type.Object({ specialization_id: Type.Optional(NUMBER(FIELD_BOOKING.specialization)), page: Type.Optional(PAGE) }),
      },
    },
    async (request) => {
      const query = request.query as { specialization_id?: string };
      const specialization = query.specialization_id === undefined ? null : Number(query.specialization_id);
      if (specialization !== null && specialization > MAX_ID) throw ValidationError.field('specialization_id', FIELD_BOOKING.specialization);
      let q = db
        .selectFrom('users as u')
        .leftJoin('doctor_profiles as p', 'p.id', 'u.id')
        .leftJoin('qualifications as q', 'q.id', 'p.qualification_id')
        .select(['u.id', 'u.f_name', 'u.l_name', 'u.photo', 'u.short_bio', 'q.title as qualification'])
        .where('u.type', '=', 'doctor')
        .where('u.status', '=', USER_STATUS.active);
      if (specialization !== null) q = q.where('u.id', 'in', db.selectFrom('doctor_specializations').select('doctor_id').where('specialization_id', '=', specialization));
      const rows = await q.orderBy('u.f_name').orderBy('u.l_name').orderBy('u.id').limit(PER_PAGE).offset((pageOf(request) - 1) * PER_PAGE).execute();
      const ids = rows.map((r) => r.id);
      const [specs, ratings] = await Promise.all([specializationsOf(ids), ratingsOf(db, ids)]);
      return ok(rows.map((r) => ({ ...r, full_name: fullName(r.f_name, r.l_name), photo: photo(r.photo), specializations: specs(r.id), ...ratings.get(r.id) })));
    },
  );

  app.get(
    '/api/field/doctors/:id/slots',
    {
      ...patientRoute,
      schema: {
        tags,
        summary: "An active doctor's open slots of a day or a month that have not begun, in time order",
        description: '`[{ id, encrypted_id, date, s_time, e_time, fee }]` (fee: the session’s total fee). Book one with its `encrypted_id`. 404 for anyone but an active doctor.',
        params: IdParams,
        querystring: Type.Object({ date: Type.Optional(DAY), month: Type.Optional(MONTH) }),
      },
    },
    async (request) => {
      const doctorId = idOf(request);
      const { date, month } = request.query as { date?: string; month?: string };
      if (date !== undefined && !isCalendarDay(date)) throw ValidationError.field('date', 'Please give the day as YYYY-MM-DD.');
      if (date === undefined && month === undefined) throw ValidationError.field('date', FIELD_BOOKING.dayOrMonth);
      const doctor = await db.selectFrom('users').select('id').where('id', '=', doctorId).where('type', '=', 'doctor').where('status', '=', USER_STATUS.active).executeTakeFirst();
      if (!doctor) throw notFound();
      const [first, last] = date !== undefined ? [date, date] : [`${month}-01`, `${month}-31`];
      const { day, time } = notStartedBound();
      const slots = await db
        .selectFrom('duty_slots as s')
        .innerJoin('duty_rosters as r', 'r.id', 's.roster_id')
        .select(['s.id', 's.date', 's.s_time', 's.e_time', 'r.total_fee as fee'])
        .where('s.doctor_id', '=', doctorId)
        .where('s.date', '>=', first > day ? first : day)
        .where('s.date', '<=', last)
        .where('s.status', 'in', [...OPEN_SLOT_STATUSES])
        .where((eb) => eb.or([eb('s.date', '>', day), eb('s.s_time', '>', time)]))
        .orderBy('s.date')
        .orderBy('s.s_time')
        .execute();
      return ok(slots.map((s) => ({ id: s.id, encrypted_id: ctx.ids.encode(SLOT_IDS, s.id), date: s.date, s_time: s.s_time, e_time: s.e_time, fee: s.fee })));
    },
  );

  app.get('/api/field/cancellation-reasons', { ...patientRoute, schema: { tags, summary: 'The reasons a booking may be cancelled with' } }, async () =>
    ok(await db.selectFrom('cancellation_reasons').select(['id', 'name']).orderBy('name').orderBy('id').execute()),
  );

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

  /* ---------- a doctor's day ---------- */

  app.get(
    '/api/field/doctor/appointments',
    {
      ...doctorRoute,
      schema: {
        tags,
        summary: 'The signed-in doctor’s appointments of a day, in time order',
        description: 'Every status, in the shape of `GET /api/field/appointments`.',
        querystring: Type.Object({ date: DAY }),
      },
    },
    async (request) => {
      const { date } = request.query as { date: string };
      if (!isCalendarDay(date)) throw ValidationError.field('date', 'Please give the day as YYYY-MM-DD.');
      const doctorId = request.user!.id;
      // a day of one doctor: a few dozen at most, one page
      return ok(await appointmentsWhere((q) => q.where('a.doctor_id', '=', doctorId).where('a.date', '=', date).orderBy('a.s_time').orderBy('a.id'), 1));
    },
  );

  app.put(
    '/api/field/doctor/appointments/:id/complete',
    {
      ...doctorRoute,
      schema: { tags, summary: 'Complete one’s own Booked appointment', description: '422 `status` (not Booked). 404 for another doctor’s appointment.', params: IdParams },
    },
    async (request) => {
      const id = idOf(request);
      const doctorId = request.user!.id;
      await db.transaction().execute(async (trx) => {
        const mine = await trx.selectFrom('appointments').select('id').where('id', '=', id).where('doctor_id', '=', doctorId).executeTakeFirst();
        if (!mine) throw notFound();
        await endBooking(trx, id, 'Completed');
        await audit(trx, {
          actorId: null, action: 'field_status', resource: 'appointments', recordId: id,
          changes: { user_id: doctorId, status: { from: 'Booked', to: 'Completed' } }, ip: request.ip, requestId: request.id,
        });
      });
      announce(ctx, 'appointments', 'status', id);
      return ok(await doctorsAppointment(doctorId, id), MESSAGES.updated);
    },
  );
}
