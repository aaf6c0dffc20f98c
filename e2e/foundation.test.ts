/**
 * The foundation's "done when" journeys (spec 1 sections 2 and 5), in real Chromium against the
 * real server, a fresh SQLite database and a real SMTP server on loopback.
 */
import type { ReceivedMail } from '../server/test/helpers/smtp';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';
import { choose, errorUnder, field, menuEntry, seeText, signIn, signOut } from './helpers/page';

interface Paged<T> {
  data: { data: T[]; total: number };
}
interface Listed<T> {
  data: T[];
}

const MAIL_WAIT_MS = 15_000;
const UNAUTHORIZED = 'You are not authorized for this page!';
// the toast names the new record ("Karachi added."), or says "Successfully added." when it has no name
const ADDED = / added\.$/;

const passwordFrom = (mail: ReceivedMail): string => {
  const m = /Password:\s*(\S+)/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no password in the credentials mail:\n${mail.text}`);
  return m[1];
};

describeJourney('foundation journeys (Chromium, real server)', { timeout: 120_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  test('super admin creates a role and a sub admin; the sub admin gets mail, signs in and sees only what the role allows', () =>
    journey.withPage('foundation-journey', async ({ page }) => {
      const roleName = `Location Manager ${stamp}`;
      const subEmail = `sub.${stamp}@example.org`;
      const subPassword = 'Sub-admin-pass-1';
      const districtName = `Swat ${stamp}`;

      // --- the super admin signs in
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await screenshot(page, 'login-page');
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

      // --- Roles → Add Role, with three location permissions
      await menuEntry(page, 'Roles').click();
      await page.waitForURL('**/roles');
      await page.getByRole('link', { name: 'Add Role', exact: true }).click();
      await page.waitForURL('**/roles/create');
      await field(page, 'Name').fill(roleName);
      const locations = page.getByRole('group', { name: 'Locations' });
      for (const action of ['View', 'Create', 'Edit']) await locations.getByRole('checkbox', { name: action, exact: true }).check();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, ADDED);

      const roles = await journey.server.api<Listed<{ name: string; permissions: string[] }>>('GET', `/roles?paginate=false`, journey.rootToken);
      const role = roles.body.data.find((r) => r.name === roleName);
      expect(role?.permissions.sort()).toEqual(['create_location', 'edit_location', 'view_location']);

      // --- Admins → Add Sub Admin with that role, credentials by email
      await menuEntry(page, 'Admins').click();
      await page.waitForURL('**/admins');
      await page.getByRole('link', { name: 'Add Sub Admin', exact: true }).click();
      await page.waitForURL('**/admins/create');
      await field(page, 'First Name').fill('Sana');
      await field(page, 'Last Name').fill('Khan');
      await field(page, 'Email').fill(subEmail);
      await field(page, 'Phone').fill('03001234567');
      await field(page, 'Password').fill(subPassword);
      await field(page, 'Confirm Password').fill(subPassword);
      await field(page, 'CNIC').fill('3520112345671');
      await choose(page, 'Role', roleName);
      await page.getByRole('checkbox', { name: 'Send Credentials via email' }).check();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, ADDED);

      // --- the credentials email arrives
      const mail = await journey.smtp.waitFor(subEmail, MAIL_WAIT_MS);
      expect(mail.text).toContain(subEmail);
      expect(mail.text).toContain(subPassword);
      const mailedPassword = passwordFrom(mail);

      const created = await journey.server.api<Paged<{ email: string; role: string; cnic: string }>>(
        'GET', `/admins?search=${encodeURIComponent(subEmail)}`, journey.rootToken);
      expect(created.body.data.data).toEqual([expect.objectContaining({ email: subEmail, role: roleName, cnic: '3520112345671' })]);

      // --- saved, the admin list opens (admins have no page of their own) and shows the new sub admin
      await page.waitForURL('**/admins');
      await page.getByRole('cell', { name: subEmail }).waitFor();
      await screenshot(page, 'admin-list');

      // --- sign out through the profile menu: the stored token is gone and revoked on the server
      const rootPageToken = await page.evaluate(() => localStorage.getItem('token'));
      expect(rootPageToken).toBeTruthy();
      await signOut(page);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect((await journey.server.api('GET', '/me', rootPageToken!)).status).toBe(401);

      // --- the sub admin signs in with the emailed password
      await signIn(page, subEmail, mailedPassword);
      await menuEntry(page, 'Districts').waitFor();
      expect(await menuEntry(page, 'Admins').count()).toBe(0);
      expect(await menuEntry(page, 'Roles').count()).toBe(0);
      await screenshot(page, 'sub-admin-dashboard');

      // --- creates a district through the form and sees it in the list
      await menuEntry(page, 'Districts').click();
      await page.waitForURL('**/districts');
      await page.getByRole('link', { name: 'Add District', exact: true }).click();
      await page.waitForURL('**/districts/create');
      await field(page, 'Name').fill(districtName);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, ADDED);
      // saved, the list opens (districts have no page of their own)
      await page.waitForURL((url) => url.pathname === '/districts');
      await page.getByRole('cell', { name: districtName }).waitFor();

      // --- /admins directly: the unauthorised screen
      await page.goto('/admins');
      await page.waitForURL('**/authorization');
      await seeText(page, UNAUTHORIZED);

      // --- and the server refuses too
      const status = await page.evaluate(async () => {
        const res = await fetch('/api/admin/admins', { headers: { authorization: `Bearer ${localStorage.token}` } });
        return res.status;
      });
      expect(status).toBe(403);
    }));

  test('bad input shows the spec message under the field and creates nothing', () =>
    journey.withPage('form-validation', async ({ page }) => {
      // A district with one tehsil, so the VC form has something to choose from.
      const district = await journey.server.api<{ data: { id: number; title: string } }>('POST', '/districts', journey.rootToken, { title: `Mardan ${stamp}` });
      expect(district.status).toBe(200);
      const tehsil = await journey.server.api('POST', '/tehsils', journey.rootToken, { title: `Takht Bhai ${stamp}`, district_id: district.body.data.id });
      expect(tehsil.status).toBe(200);

      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

      // --- Add Sub Admin with a 12-digit CNIC
      const email = `short.cnic.${stamp}@example.org`;
      await page.goto('/admins/create');
      await field(page, 'First Name').fill('Short');
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill('Some-password-1');
      await field(page, 'Confirm Password').fill('Some-password-1');
      await field(page, 'CNIC').fill('352011234567');
      await choose(page, 'Role', 'Super Admin');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      expect(await errorUnder(page, 'CNIC')).toBe('Please provide a cnic atleast 13 digits.');
      expect(page.url()).toMatch(/\/admins\/create$/);

      // --- Add VC with no tehsil
      const vcName = `No tehsil VC ${stamp}`;
      await page.goto('/areas/create');
      await choose(page, 'Select District...', `Mardan ${stamp}`);
      await field(page, 'Name').fill(vcName);
      await field(page, 'Latitude').fill('34.2');
      await field(page, 'Longitude').fill('71.9');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      expect(await errorUnder(page, 'Select Tehsil...')).toBe('Please select a tehsil.');

      // --- nothing reached the database
      const admins = await journey.server.api<Paged<unknown>>('GET', `/admins?search=${encodeURIComponent(email)}`, journey.rootToken);
      expect(admins.body.data.total).toBe(0);
      const areas = await journey.server.api<Paged<unknown>>('GET', `/areas?search=${encodeURIComponent(vcName)}`, journey.rootToken);
      expect(areas.body.data.total).toBe(0);
    }));

  test('forgot password: the emailed link sets a new password that signs in', () =>
    journey.withPage('forgot-password', async ({ page }) => {
      const email = `forgetful.${stamp}@example.org`;
      const newPassword = 'Brand-new-pass-7';
      const created = await journey.server.api('POST', '/admins', journey.rootToken, {
        f_name: 'Forgetful', email, cnic: '3520112345672', role: 'Super Admin',
        password: 'Old-password-1', confirmPassword: 'Old-password-1',
      });
      expect(created.status).toBe(200);

      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/auth/verifyEmail');
      await field(page, 'Email Address').fill(email);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await seeText(page, 'If that email is registered, a reset link has been sent.');

      const mail = await journey.smtp.waitFor(email, MAIL_WAIT_MS);
      const link = /https?:\/\/\S+\/auth\/resetPassword\?t=[^\s"<>]+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no reset link in the mail:\n${mail.text}`);
      expect(link.startsWith(`${journey.server.url}/`)).toBe(true);

      await page.goto(link);
      await field(page, 'New Password').fill(newPassword);
      await field(page, 'Confirm Password').fill(newPassword);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Successfully updated.');
      await page.waitForURL('**/auth/login');

      await field(page, 'Email Address').fill(email);
      await field(page, 'Password').fill(newPassword);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/dashboard');
    }));
});
