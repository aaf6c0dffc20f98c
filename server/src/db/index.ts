import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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

export function createDb(opts: { databaseUrl: string | null; dataDir: string; sqliteFile?: string }): Db {
  if (opts.databaseUrl) {
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? join(opts.dataDir, 'app.db');
  const sqlite = new SQLite(file);
  // WAL lets readers run during a write; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
