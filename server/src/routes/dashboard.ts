import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../http/envelope';

/** the cities shown on the "total users" chart: those with the most doctors and patients */
const CITY_LIMIT = 12;

/**
 * GET /dashboard: the spec's shape, computed in a few aggregate queries. Doctors, patients, appointments
 * and task submissions come with their own modules; each extends the query that stands for it here
 * and the figures stay zero until then.
 */
export function registerDashboardRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  app.get('/api/admin/dashboard', { config: { access: {} }, schema: { tags: ['dashboard'] } }, async () => {
    const [admins, cities] = await Promise.all([
      db.selectFrom('admins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      // doctor_count and patient_count: per-city counts of the doctors and patients modules
      db.selectFrom('cities').select(['title as city_name', sql<number>`0`.as('doctor_count'), sql<number>`0`.as('patient_count')])
        .orderBy('title').limit(CITY_LIMIT).execute(),
    ]);
    const doctors = 0; // doctors module
    const patients = 0; // patients module
    const appointments: { appointment_month: string; total_appointments: number }[] = []; // appointments module
    const tasks: { task_name: string; submission_count: number }[] = []; // tasks module
    const adminCount = Number(admins?.n ?? 0);
    return ok({
      total_users: adminCount + doctors + patients,
      admins: adminCount,
      doctors,
      patients,
      cities: cities.map((c) => ({ ...c, doctor_count: Number(c.doctor_count), patient_count: Number(c.patient_count) })),
      appointments,
      tasks,
    });
  });
}
