import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** At most `max` hits on `key` in a window of `windowMs` that starts with the first hit. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Rows whose window ended this long ago are of no use; cleared now and then. */
const STALE_MS = 86_400_000;

/**
 * Counts one hit against each limit, each in one atomic upsert (a counter in a row, not a count of
 * rows), so parallel requests see 1, 2, 3, ... and never all "0 so far". The table is shared, so
 * every node counts together. Answers the seconds to wait when any limit is now exceeded, else null.
 * The hit is counted before the work it guards (a password check), so a slow check cannot be run
 * many times in parallel; `release` takes a hit back when the attempt turned out well.
 */
export async function hit(db: Kysely<Database>, limits: readonly Limit[], at = Date.now()): Promise<number | null> {
  let wait: number | null = null;
  for (const limit of limits) {
    const start = new Date(at).toISOString();
    const expired = new Date(at - limit.windowMs).toISOString();
    const row = await db
      .insertInto('throttle')
      .values({ key: limit.key, hits: 1, window_start: start })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN throttle.window_start <= ${expired} THEN 1 ELSE throttle.hits + 1 END`,
          window_start: sql<string>`CASE WHEN throttle.window_start <= ${expired} THEN ${start} ELSE throttle.window_start END`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    if (Number(row.hits) > limit.max) {
      const seconds = Math.max(1, Math.ceil((Date.parse(row.window_start) + limit.windowMs - at) / 1000));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  if (Math.random() < 0.01) await db.deleteFrom('throttle').where('window_start', '<', new Date(at - STALE_MS).toISOString()).execute();
  return wait;
}

/** Takes back one hit of each key (a sign-in that succeeded is not a failure). */
export async function release(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  for (const key of keys) await db.updateTable('throttle').set({ hits: sql<number>`hits - 1` }).where('key', '=', key).where('hits', '>', 0).execute();
}

/** Forgets a key altogether (the account signed in: its failures are over). */
export async function clear(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
