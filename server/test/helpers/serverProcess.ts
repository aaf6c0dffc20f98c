/**
 * The real server as a child process on its own loopback port, for the browser journeys
 * (e2e/helpers/server.ts) and the resilience tests (server/resilience/helpers/server.ts): started,
 * waited for until /api/health answers, called over HTTP, stopped or killed.
 *
 * The port is one the kernel had free a moment before the server binds it (the server must know
 * its PUBLIC_URL, so it cannot bind port 0 and tell us): anything else on the machine may take it
 * in between, an outgoing connection's ephemeral port as much as another server. A start that
 * fails with EADDRINUSE is therefore tried again on another port rather than failing the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** http://127.0.0.1:port, also the server's PUBLIC_URL */
  url: string;
  /** the server's process id (its memory is read from /proc) */
  pid: number;
  /** what the server printed so far (for failure messages) */
  output(): string;
  /** resolves when the process has exited */
  exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM and wait (SIGKILL if it does not go) */
  stop(): Promise<void>;
  /** signs in over the API and returns a bearer token */
  login(email: string, password: string): Promise<string>;
  /** a JSON call to /api/admin with a bearer token */
  api<T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export interface SpawnOptions {
  /** node's arguments: the server's entry point and what runs it */
  args: string[];
  cwd: string;
  /** the environment but PORT, HOST and PUBLIC_URL, which are set here */
  env: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** how long one API call may take (none: as long as it takes) */
  callTimeoutMs?: number;
  /** where the port comes from (default: freePort); a test of the retry gives a taken one */
  choosePort?: () => Promise<number>;
}

/** starts tried on another port after EADDRINUSE */
const PORT_ATTEMPTS = 5;

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

/**
 * A test server's environment: this process's, less whatever of the developer's shell would point the
 * server elsewhere (a database, a key, a push service, node options, a mail server), with quiet logs
 * and light argon2 settings; then `values`, which win.
 */
export function testServerEnv(values: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'APP_KEY', 'PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET', 'NODE_OPTIONS', 'SMTP_URL', 'STORAGE', 'S3_BUCKET', 'S3_PREFIX', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL']) delete env[key];
  return Object.assign(env, { LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', NODE_ENV: 'test' }, values);
}

class PortTaken extends Error {}

/** Starts the server and waits until /api/health answers; another port when the one chosen was taken. */
export async function spawnServer(opts: SpawnOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(opts, await (opts.choosePort ?? freePort)());
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw e;
    }
  }
}

async function spawnOnce(opts: SpawnOptions, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const { startTimeoutMs = 60_000, stopTimeoutMs = 15_000, callTimeoutMs } = opts;
  const callSignal = () => (callTimeoutMs ? AbortSignal.timeout(callTimeoutMs) : undefined);
  const env = { ...opts.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url };
  const child: ChildProcess = spawn(process.execPath, opts.args, { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done: Exit | null = null;
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      done = { code, signal };
      resolve(done);
    }),
  );

  const stop = async () => {
    if (done) return;
    child.kill('SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), stopTimeoutMs).unref());
    if ((await Promise.race([exited, timer])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  };

  // /api/health, bounded, failing at once if the process dies
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (done) {
      if (/EADDRINUSE/.test(output)) throw new PortTaken(`port ${port} was taken before the server bound it`);
      throw new Error(`the server exited before it was ready (${JSON.stringify(done)}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${startTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const api = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${url}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: callSignal(),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
    stop,
    api,
    async login(email, password) {
      const res = await fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        signal: callSignal(),
      });
      const json = (await res.json()) as { data?: { token?: string } };
      if (!res.ok || !json.data?.token) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(json)}`);
      return json.data.token;
    },
  };
}
