/**
 * Sign-in → charts drawn, for two or more builds of the console taking turns (paired runs on a shared
 * machine): one server per build over copies of the same seeded SQLite data, one headless Chromium, a
 * fresh context a sign-in, typed once the page has fetched ahead and is idle (as bench/browser.ts does).
 *
 *   npx tsx bench/signInPairs.ts [--rounds 7] [--scale 1] [--log] [--profile file] <console dir> <console dir> ...
 *
 * Prints each build's runs, median and longest task, and the load average; `--log` echoes the page's
 * console (for a build with probes in it); `--profile` writes a CPU profile of each sign-in (file-<round>-<build>.cpuprofile). The server is the built one (`npm run build:server` first).
 */
import { chromium, type Page } from 'playwright-core';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { prepareAndSeedDemo } from '../server/src/seeds/demo';

const ROOT = path.resolve(__dirname, '..');
const EMAIL = 'bench-root@example.org';
const PASSWORD = 'bench-root-password-1';
const HOST = '127.0.0.1';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  args.splice(i, 2);
  return value;
};
const rounds = option('--rounds', 7);
const scale = option('--scale', 1);
const log = args.includes('--log');
const profileAt = args.indexOf('--profile');
const profileFile = profileAt >= 0 ? path.resolve(args.splice(profileAt, 2)[1]!) : null;
const builds = args.filter((a) => a !== '--log').map((a) => path.resolve(a));
if (builds.length === 0 || builds.some((b) => !existsSync(path.join(b, 'index.html')))) {
  console.error('usage: npx tsx bench/signInPairs.ts [--rounds 7] [--scale 1] [--log] <console dir with index.html> ...');
  process.exit(2);
}
const serverMain = path.join(ROOT, 'build/server/src/main.js');
if (!existsSync(serverMain)) throw new Error('no server build: npm run build:server');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const taskset = spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2;

const children: ChildProcess[] = [];
const dirs: string[] = [];
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

