import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok, MESSAGES } from '../../http/envelope';
import { notFound, ValidationError } from '../../http/errors';
import { announce, endBooking } from '../../resources/appointmentWrites';
import { isCalendarDay } from '../../resources/programme/place';
import { audit } from '../../services/audit';
import { DAY, fieldRoute, IdParams, idOf, tags } from './shared';
import { appointmentViews } from './views';

/** A doctor's day, under /api/field: their appointments of a day, and completing one. */
export async function fieldDoctorsDayRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx;
  const doctorRoute = fieldRoute('doctor');
  const { appointmentsWhere, doctorsAppointment } = appointmentViews(ctx);

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
