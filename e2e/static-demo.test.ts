/**
 * The in-browser demo (npm run demo:static): dist-demo/ served by a plain static file server, no API
 * server anywhere. The sign-in form comes filled with the demo admin; signing in opens the dashboard
 * counted from the demo data; the patients list has rows; a record opens; an edit is saved and reads back.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, withPage } from './helpers/browser';
import { field, seeText } from './helpers/page';
import { ROOT } from './helpers/server';
import { serveStatic, type StaticServer } from './helpers/staticServer';
import { DEMO_ADMIN } from '../src/providers/fake/demoAdmin';
import type { DemoData } from '../src/providers/fake/demoData';

jest.setTimeout(120_000);

const DEMO_DIR = join(ROOT, 'dist-demo');
const DEMO_DATA = join(DEMO_DIR, 'demo-data.json');

/** Newest modification time (ms) under the given paths. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Builds dist-demo/ when it is missing or older than the console's or the demo generator's sources. */
function ensureDemoBuilt(): void {
  const inputs = ['src', 'contract', 'index.html', 'vite.config.ts', 'scripts/demo-data.ts', 'server/src'].map((p) => newest(join(ROOT, p)));
  const built = Math.min(newest(join(DEMO_DIR, 'index.html')), newest(DEMO_DATA));
  if (built > 0 && built >= Math.max(...inputs)) return;
  const result = spawnSync('npm', ['run', 'demo:static'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`npm run demo:static failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
}

describe('the static demo (Chromium, no API server)', () => {
  let site: StaticServer;
  let browser: Browser;
  let data: DemoData;

  beforeAll(async () => {
    ensureDemoBuilt();
    data = JSON.parse(readFileSync(DEMO_DATA, 'utf8')) as DemoData;
    site = await serveStatic(DEMO_DIR);
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  test('signs in with the filled-in demo admin, shows the dashboard, a patients list, a patient, and keeps an edit', () =>
    withPage(browser, site.url, 'static-demo', async ({ page }) => {
      await page.goto('/');
      await page.waitForURL('**/auth/login**');
      expect(await field(page, 'Email Address').inputValue()).toBe(DEMO_ADMIN.email);
      expect(await field(page, 'Password').inputValue()).toBe(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');
      // the figures are counted from the demo data
      const patients = data.resources['app-users'] ?? [];
      expect(patients.length).toBeGreaterThan(0);
      await page.getByTestId('total-patients').filter({ hasText: String(patients.length) }).waitFor();

      await page.goto('/app-users');
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBeGreaterThan(1);

      // a patient's profile
      const patient = patients[0]!;
      await page.goto(`/app-users/${String(patient.id)}/show`);
      await seeText(page, String(patient.email));

      // an edit that reads back
      await page.goto(`/app-users/${String(patient.id)}`);
      const firstName = field(page, 'First Name');
      await firstName.waitFor();
      expect(await firstName.inputValue()).toBe(String(patient.f_name));
      await firstName.fill('Zarghuna');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, /^Element updated$|^Successfully updated\.?$/);
      // the data lives in the page: to the profile through the console's own link, not a reload
      await page.getByRole('link', { name: 'Show', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/app-users/${String(patient.id)}/show`);
      await seeText(page, `Zarghuna ${String(patient.l_name)}`);

      // nothing was asked of an API: every request was a file of dist-demo/
      expect(site.requests.filter((path) => path.startsWith('/api') || path.startsWith('/storage'))).toEqual([]);
    }));
});
