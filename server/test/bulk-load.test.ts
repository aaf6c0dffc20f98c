import { sql } from 'kysely';
import { MIGRATIONS } from '../src/db/migrations';
import { BULK_ROWS, searchFill, withDeferredIndexing } from '../src/seeds/bulkLoad';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';

// a migrated database and 25,000 people written twice
jest.setTimeout(180_000);

const SEARCH_TRIGGER = `CREATE TRIGGER users_search__patient_insert AFTER INSERT ON "users" WHEN new."type" = 'patient'
      BEGIN INSERT INTO users_search__patient (rowid, text) VALUES (new.id, coalesce(new."email", '') || ' ' || coalesce(new."f_name", '')); END`;

test('a search trigger of the migrations\' form becomes one INSERT … SELECT of the same expression and condition', () => {
  expect(searchFill(SEARCH_TRIGGER, 'users', 41)).toBe(
    `INSERT INTO users_search__patient (rowid, text) SELECT new.id, coalesce(new."email", '') || ' ' || coalesce(new."f_name", '') FROM "users" AS new WHERE new.id > 41 AND (new."type" = 'patient') ORDER BY new.id`,
  );
  // another table's trigger, or a trigger of another form, is left alone
  expect(searchFill(SEARCH_TRIGGER, 'admins', 0)).toBeNull();
  expect(searchFill(`CREATE TRIGGER users_count_insert AFTER INSERT ON "users" BEGIN UPDATE row_counts SET n = n + 1 WHERE table_name = 'users'; END`, 'users', 0)).toBeNull();
});

