import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Storage } from './storage';

declare module '../db/schema' {
  interface Database {
    /** every stored file: who sent it and when, and how many record fields hold it (0: an upload nobody took yet) */
    stored_files: { path: string; size: number | null; uploaded_by: number | null; uploaded_at: string; holders: number };
    /** which record holds a stored file: a column of one row */
    file_holds: { path: string; table_name: string; record_id: number; column_name: string };
    /** bytes an admin sent to the chunked upload on one UTC day */
    upload_usage: { admin_id: number; day: string; bytes: number };
  }
}

/**
 * The bookkeeping of stored files (migration 0027). A file under /storage (or the private area) is a
 * row of `stored_files`; each record field holding it is a row of `file_holds`, and `holders` counts
 * them. A chunked upload is registered with no holder under the admin who sent it; a write may take
 * it (one conditional update: only its own admin's, only while nobody holds it) or name a file its
 * record already holds, nothing else. A file goes from disk when its last holder lets go of it (a
 * record deleted, a file replaced), never while another record holds it. Only held files are served
 * at /storage; uploads nobody took are removed after UPLOAD_STALE_HOURS. Every change runs in the
 * transaction of the write that causes it.
 */

type Db = Kysely<Database>;

/** A record's column that holds files. */
export interface Holder {
  table: string;
  id: number;
  column: string;
}

export const FILE_MESSAGES = {
  inUse: 'This file belongs to another record. Upload it again.',
  otherAdmin: 'This file was uploaded by another admin. Upload it yourself.',
  expired: 'This upload is no longer kept (uploads are kept for a limited time until a record takes them). Upload the file again.',
} as const;

export type StoredFileRow = Database['stored_files'];

const stampNow = () => new Date().toISOString();

export async function fileRow(db: Db, path: string): Promise<StoredFileRow | undefined> {
  return db.selectFrom('stored_files').select(['path', 'size', 'uploaded_by', 'uploaded_at', 'holders']).where('path', '=', path).executeTakeFirst();
}

/** Why a body may not name this stored file for a record of `adminId`'s write, or null when it may take it (its own fresh upload). */
export function refusalOf(row: StoredFileRow | undefined, adminId: number): string | null {
  if (!row) return FILE_MESSAGES.expired;
  if (Number(row.holders) > 0) return FILE_MESSAGES.inUse;
  if (row.uploaded_by !== adminId) return FILE_MESSAGES.otherAdmin;
  return null;
}

/** A finished chunked upload: registered with no holder (not served until a record takes it). Answers whether it was new. */
export async function registerUpload(db: Db, file: { path: string; size: number; adminId: number }, at = stampNow()): Promise<boolean> {
  const inserted = await db
    .insertInto('stored_files')
    .values({ path: file.path, size: file.size, uploaded_by: file.adminId, uploaded_at: at, holders: 0 })
    .onConflict((oc) => oc.column('path').doNothing())
    .returning('path')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A file the write itself stored (bytes of its body): registered held by the record. */
export async function holdNew(trx: Db, holder: Holder, path: string, size: number | null, adminId: number | null): Promise<void> {
  await trx.insertInto('stored_files').values({ path, size, uploaded_by: adminId, uploaded_at: stampNow(), holders: 1 }).execute();
  await trx.insertInto('file_holds').values({ path, table_name: holder.table, record_id: holder.id, column_name: holder.column }).execute();
}

/**
 * Takes an upload for a record: only the admin's own, only while no record holds it (one conditional
 * update, so two writes naming one upload at once cannot both take it). Answers the refusal's
 * message, or null when taken.
 */
export async function claimUpload(trx: Db, holder: Holder, path: string, adminId: number): Promise<string | null> {
  const claimed = await trx
    .updateTable('stored_files')
    .set({ holders: sql<number>`holders + 1` })
    .where('path', '=', path)
    .where('uploaded_by', '=', adminId)
    .where('holders', '=', 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return refusalOf(await fileRow(trx, path), adminId) ?? FILE_MESSAGES.inUse;
  await trx.insertInto('file_holds').values({ path, table_name: holder.table, record_id: holder.id, column_name: holder.column }).execute();
  return null;
}

/** The row of a file that moves (an upload into the private area): its holds follow it. */
export async function renameFile(trx: Db, from: string, to: string): Promise<void> {
  const row = await fileRow(trx, from);
  if (!row) throw new Error(`no stored file ${from}`);
  await trx.insertInto('stored_files').values({ ...row, path: to }).execute();
  await trx.updateTable('file_holds').set({ path: to }).where('path', '=', from).execute();
  await trx.deleteFrom('stored_files').where('path', '=', from).execute();
}

/**
 * A record's field lets go of a file. Answers the path when no record holds it any longer (its row
 * is gone: the caller removes the file once the transaction committed), else null.
 */
export async function release(trx: Db, holder: Holder, path: string): Promise<string | null> {
  const dropped = await trx
    .deleteFrom('file_holds')
    .where('path', '=', path)
    .where('table_name', '=', holder.table)
    .where('record_id', '=', holder.id)
    .where('column_name', '=', holder.column)
    .executeTakeFirst();
  // a hold that is not there (a path the record never held) changes nothing, and removes nothing
  if (Number(dropped.numDeletedRows) === 0) return null;
  await trx.updateTable('stored_files').set({ holders: sql<number>`holders - 1` }).where('path', '=', path).execute();
  const gone = await trx.deleteFrom('stored_files').where('path', '=', path).where('holders', '<=', 0).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0 ? path : null;
}

/** A deleted record lets go of every file it holds; answers those no record holds any longer. */
export async function releaseRecord(trx: Db, table: string, id: number): Promise<string[]> {
  const holds = await trx.selectFrom('file_holds').select(['path', 'column_name']).where('table_name', '=', table).where('record_id', '=', id).execute();
  const unheld: string[] = [];
  for (const h of holds) {
    const path = await release(trx, { table, id, column: h.column_name }, h.path);
    if (path) unheld.push(path);
  }
  return unheld;
}

/** Rows a statement of registerHolds writes at most. */
const REGISTER_BATCH = 100;

const batches = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / REGISTER_BATCH) }, (_, i) => items.slice(i * REGISTER_BATCH, (i + 1) * REGISTER_BATCH));

