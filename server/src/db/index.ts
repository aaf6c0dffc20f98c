import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect, type SqliteDatabase } from 'kysely';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Pool, type PoolClient, types } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
  /**
   * Who hears of a connection PostgreSQL ended (a restart, a failover, `pg_ctl stop`, an administrator's
   * pg_terminate_backend), whether it sat idle in the pool or was held by a request (default: a warning
   * on the console while nobody listens; the app listens). Never called on SQLite.
   */
  onConnectionLost(listener: (err: Error) => void): void;
  /**
   * PostgreSQL only: loads `rows` (each the values of `columns`, in order) into `table` by one
   * `COPY … FROM STDIN` on a connection of its own, outside any transaction of the caller: the seeder's
   * bulk loads (a million patients). Undefined on SQLite.
   */
  copyRows?(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void>;
}

// count(*) and bigint come back from pg as strings; our ids and counts fit in a JS number.
types.setTypeParser(20, (v) => Number(v));
// numeric (lat/long) as number
types.setTypeParser(1700, (v) => Number(v));

const warnLost = (err: Error) => console.warn(`PostgreSQL closed a connection: ${err.message}`);
/** how long a query may wait for a connection (a free one of the pool, or a new one) before it fails */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * `connectTimeoutMs`: that wait, for a caller that would rather wait longer than fail (the test suites'
 * databases, whose connections open slowly on a machine busy with other work).
 */
export function createDb(opts: { databaseUrl: string | null; dataDir: string; sqliteFile?: string; connectTimeoutMs?: number }): Db {
  if (opts.databaseUrl) {
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
    // A connection the server ends emits 'error' on its client; unheard, that event ends the process.
    // withNamedStatements hears it on every client, idle or held; the pool also re-emits an idle
    // client's error as its own, heard here only so that it is heard. The pool drops such a client and
    // opens a new one for the next query; a request that held it gets its query's error (a 503).
    // Once the pool is ending, its connections close on their own time: one the server ends first
    // (the database dropped or shut down right after) is no news.
    let ending = false;
    const listeners: ((err: Error) => void)[] = [];
    const lost = (err: Error) => {
      if (ending) return;
      if (listeners.length === 0) warnLost(err);
      for (const listener of listeners) listener(err);
    };
    pool.on('error', () => undefined);
    // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, and a
    // list's folded page carries a fallback count(*) that is never run but is costed (a million patients:
    // the appointments page's estimate 138,000, ~25-30 ms of compiling for 1 ms of work, on every call).
    // Set per connection as it opens (queued before any query on it), not as a startup option, which
    // connection poolers such as PgBouncer refuse.
    pool.on('connect', (client) => {
      client.query('SET jit = off').catch(() => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, 500, lost) }) });
    return {
      db,
      dialect: 'postgres',
      destroy: () => {
        ending = true;
        return db.destroy();
      },
      onConnectionLost: (listener) => {
        listeners.push(listener);
      },
      copyRows: async (table, columns, rows) => {
        const client = await pool.connect();
        try {
          const target = client.query(copyFrom(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
          await pipeline(Readable.from(copyText(rows)), target);
          client.release();
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
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
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), onConnectionLost: () => undefined };
}

/** One value in COPY's text format: \\N for NULL, backslash, tab, newline and carriage return escaped. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? (value ? 't' : 'f') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** COPY's text format of `rows`, in pieces of about 64 KB. */
function* copyText(rows: Iterable<readonly unknown[]>): Generator<string> {
  let piece = '';
  for (const row of rows) {
    piece += `${row.map(copyValue).join('\t')}\n`;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** a statement with more values goes unnamed: each length of an IN list is a text of its own */
const MAX_NAMED_VALUES = 100;

/**
 * node-postgres sends each query unnamed, so PostgreSQL parses and plans it anew every time: for the
 * small queries of an API request that is much of their cost. Named, a query is parsed once on each
 * connection and its plan may be kept (PostgreSQL's own choice between a generic and a custom plan).
 * The name is the SQL text's hash, so one name never means two texts. Only data statements are named
 * (transaction control and DDL go as they are) that have values, at most MAX_NAMED_VALUES of them, and
 * at most `max` texts a connection: beyond, a query goes unnamed as before (PostgreSQL keeps each
 * named statement in the connection's memory). Statements only, never data: every query still reads the
 * database. Measured by `npm run bench` on PostgreSQL: the lists gained 35-90%.
 * `onLost` hears of each client whose connection ended (see createDb).
 */
export function withNamedStatements(pool: Pool, max = 500, onLost: (err: Error) => void = warnLost): PostgresPool {
  const wrapped = new WeakMap<PoolClient, PostgresPoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = createHash('sha1').update(text).digest('base64url');
      if (names.size < 10 * max) names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        // once per client, for its whole life: the pool listens to a client only while it is idle, and
        // one held by a request (a transaction between two statements) that loses its connection would
        // otherwise emit an 'error' nobody hears, which ends the process. pg emits it once for the
        // socket's error and again for its end: reported once.
        let lost = false;
        client.on('error', (err: Error) => {
          if (lost) return;
          lost = true;
          onLost(err);
        });
        const prepared = new Set<string>();
        own = {
          query: ((text: string, values: readonly unknown[]) => {
            // a query without values goes as pg sends it, by the simple protocol (it may hold several
            // statements); one with many values (a long IN list) is rare and its parse small beside its work
            if (typeof text !== 'string' || !values?.length || values.length > MAX_NAMED_VALUES || !DATA_STATEMENT.test(text)) {
              return client.query(text as never, values as unknown[]);
            }
            const name = nameOf(text);
            if (!prepared.has(name)) {
              if (prepared.size >= max) return client.query(text, values as unknown[]);
              prepared.add(name);
            }
            return client.query({ name, text, values: values as unknown[] });
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, own);
      }
      return own;
    },
    end: () => pool.end(),
  };
}

const NOTHING_TO_ROLL_BACK = { reader: false, all: () => [], iterate: () => [][Symbol.iterator](), run: () => ({ changes: 0, lastInsertRowid: 0 }) } as unknown as SQLite.Statement;

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
      // SQLite rolls a transaction back itself on some errors (out of disk, I/O, locked, out of memory);
      // Kysely then sends its ROLLBACK, whose "no transaction is active" would take the place of the
      // error that mattered (a full disk answered 500 instead of 503). With nothing to roll back, nothing runs.
      if (!sqlite.inTransaction && /^\s*rollback\s*$/i.test(text)) return NOTHING_TO_ROLL_BACK;
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
