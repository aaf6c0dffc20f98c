/**
 * The third backend (README, "A third backend: json-server"): the console built on ra-data-json-server
 * and the kit's withConsoleMethods (src/providers/examples/), over the json-server example
 * (examples/json-server/server.ts: the demo data behind a token sign-in), which also serves that build.
 * From the bare address, signed out: react-admin's own sign-in page (the integrator's, given to App);
 * signing in opens the dashboard counted from the lists; a list, a record, an edit kept by the backend,
 * the app bar's search; and no page error.
 */
import type { Browser } from 'playwright-core';
import { startJsonServer } from '../examples/json-server/server';
import { launchBrowser, withPage } from './helpers/browser';
import { field, seeText } from './helpers/page';
import { ensureJsonServerConsoleBuilt } from './helpers/server';
import { DEMO_ADMIN } from '../src/providers/fake/demoAdmin';
import type { DemoData } from '../src/providers/fake/demoData';

jest.setTimeout(240_000);

type Row = Record<string, unknown>;

describe('the console on json-server (ra-data-json-server with withConsoleMethods, Chromium)', () => {
  let backend: Awaited<ReturnType<typeof startJsonServer>>;
  let browser: Browser;
  let data: DemoData;
  const records = (resource: string): Row[] => data.resources[resource] ?? [];
  /** What the backend holds now, asked with the demo admin's token. */
  const held = async (path: string): Promise<Row> => {
    const login = (await (await fetch(`${backend.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })).json()) as { token: string };
    return (await (await fetch(`${backend.url}/api${path}`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as Row;
  };

  beforeAll(async () => {
    // the example as it is run: the demo data made afresh, its stored files copied beside the console
    backend = await startJsonServer(0, ensureJsonServerConsoleBuilt());
    data = JSON.parse(JSON.stringify(backend.data)) as DemoData;
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.close();
  });

  test('from the bare address: signs in on the integrator\'s page, opens on the dashboard, a list, a record, a kept edit, the search', () =>
    withPage(browser, backend.url, 'json-server', async ({ page }) => {
      const apiCalls: string[] = [];
      const failed: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api')) apiCalls.push(path);
      });
      // the page's errors, but for the browser's own favicon.ico (the console names no icon; json-server has none)
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) failed.push(`console: ${message.text()} at ${message.location().url}`);
      });
      page.on('pageerror', (error) => failed.push(`pageerror: ${error.message}`));
      page.on('response', (response) => {
        // (a 401 is react-admin's checkAuth before signing in)
        if (response.status() >= 400 && response.status() !== 401 && !response.url().endsWith('/favicon.ico')) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });

      // signed out: react-admin's sign-in page, the integrator's choice
      // (the address changes on its way to the form, counted: react-admin's sign-out before it ran about 900
      // times over 10 s of blank page while react-router's transition to /login waited; integratorRouter.tsx)
      let addressChanges = 0;
      page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) addressChanges += 1; });
      await page.goto('/');
      await page.waitForURL('**/#/login');
      await field(page, 'Username').waitFor();
      expect(addressChanges).toBeLessThanOrEqual(3);
      await field(page, 'Username').fill(DEMO_ADMIN.email);
      await field(page, 'Password').fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      // the dashboard, counted from the lists
      await page.waitForURL('**/#/dashboard');
      const patients = records('app-users');
      await page.getByTestId('total-patients').filter({ hasText: String(patients.length) }).waitFor();

      // a list: the doctors, from GET /api/doctors
      const doctor = records('doctors')[0]!;
      await page.goto('/#/doctors');
      await page.getByRole('row').filter({ hasText: String(doctor.email) }).waitFor();

      // a record: a patient's page
      const patient = patients[0]!;
      await page.goto(`/#/app-users/${String(patient.id)}/show`);
      await seeText(page, String(patient.email));

      // an edit the backend keeps
      const specialization = records('specializations')[0]!;
      await page.goto(`/#/specializations/${String(specialization.id)}`);
      const title = field(page, 'Name');
      await title.waitFor();
      expect(await title.inputValue()).toBe(String(specialization.title));
      await title.fill(`${String(specialization.title)} (adults)`);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, /^Successfully updated\.?$/);
      expect((await held(`/specializations/${String(specialization.id)}`)).title).toBe(`${String(specialization.title)} (adults)`);

      // the app bar's search, over the lists (q), to the patient's page
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('combobox', { name: 'Search' }).fill(String(patient.l_name));
      const hit = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').filter({ hasText: `${String(patient.f_name)} ${String(patient.l_name)}` }).first();
      await hit.click();
      await page.waitForURL((url) => url.hash.startsWith(`#/app-users/${String(patient.id)}`));
      await seeText(page, String(patient.email));

      // the console asked this backend only (no /api/admin), nothing failed, the page logged no error
      expect(apiCalls.filter((path) => /^\/api\/admin(\/|$)/.test(path))).toEqual([]);
      expect(apiCalls.length).toBeGreaterThan(0);
      expect(failed).toEqual([]);
    }));
});
