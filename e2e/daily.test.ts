/**
 * A day at the console, in real Chromium against the real server, starting signed out at the bare
 * address: a half-typed add form asks before a menu entry takes the admin away (English and Arabic)
 * and stays when told to; a saved add names the new record in its toast and opens it (its list, for
 * reference data); the app bar's search (Ctrl+K) finds a patient by phone and opens the profile, at
 * desktop and at phone width; a dependent select says what it waits for.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { field, menuEntry, seeText } from './helpers/page';

describeJourney('a day at the console (Chromium, real server)', { timeout: 240_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  const { api } = journey;

  /**
   * Types into the add form, clicks a menu entry, and sees the unsaved-changes prompt in the reader's
   * language; dismissing it stays on the form with what was typed.
   */
  async function guardHolds(page: Page, entry: string, prompt: string, typed: string) {
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await menuEntry(page, entry).click();
    for (const deadline = Date.now() + 5_000; !asked && Date.now() < deadline; ) await page.waitForTimeout(100);
    expect(asked).toBe(prompt);
    expect(new URL(page.url()).pathname).toBe('/districts/create');
    expect(await page.locator('input[name="title"]').inputValue()).toBe(typed);
  }

  test('unsaved changes are asked about, a saved add opens and is named, the search finds a patient by phone', () =>
    journey.withPage('daily-screens', async ({ page, pageErrors }) => {
      const district = await api<{ id: number }>('POST', '/districts', { title: `Swat ${stamp}` });
      const tehsil = await api<{ id: number }>('POST', '/tehsils', { title: `Mingora ${stamp}`, district_id: district.id });
      const city = await api<{ id: number }>('POST', '/cities', { title: `مينغورة ${stamp}` });
      const phone = `0345${String(Date.now()).slice(-7)}`;
      const patient = await api<{ encrypted_id: string }>('POST', '/app-users', {
        f_name: 'Zarmina', l_name: `Yousafzai${stamp}`, email: `zarmina.${stamp}@example.org`, phone_no: phone, password: 'apricot-valley-88', confirmPassword: 'apricot-valley-88',
        dob: '1991-03-02', gender: 'female', district_id: district.id, tehsil_id: tehsil.id, city_id: city.id,
      });

      // --- the bare address, signed out
      await journey.signInFromTheStart(page);

      // --- work is never lost: a half-typed district, then a menu entry
      await page.goto('/districts/create');
      await field(page, 'Name').fill(`Half typed ${stamp}`);
      await guardHolds(page, 'Dashboard', "Some of your changes weren't saved. Are you sure you want to ignore them?", `Half typed ${stamp}`);
      await screenshot(page, 'daily-unsaved-kept');

      // --- saved: the toast names it, and the list of districts opens (reference data has no page of its own)
      await field(page, 'Name').fill(`Chitral ${stamp}`);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, `Chitral ${stamp} added.`);
      await page.waitForURL((url) => url.pathname === '/districts');
      await screenshot(page, 'daily-added-named');
      // reference data is entered in batches: the add form offers Save and add another
      await page.goto('/districts/create');
      await field(page, 'Name').fill(`Dir ${stamp}`);
      await page.getByRole('button', { name: 'Save and add another', exact: true }).click();
      await seeText(page, `Dir ${stamp} added.`);
      expect(new URL(page.url()).pathname).toBe('/districts/create');
      expect(await page.locator('input[name="title"]').inputValue()).toBe('');

      // --- a dependent select says what it waits for
      await page.goto('/chw/create');
      await seeText(page, 'Choose a district first');
      await screenshot(page, 'daily-dependent-select');

      // --- the app bar's search: Ctrl+K, a phone number, Enter opens the profile
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.keyboard.press('Control+k');
      const box = page.getByRole('combobox', { name: 'Search' });
      await box.fill(phone.slice(0, 9));
      const hit = page.getByRole('option', { name: new RegExp(`Zarmina Yousafzai${stamp}`) });
      await hit.waitFor();
      expect(await page.getByRole('listbox', { name: 'Search results' }).getByRole('group').first().innerText()).toMatch(/^Patients\n/i);
      await screenshot(page, 'daily-search');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/app-users/${patient.encrypted_id}/show`);
      await seeText(page, `Zarmina Yousafzai${stamp}`);

      // --- at phone width the search is an icon button, and the dialog fills the screen
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('combobox', { name: 'Search' }).fill(`Yousafzai${stamp}`);
      await page.getByRole('option', { name: new RegExp(`Zarmina Yousafzai${stamp}`) }).waitFor();
      await screenshot(page, 'daily-search-phone');
      // a phone has no Esc key: the full-screen search closes with its button
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByRole('combobox', { name: 'Search' }).waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1366, height: 900 });

      // --- the same guard in Arabic
      await page.getByRole('button', { name: /Language$/ }).first().click();
      await page.getByRole('menuitem', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.goto('/districts/create');
      await page.locator('input[name="title"]').fill(`نصف ${stamp}`);
      await guardHolds(page, 'لوحة المعلومات', 'لم يتم حفظ بعض التغييرات. هل أنت متأكد من تجاهلها؟', `نصف ${stamp}`);
      await screenshot(page, 'daily-unsaved-kept-arabic');
      // the search in Arabic
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox', { name: 'بحث' }).fill(phone);
      await page.getByRole('option', { name: new RegExp(`Zarmina Yousafzai${stamp}`) }).waitFor();
      await screenshot(page, 'daily-search-arabic');
      await page.keyboard.press('Escape');

      // the dashboard's city chart in Arabic: the names beside the bars (on the right), never over them
      await page.goto('/dashboard');
      const cities = page.locator('section').filter({ has: page.getByRole('heading', { name: 'إجمالي المستخدمين', level: 2 }) });
      await cities.locator('.recharts-bar-rectangle').first().waitFor();
      const boxes = await cities.evaluate((section) => {
        const box = (e: Element) => e.getBoundingClientRect();
        const bars = [...section.querySelectorAll('.recharts-bar-rectangle')].map(box).filter((b) => b.width > 0);
        // the category axis's tick labels: the ones that are not numbers
        const names = [...section.querySelectorAll('.recharts-cartesian-axis-tick-value')].filter((e) => !/^[\d٠-٩,.\s]+$/.test(e.textContent ?? '')).map(box);
        return { barsRight: Math.max(...bars.map((b) => b.right)), namesLeft: Math.min(...names.map((b) => b.left)), names: names.length };
      });
      expect(boxes.names).toBeGreaterThan(0);
      expect(boxes.namesLeft).toBeGreaterThanOrEqual(boxes.barsRight - 1);
      await screenshot(page, 'daily-dashboard-arabic');

      expect(pageErrors).toEqual([]);
    }));
});
