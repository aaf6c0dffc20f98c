/**
 * Whole-database snapshots for the tests that prove a refused request changed nothing: a full dump
 * (every row of every table, ordered by its key), a cheap fingerprint (a count of row writes per
 * table, kept by triggers) and the stored files. Works on SQLite and PostgreSQL.
 */
import SQLite from 'better-sqlite3';
import { Client } from 'pg';
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../src/db';

/* eslint-disable @typescript-eslint/no-explicit-any -- rows of any table */
type AnyRow = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The test's own table of write counts (installWriteCounter; never part of a dump). */
const COUNTER = 'test_row_writes';

export interface TableShape {
  name: string;
  columns: string[];
  /** the text table of a SQLite search index (FTS5 `<index>_content`), written by its base table's triggers */
  indexText?: boolean;
}

/**
 * Every real table. SQLite's FTS5 search indexes (a table's, `*_search`, and a subset's,
 * `*_search__<value>`) are represented by the table holding their text (`<index>_content`); the
 * virtual table and its binary index structures (`_data`, `_idx`, `_docsize`, `_config`) are left
 * out: the search index's triggers write them from that text.
 */
export async function tablesOf(db: Db): Promise<TableShape[]> {
  const tables = await db.db.introspection.getTables();
  let virtual = new Set<string>();
  if (db.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`.execute(db.db);
    virtual = new Set(rows.rows.map((r) => r.name));
  }
  const shadow = new Set([...virtual].flatMap((v) => ['data', 'idx', 'docsize', 'config'].map((s) => `${v}_${s}`)));
  const text = new Set([...virtual].map((v) => `${v}_content`));
  return tables
    .filter((t) => !t.isView && !virtual.has(t.name) && !shadow.has(t.name) && t.name !== COUNTER)
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name), ...(text.has(t.name) ? { indexText: true } : {}) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs a test's own read of the database (a dump, a fingerprint). By default through the app's query
 * builder; `sqliteReader` reads a SQLite file directly.
 */
export type Reader = (text: string) => Promise<AnyRow[]>;

const builderReader = (db: Db): Reader => async (text) => (await sql.raw<AnyRow>(text).execute(db.db)).rows;

/**
 * A read-only connection of the test's own to a SQLite file, its statements prepared once: it sees
 * what the app committed (in WAL mode every read starts from the latest commit), as any other
 * connection would, at a fraction of the query builder's cost per query (the fuzzer reads the
 * database after each of its ~50,000 cases a dialect). Close it before the file goes.
 */
export function sqliteReader(file: string): { read: Reader; close(): void } {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  const statements = new Map<string, SQLite.Statement>();
  return {
    read: async (text) => {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = connection.prepare(text)));
      return statement.all() as AnyRow[];
    },
    close: () => connection.close(),
  };
}

/** Per table its rows as the database's own JSON text (compared as text, parsed only to report a difference); rows read otherwise are kept as they are. */
export type Dump = Record<string, AnyRow[] | string>;

const orderOf = (t: TableShape) => (t.columns.includes('id') ? ['id'] : t.columns).map(quote).join(', ');

/**
 * Every row of every table, ordered by id (or, without one, by all its columns), each table as JSON
 * text. On PostgreSQL in one round trip, on SQLite (in process) a query a table. `since` limits the named
 * tables to their rows after an id (an append-only table that grows with every accepted write).
 */
export async function dumpDatabase(db: Db, tables: TableShape[], since: Record<string, number> = {}, read: Reader = builderReader(db)): Promise<Dump> {
  const out: Dump = {};
  const where = (t: TableShape, alias = '') => (since[t.name] !== undefined ? ` WHERE ${alias}${quote('id')} > ${Number(since[t.name])}` : '');
  if (db.dialect === 'postgres') {
    if (!tables.length) return out;
    const columns = tables.map((t) => `(SELECT coalesce(json_agg(x ORDER BY ${orderOf(t).replace(/"([^"]+)"/g, 'x."$1"')}), '[]'::json)::text FROM ${quote(t.name)} x${where(t, 'x.')}) AS ${quote(t.name)}`);
    const row = (await read(`SELECT ${columns.join(', ')}`))[0] as Record<string, string>;
    for (const t of tables) out[t.name] = row[t.name]!;
    return out;
  }
  // each table as one JSON text made by SQLite itself (column names, types and order kept): comparing
  // two dumps is then comparing texts, and rows are parsed only to report a difference
  for (const t of tables) {
    const row = t.columns.map((c) => `'${c.replace(/'/g, "''")}', ${quote(c)}`).join(', ');
    const [result] = await read(`SELECT coalesce(json_group_array(json_object(${row}) ORDER BY ${orderOf(t)}), '[]') AS rows FROM ${quote(t.name)}${where(t)}`);
    out[t.name] = String(result!.rows);
  }
  return out;
}

/**
 * The database's state of a moment, dumped (dumpDatabase) only if asked for later: a read transaction
 * of a connection of the test's own, begun at that moment, sees the database as it was then until it
 * ends (SQLite in WAL mode: the reader's snapshot; PostgreSQL: a REPEATABLE READ transaction's
 * snapshot, taken at its first statement). The fuzzer takes one where a window of refusals starts and
 * dumps it only if the window is compared; most windows are ended by an accepted write before that.
 */
export interface Snapshots {
  /** holds the database's state of now (letting go of one held before) */
  take(): Promise<void>;
  /** the held state's dump, which lets it go */
  dump(tables: TableShape[], since?: Record<string, number>): Promise<Dump>;
  /** lets the held state go */
  release(): Promise<void>;
  close(): Promise<void>;
}

/** Snapshots of a SQLite file (in WAL mode), through a read-only connection of their own. */
export function sqliteSnapshots(db: Db, file: string): Snapshots {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  const statements = new Map<string, SQLite.Statement>();
  const statement = (text: string) => {
    let s = statements.get(text);
    if (!s) statements.set(text, (s = connection.prepare(text)));
    return s;
  };
  let held = false;
  const release = async () => {
    if (held) statement('COMMIT').run();
    held = false;
  };
  return {
    take: async () => {
      await release();
      statement('BEGIN').run();
      // the read transaction, and its snapshot, start with its first read
      statement('SELECT count(*) FROM sqlite_master').get();
      held = true;
    },
    dump: async (tables, since) => {
      if (!held) throw new Error('no snapshot held');
      try {
        return await dumpDatabase(db, tables, since, async (text) => statement(text).all() as AnyRow[]);
      } finally {
        await release();
      }
    },
    release,
    close: async () => {
      await release();
      connection.close();
    },
  };
}

/** Snapshots of a PostgreSQL database, through a connection of their own (close it before the database goes). */
export async function postgresSnapshots(db: Db, databaseUrl: string): Promise<Snapshots> {
  const client = new Client({ connectionString: databaseUrl });
  // a failure shows in the query that meets it
  client.on('error', () => undefined);
  await client.connect();
  let held = false;
  const release = async () => {
    if (held) await client.query('COMMIT');
    held = false;
  };
  return {
    take: async () => {
      // one round trip: the previous snapshot let go, a new one taken by its first statement
      await client.query(`${held ? 'COMMIT; ' : ''}BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT 1`);
      held = true;
    },
    dump: async (tables, since) => {
      if (!held) throw new Error('no snapshot held');
      try {
        return await dumpDatabase(db, tables, since, async (text) => (await client.query<AnyRow>(text)).rows);
      } finally {
        await release();
      }
    },
    release,
    close: async () => {
      await release().catch(() => undefined);
      await client.end();
    },
  };
}

/** The tables whose rows differ between two dumps, with a short description of the first difference. */
export function dumpDifferences(before: Dump, after: Dump): string[] {
  const out: string[] = [];
  const rows = (v: AnyRow[] | string | undefined): AnyRow[] => (typeof v === 'string' ? (JSON.parse(v) as AnyRow[]) : v ?? []);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (typeof before[name] === 'string' && before[name] === after[name]) continue;
    const a = rows(before[name]);
    const b = rows(after[name]);
    if (isDeepStrictEqual(a, b)) continue;
    const i = a.findIndex((row, k) => !isDeepStrictEqual(row, b[k]));
    const at = i === -1 ? a.length : i;
    out.push(`${name}: ${a.length} → ${b.length} rows; first difference at row ${at}: ${JSON.stringify(a[at] ?? null)} → ${JSON.stringify(b[at] ?? null)}`);
  }
  return out;
}

/** Per table its count of row writes, as one text (`table count` a table, by name, comma-separated). */
export type Fingerprint = string;

/**
 * A fingerprint of the database that changes with every committed row write: a row trigger on each
 * table counts its inserts, updates and deletes into a table of the test's own, inside the writing
 * transaction (a write rolled back is not counted). Reading it is one small query, and unlike row
 * counts and the latest updated_at it also sees a column changed in place. Installed on a test's
 * database only.
 */
export async function installWriteCounter(db: Db, tables: TableShape[], read: Reader = builderReader(db)): Promise<() => Promise<Fingerprint>> {
  const run = (text: string) => sql.raw(text).execute(db.db);
  await run(`CREATE TABLE ${COUNTER} (t TEXT PRIMARY KEY, n INTEGER NOT NULL)`);
  if (db.dialect === 'postgres') {
    await run(`CREATE FUNCTION ${COUNTER}_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE ${COUNTER} SET n = n + 1 WHERE t = TG_TABLE_NAME; RETURN NULL; END $$`);
  }
  // SQLite refuses triggers on a search index's text table; its base table's triggers write it, and are counted
  for (const t of tables.filter((x) => !x.indexText)) {
    await run(`INSERT INTO ${COUNTER} (t, n) VALUES ('${t.name}', 0)`);
    if (db.dialect === 'postgres') {
      await run(`CREATE TRIGGER ${quote(`${COUNTER}_${t.name}`)} AFTER INSERT OR UPDATE OR DELETE ON ${quote(t.name)} FOR EACH ROW EXECUTE FUNCTION ${COUNTER}_bump()`);
    } else {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await run(`CREATE TRIGGER ${quote(`${COUNTER}_${t.name}_${event}`)} AFTER ${event} ON ${quote(t.name)} BEGIN UPDATE ${COUNTER} SET n = n + 1 WHERE t = '${t.name}'; END`);
      }
    }
  }
  // one text ("table count" a table, by name), compared as text and split only when it differs
  const text = db.dialect === 'postgres' ? `string_agg(t || ' ' || n, ',' ORDER BY t)` : `group_concat(t || ' ' || n, ',' ORDER BY t)`;
  const query = `SELECT ${text} AS f FROM ${COUNTER}`;
  return async () => String((await read(query))[0]!.f);
}

const countsOf = (fingerprint: Fingerprint): Record<string, string> => Object.fromEntries(fingerprint.split(',').map((entry) => entry.split(' ') as [string, string]));

/** The tables whose fingerprints differ. */
export function fingerprintDifferences(before: Fingerprint, after: Fingerprint): string[] {
  if (before === after) return [];
  const [a, b] = [countsOf(before), countsOf(after)];
  return Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t]).map((t) => `${t}: ${a[t]} → ${b[t]}`);
}

