/**
 * Unique titles in the database (migration 0031, and 0036 for survey forms): on a database that already holds duplicates the
 * migration succeeds, reports them (a row each in duplicate_titles and a log line), merges nothing and
 * leaves that table's index out; once they are resolved the next start adds it. The refusals of the
 * API are checked over every declaring resource by the resource contract (helpers/contract.ts).
 */
import { sql } from 'kysely';
import { migrateToLatest } from '../src/db/migrate';
import { migration, UNIQUE_TITLES as TITLES_0031, uniqueTitleIndex, uniqueTitleIndexes } from '../src/db/migrations/0031_unique_titles';
import { FORM_TITLES, migration as formsMigration } from '../src/db/migrations/0036_unique_form_titles';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb } from './helpers/http';

jest.setTimeout(180_000);

const UNIQUE_TITLES = [...TITLES_0031, ...FORM_TITLES];

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

  it('migrates survey forms holding a title twice (0036): reports them, changes no form, adds the index once one is renamed', async () => {
    const db = anyDb(t);
    await formsMigration.down(db, dialect);
    const stamp = new Date().toISOString();
    const form = (title: string) => db.insertInto('dynamic_forms').values({ title, status: 1, version: 1, submissions_count: 0, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const a = await form('Household survey (twice)');
    const b = await form('  HOUSEHOLD survey (twice) ');
    const before = await db.selectFrom('dynamic_forms').select(['id', 'title']).orderBy('id').execute();
    const lines: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line));
    try {
      await formsMigration.up(db, dialect);
    } finally {
      warn.mockRestore();
    }
    const report = await db.selectFrom('duplicate_titles').select(['table_name', 'parent_id', 'record_ids']).execute();
    expect(report).toEqual([{ table_name: 'dynamic_forms', parent_id: null, record_ids: `${a.id},${b.id}` }]);
    expect(lines.join('\n')).toMatch(/duplicate titles: dynamic_forms "[^"]*": ids/);
    expect(await db.selectFrom('dynamic_forms').select(['id', 'title']).orderBy('id').execute()).toEqual(before);
    expect(await indexes()).toEqual(UNIQUE_TITLES.map(uniqueTitleIndex).filter((n) => n !== uniqueTitleIndex(FORM_TITLES[0]!)).sort());

    // the next start with the twins still there logs them again and leaves the index out; once one is renamed it adds it
    const again: string[] = [];
    const warnAgain = jest.spyOn(console, 'warn').mockImplementation((line: string) => void again.push(line));
    try {
      await migrateToLatest(t.db.db, dialect);
    } finally {
      warnAgain.mockRestore();
    }
    expect(again.join('\n')).toMatch(/duplicate titles: dynamic_forms/);
    expect(await db.selectFrom('duplicate_titles').select('table_name').execute()).toEqual([{ table_name: 'dynamic_forms' }]);
    await db.updateTable('dynamic_forms').set({ title: 'Household survey (renamed)' }).where('id', '=', b.id).execute();
    await migrateToLatest(t.db.db, dialect);
    expect(await indexes()).toEqual(UNIQUE_TITLES.map(uniqueTitleIndex).sort());
    expect(await db.selectFrom('duplicate_titles').selectAll().execute()).toEqual([]);
    await db.deleteFrom('dynamic_forms').where('id', 'in', [a.id, b.id]).execute();
  });
});
