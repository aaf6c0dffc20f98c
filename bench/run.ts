/**
 * Load benchmark of the real server with the calls the console makes, at programme scale, and the
 * console's download size before the login screen.
 *
 *   npm run bench -- [--dialect sqlite|postgres|both] [--scale 100] [--duration 5] [--connections 50]
 *                    [--login-duration 5] [--pg-affinity server|free] [--build-console]
 *                    [--upload-mb 1024] [--skip-upload | --upload-only] [--skip-browser | --browser-only]
 *
 * For each dialect: a fresh temp DATA_DIR (PostgreSQL: a throwaway server from scripts/pg.mjs), the
 * demo data of `npm run seed:demo -- --scale N` seeded with seedDemo (scale 100: 100,000 patients,
 * 5,000 CHWs, 2,000 doctors, 1,000,000 appointments, 200,000 form submissions, 5,000 admins), then
 * the real server as a child process pinned to core 0 while this process (autocannon) runs on core 1.
 * The requests are the data provider's own (src/providers/dataProvider.ts: LIST_PATHS, listQuery and
 * query-string's sorted keys). On SQLite, a bare Fastify + better-sqlite3 endpoint (bench/bare.ts)
 * then serves the same pages over the same file, pinned the same way: the limit ours is divided by.
 * Last, a chunked upload of a 1 GB MP4 (bench/upload.ts) to a server on an empty SQLite DATA_DIR:
 * MB/s and the server's memory while the file grows (--skip-upload leaves it out).
 * The console in headless Chromium (bench/browser.ts) on the SQLite run: bytes before the sign-in form,
 * sign-in to the dashboard drawn, a cached second visit, the switch to Arabic, a patient saved and the booking
 * calendar opened (--skip-browser leaves it out; --browser-only
 * runs only it, on a server with the demo data at scale 1 unless --scale says otherwise).
 * `--only dashboard` (words, comma-separated) runs only the calls whose name contains one, and no browser or upload.
 * Every request goes to 127.0.0.1 only, and every run is bounded in time.
 * Prints a table and writes bench/results.json.
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
import { DEMO_PASSWORD, prepareAndSeedDemo } from '../server/src/seeds/demo';
import { benchChunkedUpload, type UploadBenchResult } from './upload';
import { benchConsoleInBrowser, browserBenchAvailable, type BrowserBenchResult } from './browser';

const ROOT = path.resolve(__dirname, '..');
const HOST = '127.0.0.1';
const ADMIN_EMAIL = 'bench-root@example.org';
const ADMIN_PASSWORD = 'bench-root-password-1';

type DialectName = 'sqlite' | 'postgres';

interface Options {
  dialects: DialectName[];
  scale: number;
  duration: number;
  connections: number;
  loginDuration: number;
  /** seconds of each read's second run on one connection (a user alone: its p50); 0: none */
  aloneDuration: number;
  pgAffinity: 'server' | 'free';
  buildConsole: boolean;
  /** size of the chunked upload's file, MB; 0: no upload benchmark */
  uploadMb: number;
  /** the console in headless Chromium (bytes on the wire, sign-in to dashboard) */
  browser: boolean;
  /** only the calls whose name contains one of these words (--only dashboard,login); empty: all */
  only: string[];
  /** only the console in Chromium, on a server of its own */
  browserOnly: boolean;
  /** an already seeded SQLite DATA_DIR (seed:demo with the bench's admin), used in place of a fresh one: no seeding */
  dataDir: string | null;
  /** PostgreSQL: an already seeded database (with --data-dir, the DATA_DIR it was seeded with), used in place of a throwaway one: no seeding */
  databaseUrl: string | null;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { dialects: ['sqlite'], scale: 100, duration: 5, connections: 50, loginDuration: 5, aloneDuration: 3, pgAffinity: 'server', buildConsole: false, uploadMb: 1024, browser: true, only: [], browserOnly: false, dataDir: null, databaseUrl: null };
  let scaleGiven = false;
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
      case '--scale': o.scale = num('--scale', next(), 0.1, 2000); scaleGiven = true; break;
      case '--duration': o.duration = num('--duration', next(), 1, 300); break;
      case '--connections': o.connections = Math.round(num('--connections', next(), 1, 500)); break;
      case '--login-duration': o.loginDuration = num('--login-duration', next(), 1, 60); break;
      case '--alone-duration': o.aloneDuration = num('--alone-duration', next(), 0, 60); break;
      case '--pg-affinity': {
        const a = next();
        if (a !== 'server' && a !== 'free') throw new Error('--pg-affinity must be server (PostgreSQL on the server\'s core) or free');
        o.pgAffinity = a;
        break;
      }
      case '--build-console': o.buildConsole = true; break;
      case '--upload-mb': o.uploadMb = Math.round(num('--upload-mb', next(), 5, 4096)); break;
      case '--skip-upload': o.uploadMb = 0; break;
      case '--skip-browser': o.browser = false; break;
      case '--only': {
        o.only = (next() ?? '').split(',').map((w) => w.trim()).filter(Boolean);
        if (!o.only.length) throw new Error('--only needs words of the calls to run, e.g. --only dashboard');
        // the calls alone: no browser, no upload
        o.browser = false;
        o.uploadMb = 0;
        break;
      }
      case '--upload-only': o.dialects = []; break;
      case '--data-dir': {
        o.dataDir = path.resolve(next() ?? '');
        break;
      }
      case '--database-url': {
        const url = next() ?? '';
        if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`--database-url must be a postgres:// URL, got "${url}"`);
        o.databaseUrl = url;
        o.dialects = ['postgres'];
        break;
      }
      case '--browser-only': o.browserOnly = true; break;
      case '--help': case '-h':
        console.log('npm run bench -- [--dialect sqlite|postgres|both] [--scale 100] [--duration 5] [--connections 50] [--login-duration 5] [--alone-duration 3] [--pg-affinity server|free] [--build-console] [--upload-mb 1024] [--skip-upload | --upload-only] [--skip-browser | --browser-only] [--data-dir DIR]');
        console.log('  --data-dir DIR: a SQLite DATA_DIR seeded before (ADMIN_EMAIL=bench-root@example.org ADMIN_PASSWORD=bench-root-password-1 npm run seed:demo -- --scale N), used as it is');
        console.log('  --database-url URL --data-dir DIR: a PostgreSQL database seeded before (DATABASE_URL=URL DATA_DIR=DIR and the same admin), used as it is');
        console.log('  --only word[,word]: only the calls whose name contains a word (e.g. --only dashboard), without the browser and the upload');
        process.exit(0);
      // eslint-disable-next-line no-fallthrough
      default: throw new Error(`unknown argument "${arg}" (try --help)`);
    }
  }
  if (o.databaseUrl) {
    if (!o.dataDir) throw new Error('--database-url needs --data-dir, the DATA_DIR the database was seeded with');
  } else if (o.dataDir) {
    if (o.dialects.length !== 1 || o.dialects[0] !== 'sqlite') throw new Error('--data-dir alone is a SQLite DATA_DIR: use it with --dialect sqlite (or --database-url for PostgreSQL)');
    if (!existsSync(path.join(o.dataDir, 'app.db'))) throw new Error(`--data-dir: no app.db in ${o.dataDir}`);
  }
  if (o.browserOnly) {
    if (!o.browser) throw new Error('--browser-only and --skip-browser exclude each other');
    o.dialects = [];
    o.uploadMb = 0;
    if (!scaleGiven) o.scale = 1;
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
    env: { ...process.env, PUBLIC_URL: `http://${HOST}:${port}`, ...env, PORT: String(port), HOST, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
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
  warmup?: boolean;
}

interface Row {
  scenario: string;
  dialect: DialectName;
  reqPerSec: number;
  p50: number;
  /** autocannon reports no p95: p97.5 bounds it from above */
  p975: number;
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
  /** a read's latency on one connection (a user alone, after the run at --connections): p50 and p99, ms; absent for a write or a run on one connection */
  aloneP50?: number;
  aloneP99?: number;
  /** whether every request of that run was answered, with a 2xx */
  aloneClean?: boolean;
}

/** A read (every request a GET) run on more than one connection: it is also run on one, for a user's latency alone. */
const isSharedRead = (s: Scenario, opts: Options): boolean =>
  (s.connections ?? opts.connections) > 1 && (s.options.method ?? 'GET') === 'GET' && !(s.options.requests ?? []).some((r) => r.method !== undefined && r.method !== 'GET');

/** A refusal of the server's API, with its status. */
class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

async function api(base: string, method: string, p: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: any; message: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!res.ok) throw new ApiError(`${method} ${p}: ${res.status} ${json.message}`, res.status);
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
    await autocannon({ ...base, duration: Math.min(1, Number(base.duration ?? 1)) });
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
    result = await autocannon(base);
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
  let alone: Pick<Row, 'aloneP50' | 'aloneP99' | 'aloneClean'> = {};
  if (opts.aloneDuration > 0 && isSharedRead(s, opts)) {
    // the same calls, one at a time: what one user waits when nobody else works (warmed by the run above)
    await settle(server);
    const one = await autocannon({ ...base, connections: 1, duration: opts.aloneDuration });
    alone = { aloneP50: one.latency.p50, aloneP99: one.latency.p99, aloneClean: one.requests.total > 0 && one.non2xx === 0 && one.errors + one.timeouts === 0 };
  }
  return {
    ...alone,
    scenario: s.name,
    reqPerSec: Math.round(requests / result.duration),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
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

/** A query string as the console's http client builds it: query-string's defaults (keys sorted), no empty values. */
function qs(query: Record<string, string | number | boolean | undefined>): string {
  return Object.keys(query)
    .filter((k) => query[k] !== undefined && query[k] !== '')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`)
    .join('&');
}

/** listQuery of the data provider: filter (q becomes search), sort (numeric_id becomes id), page, per_page */
const listUrl = (path: string, o: { page?: number; perPage?: number; sort: string; order: 'asc' | 'desc'; filter?: Record<string, string | number | boolean | undefined> }) =>
  `/api/admin/${path}?${qs({ ...o.filter, sort: o.sort, order: o.order, page: o.page ?? 1, per_page: o.perPage ?? 25 })}`;

/** Requests taking turns among a list of paths (each connection keeps its own turn). */
const rotating = (paths: string[]): Partial<autocannon.Options> => {
  let n = 0;
  return { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }] };
};

/** The console's scenarios; the bare endpoint's come after them on SQLite. */
async function scenarios(server: Server, opts: Options): Promise<{ list: Scenario[]; deep: Deep }> {
  const root = await api(server.url, 'POST', '/api/admin/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember_me: false }).catch((error: Error) => {
    // a folder seeded before holds the admin its seeding was given
    if (opts.dataDir && error instanceof ApiError && [401, 403, 422].includes(error.status)) {
      throw new Error(`--data-dir ${opts.dataDir}: the bench's admin cannot sign in there (${error.message}); seed the folder with ADMIN_EMAIL=${ADMIN_EMAIL} ADMIN_PASSWORD=${ADMIN_PASSWORD} npm run seed:demo -- --scale N`);
    }
    throw error;
  });
  const auth = { authorization: `Bearer ${root.token}`, accept: 'application/json' };
  const get = (p: string) => api(server.url, 'GET', p, root.token);

  // the admin list: react-admin's default sort (id ASC), on behalf of the signed-in admin
  const adminList = (page: number) => listUrl(`admins/admin/${encodeURIComponent(root.encrypted_id)}`, { page, sort: 'id', order: 'asc' });
  const firstAdmins = await get(adminList(1));
  const adminPages = Math.max(1, Math.ceil((firstAdmins.total as number) / 25));
  // sign-in is throttled per account and client address (5 attempts in flight or failed a minute): one active account a connection
  const accounts = (firstAdmins.data as { email: string; status: number }[]).filter((a) => a.status === 1).map((a) => a.email).slice(0, 10);
  let accountNo = 0;
  const loginBody = (context: object) => {
    const c = context as { email?: string };
    c.email ??= accounts[accountNo++ % accounts.length]!;
    return JSON.stringify({ email: c.email, password: DEMO_PASSWORD, remember_me: false });
  };
  const adminDeep = Math.max(1, Math.floor(adminPages * 0.9));

  // patients: the list's sort (created_at DESC), a search, a date range (the DateRangeFilter adds isFiltered)
  const patientList = (page: number, filter?: Record<string, string | number | boolean>) => listUrl('app-users', { page, sort: 'created_at', order: 'desc', filter });
  const firstPatients = await get(patientList(1));
  const patientPages = Math.max(1, Math.ceil((firstPatients.total as number) / 25));
  const patientDeep = Math.max(1, Math.floor(patientPages * 0.9));
  const dates = (firstPatients.data as { created_at: string }[]).map((r) => r.created_at.slice(0, 10)).sort();
  const end = dates[dates.length - 1] ?? new Date().toISOString().slice(0, 10);
  const start = new Date(Date.parse(end) - 30 * 86_400_000).toISOString().slice(0, 10);
  const dateFilter = { start_date: start, end_date: end, isFiltered: true };
  // the district of the first patient placed in one, as the list's district filter names it
  const district = (firstPatients.data as { district_id?: number | null }[]).map((p) => p.district_id).find((d) => typeof d === 'number') ?? 1;

  // a patient's profile: getOne, then the tabs' getList calls (PatientProfile.tsx: ClinicalTimeline x3, FamilyProfile)
  const profiles = (firstPatients.data as { id: number; encrypted_id: string }[]).map((p) => [
    `/api/admin/app-users/${encodeURIComponent(p.encrypted_id)}`,
    listUrl('medical-histories', { perPage: 200, sort: 'from_date', order: 'desc', filter: { paginate: false, patient_id: p.id } }),
    listUrl('appointments', { perPage: 200, sort: 'date', order: 'desc', filter: { paginate: false, patient_id: p.id } }),
    listUrl('prescriptions', { perPage: 200, sort: 'from_date', order: 'desc', filter: { paginate: false, patient_id: p.id } }),
    listUrl('family-members', { perPage: 1000, sort: 'created_at', order: 'asc', filter: { paginate: false, parent_id: p.id } }),
  ]);
  if (profiles.length === 0) throw new Error('no patients were seeded');
  let profileNo = 0;
  const profileStep = (i: number) => ({
    method: 'GET' as const,
    setupRequest: (req: autocannon.Request, context: object) => {
      const c = context as { profile?: string[] };
      if (i === 0) c.profile = profiles[profileNo++ % profiles.length];
      return { ...req, path: c.profile![i]! };
    },
  });

  // the FHIR API: the same token, its own media type; the first page's patients by their FHIR ids (the encrypted id, `_` as `.`)
  const fhir = { authorization: `Bearer ${root.token}`, accept: 'application/fhir+json' };
  const fhirPatients = (firstPatients.data as { encrypted_id: string }[]).map((p) => p.encrypted_id.replaceAll('_', '.'));

  let created = 0;
  const runTag = Date.now().toString(36);
  const list: Scenario[] = [
    {
      name: 'admins, pages 1-3',
      what: `GET ${adminList(1)} (pages 1, 2, 3 in turn): the admin list as the console asks for it`,
      path: adminList(1),
      options: { headers: auth, ...rotating([1, 2, 3].map(adminList)) },
    },
    {
      name: `admins, page ${adminDeep}`,
      what: `GET ${adminList(adminDeep)}: a deep page (90% of ${adminPages})`,
      path: adminList(adminDeep),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'patients, page 1',
      what: `GET ${patientList(1)}`,
      path: patientList(1),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: `patients, page ${patientDeep}`,
      what: `GET ${patientList(patientDeep)}: a deep page (90% of ${patientPages}, OFFSET ${(patientDeep - 1) * 25})`,
      path: patientList(patientDeep),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'patients, search',
      what: `GET ${patientList(1, { search: 'khan' })} and ${SEARCH_TERMS.slice(1).map((q) => `"${q}"`).join(', ')} in turn (names, a phone prefix, a rare email)`,
      path: patientList(1, { search: 'khan' }),
      options: { headers: auth, ...rotating(SEARCH_TERMS.map((q) => patientList(1, { search: q }))) },
    },
    {
      name: 'patients, search "ali"',
      what: `GET ${patientList(1, { search: 'ali' })}: one common name alone (5,107 of 100,000 patients), counted exactly`,
      path: patientList(1, { search: 'ali' }),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'patients, search in a district',
      what: `GET ${patientList(1, { search: 'khan', district_id: district })} and "ali", "0300", "fatima" in turn: the search with the list's district filter (a patient's district is in their profile)`,
      path: patientList(1, { search: 'khan', district_id: district }),
      options: { headers: auth, ...rotating(['khan', 'ali', '0300', 'fatima'].map((q) => patientList(1, { search: q, district_id: district }))) },
    },
    {
      name: 'app-bar search',
      what: 'GET /api/admin/search?q= "khan", "ali", "0300", "fatima" in turn: patients, doctors, CHWs, admins, campaigns and forms, five of each',
      path: '/api/admin/search?q=khan',
      options: { headers: auth, ...rotating(['khan', 'ali', '0300', 'fatima'].map((q) => `/api/admin/search?q=${q}`)) },
    },
    {
      name: 'patients, date range',
      what: `GET ${patientList(1, dateFilter)}`,
      path: patientList(1, dateFilter),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'patient profile (5 calls)',
      what: `a patient's profile, 25 patients in turn: GET /api/admin/app-users/{encrypted_id}, then ${profiles[0]!.slice(1).map((u) => u.replace(/patient_id=\d+|parent_id=\d+/, (m) => `${m.split('=')[0]}={id}`)).join(', ')}; req/s counts calls (profiles/s = req/s / 5)`,
      path: profiles[0]![0]!,
      options: { headers: auth, requests: [0, 1, 2, 3, 4].map(profileStep) },
    },
    {
      name: 'dashboard',
      what: 'GET /api/admin/dashboard (getDashboard): totals, the cities chart, twelve months of appointments',
      path: '/api/admin/dashboard',
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'dashboard, 1 connection',
      what: 'GET /api/admin/dashboard one at a time: its latency alone',
      path: '/api/admin/dashboard',
      connections: 1,
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'appointments',
      what: `GET ${listUrl('appointments', { sort: 'date', order: 'desc' })}: the appointments list (1,000,000 at scale 100)`,
      path: listUrl('appointments', { sort: 'date', order: 'desc' }),
      options: { headers: auth, method: 'GET' },
    },
    // the FHIR API's searches of the same records (server/src/fhir: they read through the same lists)
    {
      name: 'FHIR Patient, page 1',
      what: 'GET /fhir/Patient?_count=25: the patients list\'s first page as a searchset Bundle (and the family members\' kept count, the second source)',
      path: '/fhir/Patient?_count=25',
      options: { headers: fhir, method: 'GET' },
    },
    {
      name: 'FHIR Patient, name search',
      what: `GET /fhir/Patient?name= ${FHIR_NAMES.map((q) => `"${q}"`).join(', ')} in turn: a name part starting with it, through the patients' search index`,
      path: `/fhir/Patient?name=${FHIR_NAMES[0]}&_count=25`,
      options: { headers: fhir, ...rotating(FHIR_NAMES.map((q) => `/fhir/Patient?name=${q}&_count=25`)) },
    },
    {
      name: 'FHIR Appointment, page 1',
      what: 'GET /fhir/Appointment?_count=25: the appointments list\'s first page as a searchset Bundle',
      path: '/fhir/Appointment?_count=25',
      options: { headers: fhir, method: 'GET' },
    },
    {
      name: 'FHIR Appointment, a patient\'s',
      what: 'GET /fhir/Appointment?patient={id}, 25 patients in turn (the profile\'s appointments tab asks the console\'s list the same)',
      path: `/fhir/Appointment?patient=${fhirPatients[0]}`,
      options: { headers: fhir, ...rotating(fhirPatients.map((id) => `/fhir/Appointment?patient=${id}`)) },
    },
    {
      name: 'tasks',
      what: `GET ${listUrl('tasks', { sort: 'created_at', order: 'desc' })}`,
      path: listUrl('tasks', { sort: 'created_at', order: 'desc' }),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'user-messages',
      what: `GET ${listUrl('user-messages', { sort: 'created_at', order: 'desc' })}`,
      path: listUrl('user-messages', { sort: 'created_at', order: 'desc' }),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'dynamic-forms',
      what: `GET ${listUrl('dynamic-forms', { sort: 'created_at', order: 'desc' })}`,
      path: listUrl('dynamic-forms', { sort: 'created_at', order: 'desc' }),
      options: { headers: auth, method: 'GET' },
    },
    {
      name: 'create district',
      what: 'POST /api/admin/districts {title, created_by} with unique titles, as the console creates (insert + audit row in one transaction, then re-read)',
      path: '/api/admin/districts',
      options: {
        headers: { ...auth, 'content-type': 'application/json' },
        requests: [{
          method: 'POST',
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: `Bench district ${runTag}-${++created}`, created_by: root.id }) }),
        }],
      },
    },
    {
      name: 'login, 1 connection',
      what: 'POST /api/admin/login {email, password, remember_me} one at a time: argon2id verify (m=19456 KiB, t=2, p=1) + token insert + audit',
      duration: opts.loginDuration,
      connections: 1,
      warmup: false,
      path: '/api/admin/login',
      options: { headers: { 'content-type': 'application/json' }, method: 'POST', body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember_me: false }) },
    },
    {
      name: 'login, 10 connections',
      what: 'the same login, 10 at a time, 10 demo admins (one a connection: the throttle allows 5 attempts in flight per account); argon2 runs in libuv\'s threads, all on the server\'s one core',
      duration: opts.loginDuration,
      connections: Math.min(10, accounts.length),
      warmup: false,
      path: '/api/admin/login',
      options: { headers: { 'content-type': 'application/json' }, requests: [{ method: 'POST', setupRequest: (req, context) => ({ ...req, body: loginBody(context) }) }] },
    },
  ];
  return { list, deep: { admins: adminDeep, patients: patientDeep } };
}

