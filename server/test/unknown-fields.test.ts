/**
 * Nothing dropped in silence (http/knownFields.ts), generated from the route table and the registry:
 * every write route with a body schema refuses a key it does not know with 422 `{ key: ["Unknown
 * field."] }` and writes nothing (JSON, and form data where the route takes it); every declaration
 * accepts the keys it declares as ignored, and those every route ignores, and stores none of them;
 * a record read from the API and sent back whole (as react-admin's edit forms do) is accepted. Both
 * dialects.
 */
import { ACCEPTED_AND_IGNORED, UNKNOWN_FIELD } from '../src/http/knownFields';
import { RESOURCE_DEFS } from '../src/resources/registry';
import { DIALECTS, fieldTokenFor, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, multipart, type Row, sampler } from './helpers/http';

jest.setTimeout(540_000);

/** Write routes without a body schema, and why: a new one fails the suite until it is listed here. */
const SCHEMALESS: Record<string, string> = {
  'POST /api/admin/logout': 'takes no body',
  'POST /api/admin/users': 'passed on to the kind\'s own route, which checks the body',
  'PUT /api/admin/users/:id': 'passed on to the kind\'s own route, which checks the body',
  'PUT /api/field/doctor/appointments/:id/complete': 'takes no body',
  'POST /api/field/logout': 'takes no body',
  'PUT /api/field/messages/:id/view': 'takes no body',
  'PUT /api/field/messages/:id/submit': 'takes no body',
  'PUT /api/admin/promotional/:id': 'answers 404: each section (logo, banner, about, how-it-works) has its own PUT route with its body',
};

/** A body as the console's data provider sends a record back: without its ids and stored files. */
function asEdited(record: Row): Row {
  const body: Row = {};
  for (const [key, value] of Object.entries(record)) {
    if (['id', 'numeric_id', 'encrypted_id'].includes(key)) continue;
    const stored = (v: unknown) => v !== null && typeof v === 'object' && typeof (v as Row).path === 'string' && typeof (v as Row).mimeType === 'string';
    if (stored(value)) continue;
    body[key] = Array.isArray(value) ? value.map((item) => (stored(item) ? item.path : item)) : value;
  }
  return body;
}

describe.each(DIALECTS)('unknown fields (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let rootId: number;
  let ref: ReturnType<typeof sampler>['ref'];
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref, sampleOf } = sampler(api));
    rootId = dataOf(await api.get('/api/admin/me')).id;
  });
  afterAll(() => t?.close());

  const auditRows = async () => Number((await anyDb(t).selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('every write route refuses a key it does not know, naming it, and writes nothing', async () => {
    const writes = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.method !== 'DELETE');
    const schemaless = writes.filter((r) => !(r.body as { properties?: object } | undefined)?.properties).map((r) => `${r.method} ${r.url}`);
    expect(schemaless.sort()).toEqual(Object.keys(SCHEMALESS).sort());
    const checked = writes.filter((r) => (r.body as { properties?: object } | undefined)?.properties);
    expect(checked.length).toBeGreaterThan(90);
    // a field route is called by an account of its kind (the guard refuses any other before the body is read)
    const fieldTokens = new Map<string, string>();
    for (const [kind, resource] of [['patient', 'app-users'], ['doctor', 'doctors'], ['chw', 'chw']] as const) fieldTokens.set(kind, await fieldTokenFor(t, (await ref(resource)).id));
    const before = await auditRows();
    for (const route of checked) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      const token = route.access.field ? fieldTokens.get(route.access.field[0]!)! : route.url.startsWith('/api/admin') ? t.rootToken : null;
      const json = await call(t, { method: route.method as 'POST', url, token, payload: { citty: 'Lahore' } });
      expect([route.method, route.url, json.statusCode, json.json().error]).toEqual([route.method, route.url, 422, { citty: [UNKNOWN_FIELD] }]);
      if (route.multipart) {
        const form = multipart({ citty: 'Lahore', 'also[]': 'x' });
        const res = await call(t, { method: route.method as 'POST', url, token, payload: form.payload, headers: form.headers });
        expect([route.url, res.statusCode, res.json().error]).toEqual([route.url, 422, { citty: [UNKNOWN_FIELD], 'also[]': [UNKNOWN_FIELD] }]);
      }
    }
    expect(await auditRows()).toBe(before);
  });

  it('an unknown key beside a valid body is refused too, and nothing is stored', async () => {
    for (const def of RESOURCE_DEFS) {
      const body = { ...(await sampleOf(def)), cty: 3 };
      const rows = Number((await anyDb(t).selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const res = await api.post(`/api/admin/${def.name}`, body);
      expect([def.name, res.statusCode, res.json().error]).toEqual([def.name, 422, { cty: [UNKNOWN_FIELD] }]);
      expect([def.name, Number((await anyDb(t).selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)]).toEqual([def.name, rows]);
    }
  });

  it('a key a child row does not know is refused under its field, naming the row and the key; nothing is stored', async () => {
    const withChildren = RESOURCE_DEFS.filter((def) => def.children);
    expect(withChildren.length).toBeGreaterThan(0);
    for (const def of withChildren) {
      const body = await sampleOf(def);
      for (const key of Object.keys(def.children!)) {
        const rows = body[key] as Row[];
        const sent = { ...body, [key]: [rows[0], { ...rows[0], dosee: 2 }] };
        const count = Number((await anyDb(t).selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        const res = await api.post(`/api/admin/${def.name}`, sent);
        expect([def.name, res.statusCode, res.json().error]).toEqual([def.name, 422, { [key]: ['Row 2: Unknown field "dosee".'] }]);
        expect(Number((await anyDb(t).selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(count);
      }
    }
  });

  it('every declaration accepts and drops the keys declared as ignored (its own and every route\'s)', async () => {
    for (const def of RESOURCE_DEFS) {
      const ignored = { ...ACCEPTED_AND_IGNORED, ...(def.ignored ?? {}) };
      const junk = Object.fromEntries(Object.keys(ignored).map((k) => [k, 424_242]));
      const created = await api.post(`/api/admin/${def.name}`, { ...(await sampleOf(def)), ...junk });
      const record = dataOf(created);
      if (def.columns.includes('created_by')) expect([def.name, record.created_by]).toEqual([def.name, rootId]);
      const updated = dataOf(await api.put(`/api/admin/${def.name}/${record.encrypted_id}`, junk));
      if (def.columns.includes('updated_by')) expect([def.name, updated.updated_by]).not.toEqual([def.name, 424_242]);
    }
  });

  it('a record read from the API and sent back whole is accepted (react-admin\'s edit forms send it)', async () => {
    const refused: [string, string[]][] = [];
    for (const def of RESOURCE_DEFS) {
      const made = await ref(def.name);
      const record = dataOf(await api.get(`/api/admin/${def.name}/${made.encrypted_id}`));
      const res = await api.put(`/api/admin/${def.name}/${made.encrypted_id}`, asEdited(record));
      const unknown = Object.entries((res.json().error ?? {}) as Record<string, string[]>).filter(([, m]) => m.some((text) => /Unknown field/.test(text))).map(([k]) => k);
      if (unknown.length) refused.push([def.name, unknown]);
    }
    expect(refused).toEqual([]);
  });
});
