/**
 * The services a deployment leans on taken away under load and given back, against the real server as
 * a child process. PostgreSQL with its default, durable settings crashed (`pg_ctl stop -m immediate`)
 * while eight clients create records and read lists, and started again a few seconds later, ten times
 * in a row: the server process never ends, no answer is a 500, every answer during an outage is a 503
 * with Retry-After, readiness says so while liveness stays 200, every acknowledged create is stored
 * (with its audit row), and the log says each outage once. The mail server away while admins are
 * created with their credentials by email: every create answered at once, every email sent once it is
 * back.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import SQLite from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import PusherClient from 'pusher-js';
import { s3Client, type S3Settings } from '../src/services/s3Storage';
import { startDurablePostgres, type DurablePostgres } from './helpers/postgres';
import { freshPgDatabase, ROOT, startServer, stopAllServers, type ServerProcess } from './helpers/server';
import { serviceProcess, stopAllServices } from './helpers/services';
import { freePort } from '../test/helpers/serverProcess';
import { startSmtp } from '../test/helpers/smtp';

jest.setTimeout(600_000);

const CYCLES = 10;
const CLIENTS = 8;
/** how long each outage lasts at least (the clients keep sending meanwhile) */
const OUTAGE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** the figures of each run, written to test-results/outages.json */
const figures: Record<string, unknown> = {};
afterAll(() => {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(ROOT, 'test-results', 'outages.json'), `${JSON.stringify(figures, null, 1)}\n`);
});

/** One request of a load: a create (its title acknowledged on a 200 naming it) or a read. */
type Sent = { write: true; title: string; response: Promise<Response> } | { write: false; response: Promise<Response> };

/** Creates of districts, every fourth request a list read. */
const districts =
  (server: ServerProcess, token: string, tag: string) =>
  (n: number): Sent => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const title = `${tag} ${n}`;
    return n % 4 !== 0
      ? { write: true, title, response: fetch(`${server.url}/api/admin/districts`, { method: 'POST', headers, body: JSON.stringify({ title }), signal: AbortSignal.timeout(60_000) }) }
      : { write: false, response: fetch(`${server.url}/api/admin/districts?per_page=5`, { headers, signal: AbortSignal.timeout(60_000) }) };
  };

/**
 * Clients sending requests (`send`: districts' creates and reads unless told) until stopped, counting
 * what each phase was answered. `until(test)` resolves once the counts pass a test (checked at every answer).
 */