/** The searches of "patients, search": common names, a phone prefix, and an email only one patient has. */
const SEARCH_TERMS = ['khan', 'ali', '0300', 'fatima', 'p4711@'];
/** The names of "FHIR Patient, name search": a first name's start, a family name, a first name. */
const FHIR_NAMES = ['ali', 'khan', 'fatima'];
/**
 * Each FHIR page and the console's list of the same page it is weighed against. The name search has no
 * twin: FHIR's `name` (a name part starting with the value, and the exact count of those) asks more than
 * the search box (the text containing it anywhere, counted in the search index alone).
 */
const FHIR_BESIDE: Record<string, string> = {
  'FHIR Patient, page 1': 'patients, page 1',
  'FHIR Appointment, page 1': 'appointments',
};

/** The deep pages of this run (90% of the pages). */
interface Deep {
  admins: number;
  patients: number;
}

/** The same pages as ours, served by bench/bare.ts: the limit each of ours is divided by. */
const bareScenarios = (deep: Deep): Scenario[] => {
  const bare = (name: string, what: string, paths: string[]): Scenario => ({ name: `bare: ${name}`, what: `bench/bare.ts GET ${paths[0]}${paths.length > 1 ? ' (and the others in turn)' : ''}: ${what}, no auth, no enrichment`, path: paths[0]!, options: paths.length > 1 ? rotating(paths) : { method: 'GET' } });
  return [
    bare('admins, pages 1-3', 'the kept total and 25 rows', [1, 2, 3].map((n) => `/bare/admins?page=${n}`)),
    bare(`admins, page ${deep.admins}`, 'the kept total and 25 rows', [`/bare/admins?page=${deep.admins}`]),
    bare('patients, page 1', 'the kept total and 25 rows', ['/bare/patients?page=1']),
    bare(`patients, page ${deep.patients}`, 'the kept total and 25 rows, by OFFSET', [`/bare/patients?page=${deep.patients}`]),
    bare('patients, search', 'the exact count from the patients\' FTS5 table and the first 25 matches newest first', SEARCH_TERMS.map((q) => `/bare/patients?search=${encodeURIComponent(q)}`)),
    bare('patients, search "ali"', 'the exact count from the patients\' FTS5 table and the first 25 matches newest first', ['/bare/patients?search=ali']),
    bare('appointments', 'the kept total and 25 rows', ['/bare/appointments?page=1']),
    bare('tasks', 'the kept total and 25 rows', ['/bare/tasks?page=1']),
  ];
};

