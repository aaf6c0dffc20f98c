import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { join } from 'node:path';
import { Pool, types } from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// count(*) and bigint come back from pg as strings; our ids and counts fit in a JS number.
types.setTypeParser(20, (v) => Number(v));
// numeric (lat/long) as number
types.setTypeParser(1700, (v) => Number(v));

const warnIdleError = (err: Error) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`);

export function createDb(opts: { databaseUrl: string | null; dataDir: string; sqliteFile?: string; onIdleError?: (err: Error) => void }): Db {
  if (opts.databaseUrl) {
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server ends (a restart, a failover, an administrator's
    // pg_terminate_backend) emits 'error' on the pool; unheard, that event would end the process.
    // The pool drops that connection and opens a new one for the next query.
    // Once the pool is ending, its connections close on their own time: one the server ends first
    // (the database dropped or shut down right after) is no news.
    let ending = false;
    pool.on('error', (err) => {
      if (!ending) (opts.onIdleError ?? warnIdleError)(err);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      destroy: () => {
        ending = true;
        return db.destroy();
      },
    };
  }
  const file = opts.sqliteFile ?? join(opts.dataDir, 'app.db');
  const sqlite = new SQLite(file);
  // WAL lets readers run during a write; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * Kysely prepares every SQLite query anew, and for the small queries of an API request preparing costs
 * about as much as running (measured: ~100 µs of a ~1 ms list request). This keeps prepared statements
 * by SQL text, least recently used first out. Statements only, never data: every query still reads the
 * database. A statement busy in an unfinished iterate() (a streamed query) is not shared.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached) {
        if (cached.busy) return sqlite.prepare(text);
        cache.delete(text); // re-insert: the Map's order is the recency order
        cache.set(text, cached);
        return cached;
      }
      const stmt = sqlite.prepare(text);
      cache.set(text, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}
