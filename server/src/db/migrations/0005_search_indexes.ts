import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/** the searchable columns of the resources as they stood at this migration */
export const SEARCHED_COLUMNS: Record<string, string[]> = {
  admins: ['f_name', 'l_name', 'email', 'phone'],
  roles: ['name'],
  qualifications: ['title'],
  specializations: ['title'],
  districts: ['title'],
  tehsils: ['title'],
  areas: ['title'],
  cities: ['title'],
  countries: ['country', 'iso3'],
};

/**
 * Search on PostgreSQL: ILIKE '%x%' over 100,000 admins scanned every row (8 req/s in the bench);
 * trigram GIN indexes serve it. pg_trgm is a trusted extension (a database owner may create it);
 * where it is not installed the indexes are skipped and search stays correct, only slower.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    if (!available.rows[0]?.n) return;
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    // one index a table, on the same expression the list's search uses (http/crud.ts searchText)
    for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
      const text = columns.length === 1 ? sql.ref(columns[0]!) : sql`(${sql.join(columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`), sql` || ' ' || `)})`;
      await sql`CREATE INDEX ${sql.raw(`${table}_search_trgm`)} ON ${sql.table(table)} USING gin (${text} gin_trgm_ops)`.execute(db);
    }
  },
  async down(db, dialect) {
    if (dialect !== 'postgres') return;
    for (const table of Object.keys(SEARCHED_COLUMNS)) await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_search_trgm`)}`.execute(db);
  },
};
