/** Admins beyond the generic contract: credentials mail, roles, guards, blocking, passwords, profile photo. */
import { adminWith, ADMIN_EMAIL, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, fieldErrors, multipart, type Row, tinyPng } from './helpers/http';
import { startSmtp } from './helpers/smtp';

const PASSWORD = 'first-password-1';

describe.each(DIALECTS)('admins (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let api: Client;
  let root: Row;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url });
    api = client(t);
    root = dataOf(await api.get('/api/admin/admins/profile'));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const role = async (permissions: string[] = ['view_location']): Promise<Row> =>
    dataOf(await api.post('/api/admin/roles', { name: `Admins role ${++n}`, permissions }));
  const body = (roleName: string, over: Row = {}): Row => ({
    f_name: `Person${++n}`, l_name: 'Tester', email: `person${n}@example.org`, phone: '03001234567', cnic: '3520112345671',
    dob: '1991-02-03', gender: 'female', role: roleName, password: PASSWORD, confirmPassword: PASSWORD, ...over,
  });
  const create = async (over: Row = {}): Promise<Row> => dataOf(await api.post('/api/admin/admins', body((await role()).name, over)));
  /** an admin (no permissions) with a fresh token of its own */
  const signedIn = async (): Promise<{ admin: Row; token: string; as: Client }> => {
    const admin = await create();
    const token = await t.login(admin.email, PASSWORD);
    return { admin, token, as: client(t, token) };
  };
  const adminCount = async () => Number((await t.db.db.selectFrom('admins').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const me = (token: string) => call(t, { method: 'GET', url: '/api/admin/me', token });

  it('create with send_credentials sends the email and password through SMTP; without it, no mail', async () => {
    const r = await role();
    const withMail = body(r.name, { send_credentials: true });
    const created = dataOf(await api.post('/api/admin/admins', withMail));
    expect(created.email).toBe(withMail.email);
    const mail = await smtp.waitFor(withMail.email);
    expect(mail.subject).toBe('Your console account');
    expect(mail.text).toContain(withMail.email);
    expect(mail.text).toContain(PASSWORD);
    expect(mail.text).toContain('http://console.test/auth/login');

    const quiet = body(r.name);
    dataOf(await api.post('/api/admin/admins', quiet));
    expect(smtp.mails.filter((m) => m.to.includes(quiet.email))).toEqual([]);
    // the new admin can sign in with the password from the mail
    await expect(t.login(withMail.email, PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('update keeps the previous role name in prevRole when the role changes', async () => {
    const [a, b, c] = [await role(), await role(), await role()];
    const admin = dataOf(await api.post('/api/admin/admins', body(a.name)));
    expect(admin).toMatchObject({ role: a.name, role_id: a.id, prevRole: null, roles: [{ name: a.name }] });
    const url = `/api/admin/admins/${admin.encrypted_id}`;

    expect(dataOf(await api.put(url, { role: b.name }))).toMatchObject({ role: b.name, prevRole: a.name });
    expect(dataOf(await api.get(url))).toMatchObject({ role: b.name, role_id: b.id, prevRole: a.name });
    expect(dataOf(await api.put(url, { f_name: 'Renamed' }))).toMatchObject({ role: b.name, prevRole: a.name });
    expect(dataOf(await api.put(url, { role: b.name }))).toMatchObject({ role: b.name, prevRole: a.name }); // same role: no change
    expect(dataOf(await api.put(url, { role_id: c.id }))).toMatchObject({ role: c.name, prevRole: b.name });
  });

  it('refuses a duplicate email (any case) with 422 "The email has already been taken."', async () => {
    const first = await create();
    const r = await role();
    const before = await adminCount();
    for (const email of [first.email, first.email.toUpperCase()]) {
      expect(fieldErrors(await api.post('/api/admin/admins', body(r.name, { email })))).toEqual({ email: ['The email has already been taken.'] });
    }
    expect(await adminCount()).toBe(before);
    const other = await create();
    expect(fieldErrors(await api.put(`/api/admin/admins/${other.encrypted_id}`, { email: first.email }))).toEqual({ email: ['The email has already been taken.'] });
    expect(dataOf(await api.put(`/api/admin/admins/${other.encrypted_id}`, { email: other.email })).email).toBe(other.email);
  });

  it.each([
    ['a CNIC of 12 digits', { cnic: '352011234567' }, 'cnic', 'Please provide a cnic atleast 13 digits.'],
    ['a CNIC with dashes', { cnic: '35201-1234567-1' }, 'cnic', 'Please provide a cnic atleast 13 digits.'],
    ['passwords that differ', { confirmPassword: 'another-password-2' }, 'confirmPassword', 'Passwords do not match'],
    ['a date of birth in the future', { dob: '2999-01-01' }, 'dob', 'The date of birth cannot be in the future.'],
    ['an unknown role', { role: 'No such role' }, 'role', 'Please select a role.'],
  ])('refuses %s with 422 on that field', async (_what, over, field, message) => {
    const r = await role();
    const before = await adminCount();
    const errors = fieldErrors(await api.post('/api/admin/admins', body(r.name, over)));
    expect(errors).toEqual({ [field]: [message] });
    expect(await adminCount()).toBe(before);
  });

  it('a sub admin cannot grant a permission it lacks, nor the super admin role (422)', async () => {
    const sub = await adminWith(t, ['view_role', 'create_role', 'edit_role', 'view_location', 'create_sub_admin', 'view_sub_admin']);
    const as = client(t, sub.token);
    const roleCount = async () => Number((await t.db.db.selectFrom('roles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await roleCount();
    const errors = fieldErrors(await as.post('/api/admin/roles', { name: 'Sneaky', permissions: ['view_location', 'delete_location'] }));
    expect(errors.permissions![0]).toContain('delete_location');
    expect(await roleCount()).toBe(before);

    const fine = dataOf(await as.post('/api/admin/roles', { name: 'Fair', permissions: ['view_location'] }));
    expect(fine.permissions).toEqual(['view_location']);
    expect(fieldErrors(await as.put(`/api/admin/roles/${fine.encrypted_id}`, { permissions: ['view_location', 'edit_sub_admin'] }))).toHaveProperty('permissions');
    expect(dataOf(await as.get(`/api/admin/roles/${fine.encrypted_id}`)).permissions).toEqual(['view_location']);

    const escalate = fieldErrors(await as.post('/api/admin/admins', body('Super Admin')));
    expect(escalate).toEqual({ role: ['Only a super admin can give the super admin role.'] });
  });

  it('a sub admin cannot give an admin a role holding permissions it lacks (422), on create or on update', async () => {
    const sub = await adminWith(t, ['view_sub_admin', 'create_sub_admin', 'edit_sub_admin', 'view_location']);
    const as = client(t, sub.token);
    const [mighty, modest] = [await role(['view_location', 'delete_location']), await role(['view_location'])];
    const before = await adminCount();
    expect(fieldErrors(await as.post('/api/admin/admins', body(mighty.name)))).toEqual({
      role: ['You cannot give a role with permissions you do not hold: delete_location.'],
    });
    expect(fieldErrors(await as.post('/api/admin/admins', body('', { role: undefined, role_id: mighty.id })))).toHaveProperty('role');
    expect(await adminCount()).toBe(before);
    // not even to itself
    expect(fieldErrors(await as.put(`/api/admin/admins/${sub.encryptedId}`, { role_id: mighty.id }))).toHaveProperty('role');

    const made = dataOf(await as.post('/api/admin/admins', body(modest.name)));
    expect(fieldErrors(await as.put(`/api/admin/admins/${made.encrypted_id}`, { role: mighty.name }))).toHaveProperty('role');
    // an admin who already holds a stronger role is out of its reach altogether
    const strong = dataOf(await api.post('/api/admin/admins', body(mighty.name)));
    expect((await as.put(`/api/admin/admins/${strong.encrypted_id}`, { f_name: 'Edited', role: mighty.name })).statusCode).toBe(403);
  });

  it('a sub admin cannot edit, block, re-password or delete a super admin (403); nothing changes', async () => {
    const sub = await adminWith(t, ['view_sub_admin', 'edit_sub_admin', 'delete_sub_admin']);
    const as = client(t, sub.token);
    const url = `/api/admin/admins/${root.encrypted_id}`;
    const before = await t.db.db.selectFrom('admins').selectAll().where('id', '=', root.id).executeTakeFirstOrThrow();
    for (const res of [
      await as.put(url, { f_name: 'Hijacked' }),
      await as.put(`/api/admin/admins/status/${root.encrypted_id}`, { status: 2 }),
      await as.put(`/api/admin/admins/change-password/${root.encrypted_id}`, { password: 'hijacked-pass', confirmPassword: 'hijacked-pass' }),
      await as.del(url),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await t.db.db.selectFrom('admins').selectAll().where('id', '=', root.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await me(t.rootToken)).statusCode).toBe(200);
    // the same sub admin may change an ordinary admin whose permissions it holds
    const plain = dataOf(await api.post('/api/admin/admins', body((await role(['view_sub_admin'])).name)));
    expect(dataOf(await as.put(`/api/admin/admins/${plain.encrypted_id}`, { f_name: 'Changed' })).f_name).toBe('Changed');
  });

  it('refuses to let an admin delete or block itself', async () => {
    const self = `/api/admin/admins/${root.encrypted_id}`;
    const del = await api.del(self);
    expect([409, 422]).toContain(del.statusCode);
    expect(del.json().message).toBe('You cannot delete your own account.');
    expect(fieldErrors(await api.put(`/api/admin/admins/status/${root.encrypted_id}`, { status: 2 }))).toEqual({ status: ['You cannot block your own account.'] });
    expect(dataOf(await api.get(self)).status).toBe(1);
    expect((await me(t.rootToken)).statusCode).toBe(200);

    const sub = await adminWith(t, ['view_sub_admin', 'edit_sub_admin', 'delete_sub_admin']);
    const as = client(t, sub.token);
    expect((await as.del(`/api/admin/admins/${sub.encryptedId}`)).statusCode).toBe(409);
    expect((await as.put(`/api/admin/admins/status/${sub.encryptedId}`, { status: 2 })).statusCode).toBe(422);
    expect((await me(sub.token)).statusCode).toBe(200);
  });

  it('blocking revokes the admin’s tokens and stops sign-in (403 "Your account is blocked."); unblocking restores sign-in', async () => {
    const { admin, token } = await signedIn();
    expect((await me(token)).statusCode).toBe(200);
    expect(dataOf(await api.put(`/api/admin/admins/status/${admin.encrypted_id}`, { status: 2 })).status).toBe(2);
    expect((await me(token)).statusCode).toBe(401);
    const tokens = await t.db.db.selectFrom('auth_tokens').select('id').where('admin_id', '=', admin.id).execute();
    expect(tokens).toEqual([]);

    const login = await call(t, { method: 'POST', url: '/api/admin/login', payload: { email: admin.email, password: PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ success: false, message: 'Your account is blocked.' });

    dataOf(await api.put(`/api/admin/admins/status/${admin.encrypted_id}`, { status: 1 }));
    expect((await me(await t.login(admin.email, PASSWORD))).statusCode).toBe(200);
  });

  it('changing one’s own password needs the right oldPassword and ends the other sessions', async () => {
    const { admin, token, as } = await signedIn();
    const other = await t.login(admin.email, PASSWORD);
    const next = 'second-password-2';

    const wrongOld = fieldErrors(await as.post('/api/admin/admins/change-password', { oldPassword: 'not-my-password', password: next, confirmPassword: next }));
    expect(wrongOld).toEqual({ oldPassword: ['The current password is not correct.'] });
    const mismatch = fieldErrors(await as.post('/api/admin/admins/change-password', { oldPassword: PASSWORD, password: next, confirmPassword: 'different-3' }));
    expect(mismatch).toHaveProperty('confirmPassword');
    expect((await me(other)).statusCode).toBe(200); // refused attempts end nothing

    const done = await as.post('/api/admin/admins/change-password', { oldPassword: PASSWORD, password: next, confirmPassword: next });
    expect(done.json()).toMatchObject({ success: true, message: 'Successfully updated.' });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await expect(t.login(admin.email, PASSWORD)).rejects.toThrow(/422/);
    await expect(t.login(admin.email, next)).resolves.toEqual(expect.any(String));
  });

  it('search matches across the name fields ("first last") and treats % and _ literally', async () => {
    const made = dataOf(await api.post('/api/admin/admins', body((await role()).name, { f_name: 'Zarina', l_name: 'Qureshi_9%' })));
    const found = (q: string) => api.get(`/api/admin/admins?search=${encodeURIComponent(q)}`).then((r) => dataOf(r).data.map((a: Row) => a.email));
    expect(await found('zarina qur')).toEqual([made.email]);
    expect(await found('Qureshi_9%')).toEqual([made.email]);
    expect(await found('Qureshi_99')).toEqual([]);
    expect(await found('%')).toEqual([made.email]);
  });

  it('a sub admin cannot set the password of, edit or block an admin holding permissions it lacks', async () => {
    const manager = await adminWith(t, ['view_sub_admin', 'edit_sub_admin', 'view_location'], `mgr${++n}`);
    const as = client(t, manager.token);
    const stronger = dataOf(await api.post('/api/admin/admins', body((await role(['view_location', 'delete_location'])).name)));
    const weaker = await create(); // its role holds view_location only
    const refused = await as.put(`/api/admin/admins/change-password/${stronger.encrypted_id}`, { password: 'sneaky-pass-1', confirmPassword: 'sneaky-pass-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot change an admin who holds permissions you do not hold.');
    expect((await as.put(`/api/admin/admins/${stronger.encrypted_id}`, { f_name: 'Renamed' })).statusCode).toBe(403);
    expect((await as.put(`/api/admin/admins/status/${stronger.encrypted_id}`, { status: 2 })).statusCode).toBe(403);
    await expect(t.login(stronger.email, PASSWORD)).resolves.toEqual(expect.any(String));
    expect((await as.put(`/api/admin/admins/change-password/${weaker.encrypted_id}`, { password: 'allowed-pass-1', confirmPassword: 'allowed-pass-1' })).statusCode).toBe(200);
  });

  it('an admin with edit_sub_admin sets another admin’s password, ending all of that admin’s sessions', async () => {
    const { admin, token } = await signedIn();
    const next = 'set-by-other-3';
    dataOf(await api.put(`/api/admin/admins/change-password/${admin.encrypted_id}`, { password: next, confirmPassword: next }));
    expect((await me(token)).statusCode).toBe(401);
    await expect(t.login(admin.email, next)).resolves.toEqual(expect.any(String));
  });

  describe('profile photo', () => {
    const upload = (token: string, fields: Parameters<typeof multipart>[0]) =>
      call(t, { method: 'POST', url: '/api/admin/admins/profile', token, ...multipart(fields) });

    it('a real PNG: 200, and file.path serves the same bytes', async () => {
      const { admin, token } = await signedIn();
      const png = tinyPng();
      const res = await upload(token, { f_name: 'Pictured', l_name: 'Person', email: admin.email, file: { filename: 'me.png', contentType: 'image/png', data: png } });
      const data = dataOf(res);
      expect(data).toMatchObject({ id: admin.id, f_name: 'Pictured', file: { path: expect.stringMatching(/^\/storage\/profile\/[0-9a-f]+\.png$/) } });
      const served = await t.app.inject({ method: 'GET', url: data.file.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/png/);
      expect(served.rawPayload.equals(png)).toBe(true);
      expect(dataOf(await call(t, { method: 'GET', url: '/api/admin/admins/profile', token })).file).toEqual(data.file);

      // a new photo replaces the old file
      const again = dataOf(await upload(token, { f_name: 'Pictured', email: admin.email, file: { filename: 'me2.png', contentType: 'image/png', data: tinyPng([0, 0, 255, 255]) } }));
      expect(again.file.path).not.toBe(data.file.path);
      expect((await t.app.inject({ method: 'GET', url: data.file.path })).statusCode).toBe(404);
    });

    it('a text file renamed .png: 422 "File format not supported. JPG/JPEG/PNG", nothing stored', async () => {
      const { admin, token } = await signedIn();
      const before = await t.db.db.selectFrom('admins').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
      const res = await upload(token, { f_name: 'Faker', email: admin.email, file: { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('just some text, not an image\n') } });
      expect(fieldErrors(res)).toEqual({ file: ['File format not supported. JPG/JPEG/PNG'] });
      expect(await t.db.db.selectFrom('admins').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow()).toEqual(before);
    });

    it('the profile email must not be another admin’s', async () => {
      const { token } = await signedIn();
      expect(fieldErrors(await upload(token, { f_name: 'Thief', email: ADMIN_EMAIL }))).toEqual({ email: ['The email has already been taken.'] });
    });
  });
});
