/**
 * The audit viewer (GET /audit-log): only for the activity permissions; each row says who, what, when
 * and what changed (an update's before and after, secrets hidden); filters by admin, resource, action
 * and dates, checked against the rows themselves. On SQLite and PostgreSQL.
 */
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf, fieldErrors, type Row } from './helpers/http';

describe.each(DIALECTS)('audit viewer (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  test('needs an activity permission; lists who did what and the before and after of an update, newest first', async () => {
    const none = await adminWith(t, ['view_location', 'create_location', 'edit_location']);
    expect((await client(t, none.token).get('/api/admin/audit-log')).statusCode).toBe(403);
    expect((await client(t, none.token).get('/api/admin/audit-log/facets')).statusCode).toBe(403);
    // the values of an entry go to who may read its record: here, locations and admins
    const viewer = await adminWith(t, ['create_activity_chw', 'view_location', 'view_sub_admin']);
    const editor = client(t, none.token);

    const district = dataOf(await editor.post('/api/admin/districts', { title: 'Swat' }));
    dataOf(await editor.put(`/api/admin/districts/${district.encrypted_id}`, { title: 'Swat Valley' }));

    const log = dataOf(await client(t, viewer.token).get('/api/admin/audit-log?resource=districts&per_page=2'));
    expect(log.total).toBe(2);
    const [update, create] = log.data as [Row, Row];
    expect(update).toMatchObject({
      action: 'update', resource: 'districts', record_encrypted_id: district.encrypted_id,
      actor: { email: none.email, encrypted_id: none.encryptedId },
      changes: { title: { from: 'Swat', to: 'Swat Valley' } },
    });
    expect(create).toMatchObject({ action: 'create', changes: { title: 'Swat' } });
    expect(Date.parse(update.created_at)).toBeGreaterThanOrEqual(Date.parse(create.created_at));
    expect(update.id).toBeGreaterThan(create.id);

    // an auditor who may not read districts sees who, what and when, without the values
    const blind = await adminWith(t, ['create_activity_chw']);
    const hidden = dataOf(await client(t, blind.token).get('/api/admin/audit-log?resource=districts&per_page=2')).data as Row[];
    expect(hidden.map((r) => [r.action, r.actor.email, r.changes, r.values_hidden])).toEqual([['update', none.email, null, true], ['create', none.email, null, true]]);

    // a password never shows, even to the viewer
    const admins = dataOf(await client(t, viewer.token).get('/api/admin/audit-log?resource=admins&action=create')).data as Row[];
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.some((row) => row.changes !== null)).toBe(true);
    for (const row of admins) expect(JSON.stringify(row.changes)).not.toMatch(/sub-admin-pass|\$argon2/);

    const facets = dataOf(await client(t, viewer.token).get('/api/admin/audit-log/facets'));
    expect(facets.resources).toEqual(expect.arrayContaining(['admins', 'districts', 'roles']));
    expect(facets.actions).toEqual(expect.arrayContaining(['create', 'update', 'login']));
  });

  test('filters by admin, action and dates agree with the rows; bad filters get field messages', async () => {
    const a = await adminWith(t, ['view_location', 'create_location']);
    const viewer = client(t, (await adminWith(t, ['view_activity_doctor'])).token);
    for (const title of ['Kohat', 'Bannu', 'Karak']) dataOf(await client(t, a.token).post('/api/admin/districts', { title }));

    const mine = dataOf(await viewer.get(`/api/admin/audit-log?admin_id=${a.encryptedId}&per_page=100`));
    const stored = await t.db.db.selectFrom('audit_log as l').innerJoin('admins as ad', 'ad.id', 'l.actor_id').select('l.id').where('ad.email', '=', a.email).execute();
    expect(mine.total).toBe(stored.length);
    expect((mine.data as Row[]).map((r) => r.id)).toEqual(stored.map((r) => r.id).sort((x, y) => y - x));
    expect((mine.data as Row[]).filter((r) => r.action === 'create' && r.resource === 'districts')).toHaveLength(3);
    expect((mine.data as Row[]).some((r) => r.action === 'login')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(dataOf(await viewer.get(`/api/admin/audit-log?admin_id=${a.encryptedId}&start_date=${today}&end_date=${today}`)).total).toBe(stored.length);
    expect(dataOf(await viewer.get(`/api/admin/audit-log?admin_id=${a.encryptedId}&start_date=${tomorrow}`)).total).toBe(0);
    expect(dataOf(await viewer.get(`/api/admin/audit-log?admin_id=${a.encryptedId}&action=create&resource=districts`)).total).toBe(3);

    expect(fieldErrors(await viewer.get('/api/admin/audit-log?admin_id=not-an-id'))).toEqual({ admin_id: ['Please select an admin.'] });
    expect(fieldErrors(await viewer.get(`/api/admin/audit-log?start_date=${tomorrow}&end_date=${today}`))).toEqual({ end_date: ['Select a date after the start date!'] });
    expect(fieldErrors(await viewer.get('/api/admin/audit-log?start_date=2026-02-30'))).toEqual({ start_date: ['Please provide a valid date.'] });
    expect(fieldErrors(await viewer.get('/api/admin/audit-log?end_date=yesterday'))).toHaveProperty('end_date');
  });
});
