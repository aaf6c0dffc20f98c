import { type Db, type DialectMigration, notNull } from './helpers';

/**
 * The stored files and who holds them (services/storedFiles.ts):
 *
 *   stored_files   one row per file under DATA_DIR/storage or DATA_DIR/private: who uploaded it and
 *                  when, its size, and how many record fields hold it (`holders`); a chunked upload
 *                  is a row with no holder until a write takes it; only held files are served
 *   file_holds     which record holds it: (path, table, record id, column)
 *   upload_usage   bytes each admin sent to the chunked upload, per UTC day (UPLOAD_DAILY_MB)
 *
 * The files the records hold when this runs are registered here, so they keep being served. Files
 * may be shared by records written before this change (a demo leaflet of every demo campaign, a
 * path one record took from another): each record is one holder, and the file goes only when the
 * last of them lets go of it.
 */

/** Columns holding one stored path, as of this migration. */
const SINGLE: readonly (readonly [table: string, column: string])[] = [
  ['categories', 'file'],
  ['campaigns', 'file'],
  ['tasks', 'file'],
  ['facility_centers', 'file'],
  ['health_literacy_contents', 'file'],
  ['health_literacy_contents', 'thumbnail'],
  ['users', 'photo'],
  ['admins', 'profile_image'],
  ['promotional_sliders', 'file'],
];
/** Columns holding a JSON list of stored paths. */
const LISTS: readonly (readonly [table: string, column: string])[] = [['medical_histories', 'reports']];
/** The file fields of the landing site's sections (a JSON object per section row, in `content`). */
const SECTION_FILES = ['file', 'background_image', 'center_image', 'person_image', 'box_1_file', 'box_2_file', 'box_3_file', 'box_4_file', 'video'];

const BATCH = 200;

interface Hold {
  path: string;
  table_name: string;
  record_id: number;
  column_name: string;
}

const listOf = (value: unknown): string[] => {
  if (typeof value !== 'string' || !value) return [];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && p !== '') : [];
  } catch {
    return [];
  }
};

async function heldNow(db: Db): Promise<Hold[]> {
  const holds: Hold[] = [];
  for (const [table, column] of SINGLE) {
    const rows = await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).where(column, '!=', '').execute();
    for (const r of rows) holds.push({ path: String(r[column]), table_name: table, record_id: Number(r.id), column_name: column });
  }
  for (const [table, column] of LISTS) {
    const rows = await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).execute();
    for (const r of rows) for (const path of new Set(listOf(r[column]))) holds.push({ path, table_name: table, record_id: Number(r.id), column_name: column });
  }
  for (const r of await db.selectFrom('promotional_sections').select(['id', 'content']).execute()) {
    let content: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(String(r.content));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) content = parsed as Record<string, unknown>;
    } catch {
      // a section that does not parse holds nothing the site could show
    }
    for (const column of SECTION_FILES) {
      const path = content[column];
      if (typeof path === 'string' && path) holds.push({ path, table_name: 'promotional_sections', record_id: Number(r.id), column_name: column });
    }
  }
  return holds;
}

export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('stored_files')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('size', 'bigint')
      .addColumn('uploaded_by', 'integer')
      .addColumn('uploaded_at', 'text', notNull)
      .addColumn('holders', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // the sweep reads the unheld ones, oldest first
    await db.schema.createIndex('stored_files_unheld_idx').on('stored_files').columns(['holders', 'uploaded_at']).execute();
    await db.schema
      .createTable('file_holds')
      .addColumn('path', 'text', (c) => c.notNull().references('stored_files.path'))
      .addColumn('table_name', 'text', notNull)
      .addColumn('record_id', 'integer', notNull)
      .addColumn('column_name', 'text', notNull)
      .addPrimaryKeyConstraint('file_holds_pk', ['path', 'table_name', 'record_id', 'column_name'])
      .execute();
    // a record's holds, let go of when it is deleted
    await db.schema.createIndex('file_holds_record_idx').on('file_holds').columns(['table_name', 'record_id']).execute();
    await db.schema
      .createTable('upload_usage')
      .addColumn('admin_id', 'integer', notNull)
      .addColumn('day', 'text', notNull)
      .addColumn('bytes', 'bigint', notNull)
      .addPrimaryKeyConstraint('upload_usage_pk', ['admin_id', 'day'])
      .execute();

    const holds = await heldNow(db);
    const holders = new Map<string, number>();
    for (const h of holds) holders.set(h.path, (holders.get(h.path) ?? 0) + 1);
    const stamp = new Date().toISOString();
    const files = [...holders].map(([path, n]) => ({ path, size: null, uploaded_by: null, uploaded_at: stamp, holders: n }));
    for (let i = 0; i < files.length; i += BATCH) await db.insertInto('stored_files').values(files.slice(i, i + BATCH)).execute();
    for (let i = 0; i < holds.length; i += BATCH) await db.insertInto('file_holds').values(holds.slice(i, i + BATCH)).execute();
  },
  async down(db) {
    await db.schema.dropTable('upload_usage').execute();
    await db.schema.dropTable('file_holds').execute();
    await db.schema.dropTable('stored_files').execute();
  },
};
