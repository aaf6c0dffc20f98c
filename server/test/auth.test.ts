import { hashToken } from '../src/services/tokens';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { startSmtp } from './helpers/smtp';

describe.each(DIALECTS)('sign-in and password reset on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  // each test starts with no sign-in failures counted
  beforeEach(() => t.db.db.deleteFrom('throttle').execute());

  const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
    t.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress: ip });

  test('returns the session of the spec with a random token stored only as a hash', async () => {
    const res = await login({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD, remember_me: false });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(
      ['email', 'encrypted_id', 'expires_at', 'f_name', 'file', 'id', 'l_name', 'permissions', 'pusher_id', 'remember_me_token', 'roles', 'token'].sort(),
    );
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.roles).toEqual([{ name: 'Super Admin' }]);
    expect(data.permissions).toContain('delete_sub_admin');
    const stored = await t.db.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(data.token));
    expect(stored.map((r) => r.token_hash)).not.toContain(data.token);
  });

  test('remember me gives a longer-lived token', async () => {
    const short = (await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).json().data.expires_at;
    const long = (await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember_me: true })).json().data.expires_at;
    expect(Date.parse(long) - Date.parse(short)).toBeGreaterThan(20 * 86_400_000);
  });

  test('wrong password and unknown email give the same field error; missing fields give the spec messages', async () => {
    const wrong = await login({ email: ADMIN_EMAIL, password: 'nope-nope' }, '10.0.0.2');
    const unknown = await login({ email: 'nobody@example.org', password: 'nope-nope' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error.email[0]).toBe('These credentials do not match our records.');
    const empty = await login({ email: '', password: '' }, '10.0.0.2');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toEqual({ email: ['Please provide a valid email.'], password: ['Please provide a password.'] });
  });

  test('five failures a minute lock the account from that address only; the owner elsewhere signs in; a minute later it signs in', async () => {
    for (let i = 0; i < 5; i++) expect((await login({ email: ADMIN_EMAIL, password: `bad-${i}` }, '10.0.1.7')).statusCode).toBe(422);
    // the right password from the guessing address: locked
    const locked = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.1.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many sign-in attempts\. Try again in \d+ seconds\./);
    // the owner, from another address, is not
    expect((await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.1.99')).statusCode).toBe(200);
    await t.db.db.updateTable('throttle').set({ window_start: new Date(Date.now() - 61_000).toISOString() }).execute();
    expect((await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.1.7')).statusCode).toBe(200);
  });

  test('logout revokes the token', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.inject({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/admin/logout', token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(401);
  });

  test('reset: same answer for known and unknown email, link by email, single use, revokes sessions', async () => {
    const session = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const known = await t.inject({ method: 'POST', url: '/api/admin/verify-email', payload: { email: ADMIN_EMAIL } });
    const unknown = await t.inject({ method: 'POST', url: '/api/admin/verify-email', payload: { email: 'ghost@example.org' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await smtp.waitFor(ADMIN_EMAIL);
    const link = /http:\/\/console\.test\/auth\/resetPassword\?t=([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(smtp.mails.some((m) => m.to.includes('ghost@example.org'))).toBe(false);

    const verify = (tok: string) => t.inject({ method: 'POST', url: '/api/admin/verify-reset-token', payload: { token: tok } });
    expect((await verify(token)).json().data).toEqual({ valid: true });
    const bad = await verify(`${token}x`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Invalid token');

    const mismatch = await t.inject({ method: 'POST', url: '/api/admin/reset-password', payload: { token, password: 'brand-new-pass-1', confirmPassword: 'other' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.confirmPassword).toEqual(["Password didn't match."]);

    const reset = await t.inject({ method: 'POST', url: '/api/admin/reset-password', payload: { token, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/admin/me', token: session })).statusCode).toBe(401);
    const again = await t.inject({ method: 'POST', url: '/api/admin/reset-password', payload: { token, password: 'another-pass-22', confirmPassword: 'another-pass-22' } });
    expect(again.statusCode).toBe(422);
    expect((await login({ email: ADMIN_EMAIL, password: 'brand-new-pass-1' }, '10.0.0.9')).statusCode).toBe(200);
    // put the password back for the other tests
    await t.inject({ method: 'POST', url: '/api/admin/verify-email', payload: { email: ADMIN_EMAIL } });
  });

  test('a reset token expires after 60 minutes', async () => {
    smtp.mails.length = 0;
    await t.inject({ method: 'POST', url: '/api/admin/verify-email', payload: { email: ADMIN_EMAIL } });
    const mail = await smtp.waitFor(ADMIN_EMAIL);
    const token = decodeURIComponent(/resetPassword\?t=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    await t.db.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(token)).execute();
    const res = await t.inject({ method: 'POST', url: '/api/admin/verify-reset-token', payload: { token } });
    expect(res.statusCode).toBe(422);
  });

  test('every sign-in attempt is in the audit log with IP and request id', async () => {
    await login({ email: ADMIN_EMAIL, password: 'wrong-again' }, '10.0.0.77');
    const rows = await t.db.db.selectFrom('audit_log').selectAll().where('resource', '=', 'auth').where('ip', '=', '10.0.0.77').execute();
    expect(rows.map((r) => r.action)).toEqual(['login_failed']);
    expect(rows[0]!.request_id).toBeTruthy();
    // (matched by message: better-sqlite3's error class is not an Error of a second jest module registry)
    await expect(t.db.db.deleteFrom('audit_log').execute()).rejects.toMatchObject({ message: expect.stringMatching(/append-only/) });
  });

  test('health and OpenAPI answer', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: dialect });
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/admin/districts/{id}']).toBeDefined();
  });
});
