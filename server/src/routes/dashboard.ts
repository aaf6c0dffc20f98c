import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { jsonArrayFrom as postgresArray } from 'kysely/helpers/postgres';
import { permissionName } from '../../../contract/permissions';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { answers } from '../http/responses';
import { districtCondition, idsWithinDistricts } from '../http/list';
import { type AnySelect, dynamic, type Row } from '../http/resource';
import { tasks as taskDeclaration } from '../resources/programme/tasks';

declare module '../db/schema' {
  interface Database {
    user_city_counts: { city_id: number; type: string; n: number };
    chw_district_counts: { district_id: number; n: number };
    task_submission_counts: { task_id: number; n: number };
  }
}

/** the cities shown on the "total users" chart: those with the most doctors and patients */
const CITY_LIMIT = 100;
/** the tasks on the "task submissions" card: those with the most survey submissions */
const TASK_LIMIT = 10;

/** The people counted per city (doctors and patients) with the cities' names: the chart's rows (citiesChart). */
const cityCounts = (db: Kysely<Database>) =>
  db
    .selectFrom('user_city_counts as c')
    .innerJoin('cities', 'cities.id', 'c.city_id')
    .select(['c.city_id', 'cities.title', 'c.type', 'c.n'])
    .where('c.type', 'in', ['patient', 'doctor'])
    .where('c.n', '>', 0);

/** The chart's cities from people counted per city and kind: the most doctors and patients first (ties by name). */
function citiesChart(counts: { city_id: number; title: string; type: string; n: number | string }[]) {
  const byCity = new Map<number, { city_name: string; doctor_count: number; patient_count: number }>();
  for (const c of counts) {
    const entry = byCity.get(c.city_id) ?? { city_name: c.title, doctor_count: 0, patient_count: 0 };
    if (c.type === 'doctor') entry.doctor_count += Number(c.n);
    else entry.patient_count += Number(c.n);
    byCity.set(c.city_id, entry);
  }
  return [...byCity.values()]
    .sort((a, b) => b.doctor_count + b.patient_count - (a.doctor_count + a.patient_count) || a.city_name.localeCompare(b.city_name))
    .slice(0, CITY_LIMIT);
}

/**
 * The figures of an admin limited to some districts: its patients (and their appointments) are those
 * placed in its districts, as every list keeps them, and its admins those limited to (some of) the
 * same districts; doctors serve every district, so they are counted whole. Counted from the rows
 * (kept counts are programme-wide): along the patients' district index, and each patient's
 * appointments along their own index.
 */
async function limitedFigures(ctx: AppContext, districtIds: readonly number[], since: string) {
  const db = dynamic(ctx.db);
  const registry = ctx.registry.byName;
  const patientIds = idsWithinDistricts(ctx, registry.get('app-users')!, districtIds)!;
  const appointmentsWithin = districtCondition(ctx, registry.get('appointments')!, districtIds)!;
  const ids = districtIds.length ? [...districtIds] : [0];
  const [patients, admins, cityPatients, cityDoctors, months] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'patient').where('id', 'in', patientIds).executeTakeFirst(),
    ctx.db.selectFrom('admins as a').select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.exists(eb.selectFrom('admin_districts as d').select('d.admin_id').whereRef('d.admin_id', '=', 'a.id').where('d.district_id', 'in', ids))).executeTakeFirst(),
    db.selectFrom('users').innerJoin('cities', 'cities.id', 'users.city_id').select(['users.city_id', 'cities.title', (eb) => eb.fn.countAll<number>().as('n')])
      .where('users.type', '=', 'patient').where('users.id', 'in', patientIds).groupBy(['users.city_id', 'cities.title']).execute(),
    ctx.db.selectFrom('user_city_counts as c').innerJoin('cities', 'cities.id', 'c.city_id').select(['c.city_id', 'cities.title', 'c.n']).where('c.type', '=', 'doctor').where('c.n', '>', 0).execute(),
    appointmentsWithin(db.selectFrom('appointments').select([sql<string>`substr(date, 1, 7)`.as('month'), (eb) => eb.fn.countAll<number>().as('n')]).where('date', '>=', since))
      .groupBy(sql`substr(date, 1, 7)`).orderBy(sql`substr(date, 1, 7)`).execute(),
  ]);
  const counts = [
    ...cityPatients.map((c) => ({ city_id: Number(c.city_id), title: String(c.title), type: 'patient', n: Number(c.n) })),
    ...cityDoctors.map((c) => ({ city_id: c.city_id, title: c.title, type: 'doctor', n: Number(c.n) })),
  ];
  return {
    patients: Number(patients?.n ?? 0),
    admins: Number(admins?.n ?? 0),
    cities: citiesChart(counts),
    months: months.map((m) => ({ month: String(m.month), n: Number(m.n) })),
  };
}

/**
 * The tasks with the most survey submissions (ties: the newer task first), from the kept per-task
 * counts walked backwards in their index's order, so the walk stops at the tenth task; for an admin
 * limited to some districts, only the tasks placed in them (as the tasks declaration places them).
 */
function topTasks(ctx: AppContext, districtIds: readonly number[] | null): AnySelect {
  const query: AnySelect = dynamic(ctx.db)
    .selectFrom('task_submission_counts as c')
    .innerJoin('tasks', 'tasks.id', 'c.task_id')
    .select(['c.task_id', 'tasks.title as task_name', 'c.n as submission_count'])
    .where('c.n', '>', 0)
    .orderBy('c.n', 'desc')
    .orderBy('c.task_id', 'desc')
    .limit(TASK_LIMIT);
  const district = districtCondition(ctx, taskDeclaration, districtIds);
  return district ? district(query) : query;
}

