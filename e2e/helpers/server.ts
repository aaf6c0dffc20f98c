/**
 * The real server as a child process, for the browser journeys: its own loopback port, a throwaway
 * DATA_DIR with a fresh SQLite database, an SMTP server of the test's own, and the built console.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const ADMIN_EMAIL = 'root@example.org';
export const ADMIN_PASSWORD = 'Root-password-1';

const CONSOLE_INDEX = join(ROOT, 'dist', 'index.html');
const COMPILED_MAIN = join(ROOT, 'build', 'server', 'src', 'main.js');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Newest modification time (ms) under the given files/folders; 0 when none exist. */
function newest(paths: string[]): number {
  let max = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') max = Math.max(max, newest([join(p, entry)]));
    } else max = Math.max(max, st.mtimeMs);
  }
  return max;
}

/** Same rule as scripts/freshness.mjs (which jest cannot load: it is ESM). */
const stale = (output: string, inputs: string[]) =>
  !existsSync(output) || statSync(output).mtimeMs < newest(inputs.map((i) => join(ROOT, i)));

const consoleStale = () =>
  stale(CONSOLE_INDEX, ['src', 'site', 'contract', 'index.html', 'public', 'vite.config.ts']);
const serverStale = () =>
  stale(COMPILED_MAIN, ['server/src', 'contract', 'server/tsconfig.build.json', 'server/tsconfig.json', 'tsconfig.base.json']);

/**
 * The console bundle the server serves. `npm test` builds it and sets E2E_BUILD_DONE=1; a bare
 * `jest --selectProjects e2e` builds it here when it is missing or older than its sources.
 */
export function ensureConsoleBuilt(): void {
  if (process.env.E2E_BUILD_DONE === '1') {
    if (!existsSync(CONSOLE_INDEX)) throw new Error('E2E_BUILD_DONE=1 but dist/index.html is missing');
    return;
  }
  if (!consoleStale()) return;
  const result = spawnSync('npm', ['run', 'build:console'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0 || !existsSync(CONSOLE_INDEX)) {
    throw new Error(`npm run build:console failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Names, sizes and times of every file under dir: equal before and after a copy means a quiet copy. */
function treeSignature(dir: string): string {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((f) => {
      const st = statSync(join(dir, f));
      return `${f}:${st.size}:${st.mtimeMs}`;
    })
    .join('|');
}

/**
 * A private copy of dist/ for one server: a `vite build` elsewhere during the run (another
 * terminal, a watcher) empties dist/ and renames its chunks, which would break the open pages.
 * A copy taken mid-build is detected (index.html names a chunk that is not there) and retaken.
 */
async function snapshotConsole(target: string): Promise<void> {
  const source = join(ROOT, 'dist');
  const deadline = Date.now() + 30_000;
  for (;;) {
    rmSync(target, { recursive: true, force: true });
    try {
      const before = treeSignature(source);
      cpSync(source, target, { recursive: true });
      if (treeSignature(source) !== before) throw new Error('dist/ changed during the copy');
      const index = readFileSync(join(target, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((a) => existsSync(join(target, a)))) return;
    } catch {
      // dist/ changed under the copy
    }
    if (Date.now() > deadline) throw new Error('could not take a consistent copy of dist/ (is a build running?)');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A port nobody listens on right now (the server binds it a moment later). */
function freePort(): Promise<number> {
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

export interface RunningServer {
  /** http://127.0.0.1:port, also the server's PUBLIC_URL */
  url: string;
  dataDir: string;
  /** what the server printed so far (for failure messages) */
  output(): string;
  /** signs in over the API and returns a bearer token */
  login(email: string, password: string): Promise<string>;
  /** a JSON call to /api/admin with a bearer token */
  api<T = unknown>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  smtpUrl: string;
  env?: Record<string, string>;
}

/** Starts the server (compiled when fresh, else through tsx) and waits until /api/health answers. */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  ensureConsoleBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tempDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const dataDir = join(tempDir, 'data');
  const consoleDir = join(tempDir, 'console');
  try {
    await snapshotConsole(consoleDir);
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }

  const env: NodeJS.ProcessEnv = { ...process.env };
  // SQLite in the temp dir, our own key, no push service, whatever the developer's shell says.
  for (const key of ['DATABASE_URL', 'APP_KEY', 'PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET', 'NODE_OPTIONS']) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SMTP_URL: opts.smtpUrl,
    PUBLIC_URL: url,
    CONSOLE_DIR: consoleDir,
    LOG_LEVEL: 'warn',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    NODE_ENV: 'test',
    ...opts.env,
  });

  // One node process either way, so stopping it stops the server (npx/tsx cli would add layers).
  const args = serverStale()
    ? ['--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')]
    : ['--enable-source-maps', COMPILED_MAIN];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
      if ((await Promise.race([exitPromise, timer])) === 'timeout') {
        child.kill('SIGKILL');
        await exitPromise;
      }
    }
    rmSync(tempDir, { recursive: true, force: true });
  };

  // Wait for /api/health, bounded, failing at once if the process dies.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server exited before it was ready (${JSON.stringify(exited)}):\n${output}`);
    }
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

  const api = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${url}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  return {
    url,
    dataDir,
    output: () => output,
    api,
    async login(email, password) {
      const res = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        signal: AbortSignal.timeout(10_000),
      });
      const json = (await res.json()) as { data?: { token?: string } };
      if (!res.ok || !json.data?.token) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(json)}`);
      return json.data.token;
    },
    stop,
  };
}