async function startServer(dataDir: string, consoleDir: string): Promise<string> {
  const port = await freePort();
  const argv = [process.execPath, serverMain];
  const cmd = taskset ? ['taskset', '-c', '0', ...argv] : argv;
  const url = `http://${HOST}:${port}`;
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, CONSOLE_DIR: consoleDir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, PUBLIC_URL: url, PORT: String(port), HOST, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server for ${consoleDir} exited`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error('the server did not answer /api/health');
}

/** Waits until the page has had no request open for `ms` and the main thread has been idle once. */
async function settled(page: Page, ms = 500) {
  let open = 0;
  let last = Date.now();
  page.on('request', () => ((open += 1), (last = Date.now())));
  const done = () => ((open = Math.max(0, open - 1)), (last = Date.now()));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  for (let i = 0; i < 600 && (open > 0 || Date.now() - last < ms); i++) await sleep(50);
  await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as { requestIdleCallback(cb: () => void, o: { timeout: number }): void }).requestIdleCallback(() => resolve(null), { timeout: 10_000 })));
}

interface Run {
  ms: number;
  longestTaskMs: number;
  dashboardRequestMs: number;
  loginAnsweredMs: number;
  layoutMs: number;
  surfaceMs: number;
  dashboardAnsweredMs: number;
}

async function signIn(page: Page): Promise<Run> {
  await page.getByLabel(/^Email Address/).fill(EMAIL);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.evaluate(`(() => {
    const tasks = (globalThis.benchLongTasks = []);
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask' });
    const marks = (globalThis.benchMarks = {});
    const seen = () => {
      const now = performance.now();
      if (marks.layout === undefined && document.querySelector('.RaLayout-appFrame, .layout')) marks.layout = now;
      if (marks.surface === undefined && document.querySelector('.recharts-surface')) marks.surface = now;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  })()`);
  const clickedAt = await page.evaluate(() => performance.now());
  const started = performance.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.locator('.recharts-surface').first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = performance.now() - started;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const figures = await page.evaluate((t0) => {
    const entries = performance.getEntriesByType('resource') as unknown as { name: string; startTime: number; responseEnd: number }[];
    const dashboard = entries.find((e) => e.name.endsWith('/api/admin/dashboard') && e.startTime >= t0);
    const login = entries.find((e) => e.name.endsWith('/api/admin/login') && e.startTime >= t0);
    const marks = (globalThis as unknown as { benchMarks: { layout?: number; surface?: number } }).benchMarks;
    return {
      layoutMs: (marks.layout ?? t0 - 1) - t0,
      surfaceMs: (marks.surface ?? t0 - 1) - t0,
      dashboardAnsweredMs: dashboard ? dashboard.responseEnd - t0 : -1,
      longestTaskMs: Math.max(0, ...(globalThis as unknown as { benchLongTasks: number[] }).benchLongTasks),
      dashboardRequestMs: dashboard ? dashboard.startTime - t0 : -1,
      loginAnsweredMs: login ? login.responseEnd - t0 : -1,
    };
  }, clickedAt);
  return { ms, ...figures };
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error('no Chromium');
  const seeded = mkdtempSync(path.join(os.tmpdir(), 'signin-pairs-'));
  dirs.push(seeded);
  console.log(`seeding the demo data at scale ${scale}`);
  await prepareAndSeedDemo(loadConfig({ DATA_DIR: seeded, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' }), { scale, log: () => undefined });
  const urls: string[] = [];
  for (const build of builds) {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'signin-pairs-copy-'));
    dirs.push(copy);
    cpSync(seeded, copy, { recursive: true });
    urls.push(await startServer(copy, build));
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const runs = builds.map(() => [] as Run[]);
  try {
    for (let round = 0; round < rounds; round++) {
      // who goes first alternates, so neither build always follows the other
      const order = builds.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const i of order) {
        const context = await browser.newContext({ baseURL: urls[i], viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
        const page = await context.newPage();
        if (log) page.on('console', (m) => console.log(`  [${path.basename(builds[i]!)}] ${m.text()}`));
        await page.goto('/');
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
        await settled(page);
        const cdp = profileFile ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const run = await signIn(page);
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(profileFile!.replace(/(\.cpuprofile)?$/, `-${round + 1}-${i}.cpuprofile`), JSON.stringify(profile));
        }
        runs[i]!.push(run);
        console.log(`round ${round + 1} ${path.basename(builds[i]!)}: ${Math.round(run.ms)} ms (login answered ${Math.round(run.loginAnsweredMs)}, layout in the page ${Math.round(run.layoutMs)}, GET /dashboard sent ${Math.round(run.dashboardRequestMs)} answered ${Math.round(run.dashboardAnsweredMs)}, chart's svg in the page ${Math.round(run.surfaceMs)}, longest task ${Math.round(run.longestTaskMs)}), load ${os.loadavg()[0]!.toFixed(1)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nmedians of ${rounds} (load average now ${os.loadavg().map((n) => n.toFixed(1)).join(', ')}):`);
  builds.forEach((b, i) => {
    const r = runs[i]!;
    console.log(
      `  ${b}: ${Math.round(median(r.map((x) => x.ms)))} ms (${r.map((x) => Math.round(x.ms)).join(', ')}); longest task ${Math.round(median(r.map((x) => x.longestTaskMs)))} ms; login answered ${Math.round(median(r.map((x) => x.loginAnsweredMs)))} ms, layout in the page ${Math.round(median(r.map((x) => x.layoutMs)))} ms, GET /dashboard sent ${Math.round(median(r.map((x) => x.dashboardRequestMs)))} ms and answered ${Math.round(median(r.map((x) => x.dashboardAnsweredMs)))} ms, the chart's svg in the page ${Math.round(median(r.map((x) => x.surfaceMs)))} ms`,
    );
  });
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanup);
