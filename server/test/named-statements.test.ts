import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { withNamedStatements } from '../src/db';

/**
 * PostgreSQL queries go as named statements (db/index.ts): parsed once on a connection, then only
 * bound and run. What is named and what is not, the cap, and that results and errors are unchanged.
 */
describe('named statements (postgres)', () => {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run the suite with `npm test`, which starts a throwaway PostgreSQL');
  let pool: Pool;
  let db: Kysely<Record<string, Record<string, unknown>>>;
  const nameOf = (text: string) => createHash('sha1').update(text).digest('base64url');

  beforeAll(() => {
    pool = new Pool({ connectionString: url, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, 3) }) });
  });
  afterAll(() => db.destroy());

  /** the statements prepared on the pool's one connection */
  const prepared = async () =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.name);

  test('a query with values is prepared once under its text\'s hash and answers as before, each time', async () => {
    const query = (n: number) => sql<{ doubled: number }>`select ${n}::int * 2 as doubled`;
    const text = query(1).compile(db).sql;
    expect(await prepared()).not.toContain(nameOf(text));
    expect((await query(21).execute(db)).rows).toEqual([{ doubled: 42 }]);
    expect(await prepared()).toContain(nameOf(text));
    // bound again with other values, never parsed again
    expect((await query(5).execute(db)).rows).toEqual([{ doubled: 10 }]);
    expect((await prepared()).filter((n) => n === nameOf(text))).toHaveLength(1);
  });

  test('a query without values, transaction control and DDL go unnamed (several statements in one text still run)', async () => {
    const before = await prepared();
    await sql`create temporary table named_probe (n int)`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`insert into named_probe values (1); insert into named_probe values (2)`.execute(trx);
    });
    expect((await sql<{ n: number }>`select count(*)::int as n from named_probe`.execute(db)).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toEqual(before);
  });

  test('a query with more than 100 values (a long IN list) goes unnamed', async () => {
    const before = await prepared();
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from generate_series(1, 200) as g (v) where v in (${sql.join(many)})`.execute(db);
    expect(rows).toEqual([{ n: 101 }]);
    expect(await prepared()).toEqual(before);
  });

  test('an error in a named statement is the query\'s own; the connection goes on', async () => {
    await expect(sql`select 1 / ${0}::int as n`.execute(db)).rejects.toThrow(/division by zero/);
    expect((await sql<{ n: number }>`select 1 / ${1}::int as n`.execute(db)).rows).toEqual([{ n: 1 }]);
  });

  test('beyond the cap a connection runs further texts unnamed, with the same answers', async () => {
    for (let i = 0; i < 5; i++) {
      const { rows } = await sql<{ n: number }>`select ${10}::int + ${sql.lit(i)} as n`.execute(db);
      expect(rows).toEqual([{ n: 10 + i }]);
    }
    // the cap is 3 a connection: the earlier tests' named texts took some of it
    expect((await prepared()).length).toBe(3);
  });
});
