/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every module's list and add form and the custom screens in real
 * Chromium, signed out and signed in, in English and in Arabic (right to left): no serious or critical
 * violation. The scan runs through the DevTools protocol, so the console's CSP stays as served.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { RESOURCE_NAMES } from '../contract/resources';
import { describeJourney } from './helpers/journey';
import { openInConsole, signIn } from './helpers/page';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The screens scanned after signing in besides every module's (which come from contract/resources.ts, the
 * registry the console's modules are keyed by, so a new module is scanned without a line here): the
 * dashboard and the custom pages, the landing site's tabs, a profile.
 */
const SCREENS = [
  '/dashboard', '/notifications', '/notifications/send', '/locations/import', '/audit-log', '/admins/profile',
  '/promotional?tab=banner', '/promotional?tab=about', '/promotional?tab=sliders', '/promotional?tab=how_it_works', '/promotional?tab=testimonials',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

describeJourney('accessibility (axe-core in Chromium, real server)', { timeout: 1_200_000 }, (journey) => {
  /** The serious and critical violations of the page as it stands, one line each. */
  async function scan(page: Page, label: string): Promise<string[]> {
    await page.waitForLoadState('networkidle');
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html.slice(0, 160) })) }));
    });
    return (violations as Violation[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(' | ')}`);
  }

  async function open(page: Page, path: string) {
    await openInConsole(page, path);
    await page.waitForURL((url) => url.pathname === path.split('?')[0]);
    await page.locator('#main-content').waitFor({ state: 'visible' });
    await page.waitForFunction(() => (document.querySelector('#main-content') as HTMLElement | null)?.innerText.trim().length, null);
    // lazily loaded parts (the rich-text editor) have replaced their placeholders
    await page.waitForFunction(() => !document.querySelector('#main-content .MuiSkeleton-root'), null);
  }

  test.each([['en'], ['ar']])('no serious or critical violation on the sign-in form and %s main screens', (lang) =>
    journey.withPage(`a11y-${lang}`, async ({ page }) => {
      const found: string[] = [];
      // a patient, so that a profile is scanned too
      const patient = await journey.server.api<{ data: { encrypted_id: string } }>('POST', '/app-users', journey.rootToken, {
        f_name: 'Sadia', l_name: 'Noor', email: `sadia.${lang}.${Date.now()}@example.org`, phone_no: '03001234567', password: 'harbour-violet-63', confirmPassword: 'harbour-violet-63', dob: '1991-06-01',
      });
      expect(patient.status).toBe(200);
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('currentLanguage', l), lang);
      await page.goto('/');
      await page.locator('input[name=email]').waitFor();
      found.push(...(await scan(page, '/auth/login')));
      await page.goto('/auth/verifyEmail');
      await page.locator('input[name=email]').waitFor();
      found.push(...(await scan(page, '/auth/verifyEmail')));
      await page.goto('/');
      if (lang === 'en') await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      else {
        await page.locator('input[name=email]').fill(ADMIN_EMAIL);
        await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
        await page.locator('button[type=submit]').click();
        await page.waitForURL('**/dashboard');
      }
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const scanned: string[] = [];
      // every module's list, and its add form where the list offers one
      for (const name of RESOURCE_NAMES) {
        await open(page, `/${name}`);
        found.push(...(await scan(page, `/${name}`)));
        scanned.push(`/${name}`);
        if ((await page.locator(`a[href$="/${name}/create"]`).count()) === 0) continue;
        await open(page, `/${name}/create`);
        found.push(...(await scan(page, `/${name}/create`)));
        scanned.push(`/${name}/create`);
      }
      for (const path of [...SCREENS, `/app-users/${encodeURIComponent(patient.body.data.encrypted_id)}/show`]) {
        await open(page, path);
        found.push(...(await scan(page, path)));
        scanned.push(path);
      }
      // the add forms were found (a list whose button was not seen would leave its form unscanned)
      for (const path of ['/admins/create', '/roles/create', '/chw/create', '/districts/create', '/faqs/create']) expect(scanned).toContain(path);
      expect(found).toEqual([]);
    }),
  );
});
