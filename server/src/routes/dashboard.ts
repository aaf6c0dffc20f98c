import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';

/** the cities shown on the "total users" chart: those with the most doctors and patients */
const CITY_LIMIT = 12;

/** The cities with the most doctors and patients (ties by name), from the per-city counts. */
async function topCities(db: Kysely<Database>, counts: { city_id: number | null; type: string; n: number }[]) {
  const byCity = new Map<number, { doctor_count: number; patient_count: number }>();
  for (const c of counts) {
    if (c.city_id === null) continue;
    const entry = byCity.get(c.city_id) ?? { doctor_count: 0, patient_count: 0 };
    if (c.type === 'doctor') entry.doctor_count += Number(c.n);
    else entry.patient_count += Number(c.n);
    byCity.set(c.city_id, entry);
  }
  const ids = [...byCity.keys()];
  const names = ids.length ? new Map((await db.selectFrom('cities').select(['id', 'title']).where('id', 'in', ids).execute()).map((c) => [c.id, c.title])) : new Map<number, string>();
  return [...byCity]
    .map(([id, c]) => ({ city_name: names.get(id) ?? '', ...c }))
    .sort((a, b) => b.doctor_count + b.patient_count - (a.doctor_count + a.patient_count) || a.city_name.localeCompare(b.city_name))
    .slice(0, CITY_LIMIT);
}

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
      // per city and kind, from the (type, city_id) index alone; the top cities get their names below
      db
        .selectFrom('users')
        .select(['city_id', 'type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('type', 'in', ['patient', 'doctor'])
        .where('city_id', 'is not', null)
        .groupBy(['city_id', 'type'])
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
      cities: await topCities(db, cities),
      appointments,
      tasks,
    });
  });
}
