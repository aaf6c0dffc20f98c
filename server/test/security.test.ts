/**
 * Regression tests of the findings of a probe of the landed server (reliability issue): each finding
 * has a test here that failed before its fix. Both dialects.
 */
import { Client as PgClient } from 'pg';
import { ConfigError, loadConfig } from '../src/config';
import { TOO_EASY, TOO_PERSONAL, passwordProblem } from '../src/services/passwordPolicy';
import { hashToken } from '../src/services/tokens';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf, fieldErrors, heldFile, multipart, tinyPng } from './helpers/http';
import { startSmtp } from './helpers/smtp';
import { until } from './helpers/until';

jest.setTimeout(180_000);

const PUBLIC = 'http://console.test';
const tokenOf = (text: string) => decodeURIComponent(/resetPassword\?t=([A-Za-z0-9_%-]+)/.exec(text)![1]!);

describe('configuration of links and proxies', () => {
  const base = { DATA_DIR: '/tmp/console-config-test', APP_KEY: `base64:${Buffer.alloc(32, 1).toString('base64')}` };
  it('PUBLIC_URL is required in production; the first CORS origin stands in for it; development falls back to localhost', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example.org, https://b.example.org' }).publicUrl).toBe('https://a.example.org');
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.org/' }).publicUrl).toBe('https://console.example.org');
    expect(loadConfig({ ...base, PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });
  it('TRUST_PROXY names proxies; "true", "*" or a hop count (any client could then pick its address) are refused', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    for (const bad of ['true', '*', '2']) expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(ConfigError);
  });
});

describe('the password policy', () => {
  it('refuses common passwords and passwords built on the account', () => {
    for (const p of ['password', '12345678', 'Password1', 'qwertyuiop', 'iloveyou']) expect([p, passwordProblem(p)]).toEqual([p, expect.stringMatching(new RegExp(`^${TOO_EASY}: this is a (heavily|frequently|commonly) used password\\.`))]);
    expect(passwordProblem('Ayesha-2026!', { email: 'x@y.org', names: ['Ayesha', 'Khan'] })).toBe(TOO_PERSONAL);
    expect(passwordProblem('my ayeshakhan pass', { names: ['Ayesha', 'Khan'] })).toBe(TOO_PERSONAL);
    expect(passwordProblem('nurse.fatima.pass', { email: 'nurse.fatima@clinic.org' })).toBe(TOO_PERSONAL);
    // built on the programme's words or a published example, with digits and symbols: refused
    for (const p of ['healthconsole1', 'adminlahore1', 'Lahore@Sehat1', 'doctorpatient1', 'Karachi.Admin1', 'districttehsil1', 'Punjab.Health.1', 'ChangeMe2026!', 'correct horse battery']) {
      expect([p, passwordProblem(p, { email: 'ali@clinic.org', names: ['Ali', 'Raza'] })]).toEqual([p, expect.stringMatching(new RegExp(`^${TOO_EASY}: it is built on a name, the email or a word of this programme`))]);
    }
    // a programme word among words of one's own is the estimator's to judge
    for (const p of ['lantern-orchard-42', 'health river mountain tiger', 'Quiet-Lahore-Marmalade-88']) expect([p, passwordProblem(p, { email: 'ali@clinic.org', names: ['Ali', 'Raza'] })]).toEqual([p, null]);
  });
});

describe.each(DIALECTS)('probe findings on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    smtp.mails.length = 0;
    await t.db.db.deleteFrom('throttle').execute();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.1.0.1') =>
    t.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress });

  /* 1. reset-link poisoning */
  it('1: links come from PUBLIC_URL whatever Host or X-Forwarded-Host say; X-Forwarded-For is not believed without TRUST_PROXY', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    expect((await post('/api/admin/verify-email', { email: ADMIN_EMAIL }, forged)).statusCode).toBe(200);
    const mail = await smtp.waitFor(ADMIN_EMAIL);
    expect(mail.text).toContain(`${PUBLIC}/auth/resetPassword?t=`);
    expect(mail.text).not.toContain('evil.example');
    // page links and export links likewise
    const page = await t.inject({ method: 'GET', url: '/api/admin/districts?per_page=1', token: t.rootToken, headers: forged });
    const links = JSON.stringify(dataOf(page));
    expect(links).not.toContain('evil.example');
    expect(dataOf(page).first_page_url).toMatch(new RegExp(`^${PUBLIC}/api/admin/districts`));
    const exportLink = dataOf<string>(await t.inject({ method: 'GET', url: '/api/admin/districts?download=true', token: t.rootToken, headers: forged }));
    expect(exportLink.startsWith(`${PUBLIC}/api/admin/exports/`)).toBe(true);
    // the audit row names the peer, not the address the request claimed
    const row = await t.db.db.selectFrom('audit_log').select('ip').where('action', '=', 'password_reset_requested').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.ip).toBe('10.1.0.1');
  });

  it('1: with TRUST_PROXY, X-Forwarded-For is believed only from the listed proxy', async () => {
    const proxied = await startTestApp(dialect, { TRUST_PROXY: '10.9.9.9' });
    try {
      const attempt = (remoteAddress: string) =>
        proxied.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'nobody@example.org', password: 'wrong-guess-1' }, headers: { 'x-forwarded-for': '198.51.100.7' }, remoteAddress });
      await attempt('10.9.9.9');
      await attempt('10.1.2.3');
      const ips = await proxied.db.db.selectFrom('audit_log').select('ip').where('action', '=', 'login_failed').orderBy('id').execute();
      expect(ips.map((r) => r.ip)).toEqual(['198.51.100.7', '10.1.2.3']);
    } finally {
      await proxied.close();
    }
  });

  /* 2. escalation through roles */
  it('2: editing or deleting a role needs every permission it holds; a role within them can still be edited', async () => {
    const strong = dataOf(await client(t).post('/api/admin/roles', { name: 'Strong role', permissions: ['view_sub_admin', 'edit_sub_admin', 'view_location'] }));
    const weak = dataOf(await client(t).post('/api/admin/roles', { name: 'Weak role', permissions: ['view_location'] }));
    const editor = await adminWith(t, ['view_role', 'edit_role', 'delete_role', 'view_location']);
    const api = client(t, editor.token);
    const strip = await api.put(`/api/admin/roles/${strong.encrypted_id}`, { permissions: ['view_location'] });
    expect(strip.statusCode).toBe(403);
    expect(strip.json().message).toMatch(/edit_sub_admin/);
    expect((await api.put(`/api/admin/roles/${strong.encrypted_id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await api.del(`/api/admin/roles/${strong.encrypted_id}`)).statusCode).toBe(403);
    const after = dataOf(await client(t).get(`/api/admin/roles/${strong.encrypted_id}`));
    expect([after.name, after.permissions]).toEqual(['Strong role', ['edit_sub_admin', 'view_location', 'view_sub_admin']]);
    expect(dataOf(await api.put(`/api/admin/roles/${weak.encrypted_id}`, { name: 'Weak role, renamed' })).name).toBe('Weak role, renamed');
    expect((await api.del(`/api/admin/roles/${weak.encrypted_id}`)).statusCode).toBe(200);
  });

  /* 3. login throttle */
  it('3: 25 parallel wrong passwords give at most 5 refusals of the password and 429 for the rest; rotating X-Forwarded-For changes nothing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post('/api/admin/login', { email: ADMIN_EMAIL, password: `wrong-${i}` }, { 'x-forwarded-for': `198.51.100.${i}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 422).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
    expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
    // the guessing address stays locked out of the account; the owner elsewhere is not
    expect((await post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).statusCode).toBe(429);
    expect((await post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, {}, '10.1.0.2')).statusCode).toBe(200);
  });

  it('3: spraying one password across many accounts from one address is limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await post('/api/admin/login', { email: `spray${i}@example.org`, password: 'Summer2026!' }, {}, '10.1.0.3')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 422)).toBe(true);
    expect(codes.slice(20).every((c) => c === 429)).toBe(true);
    // another address still signs in
    expect((await post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, {}, '10.1.0.4')).statusCode).toBe(200);
  });

  it('3: signing in well does not use up the address (an office behind one address)', async () => {
    for (let i = 0; i < 30; i++) expect((await post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, {}, '10.1.0.5')).statusCode).toBe(200);
  });

  /* 4. reset tokens */
  it('4: only the newest reset link works, a completed reset ends it; a confirmPassword sent must match', async () => {
    const admin = await adminWith(t, []);
    for (let i = 0; i < 2; i++) await post('/api/admin/verify-email', { email: admin.email });
    await until(() => smtp.mails.filter((m) => m.to.includes(admin.email)).length >= 2, `two reset mails to ${admin.email}`);
    const [first, second] = smtp.mails.filter((m) => m.to.includes(admin.email)).map((m) => tokenOf(m.text));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect((await post('/api/admin/reset-password', { token: first, password: 'lantern-orchard-42', confirmPassword: 'lantern-orchard-42' })).statusCode).toBe(422);
    const mismatch = await post('/api/admin/reset-password', { token: second, password: 'lantern-orchard-42', confirmPassword: 'lantern-orchard-24' });
    expect(fieldErrors(mismatch)).toHaveProperty('confirmPassword');
    // the spec's body, { token, password }: no confirmation to compare
    expect((await post('/api/admin/reset-password', { token: second, password: 'lantern-orchard-42' })).statusCode).toBe(200);
    const rows = await t.db.db.selectFrom('password_resets').select(['token_hash', 'used_at']).where('token_hash', 'in', [hashToken(first!), hashToken(second!)]).execute();
    expect(rows.map((r) => r.used_at !== null)).toEqual([true, true]);
    const late = await post('/api/admin/reset-password', { token: second, password: 'another-orchard-43', confirmPassword: 'another-orchard-43' });
    expect(late.statusCode).toBe(422);
  });

  it('4: reset requests are limited per inbox from one address and per address, the same for unknown emails; a stranger neither locks the owner out nor floods the inbox', async () => {
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) known.push((await post('/api/admin/verify-email', { email: ADMIN_EMAIL }, {}, '10.2.0.1')).statusCode);
    for (let i = 0; i < 4; i++) unknown.push((await post('/api/admin/verify-email', { email: 'ghost@example.org' }, {}, '10.2.1.1')).statusCode);
    expect(known).toEqual([200, 200, 200, 429]);
    expect(unknown).toEqual(known);
    // the owner, from their own address, is not locked out by the stranger's requests
    expect((await post('/api/admin/verify-email', { email: ADMIN_EMAIL }, {}, '10.2.9.9')).statusCode).toBe(200);
    // from many addresses: answered alike, but at most three mails reach the inbox in 15 minutes
    for (let i = 0; i < 5; i++) expect((await post('/api/admin/verify-email', { email: ADMIN_EMAIL }, {}, `10.2.3.${i}`)).statusCode).toBe(200);
    const kept = await t.db.db.selectFrom('throttle').select('hits').where('key', '=', `reset-mail:${ADMIN_EMAIL}`).executeTakeFirstOrThrow();
    expect(Number(kept.hits)).toBe(9); // three requests from 10.2.0.1, the owner's and five more: past three, no mail goes
    const mailed = () => smtp.mails.filter((m) => m.to.includes(ADMIN_EMAIL)).length;
    while (mailed() < 3) await new Promise((r) => setTimeout(r, 25)); // until the three have arrived (the test's ceiling bounds it)
    expect(mailed()).toBe(3);
    const perAddress = [];
    for (let i = 0; i < 11; i++) perAddress.push((await post('/api/admin/verify-email', { email: `nobody${i}@example.org` }, {}, '10.2.2.1')).statusCode);
    expect(perAddress.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(perAddress[10]).toBe(429);
  });

  /* 5. password policy */
  it('5: common passwords and passwords built on the account are refused wherever a password is set', async () => {
    const api = client(t);
    const easy = [expect.stringMatching(new RegExp(`^${TOO_EASY}`))];
    const body = { f_name: 'Ayesha', l_name: 'Siddiqui', email: 'ayesha.s@example.org', cnic: '3520112345671', role: 'Super Admin' };
    for (const [password, message] of [['12345678', easy], ['password', easy], ['Siddiqui#2026', [TOO_PERSONAL]], ['ayesha.s-pass', [TOO_PERSONAL]]] as const) {
      expect(fieldErrors(await api.post('/api/admin/admins', { ...body, password, confirmPassword: password }))).toEqual({ password: message });
    }
    const created = dataOf(await api.post('/api/admin/admins', { ...body, password: 'cobalt-harbour-19', confirmPassword: 'cobalt-harbour-19' }));
    expect(fieldErrors(await api.put(`/api/admin/admins/change-password/${created.encrypted_id}`, { password: 'qwertyuiop', confirmPassword: 'qwertyuiop' }))).toEqual({ password: easy });
    const own = await t.login('ayesha.s@example.org', 'cobalt-harbour-19');
    const mine = client(t, own);
    expect(fieldErrors(await mine.post('/api/admin/admins/change-password', { oldPassword: 'cobalt-harbour-19', password: 'iloveyou1', confirmPassword: 'iloveyou1' }))).toEqual({ password: easy });
  });

  /* 6. multipart only where files are taken (or a form's text fields), after authentication, within the route's limits */
  it('6: a multipart body is refused unread on public routes, a file part on a form without files; an anonymous upload is 401', async () => {
    const big = multipart({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, junk: { filename: 'junk.bin', contentType: 'application/octet-stream', data: Buffer.alloc(3 * 1024 * 1024, 7) } });
    const login = await t.inject({ method: 'POST', url: '/api/admin/login', payload: big.payload, headers: big.headers });
    expect(login.statusCode).toBe(415);
    expect(login.json()).toMatchObject({ success: false });
    // a declaration's write takes form data (the spec's clients send it), of text fields only: a file part is refused
    const district = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: big.payload, headers: big.headers });
    expect([400, 413]).toContain(district.statusCode);
    const form = multipart({ title: 'Formed district' });
    expect(dataOf(await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: form.payload, headers: form.headers }))).toMatchObject({ title: 'Formed district' });
    const anonymous = await t.inject({ method: 'POST', url: '/api/admin/media-file/upload-chunk', payload: big.payload, headers: big.headers });
    expect(anonymous.statusCode).toBe(401);
    // a JSON body on a public route is small
    const huge = await t.inject({ method: 'POST', url: '/api/admin/login', payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(huge.statusCode).toBe(413);
  });

  it('6: a route that takes files takes no more than its declared size', async () => {
    const photo = multipart({ f_name: 'Root', email: ADMIN_EMAIL, file: { filename: 'big.png', contentType: 'image/png', data: Buffer.concat([tinyPng(), Buffer.alloc(6 * 1024 * 1024)]) } });
    const res = await t.inject({ method: 'POST', url: '/api/admin/admins/profile', token: t.rootToken, payload: photo.payload, headers: photo.headers });
    expect([413, 422]).toContain(res.statusCode);
    const small = multipart({ f_name: 'Root', email: ADMIN_EMAIL, file: { filename: 'me.png', contentType: 'image/png', data: tinyPng() } });
    expect((await t.inject({ method: 'POST', url: '/api/admin/admins/profile', token: t.rootToken, payload: small.payload, headers: small.headers })).statusCode).toBe(200);
  });

  /* 8. the low findings */
  it('8: a deeply nested JSON body is a 4xx, not a 500, on a public and on a signed-in route', async () => {
    const nested = `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)},"password":"x"}`;
    const pub = await t.inject({ method: 'POST', url: '/api/admin/login', payload: nested, headers: { 'content-type': 'application/json' } });
    expect(pub.statusCode).toBeGreaterThanOrEqual(400);
    expect(pub.statusCode).toBeLessThan(500);
    const body = `{"title":${'['.repeat(100_000)}"a\\u0000"${']'.repeat(100_000)}}`;
    const signed = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: body, headers: { 'content-type': 'application/json' } });
    expect(signed.statusCode).toBe(422);
  });

  it('8: one\'s own password needs the current one on every route; wrong guesses are throttled; an email change needs the password', async () => {
    const admin = await adminWith(t, ['view_sub_admin', 'edit_sub_admin']);
    const api = client(t, admin.token);
    const self = `/api/admin/admins/change-password/${admin.encryptedId}`;
    expect(fieldErrors(await api.put(self, { password: 'violet-meadow-88', confirmPassword: 'violet-meadow-88' }))).toEqual({ oldPassword: ['Please provide your current password.'] });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await api.put(self, { oldPassword: `guess-${i}`, password: 'violet-meadow-88', confirmPassword: 'violet-meadow-88' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(codes.slice(5)).toEqual([429, 429]);
    await t.db.db.deleteFrom('throttle').execute();
    expect(fieldErrors(await api.post('/api/admin/admins/profile', { f_name: 'Sub', email: 'moved@example.org' }))).toEqual({ password: ['Please provide your current password.'] });
    expect(fieldErrors(await api.post('/api/admin/admins/profile', { f_name: 'Sub', email: 'moved@example.org', password: 'wrong-one-1' }))).toEqual({ password: ['The current password is not correct.'] });
    expect(dataOf(await api.post('/api/admin/admins/profile', { f_name: 'Sub', email: 'moved@example.org', password: 'sub-admin-pass-1' })).email).toBe('moved@example.org');
    // the name alone changes without it
    expect(dataOf(await api.post('/api/admin/admins/profile', { f_name: 'Renamed', email: 'moved@example.org' })).f_name).toBe('Renamed');
  });

  it('8: stored files are served nosniff, sandboxed, privately cached, and a PDF as an attachment', async () => {
    const png = await heldFile(t, 'profile', 'png', tinyPng());
    const pdf = await heldFile(t, 'reports', 'pdf', Buffer.from('%PDF-1.4\n<script>alert(1)</script>\n%%EOF'));
    const image = await t.inject({ method: 'GET', url: `/storage/${png}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-type': 'image/png' });
    expect(image.headers['content-security-policy']).toMatch(/sandbox/);
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(image.headers['content-disposition']).toBeUndefined();
    const doc = await t.inject({ method: 'GET', url: `/storage/${pdf}` });
    expect(doc.headers['content-disposition']).toBe('attachment');
  });

  it('8: the router\'s and the HTTP parser\'s own refusals come in the envelope', async () => {
    const long = await t.inject({ method: 'GET', url: `/api/admin/districts/${'a'.repeat(2000)}`, token: t.rootToken });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, message: 'The address is too long.', code: 'address_too_long', error: null, codes: null });
    const bad = await t.inject({ method: 'GET', url: '/api/admin/%E0%A4%A', token: t.rootToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    // a header block beyond Node's limit is refused by the parser itself: over a real socket
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/me`, { headers: { 'x-padding': 'p'.repeat(40_000) } });
      expect(res.status).toBe(431);
      expect(await res.json()).toMatchObject({ success: false, error: null });
    } finally {
      await t.app.server.close();
    }
  });

  if (dialect === 'postgres') {
    it('survives PostgreSQL ending its idle connections (a restart or failover): the next request is answered', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/admin/districts', token: t.rootToken })).statusCode).toBe(200);
      const database = /\/([^/?]+)(\?|$)/.exec(String(t.config.databaseUrl))![1];
      const admin = new PgClient({ connectionString: process.env.TEST_PG_URL });
      await admin.connect();
      try {
        const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await new Promise((r) => setTimeout(r, 200)); // the pool hears of it
      expect((await t.inject({ method: 'GET', url: '/api/admin/districts', token: t.rootToken })).statusCode).toBe(200);
    });
  }
});
