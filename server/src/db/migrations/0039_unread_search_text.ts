import { sql } from 'kysely';
import { hasSearchText } from '../search';
import { addSearchTextKind, type DialectMigration, dropSearchTextKind } from './helpers';

/**
 * PostgreSQL: the kinds of `search_text` (migration 0038) that no list reads go, with their rows, indexes
 * and the work their triggers did on every write:
 * - `appointments`: the appointments list also searches the patient and the doctor it names
 *   (`searchThrough`), by ILIKE on each table's own columns, so it never read its kind; one row an
 *   appointment (ten million at a million patients), rewritten by every appointment saved.
 * - `users`: every person's text a second time beside their kind's own (`users:patient` and the others,
 *   which the lists read); only the appointments' search looks at people of any kind, by ILIKE.
 * The tables' own trigram indexes stay (that ILIKE uses them). server/test/search-text.test.ts holds every
 * kind to a list that reads it.
 */
const UNREAD = ['appointments', 'users'];

export const migration: DialectMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres' || !(await hasSearchText(db))) return;
    for (const kind of UNREAD) await dropSearchTextKind(db, kind, kind);
  },
  async down(db, dialect) {
    if (dialect !== 'postgres' || !(await hasSearchText(db))) return;
    for (const table of UNREAD) {
      const row = await sql<{ columns: string }>`SELECT columns FROM search_indexes WHERE table_name = ${table}`.execute(db);
      if (row.rows[0]) await addSearchTextKind(db, table, JSON.parse(row.rows[0].columns) as string[]);
    }
    await sql`ANALYZE search_text`.execute(db);
  },
};
