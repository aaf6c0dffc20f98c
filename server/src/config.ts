import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { S3Settings } from './services/s3Storage';
import { UPLOAD_FOLDERS } from './services/uploads';

/** Every setting of the server, read from the environment (DESIGN.md section 4). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** unset: SQLite file in dataDir; postgres://... : PostgreSQL */
  databaseUrl: string | null;
  /** 32-byte key for encrypted ids and signed URLs */
  appKey: Buffer;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The console's public origin: every link the server writes (emailed reset links, page links,
   * export and file links) starts with it, never with what a request's Host or X-Forwarded-* says.
   */
  publicUrl: string;
  /** origins allowed to call the API from a browser (CORS); empty: none but the console's own */
  corsOrigins: string[];
  /** proxy addresses whose X-Forwarded-For / -Proto / -Host are believed; false: none */
  trustProxy: string[] | false;
  pusher: {
    appId: string;
    key: string;
    secret: string;
    host: string | null;
    port: number | null;
    cluster: string | null;
    tls: boolean;
  } | null;
  /** where files live: DATA_DIR (STORAGE=local, the default) or an S3-compatible bucket (STORAGE=s3) */
  storage: { driver: 'local' } | { driver: 's3'; s3: S3Settings };
  logLevel: string;
  /** console build to serve at /; null disables static serving (tests) */
  consoleDir: string | null;
  tokenTtlHours: number;
  rememberTtlDays: number;
  /** argon2id cost; tests lower it so suites stay fast, production keeps OWASP's numbers */
  argon2: { memoryCost: number; timeCost: number };
  /**
   * chunked uploads: largest file (UPLOAD_MAX_MB), per folder (UPLOAD_LIMITS), how long abandoned parts
   * and uploads no record took stay (UPLOAD_STALE_HOURS), what one admin may send a UTC day (UPLOAD_DAILY_MB)
   */
  uploads: { maxBytes: number; folderMaxBytes: Record<string, number>; staleMs: number; dailyBytes: number };
  /**
   * How long a client may take (http/timeouts.ts): to send a request's headers (HEADERS_TIMEOUT_S), its
   * body once the headers are in (REQUEST_TIMEOUT_S; UPLOAD_TIMEOUT_S on the routes that take files, for
   * an authenticated caller), and between two requests on a kept-alive connection (KEEP_ALIVE_TIMEOUT_S).
   */
  timeouts: { headersMs: number; bodyMs: number; uploadBodyMs: number; keepAliveMs: number };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const int = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
};

/** A number of seconds, at least 1 (a limit of 0 would be none, which these settings exist to prevent). */
const seconds = (env: Env, name: string, fallback: number): number => {
  const n = int(env, name, fallback);
  if (n < 1) throw new ConfigError(`${name} must be at least 1 second, got "${env[name]}"`);
  return n;
};

/** The connection time limits (REQUEST_TIMEOUT_S, UPLOAD_TIMEOUT_S, HEADERS_TIMEOUT_S, KEEP_ALIVE_TIMEOUT_S), in ms. */
function timeoutsOf(env: Env): Config['timeouts'] {
  const body = seconds(env, 'REQUEST_TIMEOUT_S', 30);
  const upload = seconds(env, 'UPLOAD_TIMEOUT_S', 600);
  if (upload < body) throw new ConfigError(`UPLOAD_TIMEOUT_S (${upload}) must be at least REQUEST_TIMEOUT_S (${body}): the routes that take files get the longer time`);
  return { headersMs: seconds(env, 'HEADERS_TIMEOUT_S', 10) * 1000, bodyMs: body * 1000, uploadBodyMs: upload * 1000, keepAliveMs: seconds(env, 'KEEP_ALIVE_TIMEOUT_S', 72) * 1000 };
}

/** APP_KEY from the environment (base64: or hex), else one generated once and kept in dataDir. */
function loadAppKey(env: Env, dataDir: string): Buffer {
  const raw = env.APP_KEY;
  if (raw) {
    const key = raw.startsWith('base64:') ? Buffer.from(raw.slice(7), 'base64') : Buffer.from(raw, 'hex');
    if (key.length !== 32) throw new ConfigError('APP_KEY must be 32 bytes (base64:... or 64 hex digits)');
    return key;
  }
  const file = join(dataDir, 'app.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

/** The folder holding package.json, whether running from server/src (tsx) or build/server/src (compiled). */
function packageRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = resolve(dir, '..');
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

const MB = 1024 * 1024;

/** UPLOAD_LIMITS: `folder:MB` pairs separated by commas (health_literacy_contents:1024,promotional:200). */
function folderLimits(raw: string | undefined): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const entry of list(raw)) {
    const m = /^([A-Za-z0-9_-]+)\s*:\s*(\d+)$/.exec(entry);
    if (!m || Number(m[2]) < 1) throw new ConfigError(`UPLOAD_LIMITS lists folder:MB pairs such as health_literacy_contents:1024,promotional:200, got "${entry}"`);
    if (!(UPLOAD_FOLDERS as readonly string[]).includes(m[1]!)) throw new ConfigError(`UPLOAD_LIMITS names the folder "${m[1]}", which is none of ${UPLOAD_FOLDERS.join(', ')}`);
    limits[m[1]!] = Number(m[2]) * MB;
  }
  return limits;
}

