import { sql } from 'kysely';
import { addRowCounter, type DialectMigration } from './helpers';

const COUNTED_TABLES = ['admins', 'roles', 'qualifications', 'specializations', 'districts', 'tehsils', 'areas', 'cities', 'countries'];

/**
 * Exact row counts kept by triggers: an unfiltered page reads its total from here instead of
 * count(*), which costs 3-5 ms over 100,000 rows on PostgreSQL (bench/README.md).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('row_counts')
      .addColumn('table_name', 'text', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (dialect === 'postgres') {
      // statement-level with transition tables: a bulk insert bumps the counter once
      await sql`CREATE FUNCTION row_counts_add() RETURNS trigger AS $$
        BEGIN UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME; RETURN NULL; END
        $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE FUNCTION row_counts_remove() RETURNS trigger AS $$
        BEGIN UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME; RETURN NULL; END
        $$ LANGUAGE plpgsql`.execute(db);
    }
    for (const table of COUNTED_TABLES) await addRowCounter(db, dialect, table);
  },
  async down(db, dialect) {
    for (const table of COUNTED_TABLES) {
      for (const op of ['insert', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${op}`)} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
    }
    await db.schema.dropTable('row_counts').execute();
    if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS row_counts_add(); DROP FUNCTION IF EXISTS row_counts_remove()`.execute(db);
  },
};