function load(server: ServerProcess, token: string, tag: string, send: (n: number) => Sent = districts(server, token, tag), clients = CLIENTS) {
  const counts = { sent: 0, ok: 0, unavailable: 0, withoutRetryAfter: 0, other: [] as string[], cut: [] as string[] };
  const acknowledged: string[] = [];
  /** creates answered 503 (the client may send them again) */
  const refused: string[] = [];
  /** the answers of acknowledged creates, by title */
  const answers = new Map<string, unknown>();
  let stopped = false;
  let waiters: { test: () => boolean; resolve: () => void; reject: (e: Error) => void }[] = [];
  /** an answer no phase expects (a 500, a cut connection) ends every wait at once: the test fails on it, not on its time limit */
  const unexpected = () => (counts.other.length || counts.cut.length ? new Error(`unexpected answers: ${JSON.stringify([...counts.other, ...counts.cut].slice(0, 5))}`) : null);
  const answered = () => {
    const failure = unexpected();
    waiters = waiters.filter((w) => {
      if (failure) w.reject(failure);
      else if (!w.test()) return true;
      else w.resolve();
      return false;
    });
  };
  const one = async (n: number) => {
    const sent = send(n);
    const what = sent.write ? 'POST' : 'GET';
    counts.sent++;
    try {
      const res = await sent.response;
      const body = (await res.json()) as { code?: string; data?: { title?: string } };
      if (res.status === 200) {
        counts.ok++;
        if (sent.write) {
          if (body.data?.title !== sent.title) counts.other.push(`200 naming ${JSON.stringify(body.data)}`);
          acknowledged.push(sent.title);
          answers.set(sent.title, body.data);
        }
      } else if (res.status === 503 && body.code === 'service_unavailable') {
        counts.unavailable++;
        if (sent.write) refused.push(sent.title);
        if (res.headers.get('retry-after') !== '2') counts.withoutRetryAfter++;
      } else counts.other.push(`${what} ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    } catch (err) {
      counts.cut.push(`${what} ${(err as Error).message}`);
    }
    answered();
  };
  let next = 0;
  const workers = Array.from({ length: clients }, async () => {
    while (!stopped) await one(++next);
  });
  return {
    counts,
    acknowledged,
    refused,
    answers,
    until: (test: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        const failure = unexpected();
        if (failure) reject(failure);
        else if (test()) resolve();
        else waiters.push({ test, resolve, reject });
      }),
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

async function readiness(server: ServerProcess): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}/api/health/ready`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: await res.json() };
}

describe('PostgreSQL crashed under load and started again, ten times', () => {
  let pg: DurablePostgres | null = null;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outages-'));
    pg = await startDurablePostgres();
  });
  afterAll(async () => {
    await stopAllServers();
    pg?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the process never ends; no 500; a 503 with Retry-After during each outage; nothing acknowledged is lost; the log says each outage once', async () => {
    const admin = new Client({ connectionString: pg!.url });
    await admin.connect();
    await admin.query('CREATE DATABASE console');
    await admin.end();
    const databaseUrl = pg!.url.replace(/\/postgres$/, '/console');
    const server = await startServer({ dataDir, databaseUrl });
    let exited: unknown = null;
    void server.exited.then((exit) => (exited = exit));
    const token = await server.login();

    const run = load(server, token, 'Outage');
    const outages: { ms: number; unavailable: number; recoveryMs: number }[] = [];
    try {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        // creates are taken between two outages
        const from = run.acknowledged.length;
        await run.until(() => run.acknowledged.length >= from + 20);
        const unavailableBefore = run.counts.unavailable;
        const down = Date.now();
        await pg!.crash();
        // while it is down: the clients are answered 503, the node is alive and not ready
        await run.until(() => run.counts.unavailable >= unavailableBefore + 10);
        expect(await readiness(server)).toEqual({ status: 503, body: { status: 'unavailable', database: 'unavailable', storage: 'ok' } });
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        await sleep(Math.max(0, down + OUTAGE_MS - Date.now()));
        const up = Date.now();
        await pg!.start();
        // ready again once it answers (crash recovery first), the clients' creates taken again
        for (let ready = await readiness(server); ready.status !== 200; ready = await readiness(server)) await sleep(100);
        outages.push({ ms: up - down, unavailable: run.counts.unavailable - unavailableBefore, recoveryMs: Date.now() - up });
        expect(exited).toBeNull();
      }
      const from = run.acknowledged.length;
      await run.until(() => run.acknowledged.length >= from + 20);
    } finally {
      await run.stop();
    }
    figures.postgres = { cycles: CYCLES, clients: CLIENTS, ...run.counts, other: run.counts.other.length, cut: run.counts.cut.length, acknowledged: run.acknowledged.length, outages };
    expect(exited).toBeNull();
    expect(run.counts.cut).toEqual([]);
    expect(run.counts.other).toEqual([]);
    expect(run.counts.withoutRetryAfter).toBe(0);

    // every acknowledged create is stored, once, with its audit row; the kept count agrees
    const c = new Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const rows = (await c.query<{ id: number; title: string }>("SELECT id, title FROM districts WHERE title LIKE 'Outage %'")).rows;
      const titles = new Set(rows.map((r) => r.title));
      expect(titles.size).toBe(rows.length);
      expect(run.acknowledged.filter((t) => !titles.has(t))).toEqual([]);
      const audited = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE resource = 'districts' AND action = 'create' AND record_id IN (SELECT id FROM districts WHERE title LIKE 'Outage %')");
      expect(audited.rows[0]!.n).toBe(rows.length);
      const counter = await c.query<{ n: number }>("SELECT n::int AS n FROM row_counts WHERE table_name = 'districts'");
      const count = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM districts');
      expect(counter.rows[0]!.n).toBe(count.rows[0]!.n);
    } finally {
      await c.end();
    }

    // each outage said once when it began and once when it ended, not a line a request
    const output = server.output();
    const downLines = output.match(/database unavailable since/g)?.length ?? 0;
    const upLines = output.match(/database available again/g)?.length ?? 0;
    figures.postgres = { ...(figures.postgres as object), downLines, upLines };
    expect(downLines).toBe(CYCLES);
    expect(upLines).toBe(CYCLES);
    expect(output).not.toMatch(/Connection terminated unexpectedly\n\s+at /);
    await server.stop();
  });
});