describe.each(DIALECTS)('a bulk load with deferred indexing (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const schema = async () =>
    dialect === 'sqlite'
      ? (await sql<{ type: string; name: string; sql: string | null }>`SELECT type, name, sql FROM sqlite_master ORDER BY rowid`.execute(t.db.db)).rows
      : (await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`.execute(t.db.db)).rows;

  /** the foreign keys of `users` as PostgreSQL spells them (none listed on SQLite, where a load keeps them) */
  const foreignKeys = async () =>
    dialect === 'sqlite'
      ? []
      : (await sql<{ name: string; definition: string; valid: boolean }>`SELECT conname AS name, pg_get_constraintdef(oid) AS definition, convalidated AS valid
          FROM pg_constraint WHERE conrelid = 'users'::regclass AND contype = 'f' ORDER BY conname`.execute(t.db.db)).rows;

  const byName = (objects: unknown[]) => [...(objects as { name?: string; indexname?: string }[])].sort((a, b) => String(a.name ?? a.indexname).localeCompare(String(b.name ?? b.indexname)));
  const indexOrder = (objects: unknown[]) => (objects as { type?: string; name?: string; sql?: string | null; indexname?: string }[])
    .filter((o) => (o.type === 'index' && /\bon "users"/i.test(o.sql ?? '')) || o.indexname?.startsWith('users_'))
    .map((o) => o.name ?? o.indexname);

  const people = (from: number, n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => ({
      id: from + i, type: i % 5 === 0 ? 'doctor' : 'patient', f_name: `${tag}${i}z`, l_name: 'Bulkload', email: `${tag}${i}z@bulk.example.org`, phone_no: `0399${String(i).padStart(7, '0')}`,
      status: 1, country_id: null, city_id: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
    }));

  const insert = async (rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 500) await t.db.db.insertInto('users').values(rows.slice(i, i + 500) as never).execute();
  };

  /** what the search finds, the way the server asks (the per-kind index on SQLite, the kind's search text on PostgreSQL) */
  const found = async (kind: 'patient' | 'doctor', term: string) =>
    dialect === 'sqlite'
      ? Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(`users_search__${kind}`)} WHERE text MATCH ${`"${term}"`}`.execute(t.db.db)).rows[0]!.n)
      : Number((await sql<{ n: number }>`SELECT count(*) AS n FROM search_text WHERE kind = ${`users:${kind}`} AND text LIKE lower(${`%${term}%`})`.execute(t.db.db)).rows[0]!.n);

  test('leaves the schema as the migrations made it, in its order, with every row indexed and counted', async () => {
    const before = await schema();
    const keysBefore = await foreignKeys();
    const max = Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM users`.execute(t.db.db)).rows[0]!.id ?? 0);
    const n = BULK_ROWS + 5_000;
    // indexes and search triggers are gone while the rows go in (SQLite), and back after
    let during: unknown[] = [];
    let keysDuring: unknown[] = [];
    await withDeferredIndexing(t.db, 'users', n, async () => {
      during = await schema();
      keysDuring = await foreignKeys();
      await insert(people(max + 1, n, 'bulkrow'));
    });
    // (PostgreSQL: the foreign keys too, checked once after the load, spelt as before and valid)
    if (dialect === 'postgres') {
      expect(keysBefore.map((k) => k.name)).toEqual(expect.arrayContaining(['users_city_id_fkey', 'users_country_id_fkey']));
      expect(keysDuring).toEqual([]);
    }
    expect(await foreignKeys()).toEqual(keysBefore);
    // (PostgreSQL: the indexes that enforce nothing, the trigram ones among them; the unique ones stay)
    expect(during.length).toBeLessThan(before.length);
    if (dialect === 'postgres') {
      const names = (during as { indexname: string }[]).map((i) => i.indexname);
      expect(names).toEqual(expect.arrayContaining(['users_pkey', 'users_email_key', 'search_text_pkey', 'search_text_trgm__admins']));
      // the search text of users' kinds is indexed after the load, once
      expect(names.filter((name) => name.startsWith('search_text_trgm__users'))).toEqual([]);
    }
    const after = await schema();
    // the same objects, and the table's indexes in their order (the planner takes the first of equals)
    expect(byName(after)).toEqual(byName(before));
    expect(indexOrder(before).length).toBeGreaterThan(5);
    expect(indexOrder(after)).toEqual(indexOrder(before));
    if (dialect === 'sqlite') {
      const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM users WHERE type = 'patient'`.execute(t.db.db)).rows.map((r) => r.detail).join();
      expect(plan).toMatch(/USING (COVERING )?INDEX users_type/);
      for (const fts of ['users_search', 'users_search__patient', 'users_search__doctor']) await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES('integrity-check')`).execute(t.db.db);
    }
    // the condition of a per-kind index held: 20% doctors, 80% patients; one term, one match
    expect(await found('patient', 'bulkrow1234z')).toBe(1);
    expect(await found('doctor', 'bulkrow1235z')).toBe(1);
    expect(await found('patient', 'bulkrow1235z')).toBe(0);
    const counted = await t.db.db.selectFrom('row_counts').select(['table_name', 'n']).where('table_name', 'in', ['users:patient', 'users:doctor']).orderBy('table_name').execute();
    const actual = await sql<{ type: string; n: number }>`SELECT type, count(*) AS n FROM users WHERE type IN ('doctor', 'patient') GROUP BY type ORDER BY type`.execute(t.db.db);
    expect(counted.map((c) => Number(c.n))).toEqual(actual.rows.map((r) => Number(r.n)));
  });

  test('COPY (PostgreSQL) loads every value as an INSERT would: tabs, new lines, backslashes, NULL, other scripts', async () => {
    if (!t.db.copyRows) {
      expect(dialect).toBe('sqlite');
      return;
    }
    const max = Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM users`.execute(t.db.db)).rows[0]!.id ?? 0);
    const names = ['tab\there', 'line\nbreak\r\nend', 'back\\slash \\N', '\\N', 'ليلى 李 Ωmega', "quote ' and \"", ''];
    const rows = names.map((f_name, i) => ({ ...people(max + 1 + i, 1, 'copyrow')[0]!, id: max + 1 + i, type: i % 2 ? 'patient' : 'doctor', email: `copyrow${i}@bulk.example.org`, f_name, l_name: i === 0 ? null : 'Copied' }));
    const columns = Object.keys(rows[0]!);
    const before = await t.db.db.selectFrom('row_counts').select('n').where('table_name', '=', 'users:patient').executeTakeFirstOrThrow();
    await t.db.copyRows(`users`, columns, rows.map((r) => columns.map((c) => (r as Record<string, unknown>)[c])));
    const back = await t.db.db.selectFrom('users').select(['f_name', 'l_name', 'status', 'city_id']).where('id', '>', max).orderBy('id').execute();
    expect(back.map((r) => r.f_name)).toEqual(names);
    expect(back.map((r) => r.l_name)).toEqual([null, ...names.slice(1).map(() => 'Copied')]);
    expect(back.every((r) => Number(r.status) === 1 && r.city_id === null)).toBe(true);
    // the kind's counter counted the patients among them, once for the statement
    const patients = rows.filter((r) => r.type === 'patient').length;
    expect(patients).toBe(3);
    const after = await t.db.db.selectFrom('row_counts').select('n').where('table_name', '=', 'users:patient').executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(patients);
  });

  test('the kinds stay counted through migration 0037 down and up (a row at a time, then a statement at a time on PostgreSQL)', async () => {
    const exact = async () => {
      const counted = await t.db.db.selectFrom('row_counts').select(['table_name', 'n']).where('table_name', 'like', 'users:%').orderBy('table_name').execute();
      const actual = await sql<{ type: string; n: number }>`SELECT type, count(*) AS n FROM users GROUP BY type`.execute(t.db.db);
      const of = new Map(actual.rows.map((r) => [`users:${r.type}`, Number(r.n)]));
      expect(counted.length).toBe(4);
      for (const c of counted) expect([c.table_name, Number(c.n)]).toEqual([c.table_name, of.get(c.table_name) ?? 0]);
    };
    const max = async () => Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM users`.execute(t.db.db)).rows[0]!.id ?? 0);
    const writeSome = async (tag: string) => {
      await insert(people((await max()) + 1, 12, tag));
      await t.db.db.deleteFrom('users').where('f_name', 'in', [`${tag}0z`, `${tag}3z`, `${tag}5z`]).execute();
      await t.db.db.updateTable('users').set({ type: 'family' }).where('f_name', '=', `${tag}4z`).execute();
      await exact();
    };
    const migration = MIGRATIONS['0037_subset_counts_per_statement']!;
    await writeSome('countsbefore');
    await migration.down(t.db.db, t.db.dialect);
    await writeSome('countsdown');
    await migration.up(t.db.db, t.db.dialect);
    await writeSome('countsup');
  });

  test('a load that leaves a reference to nothing fails, and every later write is checked again (PostgreSQL)', async () => {
    if (dialect === 'sqlite') {
      // SQLite keeps its foreign keys through a load: the row is refused as it is written
      expect(await foreignKeys()).toEqual([]);
      return;
    }
    const keysBefore = await foreignKeys();
    const max = Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM users`.execute(t.db.db)).rows[0]!.id ?? 0);
    const rows = people(max + 1, 3, 'danglingrow').map((row, i) => (i === 1 ? { ...row, city_id: 987_654 } : row));
    await expect(withDeferredIndexing(t.db, 'users', Infinity, () => insert(rows))).rejects.toThrow(/users_city_id_fkey/);
    // the key is back (not yet valid: one row breaks it) and refuses the next such write
    const keys = await foreignKeys();
    expect(keys.map((k) => [k.name, k.valid])).toEqual(keysBefore.map((k) => [k.name, k.name !== 'users_city_id_fkey']));
    await expect(insert(people(max + 10, 1, 'danglingnext').map((row) => ({ ...row, city_id: 987_654 })))).rejects.toThrow(/users_city_id_fkey/);
    // once the row is put right, the key validates and reads as it did
    await t.db.db.updateTable('users').set({ city_id: null }).where('id', '=', max + 2).execute();
    await sql`ALTER TABLE users VALIDATE CONSTRAINT users_city_id_fkey`.execute(t.db.db);
    expect(await foreignKeys()).toEqual(keysBefore);
  });

  test('a smaller load than a quarter of the table, or a failing one, keeps or restores everything', async () => {
    const before = await schema();
    const max = Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM users`.execute(t.db.db)).rows[0]!.id ?? 0);
    let during: unknown[] = [];
    await withDeferredIndexing(t.db, 'users', 10, async () => {
      during = await schema();
      await insert(people(max + 1, 10, 'smallrow'));
    });
    expect(during).toEqual(before);
    await expect(withDeferredIndexing(t.db, 'users', Infinity, async () => {
      await insert(people(max + 100, 3, 'failrow'));
      throw new Error('the load failed');
    })).rejects.toThrow('the load failed');
    expect(byName(await schema())).toEqual(byName(before));
    // the rows written before the failure are in the search index too
    expect(await found('doctor', 'failrow0z')).toBe(1);
    expect(await found('patient', 'smallrow1z')).toBe(1);
  });

  test('a load that fails and leaves its indexes unable to be made again tells both, the load\'s error first', async () => {
    // a table of its own: the failed restore leaves it without its index
    await sql`CREATE TABLE bulk_scratch (id integer PRIMARY KEY, title text)`.execute(t.db.db);
    await sql`CREATE INDEX bulk_scratch_title ON bulk_scratch (title)`.execute(t.db.db);
    const failure = await withDeferredIndexing(t.db, 'bulk_scratch', Infinity, async () => {
      // the dropped index's name taken while it was away: making it again fails
      await sql`CREATE INDEX bulk_scratch_title ON bulk_scratch (id)`.execute(t.db.db);
      throw new Error('the load failed');
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AggregateError);
    const { message, errors } = failure as AggregateError;
    expect(message).toMatch(/^the load failed \(and then: .*bulk_scratch_title.* already exists/);
    expect((errors as Error[]).map((e) => e.message)[0]).toBe('the load failed');
    await sql`DROP TABLE bulk_scratch`.execute(t.db.db);
  });
});
