/**
 * Loading many rows into a SQLite table at once, as the demo seeder does at large scales (a million
 * patients come with ten million appointments). Row by row, each of a table's secondary indexes takes
 * its rows at random places (an appointment's patient, its doctor), and each search index (FTS5,
 * filled by an AFTER INSERT trigger) writes and merges a segment at every commit: loading took about
 * 64 µs an appointment at 100,000 and grew with the table. So for a load at least a quarter of the
 * table's size:
 *  - its secondary indexes that enforce nothing (not UNIQUE) are dropped before and made again after
 *    (CREATE INDEX sorts once);
 *  - its search triggers (the form `migrations/helpers.ts` makes: `AFTER INSERT ON t [WHEN …] BEGIN
 *    INSERT INTO t_search (rowid, text) VALUES (new.id, …); END`) are dropped before, their index
 *    filled after by one INSERT … SELECT of the same expression over the new rows, and made again.
 * The schema afterwards is what the migrations made (the same SQL, taken from sqlite_master); every
 * other trigger (the kept counts) fires row by row as always. A trigger of another form stays in place.
 * Not in a transaction: a seeding that fails part way leaves a database to seed again anyway.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { searchTextIndex } from '../db/migrations/helpers';
import { hasSearchText } from '../db/search';

/** Rows below this many are loaded as they are. */
export const BULK_ROWS = 20_000;

const SEARCH_TRIGGER = /^CREATE TRIGGER (\w+) AFTER INSERT ON "?(\w+)"?(?:\s+WHEN (.+?))?\s+BEGIN INSERT INTO (\w+) \(rowid, text\) VALUES \(new\.id, (.+)\); END$/s;

interface SchemaObject {
  type: 'index' | 'trigger';
  name: string;
  sql: string;
}

/** The statement that fills a search trigger's index for the rows past `afterId`, or null for a trigger of another form. */
export function searchFill(triggerSql: string, table: string, afterId: number): string | null {
  const m = SEARCH_TRIGGER.exec(triggerSql.trim());
  if (!m || m[2] !== table) return null;
  const [, , , when, fts, expression] = m;
  return `INSERT INTO ${fts} (rowid, text) SELECT new.id, ${expression} FROM "${table}" AS new WHERE new.id > ${afterId}${when ? ` AND (${when})` : ''} ORDER BY new.id`;
}

/**
 * Runs `load` (which inserts about `incoming` rows into `table`; Infinity when not known) with the
 * table's indexing deferred as above, when the dialect is SQLite and the load is large enough.
 */
