/**
 * The database going away under the server (PostgreSQL ending its connections: a restart, a failover,
 * an administrator's pg_terminate_backend; SQLite locked or out of room). The server process must never
 * end for it: a connection lost while a request holds it (a transaction between two statements) is that
 * request's error, not an 'error' event nobody hears, and the next request gets a new connection. A
 * request that failed for want of the database is a 503 with Retry-After and the catalogue's code,
 * never a 500, and writes nothing (the FHIR API's: the same, as an OperationOutcome); the readiness
 * route says so, liveness does not.
 */
import type { LightMyRequestResponse } from 'fastify';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import SQLite from 'better-sqlite3';
import { RETRY_AFTER_SECONDS } from '../src/services/outages';
import { startTestApp, type TestApp } from './helpers/app';

/** The answer of a request made while the database (or the store) was away. */
function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual({ success: false, message: 'The service is briefly unavailable; try again in a moment.', code: 'service_unavailable', error: null, codes: null });
}

/** Ends the given backends (all of the database's but the caller's when none given); their number. */
async function terminate(databaseUrl: string, pids?: number[]): Promise<number> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = new Client({ connectionString: process.env.TEST_PG_URL });
  await admin.connect();
  try {
    const killed = pids
      ? await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids])
      : await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return killed.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL ending the server\'s connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(() => t.close());

  const districts = async () => (await t.db.db.selectFrom('districts').select('title').execute()).map((d) => d.title);

  it('inside a transaction, between two statements: the transaction fails, the process goes on, the next query is answered', async () => {
    const lost: Error[] = [];
    const heard = new Promise<void>((resolve) =>
      t.db.onConnectionLost((err) => {
        lost.push(err);
        resolve();
      }),
    );
    const outcome = t.db.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await trx.insertInto('districts').values({ title: 'Inside the lost transaction', created_at: now, updated_at: now }).execute();
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      expect(await terminate(t.config.databaseUrl!, [rows[0]!.pid])).toBe(1);
      // the connection ends while no query of it runs: its client emits 'error' with the pool not
      // listening (the client is held); unheard, that event would end this process here
      await heard;
      await sql`SELECT 1`.execute(trx);
    });
    await expect(outcome).rejects.toThrow(/terminat|not queryable/i);
    expect(lost.length).toBe(1);
    // nothing of the transaction was kept, and the pool answers with a new connection
    expect(await districts()).not.toContain('Inside the lost transaction');
    expect((await t.inject({ method: 'GET', url: '/api/admin/districts', token: t.rootToken })).statusCode).toBe(200);
  });

  /** Makes a request that waits on a lock of `table`, ends its backend while it waits, and gives its answer. */
  async function cutWhileWaiting(table: string, request: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    // another session holds the table, so the request waits inside its query
    const blocker = new Client({ connectionString: t.config.databaseUrl! });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      const answer = request();
      let waiting: number[] = [];
      while (waiting.length === 0) {
        const { rows } = await blocker.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        waiting = rows.map((r) => r.pid);
      }
      expect(await terminate(t.config.databaseUrl!, waiting)).toBe(waiting.length);
      return await answer;
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
  }

  it('a request whose connection ends while it waits: 503 with Retry-After, nothing is written, the next one is served', async () => {
    expectUnavailable(await cutWhileWaiting('districts', () => t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'Waiting when cut' } })));
    expect(await districts()).not.toContain('Waiting when cut');
    const again = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'After the cut' } });
    expect(again.statusCode).toBe(200);
  });

  it('a FHIR search whose connection ends while it waits: 503 with Retry-After as an OperationOutcome; the next one is served', async () => {
    const search = () => t.inject({ method: 'GET', url: '/fhir/Patient?_count=5', token: t.rootToken });
    const cut = await cutWhileWaiting('users', search);
    expect(cut.statusCode).toBe(503);
    expect(cut.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(cut.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(cut.json()).toEqual({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'transient', details: { text: 'The service is briefly unavailable; try again in a moment.' }, diagnostics: 'The service is briefly unavailable; try again in a moment.' }],
    });
    const again = await search();
    expect([again.statusCode, again.json().resourceType]).toEqual([200, 'Bundle']);
  });

  it('creates under way while every connection is ended, five times: each is answered 200 or 503, every acknowledged one is stored', async () => {
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let next = 0;
    let stop = false;
    let answered = 0;
    let waiter: { at: number; resolve(): void } | null = null;
    /** resolves once `count` more creates have been answered */
    const moreAnswers = (count: number) => new Promise<void>((resolve) => (waiter = { at: answered + count, resolve }));
    const worker = async () => {
      while (!stop) {
        const title = `Cut load ${++next}`;
        const res = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title } });
        answered++;
        if (res.statusCode === 200) acknowledged.push(title);
        else refused.push(res.statusCode);
        if (waiter && answered >= waiter.at) waiter.resolve();
      }
    };
    const workers = Array.from({ length: 8 }, () => worker());
    try {
      for (let round = 0; round < 5; round++) {
        // some creates between two cuts, then every connection of the database at once
        await moreAnswers(20);
        await terminate(t.config.databaseUrl!);
      }
      await moreAnswers(20);
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    expect(refused.filter((status) => status !== 503)).toEqual([]);
    const stored = new Set(await districts());
    expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(100);
  });
});

