/**
 * The shell's journeys: a notification pushed to another admin's open console over the embedded
 * Pusher-protocol endpoint, and the Arabic right-to-left layout with the stored language choice.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { choose, field, seeText, signIn } from './helpers/page';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const unread = async (page: Page) => Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1]);

describeJourney('shell journeys (Chromium, real server)', { timeout: 120_000 }, (journey) => {
  /** a sub admin made through the API, holding the given permissions */
  async function subAdmin(tag: string, permissions: string[]) {
    const role = await journey.server.api<{ data: { id: number } }>('POST', '/roles', journey.rootToken, { name: `Shell ${tag}`, permissions });
    expect(role.status).toBe(200);
    const email = `shell.${tag}@example.org`;
    const password = 'Shell-pass-12';
    const made = await journey.server.api('POST', '/admins', journey.rootToken, {
      f_name: 'Bilal', l_name: tag, email, cnic: '3520112345671', role_id: role.body.data.id, password, confirmPassword: password,
    });
    expect(made.status).toBe(200);
    return { email, password };
  }

  test("admin B's bell rises, without reload, when admin A sends a notification", () =>
    journey.withPage('bell-push-admin-a', async ({ page: pageA }) =>
      journey.withPage('bell-push-admin-b', async ({ page: pageB }) => {
        const b = await subAdmin('b', ['view_location']);
        await signIn(pageB, b.email, b.password);
        await bell(pageB).waitFor();
        expect(await unread(pageB)).toBe(0);
        // a marker that only survives if the page is not reloaded
        await pageB.evaluate(() => Object.assign(window, { __noReload: true }));

        await signIn(pageA, ADMIN_EMAIL, ADMIN_PASSWORD);
        await pageA.goto('/notifications/send');
        // the form counts the audience as the server will (the active admins: root and B at least)
        await choose(pageA, 'Audience', 'Patients');
        await seeText(pageA, /^This will reach \d[\d,]* recipients?$/);
        await choose(pageA, 'Audience', 'Admins');
        const admins = (await journey.server.api<{ data: { recipients: number } }>('GET', '/notifications/audience?sendTo=admin', journey.rootToken)).body.data.recipients;
        expect(admins).toBeGreaterThanOrEqual(2);
        await seeText(pageA, `This will reach ${admins} recipients`);
        await field(pageA, 'Title').fill('Cold chain check');
        await field(pageA, 'Message').fill('Please log the fridge temperatures today.');
        await pageA.getByRole('button', { name: 'Submit', exact: true }).click();
        // Submit asks first, naming the count; Cancel sends nothing, Send sends
        const confirm = pageA.getByRole('dialog', { name: 'Send “Cold chain check”?' });
        await confirm.getByText(`It will reach ${admins} recipients (Admins).`).waitFor();
        await screenshot(pageA, 'notification-confirm');
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'hidden' });
        const sentSoFar = await journey.server.api<{ data: { total: number } }>('GET', '/notifications?search=Cold%20chain%20check', journey.rootToken);
        expect(sentSoFar.body.data.total).toBe(0);
        await pageA.getByRole('button', { name: 'Submit', exact: true }).click();
        await confirm.getByRole('button', { name: 'Send', exact: true }).click();
        await seeText(pageA, `Sending to ${admins} admins.`);

        await pageB.waitForFunction(() => /Notifications, 1 unread/.test(document.querySelector('[aria-label^="Notifications,"]')?.getAttribute('aria-label') ?? ''));
        expect(await pageB.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
        await bell(pageB).click();
        await pageB.getByText('Cold chain check').first().waitFor();
        await screenshot(pageB, 'bell-after-push');
        await pageB.getByRole('button', { name: 'Mark all as read' }).click();
        await pageB.keyboard.press('Escape');
        await pageB.waitForFunction(() => /Notifications, 0 unread/.test(document.querySelector('[aria-label^="Notifications,"]')?.getAttribute('aria-label') ?? ''));
      })));

  test("an open list refreshes when another admin adds a record", () =>
    journey.withPage('live-list', async ({ page }) => {
      // the list listens once its subscription is confirmed: watch the socket's frames for it
      let subscribed!: () => void;
      const listening = new Promise<void>((resolve) => (subscribed = resolve));
      page.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          if (String(payload).includes('subscription_succeeded') && String(payload).includes('private-changes.districts')) subscribed();
        }),
      );
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto('/districts');
      await page.getByPlaceholder('Type here to search...').waitFor();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        listening,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the districts list never subscribed to its changes')), 15_000))),
      ]).finally(() => clearTimeout(timer));
      await page.evaluate(() => Object.assign(window, { __noReload: true }));
      // another admin writes through the API while this list is open
      const other = await subAdmin('live', ['view_location', 'create_location']);
      const token = await journey.server.login(other.email, other.password);
      const made = await journey.server.api('POST', '/districts', token, { title: 'Chitral Live' });
      expect(made.status).toBe(200);
      await page.getByRole('cell', { name: 'Chitral Live' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    }));

  test('Arabic lays the console out right to left with the sidebar on the right; the stored choice survives a reload', () =>
    journey.withPage('arabic-rtl', async ({ page }) => {
      const languageButton = () => page.getByRole('button', { name: /Language$/ }).first();
      const direction = () => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang, stored: localStorage.getItem('currentLanguage') }));
      /** where the sidebar sits: the middle of its first menu entry against the middle of the window */
      const sidebarSide = async () => {
        const box = await page.getByRole('menuitem').first().boundingBox();
        if (!box) throw new Error('no sidebar entry on screen');
        return box.x + box.width / 2 > (page.viewportSize()?.width ?? 0) / 2 ? 'right' : 'left';
      };

      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto('/areas');
      expect((await direction()).dir).not.toBe('rtl');
      expect(await sidebarSide()).toBe('left');
      // the module's own words (src/resources/areas/words/), in the language's chunk
      await page.getByText('Add VC').first().waitFor();

      await languageButton().click();
      await page.getByRole('menuitem', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await direction()).toEqual({ dir: 'rtl', lang: 'ar-AE', stored: 'ar' });
      for (const deadline = Date.now() + 10_000; (await sidebarSide()) !== 'right' && Date.now() < deadline; ) await page.waitForTimeout(100);
      expect(await sidebarSide()).toBe('right');
      await page.getByText('إضافة مجلس قروي').first().waitFor();
      await screenshot(page, 'areas-arabic');
      // a module's words from its one words.ts (all languages side by side: src/resources/interests/words.ts)
      await page.goto('/interests');
      await page.getByText('إضافة اهتمام').first().waitFor();

      // the choice is stored: a reload stays in Arabic
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');

      // back to English, and a reload keeps English
      await languageButton().click();
      await page.getByRole('menuitem', { name: 'English (US)' }).click();
      await page.waitForFunction(() => document.documentElement.dir !== 'rtl');
      await page.reload();
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
      expect(await direction()).toMatchObject({ lang: 'en-US', stored: 'en' });
      expect((await direction()).dir).not.toBe('rtl');
      expect(await sidebarSide()).toBe('left');
    }));
});
