/**
 * The resource contract: the same checks over every declaration in RESOURCE_DEFS, on both dialects.
 * One app per dialect, shared by the resources; each resource's checks run in order on the record
 * its first test creates. Every answer goes through `client()`, which fails the test on any 5xx.
 */
import type { TObject } from '@sinclair/typebox';
import { sql } from 'kysely';
import { RESOURCE_NAMES } from '../../contract/resources';
import type { ResourceDef } from '../src/http/resource';
import { RESOURCE_DEFS } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, auditSince, call, client, type Client, dataOf, fieldErrors, lastAuditId, type Row, sampler } from './helpers/http';

jest.setTimeout(60_000);

const PAGINATOR_KEYS = [
  'current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links',
  'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total',
].sort();

const token = () => `q${Math.random().toString(36).slice(2, 10)}`;

/* ---------- what a schema says about its fields, to build wrong bodies from a right one ---------- */

interface FieldShape {
  kind: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** The field's JSON type, looking through `T | null` unions (and unions of literals of one type). */
function shapeOf(schema: Row): FieldShape {
  const members: Row[] = Array.isArray(schema.anyOf) ? schema.anyOf.filter((m: Row) => m.type !== 'null') : [schema];
  const kinds = new Set(members.map((m) => m.type));
  if (kinds.size !== 1 || !members[0]!.type) return { kind: 'unknown' };
  const m = members[0]!;
  return { kind: m.type, maxLength: m.maxLength, minimum: m.minimum, maximum: m.maximum };
}

interface BadBody {
  label: string;
  body: unknown;
  /** the field the 422 must name, when the body breaks a single field */
  field?: string;
}

/** One wrong value per field and rule: wrong JSON type, too long, out of range; each on top of `base`. */
function fieldBreakers(schema: TObject, base: Row): BadBody[] {
  const out: BadBody[] = [];
  for (const [field, fieldSchema] of Object.entries(schema.properties as Record<string, Row>)) {
    const shape = shapeOf(fieldSchema);
    const wrong = (label: string, value: unknown) => out.push({ label: `${field}: ${label}`, body: { ...base, [field]: value }, field });
    if (shape.kind === 'string') wrong('a number for a string', 12345);
    if (shape.kind === 'string') wrong('a NUL character (PostgreSQL cannot store it)', 'nul\u0000byte');
    if (shape.kind === 'integer' || shape.kind === 'number') wrong('text for a number', 'abc');
    if (shape.kind === 'integer') wrong('a fraction for an integer', 1.5);
    if (shape.kind === 'integer') wrong('beyond 32 bits (ids are PostgreSQL integers)', 2 ** 31);
    if (shape.kind === 'boolean') wrong('text for a boolean', 'maybe');
    if (shape.kind === 'array') wrong('a number for a list', 42);
    if (shape.kind !== 'string' && shape.kind !== 'unknown') wrong('an object', { nested: true });
    if (shape.maxLength !== undefined) wrong('overlong', 'x'.repeat(shape.maxLength + 1));
    if (shape.maximum !== undefined) wrong('above the maximum', shape.maximum + 1);
    if (shape.minimum !== undefined) wrong('below the minimum', shape.minimum - 1);
  }
  return out;
}

function createBreakers(def: ResourceDef, valid: Row): BadBody[] {
  return [
    ...(def.invalidSamples ?? []).map((body, i) => ({ label: `invalidSamples[${i}]`, body })),
    { label: 'empty object', body: {} },
    { label: 'unknown fields only', body: { no_such_field: 'x', another_unknown: 1 } },
    { label: 'a list instead of an object', body: [valid] },
    ...fieldBreakers(def.createSchema, valid),
  ];
}

/** Update bodies carry one field; every field of the update schema is broken in turn. */
function updateBreakers(def: ResourceDef): BadBody[] {
  const schema = def.updateSchema ?? def.createSchema;
  return fieldBreakers(schema, {});
}

/** Each position of an encrypted id with one bit of its character flipped (the last one only touches padding bits). */
function tamperedIds(id: string): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return [...id].map((c, i) => id.slice(0, i) + alphabet[alphabet.indexOf(c) ^ 1] + id.slice(i + 1));
}

