import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDb, type Db, type Dialect } from '../../src/db';
import { migrateToLatest } from '../../src/db/migrate';
import type { Registry } from '../../src/http/resource';
import { hashToken, inMs, newToken } from '../../src/services/tokens';
import { expectDocumented } from './document';

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];
export const ADMIN_EMAIL = 'root@example.org';
export const ADMIN_PASSWORD = 'root-password-1';

/**
 * How long a test app's query waits for a PostgreSQL connection before it fails: the server's 10 s is for
 * production; on a machine busy with other work (another suite beside this one, a slow VM) opening a
 * backend took longer, and a fuzz file failed on "Connection terminated due to connection timeout".
 */
const CONNECT_WAIT_MS = 120_000;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  /** bearer token of the seeded super admin */
  rootToken: string;
  inject(opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  login(email: string, password: string, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** The admin URL of the throwaway PostgreSQL that `npm test` starts; without it PostgreSQL suites fail, never skip. */
function pgAdminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run the suite with `npm test`, which starts a throwaway PostgreSQL');
  return url;
}

/**
 * Every test app starts from a migrated database, and running all the migrations for each one costs
 * about as much as a small test file (seconds on PostgreSQL on a busy machine). They run once into a
 * template instead (named after the migration code, so a change makes a new one), and each test's
 * database is a copy: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */
const TEMPLATE_ID = (() => {
  const hash = createHash('sha256');
  const dir = join(__dirname, '../../src/db');
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.ts')) hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
})();

/** The migrated SQLite template file, made once (by whichever test process gets there first). */
async function sqliteTemplate(): Promise<string> {
  const file = join(tmpdir(), `console-test-template-${TEMPLATE_ID}.db`);
  if (existsSync(file)) return file;
  const draft = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const db = createDb({ databaseUrl: null, dataDir: tmpdir(), sqliteFile: draft });
  await migrateToLatest(db.db, db.dialect);
  await db.destroy(); // the last connection: SQLite folds the WAL into the file
  renameSync(draft, file); // atomic: readers see no file or a whole one
  return file;
}

/** The migrated PostgreSQL template database, made once per migration code under an advisory lock. */
async function pgTemplate(admin: string): Promise<string> {
  const name = `tpl_${TEMPLATE_ID}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) {
      const draft = `${name}_draft`;
      await client.query(`DROP DATABASE IF EXISTS ${draft} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${draft}`);
      const url = new URL(admin);
      url.pathname = `/${draft}`;
      const db = createDb({ databaseUrl: url.toString(), dataDir: tmpdir(), connectTimeoutMs: CONNECT_WAIT_MS });
      await migrateToLatest(db.db, db.dialect);
      await db.destroy();
      await client.query(`ALTER DATABASE ${draft} RENAME TO ${name}`);
      // templates of earlier migration code are of no further use
      const stale = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'tpl\\_%' AND datname <> $1 AND datname NOT LIKE '%\\_draft'", [name]);
      for (const row of stale.rows as { datname: string }[]) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
    return name;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await client.end();
  }
}

async function freshDatabase(dialect: Dialect, dataDir: string): Promise<{ db: Db; databaseUrl: string | null; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    copyFileSync(await sqliteTemplate(), join(dataDir, 'app.db'));
    return { db: createDb({ databaseUrl: null, dataDir }), databaseUrl: null, drop: async () => undefined };
  }
  const admin = pgAdminUrl();
  const template = await pgTemplate(admin);
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    db: createDb({ databaseUrl, dataDir, connectTimeoutMs: CONNECT_WAIT_MS }),
    databaseUrl,
    async drop() {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  /** the resources to serve instead of the real registry (tests of the machinery) */
  registry?: Registry;
  /** runs on the migrated database before the app is built (tables of test-only resources) */
  prepare?(db: Db): Promise<void>;
  /** settings beyond the environment's (a console folder to serve) */
  config?: Partial<Config>;
  /** the server's log lines, at LOG_LEVEL (else nothing is logged) */
  logStream?: { write(line: string): void };
  /** the app opens the database itself and closes it with itself, as the real server does (a test of shutdown) */
  ownDatabase?: boolean;
}

/** A whole app on a fresh database of the given dialect, with the first super admin signed in. */
export async function startTestApp(dialect: Dialect, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'));
  const fresh = await freshDatabase(dialect, dataDir);
  if (options.prepare) {
    await migrateToLatest(fresh.db.db, fresh.db.dialect);
    await options.prepare(fresh.db);
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}`, PUBLIC_URL: 'http://console.test', ...env },
    { databaseUrl: fresh.databaseUrl, consoleDir: null, argon2: { memoryCost: 1024, timeCost: 1 }, ...options.config },
  );
  // every answer checked against its serialiser: a field its response schema forgot fails the test that meets it
  const { app } = await buildApp(config, { db: options.ownDatabase ? undefined : fresh.db, logger: false, logStream: options.logStream, registry: options.registry, checkAnswers: true });
  // every answer held to the document the server serves (helpers/document.ts)
  const inject: TestApp['inject'] = async ({ token, ...opts }) => {
    const res = await app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    if (typeof opts.url === 'string') await expectDocumented(app, opts.method ?? 'GET', opts.url, res);
    return res;
  };
  const login = async (email: string, password: string, extra: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password, ...extra } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  const rootToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    app, config, db: fresh.db, rootToken, inject, login,
    async close() {
      await app.close();
      await fresh.db.destroy();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a role with the given permissions and an admin holding it; returns the admin's token. */
export async function adminWith(t: TestApp, permissions: string[], tag = Math.random().toString(36).slice(2, 8)): Promise<{ token: string; email: string; encryptedId: string }> {
  const role = await t.inject({ method: 'POST', url: '/api/admin/roles', token: t.rootToken, payload: { name: `role-${tag}`, permissions } });
  if (role.statusCode !== 200) throw new Error(`role: ${role.body}`);
  const email = `user-${tag}@example.org`;
  const password = 'sub-admin-pass-1';
  const admin = await t.inject({
    method: 'POST', url: '/api/admin/admins', token: t.rootToken,
    payload: { f_name: 'Sub', l_name: tag, email, cnic: '3520112345671', role: `role-${tag}`, password, confirmPassword: password },
  });
  if (admin.statusCode !== 200) throw new Error(`admin: ${admin.body}`);
  return { token: await t.login(email, password), email, encryptedId: admin.json().data.encrypted_id };
}

/**
 * A field-app session for a user (patient, doctor or CHW), stored as the field sign-in stores one; its
 * bearer token. Suites that act as many app users at once make their sessions this way (the sign-in
 * route counts attempts per client address).
 */
export async function fieldTokenFor(t: TestApp, userId: number): Promise<string> {
  const token = newToken();
  await t.db.db.insertInto('user_tokens').values({ user_id: userId, token_hash: hashToken(token), expires_at: inMs(86_400_000), created_at: new Date().toISOString(), ip: null }).execute();
  return token;
}