/** An origin as browsers send it: scheme, host and port, no path. */
function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) address such as https://console.example.org, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must start with http:// or https://, got "${raw}"`);
  return url.origin;
}

const list = (raw: string | undefined) => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * TRUST_PROXY: the addresses (IPs, CIDR ranges, or proxy-addr's names loopback, linklocal,
 * uniquelocal) of the reverse proxies in front of the server. Only a request coming from one of them
 * has its X-Forwarded-For believed as the client's address (throttling, audit). "true" or "*" would
 * let any client choose its own address, so they are refused.
 */
function trustedProxies(raw: string | undefined): string[] | false {
  const entries = list(raw);
  if (!entries.length || (entries.length === 1 && entries[0] === 'false')) return false;
  for (const e of entries) {
    if (['true', '*'].includes(e.toLowerCase()) || /^\d+$/.test(e)) {
      throw new ConfigError(`TRUST_PROXY lists the addresses of your proxies (e.g. 127.0.0.1,10.0.0.0/8 or loopback), not "${e}": trusting every sender lets any client pick its own address`);
    }
  }
  return entries;
}

/** STORAGE (local or s3) and, for s3, the bucket and how to reach it (the SDK's standard variables). */
function storageOf(env: Env): Config['storage'] {
  const driver = env.STORAGE || 'local';
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new ConfigError(`STORAGE is local (files under DATA_DIR) or s3 (an S3-compatible bucket), not "${driver}"`);
  if (!env.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET (and AWS_ENDPOINT_URL_S3 for a server other than AWS, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || null;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new ConfigError(`AWS_ENDPOINT_URL_S3 is a URL such as http://127.0.0.1:9000, not "${endpoint}"`);
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all');
  const prefix = (env.S3_PREFIX || '').replace(/^\/+/, '');
  return {
    driver: 's3',
    s3: {
      bucket: env.S3_BUCKET,
      prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
      endpoint,
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
      accessKeyId: env.AWS_ACCESS_KEY_ID || null,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY || null,
    },
  };
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  }
  const pusherSet = Boolean(env.PUSHER_APP_ID || env.PUSHER_KEY || env.PUSHER_SECRET);
  if (pusherSet && !(env.PUSHER_APP_ID && env.PUSHER_KEY && env.PUSHER_SECRET)) {
    throw new ConfigError('PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET are set together or not at all');
  }
  const storage = storageOf(env);
  const consoleDir = resolve(env.CONSOLE_DIR || join(packageRoot(), 'dist'));
  const port = int(env, 'PORT', 8080);
  const corsOrigins = list(env.CORS_ORIGINS).map((o) => origin('CORS_ORIGINS', o));
  const publicUrl = env.PUBLIC_URL ? origin('PUBLIC_URL', env.PUBLIC_URL) + new URL(env.PUBLIC_URL).pathname.replace(/\/+$/, '') : corsOrigins[0];
  if (!publicUrl && env.NODE_ENV === 'production') {
    throw new ConfigError('PUBLIC_URL is required in production: emailed links are built from it (e.g. PUBLIC_URL=https://console.example.org)');
  }
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    appKey: loadAppKey(env, dataDir),
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Health Console <no-reply@localhost>',
    // development default: this machine
    publicUrl: publicUrl ?? `http://localhost:${port}`,
    corsOrigins,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    pusher: pusherSet
      ? {
          appId: env.PUSHER_APP_ID!,
          key: env.PUSHER_KEY!,
          secret: env.PUSHER_SECRET!,
          host: env.PUSHER_HOST || null,
          port: env.PUSHER_PORT ? int(env, 'PUSHER_PORT', 443) : null,
          cluster: env.PUSHER_CLUSTER || null,
          tls: env.PUSHER_TLS !== 'false',
        }
      : null,
    storage,
    logLevel: env.LOG_LEVEL || 'info',
    consoleDir: existsSync(join(consoleDir, 'index.html')) ? consoleDir : null,
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 12),
    rememberTtlDays: int(env, 'REMEMBER_TTL_DAYS', 30),
    argon2: { memoryCost: int(env, 'ARGON2_MEMORY_KIB', 19456), timeCost: int(env, 'ARGON2_TIME_COST', 2) },
    uploads: {
      maxBytes: Math.max(1, int(env, 'UPLOAD_MAX_MB', 1024)) * MB,
      folderMaxBytes: folderLimits(env.UPLOAD_LIMITS),
      staleMs: Math.max(1, int(env, 'UPLOAD_STALE_HOURS', 24)) * 3600_000,
      dailyBytes: Math.max(1, int(env, 'UPLOAD_DAILY_MB', 4096)) * MB,
    },
    timeouts: timeoutsOf(env),
  };
  return { ...config, ...overrides };
}