/** The tasks' rows as the answer shows them, in their order (most submissions, then the newer task). */
const tasksShown = (rows: readonly { task_id: number | string; task_name: string; submission_count: number | string }[]) =>
  [...rows]
    .sort((a, b) => Number(b.submission_count) - Number(a.submission_count) || Number(b.task_id) - Number(a.task_id))
    .map((t) => ({ task_name: String(t.task_name), submission_count: Number(t.submission_count) }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's rows
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * Several queries' rows, by name. PostgreSQL: in one statement, each query's rows a JSON array of one
 * SELECT (every statement is a round trip: the dashboard's five were five). SQLite: each query on its own
 * (in process, where building and parsing the JSON cost a quarter more than the five queries).
 */
async function rowsOfEach<K extends string>(ctx: AppContext, queries: Record<K, AnyQuery>): Promise<Record<K, Row[]>> {
  const named = Object.entries(queries) as [K, AnyQuery][];
  if (ctx.dialect !== 'postgres') {
    const rows = await Promise.all(named.map(([, query]) => query.execute()));
    return Object.fromEntries(named.map(([key], i) => [key, rows[i]])) as Record<K, Row[]>;
  }
  const row: Row = await dynamic(ctx.db).selectNoFrom(named.map(([key, query]) => postgresArray(query).as(key))).executeTakeFirstOrThrow();
  return Object.fromEntries(named.map(([key]) => [key, (row[key] ?? []) as Row[]])) as Record<K, Row[]>;
}

const count = Type.Integer({ minimum: 0 });
/** The dashboard's figures, as the spec reads them. */
const DASHBOARD = Type.Object({
  total_users: count,
  admins: count,
  doctors: count,
  patients: count,
  chws: count,
  cities: Type.Array(Type.Object({ city_name: Type.String(), doctor_count: count, patient_count: count })),
  appointments: Type.Array(Type.Object({ appointment_month: Type.String({ description: 'YYYY-MM' }), total_appointments: count })),
  tasks: Type.Array(Type.Object({ task_name: Type.String(), submission_count: count })),
});

/**
 * GET /dashboard: the spec's shape, read from counts that triggers keep in the transaction of every
 * write (never a scan, so its cost does not grow with the people or the appointments): admins,
 * patients and doctors from `row_counts`, the per-city chart from `user_city_counts`, CHWs from
 * `chw_district_counts` (an admin limited to some districts counts only theirs), the monthly
 * appointments from `appointment_months` (migrations 0012 and 0022), the tasks with the most survey
 * submissions from `task_submission_counts` (migration 0024) for those who may see tasks (`view_task`),
 * within their districts.
 */
export function registerDashboardRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  app.get('/api/admin/dashboard', { config: { access: {} }, schema: { tags: ['dashboard'], response: answers(DASHBOARD, 'The figures (within the admin’s districts when it is limited to some).') } }, async (request) => {
    const admin = requireAdmin(request);
    // the last twelve months
    const since = new Date();
    since.setUTCMonth(since.getUTCMonth() - 11, 1);
    const month = since.toISOString().slice(0, 7);
    const seesTasks = admin.permissions.has(permissionName('view', taskDeclaration.module));
    const any = dynamic(db);
    let chwCount = any.selectFrom('chw_district_counts').select((eb) => eb.fn.sum<number | null>('n').as('n'));
    if (admin.districtIds) chwCount = chwCount.where('district_id', 'in', admin.districtIds.length ? [...admin.districtIds] : [0]);
    const kept = any.selectFrom('row_counts').select(['table_name', 'n']).where('table_name', 'in', ['admins', 'users:doctor', 'users:patient']);
    // the programme's figures are kept counts, read together (rowsOfEach). An admin limited to some
    // districts has its patients, admins, cities and months counted from the rows (limitedFigures)
    const queries: Record<string, AnyQuery> = {
      kept,
      chws: chwCount,
      ...(seesTasks ? { tasks: topTasks(app.ctx, admin.districtIds) } : {}),
      ...(admin.districtIds ? {} : {
        cities: cityCounts(db),
        months: any.selectFrom('appointment_months').select(['month', 'n']).where('month', '>=', month).where('n', '>', 0),
      }),
    };
    const [rows, limited] = await Promise.all([rowsOfEach(app.ctx, queries), admin.districtIds ? limitedFigures(app.ctx, admin.districtIds, month) : null]);
    const count = (key: string) => Number(rows.kept!.find((k) => k.table_name === key)?.n ?? 0);
    const doctors = count('users:doctor');
    const admins = limited ? limited.admins : count('admins');
    const patients = limited ? limited.patients : count('users:patient');
    const cities = limited ? limited.cities : citiesChart(rows.cities as { city_id: number; title: string; type: string; n: number | string }[]);
    const months = limited ? limited.months : (rows.months as { month: string; n: number | string }[]).sort((a, b) => (a.month < b.month ? -1 : 1));
    const tasks = seesTasks ? tasksShown(rows.tasks as { task_id: number; task_name: string; submission_count: number }[]) : [];
    const chws = rows.chws![0]?.n;
    return ok({
      total_users: admins + doctors + patients,
      admins,
      doctors,
      patients,
      chws: Number(chws ?? 0),
      cities,
      appointments: months.map((m) => ({ appointment_month: m.month, total_appointments: Number(m.n) })),
      tasks,
    });
  });
}
