/**
 * Lists on a laptop's screen (1366 × 768), in English and in Arabic, in real Chromium against the real
 * server: with more records than a screen holds, each list shows at least ten whole rows on its first
 * screen, before any scrolling (the filters, the search and the table's head above them included).
 * Lists of every shape: people with photos (patients, doctors, CHWs, admins), reference data with a
 * filter bar and dates (districts, specializations), and the sent notifications (a list of its own).
 * A screenshot of each is kept under test-results/ (desktop-<lang>-<list>.png).
 */
import type { Page } from 'playwright-core';
import { registry } from '../server/src/resources/registry';
import { sampler } from '../server/test/helpers/http';
import type { ResourceName } from '../contract/resources';
import { httpClient } from './helpers/api';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { openInConsole, readInArabic } from './helpers/page';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';

const LAPTOP = { width: 1366, height: 768 };
/** the modules' lists walked, each given more records than ten */
const MODULES: ResourceName[] = ['app-users', 'doctors', 'chw', 'admins', 'districts', 'specializations', 'tasks'];
const RECORDS = 14;
const WANTED_ROWS = 10;

/** The table's rows wholly on the first screen, and what stands above the first of them. */
const visibleRows = (page: Page) =>
  page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('#main-content tbody tr')];
    const whole = rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
    });
    const first = rows[0]?.getBoundingClientRect();
    return { rows: rows.length, whole: whole.length, firstTop: Math.round(first?.top ?? -1), rowHeight: Math.round(first?.height ?? -1), scrollY };
  });

describeJourney('lists on a 1366 × 768 screen, in English and Arabic (Chromium, real server)', { timeout: 600_000 }, (journey) => {
  test(`each list shows at least ${WANTED_ROWS} whole rows on its first screen`, () =>
    journey.withPage('desktop-lists', async ({ page, pageErrors }) => {
      const api = httpClient(journey.server, await journey.server.login(ADMIN_EMAIL, ADMIN_PASSWORD));
      const { sampleOf } = sampler(api);
      for (const name of MODULES) {
        const def = registry.byName.get(name)!;
        for (let i = 0; i < RECORDS; i++) {
          const made = await api.post(`/api/admin/${name}`, await sampleOf(def));
          expect([name, made.statusCode]).toEqual([name, 200]);
        }
      }
      for (let i = 0; i < RECORDS; i++) {
        const sent = await api.post('/api/admin/notifications/send', { sendTo: 'admin', title: `Stock count ${i + 1}`, body: 'Count the vaccines.' });
        expect(sent.statusCode).toBe(202);
      }
      const lists = [...MODULES.map((name) => `/${name}`), '/notifications'];

      await journey.signInFromTheStart(page);
      expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([LAPTOP.width, LAPTOP.height]);
      const problems: string[] = [];
      for (const lang of ['en', 'ar']) {
        if (lang === 'ar') {
          await readInArabic(page);
        }
        for (const path of lists) {
          await openInConsole(page, path);
          await page.waitForURL((url) => url.pathname === path);
          await page.waitForFunction((wanted) => document.querySelectorAll('#main-content tbody tr').length >= wanted, WANTED_ROWS + 1);
          await page.evaluate(() => scrollTo(0, 0));
          await screenshot(page, `desktop-${lang}-${path.slice(1)}`);
          const seen = await visibleRows(page);
          if (seen.whole < WANTED_ROWS) problems.push(`${lang} ${path}: ${seen.whole} whole rows of ${seen.rows} (the first at ${seen.firstTop} px, ${seen.rowHeight} px high)`);
        }
      }
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, { viewport: LAPTOP }));
});