describe('the mail server away while credentials emails are asked for, and back', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'outages-mail-'));
  });
  afterAll(async () => {
    await stopAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every create is answered 200 while it is away; every email is kept and sent once it is back; the log says the outage once', async () => {
    const port = await freePort();
    // nothing listens on the mail server's port
    const server = await startServer({ dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const token = await server.login();
    const ADMINS = 20;
    const password = 'harbour-lantern-58';
    const statuses = await Promise.all(
      Array.from({ length: ADMINS }, async (_, i) => {
        const res = await server.api('POST', '/admins', token, {
          f_name: `Waiting${i}`, l_name: 'Tester', email: `waiting${i}@example.org`, phone: '03001234567', cnic: '3520112345671',
          dob: '1991-02-03', gender: 'female', role: 'Super Admin', password, confirmPassword: password, send_credentials: true,
        });
        return res.status;
      }),
    );
    expect(statuses).toEqual(Array(ADMINS).fill(200));
    // kept, tried and put off
    const queued = async () => (await server.api<{ data: { pending: number; failing: number; unavailable_since: string | null } }>('GET', '/mail-queue', token)).body.data;
    for (let q = await queued(); q.failing === 0; q = await queued()) await sleep(100);
    expect((await queued()).pending).toBe(ADMINS);

    const smtp = await startSmtp(port);
    try {
      for (let i = 0; i < ADMINS; i++) expect((await smtp.waitFor(`waiting${i}@example.org`, 120_000)).text).toContain(password);
      for (let q = await queued(); q.pending > 0; q = await queued()) await sleep(100);
      expect(await queued()).toMatchObject({ pending: 0, failing: 0, unavailable_since: null });
      expect(smtp.mails).toHaveLength(ADMINS);
    } finally {
      await smtp.close();
    }
    const output = server.output();
    figures.mail = { admins: ADMINS, downLines: output.match(/mail unavailable since/g)?.length ?? 0, upLines: output.match(/mail available again/g)?.length ?? 0 };
    expect(output.match(/mail unavailable since/g)).toHaveLength(1);
    expect(output.match(/mail available again/g)).toHaveLength(1);
    await server.stop();
  });
});

/** A 1×1 PNG: the file of each category the load creates. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Creates of categories with their image as a plain multipart upload, every fourth request a list read. */
const categoriesWithFiles =
  (server: ServerProcess, token: string, tag: string) =>
  (n: number): Sent => {
    const headers = { authorization: `Bearer ${token}` };
    if (n % 4 === 0) return { write: false, response: fetch(`${server.url}/api/admin/categories?per_page=5`, { headers, signal: AbortSignal.timeout(60_000) }) };
    const title = `${tag} ${n}`;
    return { write: true, title, response: createCategory(server, token, title) };
  };

function createCategory(server: ServerProcess, token: string, title: string): Promise<Response> {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  return fetch(`${server.url}/api/admin/categories`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(60_000) });
}

/**
 * The console's chunked upload, as src/providers/chunkedUpload.ts sends it: the fields before the file
 * part, the whole file's SHA-256 on each chunk, and on resuming the server asked first which chunks it holds.
 */
