import { sql } from 'kysely';
import { DIALECTS, adminWith, startTestApp, type TestApp } from './helpers/app';
import { client, sampler } from './helpers/http';
import * as auth from '../src/http/auth';
import { SERVER_MESSAGES } from '../../contract/messages';

/**
 * A token's session (admin, role, permissions, districts) is cached per process and checked against
 * `auth_epoch` on every request (http/auth.ts, migration 0023). These tests show that the cache is used,
 * and that every change that can alter a session is seen by the very next request.
 */
describe.each(DIALECTS)('cached sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.inject({ method: 'GET', url: '/api/admin/me', token });
  const districts = (token: string) => t.inject({ method: 'GET', url: '/api/admin/districts', token });
  const epoch = async () => String((await t.db.db.selectFrom('auth_epoch').select('n').executeTakeFirstOrThrow()).n);

  /** How many times the token lookup ran during fn. */
  async function tokenLookups(fn: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(t.db.db, 'executeQuery');
    try {
      await fn();
      return spy.mock.calls.filter(([q]) => /from "auth_tokens"/.test((q as { sql: string }).sql)).length;
    } finally {
      spy.mockRestore();
    }
  }

  test('a session is looked up once, then reused while nothing that shapes it changes', async () => {
    const { token, email } = await adminWith(t, ['view_location']);
    expect(await tokenLookups(() => me(token))).toBe(1);
    expect(await tokenLookups(async () => {
      for (let i = 0; i < 5; i++) expect((await districts(token)).statusCode).toBe(200);
    })).toBe(0);
    // another sign-in, or a new record elsewhere, does not empty the cache
    await t.login(email, 'sub-admin-pass-1');
    await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: `D ${Date.now()}` } });
    expect(await tokenLookups(() => me(token))).toBe(0);
  });

  test('a permission taken from the role is refused at the next request', async () => {
    const role = (await t.inject({ method: 'POST', url: '/api/admin/roles', token: t.rootToken, payload: { name: `cache-role-${dialect}`, permissions: ['view_location', 'view_sub_admin'] } })).json().data;
    const password = 'sub-admin-pass-1';
    const email = `cache-${dialect}@example.org`;
    const created = await t.inject({ method: 'POST', url: '/api/admin/admins', token: t.rootToken, payload: { f_name: 'Cache', l_name: 'Test', email, cnic: '3520112345679', role: role.name, password, confirmPassword: password } });
    expect(created.statusCode).toBe(200);
    const token = await t.login(email, password);
    expect((await districts(token)).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `/api/admin/roles/${role.encrypted_id}`, token: t.rootToken, payload: { permissions: ['view_sub_admin'] } })).statusCode).toBe(200);
    expect((await districts(token)).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: `/api/admin/roles/${role.encrypted_id}`, token: t.rootToken, payload: { permissions: ['view_sub_admin', 'view_location'] } })).statusCode).toBe(200);
    expect((await districts(token)).statusCode).toBe(200);
  });

  test('a blocked admin and a signed-out token are refused at the next request', async () => {
    const sub = await adminWith(t, ['view_location']);
    expect((await me(sub.token)).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: `/api/admin/admins/status/${sub.encryptedId}`, token: t.rootToken, payload: { status: 2 } })).statusCode).toBe(200);
    expect((await me(sub.token)).statusCode).toBe(401);

    const other = await adminWith(t, ['view_location']);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/admin/logout', token: other.token })).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
  });

  test('a first page answers for the session as it stands when it is read: its districts changed, a right given, blocked (on PostgreSQL checked within the page\'s statement)', async () => {
    const sub = await adminWith(t, ['view_location', 'view_app_user']);
    const { id } = await t.db.db.selectFrom('admins').select('id').where('email', '=', sub.email).executeTakeFirstOrThrow();
    const page = (list: string, query = 'page=1&per_page=25') => t.inject({ method: 'GET', url: `/api/admin/${list}?${query}`, token: sub.token });
    const patient = await sampler(client(t)).ref('app-users');
    expect((await page('app-users')).json().data.total).toBeGreaterThan(0);
    // limited to a district where nobody lives, and back: the next page has nobody, then everybody again; a
    // first page, a later one and a search each (on PostgreSQL each carries the check in another statement)
    const empty = (await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: `Empty ${dialect} ${Date.now()}` } })).json().data;
    for (const query of ['page=1&per_page=25', 'page=2&per_page=1', `search=${encodeURIComponent(String(patient.f_name))}`]) {
      await t.db.db.insertInto('admin_districts').values({ admin_id: id, district_id: empty.id }).execute();
      expect([query, (await page('app-users', query)).json().data.total]).toEqual([query, 0]);
      await t.db.db.deleteFrom('admin_districts').where('admin_id', '=', id).execute();
      expect([query, (await page('app-users', query)).json().data.total > 0]).toEqual([query, true]);
    }
    // a right it lacked when cached: given, the next page is through
    expect((await page('admins')).statusCode).toBe(403);
    const { role_id } = await t.db.db.selectFrom('admins').select('role_id').where('id', '=', id).executeTakeFirstOrThrow();
    await t.db.db.insertInto('role_permissions').values({ role_id, permission: 'view_sub_admin' }).execute();
    expect((await page('admins')).statusCode).toBe(200);
    // blocked: the next page is refused
    expect((await page('districts')).statusCode).toBe(200);
    await t.db.db.updateTable('admins').set({ status: 2 }).where('id', '=', id).execute();
    expect((await page('districts')).statusCode).toBe(401);
  });

  test('a handler that leaves a cached session unchecked sends no success: a 500 on PostgreSQL (SQLite checks every session before the handler)', async () => {
    const sub = await adminWith(t, ['view_location']);
    const districtsPage = () => t.inject({ method: 'GET', url: '/api/admin/districts?page=1&per_page=5', token: sub.token });
    expect((await districtsPage()).statusCode).toBe(200);
    // a handler that forgot the check: the list's own check answers "held" without clearing the request's mark
    const forgot = jest.spyOn(auth, 'sessionReadAt').mockResolvedValue(true);
    try {
      const answer = await districtsPage();
      expect(forgot).toHaveBeenCalledTimes(dialect === 'postgres' ? 1 : 0);
      if (dialect === 'postgres') {
        expect(answer.statusCode).toBe(500);
        expect(answer.json()).toMatchObject({ success: false, message: SERVER_MESSAGES.server_error, code: 'server_error' });
        expect(answer.body).not.toContain('"data"');
      } else {
        expect(answer.statusCode).toBe(200);
      }
    } finally {
      forgot.mockRestore();
    }
    expect((await districtsPage()).statusCode).toBe(200);
  });

  test('a token that expires while cached is refused without any write', async () => {
    const sub = await adminWith(t, ['view_location']);
    expect((await me(sub.token)).statusCode).toBe(200);
    const { expires_at } = await t.db.db.selectFrom('auth_tokens').select('expires_at').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const before = await epoch();
    jest.useFakeTimers({ now: Date.parse(expires_at) + 1000, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      expect((await me(sub.token)).statusCode).toBe(401);
    } finally {
      jest.useRealTimers();
    }
    expect(await epoch()).toBe(before);
  });

  test('every write that can change a session moves the epoch; a new token does not', async () => {
    const sub = await adminWith(t, ['view_location']);
    const admin = await t.db.db.selectFrom('admins').select(['id', 'role_id']).where('email', '=', sub.email).executeTakeFirstOrThrow();
    const district = await t.db.db.selectFrom('districts').select('id').executeTakeFirstOrThrow();
    const moves = async (fn: () => Promise<unknown>) => {
      const before = await epoch();
      await fn();
      return (await epoch()) !== before;
    };
    const db = t.db.db;
    expect(await moves(() => db.insertInto('auth_tokens').values({ admin_id: admin.id, token_hash: `h-${dialect}`, remember: 0, expires_at: '2999-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z', ip: null }).execute())).toBe(false);
    const writes: [string, () => Promise<unknown>][] = [
      ['token changed', () => db.updateTable('auth_tokens').set({ expires_at: '2998-01-01T00:00:00.000Z' }).where('token_hash', '=', `h-${dialect}`).execute()],
      ['token removed', () => db.deleteFrom('auth_tokens').where('token_hash', '=', `h-${dialect}`).execute()],
      ['admin edited', () => db.updateTable('admins').set({ f_name: 'Edited' }).where('id', '=', admin.id).execute()],
      ['role edited', () => db.updateTable('roles').set({ name: `renamed-${dialect}` }).where('id', '=', admin.role_id).execute()],
      ['permission added', () => db.insertInto('role_permissions').values({ role_id: admin.role_id, permission: 'view_sub_admin' }).execute()],
      ['permission removed', () => db.deleteFrom('role_permissions').where('role_id', '=', admin.role_id).where('permission', '=', 'view_sub_admin').execute()],
      ['district given', () => db.insertInto('admin_districts').values({ admin_id: admin.id, district_id: district.id }).execute()],
      ['district taken', () => db.deleteFrom('admin_districts').where('admin_id', '=', admin.id).execute()],
      ['admin removed', () => sql`DELETE FROM admins WHERE id = ${admin.id}`.execute(db)],
    ];
    for (const [what, write] of writes) expect([what, await moves(write)]).toEqual([what, true]);
  });
});
