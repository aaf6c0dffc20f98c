/**
 * The clinical issue's "done when" journeys in real Chromium against the real server: a doctor's
 * working hours scheduled on every Monday of next month from the Working Hours calendar (the slots
 * previewed, saved, stored, and those Mondays disabled when the calendar is opened again); and a
 * prescription of three medicines added for a patient and opened from the patient's timeline.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { choose, field, menuEntry, pickOption, seeText } from './helpers/page';

interface Slot {
  date: string;
  s_time: string;
  e_time: string;
  status: string;
  open: boolean;
}

// the toast names the new record ("Karachi added."), or says "Successfully added." when it has no name
const ADDED = / added\.$/;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Next month as the console sees it (the browser runs on this machine's clock and zone). */
function nextMonth() {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  const month = `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
  const mondays: string[] = [];
  for (let d = new Date(first); d.getMonth() === first.getMonth(); d.setDate(d.getDate() + 1)) if (d.getDay() === 1) mondays.push(isoDay(d));
  const title = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(first);
  return { month, mondays, title };
}

/** A day's button in the calendar (its name is the spoken date, which the locale's ICU may punctuate either way). */
const dayButton = (page: Page, day: string) => page.locator(`button[data-day="${day}"]`);

describeJourney('clinical journeys (Chromium, real server)', { timeout: 180_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  const { api } = journey;

  /** A doctor set up over the API (the people journey adds people through the console). */
  const addDoctor = async (first: string) => {
    const qualification = await api<{ id: number }>('POST', '/qualifications', { title: `MBBS ${stamp}${first}` });
    const specialization = await api<{ id: number }>('POST', '/specializations', { title: `General Medicine ${stamp}${first}` });
    return api<{ id: number; encrypted_id: string; email: string }>('POST', '/doctors', {
      f_name: first, l_name: 'Qureshi', email: `${first.toLowerCase()}.${stamp}@example.org`, phone_no: '03211234567',
      password: 'stethoscope-garden-5', confirmPassword: 'stethoscope-garden-5', dob: '1982-04-10', age: 44, gender: 'female',
      qualification_id: qualification.id, specializationIds: [specialization.id],
    });
  };

  test("a doctor's working hours on every Monday of next month: previewed, saved, stored, then disabled", () =>
    journey.withPage('clinical-working-hours', async ({ page, pageErrors }) => {
      const doctor = await addDoctor('Farida');
      const { month, mondays, title } = nextMonth();
      await journey.signInFromTheStart(page);

      // --- the doctor's profile, Working Hours tab
      await menuEntry(page, 'Doctors').click();
      await page.waitForURL('**/doctors');
      await page.getByRole('row').filter({ hasText: doctor.email }).getByRole('link', { name: 'Show' }).click();
      await page.getByRole('heading', { name: 'Farida Qureshi' }).waitFor();
      // the count of patients, which the doctors list leaves out, comes with the record's own read
      await page.locator('p:text-is("Patients") + div').filter({ hasText: /^0$/ }).waitFor();
      await page.getByRole('tab', { name: 'Working Hours' }).click();
      await page.getByRole('heading', { name: 'Schedule working hours' }).waitFor();
      // the current month is the earliest
      expect(await page.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);

      // --- next month, every Monday by its weekday header
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      const allMondays = page.getByRole('button', { name: 'Choose every Monday of the month' });
      await allMondays.click();
      expect(await allMondays.getAttribute('aria-pressed')).toBe('true');
      for (const day of mondays) expect([day, await dayButton(page, day).getAttribute('aria-pressed')]).toEqual([day, 'true']);
      await seeText(page, `${mondays.length} dates chosen`);

      // --- hours 09:00–11:10 in 30-minute sessions at 2.5 a minute: four slots a day, 11:00–11:10 left out
      await field(page, 'Time from').fill('09:00');
      await field(page, 'Time to').fill('11:10');
      await field(page, 'Session (minutes)').fill('30');
      await field(page, 'Charge per minute').fill('2.5');
      expect(await field(page, 'Total fee').inputValue()).toBe('75');
      const preview = page.getByRole('list', { name: 'Slots of each chosen day' });
      expect(await preview.getByRole('listitem').allInnerTexts()).toEqual(['09:00–09:30', '09:30–10:00', '10:00–10:30', '10:30–11:00']);
      await seeText(page, '11:00–11:10 is shorter than a session and is left out.');
      await seeText(page, `4 slots a day × ${mondays.length} dates = ${4 * mondays.length} slots`);
      await screenshot(page, 'working-hours-preview', true);

      // --- saved: the server stored the same slots, all open, and the page lists them
      await page.getByRole('button', { name: 'Save working hours' }).click();
      await seeText(page, ADDED);
      const slots = await api<Slot[]>('GET', `/duty-roasters/slots?doctor_id=${doctor.id}&month=${month}`);
      expect(slots.map((s) => `${s.date} ${s.s_time}–${s.e_time} ${s.status}`)).toEqual(
        mondays.flatMap((day) => ['09:00–09:30', '09:30–10:00', '10:00–10:30', '10:30–11:00'].map((t) => `${day} ${t} Available`)),
      );
      const stored = page.getByRole('list', { name: `Stored slots of ${title}` });
      await stored.waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('[aria-label^="Stored slots of"] .MuiChip-label').length === n, 4 * mondays.length);
      expect(await stored.getByText('09:00–09:30 · Available').count()).toBe(mondays.length);
      // and the doctor's schedules list it with its dates
      const schedule = page.getByRole('row').filter({ hasText: '09:00–11:10' });
      await schedule.waitFor();
      // the dates in the reader's language, as the Schedules table shows them ("7 Dec 2026")
      const shown = mondays.map((day) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
      expect(await schedule.innerText()).toContain(shown.join(', '));
      // booked nothing: no appointment for this doctor
      const appointments = await api<unknown[]>('GET', `/appointments?paginate=false&doctor_id=${doctor.id}`);
      expect(appointments).toEqual([]);

      // --- the calendar opened again (a reload: the tab is remembered): those Mondays are disabled
      await page.reload();
      await page.getByRole('heading', { name: 'Schedule working hours' }).waitFor();
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      for (const day of mondays) {
        const button = dayButton(page, day);
        await page.waitForFunction((d) => document.querySelector(`button[data-day="${d}"]`)?.getAttribute('aria-disabled') === 'true', day);
        expect(await button.getAttribute('aria-label')).toMatch(/, already scheduled$/);
        // still reachable by the keyboard (it says why it is off), but Enter chooses nothing
        await button.focus();
        await page.keyboard.press('Enter');
        expect(await button.getAttribute('aria-pressed')).toBe('false');
      }
      expect(await allMondays.getAttribute('aria-disabled')).toBe('true');
      await seeText(page, '0 dates chosen');
      await screenshot(page, 'working-hours-scheduled', true);
      expect(pageErrors).toEqual([]);
    }));

  test("a prescription of three medicines, opened from the patient's timeline", () =>
    journey.withPage('clinical-prescription', async ({ page, pageErrors }) => {
      await addDoctor('Hina');
      const email = `zarmina.${stamp}@example.org`;
      await api('POST', '/app-users', {
        f_name: 'Zarmina', l_name: 'Afridi', email, phone_no: '03009871234', password: 'walnut-harbour-73', confirmPassword: 'walnut-harbour-73',
        dob: '1990-09-09', age: 35, gender: 'female', marital_status: 'Married', blood_group: 'A+',
      });
      const disease = `Typhoid ${stamp}`;
      const today = isoDay(new Date());
      await journey.signInFromTheStart(page);

      // --- the patient's profile, Prescriptions tab, Add Prescription
      await menuEntry(page, 'Patients').click();
      await page.waitForURL('**/app-users');
      await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Show' }).click();
      await page.getByRole('heading', { name: 'Zarmina Afridi' }).waitFor();
      await page.getByRole('tab', { name: 'Prescriptions' }).click();
      await page.getByRole('link', { name: 'Add Prescription', exact: true }).click();
      await page.waitForURL('**/prescriptions/add/**');
      await choose(page, 'Doctor', 'Hina Qureshi');
      await field(page, 'Disease').fill(disease);
      await field(page, 'From Date').fill(today);
      await field(page, 'To Date').fill(today);
      await field(page, 'Detail').fill('Plenty of fluids; return if the fever lasts beyond three days.');
      const medicines = [
        { name: 'Azithromycin 500 mg', days: '7', time: 'Morning', taken: 'After Food', note: 'Finish the course.' },
        { name: 'Paracetamol 500 mg', days: '3', time: 'Night', taken: 'After Food', note: 'Only with fever.' },
        { name: 'Oral rehydration salts', days: '5', time: 'Noon', taken: 'Before Food', note: 'One sachet in a litre of water.' },
      ];
      for (const [i, m] of medicines.entries()) {
        if (i > 0) await page.getByRole('button', { name: 'Add', exact: true }).click();
        await field(page, 'Current Date').nth(i).fill(today);
        await field(page, 'Medicine Name').nth(i).fill(m.name);
        await field(page, 'Days').nth(i).fill(m.days);
        await field(page, 'Medicine Time').nth(i).click();
        await pickOption(page, m.time);
        await field(page, 'To Be Taken').nth(i).click();
        await pickOption(page, m.taken);
        await field(page, 'Note').nth(i).fill(m.note);
      }
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, ADDED);

      // --- back on the profile, the Prescriptions tab (remembered) lists it; its page shows the three medicines
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('heading', { name: 'Zarmina Afridi' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Prescriptions' }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('link', { name: disease, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Prescription Detail' }).waitFor();
      await seeText(page, 'Hina Qureshi');
      const items = page.getByRole('main').locator('ol').filter({ hasText: medicines[0]!.name }).locator(':scope > li');
      expect(await items.count()).toBe(3);
      for (const [i, m] of medicines.entries()) {
        const text = await items.nth(i).innerText();
        expect(text).toContain(m.name);
        expect(text).toContain(`${m.days} days`);
        expect(text).toContain(m.taken);
        expect(text).toContain(m.time);
      }
      await screenshot(page, 'prescription-detail', true);
      expect(pageErrors).toEqual([]);
    }));
});
