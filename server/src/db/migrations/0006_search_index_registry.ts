import { addSearchIndex, type DialectMigration, dropSearchIndex } from './helpers';
import { SEARCHED_COLUMNS } from './0005_search_indexes';

/**
 * Search indexes on both databases, listed in `search_indexes` (table, columns) so that the list
 * machinery uses an index only when it covers exactly the declaration's searchable columns, and a test
 * can hold every declaration to having one. SQLite gets FTS5 trigram tables (a LIKE scan cost about
 * 20 ms a search at 100,000 admins); PostgreSQL's trigram indexes of 0005 are recorded as they are.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('search_indexes')
      .addColumn('table_name', 'text', (c) => c.primaryKey())
      .addColumn('columns', 'text', (c) => c.notNull())
      .execute();
    for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
      await addSearchIndex(db, dialect, table, columns, dialect === 'postgres');
    }
  },
  async down(db, dialect) {
    // PostgreSQL's indexes belong to 0005: only the SQLite ones and the list go
    if (dialect === 'sqlite') for (const table of Object.keys(SEARCHED_COLUMNS)) await dropSearchIndex(db, dialect, table);
    await db.schema.dropTable('search_indexes').execute();
  },
};
