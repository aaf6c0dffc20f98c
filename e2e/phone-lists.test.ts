/**
 * Every list on a phone (390 px wide), in English and in Arabic (right to left), in real Chromium against
 * the real server: a record of every module (each declaration's own sample, so a new module is walked
 * without a line here) and a sent notification, then, signed in from the bare address, each module's list
 * and the custom lists (notifications, the audit log). On each: the page's name whole (the app bar's title
 * where it shows, the breadcrumbs), nothing wider than the screen (the page's scroll width, and no element
 * of the screen reaching past an edge), and every row shows its title whole (given the width, never cut)
 * and its actions with their words. A screenshot of each is kept under
 * test-results/ (phone-<lang>-<list>.png).
 */
import type { Page } from 'playwright-core';
import { registry } from '../server/src/resources/registry';
import { sampler } from '../server/test/helpers/http';
import { httpClient } from './helpers/api';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { openInConsole, readInArabic } from './helpers/page';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';

const PHONE = { width: 390, height: 844 };
/** Lists that are screens of their own rather than a module's (App.tsx's custom routes). */
const CUSTOM_LISTS = ['/notifications', '/audit-log'];

interface RowMeasure {
  title: string;
  titleCut: boolean;
  titleWidth: number;
  actions: { name: string; shown: boolean; width: number; why: string }[];
}

interface ScreenMeasure {
  /** the page's name: the app bar's title where it shows, the breadcrumbs' last */
  titleBarCut: boolean;
  crumb: string;
  crumbCut: boolean;
  pageWidth: number;
  viewport: number;
  outside: string[];
  rows: RowMeasure[];
}

/** What the screen shows: its width, anything past an edge, and each phone row's title and actions. */
const measure = (page: Page): Promise<ScreenMeasure> =>
  page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const main = document.querySelector('#main-content')!;
    const outside = [...main.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        // inside a box that scrolls sideways (the audit log's table) or clips (visually hidden text): not past the screen's edge
        for (let up = el.parentElement; up && up !== main; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX !== 'visible' && up.getBoundingClientRect().right <= viewport + 1 && up.getBoundingClientRect().left >= -1) return false;
        }
        return box.right > viewport + 1 || box.left < -1;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')} ${el.innerText?.slice(0, 40) ?? ''}`);
    const rows = [...main.querySelectorAll<HTMLElement>('.list-row')].map((row) => {
      const title = row.querySelector<HTMLElement>('.list-row-title');
      const actions = [...row.querySelectorAll<HTMLElement>('.labelled-actions button, .labelled-actions a')].map((control) => {
        const name = (control.getAttribute('aria-label') ?? control.innerText).trim();
        // a word on the control: its own text, or its name drawn beside its icon (LabelledActions)
        const drawn = getComputedStyle(control, '::after').content;
        let opacity = 1;
        for (let el: HTMLElement | null = control; el && el !== row; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity);
        const worded = control.innerText.trim() !== '' || (drawn !== 'none' && drawn !== 'normal' && name !== '');
        return { name, shown: worded && opacity > 0.5, width: control.getBoundingClientRect().width, why: `opacity ${opacity.toFixed(2)}, text "${control.innerText.trim()}", drawn ${drawn}` };
      });
      return {
        title: title?.innerText.trim() ?? '',
        titleCut: title ? title.scrollWidth > title.clientWidth + 1 : true,
        titleWidth: title?.getBoundingClientRect().width ?? 0,
        actions,
      };
    });
    const bar = document.getElementById('react-admin-title');
    const titleBarCut = bar !== null && getComputedStyle(bar).visibility !== 'hidden' && bar.scrollWidth > bar.clientWidth + 1;
    const crumbs = [...document.querySelectorAll<HTMLElement>('.MuiBreadcrumbs-li')];
    const last = crumbs[crumbs.length - 1];
    const crumbCut = !last || [last, ...last.querySelectorAll<HTMLElement>('*')].some((el) => el.scrollWidth > el.clientWidth + 1);
    return { titleBarCut, crumb: last?.innerText.trim() ?? '', crumbCut, pageWidth: document.documentElement.scrollWidth, viewport, outside, rows };
  });

describeJourney('every list on a phone, in English and Arabic (Chromium, real server)', { timeout: 600_000 }, (journey) => {
  test("each list fits a 390 px screen; each row shows its title whole and its actions' words", () =>
    journey.withPage('phone-lists', async ({ page, pageErrors }) => {
      // --- a record in every module's list, and a notification sent
      const api = httpClient(journey.server, await journey.server.login(ADMIN_EMAIL, ADMIN_PASSWORD));
      const { ref } = sampler(api);
      for (const def of registry.resources) await ref(def.name);
      const sent = await api.post('/api/admin/notifications/send', { sendTo: 'admin', title: 'The clinic closes early on Friday', body: 'Doors close at 13:00.', channel: 'web', type: 'admin' });
      expect(sent.statusCode).toBe(202); // accepted: the copies are stored after the answer
      const lists = [...registry.resources.map((def) => `/${def.name}`), ...CUSTOM_LISTS];

      await journey.signInFromTheStart(page);
      // a phone: its size, a touch screen without hover (what shows only on hover must show here)
      expect(await page.evaluate(() => [innerWidth, matchMedia('(hover: none)').matches])).toEqual([PHONE.width, true]);
      const problems: string[] = [];
      let rowsSeen = 0;
      for (const lang of ['en', 'ar']) {
        if (lang === 'ar') {
          await readInArabic(page);
        }
        for (const path of lists) {
          await openInConsole(page, path);
          await page.waitForURL((url) => url.pathname === path);
          const custom = CUSTOM_LISTS.includes(path);
          await page.locator('#main-content .list-row').first().waitFor();
          await screenshot(page, `phone-${lang}-${path.slice(1)}`, true);
          const seen = await measure(page);
          const at = `${lang} ${path}`;
          if (seen.titleBarCut) problems.push(`${at}: the app bar's title is cut`);
          if (!seen.crumb || seen.crumbCut) problems.push(`${at}: the page's name in the breadcrumbs is cut ("${seen.crumb}")`);
          if (seen.pageWidth > seen.viewport) problems.push(`${at}: the page is ${seen.pageWidth} px wide on a ${seen.viewport} px screen`);
          for (const what of seen.outside) problems.push(`${at}: past the screen's edge: ${what}`);
          if (!seen.rows.length) problems.push(`${at}: no rows`);
          for (const row of seen.rows) {
            rowsSeen++;
            if (!row.title || row.titleCut || row.titleWidth < 150) problems.push(`${at}: the title "${row.title}" is cut or squeezed (${Math.round(row.titleWidth)} px)`);
            if (!custom && !row.actions.length) problems.push(`${at}: "${row.title}" has no actions`);
            for (const action of row.actions) if (!action.name || !action.shown) problems.push(`${at}: "${row.title}" has an action without a word (${action.name || 'unnamed'}, ${Math.round(action.width)} px: ${action.why})`);
          }
        }
      }
      expect(problems).toEqual([]);
      // every module's list and the notifications, in both languages, had rows to look at
      expect(rowsSeen).toBeGreaterThanOrEqual((registry.resources.length + 1) * 2);
      expect(pageErrors).toEqual([]);
    }, { viewport: PHONE, hasTouch: true, isMobile: true }));
});
