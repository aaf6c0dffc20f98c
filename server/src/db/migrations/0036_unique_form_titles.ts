import { sql } from 'kysely';
import type { DialectMigration } from './helpers';
import { type TitledTable, uniqueTitleIndex, uniqueTitleIndexes } from './0031_unique_titles';

/**
 * Survey-form titles are unique too, ignoring case and surrounding spaces (the declaration's
 * `uniqueTitle`), as 0031 made the other titles: a unique index on lower(trim(title)). A database that
 * already holds two forms of one title is not changed (their answers are the programme's records): the
 * duplicates are reported in `duplicate_titles` and the log, and the index waits until they are renamed
 * (migrateToLatest looks again at each start).
 */
export const FORM_TITLES: readonly TitledTable[] = [{ table: 'dynamic_forms', column: 'title' }];

export const migration: DialectMigration = {
  async up(db) {
    await uniqueTitleIndexes(db, undefined, FORM_TITLES);
  },
  async down(db) {
    for (const t of FORM_TITLES) {
      await sql`DROP INDEX IF EXISTS ${sql.raw(uniqueTitleIndex(t))}`.execute(db);
      await db.deleteFrom('duplicate_titles').where('table_name', '=', t.table).execute();
    }
  },
};