/**
 * Registers files that records hold without a write of the API (the demo seeds, tests), in one
 * transaction: each hold once, each file's count of holders recounted from its holds.
 */
export async function registerHolds(db: Db, holds: readonly (Holder & { path: string })[], at = stampNow()): Promise<void> {
  if (!holds.length) return;
  const paths = [...new Set(holds.map((h) => h.path))];
  await db.transaction().execute(async (trx) => {
    for (const batch of batches(paths)) {
      await trx.insertInto('stored_files').values(batch.map((path) => ({ path, size: null, uploaded_by: null, uploaded_at: at, holders: 0 }))).onConflict((oc) => oc.column('path').doNothing()).execute();
    }
    for (const batch of batches(holds)) {
      await trx
        .insertInto('file_holds')
        .values(batch.map((h) => ({ path: h.path, table_name: h.table, record_id: h.id, column_name: h.column })))
        .onConflict((oc) => oc.columns(['path', 'table_name', 'record_id', 'column_name']).doNothing())
        .execute();
    }
    for (const batch of batches(paths)) {
      await trx
        .updateTable('stored_files')
        .set({ holders: sql<number>`(SELECT count(*) FROM file_holds WHERE file_holds.path = stored_files.path)` })
        .where('path', 'in', batch)
        .execute();
    }
  });
}

/** Whether /storage serves this path: a stored file some record holds. */
export async function isHeld(db: Db, path: string): Promise<boolean> {
  const row = await db.selectFrom('stored_files').select('holders').where('path', '=', path).executeTakeFirst();
  return Number(row?.holders ?? 0) > 0;
}

/** The UTC day of a moment, as the usage counter keys it. */
export const usageDay = (at = Date.now()) => new Date(at).toISOString().slice(0, 10);

/**
 * Counts `bytes` against an admin's daily upload allowance before they are read, in one atomic
 * upsert that adds them only while the day's total stays within `limit` (parallel requests cannot all
 * pass a "so far so good" check; every node counts in the same row). False: over the allowance,
 * nothing counted.
 */
export async function countUpload(db: Db, adminId: number, bytes: number, limit: number, at = Date.now()): Promise<boolean> {
  if (bytes > limit) return false;
  const row = await db
    .insertInto('upload_usage')
    .values({ admin_id: adminId, day: usageDay(at), bytes })
    .onConflict((oc) =>
      oc
        .columns(['admin_id', 'day'])
        .doUpdateSet({ bytes: sql<number>`upload_usage.bytes + excluded.bytes` })
        .where(sql<boolean>`upload_usage.bytes + excluded.bytes <= ${limit}`),
    )
    .returning('bytes')
    .executeTakeFirst();
  return row !== undefined;
}

/** What an admin sent to the chunked upload today. */
export async function usedToday(db: Db, adminId: number, at = Date.now()): Promise<number> {
  const row = await db.selectFrom('upload_usage').select('bytes').where('admin_id', '=', adminId).where('day', '=', usageDay(at)).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** How many unheld uploads one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * Removes uploads no record took within `staleMs`: each row deleted only while still unheld (a write
 * taking it at that moment wins or loses cleanly), then its file. Also forgets usage counts of days
 * gone by. Answers how many files went.
 */
export async function sweepUnheld(db: Db, storage: Storage, staleMs: number, now = Date.now()): Promise<number> {
  const before = new Date(now - staleMs).toISOString();
  const stale = await db.selectFrom('stored_files').select('path').where('holders', '=', 0).where('uploaded_at', '<', before).orderBy('uploaded_at').limit(SWEEP_BATCH).execute();
  let removed = 0;
  for (const { path } of stale) {
    const gone = await db.deleteFrom('stored_files').where('path', '=', path).where('holders', '=', 0).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) continue;
    await storage.remove(path);
    removed++;
  }
  await db.deleteFrom('upload_usage').where('day', '<', usageDay(now - 86_400_000)).execute();
  return removed;
}
