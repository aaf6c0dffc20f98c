import { type RawBuilder, sql } from 'kysely';
import { MIGRATIONS } from '../src/db/migrations';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf, type Row, sampler } from './helpers/http';

// many writes through the API, some of them concurrent, and a migration down and up: allow for a busy machine
jest.setTimeout(180_000);

const CITY_LIMIT = 100;
const TASK_LIMIT = 10;

/** who asks: the token, the districts the admin is limited to (null: all) and whether it may see tasks */
interface Viewer { token: string; districtIds: number[] | null; tasks: boolean }

/**
 * GET /dashboard reads counts kept by triggers (migrations 0022 and 0024). Every test writes people,
 * CHWs, appointments and survey submissions in the ways the data can change (the API, bulk statements, moves between cities, kinds,
 * districts and months, cascaded deletes, concurrent moves, the migration's own fill) and then holds
 * the dashboard to the same figures counted directly from the rows.
 */
describe.each(DIALECTS)('the dashboard from kept counts (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  /** one sampler for the suite: its records' unique fields (codes, emails) count on across tests */
  let samples: ReturnType<typeof sampler>;
  const tag = Math.random().toString(36).slice(2, 7);
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    samples = sampler(api);
  });
  afterAll(() => t?.close());

  const db = () => anyDb(t);
  const num = (v: unknown) => Number(v);

  /**
   * The dashboard computed from the rows themselves, as the route computed it before the counters. An
   * admin limited to some districts counts the patients placed in them (and their family's and their
   * appointments), the admins limited to some of them, and every doctor (doctors have no district).
   */
  async function fromRows({ districtIds, tasks: seesTasks }: Viewer) {
    const within = districtIds ? (districtIds.length ? districtIds : [0]) : null;
    /** the patients a limited admin sees: placed in its districts */
    const placedPatients = db().selectFrom('patient_profiles').select('id').where('district_id', 'in', within ?? [0]);
    const seen = (type: 'patient' | 'doctor') => (qb: Row) => (within && type === 'patient' ? qb.where('users.id', 'in', placedPatients) : qb);
    const kind = async (k: 'patient' | 'doctor') =>
      num((await seen(k)(db().selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('users.type', '=', k)).executeTakeFirstOrThrow()).n);
    let adminCount = db().selectFrom('admins').select((eb) => eb.fn.countAll().as('n'));
    if (within) adminCount = adminCount.where('id', 'in', db().selectFrom('admin_districts').select('admin_id').where('district_id', 'in', within));
    const admins = num((await adminCount.executeTakeFirstOrThrow()).n);
    let chws = db().selectFrom('chw_profiles').select((eb) => eb.fn.countAll().as('n'));
    if (within) chws = chws.where('district_id', 'in', within);
    const perCity = [];
    for (const type of ['patient', 'doctor'] as const) {
      perCity.push(...(await seen(type)(db()
        .selectFrom('users')
        .innerJoin('cities', 'cities.id', 'users.city_id')
        .select(['cities.title', 'users.type', (eb) => eb.fn.countAll().as('n')])
        .where('users.type', '=', type))
        .groupBy(['cities.id', 'cities.title', 'users.type'])
        .execute()));
    }
    const byCity = new Map<string, { city_name: string; doctor_count: number; patient_count: number }>();
    for (const r of perCity) {
      const entry = byCity.get(r.title) ?? { city_name: r.title, doctor_count: 0, patient_count: 0 };
      entry[r.type === 'doctor' ? 'doctor_count' : 'patient_count'] += num(r.n);
      byCity.set(r.title, entry);
    }
    const cities = [...byCity.values()]
      .sort((a, b) => b.doctor_count + b.patient_count - (a.doctor_count + a.patient_count) || a.city_name.localeCompare(b.city_name))
      .slice(0, CITY_LIMIT);
    const since = new Date();
    since.setUTCMonth(since.getUTCMonth() - 11, 1);
    const byMonth = new Map<string, number>();
    let appointments = db().selectFrom('appointments').select('date');
    if (within) {
      const families = db().selectFrom('users').select('id').where('type', '=', 'family').where('parent_id', 'in', placedPatients);
      appointments = appointments.where((eb) => eb.or([eb('patient_id', 'in', placedPatients), eb('patient_id', 'in', families)]));
    }
    for (const { date } of await appointments.execute()) {
      const month = String(date).slice(0, 7);
      if (month >= since.toISOString().slice(0, 7)) byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
    }
    const [doctors, patients] = [await kind('doctor'), await kind('patient')];
    return {
      total_users: admins + doctors + patients,
      admins,
      doctors,
      patients,
      chws: num((await chws.executeTakeFirstOrThrow()).n),
      cities,
      appointments: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([m, n]) => ({ appointment_month: m, total_appointments: n })),
      tasks: seesTasks ? await tasksFromRows(districtIds) : [],
    };
  }

  /** the tasks with the most submissions, newer first on a tie, grouped from the submissions themselves */
  async function tasksFromRows(districtIds: number[] | null) {
    let perTask = db()
      .selectFrom('form_submissions as s')
      .innerJoin('tasks', 'tasks.id', 's.task_id')
      .select(['tasks.id', 'tasks.title', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['tasks.id', 'tasks.title']);
    if (districtIds) perTask = perTask.where('tasks.district_id', 'in', districtIds.length ? districtIds : [0]);
    return (await perTask.execute())
      .sort((a, b) => num(b.n) - num(a.n) || num(b.id) - num(a.id))
      .slice(0, TASK_LIMIT)
      .map((r) => ({ task_name: r.title, submission_count: num(r.n) }));
  }

  /** Every kept counter against a GROUP BY of its rows: no group missing, none extra, none below zero. */
  async function countersExact() {
    const rows = (q: RawBuilder<unknown>) => q.execute(db()).then((r) => (r.rows as Row[]).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'n' ? num(v) : v]))));
    expect(await rows(sql`SELECT city_id, type, n FROM user_city_counts WHERE n <> 0 ORDER BY city_id, type`))
      .toEqual(await rows(sql`SELECT city_id, type, count(*) AS n FROM users WHERE city_id IS NOT NULL GROUP BY city_id, type ORDER BY city_id, type`));
    expect(await rows(sql`SELECT district_id, n FROM chw_district_counts WHERE n <> 0 ORDER BY district_id`))
      .toEqual(await rows(sql`SELECT district_id, count(*) AS n FROM chw_profiles GROUP BY district_id ORDER BY district_id`));
    expect(await rows(sql`SELECT table_name, n FROM row_counts WHERE table_name LIKE 'users:%' AND n <> 0 ORDER BY table_name`))
      .toEqual(await rows(sql`SELECT 'users:' || type AS table_name, count(*) AS n FROM users GROUP BY type ORDER BY 'users:' || type`));
    expect(await rows(sql`SELECT month, n FROM appointment_months WHERE n <> 0 ORDER BY month`))
      .toEqual(await rows(sql`SELECT substr(date, 1, 7) AS month, count(*) AS n FROM appointments GROUP BY substr(date, 1, 7) ORDER BY substr(date, 1, 7)`));
    expect(await rows(sql`SELECT task_id, n FROM task_submission_counts WHERE n <> 0 ORDER BY task_id`))
      .toEqual(await rows(sql`SELECT task_id, count(*) AS n FROM form_submissions WHERE task_id IS NOT NULL GROUP BY task_id ORDER BY task_id`));
    for (const table of ['user_city_counts', 'chw_district_counts', 'appointment_months', 'task_submission_counts']) {
      expect([table, await rows(sql`SELECT n FROM ${sql.table(table)} WHERE n < 0`)]).toEqual([table, []]);
    }
  }

  /** The dashboard as the signed-in admin sees it equals the one counted from the rows. */
  async function exact(as: Viewer = { token: t.rootToken, districtIds: null, tasks: true }) {
    const expected = await fromRows(as);
    expect(dataOf(await client(t, as.token).get('/api/admin/dashboard'))).toEqual(expected);
    await countersExact();
    return expected;
  }

  const city = async (name: string) => dataOf(await api.post('/api/admin/cities', { title: `${name} ${tag}` }));
  const stamp = () => new Date().toISOString();
  /** `n` months before this one, as YYYY-MM-15 */
  const monthsAgo = (n: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - n, 15);
    return d.toISOString().slice(0, 10);
  };

  test('creates, moves between cities, blocks and deletes through the API keep every figure exact', async () => {
    const { sampleOf } = samples;
    const [x, y, z] = [await city('Xcity'), await city('Ycity'), await city('Zcity')];
    const patientDef = registry.byName.get('app-users')!;
    const doctorDef = registry.byName.get('doctors')!;
    const patients: Row[] = [];
    for (const c of [x, x, y, null]) patients.push(dataOf(await api.post('/api/admin/app-users', { ...(await sampleOf(patientDef)), city_id: c?.id ?? null })));
    const doctors: Row[] = [];
    for (const c of [z, null]) doctors.push(dataOf(await api.post('/api/admin/doctors', { ...(await sampleOf(doctorDef)), city_id: c?.id ?? null })));
    const first = await exact();
    // the sample's own cities count too; ours are on the chart with their people
    expect(first.cities).toEqual(expect.arrayContaining([
      { city_name: `Xcity ${tag}`, doctor_count: 0, patient_count: 2 },
      { city_name: `Zcity ${tag}`, doctor_count: 1, patient_count: 0 },
    ]));

    // a patient from X to Y, one from Y to no city, the one without a city to Z; the doctor from Z to X
    dataOf(await api.put(`/api/admin/app-users/${patients[0]!.encrypted_id}`, { city_id: y.id }));
    dataOf(await api.put(`/api/admin/app-users/${patients[2]!.encrypted_id}`, { city_id: null }));
    dataOf(await api.put(`/api/admin/app-users/${patients[3]!.encrypted_id}`, { city_id: z.id }));
    dataOf(await api.put(`/api/admin/doctors/${doctors[0]!.encrypted_id}`, { city_id: x.id }));
    // an edit that leaves the city as it was changes no count
    dataOf(await api.put(`/api/admin/app-users/${patients[1]!.encrypted_id}`, { city_id: x.id, l_name: 'Unmoved' }));
    const moved = await exact();
    expect(moved.cities).toEqual(expect.arrayContaining([
      { city_name: `Xcity ${tag}`, doctor_count: 1, patient_count: 1 },
      { city_name: `Ycity ${tag}`, doctor_count: 0, patient_count: 1 },
      { city_name: `Zcity ${tag}`, doctor_count: 0, patient_count: 1 },
    ]));

    // blocking counts the person as before (the dashboard counts accounts whatever their status)
    dataOf(await api.put(`/api/admin/app-users/status/${patients[1]!.encrypted_id}`, { status: 2 }));
    expect((await exact()).patients).toBe(moved.patients);

    dataOf(await api.del(`/api/admin/app-users/${patients[3]!.encrypted_id}`));
    dataOf(await api.del(`/api/admin/doctors/${doctors[0]!.encrypted_id}`));
    const after = await exact();
    expect(after.patients).toBe(moved.patients - 1);
    expect(after.doctors).toBe(moved.doctors - 1);
    expect(after.cities.find((c) => c.city_name === `Zcity ${tag}`)).toBeUndefined();
  });

  test('CHWs are counted per district: created, moved to another district and deleted, for all and for an admin limited to one district', async () => {
    const { ref } = samples;
    const [a, b] = [await ref('chw'), await ref('chw')];
    expect(a.district_id).not.toBe(b.district_id);
    const role = dataOf(await api.post('/api/admin/roles', { name: `Dashboard ${tag}`, permissions: ['view_chw'] }));
    const password = 'quiet-river-stone-9';
    dataOf(await api.post('/api/admin/admins', { f_name: 'Limited', email: `limited-${tag}@example.org`, cnic: '3520112345671', role_id: role.id, district_ids: [a.district_id], password, confirmPassword: password }));
    const limited = { token: await t.login(`limited-${tag}@example.org`, password), districtIds: [a.district_id as number], tasks: false };
    expect((await exact(limited)).chws).toBe(1);
    const all = (await exact()).chws;

    // b moves into a's district (its tehsil and VC area with it)
    dataOf(await api.put(`/api/admin/chw/${b.encrypted_id}`, { district_id: a.district_id, tehsil_id: a.tehsil_id, area_id: a.area_id }));
    expect((await exact(limited)).chws).toBe(2);
    expect((await exact()).chws).toBe(all);

    // deleting the account deletes its profile (a cascade), which the counter follows
    dataOf(await api.del(`/api/admin/chw/${a.encrypted_id}`));
    expect((await exact(limited)).chws).toBe(1);
    expect((await exact()).chws).toBe(all - 1);
  });

  test('bulk inserts, updates (cities, kinds) and deletes of many rows in one statement keep every figure exact', async () => {
    const { ref } = samples;
    const [p, q] = [await city('Pcity'), await city('Qcity')];
    const chw = await ref('chw');
    const other = await ref('chw');
    const kinds = ['patient', 'doctor', 'family', 'chw'];
    const now = stamp();
    const people = Array.from({ length: 240 }, (_, i) => ({
      type: kinds[i % 4]!, f_name: `Bulk${tag}`, l_name: String(i), city_id: i % 5 === 0 ? null : i % 3 ? p.id : q.id, created_at: now, updated_at: now,
    }));
    await db().insertInto('users').values(people).execute();
    // CHW profiles for the bulk CHWs, in two districts
    const bulkChws = await db().selectFrom('users').select('id').where('f_name', '=', `Bulk${tag}`).where('type', '=', 'chw').orderBy('id').execute();
    await db().insertInto('chw_profiles').values(bulkChws.map((u, i) => {
      const at = i % 2 ? chw : other;
      return { id: u.id, qualification_id: at.qualification_id, district_id: at.district_id, tehsil_id: at.tehsil_id, area_id: at.area_id, joining_date: '2026-01-01' };
    })).execute();
    const inserted = await exact();
    expect(inserted.cities.slice(0, 2).map((c) => c.city_name).sort()).toEqual([`Pcity ${tag}`, `Qcity ${tag}`].sort());

    // everyone in P to Q, a third of the rest to no city, and family members become doctors
    await db().updateTable('users').set({ city_id: q.id }).where('city_id', '=', p.id).execute();
    expect((await exact()).cities[0]).toMatchObject({ city_name: `Qcity ${tag}` });
    await sql`UPDATE users SET city_id = NULL WHERE f_name = ${`Bulk${tag}`} AND id % 3 = 0`.execute(db());
    await exact();
    await db().updateTable('users').set({ type: 'doctor' }).where('f_name', '=', `Bulk${tag}`).where('type', '=', 'family').execute();
    const retyped = await exact();
    expect(retyped.doctors).toBe(inserted.doctors + 60);
    // CHWs change district in bulk
    await db().updateTable('chw_profiles').set({ district_id: chw.district_id }).where('id', 'in', bulkChws.map((u) => u.id)).execute();
    await exact();

    // half of them deleted in one statement (their CHW profiles with them)
    await sql`DELETE FROM users WHERE f_name = ${`Bulk${tag}`} AND id % 2 = 0`.execute(db());
    await exact();
    await db().deleteFrom('users').where('f_name', '=', `Bulk${tag}`).execute();
    const gone = await exact();
    expect(gone.patients).toBe(inserted.patients - 60);
  });

  test('appointments follow their month when added in bulk, moved to another month and deleted', async () => {
    const { ref } = samples;
    const [patient, doctor] = [await ref('app-users'), await ref('doctors')];
    const now = stamp();
    const row = (date: string) => ({ patient_id: patient.id, doctor_id: doctor.id, date, s_time: '09:00', e_time: '09:30', status: 'Booked', created_at: now, updated_at: now });
    await db().insertInto('appointments').values([0, 0, 1, 2, 2, 2, 5, 13].map((n) => row(monthsAgo(n)))).execute();
    const before = await exact();
    expect(before.appointments.length).toBeGreaterThanOrEqual(4);
    // one from two months ago to this month, the rest of that month in one statement to 13 months ago (off the chart)
    const twoAgo = await db().selectFrom('appointments').select('id').where('date', '=', monthsAgo(2)).orderBy('id').execute();
    await db().updateTable('appointments').set({ date: monthsAgo(0) }).where('id', '=', twoAgo[0]!.id).execute();
    await exact();
    await db().updateTable('appointments').set({ date: monthsAgo(13) }).where('id', 'in', twoAgo.slice(1).map((a) => a.id)).execute();
    // a change of day within the month changes nothing
    await db().updateTable('appointments').set({ date: monthsAgo(5).slice(0, 8) + '02' }).where('date', '=', monthsAgo(5)).execute();
    const moved = await exact();
    expect(moved.appointments.find((m) => m.appointment_month === monthsAgo(2).slice(0, 7))).toBeUndefined();
    await db().deleteFrom('appointments').where('patient_id', '=', patient.id).execute();
    await exact();
  });

  test('concurrent moves between two cities in opposite directions all succeed and keep the counts exact', async () => {
    const { sampleOf } = samples;
    const [east, west] = [await city('East'), await city('West')];
    const def = registry.byName.get('app-users')!;
    const made: { id: string; home: Row }[] = [];
    for (let i = 0; i < 12; i++) {
      const home = i % 2 ? east : west;
      made.push({ id: dataOf(await api.post('/api/admin/app-users', { ...(await sampleOf(def)), city_id: home.id })).encrypted_id, home });
    }
    await exact();
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(made.map(({ id, home }) => api.put(`/api/admin/app-users/${id}`, { city_id: (round ? home : home === east ? west : east).id })));
      expect(answers.map((r) => r.statusCode)).toEqual(made.map(() => 200));
      const dash = await exact();
      expect(dash.cities.filter((c) => c.city_name.endsWith(tag) && /^(East|West)/.test(c.city_name)).map((c) => c.patient_count)).toEqual([6, 6]);
    }
  });

  test('survey submissions are counted per task: added, moved between tasks, taken off a task and deleted in bulk; the ten most submitted shown, within an admin\'s districts and only to those who may see tasks', async () => {
    const { ref } = samples;
    const [a, b] = [await ref('tasks'), await ref('tasks')];
    expect(a.district_id).not.toBe(b.district_id);
    const form = await ref('dynamic-forms');
    const chw = await ref('chw');
    let n = 0;
    const submissions = (taskId: number | null, count: number) => {
      const now = stamp();
      return Array.from({ length: count }, () => ({ form_id: form.id, task_id: taskId, user_id: chw.id, client_id: `dash-${tag}-${++n}`, form_version: 1, submitted_at: now, created_at: now }));
    };
    // eleven more tasks copied from a (its district), so that the card has more than ten to choose from
    const copies: number[] = [];
    for (let i = 0; i < 11; i++) {
      await sql`INSERT INTO tasks (title, type, campaign_id, s_date, e_date, district_id, tehsil_id, "desc", file, status, created_at, updated_at)
        SELECT ${`Copy ${i} ${tag}`}, type, campaign_id, s_date, e_date, district_id, tehsil_id, "desc", file, status, created_at, updated_at FROM tasks WHERE id = ${a.id}`.execute(db());
      copies.push(num((await db().selectFrom('tasks').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id));
    }
    await db().insertInto('form_submissions').values([
      ...submissions(a.id as number, 30), ...submissions(b.id as number, 20), ...submissions(null, 4),
      // copy i has i + 1 submissions
      ...copies.flatMap((id, i) => submissions(id, i + 1)),
    ]).execute();
    const first = await exact();
    expect(first.tasks).toHaveLength(TASK_LIMIT);
    expect(first.tasks.slice(0, 2)).toEqual([{ task_name: a.title, submission_count: 30 }, { task_name: b.title, submission_count: 20 }]);

    // five of a's to b, the submissions without a task to copy 0, two of copy 10's off their task
    const ofA = await db().selectFrom('form_submissions').select('id').where('task_id', '=', a.id as number).orderBy('id').limit(5).execute();
    await db().updateTable('form_submissions').set({ task_id: b.id as number }).where('id', 'in', ofA.map((r) => r.id)).execute();
    await db().updateTable('form_submissions').set({ task_id: copies[0]! }).where('client_id', 'like', `dash-${tag}-%`).where('task_id', 'is', null).execute();
    const ofLast = await db().selectFrom('form_submissions').select('id').where('task_id', '=', copies[10]!).orderBy('id').limit(2).execute();
    await sql`UPDATE form_submissions SET task_id = NULL WHERE id IN (${sql.join(ofLast.map((r) => r.id))})`.execute(db());
    const moved = await exact();
    // a and b tie at 25, copy 10 (now 9) with copy 8, copy 0 (now 5) with copy 4 at the tenth place: the newer task first
    const copy = (i: number) => `Copy ${i} ${tag}`;
    expect(moved.tasks.map((x) => [x.task_name, x.submission_count])).toEqual([
      [b.title, 25], [a.title, 25], [copy(9), 10], [copy(10), 9], [copy(8), 9], [copy(7), 8], [copy(6), 7], [copy(5), 6], [copy(4), 5], [copy(0), 5],
    ]);

    // an admin limited to b's district sees b's task only; one without view_task sees no tasks
    const password = 'quiet-river-stone-9';
    const admin = async (name: string, permissions: string[], districts: number[]) => {
      const role = dataOf(await api.post('/api/admin/roles', { name: `${name} ${tag}`, permissions }));
      const email = `${name.toLowerCase()}-${tag}@example.org`;
      dataOf(await api.post('/api/admin/admins', { f_name: name, email, cnic: `35202${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, role_id: role.id, district_ids: districts, password, confirmPassword: password }));
      return t.login(email, password);
    };
    const inB = { token: await admin('Tasks', ['view_task'], [b.district_id as number]), districtIds: [b.district_id as number], tasks: true };
    expect((await exact(inB)).tasks).toEqual([{ task_name: b.title, submission_count: 25 }]);
    const blind = { token: await admin('Blind', ['view_chw'], []), districtIds: null, tasks: false };
    expect((await exact(blind)).tasks).toEqual([]);

    // b's submissions deleted in one statement; then every one of this test
    await db().deleteFrom('form_submissions').where('task_id', '=', b.id as number).execute();
    expect((await exact()).tasks.find((x) => x.task_name === b.title)).toBeUndefined();
    expect((await exact(inB)).tasks).toEqual([]);
    await db().deleteFrom('form_submissions').where('client_id', 'like', `dash-${tag}-%`).execute();
    await exact();

    // migration 0024 down, submissions written with no counter, and up again: filled from the rows
    const counts = MIGRATIONS['0024_task_submission_counts']!;
    await counts.down(t.db.db, t.db.dialect);
    await db().insertInto('form_submissions').values([...submissions(a.id as number, 3), ...submissions(copies[5]!, 2)]).execute();
    await counts.up(t.db.db, t.db.dialect);
    expect((await exact()).tasks.slice(0, 2)).toEqual([{ task_name: a.title, submission_count: 3 }, { task_name: `Copy 5 ${tag}`, submission_count: 2 }]);
    await db().insertInto('form_submissions').values(submissions(copies[5]!, 2)).execute();
    expect((await exact()).tasks[0]).toEqual({ task_name: `Copy 5 ${tag}`, submission_count: 4 });
  });

  test('the migration fills the counters from the rows already there, and its down and up again leave them exact', async () => {
    // this migration's own down (later migrations stay as they are), then rows written with no counters
    const counts = MIGRATIONS['0022_dashboard_counts']!;
    await counts.down(t.db.db, t.db.dialect);
    const tables = async () => (await t.db.db.introspection.getTables()).map((x) => x.name);
    expect(await tables()).not.toContain('user_city_counts');

    // rows written while there are no counters: people in cities, moves, CHWs, appointments
    const { ref } = samples;
    const chw = await ref('chw');
    const [r, s] = [await city('Rcity'), await city('Scity')];
    const now = stamp();
    await db().insertInto('users').values(Array.from({ length: 30 }, (_, i) => ({ type: i % 2 ? 'patient' : 'doctor', f_name: `Old${tag}`, city_id: i % 3 ? r.id : s.id, created_at: now, updated_at: now }))).execute();
    await db().updateTable('users').set({ city_id: s.id }).where('f_name', '=', `Old${tag}`).where('type', '=', 'doctor').execute();
    const old = await db().insertInto('users').values({ type: 'chw', f_name: `Old${tag}`, city_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('chw_profiles').values({ id: old.id, qualification_id: chw.qualification_id, district_id: chw.district_id, tehsil_id: chw.tehsil_id, area_id: chw.area_id, joining_date: '2026-01-01' }).execute();

    await counts.up(t.db.db, t.db.dialect);
    const filled = await exact();
    expect(filled.cities).toEqual(expect.arrayContaining([
      { city_name: `Rcity ${tag}`, doctor_count: 0, patient_count: 10 },
      { city_name: `Scity ${tag}`, doctor_count: 15, patient_count: 5 },
    ]));
    // and the triggers are back: a write after the migration is counted
    await db().updateTable('users').set({ city_id: r.id }).where('f_name', '=', `Old${tag}`).where('type', '=', 'doctor').execute();
    await db().deleteFrom('users').where('id', '=', old.id).execute();
    await exact();
  });
});
