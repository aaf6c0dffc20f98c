/**
 * The database going away under the server (PostgreSQL ending its connections: a restart, a failover,
 * an administrator's pg_terminate_backend). The server process must never end for it: a connection
 * lost while a request holds it (a transaction between two statements) is that request's error, not an
 * 'error' event nobody hears, and the next request gets a new connection.
 */
import { sql } from 'kysely';
import { Client } from 'pg';
import { startTestApp, type TestApp } from './helpers/app';

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

  it('a request whose connection ends while it waits: it is answered (not 2xx), nothing is written, the next one is served', async () => {
    // another session holds the districts table, so the create waits inside its transaction
    const blocker = new Client({ connectionString: t.config.databaseUrl! });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE districts IN ACCESS EXCLUSIVE MODE');
      const create = t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'Waiting when cut' } });
      let waiting: number[] = [];
      while (waiting.length === 0) {
        const { rows } = await blocker.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        waiting = rows.map((r) => r.pid);
      }
      expect(await terminate(t.config.databaseUrl!, waiting)).toBe(waiting.length);
      const res = await create;
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ success: false });
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    expect(await districts()).not.toContain('Waiting when cut');
    const again = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'After the cut' } });
    expect(again.statusCode).toBe(200);
  });

  it('creates under way while every connection is ended, five times: each is answered, every acknowledged one is stored', async () => {
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
    expect(refused.filter((status) => status < 400)).toEqual([]);
    const stored = new Set(await districts());
    expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(100);
  });
});
