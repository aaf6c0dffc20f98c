/**
 * The authorization matrix, generated from app.routeTable: every /api/admin route is called without a
 * token, without its permission, and with only its permission; every field route of the table (those
 * naming their kinds of account) without a token, with an admin's, and with each kind of field
 * account's. A route the matrix cannot call (a path parameter it cannot fill) fails the suite, so a
 * new route is covered the day it is added.
 */
import Fastify from 'fastify';
import { ALL_PERMISSIONS, permissionName } from '../../contract/permissions';
import { RESOURCE_NAMES, RESOURCES } from '../../contract/resources';
import type { RouteAccess } from '../src/context';
import { registerAuthGuard } from '../src/http/auth';
import { expansionPermissions } from '../src/http/crud/read';
import { RESOURCE_DEFS } from '../src/resources/registry';
import { hashToken } from '../src/services/tokens';
import { DIALECTS, fieldTokenFor, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, type Row, sampler, tinyPng } from './helpers/http';

jest.setTimeout(360_000);

type Route = { method: string; url: string; access: RouteAccess };
const PASSWORD = 'grid-check-pass-7';
/** the first path segment after /api/admin (or /api/public, /api/field): the resource (or the feature) the route belongs to */
const segmentOf = (url: string) => /^\/api\/(?:admin|public|field)\/([^/]+)/.exec(url)?.[1] ?? '';
/** the kinds of account that sign in to the field apps (family members do not) */
const FIELD_KINDS = ['patient', 'doctor', 'chw'] as const;
const label = (r: Route) => `${r.method} ${r.url}`;

