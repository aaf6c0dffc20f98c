import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';

/** the cities shown on the "total users" chart: those with the most doctors and patients */
const CITY_LIMIT = 12;

/**
 * GET /dashboard: the spec's shape, computed in a few aggregate queries. Patients and doctors come from
 * the one account table (their kept row counts), the per-city chart from the cities with the most of
 * them. CHWs belong to districts: an admin limited to some districts counts only theirs. The monthly
 * appointments come from `appointment_months`, kept by triggers. Task submissions come with their module.
 */
export function registerDashboardRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  app.get('/api/admin/dashboard', { config: { access: {} }, schema: { tags: ['dashboard'] } }, async (request) => {
    const admin = requireAdmin(request);
    const kept = async (key: string) => Number((await db.selectFrom('row_counts').select('n').where('table_name', '=', key).executeTakeFirst())?.n ?? 0);
    let chwCount = db.selectFrom('chw_profiles').select((eb) => eb.fn.countAll<number>().as('n'));
    if (admin.districtIds) chwCount = chwCount.where('district_id', 'in', admin.districtIds.length ? [...admin.districtIds] : [0]);
    const [admins, doctors, patients, chws, cities] = await Promise.all([
      kept('admins'),
      kept('users:doctor'),
      kept('users:patient'),
      chwCount.executeTakeFirst(),
      db
        .selectFrom('users as u')
        .innerJoin('cities as c', 'c.id', 'u.city_id')
        .select([
          'c.title as city_name',
          sql<number>`sum(case when u.type = 'doctor' then 1 else 0 end)`.as('doctor_count'),
          sql<number>`sum(case when u.type = 'patient' then 1 else 0 end)`.as('patient_count'),
        ])
        .where('u.type', 'in', ['patient', 'doctor'])
        .groupBy(['c.id', 'c.title'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('c.title')
        .limit(CITY_LIMIT)
        .execute(),
    ]);
    // the last twelve months, from the counts triggers keep per month (never a scan of the appointments)
    const since = new Date();
    since.setUTCMonth(since.getUTCMonth() - 11, 1);
    const months = await db.selectFrom('appointment_months').select(['month', 'n']).where('month', '>=', since.toISOString().slice(0, 7)).where('n', '>', 0).orderBy('month').execute();
    const appointments = months.map((m) => ({ appointment_month: m.month, total_appointments: Number(m.n) }));
    const tasks: { task_name: string; submission_count: number }[] = []; // tasks module
    return ok({
      total_users: admins + doctors + patients,
      admins,
      doctors,
      patients,
      chws: Number(chws?.n ?? 0),
      cities: cities.map((c) => ({ city_name: c.city_name, doctor_count: Number(c.doctor_count), patient_count: Number(c.patient_count) })),
      appointments,
      tasks,
    });
  });
}
