import { DemoDataExists, DEMO_PASSWORD, seedDemo } from '../src/db/seeds/demo';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf } from './helpers/http';

describe.each(DIALECTS)('demo seed at scale 1 (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedDemo(t.db, { scale: 1, argon2: { memoryCost: 1024, timeCost: 1 }, log: () => undefined });
  });
  afterAll(() => t?.close());

  test('fills every screen built so far, through the API', async () => {
    const api = client(t);
    for (const [resource, atLeast] of [['admins', 50], ['roles', 8], ['qualifications', 20], ['specializations', 30], ['districts', 12], ['tehsils', 60], ['areas', 300], ['cities', 40], ['countries', 200]] as const) {
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
