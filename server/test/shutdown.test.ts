/**
 * A server told to stop finishes the requests it has accepted before it closes its database, even those
 * whose clients have gone (a timeout, a closed tab): their work is not cut off half-way (http/inFlight.ts).
 *
 * PostgreSQL: a request is held at its first statement by a lock another connection takes on the
 * sign-in tokens (the auth guard reads them before the handler), its client leaves, the app is closed, and
 * only when the shutdown says it is waiting is the lock let go. The request then runs its handler (a new
 * connection from the pool, which a destroyed database refuses) and its FAQ is written. SQLite answers
 * each statement at once (better-sqlite3 is synchronous), so no request waits on the database there.
 */
import { request } from 'node:http';
import { Client } from 'pg';
import { startTestApp, type TestApp } from './helpers/app';

describe('shutdown (PostgreSQL)', () => {
  let t: TestApp;
  const lines: string[] = [];
  let onLine = () => {};
  let closed = false;

  beforeEach(async () => {
    lines.length = 0;
    closed = false;
    t = await startTestApp('postgres', { LOG_LEVEL: 'info' }, { ownDatabase: true, logStream: { write: (line) => { lines.push(line); onLine(); } } });
  });
  afterEach(async () => {
    if (!closed) await t.app.close();
    await t.close().catch(() => undefined);
  });

  /** resolves when a log line satisfies `test` (checked as each line arrives) */
  const logged = (test: (entry: Record<string, unknown>) => boolean) => new Promise<Record<string, unknown>>((resolve) => {
    const check = () => {
      const found = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find(test);
      if (found) {
        onLine = () => {};
        resolve(found);
      }
    };
    onLine = check;
    check();
  });

  it('a request whose client left while it waited on the database is finished before the database closes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const locker = new Client({ connectionString: t.config.databaseUrl! });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE faqs IN ACCESS EXCLUSIVE MODE');

      const body = JSON.stringify({ question: 'Asked before the restart?', answer: '<p>Kept.</p>' });
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/admin/faqs', headers: { authorization: `Bearer ${t.rootToken}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
      const gone = new Promise<void>((resolve) => req.on('error', () => resolve()).on('close', () => resolve()));
      req.end(body);

      // the request's statement waits for the lock
      for (;;) {
        const waiting = await locker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        if (waiting.rows[0].n > 0) break;
      }
      req.destroy();
      await gone;

      const closing = t.app.close().then(() => (closed = true));
      const waitingEntry = await logged((e) => e.msg === 'shutting down: waiting for the requests still running');
      expect(waitingEntry.running).toBe(1);
      expect(closed).toBe(false);
      await locker.query('COMMIT');
      await closing;
    } finally {
      await locker.end();
    }

    const check = new Client({ connectionString: t.config.databaseUrl! });
    await check.connect();
    try {
      const rows = await check.query("SELECT question FROM faqs WHERE question = 'Asked before the restart?'");
      expect(rows.rowCount).toBe(1);
    } finally {
      await check.end();
    }
    const errors = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string } }).filter((e) => e.level >= 50);
    expect(errors).toEqual([]);
  });

  it('a shutdown with nothing running does not wait', async () => {
    await t.app.close();
    closed = true;
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).not.toContain('shutting down: waiting for the requests still running');
  });
});
