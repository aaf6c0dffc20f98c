/**
 * Backups: `npm run backup` copies a running server's SQLite database (SQLite's online backup API) and
 * its media while creates keep arriving; the copy, restored into a new DATA_DIR, starts a server that
 * signs the admin in and serves the same data: the same admins, categories (and their image files,
 * byte for byte), the private files, and of the districts created one after another during the backup
 * a consistent part: all those acknowledged before the backup began, then an unbroken run of the ones
 * created during it (each with its audit row) up to the snapshot, none after it, and none that the
 * original does not have. Some creates land before the snapshot and some after it while the backup
 * command still runs, so the snapshot is taken in the middle of writes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { postgresTool } from '../src/cli/backup';
import { tinyPng } from '../test/helpers/http';
import { APP_KEY, freshPgDatabase, ROOT, startServer, stopAllServers, type ServerProcess } from './helpers/server';

jest.setTimeout(300_000);

type Listed = { data: { id: number; encrypted_id: string; title?: string; email?: string; file?: { path: string } | null }[] };

/** `npm run backup -- --out DIR` with a server's DATA_DIR (DATABASE_URL, APP_KEY), as an operator would run it. */
function runBackup(out: string, settings: { dataDir: string; databaseUrl?: string; appKey?: string }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: settings.dataDir };
    for (const key of ['DATABASE_URL', 'APP_KEY', 'NODE_OPTIONS']) delete env[key];
    if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
    if (settings.appKey) env.APP_KEY = settings.appKey;
    const child = spawn('npm', ['run', '--silent', 'backup', '--', '--out', out], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const list = async (server: ServerProcess, token: string, path: string) => {
  const res = await server.api<Listed>('GET', path, token);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const comparable = (rows: Listed['data']) => rows.map((r) => ({ id: r.id, encrypted_id: r.encrypted_id, title: r.title, email: r.email, file: r.file?.path ?? null })).sort((a, b) => a.id - b.id);

describe('npm run backup while the server runs, and a restore', () => {
  let work: string;
  let original: ServerProcess | undefined;
  let restored: ServerProcess | undefined;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'console-backup-'));
  });
  afterAll(async () => {
    await stopAllServers();
    rmSync(work, { recursive: true, force: true });
  });

  it('the copy is consistent and a server restored from it has the same data', async () => {
    // set up without APP_KEY: the key is DATA_DIR/app.key, and has to travel with the backup
    const dataDir = join(work, 'data');
    let inCopy: number;
    original = await startServer({ dataDir, appKey: false });
    const token = await original.login();

    // data of every kind: records, an uploaded image, another admin, a private file
    for (let i = 0; i < 30; i++) expect((await original.api('POST', '/districts', token, { title: `Before ${i}` })).status).toBe(200);
    const png = `data:image/png;base64,${tinyPng().toString('base64')}`;
    for (let i = 0; i < 3; i++) expect((await original.api('POST', '/categories', token, { title: `Category ${i}`, file: png })).status).toBe(200);
    const roles = await list(original, token, '/roles?paginate=false');
    const made = await original.api('POST', '/admins', token, { f_name: 'Backup', email: 'backup.admin@example.org', cnic: '3520112345671', role_id: roles[0]!.id, password: 'kettle-harbour-19', confirmPassword: 'kettle-harbour-19' });
    expect(made.status).toBe(200);
    mkdirSync(join(dataDir, 'private', 'reports'), { recursive: true });
    writeFileSync(join(dataDir, 'private', 'reports', 'report.pdf'), '%PDF-1.4\n% a clinical report\n%%EOF\n');
    const before = comparable(await list(original, token, '/districts?paginate=false'));

    // creates keep arriving while the backup runs
    // one after another, so that a consistent snapshot holds an unbroken run of them from the first
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        const res = await original!.api('POST', '/districts', token, { title: `During ${during}` });
        if (res.status !== 200) throw new Error(`a create during the backup answered ${res.status}`);
        during++;
      }
    })();
    const out = join(work, 'backup');
    const result = await runBackup(out, { dataDir });
    const duringBackup = during; // acknowledged by the time the backup command ended
    writing = false;
    await writer;
    expect([result.code, result.output]).toEqual([0, expect.stringContaining('Backup written to')]);

    // the copy: a database that passes its checks, with its row counters agreeing with its tables
    const copy = new SQLite(join(out, 'app.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      const counter = copy.prepare("SELECT n FROM row_counts WHERE table_name = 'districts'").get() as { n: number };
      const count = copy.prepare('SELECT count(*) AS n FROM districts').get() as { n: number };
      expect(counter.n).toBe(count.n);
      // every district in the copy came with the audit row of its create (the same transaction)
      const unaudited = copy.prepare("SELECT d.id FROM districts d WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.resource = 'districts' AND a.action = 'create' AND a.record_id = d.id)").all();
      expect(unaudited).toEqual([]);
      // of the creates made during the backup: an unbroken run from the first, some but not all of
      // those acknowledged before the command ended (the snapshot fell in the middle of them)
      const numbers = (copy.prepare("SELECT title FROM districts WHERE title LIKE 'During %'").all() as { title: string }[]).map((r) => Number(r.title.slice('During '.length))).sort((a, b) => a - b);
      inCopy = numbers.length;
      expect(numbers).toEqual(Array.from({ length: inCopy }, (_, i) => i));
      expect(inCopy).toBeGreaterThan(0);
      expect(inCopy).toBeLessThan(duringBackup);
    } finally {
      copy.close();
    }
    expect(readFileSync(join(out, 'app.key'))).toEqual(readFileSync(join(dataDir, 'app.key')));
    expect(JSON.parse(readFileSync(join(out, 'backup.json'), 'utf8'))).toMatchObject({ database: 'app.db', appKey: 'copied' });

    // restore: the copy becomes the DATA_DIR of a new server
    const restoredDir = join(work, 'restored');
    cpSync(out, restoredDir, { recursive: true });
    restored = await startServer({ dataDir: restoredDir, appKey: false });
    const token2 = await restored.login();
    // the other admin signs in too (its password hash came along)
    await restored.login('backup.admin@example.org', 'kettle-harbour-19');

    const originalAdmins = comparable(await list(original, token, '/admins?paginate=false'));
    expect(comparable(await list(restored, token2, '/admins?paginate=false'))).toEqual(originalAdmins);
    const categories = comparable(await list(original, token, '/categories?paginate=false'));
    expect(comparable(await list(restored, token2, '/categories?paginate=false'))).toEqual(categories);
    for (const c of categories) {
      const path = c.file!.replace(/^https?:\/\/[^/]+/, '');
      const [a, b] = await Promise.all([fetch(`${original.url}${path}`), fetch(`${restored.url}${path}`)]);
      expect([path, b.status]).toEqual([path, 200]);
      expect(Buffer.from(await b.arrayBuffer())).toEqual(Buffer.from(await a.arrayBuffer()));
    }
    expect(readFileSync(join(restoredDir, 'private', 'reports', 'report.pdf'), 'utf8')).toContain('a clinical report');

    const restoredDistricts = comparable(await list(restored, token2, '/districts?paginate=false'));
    const originalDistricts = new Map(comparable(await list(original, token, '/districts?paginate=false')).map((d) => [d.id, d]));
    // all that were there before the backup, and nothing the original lacks (a snapshot of it)
    expect(restoredDistricts.filter((d) => d.title!.startsWith('Before '))).toEqual(before);
    expect(restoredDistricts.filter((d) => JSON.stringify(originalDistricts.get(d.id)) !== JSON.stringify(d))).toEqual([]);
    // the list's total (the kept row counter) agrees with its rows
    const page = await restored.api<{ data: { total: number } }>('GET', '/districts?per_page=1', token2);
    expect(page.body.data.total).toBe(restoredDistricts.length);
    // and the restored server takes new writes
    expect((await restored.api('POST', '/districts', token2, { title: 'After the restore' })).status).toBe(200);
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(ROOT, 'test-results', 'backup.json'), `${JSON.stringify({ before: before.length, createdWhileBackupRan: duringBackup, createdDuringBackupInCopy: inCopy, districtsInCopy: restoredDistricts.length, output: result.output.trim() }, null, 1)}\n`);
  });

  it('PostgreSQL: the media and a pg_dump of the database; pg_restore into a new database and the copy serve the same data', async () => {
    const source = await freshPgDatabase('backup');
    const target = await freshPgDatabase('restore');
    let server: ServerProcess | undefined;
    let again: ServerProcess | undefined;
    try {
      const dataDir = join(work, 'pg-data');
      server = await startServer({ dataDir, databaseUrl: source.url });
      const token = await server.login();
      for (let i = 0; i < 10; i++) expect((await server.api('POST', '/districts', token, { title: `PG ${i}` })).status).toBe(200);
      const png = `data:image/png;base64,${tinyPng().toString('base64')}`;
      expect((await server.api('POST', '/categories', token, { title: 'PG category', file: png })).status).toBe(200);

      const out = join(work, 'pg-backup');
      // this server has APP_KEY in its environment: the backup says so and copies no key
      const result = await runBackup(out, { dataDir, databaseUrl: source.url, appKey: APP_KEY });
      expect([result.code, result.output]).toEqual([0, expect.stringContaining('database.dump')]);
      expect(JSON.parse(readFileSync(join(out, 'backup.json'), 'utf8'))).toMatchObject({ database: 'database.dump', appKey: 'from the environment (APP_KEY)' });
      expect(existsSync(join(out, 'app.key'))).toBe(false);

      // restore: pg_restore into an empty database, the folder as DATA_DIR
      execFileSync(postgresTool('pg_restore'), ['--no-owner', `--dbname=${target.url}`, join(out, 'database.dump')]);
      const restoredDir = join(work, 'pg-restored');
      cpSync(out, restoredDir, { recursive: true });
      again = await startServer({ dataDir: restoredDir, databaseUrl: target.url });
      const token2 = await again.login();
      for (const path of ['/districts?paginate=false', '/categories?paginate=false', '/admins?paginate=false']) {
        expect([path, comparable(await list(again, token2, path))]).toEqual([path, comparable(await list(server, token, path))]);
      }
      const category = (await list(again, token2, '/categories?paginate=false'))[0]!;
      const image = await fetch(`${again.url}${category.file!.path.replace(/^https?:\/\/[^/]+/, '')}`);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(tinyPng());
      expect((await again.api('POST', '/districts', token2, { title: 'After the restore' })).status).toBe(200);
    } finally {
      await stopAllServers();
      await source.drop();
      await target.drop();
    }
  });
});
