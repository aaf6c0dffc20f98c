import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { USER_STATUS } from '../../../../contract/enums';
import { ok } from '../../http/envelope';
import { notFound, ValidationError } from '../../http/errors';
import { MAX_ID } from '../../http/fields';
import { notStartedBound } from '../../resources/appointmentWrites';
import { OPEN_SLOT_STATUSES, SLOT_IDS } from '../../resources/dutyRosters';
import { isCalendarDay } from '../../resources/programme/place';
import { ratingsOf } from '../../resources/people/doctors';
import { FIELD_BOOKING } from './appointments';
import { DAY, fieldRoute, fullName, IdParams, idOf, MONTH, NUMBER, PAGE, pageOf, PER_PAGE, tags } from './shared';
import { appointmentViews } from './views';

/**
 * A patient finds a doctor, under /api/field: the specializations, the active doctors (of one
 * specialization, with their rating), a doctor's open slots of a day or a month that have not begun,
 * and the reasons a booking may be cancelled with.
 */
export async function fieldDoctorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx;
  const patientRoute = fieldRoute('patient');
  const { photo, specializationsOf } = appointmentViews(ctx);

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

}
