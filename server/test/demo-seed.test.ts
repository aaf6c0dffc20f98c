import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCE_NAMES } from '../../contract/resources';
import { DemoDataExists, DEMO_PASSWORD, seedDemo } from '../src/seeds/demo';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf, type Row } from './helpers/http';

// seeding at scale 1 takes several seconds on PostgreSQL (more on a shared machine)
jest.setTimeout(270_000);

/**
 * The console's screens that are not resource lists (src/layout/Menu.tsx's links), each with the call
 * that fills it; null for a screen with nothing to list (a form). Every link of the menu must be here.
 */
const MENU_SCREENS: Record<string, string | null> = {
  '/dashboard': '/api/admin/dashboard',
  '/notifications': '/api/admin/notifications?per_page=1',
  '/audit-log': '/api/admin/audit-log?per_page=1',
  '/promotional': '/api/admin/promotional',
  '/locations/import': null,
};
const menuLinks = (): string[] =>
  [...readFileSync(join(__dirname, '../../src/layout/Menu.tsx'), 'utf8').matchAll(/\bto: '([^']+)'/g)].map((m) => m[1]!);

test('every screen of the menu that is not a resource list is known to the demo seed test', () => {
  expect(menuLinks().length).toBeGreaterThan(0);
  expect(menuLinks().filter((to) => !(to in MENU_SCREENS))).toEqual([]);
});

