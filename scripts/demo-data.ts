/**
 * `tsx scripts/demo-data.ts OUT.json`: the in-browser demo's data, as the real server answers it. Seeds a
 * throwaway SQLite with the demo generator (server/src/seeds/demo.ts, at a small scale), builds the
 * server on it (buildApp, as the server tests and scripts/record-fixtures.ts do), signs in as the demo
 * admin and writes what GET /api/admin answers for every resource (each record as its detail route
 * presents it), the permission modules, the promotional content and the session. No record is written
 * by hand: src/providers/fake/ loads the file (npm run demo:static puts it in dist-demo/).
 */
import type { FastifyInstance } from 'fastify';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { prepareAndSeedDemo } from '../server/src/seeds/demo';
import { registry } from '../server/src/resources/registry';
import { DEMO_ADMIN } from '../src/providers/fake/demoAdmin';
import type { DemoData } from '../src/providers/fake/demoData';


/** Small: the file is loaded by the browser in one piece. */
const SIZES = { scale: 0.1, admins: 12, patients: 60, chws: 8, doctors: 6, appointments: 120, submissions: 40 };

const API = '/api/admin';

/** Where the demo's stored files are, relative to index.html (the static console has no /storage). */
export const DEMO_FILES = 'demo-files';

/** The data with every stored file's path (`/storage/x`) as the demo's copy of it (`demo-files/x`), and those paths. */
function withDemoFiles(data: DemoData): { data: DemoData; files: string[] } {
  const files = new Set<string>();
  const text = JSON.stringify(data).replace(/"\/storage\/([^"?#]+)"/g, (_, path: string) => {
    files.add(path);
    return JSON.stringify(`${DEMO_FILES}/${path}`);
  });
  return { data: JSON.parse(text) as DemoData, files: [...files] };
}

/** The real server (not listening) on a throwaway SQLite seeded by the demo generator at a small scale; `close` stops it and removes its data. */
export async function startDemoApp(log: (line: string) => void = () => undefined): Promise<{ app: FastifyInstance; dataDir: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-demo-'));
  try {
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: DEMO_ADMIN.email,
        ADMIN_PASSWORD: DEMO_ADMIN.password,
        LOG_LEVEL: 'silent',
        APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
        PUBLIC_URL: 'http://localhost',
      },
      { databaseUrl: null, consoleDir: null, argon2: { memoryCost: 1024, timeCost: 1 } },
    );
    await prepareAndSeedDemo(config, { ...SIZES, argon2: config.argon2, log });
    const { app }: { app: FastifyInstance } = await buildApp(config, {
      logger: false,
      mailer: { send: async () => undefined, close: () => undefined },
    });
    return {
      app,
      dataDir,
      close: async () => {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The demo data; with `filesDir`, the stored files it names (images, PDFs, videos of the demo generator)
 * are copied there, as the data names them (`demo-files/...`, beside index.html).
 */
export async function buildDemoData(log: (line: string) => void = () => undefined, filesDir?: string): Promise<DemoData> {
  const { app, dataDir, close } = await startDemoApp(log);
  try {
    const get = async (path: string, token?: string): Promise<unknown> => {
      const response = await app.inject({ method: 'GET', url: `${API}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return (JSON.parse(response.body) as { data: unknown }).data;
    };
    const login = await app.inject({ method: 'POST', url: `${API}/login`, payload: DEMO_ADMIN });
    if (login.statusCode !== 200) throw new Error(`the demo admin could not sign in: ${login.body}`);
    const { token, ...session } = (JSON.parse(login.body) as { data: Record<string, unknown> & { token: string } }).data;

    const resources: Record<string, Record<string, unknown>[]> = {};
    for (const { name } of registry.resources) {
      const list = await get(`/${name}?paginate=false`, token);
      if (!Array.isArray(list)) throw new Error(`GET /${name}?paginate=false answered without a list`);
      const records: Record<string, unknown>[] = [];
      // each record as its detail route presents it (relations the screens read, children)
      for (const row of list as Record<string, unknown>[]) records.push((await get(`/${name}/${encodeURIComponent(String(row.encrypted_id ?? row.id))}`, token)) as Record<string, unknown>);
      resources[name] = records;
      log(`${name}: ${records.length}`);
    }
    // the sent notifications (a list of its own, not a CRUD resource)
    const sent = (await get('/notifications?page=1&per_page=100', token)) as { data?: Record<string, unknown>[] } | Record<string, unknown>[];
    resources.notifications = Array.isArray(sent) ? sent : (sent.data ?? []);
    // each doctor's stored slots and those open to booking, this month and the next (the calendars)
    const months = [0, 1].map((ahead) => {
      const at = new Date();
      at.setUTCDate(1);
      at.setUTCMonth(at.getUTCMonth() + ahead);
      return at.toISOString().slice(0, 7);
    });
    const dutySlots: DemoData['dutySlots'] = {};
    const openSlots: DemoData['openSlots'] = {};
    for (const doctor of resources.doctors ?? []) {
      for (const month of months) {
        const key = `${String(doctor.id)}:${month}`;
        dutySlots[key] = (await get(`/duty-roasters/slots?doctor_id=${String(doctor.id)}&month=${month}`, token)) as DemoData['dutySlots'][string];
        openSlots[key] = (await get(`/appointments/open-slots?doctor_id=${String(doctor.id)}&month=${month}`, token)) as DemoData['openSlots'][string];
      }
    }
    const dumped: DemoData = {
      generatedWith: 'scripts/demo-data.ts',
      admin: { ...DEMO_ADMIN, session },
      resources,
      permissionModules: (await get('/roles/modules', token)) as DemoData['permissionModules'],
      promotional: await get('/promotional', token),
      dutySlots,
      openSlots,
      bell: await get(`/notifications/web/admin/${encodeURIComponent(String(session.pusher_id))}`, token),
    };
    const { data, files } = withDemoFiles(dumped);
    if (filesDir) {
      for (const file of files) {
        const from = join(dataDir, 'storage', file);
        if (!existsSync(from)) throw new Error(`the demo names a stored file it does not hold: ${file}`);
        mkdirSync(dirname(join(filesDir, file)), { recursive: true });
        copyFileSync(from, join(filesDir, file));
      }
      log(`${files.length} stored files copied to ${filesDir}`);
    }
    return data;
  } finally {
    await close();
  }
}

if (require.main === module) {
  // `--files`: the stored files too, beside the data (npm run demo:static)
  const args = process.argv.slice(2);
  const out = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist-demo/demo-data.json');
  buildDemoData((line) => console.log(`  ${line}`), args.includes('--files') ? join(dirname(out), DEMO_FILES) : undefined)
    .then((data) => {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify(data));
      console.log(`Demo data written to ${out}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
