/**
 * Facility centers, feedback and support in real Chromium against the real server: a center added
 * through the console (district › tehsil › VC area, hours, an image, two services of which the first
 * row offers no remove button) and its own page; then a patient's feedback and a CHW's support request
 * posted through the field app's endpoints ring the bell without a reload, its item opens the record,
 * and staff review the feedback and answer the request (the app reads the reply).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResourceName } from '../contract/resources';
import { registry } from '../server/src/resources/registry';
import { tinyPng } from '../server/test/helpers/http';
import { describeJourney } from './helpers/journey';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';
import { choose, field, seeText, signIn } from './helpers/page';

type Rec = { id: number; encrypted_id: string } & Record<string, unknown>;

describeJourney('facility centers, feedback and support (Chromium, real server)', { timeout: 180_000 }, (journey) => {
  const { api } = journey;
  /** a record made from the declaration's own sample (its parents first), over the admin API */
  let n = 0;
  const make = async (name: ResourceName, extra: Record<string, unknown> = {}): Promise<Rec> =>
    api<Rec>('POST', `/${name}`, { ...(await registry.byName.get(name)!.sample(++n, (r) => make(r))), ...extra });
  const fieldApi = async <T,>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${journey.server.url}/api/field${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const fieldLogin = async (email: unknown, password: string) => {
    const res = await fetch(`${journey.server.url}/api/field/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };

  test('a center added through the console, and its own page', () =>
    journey.withPage('facility-center-journey', async ({ page }) => {
      const area = await make('areas', { title: 'VC Johar Town' });
      const district = (await api<Rec[]>('GET', `/districts?paginate=false&ids[]=${area.district_id}`))[0]!;
      const tehsil = (await api<Rec[]>('GET', `/tehsils?paginate=false&ids[]=${area.tehsil_id}`))[0]!;
      const image = join(mkdtempSync(join(tmpdir(), 'facility-')), 'bhu.png');
      writeFileSync(image, tinyPng());

      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto('/facility-centers/create');
      await field(page, 'Title').fill('BHU Johar Town');
      await choose(page, 'District', String(district.title));
      await choose(page, 'Tehsil', String(tehsil.title));
      await choose(page, 'VC Area', 'VC Johar Town');
      await field(page, 'Contact Number').pressSequentially('0423-576-1234');
      expect(await field(page, 'Contact Number').inputValue()).toBe('04235761234');
      await field(page, 'Latitude').pressSequentially('31.4697abc');
      expect(await field(page, 'Latitude').inputValue()).toBe('31.4697');
      await field(page, 'Longitude').fill('74.2728');
      await field(page, 'Location').fill('Block G, Johar Town');
      await field(page, 'Manager').fill('Dr. Hina Butt');
      await field(page, 'Opening Time').fill('09:00');
      await field(page, 'Closing Time').fill('08:00');
      await page.locator('input[type=file]').first().setInputFiles(image);
      // the first service row offers no remove button; a second row does
      const removes = page.locator('.button-remove');
      expect(await removes.first().isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      expect(await removes.nth(1).isVisible()).toBe(true);
      const services = page.getByLabel(/^Service/);
      await services.nth(0).fill('Vaccination');
      await services.nth(1).fill('Antenatal care');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'The closing time must be after the opening time.');
      await field(page, 'Closing Time').fill('17:00');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, / added\.$/);

      const [center] = await api<Rec[]>('GET', '/facility-centers?paginate=false&search=Johar');
      expect(center).toMatchObject({ title: 'BHU Johar Town', phone_no: '04235761234', lat: 31.4697, long: 74.2728, open_time: '09:00', close_time: '17:00', area_id: area.id });
      expect((center!.services as { title: string }[]).map((s) => s.title)).toEqual(['Vaccination', 'Antenatal care']);
      await page.goto(`/facility-centers/${center!.encrypted_id}/show`);
      await page.getByRole('heading', { name: 'BHU Johar Town' }).waitFor();
      expect(await page.getByRole('link', { name: '04235761234' }).getAttribute('href')).toBe('tel:04235761234');
      expect(await page.getByRole('link', { name: /open the map/ }).getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=31.4697&mlon=74.2728#map=16/31.4697/74.2728');
      await seeText(page, '09:00–17:00');
      await seeText(page, 'Antenatal care');
    }));

  test('feedback and a support request from the apps ring the bell live; its item opens the record; staff review and answer', () =>
    journey.withPage('feedback-support-journey', async ({ page }) => {
      const patient = await make('app-users', { f_name: 'Nadia', l_name: 'Karim' });
      const doctor = await make('doctors', { f_name: 'Omar', l_name: 'Sheikh' });
      const chw = await make('chw', { f_name: 'Zara', l_name: 'Hussain' });
      const patientToken = await fieldLogin(patient.email, 'lantern orchard 42');
      const chwToken = await fieldLogin(chw.email, 'tamarind season 7');

      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      // the console's socket has subscribed to the admin's own channel before anything is sent
      const subscribed = new Promise<void>((resolve) =>
        page.on('websocket', (ws) =>
          ws.on('framereceived', ({ payload }) => {
            const text = String(payload);
            if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-admin.')) resolve();
          }),
        ),
      );
      await page.goto('/feedbacks');
      await subscribed;
      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
      await bell.waitFor();
      const before = await unread();

      // a rating from the app is of a visit: a completed appointment with the doctor, recorded last week
      // (written into the server's database, as the programme would have recorded it)
      const db = new Database(join(journey.server.dataDir, 'app.db'));
      try {
        db.pragma('busy_timeout = 10000');
        const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
        const stamp = new Date().toISOString();
        db.prepare("INSERT INTO appointments (patient_id, doctor_id, slot_id, date, s_time, e_time, status, cancel_reason_id, detail, created_by, created_at, updated_at) VALUES (?, ?, NULL, ?, '09:00', '09:15', 'Completed', NULL, NULL, NULL, ?, ?)")
          .run(patient.id, doctor.id, lastWeek, stamp, stamp);
      } finally {
        db.close();
      }
      const sent = await fieldApi<{ data: Rec }>('POST', '/feedbacks', patientToken, { doctor_id: doctor.id, msg: 'Dr. Omar explained the test results patiently.', rating: 5 });
      expect(sent.status).toBe(200);
      // pushed: the count rises and the open list shows the new row, without a reload
      await page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).waitFor();
      await seeText(page, 'Dr. Omar explained the test results patiently.');
      await page.getByRole('img', { name: 'Rating: 5 out of 5' }).first().waitFor();

      await page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).click();
      await page.getByRole('link', { name: /Feedback from Nadia Karim/ }).click();
      await page.waitForURL(/\/feedbacks\/[A-Za-z0-9_-]+\/show$/);
      await seeText(page, 'Omar Sheikh');
      await page.getByRole('link', { name: 'Edit' }).click();
      await choose(page, 'Status', 'Reviewed');
      await field(page, 'Staff Note').fill('Thanked the doctor.');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Successfully updated.');
      const [mine] = (await fieldApi<{ data: Rec[] }>('GET', '/feedbacks', patientToken)).body.data;
      expect(mine).toMatchObject({ msg: 'Dr. Omar explained the test results patiently.', rating: 5, status: 'Reviewed' });

      const asked = await fieldApi<{ data: Rec }>('POST', '/supports', chwToken, { msg: 'My survey does not open offline.' });
      expect(asked.status).toBe(200);
      await page.getByRole('button', { name: `Notifications, ${before + 2} unread` }).click();
      await page.getByRole('link', { name: /Support request from Zara Hussain/ }).click();
      await page.waitForURL(/\/supports\/[A-Za-z0-9_-]+\/show$/);
      await seeText(page, 'My survey does not open offline.');
      await page.getByRole('link', { name: 'Edit' }).click();
      await choose(page, 'Status', 'Resolved');
      await field(page, 'Reply').fill('Open it once online first; it then works offline.');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Successfully updated.');
      const [request] = (await fieldApi<{ data: Rec[] }>('GET', '/supports', chwToken)).body.data;
      expect(request).toMatchObject({ msg: 'My survey does not open offline.', status: 'Resolved', reply: 'Open it once online first; it then works offline.' });

      // the footer's links open the two lists
      await page.getByRole('link', { name: 'Support', exact: true }).click();
      await page.waitForURL(/\/supports$/);
      await seeText(page, 'My survey does not open offline.');
    }));
});
