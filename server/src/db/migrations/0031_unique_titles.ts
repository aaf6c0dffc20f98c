import { sql } from 'kysely';
import { type DialectMigration, notNull } from './helpers';

/**
 * Titles of reference data and places are unique within their parent, ignoring case and surrounding
 * spaces (the declarations' `uniqueTitle`, enforced by the machinery on every write). Here the database
 * backs it with a unique index on (lower(trim(title)), parent) for each table whose stored rows allow
 * it. A table that already holds duplicates is not changed: nothing is merged or renamed, the
 * duplicates are written to `duplicate_titles` (and to the log), and its index is left out until they
 * are resolved (migrateToLatest looks again at each start and then adds it).
 */
export interface TitledTable {
  table: string;
  column: string;
  within?: string;
}

/** The tables and columns of migration 0031: kept here, as the schema was when it was written. */
export const UNIQUE_TITLES: readonly TitledTable[] = [
  { table: 'qualifications', column: 'title' },
  { table: 'specializations', column: 'title' },
  { table: 'interests', column: 'title' },
  { table: 'categories', column: 'title' },
  { table: 'cancellation_reasons', column: 'name' },
  { table: 'countries', column: 'country' },
  { table: 'cities', column: 'title' },
  { table: 'districts', column: 'title' },
  { table: 'tehsils', column: 'title', within: 'district_id' },
  { table: 'areas', column: 'title', within: 'tehsil_id' },
];

/** The unique index of a titled table; the server reads the column back from the name of a clash. */
export const uniqueTitleIndex = ({ table, column }: TitledTable) => `${table}__unique__${column}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was
type Db = import('kysely').Kysely<any>;

/**
 * For each table (those of 0031 unless given: a later migration passes its own): its unique index when it
 * has no duplicates (and none yet), else one row a group of duplicates in `duplicate_titles` (replacing
 * that table's earlier report). Returns the groups found.
 */
export async function uniqueTitleIndexes(db: Db, log: (line: string) => void = (line) => console.warn(line), tables: readonly TitledTable[] = UNIQUE_TITLES): Promise<number> {
  let groups = 0;
  for (const t of tables) {
    const key = sql`lower(trim(${sql.ref(t.column)}))`;
    const parent = t.within ? sql.ref(t.within) : sql`NULL`;
    const dupes = await sql<{ title: string; parent_id: number | null }>`
      SELECT min(${sql.ref(t.column)}) AS title, ${parent} AS parent_id
      FROM ${sql.table(t.table)} GROUP BY ${key}${t.within ? sql`, ${sql.ref(t.within)}` : sql``} HAVING count(*) > 1 ORDER BY min(id)`.execute(db);
    await db.deleteFrom('duplicate_titles').where('table_name', '=', t.table).execute();
    if (dupes.rows.length) {
      groups += dupes.rows.length;
      for (const d of dupes.rows) {
        let same = db.selectFrom(t.table).select('id').where(sql<boolean>`lower(trim(${sql.ref(t.column)})) = lower(trim(cast(${d.title} as text)))`);
        if (t.within) same = same.where(t.within, '=', d.parent_id);
        const ids = (await same.orderBy('id').execute()).map((r) => Number(r.id)).join(',');
        await db.insertInto('duplicate_titles').values({ table_name: t.table, title: d.title, parent_id: d.parent_id, record_ids: ids, found_at: new Date().toISOString() }).execute();
        log(`duplicate titles: ${t.table} "${d.title}"${t.within ? ` (${t.within} ${d.parent_id})` : ''}: ids ${ids}; its unique index waits until they are renamed or removed`);
      }
      continue;
    }
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${sql.raw(uniqueTitleIndex(t))} ON ${sql.table(t.table)} (${key}${t.within ? sql`, ${sql.ref(t.within)}` : sql``})`.execute(db);
  }
  return groups;
}

export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('duplicate_titles')
      .addColumn('table_name', 'text', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('parent_id', 'integer')
      .addColumn('record_ids', 'text', notNull)
      .addColumn('found_at', 'text', notNull)
      .execute();
    await uniqueTitleIndexes(db);
  },
  async down(db) {
    for (const t of UNIQUE_TITLES) await sql`DROP INDEX IF EXISTS ${sql.raw(uniqueTitleIndex(t))}`.execute(db);
    await db.schema.dropTable('duplicate_titles').execute();
  },
};
