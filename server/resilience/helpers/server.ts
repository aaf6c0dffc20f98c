/**
 * The real server as a child process on a DATA_DIR (and a database) that outlive it: started, killed
 * with SIGKILL mid-work, started again on the same data. No console (the API only), SQLite unless
 * DATABASE_URL is given.
 */
import { join } from 'node:path';
import { Client } from 'pg';
import { spawnServer, type ServerProcess as ChildServer, testServerEnv } from '../../test/helpers/serverProcess';

export const ROOT = join(__dirname, '..', '..', '..');
export const ADMIN_EMAIL = 'root@example.org';
export const ADMIN_PASSWORD = 'Resilient-root-7';
/** one key for every server of a test, so that encrypted ids stay the same across restarts and restores */
export const APP_KEY = `base64:${Buffer.alloc(32, 11).toString('base64')}`;
const START_TIMEOUT_MS = 60_000;

/** the started server; it signs in as the first super admin unless told otherwise */
export type ServerProcess = Omit<ChildServer, 'login'> & { login(email?: string, password?: string): Promise<string> };

export interface StartOptions {
  dataDir: string;
  databaseUrl?: string;
  /** false: no APP_KEY, so the server makes and keeps DATA_DIR/app.key (as one set up without it does) */
  appKey?: false;
  env?: Record<string, string>;
  /** what node runs (default server/src/main.ts) and node's own flags before it */
  entry?: string;
  nodeArgs?: string[];
}

/** Servers started and not yet gone: a failing test leaves none behind (stopAllServers in afterEach). */
const running = new Set<ChildServer>();

export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}

/** Starts the server through tsx (one node process: a SIGKILL reaches the server itself) and waits until /api/health answers. */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const env = testServerEnv({
    DATA_DIR: opts.dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    CONSOLE_DIR: join(opts.dataDir, 'no-console'),
    ...(opts.appKey === false ? {} : { APP_KEY }),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  const server = await spawnServer({ args: [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.entry ?? join(ROOT, 'server', 'src', 'main.ts')], cwd: ROOT, env, startTimeoutMs: START_TIMEOUT_MS });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return {
    ...server,
    login: (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => server.login(email, password),
  };
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
