/**
 * `npm run backup [-- --out DIR]`: a copy of the data while the server runs, laid out as a DATA_DIR,
 * so that restoring is pointing DATA_DIR at it (or copying it there):
 *
 *   DIR/app.db       the SQLite database, through SQLite's online backup API (a consistent snapshot;
 *                    the server keeps reading and writing meanwhile)
 *   DIR/storage/     uploaded files, DIR/private/ clinical files: from DATA_DIR (STORAGE=local) or
 *                    from the bucket (STORAGE=s3: every object under S3_PREFIX but the chunks of
 *                    uploads in progress), laid out alike
 *   DIR/app.key      the key of encrypted ids and signed links (unless APP_KEY comes from the environment)
 *   DIR/database.dump  with PostgreSQL instead of app.db: pg_dump's custom format (pg_restore reads it)
 *   DIR/backup.json  what was copied, and when
 *
 * The files are copied before and after the database snapshot (the second pass copies again what
 * changed since the first), so that every file a row of the snapshot names is in the copy, whole: a
 * file is written before its row (but one deleted in the instant between the snapshot and the second
 * pass); a file the snapshot does not name is harmless.
 *
 * `npm run backup -- --restore-files DIR` puts a backup's storage/ and private/ back into the
 * configured storage (DATA_DIR or the bucket), overwriting files of the same path.
 */
import SQLite from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { copyFileSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig, type Config } from '../config';
import { S3Storage } from '../services/s3Storage';
import { PRIVATE_PREFIX } from '../services/storage';
import { createStorage } from '../services/storageDriver';

export interface BackupResult {
  dir: string;
  database: 'app.db' | 'database.dump';
  /** files in storage/ and private/ */
  files: number;
  appKey: 'copied' | 'from the environment (APP_KEY)';
}

/** Pages copied in one step of the online backup once it has started: all of them, so a busy database cannot restart it forever. */
const ALL_PAGES = 1_000_000_000;

/** What a file looked like (size, mtime) when it was last copied, by its source path. */
type Copied = Map<string, string>;

/**
 * Copies the files under `from` into `to`, but those unchanged since this backup last copied them; a
 * file removed meanwhile is skipped. The stat is taken before copying, so a file still being written
 * during the first pass (uploads are not written atomically) differs by the second and is copied again.
 */
function copyFiles(from: string, to: string, copied: Copied): void {
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(to, relative(from, source));
    try {
      const stat = statSync(source);
      const seen = `${stat.size}:${stat.mtimeMs}`;
      if (copied.get(source) === seen) continue;
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
      copied.set(source, seen);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // deleted since the listing
    }
  }
}

/**
 * Copies the bucket's objects into `dir` laid out as a DATA_DIR (storage/, private/), but those
 * unchanged since this backup last copied them (size and time); an object removed meanwhile is
 * skipped, the chunks of uploads in progress too.
 */
async function copyObjects(storage: S3Storage, dir: string, copied: Copied): Promise<void> {
  for await (const o of storage.list('')) {
    if (o.path.startsWith('.chunks/')) continue;
    const seen = `${o.size}:${o.modified?.getTime() ?? 0}`;
    if (copied.get(o.path) === seen) continue;
    const target = o.path.startsWith(PRIVATE_PREFIX) ? join(dir, 'private', o.path.slice(PRIVATE_PREFIX.length)) : join(dir, 'storage', o.path);
    if (!target.startsWith(dir + sep)) continue; // a key no stored path makes
    const read = await storage.read(o.path);
    if (!read) continue; // deleted since the listing
    mkdirSync(dirname(target), { recursive: true });
    await pipeline(read.body, createWriteStream(target));
    copied.set(o.path, seen);
  }
}

/** Puts a backup's storage/ and private/ into the configured storage; answers how many files. */
export async function restoreFiles(config: Config, fromDir: string): Promise<number> {
  const storage = createStorage(config);
  let n = 0;
  for (const [folder, prefix] of [['storage', ''], ['private', PRIVATE_PREFIX]] as const) {
    const from = join(resolve(fromDir), folder);
    if (!existsSync(from)) continue;
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (entry.isDirectory()) continue;
      const source = join(entry.parentPath, entry.name);
      await storage.putAt(prefix + relative(from, source).split(sep).join('/'), createReadStream(source));
      n++;
    }
  }
  return n;
}

const countFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory()).length : 0);

