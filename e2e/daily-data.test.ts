/**
 * A day at the console, in real Chromium against the real server, starting signed out at the bare
 * address: a second district of the same name is refused under its field; patients are blocked in
 * bulk from the list; the patients' export reads as the list does (full names, status words, dates in
 * the reader's language), parsed from the downloaded CSV and XLSX; in English at desktop width and in
 * Arabic at phone width (where the list is one line a record, each with its selection box).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { parseCsv, sheetRows, unzipEntry } from '../server/test/helpers/spreadsheet';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { choose, errorUnder, field, readInArabic } from './helpers/page';

const WORDS = {
  en: { name: 'Name', save: 'Submit', csv: 'Export CSV', xlsx: 'Export Excel', status: 'Status', blocked: 'Blocked', active: 'Active', fullName: 'Name', taken: 'This title already exists.' },
  ar: { name: 'الاسم', save: 'إرسال', csv: 'تصدير CSV', xlsx: 'تصدير Excel', status: 'الحالة', blocked: 'محظور', active: 'نشط', fullName: 'الاسم', taken: 'هذا العنوان موجود بالفعل.' },
} as const;

describeJourney('a day at the console: clean titles, bulk block, readable exports (Chromium, real server)', { timeout: 240_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  const { api } = journey;

  const patient = (n: number, lastName: string) =>
    api<{ id: number; encrypted_id: string; status: number }>('POST', '/app-users', {
      f_name: 'Sana', l_name: lastName, email: `sana.${n}.${stamp}@example.org`, phone_no: '03451234567', password: 'apricot-valley-88', confirmPassword: 'apricot-valley-88',
      dob: '1990-06-01', gender: 'female',
    });

  /** A district "Karachi <tag>" is stored; the form adding it again (other case, spaces around) is refused under the Name field. */
  const duplicateTitle = async (page: Page, lang: 'en' | 'ar', tag: string, shot: string) => {
    const words = WORDS[lang];
    await api('POST', '/districts', { title: `Karachi ${tag}` });
    await page.goto('/districts/create');
    await field(page, words.name).fill(`  KARACHI ${tag.toUpperCase()} `);
    await page.getByRole('button', { name: words.save, exact: true }).click();
    // the server's refusal in the reader's language (its code's translation)
    expect(await errorUnder(page, words.name)).toContain(words.taken);
    expect(page.url()).toMatch(/\/districts\/create$/);
    await screenshot(page, shot);
  };

  /** The patients' list as CSV and as XLSX, downloaded and parsed: the header row and the row of `email`. */
  const exportPatients = async (page: Page, lang: 'en' | 'ar', email: string) => {
    const words = WORDS[lang];
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: words.csv }).first().click()]);
    const csv = parseCsv(readFileSync((await csvDownload.path())!, 'utf8').replace(/^\ufeff/, ''));
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: words.xlsx }).first().click()]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/^app-users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const xlsx = readFileSync((await xlsxDownload.path())!);
    const sheet = unzipEntry(xlsx, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('state="frozen"');
    const rows = sheetRows(sheet);
    for (const table of [csv, rows]) {
      const header = table[0]!;
      expect(header).toEqual(expect.arrayContaining([words.fullName, words.status]));
      for (const h of header) expect(h).not.toMatch(/_id$|^f_name$|^created_at$/);
      const line = table.find((r) => r.includes(email));
      expect(line).toBeDefined();
      expect(line![header.indexOf(words.fullName)]).toMatch(/^Sana /);
      expect(line![header.indexOf(words.status)]).toBe(words.blocked);
    }
    // dates in the reader's language in the CSV, no ISO timestamps; typed date cells in the XLSX
    for (const cell of csv.slice(1).flat()) expect(cell).not.toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(sheet).toMatch(/<c s="2"><v>\d+\.\d+<\/v><\/c>/);
    return { csv, rows };
  };

  test('English, desktop: a duplicate title refused, patients blocked in bulk, the export reads as the list', () =>
    journey.withPage('daily-data-en', async ({ page }) => {
      const a = await patient(1, `Khan${stamp}`);
      const b = await patient(2, `Malik${stamp}`);
      await journey.signInFromTheStart(page);
      await duplicateTitle(page, 'en', `${stamp}a`, 'daily-duplicate-title-desktop');

      await page.goto(`/app-users?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`);
      const first = page.getByRole('row').filter({ hasText: `sana.1.${stamp}@example.org` }).getByRole('checkbox');
      // a selection does not outlive the page: after a reload nothing is selected
      await first.check();
      await page.reload();
      await page.getByRole('row').filter({ hasText: `sana.2.${stamp}@example.org` }).waitFor();
      expect(await first.isChecked()).toBe(false);
      for (const email of [`sana.1.${stamp}@example.org`, `sana.2.${stamp}@example.org`]) {
        await page.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();
      }
      const bulk = page.locator('.RaBulkActionsToolbar-toolbar');
      await bulk.getByRole('button', { name: 'Block', exact: true }).waitFor();
      await screenshot(page, 'daily-bulk-selected-desktop');
      await bulk.getByRole('button', { name: 'Block', exact: true }).click();
      // asked first, with how many rows it will change; nothing is blocked before the answer
      const asked = page.getByRole('dialog', { name: 'Block the selected records (2)?' });
      await asked.waitFor();
      expect((await api<{ status: number }>('GET', `/app-users/${a.encrypted_id}`)).status).toBe(1);
      await asked.getByRole('button', { name: 'Block', exact: true }).click();
      await page.getByText('Done: 2.').first().waitFor();
      for (const id of [a.encrypted_id, b.encrypted_id]) expect((await api<{ status: number }>('GET', `/app-users/${id}`)).status).toBe(2);
      await page.getByRole('row').filter({ hasText: `sana.1.${stamp}@example.org` }).getByText('Blocked').waitFor();
      await screenshot(page, 'daily-bulk-blocked-desktop');
      // the status filter keeps the blocked ones, and the export keeps to it
      await choose(page, 'Status', 'Blocked');
      await page.waitForURL(/status/);
      await page.getByRole('row').filter({ hasText: `sana.2.${stamp}@example.org` }).waitFor();
      await page.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Blocked' }).waitFor();
      await page.waitForTimeout(400); // the menu's fade
      await screenshot(page, 'daily-patients-filtered-blocked-desktop');

      const { csv } = await exportPatients(page, 'en', `sana.1.${stamp}@example.org`);
      // the list's filter holds: only this journey's two patients
      expect(csv.slice(1).filter((r) => r.some((c) => c.includes(stamp)))).toHaveLength(2);
      expect(csv).toHaveLength(3);
    }));

  test('Arabic, phone: the duplicate title refused, the export in Arabic headers and words', () =>
    journey.withPage('daily-data-ar', async ({ page }) => {
      const c = await patient(3, `Shah${stamp}`);
      await api('PUT', `/app-users/status/${c.encrypted_id}`, { status: 2 });
      await page.setViewportSize({ width: 375, height: 800 });
      await journey.signInFromTheStart(page);
      await readInArabic(page, '/districts/create');
      await duplicateTitle(page, 'ar', `${stamp}b`, 'daily-duplicate-title-phone-ar');
      await page.goto(`/app-users?filter=${encodeURIComponent(JSON.stringify({ q: `Shah${stamp}` }))}`);
      await page.getByText(`Sana Shah${stamp}`).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'daily-patients-phone-ar');
      await exportPatients(page, 'ar', `sana.3.${stamp}@example.org`);
    }));
});
