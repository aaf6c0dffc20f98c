import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, type ServerProcess } from './helpers/serverProcess';

// a real server started through tsx, twice: allow for a busy machine
jest.setTimeout(360_000);

const ROOT = join(__dirname, '..', '..');

/**
 * The browser journeys and the resilience tests start the real server on a port that was free a
 * moment before; when something else takes it first the start is tried again on another port.
 */
describe('starting the server as a child process', () => {
  let taken: Server;
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    // something else listening on the port: it hangs up on whoever calls
    taken = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    dataDir = mkdtempSync(join(tmpdir(), 'server-process-'));
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => taken.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a port taken between its choice and the bind is given up for another, and the server answers there', async () => {
    const address = taken.address();
    const busy = typeof address === 'object' && address ? address.port : 0;
    const offered: number[] = [];
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, CONSOLE_DIR: join(dataDir, 'no-console'), LOG_LEVEL: 'warn', NODE_ENV: 'test', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ADMIN_EMAIL: 'root@example.org', ADMIN_PASSWORD: 'Process-root-7' };
    for (const key of ['DATABASE_URL', 'APP_KEY', 'NODE_OPTIONS', 'SMTP_URL', 'PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET']) delete env[key];
    server = await spawnServer({
      args: ['--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')],
      cwd: ROOT,
      env,
      choosePort: async () => {
        const port = offered.length ? await freePort() : busy;
        offered.push(port);
        return port;
      },
    });
    expect(offered).toHaveLength(2);
    expect(offered[0]).toBe(busy);
    expect(server.url).toBe(`http://127.0.0.1:${offered[1]}`);
    const token = await server.login('root@example.org', 'Process-root-7');
    const me = await server.api<{ data: { email: string } }>('GET', '/me', token);
    expect([me.status, me.body.data.email]).toEqual([200, 'root@example.org']);
  });
});