describe('SQLite locked or out of room', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('locked for writing by another process beyond the busy timeout: a create is a 503 and writes nothing, reads go on; then served again', async () => {
    const other = new SQLite(join(t.config.dataDir, 'app.db'));
    // the app's one connection waits 50 ms for a lock instead of 5 s
    await sql`PRAGMA busy_timeout = 50`.execute(t.db.db);
    try {
      other.exec('BEGIN IMMEDIATE');
      expectUnavailable(await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'While locked' } }));
      // write-ahead logging: readers are not held by a writer, nor is the readiness probe (a read)
      expect((await t.inject({ method: 'GET', url: '/api/admin/districts', token: t.rootToken })).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await sql`PRAGMA busy_timeout = 5000`.execute(t.db.db);
    }
    const titles = (await t.db.db.selectFrom('districts').select('title').execute()).map((d) => d.title);
    expect(titles).not.toContain('While locked');
    expect((await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'After the lock' } })).statusCode).toBe(200);
  });

  it('out of room (SQLITE_FULL): the create that does not fit is a 503 and leaves nothing; with room again it is taken', async () => {
    const pages = async (pragma: string) => Object.values((await sql.raw<Record<string, number>>(`PRAGMA ${pragma}`).execute(t.db.db)).rows[0]!)[0]!;
    const max = await pages('max_page_count');
    await sql.raw(`PRAGMA max_page_count = ${await pages('page_count')}`).execute(t.db.db);
    let full: LightMyRequestResponse | null = null;
    let title = '';
    const statuses = new Set<number>();
    try {
      // the free room in the file's pages is taken first: creates until one does not fit
      for (let i = 0; i < 2000 && !full; i++) {
        title = `Filling ${i} ${'x'.repeat(150)}`;
        const res = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title } });
        statuses.add(res.statusCode);
        if (res.statusCode !== 200) full = res;
      }
    } finally {
      await sql.raw(`PRAGMA max_page_count = ${max}`).execute(t.db.db);
    }
    expect(full).not.toBeNull();
    expectUnavailable(full!);
    expect([...statuses].sort()).toEqual([200, 503]);
    const titles = (await t.db.db.selectFrom('districts').select('title').execute()).map((d) => d.title);
    expect(titles).not.toContain(title);
    expect((await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title } })).statusCode).toBe(200);
  });

  it('the file store gone (its folder not a folder any more): readiness 503 for the store only; back, 200', async () => {
    const root = join(t.config.dataDir, 'storage');
    rmSync(root, { recursive: true, force: true });
    writeFileSync(root, 'not a folder');
    try {
      const ready = await t.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable' });
    } finally {
      rmSync(root, { force: true });
      mkdirSync(root);
    }
    const ready = await t.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });
});
