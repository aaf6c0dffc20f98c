/**
 * What tells a dependency that is down from an error of ours or of the request (services/outages.ts),
 * on errors made for real: a refused connection, PostgreSQL ending a query's backend, SQLite locked
 * and full, a disk with no room (/dev/full), a folder that may not be written, a bucket that is not
 * there; and that the log says each outage once and its end once.
 */
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { writeFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { HttpError } from '../src/http/errors';
import { Outages, Unavailable, unavailableDependency } from '../src/services/outages';
import { S3Storage } from '../src/services/s3Storage';
import { freePort } from './helpers/serverProcess';

const pgUrl = () => {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run the suite with `npm test`, which starts a throwaway PostgreSQL');
  return url;
};

/** the error a promise rejects with */
const failure = async (p: Promise<unknown>): Promise<unknown> => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e);

describe('which errors mean a dependency is down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outages-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('PostgreSQL not listening: the database', async () => {
    const c = new Client({ host: '127.0.0.1', port: await freePort(), user: 'postgres', database: 'postgres' });
    c.on('error', () => undefined);
    const err = await failure(c.connect());
    expect(unavailableDependency(err)).toBe('database');
  });

  it('PostgreSQL ending the backend of a running query (57P01) and the client that lost it: the database', async () => {
    const victim = new Client({ connectionString: pgUrl() });
    victim.on('error', () => undefined);
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const running = failure(victim.query('SELECT pg_sleep(30)'));
    const admin = new Client({ connectionString: pgUrl() });
    await admin.connect();
    try {
      // once the query runs, end its backend
      while (!(await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'", [pid])).rowCount);
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    const err = (await running) as { code?: string };
    expect(err.code).toBe('57P01');
    expect(unavailableDependency(err)).toBe('database');
    // the next query on the lost client
    expect(unavailableDependency(await failure(victim.query('SELECT 1')))).toBe('database');
    await victim.end().catch(() => undefined);
  });

  it('PostgreSQL refusing a statement (a unique clash, bad SQL): not an outage', async () => {
    const c = new Client({ connectionString: pgUrl() });
    await c.connect();
    try {
      await c.query('CREATE TEMPORARY TABLE clash (n int PRIMARY KEY)');
      await c.query('INSERT INTO clash VALUES (1)');
      const clash = (await failure(c.query('INSERT INTO clash VALUES (1)'))) as { code?: string };
      expect(clash.code).toBe('23505');
      expect(unavailableDependency(clash)).toBeNull();
      expect(unavailableDependency(await failure(c.query('SELEC 1')))).toBeNull();
    } finally {
      await c.end();
    }
  });

  it('SQLite locked beyond its timeout, and out of room: the database', () => {
    const file = join(dir, 'locked.db');
    const a = new SQLite(file);
    const b = new SQLite(file, { timeout: 0 });
    try {
      a.exec('CREATE TABLE t (n INTEGER)');
      a.exec('BEGIN EXCLUSIVE');
      let busy: unknown = null;
      try {
        b.exec('INSERT INTO t VALUES (1)');
      } catch (e) {
        busy = e;
      }
      expect((busy as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
      expect(unavailableDependency(busy)).toBe('database');
      a.exec('ROLLBACK');
      const pages = a.pragma('page_count', { simple: true }) as number;
      a.pragma(`max_page_count = ${pages}`);
      let full: unknown = null;
      try {
        for (let i = 0; i < 100_000 && !full; i++) a.exec(`INSERT INTO t VALUES (${i})`);
      } catch (e) {
        full = e;
      }
      expect((full as { code?: string }).code).toBe('SQLITE_FULL');
      expect(unavailableDependency(full)).toBe('database');
      // and a refusal of the statement is not
      let bad: unknown = null;
      try {
        a.exec('INSERT INTO nowhere VALUES (1)');
      } catch (e) {
        bad = e;
      }
      expect(unavailableDependency(bad)).toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });

  it('a disk with no room (ENOSPC): the file store', async () => {
    const err = (await failure(writeFile('/dev/full', 'x'))) as { code?: string };
    expect(err.code).toBe('ENOSPC');
    expect(unavailableDependency(err)).toBe('storage');
  });

  it('a folder the server may not write into (EACCES): the file store', async () => {
    // sysfs takes no new files, whoever asks (root included): a real EACCES on any Linux machine
    const err = (await failure(writeFile('/sys/outages-test', 'x'))) as { code?: string };
    expect(err.code).toBe('EACCES');
    expect(unavailableDependency(err)).toBe('storage');
  });

  it('a bucket that does not answer: told as Unavailable by the S3 driver, the file store; one that is missing a file: no error', async () => {
    const storage = new S3Storage({ bucket: 'gone', prefix: '', endpoint: `http://127.0.0.1:${await freePort()}`, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' });
    const err = await failure(storage.size('images/a.png'));
    expect(err).toBeInstanceOf(Unavailable);
    expect(unavailableDependency(err)).toBe('storage');
    expect(unavailableDependency(await failure(storage.ready()))).toBe('storage');
    storage.client.destroy();
  });

  it('errors of ours and of the request: not an outage', () => {
    expect(unavailableDependency(new Error('boom'))).toBeNull();
    expect(unavailableDependency(new HttpError(422, 'The given data was invalid.'))).toBeNull();
    expect(unavailableDependency(null)).toBeNull();
    expect(unavailableDependency(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }))).toBe('database');
  });
});

describe('the log of outages', () => {
  const logger = () => {
    const lines: string[] = [];
    const log = { warn: (_fields: unknown, message: string) => lines.push(message) } as unknown as FastifyBaseLogger;
    return { lines, log };
  };

  it('says a dependency is down once, however many requests fail, and once when it answers again', async () => {
    const { lines, log } = logger();
    let answers = false;
    let probes = 0;
    let heard: () => void = () => undefined;
    const probe = async () => {
      probes++;
      heard();
      if (!answers) throw new Error('down');
    };
    const outages = new Outages({ log, probes: { database: probe, storage: async () => undefined }, probeEveryMs: 5 });
    try {
      for (let i = 0; i < 100; i++) outages.failed('database', new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^database unavailable since \d{4}-\d\d-\d\dT/);
      expect(outages.downSince('database')).toBeInstanceOf(Date);
      // asked again and again while down, with nothing more in the log
      await new Promise<void>((resolve) => (heard = () => probes >= 3 && resolve()));
      expect(lines).toHaveLength(1);
      answers = true;
      while (outages.downSince('database')) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^database available again, after [\d.]+ s$/);
      expect(outages.downSince('storage')).toBeNull();
    } finally {
      outages.close();
    }
  });

  it('calls in flight across a change say nothing of it: one begun before the last answer cannot start an outage, one begun before the outage cannot end it', () => {
    const { lines, log } = logger();
    // no probe: only the requests themselves say whether it answers (as for the real-time service)
    const outages = new Outages({ log, probes: {} });
    try {
      const down = new Error('connect ECONNREFUSED 127.0.0.1:6001');
      const beforeOutage = Date.now() - 1000;
      outages.failed('realtime', down, Date.now());
      expect(lines).toHaveLength(1);
      // an answer to a call begun before the outage was known: not back
      outages.answered('realtime', beforeOutage);
      expect(outages.downSince('realtime')).toBeInstanceOf(Date);
      expect(lines).toHaveLength(1);
      // a call begun since: back
      const begun = Date.now();
      outages.answered('realtime', begun);
      expect(outages.downSince('realtime')).toBeNull();
      expect(lines).toHaveLength(2);
      // a call that was in flight while it came back fails late: old news, no second outage
      outages.failed('realtime', down, begun - 1);
      expect(outages.downSince('realtime')).toBeNull();
      expect(lines).toHaveLength(2);
      // a call begun after the last answer that fails: a new outage
      outages.failed('realtime', down, Date.now() + 1);
      expect(outages.downSince('realtime')).toBeInstanceOf(Date);
      expect(lines).toHaveLength(3);
      expect(lines.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['realtime unavailable', 'realtime available', 'realtime unavailable']);
    } finally {
      outages.close();
    }
  });

  it('a lost connection is a suspicion: nothing logged when the database still answers, down when it does not', async () => {
    const { lines, log } = logger();
    let answers = true;
    const outages = new Outages({ log, probes: { database: async () => { if (!answers) throw new Error('down'); }, storage: async () => undefined }, probeEveryMs: 60_000 });
    try {
      outages.suspect('database', new Error('Connection terminated unexpectedly'));
      expect(await outages.check('database')).toBe(true);
      expect(lines).toEqual([]);
      answers = false;
      expect(await outages.check('database')).toBe(false);
      expect(lines).toHaveLength(1);
      outages.suspect('database', new Error('Connection terminated unexpectedly'));
      expect(await outages.check('database')).toBe(false);
      expect(lines).toHaveLength(1);
      answers = true;
      expect(await outages.check('database')).toBe(true);
      expect(lines).toHaveLength(2);
    } finally {
      outages.close();
    }
  });
});
