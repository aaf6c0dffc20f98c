/**
 * The real server as a child process, for the browser journeys: its own loopback port, a throwaway
 * DATA_DIR with a fresh SQLite database, an SMTP server of the test's own, and the built console
 * (started by server/test/helpers/serverProcess.ts, as the resilience tests start theirs).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type ServerProcess, testServerEnv } from '../../server/test/helpers/serverProcess';

export const ROOT = join(__dirname, '..', '..');
export const ADMIN_EMAIL = 'root@example.org';
export const ADMIN_PASSWORD = 'Root-password-1';

const CONSOLE_INDEX = join(ROOT, 'dist', 'index.html');
const COMPILED_MAIN = join(ROOT, 'build', 'server', 'src', 'main.js');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const CALL_TIMEOUT_MS = 30_000;

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

const JSON_SERVER_CONSOLE_INDEX = join(ROOT, 'dist-json-server', 'index.html');

/**
 * The console on the json-server example (dist-json-server/, `npm run build:json-server`): built by
 * `npm test` with the others (E2E_BUILD_DONE=1), else here when it is missing or older than its sources.
 */
export function ensureJsonServerConsoleBuilt(): string {
  const dir = join(ROOT, 'dist-json-server');
  if (process.env.E2E_BUILD_DONE === '1') {
    if (!existsSync(JSON_SERVER_CONSOLE_INDEX)) throw new Error('E2E_BUILD_DONE=1 but dist-json-server/index.html is missing');
    return dir;
  }
  if (!stale(JSON_SERVER_CONSOLE_INDEX, ['src', 'contract', 'index.html', 'public', 'vite.config.ts'])) return dir;
  const result = spawnSync('npm', ['run', 'build:json-server'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0 || !existsSync(JSON_SERVER_CONSOLE_INDEX)) {
    throw new Error(`npm run build:json-server failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return dir;
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
  const tempDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const dataDir = join(tempDir, 'data');
  const consoleDir = join(tempDir, 'console');
  try {
    await snapshotConsole(consoleDir);
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }

  // SQLite in the temp dir, our own key, no push service, whatever the developer's shell says.
  const env = testServerEnv({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, SMTP_URL: opts.smtpUrl, CONSOLE_DIR: consoleDir, ...opts.env });

  // One node process either way, so stopping it stops the server (npx/tsx cli would add layers).
  const args = serverStale()
    ? ['--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')]
    : ['--enable-source-maps', COMPILED_MAIN];
  let server: ServerProcess;
  try {
    server = await spawnServer({ args, cwd: ROOT, env, startTimeoutMs: START_TIMEOUT_MS, stopTimeoutMs: STOP_TIMEOUT_MS, callTimeoutMs: CALL_TIMEOUT_MS });
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    dataDir,
    output: server.output,
    api: server.api,
    login: server.login,
    async stop() {
      await server.stop();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
