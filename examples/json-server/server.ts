/**
 * `tsx examples/json-server/server.ts [PORT]`: a tiny REST backend for the console built on another
 * provider (src/providers/examples/jsonServer.ts): json-server 0.17 over the demo data (what the real
 * server answers, scripts/demo-data.ts, with its stored files), behind a token sign-in, serving the
 * console built for it (`vite build --mode json-server`, dist-json-server/) beside /api.
 * `--data FILE` serves a dump scripts/demo-data.ts wrote (the tests' copy) rather than making one.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import jsonServer from 'json-server';
import { buildDemoData } from '../../scripts/demo-data';
import { DEMO_ADMIN } from '../../src/providers/fake/demoAdmin';
import type { DemoData } from '../../src/providers/fake/demoData';

export async function startJsonServer(port = 0, consoleDir = resolve(__dirname, '..', '..', 'dist-json-server'), dump?: DemoData) {
  const data = dump ?? (await buildDemoData(undefined, join(consoleDir, 'demo-files')));
  const admin = data.resources.admins!.find((record) => record.email === DEMO_ADMIN.email)!;
  const tokens = new Set<string>();
  const server = jsonServer.create();
  server.use(jsonServer.bodyParser);
  server.post('/api/login', (request, response) => {
    const { email, password } = (request.body ?? {}) as { email?: string; password?: string };
    if (email !== DEMO_ADMIN.email || password !== DEMO_ADMIN.password) return void response.status(401).json({ message: 'These credentials do not match our records.' });
    const token = randomBytes(16).toString('hex');
    tokens.add(token);
    response.json({ token, id: admin.id, fullName: `${String(admin.f_name)} ${String(admin.l_name)}` });
  });
  server.use('/api', (request, response, next) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return void response.status(401).json({ message: 'Unauthenticated.' });
    next();
  });
  server.use('/api', jsonServer.router({ ...data.resources, 'audit-log': [] }));
  if (existsSync(consoleDir)) server.use(jsonServer.defaults({ static: consoleDir, logger: false }));
  return new Promise<{ url: string; data: DemoData; close: () => Promise<void> }>((done) => {
    const listening = server.listen(port, '127.0.0.1', () => {
      const address = listening.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
      done({ url, data, close: () => new Promise((closed) => listening.close(() => closed())) });
    });
  });
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const dataFile = args.includes('--data') ? args[args.indexOf('--data') + 1] : undefined;
  const port = Number(args.find((arg, index) => /^\d+$/.test(arg) && args[index - 1] !== '--data') ?? 3000);
  const dump = dataFile ? (JSON.parse(readFileSync(dataFile, 'utf8')) as DemoData) : undefined;
  void startJsonServer(port, undefined, dump).then(({ url }) => console.log(`json-server backend and console on ${url}`));
}