/** The scenarios --only asks for (all without it). */
const picked = (list: Scenario[], opts: Options) => (opts.only.length ? list.filter((s) => opts.only.some((w) => s.name.includes(w))) : list);

// ------------------------------------------------------------------------------------------ a dialect

interface PgHandle {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** PostgreSQL's server and its processes on core 0: backends fork from the postmaster after this, so they inherit it too. */
function pinPostgres(postmaster: number): void {
  if (!pin(postmaster, '0')) console.log('[bench] could not pin PostgreSQL to core 0');
  for (const line of execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)]).toString().trim().split('\n')) {
    if (line.trim()) pin(Number(line.trim()), '0');
  }
}

/** The postmaster listening on a local port (a database seeded before), or null. */
function postmasterOf(host: string, port: number): number | null {
  try {
    const out = execFileSync('ps', ['-eo', 'pid=,args=']).toString();
    for (const line of out.split('\n')) {
      const m = /^\s*(\d+)\s+\S*postgres\b.*-p\s+(\d+)/.exec(line);
      if (m && Number(m[2]) === port && /^(127\.0\.0\.1|localhost)$/.test(host)) return Number(m[1]);
    }
  } catch {
    // no ps: not pinned, PostgreSQL's CPU not told apart
  }
  return null;
}

