/**
 * Crash: 1,000 creates sent at once to the real server, which is killed with SIGKILL when a tenth of
 * them have been answered, so most are still in flight. The kill is checked to be one: the process
 * died of SIGKILL, creates were cut off unanswered, and (SQLite) the write-ahead log is left behind
 * unmerged, as no clean close leaves it. Then the server starts again on the same data and, with it
 * running: the SQLite file passes its integrity and foreign key checks, every create that was answered
 * 2xx is there with its title (read from the file and through the API), each stored record has
 * exactly one audit row (written in the same transaction) and the kept row counter matches the table.
 * The same on PostgreSQL (the server is killed, not the database).
 */
import SQLite from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freshPgDatabase, ROOT, startServer, stopAllServers, type ServerProcess } from './helpers/server';

jest.setTimeout(300_000);

const CREATES = 1_000;
/** the kill comes when this many creates have been answered */
const KILL_AFTER = 100;

interface Outcome {
  /** answered 2xx: the title sent, and the record's id when the body came through too */
  acknowledged: { id: number | null; title: string }[];
  /** answered with another status */
  refused: number;
  /** no answer: the connection went down with the server */
  cut: number;
  /** how the server process ended */
  exit: { code: number | null; signal: NodeJS.Signals | null };
}

/** Sends every create at once; kills the server with SIGKILL on the KILL_AFTER-th answer. */
async function createAndCrash(server: ServerProcess, token: string, tag: string): Promise<Outcome> {
  const acknowledged: Outcome['acknowledged'] = [];
  let refused = 0;
  let cut = 0;
  let answered = 0;
  const one = async (i: number) => {
    const title = `${tag} ${i}`;
    let res: Response;
    try {
      res = await fetch(`${server.url}/api/admin/districts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
    } catch {
      cut++;
      return;
    }
    if (++answered === KILL_AFTER) server.kill('SIGKILL');
    if (!res.ok) {
      refused++;
      return;
    }
    // a 2xx status is an acknowledgement, even if the body is then cut off by the kill
    const body = (await res.json().catch(() => null)) as { data?: { id?: number; title?: string } } | null;
    if (body && body.data?.title !== title) throw new Error(`the create of "${title}" answered ${JSON.stringify(body)}`);
    acknowledged.push({ id: body?.data?.id ?? null, title });
  };
  await Promise.all(Array.from({ length: CREATES }, (_, i) => one(i)));
  return { acknowledged, refused, cut, exit: await server.exited };
}

/** What a database holds after the crash, read directly. */
interface Stored {
  titles: Map<number, string>;
  /** audit rows of district creates, per record id */
  audits: Map<number, number>;
  counter: number;
  count: number;
}

/** the figures of each run, written to test-results/crash.json (the README quotes them) */
const figures: Record<string, unknown> = {};
afterAll(() => {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(ROOT, 'test-results', 'crash.json'), `${JSON.stringify(figures, null, 1)}\n`);
});

/** The kill was one, and came while creates were in flight. */
function expectKilledMidWork(outcome: Outcome) {
  expect(outcome.exit).toEqual({ code: null, signal: 'SIGKILL' });
  expect(outcome.refused).toBe(0);
  expect(outcome.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
  // creates were still under way when it came: they never got an answer
  expect(outcome.cut).toBeGreaterThan(0);
  expect(outcome.acknowledged.length + outcome.cut).toBe(CREATES);
}

function expectRecovered(outcome: Outcome, stored: Stored, tag: string) {
  const ours = [...stored.titles].filter(([, title]) => title.startsWith(`${tag} `));
  figures[tag] = { sent: CREATES, acknowledged: outcome.acknowledged.length, cut: outcome.cut, stored: ours.length };
  // every acknowledged create is there, under the id it was answered with
  const ids = new Map(ours.map(([id, title]) => [title, id]));
  const missing = outcome.acknowledged.filter((a) => !ids.has(a.title) || (a.id !== null && ids.get(a.title) !== a.id));
  expect(missing).toEqual([]);
  expect(ids.size).toBe(ours.length); // and none twice
  // every stored create (acknowledged or not) is whole: its audit row is there, once
  expect(ours.length).toBeGreaterThanOrEqual(outcome.acknowledged.length);
  expect(ours.length).toBeLessThanOrEqual(CREATES);
  expect(ours.filter(([id]) => stored.audits.get(id) !== 1)).toEqual([]);
  expect([...stored.audits.keys()].filter((id) => !stored.titles.has(id))).toEqual([]);
  // the trigger-kept row counter agrees with the table
  expect(stored.counter).toBe(stored.count);
}

/** The restarted server lists every acknowledged create too, and takes new ones. */
async function expectServed(again: ServerProcess, outcome: Outcome, stored: Stored) {
  const token = await again.login();
  const list = await again.api<{ data: { id: number; title: string }[] }>('GET', '/districts?paginate=false', token);
  expect(list.status).toBe(200);
  const titles = new Set(list.body.data.map((d) => d.title));
  expect(list.body.data.length).toBe(stored.count);
  expect(outcome.acknowledged.filter((a) => !titles.has(a.title))).toEqual([]);
  const page = await again.api<{ data: { total: number } }>('GET', '/districts?per_page=1', token);
  expect(page.body.data.total).toBe(stored.count);
  expect((await again.api('POST', '/districts', token, { title: 'After the crash' })).status).toBe(200);
}

describe('kill -9 during 1,000 concurrent creates', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-crash-'));
  });
  afterEach(async () => {
    await stopAllServers(); // a failed test leaves no server running
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SQLite: integrity check ok, every acknowledged create present, audit rows and row counter consistent', async () => {
    const server = await startServer({ dataDir });
    const outcome = await createAndCrash(server, await server.login(), 'Crash SQLite');
    expectKilledMidWork(outcome);
    // the database was not closed: its write-ahead log is still there, unmerged (a clean close removes it)
    const wal = join(dataDir, 'app.db-wal');
    expect(existsSync(wal) && statSync(wal).size).toBeGreaterThan(0);

    // the server starts again on it (and recovers it), and with it running the file is checked
    const again = await startServer({ dataDir });
    const db = new SQLite(join(dataDir, 'app.db'), { fileMustExist: true });
    let stored: Stored;
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const rows = db.prepare('SELECT id, title FROM districts').all() as { id: number; title: string }[];
      const audits = db.prepare("SELECT record_id AS id, count(*) AS n FROM audit_log WHERE resource = 'districts' AND action = 'create' GROUP BY record_id").all() as { id: number; n: number }[];
      const counter = db.prepare("SELECT n FROM row_counts WHERE table_name = 'districts'").get() as { n: number };
      stored = { titles: new Map(rows.map((r) => [r.id, r.title])), audits: new Map(audits.map((a) => [a.id, a.n])), counter: counter.n, count: rows.length };
    } finally {
      db.close();
    }
    expectRecovered(outcome, stored, 'Crash SQLite');
    await expectServed(again, outcome, stored);
    await again.stop();
  });

  it('PostgreSQL: every acknowledged create present, audit rows and row counter consistent', async () => {
    const database = await freshPgDatabase('crash');
    try {
      const server = await startServer({ dataDir, databaseUrl: database.url });
      const outcome = await createAndCrash(server, await server.login(), 'Crash PostgreSQL');
      expectKilledMidWork(outcome);

      const again = await startServer({ dataDir, databaseUrl: database.url });
      const c = new Client({ connectionString: database.url });
      await c.connect();
      let stored: Stored;
      try {
        const rows = (await c.query<{ id: number; title: string }>('SELECT id, title FROM districts')).rows;
        const audits = (await c.query<{ id: number; n: string }>("SELECT record_id AS id, count(*) AS n FROM audit_log WHERE resource = 'districts' AND action = 'create' GROUP BY record_id")).rows;
        const counter = (await c.query<{ n: string }>("SELECT n FROM row_counts WHERE table_name = 'districts'")).rows[0]!;
        stored = { titles: new Map(rows.map((r) => [Number(r.id), r.title])), audits: new Map(audits.map((a) => [Number(a.id), Number(a.n)])), counter: Number(counter.n), count: rows.length };
      } finally {
        await c.end();
      }
      expectRecovered(outcome, stored, 'Crash PostgreSQL');
      await expectServed(again, outcome, stored);
      await again.stop();
    } finally {
      await stopAllServers();
      await database.drop();
    }
  });
});
