/**
 * The people issue's "done when" journeys in real Chromium against the real server: locations, a CHW
 * in that place, a patient with a family member, block, a date filter and the export file; then an
 * admin limited to one district sees only that district's CHWs; edit forms show stored references
 * (the provider reads the server's numbers as record ids) and save them back as numbers.
 */
import { readFileSync } from 'node:fs';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';
import { choose, expectAge, field, menuEntry, seeText, signIn } from './helpers/page';

interface Paged<T> {
  data: { data: T[]; total: number };
}
interface One<T> {
  data: T;
}

// the toast names the new record ("Karachi added."), or says "Successfully added." when it has no name
const ADDED = / added\.$/;

describeJourney('people journeys (Chromium, real server)', { timeout: 180_000 }, (journey) => {
  const stamp = Date.now().toString(36);
  const today = () => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };

  const submit = async (page: import('playwright-core').Page) => {
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await seeText(page, ADDED);
  };

  test('locations, a CHW there, a patient with a family member, block, date filter and export', () =>
    journey.withPage('people-journey', async ({ page }) => {
      const district = `Mardan ${stamp}`;
      const tehsil = `Takht Bhai ${stamp}`;
      const area = `VC Lund Khwar ${stamp}`;
      const qualification = `LHW Certificate ${stamp}`;

      // --- start where a user starts: the bare address, signed out
      await journey.signInFromTheStart(page);

      // --- a district, a tehsil in it, a VC area in that, and a qualification
      await menuEntry(page, 'Districts').click();
      await page.getByRole('link', { name: 'Add District', exact: true }).click();
      await field(page, 'Name').fill(district);
      await submit(page);
      await menuEntry(page, 'Tehsils').click();
      await page.getByRole('link', { name: 'Add Tehsil', exact: true }).click();
      await choose(page, 'Select District...', district);
      await field(page, 'Name').fill(tehsil);
      await submit(page);
      await menuEntry(page, 'VC').click();
      await page.getByRole('link', { name: 'Add VC', exact: true }).click();
      await choose(page, 'Select District...', district);
      await choose(page, 'Select Tehsil...', tehsil);
      await field(page, 'Name').fill(area);
      await field(page, 'Latitude').fill('34.2');
      await field(page, 'Longitude').fill('71.9');
      await submit(page);
      await menuEntry(page, 'Qualifications').click();
      await page.getByRole('link', { name: 'Add Qualifications', exact: true }).click();
      await field(page, 'Name').fill(qualification);
      await submit(page);

      // --- a CHW in that VC area
      await menuEntry(page, 'CHWs').click();
      await page.waitForURL('**/chw');
      await page.getByRole('link', { name: 'Add CHW', exact: true }).click();
      await field(page, 'First Name').fill('Shazia');
      await field(page, 'Last Name').fill('Yousafzai');
      await field(page, 'Email').fill(`shazia.${stamp}@example.org`);
      await field(page, 'Phone').fill('03451234567');
      await field(page, 'Password').fill('monsoon-valley-31');
      await field(page, 'Confirm Password').fill('monsoon-valley-31');
      await field(page, 'Date of Birth').fill('1994-03-12');
      await field(page, 'CNIC').fill(`16101${String(Date.now()).slice(-8)}`);
      // the age is counted from the date of birth (read-only while one is given)
      await expectAge(page, '1994-03-12');
      await choose(page, 'Qualification', qualification);
      await choose(page, 'District', district);
      await choose(page, 'Tehsil', tehsil);
      await choose(page, 'VC', area);
      await screenshot(page, 'chw-add-form');
      await submit(page);
      const chws = await journey.server.api<Paged<{ email: string; area: { title: string }; district: { title: string } }>>('GET', `/chw?search=${stamp}`, journey.rootToken);
      expect(chws.body.data.data).toEqual([expect.objectContaining({ email: `shazia.${stamp}@example.org`, area: expect.objectContaining({ title: area }), district: expect.objectContaining({ title: district }) })]);

      // --- a patient
      await menuEntry(page, 'Patients').click();
      await page.waitForURL('**/app-users');
      await page.getByRole('link', { name: 'Add Patient', exact: true }).click();
      const patientEmail = `rukhsana.${stamp}@example.org`;
      await field(page, 'First Name').fill('Rukhsana');
      await field(page, 'Last Name').fill('Bibi');
      await field(page, 'Email').fill(patientEmail);
      await field(page, 'Phone').fill('03009876543');
      // first a password the server refuses (too easy to guess): the save leads back up to the field and names it
      await field(page, 'Password').fill('password1');
      await field(page, 'Confirm Password').fill('password1');
      await field(page, 'Date of Birth').fill('1985-07-01');
      await choose(page, 'Marital Status', 'Married');
      await choose(page, 'Blood Group', 'B+');
      await page.getByRole('checkbox', { name: 'Send Credentials via email' }).check();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, /^Check “Password”: This password is too easy to guess/);
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'password');
      const focused = await page.evaluate(() => {
        const input = document.activeElement as HTMLInputElement;
        const box = input.getBoundingClientRect();
        return { label: input.labels?.[0]?.textContent?.replace(/[\s*\u2009\u200a\u200b]+$/u, ''), inView: box.top >= 0 && box.bottom <= innerHeight };
      });
      expect(focused).toEqual({ label: 'Password', inView: true });
      await field(page, 'Password').fill('saffron-bridge-58');
      await field(page, 'Confirm Password').fill('saffron-bridge-58');
      await submit(page);
      expect((await journey.smtp.waitFor(patientEmail)).text).toContain('saffron-bridge-58');

      // --- her profile, Family Profile tab, Add Member
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.waitForURL('**/app-users');
      const row = page.getByRole('row').filter({ hasText: patientEmail });
      await row.getByRole('link', { name: 'Show' }).click();
      await page.getByRole('heading', { name: 'Rukhsana Bibi' }).waitFor();
      await page.getByRole('tab', { name: 'Family Profile' }).click();
      await page.getByRole('link', { name: 'Add Member', exact: true }).click();
      await page.waitForURL('**/family-members/add/**');
      await choose(page, 'Relation', 'Son');
      await field(page, 'First Name').fill('Hamza');
      await field(page, 'Phone').fill('03001112223');
      await field(page, 'Date of Birth').fill('2015-02-20');
      // the age is counted from the date of birth (read-only while one is given)
      await expectAge(page, '2015-02-20');
      await choose(page, 'Marital Status', 'Unmarried');
      await submit(page);
      // Back leads to the patient's profile, whose family table (the tab remembered) lists him
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('heading', { name: 'Rukhsana Bibi' }).waitFor();
      await page.getByRole('cell', { name: 'Hamza' }).waitFor();
      await screenshot(page, 'patient-profile-family');

      // --- block her from the list (with confirmation)
      await menuEntry(page, 'Patients').click();
      await page.waitForURL('**/app-users');
      await page.getByRole('row').filter({ hasText: patientEmail }).getByRole('button', { name: 'Block' }).click();
      await page.getByRole('dialog', { name: /^Block .*\?$/ }).getByRole('button', { name: 'Block' }).click();
      await page.getByRole('row').filter({ hasText: patientEmail }).getByText('Blocked').waitFor();
      const blocked = await journey.server.api<Paged<{ email: string; status: number }>>('GET', `/app-users?search=${encodeURIComponent(patientEmail)}`, journey.rootToken);
      expect(blocked.body.data.data[0]?.status).toBe(2);

      // --- filter by today's date, then export: the file holds the rows
      await field(page, 'Start date').fill(today());
      await field(page, 'End date').fill(today());
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.waitForURL(/start_date/);
      await page.getByRole('row').filter({ hasText: patientEmail }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(download.suggestedFilename()).toMatch(/^app-users-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv).toContain(`"${patientEmail}"`);
      expect(csv).toContain('"Rukhsana Bibi"'); // the full name, as the list shows it
      await screenshot(page, 'patients-filtered');
    }));

  test('locations are imported from a CSV: Check lists the bad rows by line, Import writes the fixed file', () =>
    journey.withPage('location-import-journey', async ({ page }) => {
      const district = `Chitral ${stamp}`;
      const bad = ['type,name,district,tehsil,lat,long', `district,${district},,,,`, `tehsil,Mastuj,${district},,,`, `vc,Booni,${district},Mastuj,36.27,200`, 'tehsil,Drosh,Nowhere,,,'].join('\n');
      const good = ['type,name,district,tehsil,lat,long', `district,${district},,,,`, `tehsil,Mastuj,${district},,,`, `vc,Booni,${district},Mastuj,36.27,72.27`].join('\n');
      await page.goto('/');
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await menuEntry(page, 'Import locations').click();
      await page.waitForURL('**/locations/import');
      const chooser = page.locator('input[type=file]');
      await chooser.setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      const problems = page.getByRole('table', { name: 'Rows to fix' });
      await problems.getByRole('cell', { name: /^Bad longitude "200"/ }).waitFor();
      await problems.getByRole('cell', { name: 'Unknown district "Nowhere".' }).waitFor();
      expect(await problems.getByRole('row').count()).toBe(3); // the header and lines 4 and 5
      expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      await screenshot(page, 'location-import-problems');
      await chooser.setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await seeText(page, /All 3 rows are ready/);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await seeText(page, /Imported 1 districts, 1 tehsils and 1 VC areas/);
      const areas = await journey.server.api<Paged<{ title: string; district: { title: string } }>>('GET', `/areas?search=Booni`, journey.rootToken);
      expect(areas.body.data.data).toEqual([expect.objectContaining({ title: 'Booni', district: expect.objectContaining({ title: district }) })]);
    }));

  test('a patient resets the app password from the emailed link on the console\'s reset page', () =>
    journey.withPage('field-reset-journey', async ({ page }) => {
      const email = `farah.${stamp}@example.org`;
      const created = await journey.server.api<One<{ id: number }>>('POST', '/app-users', journey.rootToken, {
        f_name: 'Farah', email, phone_no: '03005556667', password: 'meadow-signal-19', confirmPassword: 'meadow-signal-19', dob: '1990-05-05',
      });
      expect(created.status).toBe(200);
      await fetch(`${journey.server.url}/api/field/verify-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      const mail = await journey.smtp.waitFor(email);
      const link = /(http\S+\/auth\/resetPassword\?account=user&t=\S+)/.exec(mail.text)![1]!;
      await page.goto(link);
      await field(page, 'New Password').fill('harbor-lantern-73');
      await field(page, 'Confirm Password').fill('harbor-lantern-73');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Your password has been changed. Sign in to the app with your new password.');
      const login = await fetch(`${journey.server.url}/api/field/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'harbor-lantern-73' }) });
      expect(login.status).toBe(200);
    }));

  test('an admin limited to one district sees only that district\'s CHWs', () =>
    journey.withPage('district-scope-journey', async ({ page }) => {
      const call = <T>(method: string, path: string, body?: unknown) => journey.server.api<One<T>>(method, path, journey.rootToken, body);
      const place = async (name: string) => {
        const d = (await call<{ id: number }>('POST', '/districts', { title: `${name} ${stamp}` })).body.data;
        const t = (await call<{ id: number }>('POST', '/tehsils', { title: `${name} tehsil ${stamp}`, district_id: d.id })).body.data;
        const a = (await call<{ id: number }>('POST', '/areas', { title: `${name} VC ${stamp}`, district_id: d.id, tehsil_id: t.id, lat: 33, long: 72 })).body.data;
        return { district: d.id, tehsil: t.id, area: a.id };
      };
      const qualification = (await call<{ id: number }>('POST', '/qualifications', { title: `Scope qualification ${stamp}` })).body.data;
      // (the import journey stored "Chitral <stamp>", and titles are unique)
      const [swat, chitral] = [await place('Swat'), await place('Lower Chitral')];
      const chw = async (name: string, at: typeof swat, cnic: string) => {
        const res = await call('POST', '/chw', {
          f_name: name, email: `${name.toLowerCase()}.${stamp}@example.org`, phone_no: '03111111111', cnic, password: 'orchid-lantern-64', confirmPassword: 'orchid-lantern-64',
          dob: '1990-01-01', age: 36, qualification_id: qualification.id, district_id: at.district, tehsil_id: at.tehsil, area_id: at.area,
        });
        expect(res.status).toBe(200);
      };
      await chw('Gulalai', swat, `15601${String(Date.now()).slice(-8)}`);
      await chw('Zarmina', chitral, `15602${String(Date.now()).slice(-8)}`);
      const role = (await call<{ id: number }>('POST', '/roles', { name: `Swat CHW supervisor ${stamp}`, permissions: ['view_chw', 'create_chw', 'edit_chw'] })).body.data;
      const email = `swat.supervisor.${stamp}@example.org`;
      expect((await call('POST', '/admins', { f_name: 'Supervisor', email, cnic: '1560112345671', role_id: role.id, district_ids: [swat.district], password: 'granite-harbour-27', confirmPassword: 'granite-harbour-27' })).status).toBe(200);

      await page.goto('/');
      await signIn(page, email, 'granite-harbour-27');
      await menuEntry(page, 'CHWs').click();
      await page.waitForURL('**/chw');
      await page.getByRole('cell', { name: /Gulalai/ }).waitFor();
      expect(await page.getByRole('cell', { name: /Zarmina/ }).count()).toBe(0);
      await screenshot(page, 'district-scoped-chws');
    }));

  test("edit forms show the stored choices (references read as record ids) and a save sends them back as the server's numbers", () =>
    journey.withPage('references-journey', async ({ page }) => {
      const call = <T>(method: string, path: string, body?: unknown) => journey.server.api<One<T>>(method, path, journey.rootToken, body);
      type Created = { id: number; encrypted_id: string };
      const bannu = (await call<Created>('POST', '/districts', { title: `Bannu ${stamp}` })).body.data;
      const karak = (await call<Created>('POST', '/districts', { title: `Karak ${stamp}` })).body.data;
      const tehsil = (await call<Created>('POST', '/tehsils', { title: `Domel ${stamp}`, district_id: bannu.id })).body.data;
      const area = (await call<Created>('POST', '/areas', { title: `VC Mandan ${stamp}`, district_id: bannu.id, tehsil_id: tehsil.id, lat: 33, long: 70.6 })).body.data;
      const qualification = (await call<Created>('POST', '/qualifications', { title: `Midwifery ${stamp}` })).body.data;
      const chw = (await call<Created>('POST', '/chw', {
        f_name: 'Nasreen', email: `nasreen.${stamp}@example.org`, phone_no: '03121111111', cnic: `15603${String(Date.now()).slice(-8)}`, password: 'juniper-meadow-45', confirmPassword: 'juniper-meadow-45',
        dob: '1991-01-01', age: 35, qualification_id: qualification.id, district_id: bannu.id, tehsil_id: tehsil.id, area_id: area.id,
      })).body.data;
      const role = (await call<Created>('POST', '/roles', { name: `Bannu and Karak lead ${stamp}`, permissions: ['view_chw'] })).body.data;
      const admin = (await call<Created>('POST', '/admins', {
        f_name: 'Lead', email: `lead.${stamp}@example.org`, cnic: '1560312345671', role_id: role.id, district_ids: [bannu.id, karak.id], password: 'copper-willow-82', confirmPassword: 'copper-willow-82',
      })).body.data;

      await page.goto('/');
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

      // --- a CHW: qualification, district, tehsil and VC show as stored; a save keeps them
      await page.goto(`/chw/${encodeURIComponent(chw.encrypted_id)}`);
      for (const [label, title] of [['Qualification', `Midwifery ${stamp}`], ['District', `Bannu ${stamp}`], ['Tehsil', `Domel ${stamp}`], ['VC', `VC Mandan ${stamp}`]] as const) {
        await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).filter({ hasText: title }).waitFor();
      }
      await field(page, 'First Name').fill('Nasreen Gul');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Successfully updated.');
      const storedChw = (await call<Record<string, unknown>>('GET', `/chw/${chw.encrypted_id}`)).body.data;
      expect(storedChw).toMatchObject({ f_name: 'Nasreen Gul', qualification_id: qualification.id, district_id: bannu.id, tehsil_id: tehsil.id, area_id: area.id });

      // --- an admin's districts (a list of references) show as stored; a save keeps them
      await page.goto(`/admins/${encodeURIComponent(admin.encrypted_id)}`);
      await seeText(page, `Karak ${stamp}`);
      await seeText(page, `Bannu ${stamp}`);
      await field(page, 'First Name').fill('Lead Two');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Successfully updated.');
      const storedAdmin = (await call<{ f_name: string; district_ids: number[] }>('GET', `/admins/${admin.encrypted_id}`)).body.data;
      expect(storedAdmin.f_name).toBe('Lead Two');
      expect([...storedAdmin.district_ids].sort((a, b) => a - b)).toEqual([bannu.id, karak.id].sort((a, b) => a - b));
    }));
});
