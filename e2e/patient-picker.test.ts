/**
 * The patient picker searches, on each form that has one, in real Chromium against the real server:
 * the global Add Medical History, Add Prescription and Add Member (family member) forms, and Book on a
 * doctor's Upcoming tab. The patient picked is typed by name and is not among the first ten patients
 * alphabetically (what the picker offered whatever was typed, when the search was dropped on its way
 * to the server); each form then saves for that patient.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { choose, expectAge, field, openInConsole, seeText } from './helpers/page';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

interface Created {
  id: number;
  encrypted_id: string;
}

describeJourney('the patient picker searches (Chromium, real server)', { timeout: 240_000 }, (journey) => {
  const stamp = Date.now().toString(36);
  const { api } = journey;
  const target = { first: 'Zarghuna', last: `Khattak${stamp}` };
  const targetName = `${target.first} ${target.last}`;

  const addPatient = (first: string, last: string, n: number) =>
    api<Created>('POST', '/app-users', {
      f_name: first, l_name: last, email: `${first.toLowerCase()}.${n}.${stamp}@example.org`, phone_no: `0300${String(1_000_000 + n).slice(-7)}`,
      password: 'walnut-harbour-73', confirmPassword: 'walnut-harbour-73', dob: '1990-09-09', gender: 'female', marital_status: 'Married',
    });

  /** Types part of the name into the form's Patient picker and picks the patient it finds. */
  const pickPatient = async (page: Page, scope: Page | ReturnType<Page['getByRole']> = page) => {
    const picker = scope.getByRole('combobox', { name: /^Patient/ });
    await picker.click();
    const searched = page.waitForResponse((r) => r.url().includes('/api/admin/app-users?') && new URL(r.url()).searchParams.get('search') === target.first.slice(0, 6));
    await picker.pressSequentially(target.first.slice(0, 6));
    await searched;
    const option = page.getByRole('option', { name: new RegExp(`^${targetName}`) });
    await option.click();
    expect(await picker.inputValue()).toMatch(new RegExp(`^${targetName}`));
  };

  test('Add Medical History, Add Prescription, Add Member and Book find a patient by name beyond the first ten', () =>
    journey.withPage('patient-picker', async ({ page, pageErrors }) => {
      // eleven patients whose first names sort before the one picked: she is not among the first ten
      for (let n = 0; n < 11; n++) await addPatient(`Aamna${String.fromCharCode(97 + n)}`, `Shah${stamp}`, n);
      const patient = await addPatient(target.first, target.last, 99);
      const firstTen = await api<{ data: { f_name: string }[] }>('GET', '/app-users?sort=f_name&order=asc&per_page=10');
      expect(firstTen.data.map((p) => p.f_name)).not.toContain(target.first);

      const qualification = await api<{ id: number }>('POST', '/qualifications', { title: `MBBS ${stamp}` });
      const specialization = await api<{ id: number }>('POST', '/specializations', { title: `Family Medicine ${stamp}` });
      const doctor = await api<Created>('POST', '/doctors', {
        f_name: 'Sadia', l_name: `Qureshi${stamp}`, email: `sadia.${stamp}@example.org`, phone_no: '03211234567',
        password: 'stethoscope-garden-5', confirmPassword: 'stethoscope-garden-5', dob: '1982-04-10', age: 44, gender: 'female',
        qualification_id: qualification.id, specializationIds: [specialization.id],
      });
      const tomorrow = isoDay(new Date(Date.now() + 86_400_000));
      await api('POST', '/duty-roasters', { doctor_id: doctor.id, label: 'Clinic', s_time: '10:00', e_time: '11:00', session: 20, charge: 3, dates: [tomorrow] });
      const today = isoDay(new Date());

      await journey.signInFromTheStart(page);

      // --- the global Add Medical History: the patient is picked first
      await openInConsole(page, '/medical-histories');
      await page.getByRole('link', { name: 'Add Medical History', exact: true }).click();
      await page.waitForURL('**/medical-histories/create');
      await pickPatient(page);
      await field(page, 'Disease').fill(`Malaria ${stamp}`);
      await field(page, 'From Date').fill(today);
      await field(page, 'To Date').fill(today);
      await field(page, 'Detail').fill('Fever every other day.');
      await field(page, 'Current Date').fill(today);
      await field(page, 'Medicine Name').fill('Artemether');
      await field(page, 'Days').fill('3');
      await field(page, 'Note').fill('With food.');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      // its page opens and names her
      await page.getByRole('heading', { level: 1, name: new RegExp(`Malaria ${stamp}`) }).waitFor();
      await seeText(page, targetName);
      expect(pageErrors).toEqual([]);

      // --- the global Add Prescription
      await openInConsole(page, '/prescriptions');
      await page.getByRole('link', { name: 'Add Prescription', exact: true }).click();
      await page.waitForURL('**/prescriptions/create');
      await pickPatient(page);
      await choose(page, 'Doctor', `Sadia Qureshi${stamp}`);
      await field(page, 'Disease').fill(`Typhoid ${stamp}`);
      await field(page, 'From Date').fill(today);
      await field(page, 'To Date').fill(today);
      await field(page, 'Detail').fill('Plenty of fluids.');
      await field(page, 'Current Date').fill(today);
      await field(page, 'Medicine Name').fill('Azithromycin 500 mg');
      await field(page, 'Days').fill('7');
      await field(page, 'Note').fill('Finish the course.');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Prescription Detail' }).waitFor();
      await seeText(page, targetName);
      expect(pageErrors).toEqual([]);

      // --- the global Add Member: the family member joins her family
      await openInConsole(page, '/family-members/create');
      await page.getByRole('heading', { name: 'Add Member' }).first().waitFor();
      await pickPatient(page);
      await choose(page, 'Relation', 'Son');
      await field(page, 'First Name').fill(`Hamza${stamp}`);
      await field(page, 'Phone').fill('03001112223');
      await field(page, 'Date of Birth').fill('2015-02-20');
      // the age is counted from the date of birth (read-only while one is given)
      await expectAge(page, '2015-02-20');
      await choose(page, 'Marital Status', 'Unmarried');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, / added\.$/);
      // its page opens (the next screen waits for it: leaving mid-way meets the unsaved-changes guard)
      await page.waitForURL('**/family-members/*/show');
      const members = await api<{ data: { f_name: string; parent_id: number }[] }>('GET', `/family-members?search=Hamza${stamp}`);
      expect(members.data.map((m) => [m.f_name, m.parent_id])).toEqual([[`Hamza${stamp}`, patient.id]]);
      expect(pageErrors).toEqual([]);

      // --- Book on the doctor's Upcoming tab
      await openInConsole(page, `/doctors/${encodeURIComponent(doctor.encrypted_id)}/show`);
      await page.getByRole('tab', { name: 'Upcoming' }).click();
      await page.getByRole('button', { name: 'Book appointment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
      await dialog.waitFor();
      await pickPatient(page, dialog);
      await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement | null)?.disabled, `button[data-day="${tomorrow}"]`);
      await dialog.locator(`button[data-day="${tomorrow}"]`).click();
      await dialog.getByRole('radiogroup').getByRole('radio', { name: '10:20–10:40' }).click();
      await screenshot(page, 'patient-picker-book');
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await seeText(page, /Booked for .* at 10:20\./);
      await page.getByText(`${targetName} · 10:20–10:40`).waitFor();
      expect(pageErrors).toEqual([]);
    }));
});
