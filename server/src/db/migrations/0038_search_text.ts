import { sql } from 'kysely';
import { addSearchTextKind, type DialectMigration, searchTextTriggers } from './helpers';

/**
 * PostgreSQL: a search reads a narrow table of each record's lowered text (`search_text`, helpers.ts
 * `addSearchTextKind`) instead of the record's wide row. The trigram index on the joined columns of the
 * table itself is lossy: every candidate's row (a user's is wide) was read again to recheck, so "ali"
 * among 100,000 patients (5,107 matches) held the database at about 50 searches a second. Every search
 * index `search_indexes` lists becomes a kind, the subsets' (`users:patient`, migration 0032) by their
 * column. The earlier trigram indexes stay (the ILIKE of a search through another record, notifications'
 * own searches). SQLite is unchanged (its FTS5 tables are narrow already).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    const rows = await db.selectFrom('search_indexes').select(['table_name', 'columns']).orderBy('table_name').execute();
    if (!rows.length) return; // no pg_trgm: no search index to follow
    await sql`CREATE TABLE search_text_kinds (kind text PRIMARY KEY, table_name text NOT NULL, columns text NOT NULL, subset_column text, subset_value text)`.execute(db);
    await sql`CREATE TABLE search_text (kind text NOT NULL, id integer NOT NULL, text text NOT NULL, PRIMARY KEY (id, kind))`.execute(db);
    for (const row of rows as { table_name: string; columns: string }[]) {
      const columns = JSON.parse(row.columns) as string[];
      const [table, value] = row.table_name.split(':') as [string, string | undefined];
      // the subsets of migration 0032 are the kinds of person, by users.type
      await addSearchTextKind(db, table, columns, value === undefined ? undefined : { column: 'type', value });
    }
    await sql`ANALYZE search_text`.execute(db);
  },
  async down(db, dialect) {
    if (dialect !== 'postgres') return;
    const tables = await sql<{ table_name: string }>`SELECT DISTINCT table_name FROM search_text_kinds`.execute(db).catch(() => null);
    if (!tables) return;
    await sql`DELETE FROM search_text_kinds`.execute(db);
    for (const { table_name } of tables.rows) await searchTextTriggers(db, table_name);
    await sql`DROP TABLE search_text`.execute(db);
    await sql`DROP TABLE search_text_kinds`.execute(db);
  },
};
