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

