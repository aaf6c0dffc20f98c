/**
 * An appointment from request to completion, in real Chromium against the real server, as the issue's
 * "done when" tells it: a patient's app asks for an appointment; staff, starting at the bare address
 * signed out, book it from the request (specialization, doctor, a day with open slots, a slot); it
 * shows in the doctor's Upcoming tab; its day comes and the doctor's app completes it, and the doctor's Completed tab, the
 * patient's timeline and the dashboard follow without a reload; the patient rates the doctor and the
 * rating shows on the doctor's page.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { menuEntry, seeText, readInArabic } from './helpers/page';

interface One<T> {
  data: T;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describeJourney('appointments from request to completion (Chromium, real server)', { timeout: 240_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  const { api } = journey;
  /** the field apps: their own sign-in and routes under /api/field */
  const fieldLogin = async (email: string, password: string): Promise<string> => {
    const res = await fetch(`${journey.server.url}/api/field/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as One<{ token: string }>).data.token;
  };
  const field = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${journey.server.url}/api/field${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as One<T>;
    expect([method, path, res.status, res.status === 200 ? null : answer]).toEqual([method, path, 200, null]);
    return answer.data;
  };

  /** The first of the tehsil's and the doctor's open slots: tomorrow and the day after, 10:00–11:00 in 20-minute sessions. */
  const setUp = async () => {
    const specialization = await api<{ id: number; title: string }>('POST', '/specializations', { title: `Cardiology ${stamp}` });
    const qualification = await api<{ id: number }>('POST', '/qualifications', { title: `FCPS ${stamp}` });
    const doctor = await api<{ id: number; encrypted_id: string }>('POST', '/doctors', {
      f_name: 'Nadia', l_name: `Hussain${stamp}`, email: `nadia.${stamp}@example.org`, phone_no: '03211234567',
      password: 'stethoscope-garden-5', confirmPassword: 'stethoscope-garden-5', dob: '1980-02-14', age: 46, gender: 'female',
      qualification_id: qualification.id, specializationIds: [specialization.id],
    });
    const days = [1, 2].map((n) => isoDay(new Date(Date.now() + n * 86_400_000)));
    await api('POST', '/duty-roasters', { doctor_id: doctor.id, label: 'Heart clinic', s_time: '10:00', e_time: '11:00', session: 20, charge: 3, dates: days });
    const district = await api<{ id: number }>('POST', '/districts', { title: `Swat ${stamp}` });
    const tehsil = await api<{ id: number }>('POST', '/tehsils', { title: `Mingora ${stamp}`, district_id: district.id });
    const patient = await api<{ id: number; encrypted_id: string }>('POST', '/app-users', {
      f_name: 'Gul', l_name: `Bano${stamp}`, email: `gul.${stamp}@example.org`, phone_no: '03451234567', password: 'apricot-valley-88', confirmPassword: 'apricot-valley-88',
      dob: '1990-06-01', gender: 'female', district_id: district.id, tehsil_id: tehsil.id,
    });
    return { specialization, doctor, days, patient };
  };

  test('request → booked by staff → upcoming → completed by the doctor → live everywhere → rated', () =>
    journey.withPage('appointments-flow', async ({ context, page, pageErrors }) => {
      const { specialization, doctor, days, patient } = await setUp();
      const patientApp = await fieldLogin(`gul.${stamp}@example.org`, 'apricot-valley-88');
      const doctorApp = await fieldLogin(`nadia.${stamp}@example.org`, 'stethoscope-garden-5');

      // --- the patient's app asks for an appointment
      const request = await field<{ id: number }>(patientApp, 'POST', '/appointment-requests', { detail: `Chest pain when climbing stairs ${stamp}`, is_emergency: true });

      // --- staff start where a user starts: the bare address, signed out
      await journey.signInFromTheStart(page);

      // the dashboard stays open in its own tab: it must follow the booking and the completion
      const dashboard = await context.newPage();
      await dashboard.goto('/dashboard');
      await dashboard.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

      // --- the request, newest and emergencies first, by its number; Book
      await menuEntry(page, 'Appointment Requests').click();
      await page.waitForURL('**/appointment-requests');
      const row = page.getByRole('row').filter({ hasText: `#${request.id}` });
      await row.waitFor();
      expect(await row.innerText()).toContain(`Gul Bano${stamp}`);
      expect(await row.innerText()).toContain('Emergency');
      await row.getByRole('button', { name: 'Book' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
      await dialog.waitFor();
      await dialog.getByText(`Request #${request.id}: Chest pain when climbing stairs ${stamp}`).waitFor();
      await dialog.getByRole('combobox', { name: 'Specialization' }).click();
      await page.getByRole('option', { name: specialization.title, exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Doctor' }).click();
      await page.getByRole('option', { name: `Dr Nadia Hussain${stamp}`, exact: true }).click();
      // only days with open slots can be chosen; the first is tomorrow
      const tomorrow = dialog.locator(`button[data-day="${days[0]}"]`);
      await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement | null)?.disabled, `button[data-day="${days[0]}"]`);
      const disabledBefore = dialog.locator(`button[data-day="${isoDay(new Date())}"]`);
      if (await disabledBefore.count()) expect(await disabledBefore.isDisabled()).toBe(true);
      await tomorrow.click();
      const slots = dialog.getByRole('radiogroup');
      expect(await slots.getByRole('radio').allInnerTexts()).toEqual(['10:00–10:20', '10:20–10:40', '10:40–11:00']);
      await page.bringToFront(); // the dashboard's tab opened last: a tab behind it paints late
      await slots.getByRole('radio', { name: '10:20–10:40' }).click();
      await slots.getByRole('radio', { name: '10:20–10:40', checked: true }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Book', exact: true }).isEnabled()).toBe(true);
      await screenshot(page, 'appointment-book-dialog');
      const dashboardRefetched = dashboard.waitForResponse((r) => r.url().includes('/api/admin/dashboard') && r.status() === 200, { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await seeText(page, /Booked for .* at 10:20\./);
      await dialog.waitFor({ state: 'detached' });
      // the request now links to its appointment
      await row.getByRole('link', { name: 'Booked: open' }).waitFor();
      await dashboardRefetched;

      // --- it shows in the doctor's Upcoming tab
      await page.goto(`/doctors/${encodeURIComponent(doctor.encrypted_id)}/show`);
      await page.getByRole('tab', { name: 'Upcoming' }).click();
      await page.getByText(`Gul Bano${stamp} · 10:20–10:40`).waitFor();

      // a second tab on the patient's timeline, and the doctor's page on its Completed tab: both stay open
      const timeline = await context.newPage();
      await timeline.goto(`/app-users/${encodeURIComponent(patient.encrypted_id)}/show`);
      await timeline.getByRole('tab', { name: 'Health System' }).click();
      await timeline.getByText(`Dr Nadia Hussain${stamp} · 10:20–10:40`).waitFor();
      await timeline.getByText('Booked', { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Completed' }).click();
      await page.getByText('Data not found').waitFor();

      // --- the doctor's app completes it; nothing is reloaded here
      const mine = await field<{ id: number; status: string }[]>(doctorApp, 'GET', `/doctor/appointments?date=${days[0]}`);
      expect(mine.map((a) => a.status)).toEqual(['Booked']);
      // a visit is completed once its time has begun: the day comes (the appointment and its slot moved to
      // yesterday in the server's database, as if a day had passed)
      const db = new Database(join(journey.server.dataDir, 'app.db'));
      try {
        db.pragma('busy_timeout = 10000');
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10); // the server's day is UTC
        db.prepare('UPDATE duty_slots SET date = ? WHERE id = (SELECT slot_id FROM appointments WHERE id = ?)').run(yesterday, mine[0]!.id);
        db.prepare('UPDATE appointments SET date = ? WHERE id = ?').run(yesterday, mine[0]!.id);
      } finally {
        db.close();
      }
      const dashboardAgain = dashboard.waitForResponse((r) => r.url().includes('/api/admin/dashboard') && r.status() === 200, { timeout: 30_000 });
      await field(doctorApp, 'PUT', `/doctor/appointments/${mine[0]!.id}/complete`);
      await page.getByText(`Gul Bano${stamp} · 10:20–10:40`).waitFor({ timeout: 30_000 });
      await timeline.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
      await dashboardAgain;
      await screenshot(page, 'appointment-completed-tab');

      // --- the patient rates the doctor; the doctor's page shows it without a reload
      const appointments = await field<{ id: number; can_rate: boolean }[]>(patientApp, 'GET', '/appointments');
      expect(appointments.map((a) => a.can_rate)).toEqual([true]);
      await field(patientApp, 'POST', `/appointments/${appointments[0]!.id}/rating`, { rating: 4, comment: 'Listened carefully.' });
      await page.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor({ timeout: 30_000 });
      await page.getByText('1 rating', { exact: true }).waitFor();
      // and the doctors list shows it too
      await menuEntry(page, 'Doctors').click();
      await page.waitForURL('**/doctors');
      const doctorRow = page.getByRole('row').filter({ hasText: `nadia.${stamp}@example.org` });
      await doctorRow.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
      await screenshot(page, 'doctors-list-rating');
      const stored = await api<{ rating: number; ratings_count: number }>('GET', `/doctors/${doctor.encrypted_id}`);
      expect([stored.rating, stored.ratings_count]).toEqual([4, 1]);

      // --- on a phone and in Arabic: the booking dialog from the patient's Health System tab fits
      await page.setViewportSize({ width: 375, height: 800 });
      await readInArabic(page, `/app-users/${encodeURIComponent(patient.encrypted_id)}/show`);
      await page.getByRole('tab', { name: 'النظام الصحي' }).click();
      await page.getByRole('button', { name: 'حجز موعد' }).click();
      const phoneDialog = page.getByRole('dialog', { name: 'حجز موعد' });
      await phoneDialog.getByRole('combobox').first().waitFor();
      const [dialogWidth, pageWidth] = await page.evaluate(() => [
        document.querySelector('[role=dialog]')!.getBoundingClientRect().width,
        document.documentElement.scrollWidth,
      ]);
      expect(dialogWidth).toBeLessThanOrEqual(375);
      expect(pageWidth).toBeLessThanOrEqual(375);
      await screenshot(page, 'appointment-book-dialog-phone-ar');
      expect(pageErrors).toEqual([]);
    }));
});
