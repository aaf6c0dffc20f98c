/**
 * Outgoing mail waits in the database (services/mailQueue.ts) when the mail server is away: the request
 * that asked for a reset or credentials email answers at once, the message is kept (its body sealed),
 * tried again with backoff, shown to the admins who look after the installation, and sent as soon as
 * the mail server answers again. On both dialects, against a real SMTP server that goes and comes back.
 */
import { permissionName } from '../../contract/permissions';
import { backoffMs, maskAddress } from '../src/services/mailQueue';
import { ADMIN_EMAIL, adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { freePort } from './helpers/serverProcess';
import { startSmtp } from './helpers/smtp';

jest.setTimeout(120_000);

test('backoff grows from 10 s to at most 10 min; addresses are shown with their first letter only', () => {
  expect([1, 2, 3, 4, 10, 50].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000, 600_000, 600_000]);
  expect(maskAddress('amina.khan@example.org')).toBe('a•••@example.org');
  expect(maskAddress('nobody')).toBe('•••');
});

describe.each(DIALECTS)('the mail queue (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // the mail server is away from the start: nothing listens on its port
    t = await startTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  const rows = () => t.db.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();
  /** until the queue's rows pass a test (the queue works beside the requests) */
  const until = async (test: (r: Awaited<ReturnType<typeof rows>>) => boolean) => {
    for (let r = await rows(); !test(r); r = await rows()) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('a reset asked while the mail server is away: answered at once, kept sealed, tried, shown to admins, sent once it is back', async () => {
    const asked = await t.inject({ method: 'POST', url: '/api/admin/verify-email', payload: { email: ADMIN_EMAIL } });
    expect(asked.statusCode).toBe(200);
    // tried, failed, put off, with the mail server's words
    await until((r) => r.length === 1 && r[0]!.attempts >= 1);
    const [row] = await rows();
    expect(row).toMatchObject({ kind: 'reset', recipient: ADMIN_EMAIL, subject: 'Reset your password', status: 'pending', sent_at: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(row!.next_attempt_at > row!.created_at).toBe(true);
    // the body is sealed: no link, no greeting in the database
    expect(row!.body).not.toMatch(/resetPassword|Hello/);

    // the admins who look after the installation see it; the address partly hidden, no body
    const state = await t.inject({ method: 'GET', url: '/api/admin/mail-queue', token: t.rootToken });
    expect(state.statusCode).toBe(200);
    const data = state.json().data;
    expect(data).toMatchObject({ pending: 1, failing: 1, oldest_pending_at: row!.created_at });
    expect(data.unavailable_since).toEqual(expect.any(String));
    expect(data.recent).toEqual([
      expect.objectContaining({ kind: 'reset', recipient: maskAddress(ADMIN_EMAIL), status: 'pending', attempts: row!.attempts, last_error: row!.last_error, sent_at: null }),
    ]);
    expect(JSON.stringify(data)).not.toMatch(/resetPassword|root@/);
    // others may not
    const other = await adminWith(t, [permissionName('view', 'sub_admin')]);
    expect((await t.inject({ method: 'GET', url: '/api/admin/mail-queue', token: other.token })).statusCode).toBe(403);

    // the mail server comes back on its address: the message goes without waiting out its backoff
    const smtp = await startSmtp(port);
    try {
      const mail = await smtp.waitFor(ADMIN_EMAIL);
      const token = /\/auth\/resetPassword\?t=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!;
      const verified = await t.inject({ method: 'POST', url: '/api/admin/verify-reset-token', payload: { token: decodeURIComponent(token) } });
      expect(verified.json().data).toEqual({ valid: true });
      await until((r) => r[0]!.status === 'sent');
      const [sent] = await rows();
      expect(sent).toMatchObject({ status: 'sent', body: null, last_error: null, claimed_until: null });
      expect(smtp.mails).toHaveLength(1);
      const after = (await t.inject({ method: 'GET', url: '/api/admin/mail-queue', token: t.rootToken })).json().data;
      expect(after).toMatchObject({ pending: 0, failing: 0, sent_last_day: 1, oldest_pending_at: null, unavailable_since: null });

      // with the mail server there, a credentials email goes at once, queued with the admin it is for
      const admin = { f_name: 'Queued', l_name: 'Mail', email: 'queued.mail@example.org', phone: '03001234567', cnic: '3520112345671', dob: '1991-02-03', gender: 'female', role: 'Super Admin', password: 'harbour-lantern-58', confirmPassword: 'harbour-lantern-58', send_credentials: true };
      const created = await t.inject({ method: 'POST', url: '/api/admin/admins', token: t.rootToken, payload: admin });
      expect(created.json()).toMatchObject({ success: true });
      expect((await smtp.waitFor('queued.mail@example.org')).text).toContain('harbour-lantern-58');
      // a refused create queues nothing
      const count = (await rows()).length;
      // (the same email again)
      const refused = await t.inject({ method: 'POST', url: '/api/admin/admins', token: t.rootToken, payload: { ...admin, f_name: 'Refused' } });
      expect(refused.statusCode).toBe(422);
      expect(await rows()).toHaveLength(count);
    } finally {
      await smtp.close();
    }
  });
});
