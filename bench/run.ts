/**
 * Load benchmark of the real server, and the console's download size before the login screen.
 *
 *   npm run bench -- [--dialect sqlite|postgres|both] [--rows 100000] [--duration 10] [--connections 50]
 *                    [--login-duration 5] [--pg-affinity server|free] [--build-console]
 *
 * For each dialect: a fresh temp DATA_DIR (PostgreSQL: a throwaway server from scripts/pg.mjs), `rows`
 * demo admins seeded with seedDemo, then the real server as a child process pinned to core 0 while
 * this process (autocannon) runs on core 1. Every request goes to 127.0.0.1 only, and every run is
 * bounded in time (and login also in count). Prints a table and writes bench/results.json.
 */
import autocannon from 'autocannon';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/src/config';
import { DEMO_PASSWORD, prepareAndSeedDemo } from '../server/src/db/seeds/demo';

const ROOT = path.resolve(__dirname, '..');
const HOST = '127.0.0.1';
const ADMIN_EMAIL = 'bench-root@example.org';
const ADMIN_PASSWORD = 'bench-root-password-1';

type DialectName = 'sqlite' | 'postgres';

interface Options {
  dialects: DialectName[];
  rows: number;
  duration: number;
  connections: number;
  loginDuration: number;
  pgAffinity: 'server' | 'free';
  buildConsole: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { dialects: ['sqlite', 'postgres'], rows: 100_000, duration: 10, connections: 50, loginDuration: 5, pgAffinity: 'server', buildConsole: false };
  const num = (name: string, raw: string | undefined, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw ?? ''}"`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!;
    let value: string | undefined;
    if (arg.includes('=')) [arg, value] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
    const next = () => value ?? argv[++i];
    switch (arg) {
      case '--dialect': {
        const d = next();
        if (d === 'both') o.dialects = ['sqlite', 'postgres'];
        else if (d === 'sqlite' || d === 'postgres') o.dialects = [d];
        else throw new Error(`--dialect must be sqlite, postgres or both, got "${d ?? ''}"`);
        break;
      }
      case '--rows': o.rows = Math.round(num('--rows', next(), 100, 2_000_000)); break;
      case '--duration': o.duration = num('--duration', next(), 1, 300); break;
      case '--connections': o.connections = Math.round(num('--connections', next(), 1, 500)); break;
      case '--login-duration': o.loginDuration = num('--login-duration', next(), 1, 60); break;
      case '--pg-affinity': {
        const a = next();
        if (a !== 'server' && a !== 'free') throw new Error('--pg-affinity must be server (PostgreSQL on the server\'s core) or free');
        o.pgAffinity = a;
        break;
      }
      case '--build-console': o.buildConsole = true; break;
      case '--help': case '-h':
        console.log('npm run bench -- [--dialect sqlite|postgres|both] [--rows 100000] [--duration 10] [--connections 50] [--login-duration 5] [--pg-affinity server|free] [--build-console]');
        process.exit(0);
      // eslint-disable-next-line no-fallthrough
      default: throw new Error(`unknown argument "${arg}" (try --help)`);
    }
  }
  return o;
}

// -------------------------------------------------------------------------------------- process care

