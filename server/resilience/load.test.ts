/**
 * Load: 200 connections for 60 s (LOAD_SECONDS to change it) of mixed reads and writes against the
 * real server on SQLite: district pages, an admin search, the dashboard, the bell, and district creates
 * with their audit rows. No request may fail or time out, every create that was answered 2xx must be
 * in the database (and none that was not), each with exactly one audit row, and the server's memory
 * must stay bounded: no climb from the first third of the run to the last.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopAllServers, type ServerProcess } from './helpers/server';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 200;
/** the server's resident memory may not go past this at any moment */
const RSS_CEILING_MB = 600;
/** nor grow by more than this between the first and the last third of the run (a leak would) */
const RSS_DRIFT_MB = 96;

const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe('200 connections, 60 s of mixed reads and writes (SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'load-'));
  let server: ServerProcess;
  afterAll(async () => {
    await stopAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('no errors, no lost writes, one audit row each, memory bounded', async () => {
    server = await startServer({ dataDir });
    const token = await server.login();
    const me = (await server.api<{ data: { pusher_id: string } }>('GET', '/me', token)).body.data;
    // something to read: a few pages of districts
    for (let i = 0; i < 60; i++) expect((await server.api('POST', '/districts', token, { title: `Seed district ${i}` })).status).toBe(200);

    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let next = 0;
    const acknowledged = new Set<string>();
    const refused: string[] = [];
    const titleOf = (body: string | Buffer | undefined) => (body ? (JSON.parse(String(body)) as { data: { title: string } }).data.title : '');

    const samples: { at: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: Date.now() - started, mb: rssMb(server.pid) }), 500);
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 20,
        headers: auth,
        requests: [
          { method: 'GET', path: '/api/admin/districts?page=1&per_page=25' },
          { method: 'GET', path: '/api/admin/districts?page=2&per_page=25&sort=title&order=asc' },
          {
            method: 'POST',
            path: '/api/admin/districts',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: `Load district ${++next}` }) }),
            // the server answers a create with the record: its title says which create was acknowledged
            onResponse: (status, body) => {
              if (status === 200) acknowledged.add(titleOf(body));
              else refused.push(`${status} ${String(body).slice(0, 200)}`);
            },
          },
          { method: 'GET', path: '/api/admin/admins?search=root' },
          { method: 'GET', path: '/api/admin/dashboard' },
          { method: 'GET', path: `/api/admin/notifications/web/admin/${me.pusher_id}` },
        ],
      });
    } finally {
      clearInterval(sampler);
    }
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, resets: result.resets, refused }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, resets: 0, refused: [] });
    expect(acknowledged.size).toBeGreaterThan(100);
    expect(result.requests.total).toBeGreaterThan(CONNECTIONS * 10);

    // every acknowledged create is in the database, once; nothing else of the run is
    await server.stop();
    const db = new Database(join(dataDir, 'app.db'), { readonly: true });
    try {
      const stored = db.prepare("SELECT id, title FROM districts WHERE title LIKE 'Load district %'").all() as { id: number; title: string }[];
      const titles = new Set(stored.map((r) => r.title));
      expect(titles.size).toBe(stored.length);
      const lost = [...acknowledged].filter((title) => !titles.has(title));
      expect(lost).toEqual([]);
      // a create still in flight when the run stopped may be stored without its answer read: at most one a connection
      expect(stored.length - acknowledged.size).toBeGreaterThanOrEqual(0);
      expect(stored.length - acknowledged.size).toBeLessThanOrEqual(CONNECTIONS);
      const audited = db.prepare("SELECT count(*) AS n FROM audit_log WHERE resource = 'districts' AND action = 'create' AND record_id IN (SELECT id FROM districts WHERE title LIKE 'Load district %')").get() as { n: number };
      expect(audited.n).toBe(stored.length);
      const integrity = db.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
      expect(integrity.integrity_check).toBe('ok');
    } finally {
      db.close();
    }

    const peak = Math.max(...samples.map((s) => s.mb));
    const third = (SECONDS * 1000) / 3;
    const early = median(samples.filter((s) => s.at < third).map((s) => s.mb));
    const late = median(samples.filter((s) => s.at > 2 * third).map((s) => s.mb));
    console.log(
      `load: ${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)} req/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
        `${next} creates sent; RSS early ${early.toFixed(0)} MB, late ${late.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
    );
    expect(peak).toBeLessThan(RSS_CEILING_MB);
    expect(late - early).toBeLessThan(RSS_DRIFT_MB);
  });
});