function chunkedUpload(server: ServerProcess, token: string, file: Buffer, chunkBytes: number) {
  const totalChunks = Math.ceil(file.length / chunkBytes);
  const identity = { timestamp: `outage${Date.now()}`, totalChunks: String(totalChunks), fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'health_literacy_contents' };
  const sha256 = sha256Of(file);
  const headers = { authorization: `Bearer ${token}` };
  return {
    totalChunks,
    sha256,
    async send(index: number): Promise<{ status: number; retryAfter: string | null; body: { code?: string; file?: { path: string; mimeType: string } } }> {
      const form = new FormData();
      for (const [k, v] of Object.entries({ index: String(index), ...identity, sha256 })) form.append(k, v);
      form.append('chunk', new Blob([file.subarray(index * chunkBytes, (index + 1) * chunkBytes)]), 'outage.mp4');
      const res = await fetch(`${server.url}/api/admin/media-file/upload-chunk`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(60_000) });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { code?: string; file?: { path: string; mimeType: string } } };
    },
    async held(): Promise<{ status: number; received: number[] }> {
      const res = await fetch(`${server.url}/api/admin/media-file/upload-chunk?${new URLSearchParams(identity)}`, { headers, signal: AbortSignal.timeout(60_000) });
      const body = (await res.json()) as { data?: { received: number[] } };
      return { status: res.status, received: body.data?.received ?? [] };
    },
  };
}

/** The object store taken away, and given back: the bucket's service killed, or the local disk full (or unwritable). */
interface StoreOutage {
  env: Record<string, string>;
  databaseUrl?: string;
  takeAway(): Promise<void>;
  bringBack(): Promise<void>;
  close(): Promise<void>;
  /** how it was taken away, for the figures */
  how: string;
}

