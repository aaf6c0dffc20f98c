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
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startDurablePostgres, type DurablePostgres } from './helpers/postgres';
import { ROOT, startServer, stopAllServers, type ServerProcess } from './helpers/server';
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

/**
 * Clients sending creates (and every fourth request a list read) until stopped, counting what each
 * phase was answered. `until(test)` resolves once the counts pass a test (checked at every answer).
 */
function load(server: ServerProcess, token: string, tag: string) {
  const counts = { sent: 0, ok: 0, unavailable: 0, withoutRetryAfter: 0, other: [] as string[], cut: [] as string[] };
  const acknowledged: string[] = [];
  let stopped = false;
  let waiters: { test: () => boolean; resolve: () => void }[] = [];
  const answered = () => {
    waiters = waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const one = async (n: number) => {
    const write = n % 4 !== 0;
    const title = `${tag} ${n}`;
    counts.sent++;
    try {
      const res = write
        ? await fetch(`${server.url}/api/admin/districts`, { method: 'POST', headers, body: JSON.stringify({ title }), signal: AbortSignal.timeout(60_000) })
        : await fetch(`${server.url}/api/admin/districts?per_page=5`, { headers, signal: AbortSignal.timeout(60_000) });
      const body = (await res.json()) as { code?: string; data?: { title?: string } };
      if (res.status === 200) {
        counts.ok++;
        if (write) {
          if (body.data?.title !== title) counts.other.push(`200 naming ${JSON.stringify(body.data)}`);
          acknowledged.push(title);
        }
      } else if (res.status === 503 && body.code === 'service_unavailable') {
        counts.unavailable++;
        if (res.headers.get('retry-after') !== '2') counts.withoutRetryAfter++;
      } else counts.other.push(`${write ? 'POST' : 'GET'} ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    } catch (err) {
      counts.cut.push(`${write ? 'POST' : 'GET'} ${(err as Error).message}`);
    }
    answered();
  };
  let next = 0;
  const workers = Array.from({ length: CLIENTS }, async () => {
    while (!stopped) await one(++next);
  });
  return {
    counts,
    acknowledged,
    until: (test: () => boolean) => new Promise<void>((resolve) => (test() ? resolve() : waiters.push({ test, resolve }))),
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