describe.each(DIALECTS)('authorization (%s)', (dialect) => {
  let t: TestApp;
  let root: Client;
  let routes: Route[];
  /** an existing record of each resource, by encrypted id */
  const recordIds = new Map<string, string>();
  let exportToken: string;
  let fileToken: string;
  /** the field account of each kind (a fresh session for every call: a call may sign out) */
  const fieldUsers = new Map<string, number>();
  let samples: ReturnType<typeof sampler>;
  /** numeric ids for the field routes' paths, by segment (they take plain numbers) */
  const fieldIds = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    root = client(t);
    routes = t.app.routeTable;
    samples = sampler(root);
    const { ref } = samples;
    for (const def of RESOURCE_DEFS) recordIds.set(def.name, (await ref(def.name)).encrypted_id);
    // the field accounts, records of their own (the admin routes may delete or block the matrix's):
    // the patient and the doctor of an appointment, and a CHW
    const appointment = await ref('appointments');
    const chw = await ref('chw');
    for (const [kind, id] of [['patient', appointment.patient_id], ['doctor', appointment.doctor_id], ['chw', chw.id]] as const) fieldUsers.set(kind, Number(id));
    fieldIds.set('doctors', String(appointment.doctor_id));
    fieldIds.set('appointments', String(appointment.id));
    fieldIds.set('doctor', String(appointment.id));
    // the CHW's own task, a survey form and a message (another's is a 404, which is through too)
    fieldIds.set('tasks', String((await ref('tasks', { chw })).id));
    fieldIds.set('forms', String((await ref('dynamic-forms')).id));
    fieldIds.set('messages', String((await ref('user-messages')).id));
    // the admin the matrix acts on holds no permissions, so any admin with the route's permission may act on it
    const bare = dataOf(await root.post('/api/admin/roles', { name: 'matrix-target', permissions: [] }));
    recordIds.set('admins', dataOf(await root.post('/api/admin/admins', {
      f_name: 'Target', email: 'matrix-target@example.org', cnic: '3520112345671', role_id: bare.id, password: PASSWORD, confirmPassword: PASSWORD,
    })).encrypted_id);
    // the /users calls act on any person: a patient's id stands for them
    recordIds.set('users', recordIds.get('app-users')!);
    // the promotional deletes (a slider's id; a testimonial's route answers 404 for it, which is through too)
    recordIds.set('promotional', dataOf(await root.post('/api/admin/promotional/slider/store', { file: `data:image/png;base64,${tinyPng().toString('base64')}` })).encrypted_id);
    // likewise the role: one holding no permissions may be changed or deleted by whoever holds the route's permission
    recordIds.set('roles', dataOf(await root.post('/api/admin/roles', { name: 'matrix-empty', permissions: [] })).encrypted_id);
    const link = dataOf<string>(await root.get('/api/admin/districts?download=true'));
    exportToken = link.split('/').pop()!;
    const stored = await t.app.ctx.storage.put('reports', 'png', tinyPng(), { private: true });
    fileToken = t.app.ctx.storage.signedUrl({ path: stored }).split('/').pop()!;
  });
  afterAll(() => t?.close());

  /**
   * Values for path parameters, by parameter name; null when the matrix does not know how to fill it
   * for that route (which fails the coverage check).
   */
  const PARAMS: Record<string, (segment: string, caller: Caller, url: string) => string | null> = {
    id: (segment, _caller, url) => (url.startsWith('/api/field/') ? fieldIds.get(segment) : recordIds.get(segment)) ?? null,
    token: (segment) => (segment === 'exports' ? exportToken : segment === 'files' ? fileToken : null),
    // one's own push id (the bell's route only answers for the caller's own)
    // the public page reads (/api/public/pages/:key)
    key: (segment) => (segment === 'pages' ? 'privacy_policy' : null),
    pusher_id: (segment, caller) => (segment === 'notifications' ? caller.pusherId ?? '00000000-0000-4000-8000-000000000000' : null),
  };
  type Caller = { pusherId: string | null };

  function fill(url: string, caller: Caller = { pusherId: null }): string | null {
    if (url.includes('*')) return null;
    let known = true;
    const filled = url.replace(/:(\w+)/g, (_, name: string) => {
      const value = PARAMS[name]?.(segmentOf(url), caller, url) ?? null;
      if (value === null) known = false;
      return value ?? '';
    });
    return known ? filled : null;
  }
  const callerOf = async (token: string | null): Promise<Caller> => {
    if (!token) return { pusherId: null };
    const me = await t.inject({ method: 'GET', url: '/api/admin/me', token });
    return { pusherId: me.statusCode === 200 ? (me.json().data.pusher_id as string) : null };
  };

  /* ---------- accounts: one role + admin per permission set; a fresh sign-in for every call ---------- */
  const accounts = new Map<string, string>();
  async function tokenFor(permissions: readonly string[]): Promise<string> {
    const key = [...permissions].sort().join(',');
    let email = accounts.get(key);
    if (!email) {
      const tag = `m${accounts.size}`;
      const role = dataOf(await root.post('/api/admin/roles', { name: `matrix-${tag}`, permissions }));
      email = `matrix-${tag}@example.org`;
      dataOf(await root.post('/api/admin/admins', {
        f_name: 'Matrix', l_name: tag, email, cnic: '3520112345671', role_id: role.id, password: PASSWORD, confirmPassword: PASSWORD,
      }));
      accounts.set(key, email);
    }
    // a fresh token per call: logout or a password change must not spoil the next route's call
    return t.login(email, PASSWORD);
  }
  const allBut = (permission: string) => ALL_PERMISSIONS.filter((p) => p !== permission);
  /** a fresh sign-in of an admin holding `permissions`, limited to `districtIds` */
  async function limitedToken(permissions: readonly string[], districtIds: number[]): Promise<string> {
    const tag = `l${accounts.size}${Math.random().toString(36).slice(2, 6)}`;
    const role = dataOf(await root.post('/api/admin/roles', { name: `matrix-${tag}`, permissions }));
    const email = `matrix-${tag}@example.org`;
    dataOf(await root.post('/api/admin/admins', {
      f_name: 'Matrix', l_name: tag, email, cnic: '3520112345671', role_id: role.id, district_ids: districtIds, password: PASSWORD, confirmPassword: PASSWORD,
    }));
    return t.login(email, PASSWORD);
  }

  it('the route table and contract/resources.ts agree', () => {
    const has = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url);
    for (const name of RESOURCE_NAMES) {
      const { module } = RESOURCES[name];
      const base = `/api/admin/${name}`;
      const crud: [string, string, 'view' | 'create' | 'edit' | 'delete'][] = [
        ['GET', base, 'view'], ['GET', `${base}/:id`, 'view'], ['POST', base, 'create'], ['PUT', `${base}/:id`, 'edit'], ['DELETE', `${base}/:id`, 'delete'],
      ];
      for (const [method, url, action] of crud) {
        // a list's first page checks a cached session in its own statement (http/auth.ts sessionReadAt)
        const access = { permission: permissionName(action, module), ...(method === 'GET' && url === base ? { epochInStatement: true } : {}) };
        expect([method, url, has(method, url)?.access]).toEqual([method, url, access]);
      }
    }
    // and vice versa: whatever has CRUD routes is a resource of the contract
    // (the /users calls, acting for every kind of person, are not a resource of their own; nor is the
    // spec's PUT /promotional/{id}, whose id names a section of the landing page)
    const notResources = ['/api/admin/promotional/:id'];
    const crudShaped = new Set(routes.filter((r) => /^\/api\/admin\/[^/]+\/:id$/.test(r.url) && !r.access.anyPermission && !notResources.includes(r.url)).map((r) => segmentOf(r.url)));
    expect([...crudShaped].sort()).toEqual([...RESOURCE_NAMES].sort());
    expect(RESOURCE_DEFS.map((d) => [d.name, d.module]).sort()).toEqual(RESOURCE_NAMES.map((n) => [n, RESOURCES[n].module]).sort());
    const unknown = routes.filter((r) => [r.access.permission, ...(r.access.anyPermission ?? [])].some((p) => p !== undefined && !ALL_PERMISSIONS.includes(p)));
    expect(unknown.map(label)).toEqual([]);
  });

  it('every route: 401 without a token, 403 without its permission, through with only that permission', async () => {
    expect(routes.length).toBeGreaterThan(RESOURCE_NAMES.length * 5);
    const problems: string[] = [];
    const unfillable: string[] = [];
    let exercised = 0;
    const expectStatus = async (route: Route, who: string, token: string | null, ok: (status: number) => boolean, want: string) => {
      const url = fill(route.url, route.url.includes(':pusher_id') ? await callerOf(token) : undefined)!;
      const res = await call(t, { method: route.method as 'GET', url, token });
      if (!ok(res.statusCode)) problems.push(`${label(route)} ${who}: ${res.statusCode}, expected ${want} (${res.body.slice(0, 120)})`);
      if (res.statusCode === 401 && res.json().message !== 'Unauthenticated.') problems.push(`${label(route)} ${who}: 401 message ${res.body}`);
      if (res.statusCode === 403 && want === '403' && res.json().message !== 'This action is unauthorized.') problems.push(`${label(route)} ${who}: 403 message ${res.body}`);
    };
    const passes = (s: number) => s !== 401 && s !== 403 && s < 500;

    for (const route of routes) {
      if (fill(route.url) === null) {
        unfillable.push(label(route));
        continue;
      }
      exercised++;
      const { access } = route;
      if (access.field) {
        // a field route: signed in by a field session only, of the kinds it serves
        await expectStatus(route, 'no token', null, (s) => s === 401, '401');
        await expectStatus(route, 'unknown token', 'not-a-real-token', (s) => s === 401, '401');
        await expectStatus(route, "an admin's token", t.rootToken, (s) => s === 401, '401');
        for (const kind of FIELD_KINDS) {
          const serves = access.field.includes(kind);
          await expectStatus(route, `a ${kind}'s token`, await fieldTokenFor(t, fieldUsers.get(kind)!), serves ? passes : (s) => s === 403, serves ? 'not 401/403' : '403');
        }
        continue;
      }
      if (access.auth === false) {
        await expectStatus(route, 'public, no token', null, passes, 'not 401/403');
        continue;
      }
      await expectStatus(route, 'no token', null, (s) => s === 401, '401');
      await expectStatus(route, 'unknown token', 'not-a-real-token', (s) => s === 401, '401');
      if (access.permission) {
        const p = access.permission;
        await expectStatus(route, `every permission but ${p}`, await tokenFor(allBut(p)), (s) => s === 403, '403');
        await expectStatus(route, `only ${p}`, await tokenFor([p]), passes, 'not 401/403');
      } else if (access.anyPermission) {
        // any one of several (the /users calls, one permission a kind of person): none → 403, each one alone → through
        const ps = access.anyPermission;
        await expectStatus(route, `every permission but ${ps.join(', ')}`, await tokenFor(ALL_PERMISSIONS.filter((p) => !ps.includes(p))), (s) => s === 403, '403');
        // the matrix's record is a patient: the patients' permission passes; another kind's may be refused for it, never unauthenticated
        for (const [i, p] of ps.entries()) {
          await expectStatus(route, `only ${p}`, await tokenFor([p]), i === 0 ? passes : (st) => st !== 401 && st < 500, i === 0 ? 'not 401/403' : 'not 401');
        }
      } else {
        await expectStatus(route, 'no permissions at all', await tokenFor([]), passes, 'not 401/403');
      }
    }
    expect(unfillable).toEqual([]);
    expect(problems).toEqual([]);
    expect(exercised).toBe(routes.length);
  });

  it('checks the caller before the body: a malformed or refused body is still a 401 without a token, and a 403 for the wrong account', async () => {
    const problems: string[] = [];
    const bodies = [
      { payload: '{"not json', headers: { 'content-type': 'application/json' } },
      { payload: JSON.stringify({ zz_unknown_field: '\u0000', page: 'x' }), headers: { 'content-type': 'application/json' } },
    ];
    let checked = 0;
    for (const route of routes) {
      if (route.method === 'GET' || (route.access.auth === false && !route.access.field)) continue;
      const url = fill(route.url, route.url.includes(':pusher_id') ? await callerOf(t.rootToken) : undefined);
      if (url === null) continue;
      // the wrong account: an admin lacking the route's permission, a field account of another kind
      const otherKind = route.access.field ? FIELD_KINDS.find((k) => !route.access.field!.includes(k)) : undefined;
      const wrong = route.access.field ? (otherKind ? await fieldTokenFor(t, fieldUsers.get(otherKind)!) : null)
        : route.access.permission ? await tokenFor(allBut(route.access.permission)) : null;
      for (const body of bodies) {
        const anonymous = await call(t, { method: route.method as 'POST', url, ...body });
        if (anonymous.statusCode !== 401) problems.push(`${label(route)} no token, ${body.payload.slice(0, 20)}: ${anonymous.statusCode} ${anonymous.body.slice(0, 100)}`);
        if (wrong) {
          const refused = await call(t, { method: route.method as 'POST', url, token: wrong, ...body });
          if (refused.statusCode !== 403) problems.push(`${label(route)} wrong account, ${body.payload.slice(0, 20)}: ${refused.statusCode} ${refused.body.slice(0, 100)}`);
        }
      }
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  /**
   * Every declared expansion (`GET /{name}/{id}?{param}=true`, `expand` in a declaration) shows other
   * resources' records: without the view permission of any of them it is a 403 (whatever else the
   * caller holds), with its record's view permission and theirs it is through, and every record it
   * lists is one the caller may read on its own route; an admin limited to a district none of them lie
   * in gets none of them. It is called on the record the matrix made that shows most (an expansion
   * showing nothing for every record fails the suite, as an unfillable route does).
   */
  it('every declared expansion: 403 without the view permissions of what it shows, through with them, and only records the caller may read', async () => {
    const problems: string[] = [];
    const expansions = RESOURCE_DEFS.flatMap((def) => Object.entries(def.expand ?? {}).map(([param, expansion]) => ({ def, param, expansion })));
    expect(expansions.length).toBeGreaterThan(0);
    const emptyDistrict = dataOf(await root.post('/api/admin/districts', { title: `Matrix empty ${Date.now()}` }));
    for (const { def, param, expansion } of expansions) {
      const name = `${def.name}?${param}`;
      const own = permissionName('view', def.module);
      const needed = expansionPermissions(expansion);
      const listed = async (token: string | null, id: string) => {
        const res = await call(t, { method: 'GET', url: `/api/admin/${def.name}/${id}?${param}=true`, token });
        return { status: res.statusCode, items: res.statusCode === 200 ? (res.json().data[expansion.as] as Row[]) : [] };
      };
      // the record of this resource the matrix made whose expansion lists most, as the super admin sees it
      let best = { id: recordIds.get(def.name)!, count: -1 };
      for (const { record } of samples.made.filter((m) => m.resource === def.name)) {
        const { items } = await listed(t.rootToken, record.encrypted_id);
        if (items.length > best.count) best = { id: record.encrypted_id, count: items.length };
      }
      if (best.count < 1) problems.push(`${name}: no record the matrix made shows anything`);
      for (const p of needed.filter((x) => x !== own)) {
        const { status } = await listed(await tokenFor(allBut(p)), best.id);
        if (status !== 403) problems.push(`${name} with every permission but ${p}: ${status}, expected 403`);
        const plain = await call(t, { method: 'GET', url: `/api/admin/${def.name}/${best.id}`, token: await tokenFor([own]) });
        if (plain.statusCode !== 200 || expansion.as in plain.json().data) problems.push(`${name}: the record without the parameter, with only ${own}: ${plain.statusCode}`);
      }
      const readers: [string, string][] = [
        [`only ${[own, ...needed].join(', ')}`, await tokenFor([own, ...needed])],
        ['every permission, limited to a district with nothing in it', await limitedToken(ALL_PERMISSIONS, [emptyDistrict.id])],
      ];
      for (const [who, token] of readers) {
        const { status, items } = await listed(token, best.id);
        if (status !== 200) problems.push(`${name} with ${who}: ${status}, expected 200`);
        if (who.startsWith('every') && items.length) problems.push(`${name} with ${who}: lists ${items.length} records`);
        else if (!who.startsWith('every') && items.length !== best.count) problems.push(`${name} with ${who}: lists ${items.length}, the super admin ${best.count}`);
        for (const item of items) {
          const shown = expansion.shows.find((r) => t.app.ctx.ids.decode(r, String(item.encrypted_id)) !== null);
          const own = shown && (await call(t, { method: 'GET', url: `/api/admin/${shown}/${item.encrypted_id}`, token })).statusCode;
          if (own !== 200) problems.push(`${name} with ${who}: lists ${String(item.encrypted_id)} (${shown ?? 'none of its resources'}), which its own route answers ${own}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  describe('tokens', () => {
    let email: string;
    beforeAll(async () => {
      await tokenFor(['view_location']);
      email = accounts.get('view_location')!;
    });
    const me = (token: string | null) => call(t, { method: 'GET', url: '/api/admin/me', token });

    it('an expired token → 401', async () => {
      const token = await t.login(email, PASSWORD);
      expect((await me(token)).statusCode).toBe(200);
      await t.db.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(token)).execute();
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Unauthenticated.' });
    });

    it("a blocked admin's token → 401, though the token row is still there", async () => {
      const other = await tokenFor(['view_role']);
      const adminEmail = accounts.get('view_role')!;
      expect((await me(other)).statusCode).toBe(200);
      await t.db.db.updateTable('admins').set({ status: 2 }).where('email', '=', adminEmail).execute();
      expect((await me(other)).statusCode).toBe(401);
      expect((await call(t, { method: 'GET', url: '/api/admin/roles', token: other })).statusCode).toBe(401);
      await t.db.db.updateTable('admins').set({ status: 1 }).where('email', '=', adminEmail).execute();
      expect((await me(other)).statusCode).toBe(200);
    });

    it('after logout the token → 401; the same admin’s other tokens still work', async () => {
      const [a, b] = [await t.login(email, PASSWORD), await t.login(email, PASSWORD)];
      expect((await call(t, { method: 'POST', url: '/api/admin/logout', token: a })).statusCode).toBe(200);
      expect((await me(a)).statusCode).toBe(401);
      expect((await call(t, { method: 'POST', url: '/api/admin/logout', token: a })).statusCode).toBe(401);
      expect((await me(b)).statusCode).toBe(200);
    });

    it('a deleted admin’s token → 401', async () => {
      const sub = await tokenFor(['view_qualification']);
      const row = await t.db.db.selectFrom('admins').select('id').where('email', '=', accounts.get('view_qualification')!).executeTakeFirstOrThrow();
      expect(dataOf(await root.del(`/api/admin/admins/${t.app.ctx.ids.encode('admins', row.id)}`))).toMatchObject({ id: row.id });
      expect((await me(sub)).statusCode).toBe(401);
    });

    it.each([
      ['no scheme', (tk: string) => tk],
      ['Basic scheme', (tk: string) => `Basic ${tk}`],
      ['empty bearer', () => 'Bearer '],
      ['two tokens', (tk: string) => `Bearer ${tk} ${tk}`],
      ['hash of the token instead of the token', (tk: string) => `Bearer ${hashToken(tk)}`],
    ])('a malformed Authorization header (%s) → 401', async (_name, header) => {
      const token = await t.login(email, PASSWORD);
      const res = await call(t, { method: 'GET', url: '/api/admin/me', headers: { authorization: header(token) } });
      expect(res.statusCode).toBe(401);
    });

    it('the scheme is case-insensitive', async () => {
      const token = await t.login(email, PASSWORD);
      expect((await call(t, { method: 'GET', url: '/api/admin/me', headers: { authorization: `bearer ${token}` } })).statusCode).toBe(200);
    });
  });

  it('a route under /api/admin declared without access config still needs a token (the guard fails closed)', async () => {
    const bare = Fastify();
    bare.decorate('ctx', t.app.ctx);
    registerAuthGuard(bare);
    bare.get('/api/admin/unconfigured', async () => ({ reached: true }));
    bare.get('/api/health-like', async () => ({ reached: true }));
    bare.setErrorHandler((err: { statusCode?: number }, _req, reply) => reply.status(err.statusCode ?? 500).send({}));
    try {
      expect((await bare.inject({ method: 'GET', url: '/api/admin/unconfigured' })).statusCode).toBe(401);
      expect((await bare.inject({ method: 'GET', url: '/api/admin/unconfigured', headers: { authorization: `Bearer ${t.rootToken}` } })).statusCode).toBe(200);
      expect((await bare.inject({ method: 'GET', url: '/api/health-like' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