async function bucketOutage(): Promise<StoreOutage> {
  const directory = mkdtempSync(join(tmpdir(), 'outages-s3rver-'));
  const s3 = await serviceProcess('s3', [directory]);
  await s3.start();
  const settings: S3Settings = { bucket: 'outages', prefix: 'console/', endpoint: `http://127.0.0.1:${s3.port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = s3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  client.destroy();
  return {
    how: 's3rver killed (SIGKILL) and started again on its port and folder',
    env: { STORAGE: 's3', S3_BUCKET: settings.bucket, S3_PREFIX: settings.prefix, AWS_ENDPOINT_URL_S3: settings.endpoint!, AWS_REGION: settings.region, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    takeAway: () => s3.stop(),
    bringBack: () => s3.start(),
    async close() {
      await s3.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * DATA_DIR on a disk that fills up: as root, a small tmpfs mounted there and filled by another file
 * (ENOSPC), then that file removed; otherwise (where a mount is not allowed) every folder under it
 * made read-only for this user (EACCES), then writable again. The database is PostgreSQL, elsewhere,
 * as in a deployment whose files are on the node's disk.
 */
async function diskOutage(dataDir: string): Promise<StoreOutage> {
  const database = await freshPgDatabase('disk');
  const root = process.getuid?.() === 0;
  if (root) execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m,mode=0755', 'tmpfs', dataDir]);
  const filler = join(dataDir, 'filler');
  const folders = () => [dataDir, ...readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(d.parentPath, d.name))];
  return {
    how: root ? 'DATA_DIR a 32 MB tmpfs, filled by another file (ENOSPC), then the file removed' : 'every folder under DATA_DIR made read-only (EACCES), then writable again',
    env: {},
    databaseUrl: database.url,
    async takeAway() {
      if (!root) {
        for (const dir of folders()) chmodSync(dir, 0o555);
        return;
      }
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      } finally {
        closeSync(fd);
      }
    },
    async bringBack() {
      if (root) unlinkSync(filler);
      else for (const dir of folders()) chmodSync(dir, 0o755);
    },
    async close() {
      if (root) execFileSync('umount', ['-l', dataDir]);
      await database.drop();
    },
  };
}

describe.each(['the bucket (s3rver)', 'the local disk'] as const)('%s taken away under load, and given back', (store) => {
  let dataDir: string;
  let outage: StoreOutage | null = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outages-store-'));
    outage = store === 'the local disk' ? await diskOutage(dataDir) : await bucketOutage();
  });
  afterAll(async () => {
    await stopAllServers();
    await outage?.close();
    await stopAllServices();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads answer 503 with Retry-After meanwhile, never 500; nothing is half-registered; the chunked upload resumes and completes; every file is served whole', async () => {
    const server = await startServer({ dataDir, env: outage!.env, ...(outage!.databaseUrl ? { databaseUrl: outage!.databaseUrl } : {}) });
    let exited: unknown = null;
    void server.exited.then((exit) => (exited = exit));
    const token = await server.login();
    // the category of the health literacy item that will take the chunked upload
    const category = await server.api<{ data: { id: number } }>('POST', '/categories', token, { title: 'Outage videos', file: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(category.status).toBe(200);

    // an MP4 of 8 chunks of 256 KB, all but the last two sent before the outage
    const chunkBytes = 256 * 1024;
    const file = Buffer.alloc(8 * chunkBytes);
    for (let i = 0; i < file.length; i += 4) file.writeUInt32LE((i * 2654435761) >>> 0, i);
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]).copy(file, 0);
    const upload = chunkedUpload(server, token, file, chunkBytes);
    for (let index = 0; index < upload.totalChunks - 2; index++) expect([index, (await upload.send(index)).status]).toEqual([index, 200]);

    const tag = store === 'the local disk' ? 'Disk outage' : 'Bucket outage';
    const run = load(server, token, tag, categoriesWithFiles(server, token, tag), 4);
    const chunkAnswers: { index: number; status: number; retryAfter: string | null; code?: string }[] = [];
    /** the outage's figures, measured as it goes */
    const timing = { outageMs: 0, storeStartMs: 0, recoveryMs: 0, unavailableDuringOutage: 0 };
    try {
      await run.until(() => run.acknowledged.length >= 20);
      const unavailableBefore = run.counts.unavailable;
      const down = Date.now();
      await outage!.takeAway();
      await run.until(() => run.counts.unavailable >= unavailableBefore + 10);
      expect(await readiness(server)).toEqual({ status: 503, body: { status: 'unavailable', database: 'ok', storage: 'unavailable' } });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      // the chunked upload in flight: its last two chunks, neither sent yet (their bytes need room on the store).
      // (Not a chunk sent again: on a full disk its bytes overwrite their own place and its marker takes the
      // page its old one freed, so it may well be kept, depending on whether the load's writes took that page.)
      for (const index of [upload.totalChunks - 1, upload.totalChunks - 2]) {
        const answer = await upload.send(index);
        chunkAnswers.push({ index, status: answer.status, retryAfter: answer.retryAfter, code: answer.body.code });
      }
      await sleep(Math.max(0, down + OUTAGE_MS - Date.now()));
      const up = Date.now();
      timing.outageMs = up - down;
      await outage!.bringBack();
      const back = Date.now();
      timing.storeStartMs = back - up;
      // from the store answering again (its process listening, the disk writable) to the node ready
      for (let ready = await readiness(server); ready.status !== 200; ready = await readiness(server)) await sleep(100);
      timing.recoveryMs = Date.now() - back;
      timing.unavailableDuringOutage = run.counts.unavailable - unavailableBefore;
      const from = run.acknowledged.length;
      await run.until(() => run.acknowledged.length >= from + 20);
    } finally {
      await run.stop();
    }
    expect(exited).toBeNull();
    expect(chunkAnswers).toEqual([
      { index: upload.totalChunks - 1, status: 503, retryAfter: '2', code: 'service_unavailable' },
      { index: upload.totalChunks - 2, status: 503, retryAfter: '2', code: 'service_unavailable' },
    ]);
    expect(run.counts.cut).toEqual([]);
    expect(run.counts.other).toEqual([]);
    expect(run.counts.withoutRetryAfter).toBe(0);

    // the chunked upload resumes as the console resumes it: the server says which chunks it holds (none
    // of the outage's), the others are sent again, and the last one assembles the whole file
    const held = await upload.held();
    expect(held.status).toBe(200);
    const missing = Array.from({ length: upload.totalChunks }, (_, i) => i).filter((i) => !held.received.includes(i));
    expect(missing).toEqual(expect.arrayContaining([upload.totalChunks - 2, upload.totalChunks - 1]));
    let last: Awaited<ReturnType<typeof upload.send>> | null = null;
    for (const index of missing) {
      last = await upload.send(index);
      expect([index, last.status]).toEqual([index, 200]);
    }
    const stored = last!.body.file!;
    expect(stored.path).toMatch(/^\/storage\/health_literacy_contents\/[0-9a-f]{32}\.mp4$/);
    const item = await server.api<{ data: { file: { path: string } } }>('POST', '/health-literacy-content', token, {
      title: `${tag} video`, type: 'video', category_id: category.body.data.id, desc: 'Uploaded across an outage of its store.', tags: ['outage'], file: stored.path, thumbnail: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect([item.status, item.body.data.file.path]).toEqual([200, stored.path]);
    const video = await fetch(`${server.url}${stored.path}`);
    expect(video.status).toBe(200);
    expect(sha256Of(Buffer.from(await video.arrayBuffer()))).toBe(upload.sha256);

    // every create acknowledged is there and none answered 503 is: each of those, sent again now, is
    // taken (a record half-kept would have its title refused as taken)
    const list = await server.api<{ data: { title: string; file: { path: string } }[] }>('GET', `/categories?paginate=false&search=${encodeURIComponent(tag)}`, token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => c.title).sort()).toEqual([...run.acknowledged].sort());
    const resent: string[] = [];
    for (const title of run.refused) {
      const res = await createCategory(server, token, title);
      resent.push(`${title}: ${res.status}`);
      await res.arrayBuffer();
    }
    expect(resent).toEqual(run.refused.map((title) => `${title}: 200`));
    // and each one's file is served whole
    const all = await server.api<{ data: { title: string; file: { path: string } }[] }>('GET', `/categories?paginate=false&search=${encodeURIComponent(tag)}`, token);
    expect(all.body.data.map((c) => c.title).sort()).toEqual([...run.acknowledged, ...run.refused].sort());
    expect(list.body.data.length + run.refused.length).toBe(all.body.data.length);
    for (const c of all.body.data) {
      const res = await fetch(`${server.url}${c.file.path}`);
      expect([c.title, res.status]).toEqual([c.title, 200]);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }

    // the outage said once when it began and once when it ended
    const output = server.output();
    const downLines = output.match(/storage unavailable since/g)?.length ?? 0;
    const upLines = output.match(/storage available again/g)?.length ?? 0;
    figures[store === 'the local disk' ? 'disk' : 'bucket'] = {
      how: outage!.how, ...run.counts, other: run.counts.other.length, cut: run.counts.cut.length, acknowledged: run.acknowledged.length,
      ...timing, chunksResent: missing.length, resentCreates: run.refused.length, downLines, upLines,
    };
    expect(downLines).toBe(1);
    expect(upLines).toBe(1);
    // told as the store's outage, not taken for the database's
    expect(output).not.toMatch(/database unavailable since/);
    await server.stop();
  });
});

describe('the real-time service (Pusher protocol) taken away under load, and given back', () => {
  let dataDir: string;
  const clients: PusherClient[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'outages-realtime-'));
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await stopAllServers();
    await stopAllServices();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes are taken meanwhile (never a 500), the outage is logged once; once it is back, a subscribed client receives the events of writes again', async () => {
    const credentials = { appId: '4242', key: 'outage-key', secret: 'outage-secret' };
    const service = await serviceProcess('pusher', [credentials.appId, credentials.key, credentials.secret]);
    await service.start();
    const server = await startServer({
      dataDir,
      env: { PUSHER_APP_ID: credentials.appId, PUSHER_KEY: credentials.key, PUSHER_SECRET: credentials.secret, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: String(service.port), PUSHER_TLS: 'false' },
    });
    let exited: unknown = null;
    void server.exited.then((exit) => (exited = exit));
    const token = await server.login();

    // pusher-js as the console connects, with what the server tells it
    const config = await server.api<{ data: { mode: string; key: string; host: string; port: number; cluster: string; authEndpoint: string } }>('GET', '/realtime/config', token);
    expect(config.body.data).toMatchObject({ mode: 'external', key: credentials.key, host: '127.0.0.1', port: service.port });
    const client = new PusherClient(config.body.data.key, {
      cluster: config.body.data.cluster,
      wsHost: config.body.data.host,
      wsPort: config.body.data.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: `${server.url}${config.body.data.authEndpoint}`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
    });
    clients.push(client);
    const received: { id: string; at: number }[] = [];
    let waiters: (() => void)[] = [];
    const heard = () => {
      const now = waiters;
      waiters = [];
      for (const w of now) w();
    };
    /** resolves once `test` holds, checked whenever an event or a state change arrives */
    const until = async (test: () => boolean) => {
      while (!test()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    const states: string[] = [];
    client.connection.bind('state_change', ({ current }: { current: string }) => {
      states.push(current);
      heard();
    });
    const channel = client.subscribe('private-changes.districts');
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(`subscription refused: ${JSON.stringify(error)}`)));
    });
    let subscriptions = 0;
    channel.bind('pusher:subscription_succeeded', () => {
      subscriptions++;
      heard();
    });
    channel.bind('changed', (data: { id?: string }) => {
      if (data.id) received.push({ id: data.id, at: Date.now() });
      heard();
    });
    const idOf = (answer: unknown) => (answer as { encrypted_id: string }).encrypted_id;

    // the event of a write reaches the client
    const first = await server.api<{ data: { encrypted_id: string } }>('POST', '/districts', token, { title: 'Realtime before' });
    expect(first.status).toBe(200);
    await until(() => received.some((r) => r.id === first.body.data.encrypted_id));

    const run = load(server, token, 'Realtime outage', districts(server, token, 'Realtime outage'), 4);
    let outage: { ms: number; acknowledgedDuring: number; serviceStartMs: number; reconnectMs: number; firstEventMs: number; statesDuring: string[] };
    try {
      await run.until(() => run.acknowledged.length >= 20);
      const down = Date.now();
      await service.stop();
      await until(() => client.connection.state !== 'connected');
      // writes go on without it
      const from = run.acknowledged.length;
      await run.until(() => run.acknowledged.length >= from + 40);
      await sleep(Math.max(0, down + OUTAGE_MS - Date.now()));
      const acknowledgedDuring = run.acknowledged.length - from;
      const statesDuring = [...new Set(states)];
      const up = Date.now();
      const resubscribed = subscriptions;
      await service.start();
      const back = Date.now();
      // pusher-js reconnects and subscribes again by itself (after its own back-off); the writes made since reach it
      await until(() => client.connection.state === 'connected' && subscriptions > resubscribed);
      const reconnectMs = Date.now() - back;
      const since = run.acknowledged.length;
      await run.until(() => run.acknowledged.length >= since + 10);
      const after = run.acknowledged.slice(since).map((title) => idOf(run.answers.get(title)));
      await until(() => after.some((id) => received.some((r) => r.id === id)));
      outage = { ms: up - down, acknowledgedDuring, serviceStartMs: back - up, reconnectMs, firstEventMs: Math.min(...received.filter((r) => after.includes(r.id)).map((r) => r.at)) - back, statesDuring };
    } finally {
      await run.stop();
    }
    expect(exited).toBeNull();
    expect(run.counts.cut).toEqual([]);
    expect(run.counts.other).toEqual([]);
    expect(run.counts.unavailable).toBe(0);

    // the outage said once when it began and once when it ended, not a line a request
    const output = server.output();
    const downLines = output.match(/realtime unavailable since/g)?.length ?? 0;
    const upLines = output.match(/realtime available again/g)?.length ?? 0;
    figures.realtime = { how: 'the Pusher-protocol service killed (SIGKILL) and started again on its port', ...run.counts, other: run.counts.other.length, cut: run.counts.cut.length, acknowledged: run.acknowledged.length, ...outage, downLines, upLines };
    expect(downLines).toBe(1);
    expect(upLines).toBe(1);
    expect(output).not.toMatch(/realtime: publish failed|database unavailable since|storage unavailable since/);
    await server.stop();

    // every acknowledged create is there, once (read from the database: thousands, more than a list gives)
    const db = new SQLite(join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      const titles = db.prepare<[], { title: string }>("SELECT title FROM districts WHERE title LIKE 'Realtime outage %'").all().map((r) => r.title);
      expect(new Set(titles).size).toBe(titles.length);
      const stored = new Set(titles);
      expect(run.acknowledged.filter((t) => !stored.has(t))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
