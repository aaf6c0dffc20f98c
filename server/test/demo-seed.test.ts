import { DemoDataExists, DEMO_PASSWORD, seedDemo } from '../src/db/seeds/demo';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf } from './helpers/http';

// seeding at scale 1 takes several seconds on PostgreSQL (more on a shared machine)
jest.setTimeout(60_000);

describe.each(DIALECTS)('demo seed at scale 1 (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedDemo(t.db, { scale: 1, argon2: { memoryCost: 1024, timeCost: 1 }, log: () => undefined });
  });
  afterAll(() => t?.close());

  test('fills every screen built so far, through the API', async () => {
    const api = client(t);
    for (const [resource, atLeast] of [['admins', 50], ['roles', 8], ['qualifications', 20], ['specializations', 30], ['districts', 12], ['tehsils', 60], ['areas', 300], ['cities', 40], ['countries', 200], ['app-users', 1000], ['family-members', 500], ['chw', 50], ['facility-centers', 12], ['feedbacks', 200], ['supports', 50]] as const) {
      expect([resource, dataOf(await api.get(`/api/admin/${resource}?per_page=1`)).total >= atLeast]).toEqual([resource, true]);
    }
    expect(dataOf(await api.get('/api/admin/notifications')).total).toBe(6);
    const me = dataOf(await api.get('/api/admin/me'));
    const bell = dataOf(await api.get(`/api/admin/notifications/web/admin/${me.pusher_id}`));
    expect(bell.notifications).toHaveLength(6);
    expect(bell.count).toBe(2);
    const dash = dataOf(await api.get('/api/admin/dashboard'));
    expect(dash.admins).toBeGreaterThanOrEqual(51);
    expect(dash.cities.length).toBeGreaterThan(0);
    expect(dash.patients).toBe(1000);
    expect(dash.cities[0].patient_count).toBeGreaterThanOrEqual(dash.cities[1].patient_count);
  });

  test('every CHW works in a VC of its own tehsil and district; family members belong to patients; demo patients sign in to the app', async () => {
    const mismatched = await t.db.db
      .selectFrom('chw_profiles as c')
      .innerJoin('areas as a', 'a.id', 'c.area_id')
      .select('c.id')
      .where((eb) => eb.or([eb('a.tehsil_id', '!=', eb.ref('c.tehsil_id')), eb('a.district_id', '!=', eb.ref('c.district_id'))]))
      .execute();
    expect(mismatched).toEqual([]);
    const orphans = await t.db.db
      .selectFrom('users as f')
      .leftJoin('users as p', 'p.id', 'f.parent_id')
      .select('f.id')
      .where('f.type', '=', 'family')
      .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.type', '!=', 'patient')]))
      .execute();
    expect(orphans).toEqual([]);
    const patient = await t.db.db.selectFrom('users').select('email').where('type', '=', 'patient').where('status', '=', 1).limit(1).executeTakeFirstOrThrow();
    const login = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: patient.email, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    // a new patient after the bulk load gets a fresh id (PostgreSQL's sequence moved past the given ones)
    const { sampler } = await import('./helpers/http');
    expect((await sampler(client(t)).ref('app-users')).id).toBeGreaterThan(1500);
  });

  test('programme work: campaigns, tasks for CHWs of their tehsil, survey submissions by assigned CHWs, messages with resolved recipients', async () => {
    const api = client(t);
    for (const [resource, atLeast] of [['campaigns', 5], ['tasks', 50], ['user-messages', 3]] as const) {
      expect([resource, dataOf(await api.get(`/api/admin/${resource}?per_page=1`)).total >= atLeast]).toEqual([resource, true]);
    }
    const db = t.db.db;
    const count = async (table: 'form_submissions' | 'task_assignees' | 'user_message_recipients') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('form_submissions')).toBe(2000);
    expect(await count('user_message_recipients')).toBeGreaterThan(0);
    const outside = await db
      .selectFrom('task_assignees as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .innerJoin('chw_profiles as c', 'c.id', 'a.user_id')
      .select('a.task_id')
      .whereRef('c.tehsil_id', '!=', 't.tehsil_id')
      .execute();
    expect(outside).toEqual([]);
    const unassigned = await db
      .selectFrom('form_submissions as s')
      .leftJoin('task_assignees as a', (j) => j.onRef('a.task_id', '=', 's.task_id').onRef('a.user_id', '=', 's.user_id'))
      .innerJoin('tasks as t', 't.id', 's.task_id')
      .select('s.id')
      .where((eb) => eb.or([eb('a.user_id', 'is', null), eb('t.survey_id', '!=', eb.ref('s.form_id')), eb('a.status', '!=', 'Completed')]))
      .execute();
    expect(unassigned).toEqual([]);
    // the recipients are exactly those the server's rule picks
    const message = await db.selectFrom('user_messages').select(['id', 'total_users']).orderBy('total_users', 'desc').limit(1).executeTakeFirstOrThrow();
    const { resolveRecipients } = await import('../src/resources/programme/messages');
    expect(await resolveRecipients(db, message.id)).toBe(message.total_users);
  });

  test('every VC lies in a tehsil of its own district, and demo admins sign in', async () => {
    const mismatched = await t.db.db
      .selectFrom('areas as a')
      .innerJoin('tehsils as t', 't.id', 'a.tehsil_id')
      .select('a.id')
      .whereRef('t.district_id', '!=', 'a.district_id')
      .execute();
    expect(mismatched).toEqual([]);
    const demo = await t.db.db.selectFrom('admins').select('email').where('email', 'like', '%@demo.example.org').where('status', '=', 1).limit(1).executeTakeFirstOrThrow();
    await expect(t.login(demo.email, DEMO_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  test('refuses a second run without --force', async () => {
    await expect(seedDemo(t.db, { scale: 1, log: () => undefined })).rejects.toBeInstanceOf(DemoDataExists);
  });
});