const GARBAGE_IDS = [
  'garbage', '0', '-1', '1.5', 'A'.repeat(21), 'A'.repeat(22), 'A'.repeat(23), 'x'.repeat(500),
  '%00', encodeURIComponent('é'.repeat(22)), encodeURIComponent("1' or '1'='1"), encodeURIComponent('../../etc/passwd'),
];

/* ---------------------------------------------- the suite ---------------------------------------------- */

describe.each(DIALECTS)('resource contract (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let rootId: number;
  /** sample bodies and parent records, from each resource's own sample() */
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];
  let ref: ReturnType<typeof sampler>['ref'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ sampleOf, ref } = sampler(api));
    rootId = dataOf(await api.get('/api/admin/me')).id;
  });
  afterAll(() => t?.close());

  const count = async (table: string) =>
    Number((await anyDb(t).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const countRows = (def: ResourceDef) => count(def.table);
  /** every row of the resource's table, and how many audit rows there are */
  const snapshot = async (def: ResourceDef) => ({
    rows: await anyDb(t).selectFrom(def.table).selectAll().orderBy('id').execute(),
    auditRows: await count('audit_log'),
  });

  /** Runs one write and checks it left exactly one complete audit row. */
  async function audited(expected: { action: string; resource: string; recordId?: number }, write: () => Promise<Row>): Promise<Row> {
    const since = await lastAuditId(t);
    const record = await write();
    const rows = await auditSince(t, since);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ actor_id: rootId, action: expected.action, resource: expected.resource, record_id: expected.recordId ?? record.id });
    expect(row.request_id).toEqual(expect.stringMatching(/\S/));
    expect(row.ip).toEqual(expect.stringMatching(/\S/));
    expect(row.created_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    return record;
  }

  it('the registry declares exactly the resources of contract/resources.ts', () => {
    expect(RESOURCE_DEFS.map((d) => d.name).sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  describe.each(RESOURCE_DEFS.map((def) => [def.name, def] as const))('%s', (name, def) => {
    const base = `/api/admin/${name}`;
    const field = def.searchable[0]!;
    /** the record created by the first test; the later tests read, change and finally delete it */
    let record: Row;
    let sent: Row;

    it('creates from sample(): 200 with id and encrypted_id, the sent fields, one audit row', async () => {
      sent = await sampleOf(def);
      expect(typeof sent[field]).toBe('string'); // searchable[0] is a text field of the body
      const res = await audited({ action: 'create', resource: name }, async () => dataOf(await api.post(base, sent)));
      record = res;
      expect(record.id).toEqual(expect.any(Number));
      expect(record.encrypted_id).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));
      expect(record.encrypted_id).not.toBe(String(record.id));
      for (const [key, value] of Object.entries(sent)) if (def.columns.includes(key)) expect([key, record[key]]).toEqual([key, value]);
      for (const secret of ['password', 'password_hash', 'confirmPassword']) expect(record).not.toHaveProperty(secret);
    });

    it('gets by encrypted id: the created record', async () => {
      expect(dataOf(await api.get(`${base}/${record.encrypted_id}`))).toEqual(record);
    });

    it(`updates ${field} with PUT; the change shows on get`, async () => {
      const changed = `${record[field]} edited ${token()}`;
      const updated = await audited({ action: 'update', resource: name }, async () => {
        const res = await api.put(`${base}/${record.encrypted_id}`, { [field]: changed });
        expect(res.json().message).toBe('Successfully updated.');
        return dataOf(res);
      });
      expect(updated[field]).toBe(changed);
      const got = dataOf(await api.get(`${base}/${record.encrypted_id}`));
      expect(got).toEqual(updated);
      const unchanged = (r: Row) => ({ ...r, [field]: null, updated_at: null, updated_by: null });
      expect(unchanged(got)).toEqual(unchanged(record));
      record = got;
    });

    it('lists as a Laravel paginator; per_page and page are honoured', async () => {
      for (let i = 0; i < 3; i++) await ref(name);
      const total = await countRows(def);
      const page = async (p: number) => dataOf(await api.get(`${base}?per_page=2&page=${p}&sort=id&order=asc`));
      const [p1, p2] = [await page(1), await page(2)];
      for (const [p, body] of [[1, p1], [2, p2]] as const) {
        expect(Object.keys(body).sort()).toEqual(PAGINATOR_KEYS);
        expect(body).toMatchObject({ current_page: p, per_page: 2, total, last_page: Math.ceil(total / 2), path: `http://console.test${base}` });
        expect(body.data).toHaveLength(2);
        expect(body).toMatchObject({ from: (p - 1) * 2 + 1, to: p * 2 });
        expect(body.first_page_url).toMatch(/[?&]page=1(&|$)/);
        expect(body.first_page_url).toMatch(/[?&]per_page=2(&|$)/);
        expect(body.last_page_url).toMatch(new RegExp(`[?&]page=${body.last_page}(&|$)`));
        for (const link of body.links) {
          expect(Object.keys(link).sort()).toEqual(['active', 'label', 'url']);
          expect(typeof link.label).toBe('string');
          expect(typeof link.active).toBe('boolean');
          expect(link.url === null || typeof link.url === 'string').toBe(true);
        }
        expect(body.links.filter((l: Row) => l.active).map((l: Row) => l.label)).toEqual([String(p)]);
      }
      expect(p1.prev_page_url).toBeNull();
      expect(p1.next_page_url).toMatch(/[?&]page=2(&|$)/);
      expect(p2.prev_page_url).toMatch(/[?&]page=1(&|$)/);
      const ids1 = p1.data.map((r: Row) => r.id);
      const ids2 = p2.data.map((r: Row) => r.id);
      expect(ids2.filter((id: number) => ids1.includes(id))).toEqual([]);
      expect(Math.max(...ids1)).toBeLessThan(Math.min(...ids2));

      const beyond = dataOf(await api.get(`${base}?per_page=2&page=${p1.last_page + 1}`));
      expect(beyond).toMatchObject({ data: [], from: null, to: null, total });
      const junk = [
        'per_page=0', 'per_page=-5', 'per_page=abc', `per_page=${'9'.repeat(400)}`, 'page=-1', 'page=abc', `page=${'9'.repeat(400)}`,
        'sort=nope;drop', 'order=sideways', `ids[]=${'9'.repeat(25)}`, 'ids[]=2147483648', 'search=%00', 'search[]=a&search[]=b',
      ];
      for (const query of junk) {
        expect([query, Object.keys(dataOf(await api.get(`${base}?${query}`))).sort()]).toEqual([query, PAGINATOR_KEYS]);
      }
      for (const param of [...Object.keys(def.filters ?? {}), ...(def.status ? ['status'] : [])]) {
        for (const value of ['abc', '9'.repeat(20), '2147483648', '-1']) {
          expect([param, value, Object.keys(fieldErrors(await api.get(`${base}?${param}=${value}`)))]).toEqual([param, value, [param]]);
        }
      }
      expect(dataOf(await api.get(`${base}?per_page=100000`)).per_page).toBeLessThanOrEqual(100);
    });

    it('lists each record as get presents it', async () => {
      const all = dataOf(await api.get(`${base}?paginate=false`));
      expect(all.find((r: Row) => r.id === record.id)).toEqual(record);
    });

    it(`searches ${def.searchable.join(', ')}: finds the record by a distinctive string and nothing else`, async () => {
      const distinctive = String(record[field]).split(' ').pop()!;
      const found = dataOf(await api.get(`${base}?search=${encodeURIComponent(distinctive.toUpperCase())}`));
      expect(found.total).toBe(1);
      expect(found.data.map((r: Row) => r.id)).toEqual([record.id]);
      expect(dataOf(await api.get(`${base}?search=${token()}`)).total).toBe(0);
      for (const odd of ['%', '_', '\\', "'", '"', '%_\\\'"', ' '.repeat(3)]) {
        const res = dataOf(await api.get(`${base}?search=${encodeURIComponent(odd)}`));
        expect(Array.isArray(res.data)).toBe(true);
      }
      expect(dataOf(await api.get(`${base}?search=%25`)).total).toBe(await countRowsMatching(def, '%')); // % is literal
    });

    /** rows whose searchable columns contain `needle` literally (wildcards escaped) */
    async function countRowsMatching(d: ResourceDef, needle: string): Promise<number> {
      const rows = await anyDb(t).selectFrom(d.table).selectAll().execute();
      return rows.filter((r: Row) => d.searchable.some((c) => String(r[c] ?? '').includes(needle))).length;
    }

    it.each(def.sortable)('sorts by %s: desc is asc reversed, in the database order', async (sortField) => {
      const list = async (order: string) => dataOf(await api.get(`${base}?paginate=false&sort=${sortField}&order=${order}`)) as Row[];
      const [asc, desc] = [await list('asc'), await list('desc')];
      expect(asc.length).toBeGreaterThanOrEqual(4);
      const distinct = (rows: Row[]) => rows.map((r) => r[sortField]).filter((v, i, a) => i === 0 || v !== a[i - 1]);
      expect(distinct(desc)).toEqual(distinct(asc).reverse());
      expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
      const dbOrder = await anyDb(t).selectFrom(def.table).select('id').orderBy(sql.ref(sortField), 'asc').orderBy('id', 'asc').execute();
      expect(asc.map((r) => r.id)).toEqual(dbOrder.map((r: Row) => r.id));
    });

    it('paginate=false returns the whole list as an array; ids[] returns exactly those records', async () => {
      const all = dataOf(await api.get(`${base}?paginate=false`));
      expect(Array.isArray(all)).toBe(true);
      expect(all).toHaveLength(await countRows(def));
      const [a, b, c] = all.filter((r: Row) => r.id !== record.id) as Row[];
      const pick = async (...ids: string[]) =>
        (dataOf(await api.get(`${base}?paginate=false&${ids.map((id) => `ids[]=${encodeURIComponent(id)}`).join('&')}`)) as Row[])
          .map((r) => r.id)
          .sort((x, y) => x - y);
      expect(await pick(record.encrypted_id, a!.encrypted_id)).toEqual([record.id, a!.id].sort((x, y) => x - y));
      expect(await pick(b!.encrypted_id)).toEqual([b!.id]);
      expect(await pick(String(c!.id))).toEqual([c!.id]); // numeric ids are accepted too
      const foreign = RESOURCE_NAMES.find((r) => r !== name)!;
      expect(await pick(t.app.ctx.ids.encode(foreign, a!.id), tamperedIds(b!.encrypted_id)[21]!, 'garbage')).toEqual([]);
      const paged = dataOf(await api.get(`${base}?ids[]=${a!.encrypted_id}&ids[]=${b!.encrypted_id}`));
      expect(paged.total).toBe(2);
    });

    it('answers 404 for tampered, foreign and garbage ids, on every id route, and changes nothing', async () => {
      const before = await snapshot(def);
      const foreign = RESOURCE_NAMES.filter((r) => r !== name).map((r) => t.app.ctx.ids.encode(r, record.id));
      const bad = [...tamperedIds(record.encrypted_id), ...foreign, ...GARBAGE_IDS];
      for (const id of bad) {
        const routes: [string, string, unknown?][] = [
          ['GET', `${base}/${id}`],
          ['PUT', `${base}/${id}`, { [field]: 'never stored' }],
          ['DELETE', `${base}/${id}`],
          ...(def.status ? [['PUT', `${base}/status/${id}`, { status: 2 }] as [string, string, unknown]] : []),
        ];
        for (const [method, url, payload] of routes) {
          const res = await api.send(method as 'GET', url, payload);
          expect([method, url, res.statusCode]).toEqual([method, url, 404]);
          expect(res.json()).toMatchObject({ success: false, message: 'Not found.' });
        }
      }
      expect(await snapshot(def)).toEqual(before);
    });

    it('refuses invalid create bodies with 422 field errors; the table and audit log stay as they were', async () => {
      const bodies = createBreakers(def, await sampleOf(def)); // sample() may create parents: before the snapshot
      const before = await snapshot(def);
      for (const { label, body, field: named } of bodies) {
        const res = await api.post(base, body);
        expect([label, res.statusCode]).toEqual([label, 422]);
        const errors = fieldErrors(res);
        if (named) expect([label, Object.keys(errors)]).toEqual([label, expect.arrayContaining([named])]);
        expect([label, await snapshot(def)]).toEqual([label, before]);
      }
      for (const broken of ['--x\r\nbroken', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc']) {
        const res = await call(t, { method: 'POST', url: base, token: t.rootToken, payload: broken, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
        expect([broken, res.statusCode]).toEqual([broken, 400]);
      }
      expect((await call(t, { method: 'POST', url: base, token: t.rootToken, payload: '{"title": ', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
      expect(await snapshot(def)).toEqual(before);
    });

    it('refuses invalid update bodies with 422 field errors; the record stays as it was', async () => {
      const before = await snapshot(def);
      for (const { label, body, field: named } of updateBreakers(def)) {
        const res = await api.put(`${base}/${record.encrypted_id}`, body);
        const errors = fieldErrors(res);
        if (named) expect([label, Object.keys(errors)]).toEqual([label, expect.arrayContaining([named])]);
        expect([label, await snapshot(def)]).toEqual([label, before]);
      }
      expect(dataOf(await api.get(`${base}/${record.encrypted_id}`))).toEqual(record);
    });

    if (def.status) {
      it('changes status to 2 then 1 (one audit row each); refuses 3 with 422', async () => {
        for (const [status, action] of [[2, 'block'], [1, 'unblock']] as const) {
          const changed = await audited({ action, resource: name }, async () => dataOf(await api.put(`${base}/status/${record.encrypted_id}`, { status })));
          expect(changed.status).toBe(status);
          expect(dataOf(await api.get(`${base}/${record.encrypted_id}`)).status).toBe(status);
        }
        const before = await snapshot(def);
        for (const body of [{ status: 3 }, { status: '2' }, { status: null }, {}]) {
          expect(Object.keys(fieldErrors(await api.put(`${base}/status/${record.encrypted_id}`, body)))).toEqual(['status']);
        }
        expect(await snapshot(def)).toEqual(before);
      });
    }

    it('deletes: 200 with the record, then 404 on get and on a second delete', async () => {
      await audited({ action: 'delete', resource: name, recordId: record.id }, async () => {
        const res = await api.del(`${base}/${record.encrypted_id}`);
        expect(res.json().message).toBe('Successfully deleted.');
        return dataOf(res);
      });
      expect((await api.get(`${base}/${record.encrypted_id}`)).statusCode).toBe(404);
      expect((await api.del(`${base}/${record.encrypted_id}`)).statusCode).toBe(404);
      expect((await api.put(`${base}/${record.encrypted_id}`, { [field]: 'ghost' })).statusCode).toBe(404);
      const all = dataOf(await api.get(`${base}?paginate=false`)) as Row[];
      expect(all.map((r) => r.id)).not.toContain(record.id);
    });
  });
});