describe.each(DIALECTS)('demo seed at scale 1 (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedDemo(t.db, { scale: 1, argon2: { memoryCost: 1024, timeCost: 1 }, storage: t.app.ctx.storage, log: () => undefined });
  });
  afterAll(() => t?.close());

  test.each(RESOURCE_NAMES)('the %s list has rows for the unlimited admin, through the API', async (resource) => {
    const api = client(t);
    // the admin list is asked for on behalf of the signed-in admin, as the console does (LIST_PATHS)
    const me = dataOf(await api.get('/api/admin/me'));
    const path = resource === 'admins' ? `admins/admin/${me.encrypted_id}` : resource;
    const res = await api.get(`/api/admin/${path}`);
    expect([resource, res.statusCode]).toEqual([resource, 200]);
    const page = dataOf(res);
    expect([resource, page.total > 0, page.data.length > 0]).toEqual([resource, true, true]);
  });

  test.each(Object.entries(MENU_SCREENS).filter(([, call]) => call !== null))('the %s screen has data', async (_screen, call) => {
    const res = await client(t).get(call!);
    expect(res.statusCode).toBe(200);
    const data = dataOf(res);
    if ('total' in data) expect(data.total).toBeGreaterThan(0);
    else expect(Object.values(data).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && v !== 0))).toBe(true);
  });

  test('sizes at scale 1, the dashboard and the bell', async () => {
    const api = client(t);
    for (const [resource, atLeast] of [['roles', 8], ['qualifications', 20], ['specializations', 30], ['districts', 12], ['tehsils', 60], ['areas', 300], ['cities', 40], ['countries', 200], ['app-users', 1000], ['family-members', 500], ['chw', 50], ['facility-centers', 12], ['feedbacks', 200], ['supports', 50], ['appointment-requests', 200], ['categories', 6], ['health-literacy-content', 13], ['pages', 2], ['faqs', 8]] as const) {
      expect([resource, dataOf(await api.get(`/api/admin/${resource}?per_page=1`)).total >= atLeast]).toEqual([resource, true]);
    }
    const me = dataOf(await api.get('/api/admin/me'));
    expect(dataOf(await api.get(`/api/admin/admins/admin/${me.encrypted_id}?per_page=1`)).total).toBeGreaterThanOrEqual(50);
    expect(dataOf(await api.get('/api/admin/notifications')).total).toBe(9);
    const bell = dataOf(await api.get(`/api/admin/notifications/web/admin/${me.pusher_id}`));
    expect(bell.notifications).toHaveLength(6);
    expect(bell.count).toBe(2);
    const dash = dataOf(await api.get('/api/admin/dashboard'));
    expect(dash.admins).toBeGreaterThanOrEqual(51);
    expect(dash.cities.length).toBeGreaterThan(0);
    expect(dash.patients).toBe(1000);
    expect(dash.cities[0].patient_count).toBeGreaterThanOrEqual(dash.cities[1].patient_count);
  });

  test('each notification shows the copies the fan-out really stored, one for every active member of its audience', async () => {
    const db = t.db.db;
    const { data } = dataOf(await client(t).get('/api/admin/notifications?per_page=100'));
    expect(new Set(data.map((n: Row) => n.send_to))).toEqual(new Set(['admin', 'doctor', 'patient']));
    for (const n of data as Row[]) {
      const id = (await db.selectFrom('sent_notifications').select('id').where('title', '=', n.title).executeTakeFirstOrThrow()).id;
      const table = n.send_to === 'admin' ? 'admin_notifications' : 'user_notifications';
      const copies = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('sent_notification_id', '=', id).executeTakeFirstOrThrow()).n);
      const audience = n.send_to === 'admin'
        ? await db.selectFrom('admins').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 1).executeTakeFirstOrThrow()
        : await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', n.send_to).where('status', '=', 1).executeTakeFirstOrThrow();
      const active = Number(audience.n);
      expect([n.title, n.status, n.recipients, n.delivered]).toEqual([n.title, 'sent', active, copies]);
      expect(copies).toBeGreaterThan(0);
    }
    // a doctor's inbox in the field app holds the notices sent to doctors
    const doctor = await db.selectFrom('users').select('email').where('type', '=', 'doctor').where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const login = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: doctor.email, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  test('appointment requests: emergencies among them, handled ones linked to the booking made for the patient or a family member', async () => {
    const api = client(t);
    const { data } = dataOf(await api.get('/api/admin/appointment-requests?per_page=100'));
    expect(data.some((r: Row) => r.is_emergency)).toBe(true);
    const db = t.db.db;
    const rows = await db.selectFrom('appointment_requests as r').leftJoin('appointments as a', 'a.id', 'r.appointment_id').leftJoin('users as p', 'p.id', 'a.patient_id')
      .select(['r.id', 'r.patient_id', 'r.appointment_id', 'r.handled_at', 'r.created_at', 'a.id as booked', 'a.patient_id as for_id', 'p.parent_id', 'a.created_at as booked_at']).execute();
    const handled = rows.filter((r) => r.handled_at !== null);
    expect(handled.length).toBeGreaterThan(0);
    expect(rows.length - handled.length).toBeGreaterThan(0);
    expect(handled.filter((r) => r.booked === null || (r.for_id !== r.patient_id && r.parent_id !== r.patient_id) || r.created_at > r.booked_at!)).toEqual([]);
    expect(rows.filter((r) => r.handled_at === null && r.appointment_id !== null)).toEqual([]);
    // no booking handles two requests
    expect(new Set(handled.map((r) => r.appointment_id)).size).toBe(handled.length);
    // cancelled appointments carry a reason of the list
    const unexplained = await db.selectFrom('appointments as a').leftJoin('cancellation_reasons as c', 'c.id', 'a.cancel_reason_id').select('a.id')
      .where('a.status', '=', 'Cancelled').where('c.id', 'is', null).execute();
    expect(unexplained).toEqual([]);
    expect(Number((await db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'Cancelled').executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });

  test('ratings of appointments: a completed visit of the patient (or a family member) with its doctor; doctors show their average', async () => {
    const db = t.db.db;
    const rated = await db.selectFrom('feedbacks as f').innerJoin('appointments as a', 'a.id', 'f.appointment_id').innerJoin('users as p', 'p.id', 'a.patient_id')
      .select(['f.user_id', 'f.doctor_id', 'a.doctor_id as visit_doctor', 'a.status', 'a.patient_id', 'p.parent_id']).execute();
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.filter((r) => r.status !== 'Completed' || r.doctor_id !== r.visit_doctor || (r.user_id !== r.patient_id && r.user_id !== r.parent_id))).toEqual([]);
    const { data } = dataOf(await client(t).get('/api/admin/doctors?per_page=5'));
    expect(data.some((d: Row) => Number(d.rating) > 0)).toBe(true);
  });

  test('health literacy items and categories hold files written to the storage and served', async () => {
    const db = t.db.db;
    const items = await db.selectFrom('health_literacy_contents').select(['type', 'file', 'thumbnail']).execute();
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['image', 'pdf', 'video']));
    expect(items.filter((i) => i.type === 'video' && !i.thumbnail)).toEqual([]);
    const paths = [
      ...items.flatMap((i) => [i.file, i.thumbnail]),
      ...(await db.selectFrom('categories').select('file').execute()).map((c) => c.file),
    ].filter((p): p is string => p !== null);
    for (const path of paths) {
      const held = Number((await db.selectFrom('stored_files').select('holders').where('path', '=', path).executeTakeFirst())?.holders ?? 0);
      expect([path, held > 0, ((await t.app.ctx.storage.size(path)) ?? 0) > 0]).toEqual([path, true, true]);
    }
    // tasks and messages of type Knowledge point at an active item
    const knowledge = await db.selectFrom('tasks as k').innerJoin('health_literacy_contents as h', 'h.id', 'k.knowledge_id').select(['k.id', 'h.status']).where('k.type', '=', 'Knowledge').execute();
    expect(knowledge.length).toBeGreaterThan(0);
    expect(knowledge.filter((k) => k.status !== 1)).toEqual([]);
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
    // the count each message shows is its recipients, exactly those the server's rule picks
    const { data } = dataOf(await api.get('/api/admin/user-messages?per_page=100'));
    for (const m of data as Row[]) {
      const id = (await db.selectFrom('user_messages').select('id').where('title', '=', m.title).where('created_at', '=', m.created_at).executeTakeFirstOrThrow()).id;
      const stored = Number((await db.selectFrom('user_message_recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('message_id', '=', id).executeTakeFirstOrThrow()).n);
      expect([m.title, m.total_users]).toEqual([m.title, stored]);
    }
    expect(await unchangedByTheServer(t)).toEqual([]);
  });

  test('the recipients stored for new messages at once are those the server picks for each: every age range, one to three interests', async () => {
    const db = t.db.db;
    const { matchingPatients, storeRecipientsOfNewMessages } = await import('../src/resources/programme/messages');
    // the tehsils with most patients, each message with other interests and ages
    const tehsils = await db.selectFrom('patient_profiles').select(['tehsil_id', (eb) => eb.fn.countAll<number>().as('n')]).where('tehsil_id', 'is not', null)
      .groupBy('tehsil_id').orderBy('n', 'desc').orderBy('tehsil_id').limit(4).execute();
    const place = async (tehsil_id: number) => (await db.selectFrom('tehsils').select('district_id').where('id', '=', tehsil_id).executeTakeFirstOrThrow()).district_id;
    const interests = (await db.selectFrom('interests').select('id').orderBy('id').execute()).map((r) => r.id);
    const ageRanges = [[null, null], [18, 45], [0, 30], [40, 130], [18, 45]] as const;
    const made: { id: number; tehsil_id: number; from_age: number | null; to_age: number | null; interestIds: number[] }[] = [];
    for (const [i, [from_age, to_age]] of ageRanges.entries()) {
      const tehsil_id = Number(tehsils[i % tehsils.length]!.tehsil_id);
      const interestIds = interests.slice(i % 4, (i % 4) + 1 + (i % 3));
      const stamp = new Date().toISOString();
      const { id } = await db.insertInto('user_messages').values({ type: 'General', title: `At once ${i}`, survey_id: null, knowledge_id: null, text: 'x', from_age, to_age,
        district_id: await place(tehsil_id), tehsil_id, status: 1, total_users: 0, created_by: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('user_message_interests').values(interestIds.map((interest_id) => ({ message_id: id, interest_id }))).execute();
      made.push({ id, tehsil_id, from_age, to_age, interestIds });
    }
    const stored = await storeRecipientsOfNewMessages(db, made);
    let total = 0;
    for (const m of made) {
      const expected = (await matchingPatients(db, m, m.interestIds).select('u.id').orderBy('u.id').execute()).map((r) => r.id);
      const got = (await db.selectFrom('user_message_recipients').select('user_id').where('message_id', '=', m.id).orderBy('user_id').execute()).map((r) => r.user_id);
      const { total_users } = await db.selectFrom('user_messages').select('total_users').where('id', '=', m.id).executeTakeFirstOrThrow();
      expect([m.id, got, total_users]).toEqual([m.id, expected, expected.length]);
      total += expected.length;
    }
    expect(stored).toBe(total);
    // every message has patients to pick (an empty pick would prove nothing)
    const counts = await Promise.all(made.map(async (m) => Number((await db.selectFrom('user_message_recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('message_id', '=', m.id).executeTakeFirstOrThrow()).n)));
    expect(counts.filter((n) => n === 0)).toEqual([]);
    expect(await unchangedByTheServer(t)).toEqual([]);
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

  test('refuses a second run without --force; a forced one adds people and work but no content twice', async () => {
    await expect(seedDemo(t.db, { scale: 1, log: () => undefined })).rejects.toBeInstanceOf(DemoDataExists);
    const db = t.db.db;
    const sizes = async () => Object.fromEntries(await Promise.all((['categories', 'health_literacy_contents', 'pages', 'faqs', 'promotional_sections', 'users', 'appointment_requests'] as const)
      .map(async (table) => [table, Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)] as const)));
    const before = await sizes();
    const lastMessage = (await db.selectFrom('user_messages').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    await seedDemo(t.db, { scale: 0.02, force: true, argon2: { memoryCost: 1024, timeCost: 1 }, storage: t.app.ctx.storage, log: () => undefined });
    const after = await sizes();
    expect({ ...after, users: before.users, appointment_requests: before.appointment_requests }).toEqual(before);
    expect(after.users).toBeGreaterThan(before.users!);
    expect(after.appointment_requests).toBeGreaterThan(before.appointment_requests!);
    // the second batch's notifications show their real copies too
    const unequal = await db.selectFrom('sent_notifications').select(['id', 'recipients', 'delivered', 'status']).where((eb) => eb.or([eb('recipients', '!=', eb.ref('delivered')), eb('status', '!=', 'sent')])).execute();
    expect(unequal).toEqual([]);
    // the second batch's messages, stored beside the first's, are the server's picks too (the first's
    // would now take the second batch's patients too: the server adds them on an edit)
    expect(await unchangedByTheServer(t, lastMessage)).toEqual([]);
  });
});

/**
 * Every message's recipients (those past `afterId`) resolved again by the server (resolveRecipients, as an edit does): the
 * messages whose recipients or total_users that changed, with what was there and what is after; none
 * when the seeder stored exactly the server's picks.
 */
async function unchangedByTheServer(t: TestApp, afterId = 0): Promise<unknown[]> {
  const db = t.db.db;
  const { resolveRecipients } = await import('../src/resources/programme/messages');
  const recipientsOf = async (id: number) => (await db.selectFrom('user_message_recipients').select('user_id').where('message_id', '=', id).orderBy('user_id').execute()).map((r) => r.user_id);
  const messages = await db.selectFrom('user_messages').select(['id', 'total_users']).where('id', '>', afterId).orderBy('id').execute();
  expect(messages.length).toBeGreaterThan(0);
  expect(messages.some((m) => m.total_users > 0)).toBe(true);
  const changed: unknown[] = [];
  for (const m of messages) {
    const before = await recipientsOf(m.id);
    const resolved = await resolveRecipients(db, m.id);
    const after = await recipientsOf(m.id);
    if (before.length !== m.total_users || resolved !== m.total_users || after.join() !== before.join()) changed.push({ id: m.id, total_users: m.total_users, before, resolved, after });
  }
  return changed;
}