const cleanups: (() => void)[] = [];
/** Runs on normal exit, on errors and on Ctrl-C: children killed, PostgreSQL stopped, temp dirs removed. */
function cleanupAll() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch (err) {
      console.error('cleanup failed:', err);
    }
  }
}
process.on('exit', cleanupAll);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: cleaning up`);
    cleanupAll();
    process.exit(130);
  });
}

const hasTaskset = process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2;

/** Pins every thread of a process to one CPU list; false when that is not possible. */
function pin(pid: number, cpus: string): boolean {
  if (!hasTaskset) return false;
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ----------------------------------------------------------------------------------------- the server

/** How the server child runs: the compiled build when it is current (built now if stale), else tsx. */
async function serverCommand(): Promise<{ argv: string[]; runner: string }> {
  const fresh = (await import(pathToFileURL(path.join(ROOT, 'scripts/freshness.mjs')).href)) as { serverStale(): boolean; SERVER_OUTPUT: string };
  const built = path.join(ROOT, fresh.SERVER_OUTPUT);
  if (fresh.serverStale()) {
    console.log('[bench] server build is missing or out of date: npm run build:server');
    const r = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0 && existsSync(built) && fresh.serverStale()) {
      console.log('[bench] build:server failed; running the TypeScript sources with tsx instead');
      return { argv: [process.execPath, '--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], runner: 'tsx (build failed)' };
    }
  }
  if (existsSync(built)) return { argv: [process.execPath, built], runner: `node ${fresh.SERVER_OUTPUT}` };
  return { argv: [process.execPath, '--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], runner: 'tsx server/src/main.ts' };
}

interface Server {
  url: string;
  pid: number;
  /** PostgreSQL's postmaster, when the database is PostgreSQL */
  postmaster: number | null;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(argv: string[], env: Record<string, string>, postmaster: number | null): Promise<Server> {
  const port = await freePort();
  const cmd = hasTaskset ? ['taskset', '-c', '0', ...argv] : argv; // taskset execs: same pid as the server
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const kill = () => {
    if (!exited) child.kill('SIGKILL');
  };
  cleanups.push(kill);
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start (code ${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid!,
    postmaster,
    child,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      kill();
    },
  };
}

function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far; with reaped children's time too when asked. */
function cpuSeconds(pid: number, withReapedChildren = false): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    // utime, stime (and cutime, cstime) in clock ticks (USER_HZ = 100); fields 14-17 of proc(5)
    return (f[11]! + f[12]! + (withReapedChildren ? f[13]! + f[14]! : 0)) / 100;
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine so far (all cores, from /proc/stat). */
function machineBusySeconds(): number {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the PostgreSQL server and its backends (children of the postmaster). */
function pgSeconds(postmaster: number | null): number {
  if (!postmaster) return 0;
  let total = cpuSeconds(postmaster, true); // backends that ended were reaped by the postmaster
  try {
    for (const line of execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)]).toString().split('\n')) {
      if (line.trim()) total += cpuSeconds(Number(line.trim()));
    }
  } catch {
    /* gone */
  }
  return total;
}

// ------------------------------------------------------------------------------------------ scenarios

interface Scenario {
  name: string;
  what: string;
  /** autocannon options besides url / connections / duration */
  options: Partial<autocannon.Options>;
  /** path of the first request (setupRequest may change it per request) */
  path: string;
  duration?: number;
  connections?: number;
  amount?: number;
  warmup?: boolean;
}

interface Row {
  scenario: string;
  dialect: DialectName;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  serverCpu: number;
  /** CPU of PostgreSQL (its processes), % of one core */
  dbCpu: number;
  /** CPU used by everything else on the machine (other work, not server / database / bench), % of one core */
  otherCpu: number;
  peakRssMb: number;
  bytesPerReq: number;
}

async function api(base: string, method: string, p: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: any; message: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
  return json.data;
}

/**
 * Requests abandoned when a run ends (autocannon closes its sockets) may still be running in the server
 * or the database: wait until both are idle (under 10% of a core for half a second, at most 60 s) so
 * the next scenario does not pay for them.
 */
async function settle(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const a = cpuSeconds(server.pid) + pgSeconds(server.postmaster);
    await sleep(500);
    const used = cpuSeconds(server.pid) + pgSeconds(server.postmaster) - a;
    if (used < 0.05 || Date.now() > deadline) return;
  }
}

async function runScenario(server: Server, s: Scenario, opts: Options): Promise<Omit<Row, 'dialect'>> {
  const base = {
    url: `${server.url}${s.path}`,
    connections: s.connections ?? opts.connections,
    duration: s.duration ?? opts.duration,
    timeout: 10,
    ...s.options,
  } as autocannon.Options;
  await settle(server);
  if (s.warmup !== false) {
    await autocannon({ ...base, duration: Math.min(2, Number(base.duration ?? 2)) });
    await settle(server);
  }
  let peakKb = procStatusKb(server.pid, 'VmRSS');
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, procStatusKb(server.pid, 'VmRSS'))), 100);
  const cpu0 = cpuSeconds(server.pid);
  const db0 = pgSeconds(server.postmaster);
  const all0 = machineBusySeconds();
  const self0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let result: autocannon.Result;
  try {
    result = await autocannon({ ...base, ...(s.amount ? { amount: s.amount } : {}) });
  } finally {
    clearInterval(sampler);
  }
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const server1 = cpuSeconds(server.pid) - cpu0;
  const db1 = pgSeconds(server.postmaster) - db0;
  const self = process.cpuUsage(self0);
  const other = machineBusySeconds() - all0 - server1 - db1 - (self.user + self.system) / 1e6;
  peakKb = Math.max(peakKb, procStatusKb(server.pid, 'VmRSS'));
  const requests = result.requests.total;
  return {
    scenario: s.name,
    reqPerSec: Math.round(requests / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests,
    serverCpu: Math.round((100 * server1) / wall),
    dbCpu: Math.round((100 * db1) / wall),
    otherCpu: Math.max(0, Math.round((100 * other) / wall)),
    peakRssMb: Math.round(peakKb / 1024),
    bytesPerReq: requests ? Math.round(result.throughput.total / requests) : 0,
  };
}

async function scenarios(server: Server, opts: Options): Promise<Scenario[]> {
  const root = await api(server.url, 'POST', '/api/admin/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const auth = { authorization: `Bearer ${root.token}`, accept: 'application/json' };
  const page = await api(server.url, 'GET', '/api/admin/admins?page=37&per_page=25', root.token);
  const ids: string[] = page.data.map((r: { encrypted_id: string }) => r.encrypted_id);
  if (ids.length !== 25) throw new Error(`page 37 has ${ids.length} rows; seed at least 1,000 admins`);

  // a non-super admin holding view_sub_admin: the guard then also reads the role's permissions
  const roles = await api(server.url, 'GET', '/api/admin/roles?search=Admin%20Manager', root.token);
  const roleId = roles.data[0]?.id;
  const manager = (await api(server.url, 'GET', `/api/admin/admins?role_id=${roleId}&status=1&per_page=1`, root.token)).data[0];
  const sub = await api(server.url, 'POST', '/api/admin/login', null, { email: manager.email, password: DEMO_PASSWORD });
  const subAuth = { authorization: `Bearer ${sub.token}`, accept: 'application/json' };

  const lastPage = Math.min(40, Math.ceil(opts.rows / 25));
  let pageNo = 0;
  const nextPage = () => (pageNo++ % lastPage) + 1;
  let idNo = 0;
  let created = 0;
  const runTag = Date.now().toString(36);
  return [
    {
      name: 'list 25 (pages 1-40)',
      what: `GET /api/admin/admins?page=1..${lastPage}&per_page=25 as the super admin (default sort: created_at desc)`,
      path: '/api/admin/admins?page=1&per_page=25',
      options: {
        headers: auth,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/admin/admins?page=${nextPage()}&per_page=25` }) }],
      },
    },
    {
      name: 'list 25, page 37',
      what: 'GET /api/admin/admins?page=37&per_page=25 as the super admin',
      path: '/api/admin/admins?page=37&per_page=25',
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'list 25 countries',
      what: 'GET /api/admin/countries?page=3&per_page=25: a page of narrow rows (6 fields), for comparison with the 22-field admin rows',
      path: '/api/admin/countries?page=3&per_page=25',
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'list 25, non-super',
      what: 'the same page 37 as an "Admin Manager" (guard also loads the role\'s permissions)',
      path: '/api/admin/admins?page=37&per_page=25',
      options: { headers: subAuth, method: 'GET' },
    },
    {
      name: 'search "khan"',
      what: 'GET /api/admin/admins?search=khan&page=1&per_page=25 (LIKE %khan% over f_name, l_name, email, phone; 10 connections)',
      path: '/api/admin/admins?search=khan&page=1&per_page=25',
      // fewer connections: a search costs tens of ms (SQLite) to hundreds (PostgreSQL); with 50 waiting,
      // answers would take longer than the run and nothing would be counted
      connections: 10,
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'get one admin',
      what: 'GET /api/admin/admins/{encrypted_id}, 25 different ids in turn',
      path: `/api/admin/admins/${ids[0]}`,
      options: {
        headers: auth,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/admin/admins/${ids[idNo++ % ids.length]}` }) }],
      },
    },
    {
      name: 'create district',
      what: 'POST /api/admin/districts {title} with unique titles (insert + audit row in one transaction, then re-read)',
      path: '/api/admin/districts',
      options: {
        headers: { ...auth, 'content-type': 'application/json' },
        requests: [{
          method: 'POST',
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: `Bench district ${runTag}-${++created}` }) }),
        }],
      },
    },
    {
      name: 'login (argon2id)',
      what: 'POST /api/admin/login with valid credentials: argon2id verify (m=19456 KiB, t=2, p=1) + token insert + audit',
      duration: opts.loginDuration,
      amount: 5_000,
      warmup: false,
      path: '/api/admin/login',
      options: {
        headers: { 'content-type': 'application/json' },
        method: 'POST',
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      },
    },
  ];
}

// ------------------------------------------------------------------------------------------ a dialect

interface PgHandle {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function benchDialect(dialect: DialectName, opts: Options, argv: string[]): Promise<{ rows: Row[]; seedMs: number; serverHwmMb: number; what: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${dialect}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let pg: PgHandle | null = null;
  let postmaster: number | null = null;
  if (dialect === 'postgres') {
    const mod = (await import(pathToFileURL(path.join(ROOT, 'scripts/pg.mjs')).href)) as { startThrowawayPostgres(): Promise<PgHandle> };
    pg = await mod.startThrowawayPostgres();
    const handle = pg;
    cleanups.push(() => void handle.stop()); // synchronous inside, so it also works from 'exit'
    postmaster = Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (opts.pgAffinity === 'server') {
      // backends fork from the postmaster after this, so they inherit core 0 too
      if (!pin(postmaster, '0')) console.log('[bench] could not pin PostgreSQL to core 0');
      for (const line of execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)]).toString().trim().split('\n')) {
        if (line.trim()) pin(Number(line.trim()), '0');
      }
    }
  }
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, ...(pg ? { DATABASE_URL: pg.url } : {}) };
  try {
    console.log(`\n[bench] ${dialect}: seeding ${opts.rows.toLocaleString('en')} admins ...`);
    const config = loadConfig({ ...env, LOG_LEVEL: 'warn' });
    const seed = await prepareAndSeedDemo(config, { scale: 1, admins: opts.rows });
    console.log(`[bench] ${dialect}: seeded in ${(seed.ms / 1000).toFixed(1)} s; starting the server`);
    const server = await startServer(argv, env, postmaster);
    try {
      const list = await scenarios(server, opts);
      const rows: Row[] = [];
      for (const s of list) {
        process.stdout.write(`[bench] ${dialect}: ${s.name} ... `);
        const r = await runScenario(server, s, opts);
        console.log(`${r.reqPerSec} req/s, p99 ${r.p99} ms`);
        rows.push({ ...r, dialect });
      }
      const serverHwmMb = Math.round(procStatusKb(server.pid, 'VmHWM') / 1024);
      return { rows, seedMs: seed.ms, serverHwmMb, what: Object.fromEntries(list.map((s) => [s.name, s.what])) };
    } finally {
      await server.stop();
    }
  } finally {
    if (pg) await pg.stop();
  }
}

// ------------------------------------------------------------------------------------ console weight

interface ConsoleWeight {
  entry: string[];
  beforeLoginGzipBytes: number;
  beforeLoginRawBytes: number;
  totalJsGzipBytes: number;
  totalJsRawBytes: number;
  jsFiles: number;
  distStale: boolean;
  builtNow: boolean;
}

async function consoleWeight(opts: Options): Promise<ConsoleWeight | null> {
  const dist = path.join(ROOT, 'dist');
  const fresh = (await import(pathToFileURL(path.join(ROOT, 'scripts/freshness.mjs')).href)) as { consoleStale(): boolean };
  let builtNow = false;
  if (opts.buildConsole || !existsSync(path.join(dist, 'index.html'))) {
    console.log('[bench] building the console: npm run build:console');
    const r = spawnSync('npm', ['run', 'build:console'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.log('[bench] build:console failed; skipping the console weight');
      return null;
    }
    builtNow = true;
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  const local = (href: string) => path.join(dist, href.replace(/^\//, '').split('?')[0]!);
  const start = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ].filter((h) => !/^https?:/.test(h));
  // also follow static imports between chunks (never dynamic import()), in case a preload link is missing
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (needed.has(file) || !existsSync(file)) return;
    needed.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g)) visit(path.resolve(path.dirname(file), m[1]!));
  };
  for (const h of start) visit(local(h));
  const allJs: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) allJs.push(p);
    }
  };
  walk(dist);
  return {
    entry: [...needed].map((f) => path.relative(dist, f)),
    beforeLoginGzipBytes: [...needed].reduce((n, f) => n + gz(f), 0),
    beforeLoginRawBytes: [...needed].reduce((n, f) => n + readFileSync(f).length, 0),
    totalJsGzipBytes: allJs.reduce((n, f) => n + gz(f), 0),
    totalJsRawBytes: allJs.reduce((n, f) => n + readFileSync(f).length, 0),
    jsFiles: allJs.length,
    distStale: !builtNow && fresh.consoleStale(),
    builtNow,
  };
}

// ----------------------------------------------------------------------------------------------- main

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function table(rows: Row[]): string {
  const head = ['scenario', 'dialect', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'server CPU %', 'db CPU %', 'other CPU %', 'peak RSS MB'];
  const body = rows.map((r) => [
    r.scenario, r.dialect, String(r.reqPerSec), r.requests ? String(r.p50) : 'none done', r.requests ? String(r.p99) : '-', `${r.errors}/${r.non2xx}`,
    String(r.serverCpu), r.dialect === 'postgres' ? String(r.dbCpu) : '-', String(r.otherCpu), String(r.peakRssMb),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (hasTaskset && !pin(process.pid, '1')) console.log('[bench] could not pin the bench process to core 1');
  if (!hasTaskset) console.log('[bench] taskset unavailable or a single core: nothing is pinned, figures are not comparable');
  const { argv, runner } = await serverCommand();
  console.log(`[bench] server: ${runner}; ${opts.rows.toLocaleString('en')} admins; ${opts.duration} s per scenario, ${opts.connections} connections`);

  const rows: Row[] = [];
  const perDialect: Record<string, { seedMs: number; serverHwmMb: number }> = {};
  let what: Record<string, string> = {};
  for (const dialect of opts.dialects) {
    const r = await benchDialect(dialect, opts, argv);
    rows.push(...r.rows);
    perDialect[dialect] = { seedMs: r.seedMs, serverHwmMb: r.serverHwmMb };
    what = r.what;
  }
  const weight = await consoleWeight(opts);

  const cpus = os.cpus();
  const machine = {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    pinning: hasTaskset ? `server on core 0${opts.dialects.includes('postgres') ? (opts.pgAffinity === 'server' ? ' (PostgreSQL too)' : ' (PostgreSQL unpinned)') : ''}, autocannon on core 1` : 'none',
  };
  console.log(`\nMachine: ${machine.cpu}, ${machine.cores} cores, ${machine.os}, Node ${machine.node}, ${machine.date}`);
  console.log(`Server: ${runner}, ${machine.pinning}; ${opts.rows.toLocaleString('en')} admins; ${opts.duration} s per scenario (login ${opts.loginDuration} s), ${opts.connections} connections\n`);
  console.log(table(rows));
  for (const [d, v] of Object.entries(perDialect)) console.log(`\n${d}: seeded in ${(v.seedMs / 1000).toFixed(1)} s; server peak RSS (VmHWM) ${v.serverHwmMb} MB`);
  if (weight) {
    console.log(`\nConsole JS before the login screen: ${kb(weight.beforeLoginGzipBytes)} gzipped (level 9), ${kb(weight.beforeLoginRawBytes)} raw: ${weight.entry.join(', ')}`);
    console.log(`All console JS: ${kb(weight.totalJsGzipBytes)} gzipped, ${kb(weight.totalJsRawBytes)} raw, ${weight.jsFiles} files${weight.distStale ? ' (dist/ is older than src/: run with --build-console for current figures)' : ''}`);
  }
  const goals = {
    list: { target: '>= 4000 req/s and p99 < 50 ms for a 25-row page', results: rows.filter((r) => r.scenario.startsWith('list 25')).map((r) => ({ scenario: r.scenario, dialect: r.dialect, met: r.reqPerSec >= 4000 && r.p99 < 50 })) },
    console: { target: '< 250 KB gzipped JS before login', met: weight ? weight.beforeLoginGzipBytes < 250 * 1024 : null },
  };
  writeFileSync(
    path.join(ROOT, 'bench/results.json'),
    `${JSON.stringify({ machine, options: opts, server: runner, scenarios: what, results: rows, seeding: perDialect, console: weight, goals }, null, 2)}\n`,
  );
  console.log('\nWrote bench/results.json');
}

main()
  .then(() => {
    cleanupAll();
    process.exit(0);
  })
  .catch((err: unknown) => {
    console.error(err);
    cleanupAll();
    process.exit(1);
  });