export async function withDeferredIndexing<T>(database: Db, table: string, incoming: number, load: () => Promise<T>): Promise<T> {
  if (incoming < BULK_ROWS) return load();
  const { db } = database;
  const existing = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  if (incoming < existing / 4) return load();
  if (database.dialect === 'postgres') return withDeferredPostgresIndexes(database, table, load);
  const objects = (
    await sql<SchemaObject>`SELECT type, name, sql FROM sqlite_master
      WHERE tbl_name = ${table} AND sql IS NOT NULL AND ((type = 'index' AND sql NOT LIKE 'CREATE UNIQUE%') OR type = 'trigger')
      ORDER BY rowid`.execute(db)
  ).rows;
  const indexes = objects.filter((o) => o.type === 'index');
  const triggers = objects.filter((o) => o.type === 'trigger' && searchFill(o.sql, table, 0) !== null);
  // a table with a search index has an id (the index's rowid)
  const afterId = triggers.length ? Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM ${sql.table(table)}`.execute(db)).rows[0]?.id ?? 0) : 0;
  for (const o of indexes) await sql.raw(`DROP INDEX "${o.name}"`).execute(db);
  for (const o of triggers) await sql.raw(`DROP TRIGGER "${o.name}"`).execute(db);
  return loadThenRestore(load, async () => {
    for (const o of indexes) await sql.raw(o.sql).execute(db);
    for (const o of triggers) {
      await sql.raw(searchFill(o.sql, table, afterId)!).execute(db);
      await sql.raw(o.sql).execute(db);
    }
  });
}

/**
 * `load`, then `restore` (the table's indexes, search and keys made again) whatever became of it. A load
 * that failed throws its own error, or, when making everything again failed too, both (an AggregateError,
 * the load's first): a table left without its indexes is never silent, and the cause is not hidden by it.
 */
async function loadThenRestore<T>(load: () => Promise<T>, restore: () => Promise<void>): Promise<T> {
  let result: T;
  try {
    result = await load();
  } catch (error) {
    try {
      await restore();
    } catch (restoreError) {
      const text = (e: unknown) => (e instanceof Error ? e.message : String(e));
      throw new AggregateError([error, restoreError], `${text(error)} (and then: ${text(restoreError)})`, { cause: restoreError });
    }
    throw error;
  }
  await restore();
  return result;
}

/**
 * PostgreSQL: the table's indexes that enforce nothing (not a primary key or UNIQUE: the trigram search
 * indexes, the foreign keys' and the lists' orders) dropped before the load and made again after, as
 * pg_indexes spells them. A GIN trigram index takes each row's trigrams at random places (about 40 of
 * them a patient): built once, it sorts them.
 *
 * The table's foreign keys too: a row's reference is checked by a trigger of its own, a lookup and a
 * row lock on the record it names (`FOR KEY SHARE`), three or four a row for an appointment; made again
 * after the load (as pg_get_constraintdef spells them), each is checked once over the whole table by a
 * join. A row that names nothing fails the load: its key is made again `NOT VALID` (every later write
 * checked) and the error thrown, so a dangling reference is never silent.
 * The indexes are made with room to sort in memory (`maintenance_work_mem`, for that statement only:
 * the default 64 MB spilled each GIN build over a million and a half people to disk), and the table
 * analysed after them, so that the seeder's later queries over it are planned for its real size.
 * The table's kinds of `search_text` (PostgreSQL's search text, migration 0038) are deferred the same way:
 * their triggers fill the rows once a statement, and their partial trigram indexes are made after.
 */
async function withDeferredPostgresIndexes<T>(database: Db, table: string, load: () => Promise<T>): Promise<T> {
  const { db } = database;
  const indexes = (
    await sql<{ name: string; definition: string }>`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ${table} AND i.indexdef NOT LIKE 'CREATE UNIQUE%'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass(quote_ident(i.indexname)))
      ORDER BY i.indexname`.execute(db)
  ).rows;
  // the table's kinds of search_text (migration 0038), filled once a statement by its triggers: their
  // partial trigram indexes too
  const kinds = !(await hasSearchText(db)) ? [] : (await sql<{ kind: string }>`SELECT kind FROM search_text_kinds WHERE table_name = ${table}`.execute(db)).rows;
  const textIndexes = !kinds.length
    ? []
    : (
        await sql<{ name: string; definition: string }>`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
          WHERE i.schemaname = current_schema() AND i.tablename = 'search_text'
            AND i.indexname = ANY(${kinds.map((k) => searchTextIndex(k.kind))}::text[])
          ORDER BY i.indexname`.execute(db)
      ).rows;
  indexes.push(...textIndexes);
  const foreignKeys = (
    await sql<{ name: string; definition: string }>`SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = to_regclass(${table}) AND contype = 'f' ORDER BY conname`.execute(db)
  ).rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
  for (const key of foreignKeys) await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(key.name)}`.execute(db);
  const restore = async () => {
    for (const index of indexes) {
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
        await sql.raw(index.definition).execute(trx);
      });
    }
    // the planner's statistics of the table as it now is: autovacuum's ANALYZE of a table being loaded
    // comes late or not at all (it gives way to the seeder's locks), and the statistics of the table
    // nearly empty sent the messages' recipient query through every patient (rows=1 estimated for
    // 95,000, 30 s instead of 5 for 200 messages at 100,000 patients)
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
    if (textIndexes.length) await sql`ANALYZE search_text`.execute(db);
    let dangling: unknown = null;
    for (const key of foreignKeys) {
      const add = `ALTER TABLE "${table}" ADD CONSTRAINT "${key.name}" ${key.definition}`;
      try {
        await sql.raw(add).execute(db);
      } catch (error) {
        // a row names nothing: the key is made again for every later write (NOT VALID), and the load fails
        await sql.raw(`${add} NOT VALID`).execute(db);
        dangling ??= error;
      }
    }
    if (dangling) throw dangling;
  };
  return loadThenRestore(load, restore);
}
