/** Page helpers shared by the journeys: user-facing selectors only; every wait bounded by WAIT_MS. */
import type { Page } from 'playwright-core';
import { WAIT_MS } from './browser';

/** An input by its label: MUI adds a thin space and "*" to required labels, and an empty select a zero-width space. */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*\u200b]*$`));

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

export async function signOut(page: Page) {
  // react-admin's user menu button: the admin's name, then 'Profile' (ra.auth.user_menu).
  await page.getByRole('button', { name: /Profile$/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // the form remembers the page left (?next=), so that signing in again leads back to it
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

export const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

/** Waits for the toast / text to appear. */
export const seeText = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });

/** The error shown under a field: the element its aria-describedby points at (MUI's helper text). */
export async function errorUnder(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  await page.waitForFunction(
    (el) => el?.getAttribute('aria-invalid') === 'true',
    await input.elementHandle({ timeout: WAIT_MS }),
    { timeout: WAIT_MS },
  );
  const describedBy = await input.getAttribute('aria-describedby');
  if (!describedBy) throw new Error(`the field '${label}' has no aria-describedby to carry its error`);
  const texts = await Promise.all(describedBy.split(/\s+/).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim();
}

/**
 * Clicks an option of the open listbox and waits for it to close. A click landing while the menu is
 * still opening (a busy machine) can leave it open: then the option is clicked again, or the menu
 * closed with Escape when the click did choose it.
 */
export async function pickOption(page: Page, option: string) {
  const listbox = page.getByRole('listbox');
  const choice = page.getByRole('option', { name: option, exact: true });
  await choice.click();
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await listbox.waitFor({ state: 'detached', timeout: 3000 }).then(() => true, () => false)) return;
    if ((await choice.getAttribute('aria-selected')) === 'true') await page.keyboard.press('Escape');
    else await choice.click();
  }
  await listbox.waitFor({ state: 'detached' });
}

/** Picks an option of a react-admin SelectInput (MUI select: a combobox opening a listbox). */
export async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await pickOption(page, option);
}

/**
 * The console in Arabic from here on, as a reader who chose it: the stored language, then `path` opened
 * (the page reloaded without one) and drawn right to left.
 */
export async function readInArabic(page: Page, path?: string): Promise<void> {
  await page.evaluate(() => localStorage.setItem('currentLanguage', 'ar'));
  if (path === undefined) await page.reload();
  else await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

/**
 * Opens `path` of the console the way its own links do, inside the console already loaded in the page
 * (the router's history), and waits for the new screen: the content area's screen replaced (or its
 * text changed, where routes share a wrapper), then no request in flight for half a second (as
 * Playwright's "network idle", which only follows a full load). Loading a screen anew costs Chromium
 * about three times the CPU of moving to it (0.9–1.0 s against 0.3–0.4 s, measured), and the long walks
 * (stored XSS, the accessibility scans) open some 180 screens.
 * The address is loaded instead when no console screen is showing, when only the query changes (the
 * same screen stays), or when the screen was not replaced within 5 s.
 */
export async function openInConsole(page: Page, path: string): Promise<void> {
  const load = async () => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  };
  const here = new URL(page.url());
  const there = new URL(path, here);
  const shown = await page.evaluateHandle(() => {
    const screen = document.querySelector('#main-content')?.firstElementChild as HTMLElement | null | undefined;
    return screen ? { screen, text: screen.innerText } : null;
  });
  try {
    if (here.origin !== there.origin || here.pathname === there.pathname || !(await shown.evaluate((screen) => screen !== null))) return await load();
    const quiet = quietAfter(page);
    try {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, there.pathname + there.search);
      const replaced = await page
        .waitForFunction((before) => {
          // another screen, or the same element showing another screen (routes under one wrapper)
          const now = document.querySelector('#main-content')?.firstElementChild as HTMLElement | null | undefined;
          return Boolean(now) && (now !== before!.screen || now!.innerText !== before!.text);
        }, shown, { timeout: 5_000 })
        .then(() => true, () => false);
      if (!replaced) return await load();
      await quiet.settled();
    } finally {
      quiet.stop();
    }
  } finally {
    await shown.dispose();
  }
}

/** Counts the page's requests from now on; `settled()` resolves once none has been in flight for `quietMs`. */
function quietAfter(page: Page, quietMs = 500) {
  let inFlight = 0;
  let changed = Date.now();
  const started = () => {
    inFlight++;
    changed = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled() {
      const deadline = Date.now() + WAIT_MS;
      while (inFlight > 0 || Date.now() - changed < quietMs) {
        if (Date.now() > deadline) throw new Error(`${page.url()}: requests still in flight after ${WAIT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Waits for the Age input to show the age counted from a date of birth (today's, in whole years). */
export async function expectAge(page: Page, dateOfBirth: string): Promise<void> {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const now = new Date();
  const age = now.getFullYear() - y - (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0);
  await page.locator(`input[name="age"][value="${age}"]`).waitFor();
}