/** The SQLite database of DATA_DIR, copied online into `target`, and checked. */
async function backupSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`no database at ${source} (is DATA_DIR right?)`);
  // a connection of its own beside the server's (WAL mode: neither waits for the other)
  const db = new SQLite(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const copy = new SQLite(target, { readonly: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`the copy failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}

/** A PostgreSQL client program (pg_dump, pg_restore): from Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => parseFloat(b) - parseFloat(a)).map((v) => `/usr/lib/postgresql/${v}/bin/${name}`).find((p) => existsSync(p))
    : undefined;
  return debian ?? name;
}

/** pg_dump of the PostgreSQL database (custom format). */
function backupPostgres(databaseUrl: string, target: string): void {
  try {
    execFileSync(postgresTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${target}`, databaseUrl], { stdio: ['ignore', 'inherit', 'pipe'] });
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer; message: string };
    if (e.code === 'ENOENT') throw new Error('pg_dump was not found: install the PostgreSQL client (apt-get install postgresql-client)', { cause: err });
    throw new Error(`pg_dump failed: ${e.stderr?.toString().trim() || e.message}`, { cause: err });
  }
}

export async function backup(config: Config, outDir: string): Promise<BackupResult> {
  const dir = resolve(outDir);
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is not empty: give a new folder`);
  mkdirSync(dir, { recursive: true });
  const media = ['storage', 'private'];
  const copied: Copied = new Map();
  const bucket = config.storage.driver === 's3' ? (createStorage(config) as S3Storage) : null;
  const copyMedia = async () => {
    if (bucket) await copyObjects(bucket, dir, copied);
    else for (const folder of media) copyFiles(join(config.dataDir, folder), join(dir, folder), copied);
  };
  await copyMedia();
  const database = config.databaseUrl ? 'database.dump' : 'app.db';
  if (config.databaseUrl) backupPostgres(config.databaseUrl, join(dir, database));
  else await backupSqlite(join(config.dataDir, 'app.db'), join(dir, database));
  // after the snapshot: the files of rows it holds are complete now (a file is written before its row)
  await copyMedia();
  const keyFile = join(config.dataDir, 'app.key');
  const appKey = process.env.APP_KEY || !existsSync(keyFile) ? 'from the environment (APP_KEY)' : 'copied';
  if (appKey === 'copied') copyFileSync(keyFile, join(dir, 'app.key'));
  const result: BackupResult = { dir, database, files: media.reduce((n, f) => n + countFiles(join(dir, f)), 0), appKey };
  writeFileSync(join(dir, 'backup.json'), `${JSON.stringify({ created_at: new Date().toISOString(), ...result, dir: undefined }, null, 2)}\n`);
  return result;
}

function defaultOut(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');
  return join('backups', `backup-${stamp}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--restore-files') {
    if (!args[1] || args.length > 2) {
      console.error('usage: npm run backup -- --restore-files DIR   (a backup folder: its storage/ and private/)');
      process.exit(2);
    }
    const config = loadConfig();
    const n = await restoreFiles(config, args[1]);
    console.log(`${n} files restored into ${config.storage.driver === 's3' ? `the bucket ${config.storage.s3.bucket}` : join(config.dataDir, 'storage|private')}.`);
    return;
  }
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : defaultOut();
  if (!out || args.some((_, i) => i !== at && (at < 0 || i !== at + 1))) {
    console.error('usage: npm run backup [-- --out DIR]   (DIR must be new or empty)\n       npm run backup -- --restore-files DIR');
    process.exit(2);
  }
  // loadConfig makes a missing DATA_DIR and a new app.key in it: a backup of the wrong folder would
  // then carry a key the server never used, so the folder and its key must be there already
  const dataDir = resolve(process.env.DATA_DIR || './data');
  // (PostgreSQL, a bucket and APP_KEY: nothing of the data is in DATA_DIR)
  const nothingLocal = process.env.DATABASE_URL && process.env.STORAGE === 's3' && process.env.APP_KEY;
  if (!nothingLocal && !existsSync(dataDir)) throw new Error(`no DATA_DIR at ${dataDir}: run it with the server's DATA_DIR`);
  if (!process.env.APP_KEY && !existsSync(join(dataDir, 'app.key'))) throw new Error(`${dataDir} has no app.key and APP_KEY is not set: is this the server's DATA_DIR?`);
  const config = loadConfig();
  const result = await backup(config, out);
  const size = config.databaseUrl ? '' : ` (${Math.round(statSync(join(result.dir, result.database)).size / 1024)} KiB)`;
  console.log(`Backup written to ${result.dir}: ${result.database}${size}, ${result.files} files, app key ${result.appKey}.`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