/**
 * The files under the given folders (folders themselves are not data): their paths, and with
 * `detail` their sizes and modification times too (stored files get new names, never new contents,
 * so names alone show an added or removed file cheaply).
 */
export function filesSignature(dirs: string[], detail = false): string {
  const out: string[] = [];
  for (const dir of dirs) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    } catch {
      continue; // not made yet
    }
    for (const entry of entries) {
      if (entry.isDirectory()) continue;
      const path = join(entry.parentPath, entry.name);
      if (!detail) out.push(path);
      else {
        const st = statSync(path);
        out.push(`${path}:${st.size}:${st.mtimeMs}`);
      }
    }
  }
  return out.sort().join('\n');
}

/**
 * filesSignature(dirs) without listing thousands of files after every request: the folders' own
 * modification times change whenever a file is added to or removed from them, so the listing is
 * redone only when one of them changed. File times are coarse (a few milliseconds): while a folder
 * changed less than a moment before the last listing, every call lists again.
 */
export function filesWatcher(dirs: string[]): () => string {
  let folders = new Map<string, number>();
  let names = '';
  let settled = false;
  const mtime = (dir: string) => {
    try {
      return statSync(dir).mtimeMs;
    } catch {
      return -1; // not made yet
    }
  };
  const relist = () => {
    folders = new Map(dirs.map((d) => [d, mtime(d)]));
    for (const dir of dirs) {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { recursive: true, withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) if (e.isDirectory()) folders.set(join(e.parentPath, e.name), mtime(join(e.parentPath, e.name)));
    }
    names = filesSignature(dirs);
    const listedAt = Date.now();
    settled = [...folders.values()].every((time) => time < listedAt - 100);
  };
  relist();
  return () => {
    if (!settled) {
      relist();
      return names;
    }
    for (const [dir, time] of folders) {
      if (mtime(dir) !== time) {
        relist();
        break;
      }
    }
    return names;
  };
}