async function benchDialect(dialect: DialectName, opts: Options, argv: string[]): Promise<{ rows: Row[]; seedMs: number; counts: Record<string, number>; serverHwmMb: number; what: Record<string, string>; browser: BrowserBenchResult | null }> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `bench-${dialect}-`));
  if (!opts.dataDir) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let pg: PgHandle | null = null;
  let postmaster: number | null = null;
  if (dialect === 'postgres' && opts.databaseUrl) {
    // seeded before: its server's postmaster pinned as a throwaway one is
    const { hostname, port } = new URL(opts.databaseUrl);
    pg = { url: opts.databaseUrl, dataDir: '', stop: async () => undefined } as unknown as PgHandle;
    postmaster = postmasterOf(hostname, Number(port || 5432));
    if (postmaster && opts.pgAffinity === 'server') pinPostgres(postmaster);
  } else if (dialect === 'postgres') {
    const mod = (await import(pathToFileURL(path.join(ROOT, 'scripts/pg.mjs')).href)) as { startThrowawayPostgres(): Promise<PgHandle> };
    pg = await mod.startThrowawayPostgres();
    const handle = pg;
    cleanups.push(() => void handle.stop()); // synchronous inside, so it also works from 'exit'
    postmaster = Number(readFileSync(path.join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (opts.pgAffinity === 'server') pinPostgres(postmaster);
  }
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, ...(pg ? { DATABASE_URL: pg.url } : {}) };
  const run = async (server: Server, list: Scenario[], rows: Row[]) => {
    for (const s of list) {
      process.stdout.write(`[bench] ${dialect}: ${s.name} ... `);
      const r = await runScenario(server, s, opts);
      console.log(`${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : ''}${r.aloneP50 !== undefined ? `; alone p50 ${r.aloneP50} ms, p99 ${r.aloneP99} ms` : ''}`);
      rows.push({ ...r, dialect });
    }
  };
  try {
    const config = loadConfig({ ...env, LOG_LEVEL: 'warn' });
    let seed: Awaited<ReturnType<typeof prepareAndSeedDemo>> | { ms: number; passwordHash: string };
    if (opts.dataDir) {
      console.log(`\n[bench] ${dialect}: the data already seeded in ${opts.dataDir} (not seeded here: no seeding time)`);
      seed = { ms: Number.NaN, passwordHash: '' };
    } else {
      console.log(`\n[bench] ${dialect}: seeding the demo data at scale ${opts.scale} ...`);
      seed = await prepareAndSeedDemo(config, { scale: opts.scale, log: (line) => console.log(`[bench]   ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`) });
      console.log(`[bench] ${dialect}: seeded in ${(seed.ms / 1000).toFixed(1)} s; starting the server`);
    }
    const { passwordHash: _hash, ms: _ms, ...counts } = seed;
    const rows: Row[] = [];
    let serverHwmMb = 0;
    const server = await startServer(argv, env, postmaster);
    let deep: Deep = { admins: 1, patients: 1 };
    let browser: BrowserBenchResult | null = null;
    const what: Record<string, string> = {};
    try {
      const s = await scenarios(server, opts);
      deep = s.deep;
      for (const x of s.list) what[x.name] = x.what;
      await run(server, picked(s.list, opts), rows);
      serverHwmMb = Math.round(procStatusKb(server.pid, 'VmHWM') / 1024);
      if (dialect === 'sqlite' && opts.browser) {
        if (!browserBenchAvailable()) console.log('[bench] no Chromium (apt-get install chromium): the console is not measured in a browser');
        else {
          process.stdout.write('[bench] sqlite: the console in Chromium (5 sign-ins typed once the page is idle, 3 submitted at once) ... ');
          browser = await benchConsoleInBrowser(server.url, ADMIN_EMAIL, ADMIN_PASSWORD, 5, 3);
          console.log(`sign-in to dashboard ${browser.loginToDashboardMedianMs} ms median`);
        }
      }
    } finally {
      await server.stop();
    }
    if (picked(bareScenarios(deep), opts).length) {
      // the limit: the same pages from a bare Fastify + better-sqlite3 (or pg) endpoint over the same database
      const bareArgs = dialect === 'sqlite' ? ['bench/bare.ts', path.join(dataDir, 'app.db')] : ['bench/barePg.ts', pg!.url];
      const bare = await startServer([process.execPath, '--import', 'tsx', path.join(ROOT, bareArgs[0]!), bareArgs[1]!], {}, postmaster);
      try {
        const list = picked(bareScenarios(deep), opts);
        for (const x of list) what[x.name] = x.what;
        await run(bare, list, rows);
      } finally {
        await bare.stop();
      }
    }
    return { rows, seedMs: seed.ms, counts, serverHwmMb, what, browser };
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
  // req/s per server core: on a shared machine the server may get less than its core (see other CPU %)
  const head = ['scenario', 'dialect', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors/non-2xx', 'bytes/resp', 'server CPU %', 'req/s per core', 'db CPU %', 'other CPU %', 'peak RSS MB', 'p50 alone ms'];
  const body = rows.map((r) => [
    r.scenario, r.dialect, String(r.reqPerSec), r.requests ? String(r.p50) : 'none done', r.requests ? String(r.p975) : '-', r.requests ? String(r.p99) : '-', `${r.errors}/${r.non2xx}`,
    String(r.bytesPerReq), String(r.serverCpu), r.serverCpu ? String(Math.round((100 * r.reqPerSec) / (r.serverCpu + r.dbCpu))) : '-', r.dialect === 'postgres' ? String(r.dbCpu) : '-', String(r.otherCpu), String(r.peakRssMb),
    r.aloneP50 !== undefined ? String(r.aloneP50) : '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}

/** Ours divided by the bare endpoint's, for the pages both serve (same run, same file, same core). */
function versusBare(rows: Row[]): { ours: string; bare: string; reqPerSec: number; p50: number }[] {
  const out: { ours: string; bare: string; reqPerSec: number; p50: number }[] = [];
  for (const b of rows.filter((r) => r.scenario.startsWith('bare: '))) {
    const ours = rows.find((r) => r.dialect === b.dialect && r.scenario === b.scenario.slice('bare: '.length));
    if (!ours || !b.reqPerSec) continue;
    out.push({ ours: ours.scenario, bare: b.scenario, reqPerSec: ours.reqPerSec / b.reqPerSec, p50: b.p50 ? ours.p50 / b.p50 : 0 });
  }
  return out;
}

interface Goal {
  goal: string;
  scenario: string;
  dialect: DialectName;
  figure: string;
  met: boolean;
}

/** The issue's goals, checked against this run's rows. */
function goals(rows: Row[], seeding: Record<string, { seedMs: number }>, scale: number): Goal[] {
  const out: Goal[] = [];
  const add = (goal: string, pick: (r: Row) => boolean, test: (r: Row) => [boolean, string]) => {
    for (const r of rows.filter(pick)) {
      const [met, figure] = test(r);
      out.push({ goal, scenario: r.scenario, dialect: r.dialect, figure, met });
    }
  };
  const bareOf = (r: Row) => rows.find((b) => b.dialect === r.dialect && b.scenario === `bare: ${r.scenario}`);
  const ratio = (r: Row) => {
    const b = bareOf(r);
    return b && b.reqPerSec ? r.reqPerSec / b.reqPerSec : null;
  };
  const versus = (r: Row) => {
    const x = ratio(r);
    return x === null ? 'no bare figure' : `${x.toFixed(2)} of the bare endpoint's ${bareOf(r)!.reqPerSec}`;
  };
  const ours = (r: Row) => !r.scenario.startsWith('bare');
  const deepPage = (r: Row) => ours(r) && /^(admins|patients), page \d+$/.test(r.scenario) && !r.scenario.endsWith(', page 1');
  const paged = (r: Row) => ours(r) && !deepPage(r) && (/^(admins|patients), page/.test(r.scenario) || r.scenario === 'admins, pages 1-3' || ['tasks', 'appointments', 'user-messages', 'dynamic-forms', 'patients, date range'].includes(r.scenario));
  // a call none of whose requests was answered within the run is not clean: autocannon counts no timeout
  // for what is still in flight when the run ends, so such a row has no errors and a p99 of 0
  const clean = (r: Row) => r.requests > 0 && r.non2xx === 0 && r.errors === 0;
  // on SQLite against the bare endpoint of the same run; PostgreSQL against SQLite (below)
  add('paged list: ratio >= 0.7 to bare, p99 < 50 ms', (r) => paged(r) && r.dialect === 'sqlite', (r) => [(ratio(r) ?? 0) >= 0.7 && r.p99 < 50 && clean(r), `${r.reqPerSec} req/s (${versus(r)}), p99 ${r.p99} ms`]);
  add('paged list p99 < 50 ms', (r) => paged(r) && r.dialect === 'postgres', (r) => [r.p99 < 50 && clean(r), `${r.reqPerSec} req/s, p99 ${r.p99} ms`]);
  add('deep page p99 < 100 ms', deepPage, (r) => [r.p99 < 100 && clean(r), `${r.reqPerSec} req/s${r.dialect === 'sqlite' ? ` (${versus(r)})` : ''}, p50 ${r.p50} ms, p99 ${r.p99} ms`]);
  // each dialect's search against its bare endpoint over the same names (FTS5 on SQLite, pg_trgm on PostgreSQL)
  add('search: ratio >= 1 to bare, p99 < 100 ms', (r) => r.scenario.startsWith('patients, search') && bareOf(r) !== undefined, (r) => [(ratio(r) ?? 0) >= 1 && r.p99 < 100 && clean(r), `${r.reqPerSec} req/s (${versus(r)}), p99 ${r.p99} ms`]);
  add('search p99 < 100 ms', (r) => r.scenario.startsWith('patients, search') && bareOf(r) === undefined, (r) => [r.p99 < 100 && clean(r), `${r.reqPerSec} req/s, p99 ${r.p99} ms`]);
  add('app-bar search p99 < 100 ms', (r) => r.scenario === 'app-bar search', (r) => [r.reqPerSec > 0 && r.p99 < 100 && clean(r), `${r.reqPerSec} req/s, p99 ${r.p99} ms`]);
  const versusSqlite = (least: number) => (r: Row): [boolean, string] => {
    const lite = rows.find((x) => x.dialect === 'sqlite' && x.scenario === r.scenario);
    if (!lite || !lite.reqPerSec) return [false, 'no SQLite figure in this run'];
    const x = r.reqPerSec / lite.reqPerSec;
    return [x >= least, `${x.toFixed(2)} of SQLite's ${lite.reqPerSec} req/s`];
  };
  add('PostgreSQL lists >= 0.7 of SQLite', (r) => r.dialect === 'postgres' && (paged(r) || deepPage(r)), versusSqlite(0.7));
  add('PostgreSQL search >= half of SQLite', (r) => r.dialect === 'postgres' && r.scenario.startsWith('patients, search'), versusSqlite(0.5));
  add('FHIR search >= half of the console list of the same records', (r) => r.scenario in FHIR_BESIDE, (r) => {
    const list = rows.find((x) => x.dialect === r.dialect && x.scenario === FHIR_BESIDE[r.scenario]);
    if (!list || !list.reqPerSec) return [false, `no "${FHIR_BESIDE[r.scenario]}" figure in this run`];
    const x = r.reqPerSec / list.reqPerSec;
    return [x >= 0.5 && clean(r), `${r.reqPerSec} req/s, ${x.toFixed(2)} of "${FHIR_BESIDE[r.scenario]}" (${list.reqPerSec}), p99 ${r.p99} ms`];
  });
  add('a user alone: p50 < 20 ms (every read)', (r) => ours(r) && r.aloneP50 !== undefined, (r) => [r.aloneP50! < 20 && r.aloneClean === true, `p50 ${r.aloneP50} ms on one connection (p99 ${r.aloneP99} ms)${r.aloneClean ? '' : ', errors or non-2xx answers'}`]);
  add('dashboard median < 100 ms', (r) => r.scenario.startsWith('dashboard'), (r) => [r.p50 < 100 && clean(r), `p50 ${r.p50} ms`]);
  add('create with audit >= 1,500/s', (r) => r.scenario === 'create district', (r) => [r.reqPerSec >= 1500 && clean(r), `${r.reqPerSec} req/s`]);
  add('login p95 < 250 ms', (r) => r.scenario.startsWith('login'), (r) => [r.p975 < 250 && clean(r), `p97.5 ${r.p975} ms`]);
  for (const [d, v] of Object.entries(seeding).filter(([, v]) => Number.isFinite(v.seedMs))) {
    // programme scale in 2 minutes on SQLite; a million patients (--scale 1000) in 15 on either
    if (scale >= 1000) out.push({ goal: 'a million patients seeded < 15 min', scenario: `seed:demo --scale ${scale}`, dialect: d as DialectName, figure: `${(v.seedMs / 60_000).toFixed(1)} min`, met: v.seedMs < 900_000 });
    else if (d === 'sqlite') out.push({ goal: 'seeding < 2 min (SQLite)', scenario: 'seed:demo', dialect: 'sqlite', figure: `${(v.seedMs / 1000).toFixed(1)} s`, met: v.seedMs < 120_000 });
  }
  return out;
}

/** The chunked upload on a server of its own over an empty SQLite DATA_DIR (no demo data: the files are the load). */
async function benchUpload(argv: string[], opts: Options): Promise<UploadBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  console.log(`\n[bench] upload: a ${opts.uploadMb} MB MP4 in 5 MB chunks to a fresh server`);
  const server = await startServer(argv, { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, UPLOAD_MAX_MB: String(Math.max(1024, opts.uploadMb)), UPLOAD_DAILY_MB: String(Math.max(4096, 2 * opts.uploadMb)) }, null);
  try {
    const root = await api(server.url, 'POST', '/api/admin/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember_me: false });
    await settle(server);
    return await benchChunkedUpload(server.url, server.pid, root.token as string, { fileMb: opts.uploadMb, dataDir });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The console in Chromium on a server of its own, over a fresh SQLite DATA_DIR with the demo data at --scale. */
async function benchBrowserOnly(argv: string[], opts: Options): Promise<BrowserBenchResult> {
  const consoleDir = process.env.CONSOLE_DIR ? path.resolve(process.env.CONSOLE_DIR) : path.join(ROOT, 'dist');
  const fresh = (await import(pathToFileURL(path.join(ROOT, 'scripts/freshness.mjs')).href)) as { consoleStale(): boolean };
  if (!process.env.CONSOLE_DIR && (opts.buildConsole || !existsSync(path.join(consoleDir, 'index.html')))) {
    console.log('[bench] building the console: npm run build:console');
    if (spawnSync('npm', ['run', 'build:console'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('build:console failed');
  } else if (!process.env.CONSOLE_DIR && fresh.consoleStale()) {
    console.log('[bench] dist/ is older than src/: run with --build-console for current figures');
  }
  if (!existsSync(path.join(consoleDir, 'index.html'))) throw new Error(`no console build at ${consoleDir}`);
  if (!browserBenchAvailable()) throw new Error('no Chromium (apt-get install chromium)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, CONSOLE_DIR: consoleDir };
  console.log(`\n[bench] browser: seeding the demo data at scale ${opts.scale}; the console from ${path.relative(ROOT, consoleDir) || '.'}`);
  await prepareAndSeedDemo(loadConfig({ ...env, LOG_LEVEL: 'warn' }), { scale: opts.scale, log: () => undefined });
  const server = await startServer(argv, env, null);
  try {
    process.stdout.write('[bench] the console in Chromium (5 sign-ins typed once the page is idle, 3 submitted at once) ... ');
    const result = await benchConsoleInBrowser(server.url, ADMIN_EMAIL, ADMIN_PASSWORD, 5, 3);
    console.log(`sign-in to dashboard ${result.loginToDashboardMedianMs} ms median`);
    return result;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printBrowser(b: BrowserBenchResult, waterfall: boolean) {
  console.log(`\nConsole in Chromium, bytes on the wire as sent (${b.compressed} documents, scripts and styles compressed):`);
  console.log(`  ${kb(b.beforeLoginBytes)} begun before the sign-in form's first paint at ${b.formPaintMs} ms (${kb(b.beforeLoginJsBytes)} of JS)`);
  console.log(`  ${kb(b.whileFormBytes)} fetched ahead while the form is shown (${kb(b.whileFormJsBytes)} of JS)`);
  console.log(`  ${kb(b.dashboardBytes)} from the submit to the dashboard (${kb(b.dashboardJsBytes)} of JS)`);
  console.log(`Sign-in submitted to the dashboard's charts drawn: ${b.loginToDashboardMedianMs} ms median (${b.loginToDashboardMs.join(', ')} ms) typed once the page is idle; ${b.immediateLoginToDashboardMedianMs} ms median (${b.immediateLoginToDashboardMs.join(', ')} ms) submitted as the form shows`);
  console.log(`A second visit, cached: ${kb(b.cachedVisitBytes)} in all, ${kb(b.cachedVisitJsBytes)} of JS`);
  console.log(`  the longest task of those sign-ins: ${b.loginLongestTaskMedianMs} ms median (${b.loginLongestTaskMs.join(', ')} ms)`);
  console.log(`Arabic chosen in the app bar to the dashboard drawn right to left: ${b.arabicSwitchMedianMs} ms median (${b.arabicSwitchMs.join(', ')} ms); the longest task meanwhile ${b.arabicSwitchLongestTaskMedianMs} ms median (${b.arabicSwitchLongestTaskMs.join(', ')} ms)`);
  console.log(`A patient saved (Submit on the edit form to "Successfully updated."): ${b.patientSaveMedianMs} ms median (${b.patientSaveMs.join(', ')} ms); the longest task meanwhile ${b.patientSaveLongestTaskMedianMs} ms median (${b.patientSaveLongestTaskMs.join(', ')} ms)`);
  console.log(`Book on a doctor's Upcoming tab to the calendar's open slots drawn: ${b.bookingCalendarMedianMs} ms median (${b.bookingCalendarMs.join(', ')} ms); the longest task meanwhile ${b.bookingCalendarLongestTaskMedianMs} ms median (${b.bookingCalendarLongestTaskMs.join(', ')} ms)`);
  if (waterfall) {
    console.log('\nAfter the submit (first run; ms after the click, bytes on the wire, 0 from the cache):');
    for (const w of b.waterfall) console.log(`  ${String(w.startMs).padStart(5)} → ${String(w.endMs).padStart(5)} ms ${String(w.bytes).padStart(8)} B  ${w.type.padEnd(6)} ${w.url.length > 90 ? `${w.url.slice(0, 87)}...` : w.url}`);
  }
}

/** The goals of the console in a browser. */
const browserGoals = (b: BrowserBenchResult): Goal[] => [
  { goal: 'at most 150 KB on the wire before the sign-in form', scenario: 'console, first visit', dialect: 'sqlite', figure: kb(b.beforeLoginBytes), met: b.beforeLoginBytes <= 150 * 1024 },
  { goal: 'sign-in to dashboard drawn under 1 s', scenario: 'console, Chromium', dialect: 'sqlite', figure: `${b.loginToDashboardMedianMs} ms median`, met: b.loginToDashboardMedianMs < 1000 },
  { goal: 'cached second visit under 5 KB of JS', scenario: 'console, second visit', dialect: 'sqlite', figure: kb(b.cachedVisitJsBytes), met: b.cachedVisitJsBytes < 5 * 1024 },
];

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (hasTaskset && !pin(process.pid, '1')) console.log('[bench] could not pin the bench process to core 1');
  if (!hasTaskset) console.log('[bench] taskset unavailable or a single core: nothing is pinned, figures are not comparable');
  const { argv, runner } = await serverCommand();
  const started = Date.now();
  if (opts.browserOnly) {
    const b = await benchBrowserOnly(argv, opts);
    printBrowser(b, true);
    console.log('\nGoals:');
    for (const g of browserGoals(b)) console.log(`  ${g.met ? 'met   ' : 'MISSED'} ${g.goal}: ${g.figure}`);
    const resultsFile = path.join(ROOT, 'bench/results.json');
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    } catch {
      // no full run yet
    }
    const date = new Date().toISOString();
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, browser: { ...b, scale: opts.scale, date, loadAverage: os.loadavg() } }, null, 2)}\n`);
    console.log(`\nThe run took ${Math.round((Date.now() - started) / 1000)} s (load average ${os.loadavg().map((n) => n.toFixed(1)).join(', ')}); wrote the browser figures into bench/results.json`);
    return;
  }
  console.log(`[bench] server: ${runner}; demo data at scale ${opts.scale}; ${opts.duration} s per scenario, ${opts.connections} connections`);

  const rows: Row[] = [];
  const perDialect: Record<string, { seedMs: number; counts: Record<string, number>; serverHwmMb: number }> = {};
  const what: Record<string, string> = {};
  let browser: BrowserBenchResult | null = null;
  for (const dialect of opts.dialects) {
    const r = await benchDialect(dialect, opts, argv);
    browser ??= r.browser;
    rows.push(...r.rows);
    perDialect[dialect] = { seedMs: r.seedMs, counts: r.counts, serverHwmMb: r.serverHwmMb };
    Object.assign(what, r.what);
  }
  const upload = opts.uploadMb > 0 ? await benchUpload(argv, opts) : null;
  const weight = opts.dialects.length && !opts.only.length ? await consoleWeight(opts) : null;

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
  console.log(`Server: ${runner}, ${machine.pinning}; demo data at scale ${opts.scale}; ${opts.duration} s per scenario (login ${opts.loginDuration} s), ${opts.connections} connections\n`);
  console.log(table(rows));
  for (const [d, v] of Object.entries(perDialect)) console.log(`\n${d}: ${Number.isFinite(v.seedMs) ? `seeded in ${(v.seedMs / 1000).toFixed(1)} s` : `seeded before (--data-dir)`}; server peak RSS (VmHWM) ${v.serverHwmMb} MB`);
  if (weight) {
    console.log(`\nConsole JS before the login screen: ${kb(weight.beforeLoginGzipBytes)} gzipped (level 9), ${kb(weight.beforeLoginRawBytes)} raw: ${weight.entry.join(', ')}`);
    console.log(`All console JS: ${kb(weight.totalJsGzipBytes)} gzipped, ${kb(weight.totalJsRawBytes)} raw, ${weight.jsFiles} files${weight.distStale ? ' (dist/ is older than src/: run with --build-console for current figures)' : ''}`);
  }
  if (browser) printBrowser(browser, false);
  const ratios = versusBare(rows);
  for (const r of ratios) console.log(`\nOurs / bare: "${r.ours}" ${r.reqPerSec.toFixed(2)} of the bare endpoint's req/s, p50 ${r.p50.toFixed(1)}x`);
  const checked = goals(rows, perDialect, opts.scale);
  if (upload) {
    checked.push({ goal: 'chunked upload >= 150 MB/s', scenario: `upload ${upload.fileMb} MB`, dialect: 'sqlite', figure: `${upload.mbPerSec} MB/s`, met: upload.goals.throughput.met });
    checked.push({ goal: 'upload RSS growth < 64 MB', scenario: `upload ${upload.fileMb} MB`, dialect: 'sqlite', figure: `+${upload.peakGrowthMb} MB (25/50/75/100 %: ${Object.values(upload.rssAtMb).join(' / ')} MB)`, met: upload.goals.memory.met });
  }
  if (browser) checked.push(...browserGoals(browser));
  console.log('\nGoals:');
  for (const g of checked) console.log(`  ${g.met ? 'met   ' : 'MISSED'} ${g.goal}: ${g.scenario} (${g.dialect}) ${g.figure}`);
  const runSeconds = Math.round((Date.now() - started) / 1000);
  console.log(`\nThe whole run took ${Math.floor(runSeconds / 60)} min ${runSeconds % 60} s`);
  const resultsFile = path.join(ROOT, 'bench/results.json');
  if (opts.only.length) {
    // --only: a partial run's rows go beside the last full run's, never in place of them
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    } catch {
      // no full run yet
    }
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, only: { machine, options: opts, server: runner, runSeconds, scenarios: what, results: rows, seeding: perDialect, goals: checked } }, null, 2)}\n`);
    console.log('\nWrote the figures of these calls into bench/results.json (under "only")');
    return;
  }
  if (!opts.dialects.length) {
    // --upload-only: the upload's figures go beside the last full run's
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    } catch {
      // no full run yet
    }
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, upload: upload ? { ...upload, machine, date: machine.date } : null }, null, 2)}\n`);
    console.log('\nWrote the upload figures into bench/results.json');
    return;
  }
  const full = { machine, options: opts, server: runner, runSeconds, scenarios: what, results: rows, versusBare: ratios, seeding: perDialect, upload, console: weight, browser };
  if (opts.scale !== 100) {
    // another scale (a million patients: --scale 1000) goes beside the programme-scale run, never in its place
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    } catch {
      // no full run yet
    }
    writeFileSync(resultsFile, `${JSON.stringify({ ...previous, [`scale${opts.scale}`]: { ...full, goals: checked } }, null, 2)}\n`);
    console.log(`\nWrote the figures of scale ${opts.scale} into bench/results.json (under "scale${opts.scale}")`);
    return;
  }
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ machine, options: opts, server: runner, runSeconds, scenarios: what, results: rows, versusBare: ratios, seeding: perDialect, upload, console: weight, browser, goals: { server: checked, console: { target: '< 250 KB gzipped JS before login', met: weight ? weight.beforeLoginGzipBytes < 250 * 1024 : null } } }, null, 2)}\n`,
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
