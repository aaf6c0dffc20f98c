/**
 * Unique titles in the database (migration 0031): on a database that already holds duplicates the
 * migration succeeds, reports them (a row each in duplicate_titles and a log line), merges nothing and
 * leaves that table's index out; once they are resolved the next start adds it. The refusals of the
 * API are checked over every declaring resource by the resource contract (helpers/contract.ts).
 */
import { sql } from 'kysely';
import { migrateToLatest } from '../src/db/migrate';
import { migration, UNIQUE_TITLES, uniqueTitleIndex, uniqueTitleIndexes } from '../src/db/migrations/0031_unique_titles';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb } from './helpers/http';

jest.setTimeout(180_000);

describe.each(DIALECTS)('unique titles in the database (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const indexes = async (): Promise<string[]> => {
    const names = UNIQUE_TITLES.map(uniqueTitleIndex);
    const rows = dialect === 'postgres'
      ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes`.execute(anyDb(t))
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(anyDb(t));
    return rows.rows.map((r) => r.name).filter((n) => names.includes(n)).sort();
  };

  it('a migrated database has every unique index and no report', async () => {
    expect(await indexes()).toEqual(UNIQUE_TITLES.map(uniqueTitleIndex).sort());
    expect(await anyDb(t).selectFrom('duplicate_titles').selectAll().execute()).toEqual([]);
  });

  it('migrates a database holding duplicates: reports them, merges nothing, adds the index once they are resolved', async () => {
    const db = anyDb(t);
    await migration.down(db, dialect);
    const stamp = new Date().toISOString();
    const district = (title: string) => db.insertInto('districts').values({ title, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const a = await district('Karachi');
    const b = await district(' karachi  ');
    const tehsil = (title: string, districtId: number) => db.insertInto('tehsils').values({ title, district_id: districtId, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const t1 = await tehsil('Saddar', Number(a.id));
    const t2 = await tehsil('SADDAR', Number(a.id));
    await tehsil('Saddar', Number(b.id)); // another district: no duplicate
    const before = await db.selectFrom('districts').select(['id', 'title']).orderBy('id').execute();

    const lines: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line));
    try {
      await migration.up(db, dialect);
    } finally {
      warn.mockRestore();
    }
    const report = await db.selectFrom('duplicate_titles').select(['table_name', 'parent_id', 'record_ids']).orderBy('table_name').execute();
    expect(report.map((r) => ({ ...r, parent_id: r.parent_id === null ? null : Number(r.parent_id) }))).toEqual([
      { table_name: 'districts', parent_id: null, record_ids: `${a.id},${b.id}` },
      { table_name: 'tehsils', parent_id: Number(a.id), record_ids: `${t1.id},${t2.id}` },
    ]);
    expect(lines.join('\n')).toMatch(/duplicate titles: districts "[^"]*": ids/);
    expect(lines.join('\n')).toMatch(/duplicate titles: tehsils "[^"]*" \(district_id \d+\)/);
    // nothing merged or renamed; only the tables without duplicates have their index
    expect(await db.selectFrom('districts').select(['id', 'title']).orderBy('id').execute()).toEqual(before);
    const missing = ['districts', 'tehsils'].map((table) => uniqueTitleIndex(UNIQUE_TITLES.find((u) => u.table === table)!));
    expect(await indexes()).toEqual(UNIQUE_TITLES.map(uniqueTitleIndex).filter((n) => !missing.includes(n)).sort());

    // a start with the duplicates still there reports them again; once resolved, the next start adds the indexes
    expect(await uniqueTitleIndexes(db, () => undefined)).toBe(2);
    await db.updateTable('districts').set({ title: 'Karachi East' }).where('id', '=', b.id).execute();
    await db.deleteFrom('tehsils').where('id', '=', t2.id).execute();
    await migrateToLatest(t.db.db, dialect);
    expect(await indexes()).toEqual(UNIQUE_TITLES.map(uniqueTitleIndex).sort());
    expect(await db.selectFrom('duplicate_titles').selectAll().execute()).toEqual([]);
    // (that the index refuses a duplicate is the contract's test, for every declaring resource)
  });
});
