import { sql } from 'kysely';
import { MIGRATIONS } from '../src/db/migrations';
import { listTextKind } from '../src/http/list';
import { RESOURCE_DEFS } from '../src/resources/registry';
import { startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, dataOf, type Row } from './helpers/http';

jest.setTimeout(120_000);

/**
 * PostgreSQL's `search_text` (migrations 0038, 0039): each searched record's lowered text by kind (a table,
 * or a subset of one: `users:patient`) that a list reads, kept by triggers in the write's own transaction. After inserts,
 * updates of a searched column and of the subset's column, other updates, deletes and statements of
 * many rows, it holds exactly what the records say; a search's total is counted from it.
 */
describe('search_text on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(() => t.close());

  interface Kind { kind: string; table_name: string; columns: string; subset_column: string | null; subset_value: string | null }

  /** search_text as the records say it should be, and as it is: `kind id text` lines, sorted */
  async function both(): Promise<[string[], string[]]> {
    const db = anyDb(t);
    const kinds = (await sql<Kind>`SELECT * FROM search_text_kinds ORDER BY kind`.execute(db)).rows;
    const want: string[] = [];
    for (const k of kinds) {
      const columns = JSON.parse(k.columns) as string[];
      const rows = (await sql<Row>`SELECT * FROM ${sql.table(k.table_name)}`.execute(db)).rows;
      for (const r of rows) {
        if (k.subset_column && r[k.subset_column] !== k.subset_value) continue;
        want.push(`${k.kind} ${r.id} ${columns.map((c) => String(r[c] ?? '')).join(' ').toLowerCase()}`);
      }
    }
    const have = (await sql<{ kind: string; id: number; text: string }>`SELECT kind, id, text FROM search_text`.execute(db)).rows.map((r) => `${r.kind} ${r.id} ${r.text}`);
    return [want.sort(), have.sort()];
  }
  const expectInStep = async () => {
    const [want, have] = await both();
    expect(have).toEqual(want);
  };

  test('every kind is one a list reads: each list searching its own text reads one, and no other kind is kept', async () => {
    const kinds = (await sql<{ kind: string }>`SELECT kind FROM search_text_kinds`.execute(anyDb(t))).rows.map((r) => r.kind);
    // what each list reads: every declaration has a search index, and only one searching other records too reads none
    const read = RESOURCE_DEFS.map((def) => [def.name, listTextKind(t.app.ctx, def)] as const);
    expect(read.filter(([, kind]) => kind === null)).toEqual(RESOURCE_DEFS.filter((def) => def.searchThrough?.length).map((def) => [def.name, null]));
    expect([...new Set(read.flatMap(([, kind]) => kind ?? []))].sort()).toEqual(kinds.sort());
    expect(kinds).toEqual(expect.arrayContaining(['users:patient', 'users:family', 'admins']));
    expect(kinds).not.toContain('appointments'); // migration 0039
    await expectInStep();
  });

  test('inserts, updates and deletes of one row and of many keep it exact', async () => {
    const db = anyDb(t);
    const now = new Date().toISOString();
    const person = (i: number, type: string) => ({ type, f_name: `Zébra${i}`, l_name: i % 2 ? null : 'QUOKKA', email: `kept${i}@example.org`, status: 1, created_at: now, updated_at: now });
    const ids = (await db.insertInto('users').values([0, 1, 2, 3, 4, 5].map((i) => person(i, i < 4 ? 'patient' : 'family'))).returning('id').execute()).map((r: Row) => r.id as number);
    await expectInStep();
    const [one] = await db.insertInto('users').values(person(9, 'chw')).returning('id').execute();
    await expectInStep();
    // a searched column, one row and many
    await db.updateTable('users').set({ f_name: 'Renamed ALPACA' }).where('id', '=', ids[0]).execute();
    await db.updateTable('users').set({ l_name: 'Many' }).where('id', 'in', ids.slice(1, 4)).execute();
    await expectInStep();
    // the subset's column: a patient becomes a family member, a family member a patient
    await db.updateTable('users').set({ type: 'family' }).where('id', '=', ids[1]).execute();
    await db.updateTable('users').set({ type: 'patient' }).where('id', 'in', ids.slice(4)).execute();
    await expectInStep();
    // a column nobody searches leaves it as it is
    await db.updateTable('users').set({ updated_at: new Date(Date.now() + 1000).toISOString() }).where('id', 'in', ids).execute();
    await expectInStep();
    // to NULL and back
    await db.updateTable('users').set({ l_name: null }).where('id', '=', ids[2]).execute();
    await expectInStep();
    await db.deleteFrom('users').where('id', '=', ids[0]).execute();
    await db.deleteFrom('users').where('id', 'in', [...ids.slice(1), one!.id]).execute();
    await expectInStep();
    // another table's kind (its one column) too
    const [role] = await db.insertInto('roles').values({ name: 'Search Keeper', created_at: now, updated_at: now }).returning('id').execute().catch(() => [null]);
    if (role) {
      await db.updateTable('roles').set({ name: 'Search KEEPER two' }).where('id', '=', role.id).execute();
      await expectInStep();
      await db.deleteFrom('roles').where('id', '=', role.id).execute();
    }
    await expectInStep();
  });

  test('a write that fails leaves it as it was (the same transaction)', async () => {
    const db = anyDb(t);
    const now = new Date().toISOString();
    await expect(
      db.transaction().execute(async (trx: typeof db) => {
        await trx.insertInto('users').values({ type: 'patient', f_name: 'Rolledback', email: 'rolled@example.org', status: 1, created_at: now, updated_at: now }).execute();
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_text WHERE text LIKE '%rolledback%'`.execute(db)).rows[0]!.n).toBe(0);
    await expectInStep();
  });

  test("a searched patient list's total is search_text's count of the patients' kind", async () => {
    const db = anyDb(t);
    const api = client(t);
    const now = new Date().toISOString();
    const rows = Array.from({ length: 30 }, (_, i) => ({ type: i % 3 ? 'patient' : 'family', f_name: `Counted${i}`, l_name: 'Pangolin', email: `counted${i}@example.org`, status: 1, created_at: now, updated_at: now }));
    const ids = (await db.insertInto('users').values(rows).returning('id').execute()).map((r: Row) => r.id as number);
    expect(dataOf(await api.get('/api/admin/app-users?search=PANGOLIN')).total).toBe(20);
    expect(dataOf(await api.get('/api/admin/app-users?search=counted1')).total).toBe(8); // 1 and 10-19, less the family members 12, 15, 18
    // the total is read from search_text alone: a text changed there behind the triggers' back is what it counts
    await sql`UPDATE search_text SET text = text || ' behindtheback' WHERE kind = 'users:patient' AND id = ${ids[1]}`.execute(db);
    try {
      expect(dataOf(await api.get('/api/admin/app-users?search=behindtheback')).total).toBe(1);
    } finally {
      await sql`UPDATE search_text SET text = replace(text, ' behindtheback', '') WHERE kind = 'users:patient' AND id = ${ids[1]}`.execute(db);
    }
    await db.deleteFrom('users').where('id', 'in', ids).execute();
    await expectInStep();
  });

  test('migrations 0039 and 0038 down take the table, its kinds and its triggers away; up fills it again', async () => {
    const db = anyDb(t);
    const kinds = async () => (await sql<{ kind: string }>`SELECT kind FROM search_text_kinds ORDER BY kind`.execute(db)).rows.map((r) => r.kind);
    const migrated = await kinds();
    const triggers = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE '%search_text%'`.execute(db)).rows[0]!.n;
    expect(await triggers()).toBeGreaterThan(0);
    // 0039 down: the kinds no list reads come back, filled
    await MIGRATIONS['0039_unread_search_text']!.down(db, 'postgres');
    expect(await kinds()).toEqual([...migrated, 'appointments', 'users'].sort());
    await expectInStep();
    const migration = MIGRATIONS['0038_search_text']!;
    await migration.down(db, 'postgres');
    expect((await sql<{ t: string | null }>`SELECT to_regclass('search_text')::text AS t`.execute(db)).rows[0]!.t).toBeNull();
    expect(await triggers()).toBe(0);
    // writes go on without it
    const now = new Date().toISOString();
    const [row] = await db.insertInto('users').values({ type: 'patient', f_name: 'Between', email: 'between@example.org', status: 1, created_at: now, updated_at: now }).returning('id').execute();
    await db.updateTable('users').set({ f_name: 'Between two' }).where('id', '=', row!.id).execute();
    await migration.up(db, 'postgres');
    await expectInStep();
    await MIGRATIONS['0039_unread_search_text']!.up(db, 'postgres');
    expect(await kinds()).toEqual(migrated);
    await expectInStep();
    await db.deleteFrom('users').where('id', '=', row!.id).execute();
    await expectInStep();
  });
});
