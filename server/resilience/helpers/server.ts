/**
 * The real server as a child process on a DATA_DIR (and a database) that outlive it: started, killed
 * with SIGKILL mid-work, started again on the same data. No console (the API only), SQLite unless
 * DATABASE_URL is given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';

export const ROOT = join(__dirname, '..', '..', '..');
export const ADMIN_EMAIL = 'root@example.org';
export const ADMIN_PASSWORD = 'Resilient-root-7';
/** one key for every server of a test, so that encrypted ids stay the same across restarts and restores */
export const APP_KEY = `base64:${Buffer.alloc(32, 11).toString('base64')}`;
const START_TIMEOUT_MS = 60_000;

/** A port nobody listens on right now (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** the server's process id (its memory is read from /proc) */
  pid: number;
  output(): string;
  /** resolves when the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM and wait (SIGKILL if it does not go) */
  stop(): Promise<void>;
  login(email?: string, password?: string): Promise<string>;
  /** a JSON call to /api/admin with a bearer token */
  api<T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export interface StartOptions {
  dataDir: string;
  databaseUrl?: string;
  /** false: no APP_KEY, so the server makes and keeps DATA_DIR/app.key (as one set up without it does) */
  appKey?: false;
  env?: Record<string, string>;
}

/** Servers started and not yet gone: a failing test leaves none behind (stopAllServers in afterEach). */
const running = new Set<ServerProcess>();

export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}

/** Starts the server through tsx (one node process: a SIGKILL reaches the server itself) and waits until /api/health answers. */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'APP_KEY', 'PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET', 'NODE_OPTIONS', 'SMTP_URL']) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    PUBLIC_URL: url,
    CONSOLE_DIR: join(opts.dataDir, 'no-console'),
    LOG_LEVEL: 'warn',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    NODE_ENV: 'test',
    ...(opts.appKey === false ? {} : { APP_KEY }),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      done = { code, signal };
      running.delete(server);
      resolve(done);
    }),
  );

  const stop = async () => {
    if (done) return;
    child.kill('SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
    if ((await Promise.race([exited, timer])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const api = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${url}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  const server: ServerProcess = {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
    stop,
    api,
    async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const res = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const json = (await res.json()) as { data?: { token?: string } };
      if (!res.ok || !json.data?.token) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(json)}`);
      return json.data.token;
    },
  };
  running.add(server);

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (done) throw new Error(`the server exited before it was ready (${JSON.stringify(done)}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return server;
}

/** The admin URL of the throwaway PostgreSQL that `npm run test:resilience` starts. */
export function pgAdminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run `npm run test:resilience`, which starts a throwaway PostgreSQL');
  return url;
}

/** A new, empty database on that server; drop() removes it. */
export async function freshPgDatabase(tag: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = pgAdminUrl();
  const name = `r_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}
