/**
 * The in-browser demo (npm run demo:static): dist-demo/ served by a plain static file server that knows
 * nothing of the app (a 404 for any path but its files), no API server anywhere. From the bare address,
 * signed out: the sign-in form comes filled with the demo admin; signing in opens the dashboard counted
 * from the demo data; a deep link (the address kept in the hash) opens a patient; an appointment is
 * booked (specialization, doctor, day, slot) and shows on the patient's timeline; a Survey task is added
 * for the tehsil's active CHW; the patients are exported as a real XLSX; an edit is kept; the images
 * load; and nothing asked for an API.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, withPage } from './helpers/browser';
import { choose, field, seeText } from './helpers/page';
import { ROOT } from './helpers/server';
import { serveStatic, type StaticServer } from './helpers/staticServer';
import { sheetRows, unzipEntry } from '../server/test/helpers/spreadsheet';
import { DEMO_ADMIN } from '../src/providers/fake/demoAdmin';
import type { DemoData } from '../src/providers/fake/demoData';

jest.setTimeout(240_000);

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

type Row = Record<string, unknown>;

describe('the static demo (Chromium, a plain file server, no API server)', () => {
  let site: StaticServer;
  let browser: Browser;
  let data: DemoData;
  const records = (resource: string): Row[] => data.resources[resource] ?? [];
  const byId = (resource: string, id: unknown) => records(resource).find((record) => record.id === id)!;
  const fullName = (record: Row) => `${String(record.f_name)} ${String(record.l_name)}`;

  beforeAll(async () => {
    ensureDemoBuilt();
    data = JSON.parse(readFileSync(DEMO_DATA, 'utf8')) as DemoData;
    site = await serveStatic(DEMO_DIR, { fallback: false });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  test('from the bare address: signs in, opens a deep link, books an appointment seen on the timeline, adds a survey task, exports Excel, keeps an edit', () =>
    withPage(browser, site.url, 'static-demo', async ({ page }) => {
      // the server knows no console path: the addresses are kept in the hash
      expect((await fetch(`${site.url}/app-users`)).status).toBe(404);
      const brokenImages: string[] = [];
      page.on('requestfailed', (request) => brokenImages.push(request.url()));
      page.on('response', (response) => {
        if (response.status() >= 400) brokenImages.push(response.url());
      });

      await page.goto('/');
      await page.waitForURL('**/#/auth/login**');
      expect(await field(page, 'Email Address').inputValue()).toBe(DEMO_ADMIN.email);
      expect(await field(page, 'Password').inputValue()).toBe(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/#/dashboard');
      // the figures are counted from the demo data
      const patients = records('app-users');
      expect(patients.length).toBeGreaterThan(0);
      await page.getByTestId('total-patients').filter({ hasText: String(patients.length) }).waitFor();

      // --- a deep link, loaded anew: the patient's page
      const patient = patients[0]!;
      await page.goto(`/#/app-users/${String(patient.id)}/show`);
      await seeText(page, String(patient.email));

      // --- book an appointment with a doctor who has open slots this month, by his specialization
      const [slotKey, slots] = Object.entries(data.openSlots).find(([key, open]) => open.length > 0 && key.endsWith(new Date().toISOString().slice(0, 7))) ?? Object.entries(data.openSlots).find(([, open]) => open.length > 0)!;
      const doctor = byId('doctors', Number(slotKey.split(':')[0]));
      const specialization = byId('specializations', (doctor.specializationIds as number[])[0]);
      const slot = slots[0]!;
      await page.getByRole('tab', { name: 'Health System' }).click();
      await page.getByRole('button', { name: 'Book appointment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
      await dialog.getByRole('combobox', { name: 'Specialization' }).click();
      await page.getByRole('option', { name: String(specialization.title), exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Doctor' }).click();
      await page.getByRole('option', { name: `Dr ${fullName(doctor)}`, exact: true }).click();
      if (!slotKey.endsWith(new Date().toISOString().slice(0, 7))) await dialog.getByRole('button', { name: 'Next month' }).click();
      const day = dialog.locator(`button[data-day="${slot.date}"]`);
      await page.waitForFunction((sel) => document.querySelector(sel) !== null && !(document.querySelector(sel) as HTMLButtonElement).disabled, `button[data-day="${slot.date}"]`);
      await day.click();
      const time = `${slot.s_time}–${slot.e_time}`;
      await dialog.getByRole('radiogroup').getByRole('radio', { name: time }).click();
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await seeText(page, new RegExp(`Booked for .* at ${slot.s_time}\\.`));
      await dialog.waitFor({ state: 'detached' });
      // on the timeline at once: the doctor's name and the slot's times, Booked
      await page.getByText(`Dr ${fullName(doctor)} · ${time}`).waitFor();
      expect(await page.getByText(/undefined/).count()).toBe(0);

      // --- a Survey task for the tehsil's active CHW
      const chw = records('chw').find((c) => c.status === 1 && c.tehsil_id != null)!;
      const tehsil = byId('tehsils', chw.tehsil_id);
      const district = byId('districts', tehsil.district_id);
      const form = records('dynamic-forms').find((f) => f.status === 1)!;
      await page.goto('/#/tasks/create');
      await field(page, 'Title').fill('Household survey, demo round');
      await choose(page, 'Type', 'Survey');
      await choose(page, 'Survey Form', String(form.title));
      const today = new Date().toISOString().slice(0, 10);
      await field(page, 'Start Date').fill(today);
      await field(page, 'End Date').fill(today);
      await choose(page, 'District', String(district.title));
      await choose(page, 'Tehsil', String(tehsil.title));
      await field(page, 'CHWs').click();
      await page.getByRole('option', { name: fullName(chw), exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.locator('input[type=file]').setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, /added\.$/);
      await page.goto('/#/tasks');
      await page.getByRole('row').filter({ hasText: 'Household survey, demo round' }).waitFor();

      // --- the patients as a real XLSX, built in the browser
      await page.goto('/#/app-users');
      await page.locator('tbody tr').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^app-users-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const file = readFileSync((await download.path())!);
      expect(file.subarray(0, 2).toString()).toBe('PK');
      const rows = sheetRows(unzipEntry(file, 'xl/worksheets/sheet1.xml'));
      expect(rows).toHaveLength(1 + patients.length);
      expect(rows[0]).toEqual(expect.arrayContaining(['ID', 'Email']));
      expect(rows.flat()).toContain(String(patient.email));

      // --- an edit that reads back (the data lives in the page: through the console's own links)
      await page.goto(`/#/app-users/${String(patient.id)}`);
      const firstName = field(page, 'First Name');
      await firstName.waitFor();
      expect(await firstName.inputValue()).toBe(String(patient.f_name));
      await firstName.fill('Zarghuna');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, /^Element updated$|^Successfully updated\.?$/);
      await page.getByRole('link', { name: 'Show', exact: true }).click();
      await page.waitForURL((url) => url.hash === `#/app-users/${String(patient.id)}/show`);
      await seeText(page, `Zarghuna ${String(patient.l_name)}`);

      // --- the images of the health literacy content load from the demo's own files
      await page.goto('/#/health-literacy-content');
      const image = page.locator('article img').first();
      await image.waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('article img')].every((img) => (img as HTMLImageElement).complete));
      expect(await page.locator('article img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth === 0).map((img) => (img as HTMLImageElement).src))).toEqual([]);

      // nothing was asked of an API, and every file asked for was there
      expect(site.requests.filter((path) => path.startsWith('/api') || path.startsWith('/storage'))).toEqual([]);
      expect(brokenImages).toEqual([]);
    }));
});
