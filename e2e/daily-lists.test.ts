/**
 * The lists of a day at the console, in real Chromium against the real server, starting signed out at
 * the bare address: patients filtered by district, tehsil (which waits for the district) and blood
 * group; a saved filter that brings them back on a fresh visit; appointments by status and doctor;
 * the asterisk on a required file and rich-text input; at 980 px and on a phone the floating Add
 * button clear of the last row's actions; on a phone in Arabic, lines selected and blocked in bulk.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { choose, readInArabic } from './helpers/page';

type Made = { id: number; encrypted_id: string };

describeJourney('daily lists: filters, saved filters, asterisks, the floating Add button, bulk on a phone (Chromium, real server)', { timeout: 300_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  const { api } = journey;
  let n = 0;
  const patient = (lastName: string, place: { district_id: number; tehsil_id: number }, blood_group: string) =>
    api<Made>('POST', '/app-users', {
      f_name: 'Sana', l_name: lastName, email: `sana.${++n}.${stamp}@example.org`, phone_no: '03451234567', password: 'apricot-valley-88', confirmPassword: 'apricot-valley-88',
      dob: '1990-06-01', gender: 'female', blood_group, ...place,
    });

  /** A doctor of a new specialization with two booked appointments tomorrow, one of them cancelled: the patients' last names. */
  const appointments = async (place: { district_id: number; tehsil_id: number }) => {
    const specialization = await api<Made>('POST', '/specializations', { title: `Cardiology ${stamp}` });
    const qualification = await api<Made>('POST', '/qualifications', { title: `FCPS ${stamp}` });
    const doctor = await api<Made>('POST', '/doctors', {
      f_name: 'Nadia', l_name: `Hussain${stamp}`, email: `nadia.${stamp}@example.org`, phone_no: '03211234567',
      password: 'stethoscope-garden-5', confirmPassword: 'stethoscope-garden-5', dob: '1980-02-14', age: 46, gender: 'female',
      qualification_id: qualification.id, specializationIds: [specialization.id],
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const roster = await api<{ dutyRoasters: { appointments: { encrypted_id: string }[] }[] }>('POST', '/duty-roasters', {
      doctor_id: doctor.id, label: 'Heart clinic', s_time: '10:00', e_time: '11:00', session: 20, charge: 3, dates: [tomorrow],
    });
    const slots = roster.dutyRoasters[0]!.appointments;
    const [keeps, cancels] = [await patient(`Farooq${stamp}`, place, 'AB+'), await patient(`Ghani${stamp}`, place, 'AB+')];
    await api('POST', '/appointments', { patient_id: keeps.id, slot_id: slots[0]!.encrypted_id });
    const second = await api<Made>('POST', '/appointments', { patient_id: cancels.id, slot_id: slots[1]!.encrypted_id });
    const reasons = await api<Made[]>('GET', '/cancellation-reasons/choices');
    await api('PUT', `/appointments/status/${second.encrypted_id}`, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id });
    return { doctorName: `Nadia Hussain${stamp}`, booked: `Farooq${stamp}`, cancelled: `Ghani${stamp}` };
  };

  /** 26 districts of one name: a full first page (25 rows) that scrolls at 980 × 700 and on a phone */
  let fabDistricts: Promise<void> | undefined;
  const manyDistricts = () =>
    (fabDistricts ??= (async () => {
      for (let i = 0; i < 26; i++) await api('POST', '/districts', { title: `Fab ${stamp} ${String(i).padStart(2, '0')}` });
    })());

  /** the line of a patient: a table row on a wide screen, a list line on a phone */
  const line = (page: Page, text: string) => page.locator('tr, li').filter({ hasText: text });

  /** Scrolled to the end of the list: the floating Add button and the last row's action buttons do not overlap. */
  const fabClearOfLastRow = async (page: Page, rows: string, shot: string) => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const fab = await page.locator('.MuiFab-root').boundingBox();
    expect(fab).not.toBeNull();
    const buttons = page.locator(rows).last().locator('button, a');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await buttons.count()); i++) {
      const box = (await buttons.nth(i).boundingBox())!;
      const overlaps = box.x < fab!.x + fab!.width && fab!.x < box.x + box.width && box.y < fab!.y + fab!.height && fab!.y < box.y + box.height;
      expect([i, overlaps]).toEqual([i, false]);
    }
    await screenshot(page, shot);
  };

  test('English, desktop: filters, a saved filter, appointment filters, asterisks; the doctors at 1400 px; at 980 px the Add button clear of the last row', () =>
    journey.withPage('daily-lists-en', async ({ page }) => {
      const [north, south] = [await api<Made>('POST', '/districts', { title: `North ${stamp}` }), await api<Made>('POST', '/districts', { title: `South ${stamp}` })];
      const northTehsil = await api<Made>('POST', '/tehsils', { title: `Upper ${stamp}`, district_id: north.id });
      const southTehsil = await api<Made>('POST', '/tehsils', { title: `Lower ${stamp}`, district_id: south.id });
      await patient(`Anwar${stamp}`, { district_id: north.id, tehsil_id: northTehsil.id }, 'A+');
      await patient(`Bashir${stamp}`, { district_id: north.id, tehsil_id: northTehsil.id }, 'O-');
      await patient(`Chaudhry${stamp}`, { district_id: south.id, tehsil_id: southTehsil.id }, 'A+');
      await journey.signInFromTheStart(page);

      // --- patients: the tehsil waits for a district, then offers that district's tehsils
      await page.goto(`/app-users?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`);
      await line(page, `Chaudhry${stamp}`).first().waitFor();
      const tehsil = page.getByRole('combobox', { name: 'Tehsil' });
      expect(await tehsil.getAttribute('aria-disabled')).toBe('true');
      await page.getByText('Choose a district first').waitFor();
      await choose(page, 'District', `North ${stamp}`);
      await line(page, `Chaudhry${stamp}`).first().waitFor({ state: 'detached' });
      await tehsil.click();
      expect(await page.getByRole('option', { name: `Lower ${stamp}` }).count()).toBe(0);
      await page.getByRole('option', { name: `Upper ${stamp}`, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await choose(page, 'Blood group', 'A+');
      await line(page, `Bashir${stamp}`).first().waitFor({ state: 'detached' });
      await line(page, `Anwar${stamp}`).first().waitFor();
      expect(await line(page, `Chaudhry${stamp}`).count()).toBe(0);
      await page.waitForTimeout(400); // the menu's fade
      await screenshot(page, 'daily-patients-filters-desktop');

      // --- saved under a name, then brought back on a fresh visit of the bare list
      await page.getByRole('button', { name: 'Saved filters' }).click();
      const saved = page.getByRole('dialog', { name: 'Saved filters' });
      await saved.getByRole('button', { name: 'Save current query...' }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Query name') });
      await dialog.getByLabel('Query name').fill(`North A+ ${stamp}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await saved.getByText(`North A+ ${stamp}`).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, 'daily-saved-filters-desktop');
      // (the list keeps its last filters in the store: opened with none, it shows everyone again)
      await page.goto(`/app-users?filter=${encodeURIComponent('{}')}`);
      await page.getByRole('link', { name: 'Back', exact: true }).waitFor();
      await line(page, `Bashir${stamp}`).first().waitFor();
      await page.getByRole('button', { name: 'Saved filters' }).click();
      await saved.getByText(`North A+ ${stamp}`).click();
      await saved.waitFor({ state: 'detached' });
      // the list follows the restored filters (Anwar was on the unfiltered list too: wait for Bashir to go)
      await line(page, `Bashir${stamp}`).first().waitFor({ state: 'detached' });
      await line(page, `Anwar${stamp}`).first().waitFor();
      expect(await line(page, `Bashir${stamp}`).count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Blood group' }).innerText()).toContain('A+');
      expect(await page.getByRole('combobox', { name: 'Tehsil' }).innerText()).toContain(`Upper ${stamp}`);
      await screenshot(page, 'daily-patients-saved-filter-desktop');

      // --- doctors by specialization; appointments by status and doctor
      const { doctorName, booked, cancelled } = await appointments({ district_id: north.id, tehsil_id: northTehsil.id });
      await page.goto('/doctors');
      await choose(page, 'Specialization', `Cardiology ${stamp}`);
      await line(page, doctorName).first().waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      await page.goto('/appointments');
      await choose(page, 'Doctor', doctorName);
      await line(page, booked).first().waitFor();
      await line(page, cancelled).first().waitFor();
      await choose(page, 'Status', 'Cancelled');
      await line(page, booked).first().waitFor({ state: 'detached' });
      await line(page, cancelled).first().waitFor();
      await page.waitForTimeout(400); // the menu's fade
      await screenshot(page, 'daily-appointments-filters-desktop');

      // --- the asterisk of a required rich text (an FAQ's answer) and a required file (a category's)
      await page.goto('/faqs/create');
      expect(await page.locator('.ra-input-answer .RaLabeled-label').innerText()).toMatch(/\*\s*$/);
      await page.goto('/categories/create');
      const fileId = await page.locator('input[type=file]').getAttribute('id');
      expect(await page.locator(`label[for="${fileId}"]`).innerText()).toMatch(/\*\s*$/);
      await screenshot(page, 'daily-file-asterisk-desktop');

      // --- 1400 px: the doctors' list fits the window; its Add Doctor is not cut off at the right edge
      await page.setViewportSize({ width: 1400, height: 800 });
      await page.goto('/doctors');
      await line(page, `Hussain${stamp}`).first().waitFor();
      const add = page.getByRole('link', { name: 'Add Doctor' });
      const box = (await add.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1400);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
      await screenshot(page, 'daily-doctors-1400');

      // --- 980 px: the floating Add button and the last row's actions do not overlap
      await manyDistricts();
      await page.setViewportSize({ width: 980, height: 700 });
      await page.goto(`/districts?filter=${encodeURIComponent(JSON.stringify({ q: `Fab ${stamp}` }))}`);
      await page.locator('tbody tr').nth(24).waitFor();
      await fabClearOfLastRow(page, 'tbody tr', 'daily-fab-980');
    }));

  test('Arabic, phone: the filters and saved filters at hand, lines selected and blocked in bulk, the Add button clear of the last line', () =>
    journey.withPage('daily-lists-ar', async ({ page }) => {
      const district = await api<Made>('POST', '/districts', { title: `West ${stamp}` });
      const place = { district_id: district.id, tehsil_id: (await api<Made>('POST', '/tehsils', { title: `Plain ${stamp}`, district_id: district.id })).id };
      const [d, e] = [await patient(`Durrani${stamp}`, place, 'B+'), await patient(`Ehsan${stamp}`, place, 'B+')];
      await page.setViewportSize({ width: 375, height: 800 });
      await journey.signInFromTheStart(page);
      await readInArabic(page, `/app-users?filter=${encodeURIComponent(JSON.stringify({ q: stamp, blood_group: 'B+' }))}`);
      await line(page, `Durrani${stamp}`).first().waitFor();
      // the filters wait behind their button (the lines fill the first screen), which counts the one set
      const filters = page.getByRole('button', { name: 'عوامل التصفية (1)', exact: true });
      expect(await filters.getAttribute('aria-expanded')).toBe('false');
      await screenshot(page, 'daily-patients-phone-ar');
      await filters.click();
      await page.getByText('اختر المقاطعة أولًا').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'daily-patients-filters-phone-ar');

      // the saved filters: a button of the filter bar (the sidebar has no room here)
      await page.getByRole('button', { name: 'عوامل التصفية المحفوظة' }).click();
      await page.getByRole('dialog', { name: 'عوامل التصفية المحفوظة' }).getByText('الاستعلامات المحفوظة').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, 'daily-saved-filters-phone-ar');
      await page.keyboard.press('Escape');

      // select both lines, then block them from the bar above the lines
      for (const name of [`Durrani${stamp}`, `Ehsan${stamp}`]) await line(page, name).first().getByRole('checkbox').check();
      const bar = page.getByRole('toolbar').filter({ hasText: 'تحديد' });
      await bar.getByRole('button', { name: 'حظر', exact: true }).waitFor();
      await screenshot(page, 'daily-bulk-selected-phone-ar');
      await bar.getByRole('button', { name: 'حظر', exact: true }).click();
      // asked first, naming how many lines it changes
      await page.getByRole('dialog', { name: 'حظر السجلات المحددة (2)؟' }).getByRole('button', { name: 'حظر', exact: true }).click();
      // the dialog closes once the server has answered; then the bar goes with the selection
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await bar.waitFor({ state: 'detached' });
      for (const id of [d.encrypted_id, e.encrypted_id]) expect((await api<{ status: number }>('GET', `/app-users/${id}`)).status).toBe(2);

      // the floating Add button clear of the last line's actions
      await manyDistricts();
      await page.goto(`/districts?filter=${encodeURIComponent(JSON.stringify({ q: `Fab ${stamp}` }))}`);
      await page.locator('li').filter({ hasText: `Fab ${stamp} ` }).nth(20).waitFor();
      await fabClearOfLastRow(page, 'li.list-row', 'daily-fab-phone-ar');
    }));
});
