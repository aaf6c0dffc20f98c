/**
 * A record read is a record that can be written: for every declaration of the registry, one record is
 * read (`GET /{resource}/{id}`, the read the console and the spec's clients make), sent back whole and
 * unchanged as JSON (`PUT /{resource}/{id}`), and the answer is a 200 that changed nothing: a fresh read
 * is the same record, and its rows (the table's, its profile's, its child rows) are the same but for
 * `updated_at`. Both dialects. The keys a record reads with that a write does not take are accepted
 * when they are unchanged (http/knownFields.ts), so no declaration lists them one by one; each of them
 * sent with another value is refused, naming it, and changes nothing.
 */
import { bodySchemas } from '../src/http/crud';
import { ACCEPTED_AND_IGNORED, READ_ONLY_FIELD, readOnlyKeys } from '../src/http/knownFields';
import type { ResourceDef } from '../src/http/resource';
import { RESOURCE_DEFS } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf, type Row, sampler } from './helpers/http';

jest.setTimeout(720_000);

/** A record or row without the keys a write may move (the time of the last change). */
const still = (record: Row | undefined): Row | undefined => {
  if (!record) return record;
  const { updated_at: _changed, ...rest } = record;
  return rest;
};

describe.each(DIALECTS)('a record read is written back unchanged (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref } = sampler(api));
  });
  afterAll(() => t?.close());

  /** A value with each signed link of a private file as the path it names (a link is made anew at each read, with its expiry). */
  const signedAsPaths = (value: unknown): unknown => {
    if (typeof value === 'string' && value.startsWith('/api/admin/files/')) return `signed:${t.app.ctx.storage.verifySigned(value.slice('/api/admin/files/'.length))?.path}`;
    if (Array.isArray(value)) return value.map(signedAsPaths);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, signedAsPaths(v)]));
    return value;
  };

  /** The stored rows of a record: its table's and its profile's columns, and its child rows. */
  async function stored(def: ResourceDef, id: number): Promise<Row> {
    const row = (await anyDb(t).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    const profile = def.profile ? await anyDb(t).selectFrom(def.profile.table).selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    const children: Row = {};
    for (const [key, spec] of Object.entries(def.children ?? {})) {
      children[key] = await anyDb(t).selectFrom(spec.table).selectAll().where(spec.foreignKey, '=', id).orderBy('id').execute();
    }
    return { row: still(row), profile, children };
  }

  it.each(RESOURCE_DEFS.map((def) => [def.name, def] as const))('%s: PUT of the record as read answers 200 and changes nothing', async (name, def) => {
    const made = await ref(name);
    const url = `/api/admin/${name}/${made.encrypted_id}`;
    const read = dataOf(await api.get(url));
    const before = await stored(def, made.id);
    const res = await api.put(url, read);
    expect([name, res.statusCode, res.json().error ?? null]).toEqual([name, 200, null]);
    expect([name, signedAsPaths(still(dataOf(await api.get(url))))]).toEqual([name, signedAsPaths(still(read))]);
    expect([name, await stored(def, made.id)]).toEqual([name, before]);
  });

  it('a schedule with a booked slot is written back as read, its slots kept; a change of its days is still refused', async () => {
    const roster = await ref('duty-roasters');
    await ref('appointments', { 'duty-roasters': roster });
    const url = `/api/admin/duty-roasters/${roster.encrypted_id}`;
    const slots = () => anyDb(t).selectFrom('duty_slots').selectAll().where('roster_id', '=', roster.id).orderBy('id').execute();
    const before = await slots();
    expect(before.map((s) => s.status)).toContain('Booked');
    const read = dataOf(await api.get(url));
    expect((await api.put(url, read)).statusCode).toBe(200);
    expect(await slots()).toEqual(before);
    const changed = await api.put(url, { ...read, dates: [...(read.dates as string[]), '2031-03-14'] });
    expect([changed.statusCode, changed.json().code]).toEqual([409, 'roster_booked_change']);
    expect(await slots()).toEqual(before);
  });

  it('a record stored without a file its field now requires is written back as read; one that has the file may not drop it', async () => {
    const withFile = await ref('facility-centers');
    const without = await ref('facility-centers');
    await anyDb(t).updateTable('facility_centers').set({ file: null }).where('id', '=', without.id).execute();
    const url = `/api/admin/facility-centers/${without.encrypted_id}`;
    const read = dataOf(await api.get(url));
    expect(read.file).toBeNull();
    const res = await api.put(url, read);
    expect([res.statusCode, res.json().error ?? null]).toEqual([200, null]);
    const other = `/api/admin/facility-centers/${withFile.encrypted_id}`;
    const dropped = await api.put(other, { ...dataOf<Row>(await api.get(other)), file: null });
    expect([dropped.statusCode, Object.keys(dropped.json().error ?? {})]).toEqual([422, ['file']]);
    expect(dataOf(await api.get(other)).file).not.toBeNull();
  });

  /** Another value of the same kind: a number moved by one, a text changed, a blank filled. */
  const other = (value: unknown): unknown => (typeof value === 'number' ? value + 1 : typeof value === 'string' ? `${value}x` : value === null ? 1 : undefined);

  it.each(RESOURCE_DEFS.map((def) => [def.name, def] as const))('%s: each key read that an update does not take, sent changed, is refused by name and changes nothing', async (name, def) => {
    const made = await ref(name);
    const url = `/api/admin/${name}/${made.encrypted_id}`;
    const read = dataOf(await api.get(url));
    const takes = new Set(Object.keys(bodySchemas(def).update.properties));
    const keys = readOnlyKeys(def).filter((k) => !takes.has(k) && !Object.hasOwn(def.ignored ?? {}, k) && !Object.hasOwn(ACCEPTED_AND_IGNORED, k) && other(read[k]) !== undefined);
    expect([name, keys]).toEqual([name, expect.arrayContaining(['id', 'encrypted_id'])]);
    const before = await stored(def, made.id);
    for (const key of keys) {
      const res = await api.put(url, { ...read, [key]: other(read[key]) });
      expect([name, key, res.statusCode, res.json().error]).toEqual([name, key, 422, { [key]: [READ_ONLY_FIELD] }]);
    }
    expect([name, await stored(def, made.id)]).toEqual([name, before]);
  });
});
