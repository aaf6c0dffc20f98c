import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, type Client, dataOf, fieldErrors, sampler } from './helpers/http';
import { registry } from '../src/resources/registry';

describe.each(DIALECTS)('notifications and dashboard (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  // one sampler for the suite: the reference records it makes (a country, a district) are made once
  let samples: ReturnType<typeof sampler>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    samples = sampler(api);
  });
  afterAll(() => t?.close());

  const bell = async (token: string) => {
    const me = dataOf(await client(t, token).get('/api/admin/me'));
    return dataOf(await client(t, token).get(`/api/admin/notifications/web/admin/${me.pusher_id}`));
  };

  test('sending to admins stores one unread copy per active admin, newest first in each bell', async () => {
    const a = await adminWith(t, ['view_location']);
    const b = await adminWith(t, []);
    const blocked = await adminWith(t, []);
    const blockedId = dataOf(await api.get('/api/admin/admins?search=' + encodeURIComponent(blocked.email)))[`data`][0].encrypted_id;
    dataOf(await api.put(`/api/admin/admins/status/${blockedId}`, { status: 2 }));

    const active = Number((await t.db.db.selectFrom('admins').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 1).executeTakeFirstOrThrow()).n);
    const first = await api.post('/api/admin/notifications/send', { sendTo: 'admin', title: 'Stock check', body: 'Count the vaccines' });
    // answered at once; the copies follow in the background
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ success: true, data: { recipients: active, status: 'sending', channel: 'web' } });
    await t.app.fanOut.idle();
    await api.post('/api/admin/notifications/send', { sendTo: 'admin', title: 'Second', body: 'Later message' });
    await t.app.fanOut.idle();

    const aBell = await bell(a.token);
    expect(aBell.count).toBe(2);
    expect(aBell.notifications.map((n: { body: { title: string } }) => n.body.title)).toEqual(['Second', 'Stock check']);
    expect(aBell.notifications[1]).toMatchObject({ type: 'admin', is_read: false, body: { title: 'Stock check', body: 'Count the vaccines' } });
    expect((await bell(b.token)).count).toBe(2);
    const blockedRows = await t.db.db.selectFrom('admin_notifications as n').innerJoin('admins as a', 'a.id', 'n.admin_id').select('n.id').where('a.email', '=', blocked.email).execute();
    expect(blockedRows).toEqual([]);

    // mark all read: only one's own
    dataOf(await client(t, a.token).post('/api/admin/notifications/mark-read', {}));
    expect((await bell(a.token)).count).toBe(0);
    expect((await bell(b.token)).count).toBe(2);
  });

  test('an admin cannot read another admin\'s bell', async () => {
    const a = await adminWith(t, []);
    const root = dataOf(await api.get('/api/admin/me'));
    const res = await client(t, a.token).get(`/api/admin/notifications/web/admin/${root.pusher_id}`);
    expect(res.statusCode).toBe(403);
  });

  test('sending needs create_notification and valid fields; the sent list pages and searches', async () => {
    const viewer = await adminWith(t, ['view_notification']);
    expect((await client(t, viewer.token).post('/api/admin/notifications/send', { sendTo: 'admin', title: 'x', body: 'y' })).statusCode).toBe(403);
    const before = await t.db.db.selectFrom('admin_notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await api.post('/api/admin/notifications/send', { sendTo: 'martians', title: '', body: '' });
    expect(fieldErrors(bad)).toEqual({
      sendTo: ['Please choose who receives the notification.'], title: ['Please provide a title.'], body: ['Please provide a message.'],
    });
    // spec 3: admin means web, doctor or patient means mobile
    expect(fieldErrors(await api.post('/api/admin/notifications/send', { sendTo: 'doctor', title: 'Hi', body: 'There', channel: 'web' }))).toEqual({ channel: ['Doctors and patients are notified on the mobile channel.'] });
    expect(fieldErrors(await api.post('/api/admin/notifications/send', { sendTo: 'admin', title: 'Hi', body: 'There', type: 'user' }))).toEqual({ type: ['Notifications to admins are of type admin.'] });
    expect(await t.db.db.selectFrom('admin_notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);

    const list = dataOf(await client(t, viewer.token).get('/api/admin/notifications?search=stock&per_page=1'));
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ title: 'Stock check', send_to: 'admin', channel: 'web', status: 'sent' });
    expect(list.data[0].delivered).toBe(list.data[0].recipients);
    expect(list.data[0].encrypted_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test('the dashboard matches counts computed from the rows: patients, CHWs, and the cities with the most people first', async () => {
    const [quetta, abbottabad] = [dataOf(await api.post('/api/admin/cities', { title: 'Quetta' })), dataOf(await api.post('/api/admin/cities', { title: 'Abbottabad' }))];
    const { sampleOf, ref } = samples;
    const patients = registry.byName.get('app-users')!;
    // two patients in Quetta, one in Abbottabad: Quetta first (not alphabetical)
    for (const city of [quetta, quetta, abbottabad]) dataOf(await api.post('/api/admin/app-users', { ...(await sampleOf(patients)), city_id: city.id }));
    const chw = await ref('chw');
    const admins = Number((await t.db.db.selectFrom('admins').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const dash = dataOf(await api.get('/api/admin/dashboard'));
    expect(dash).toMatchObject({ admins, doctors: 0, patients: 3, chws: 1, total_users: admins + 3, appointments: [], tasks: [] });
    expect(dash.cities.slice(0, 2)).toEqual([
      { city_name: 'Quetta', doctor_count: 0, patient_count: 2 },
      { city_name: 'Abbottabad', doctor_count: 0, patient_count: 1 },
    ]);
    // an admin limited to another district counts none of the CHWs
    const other = dataOf(await api.post('/api/admin/districts', { title: 'Dashboard elsewhere' }));
    const role = dataOf(await api.post('/api/admin/roles', { name: 'Dashboard viewer', permissions: ['view_chw'] }));
    dataOf(await api.post('/api/admin/admins', { f_name: 'Viewer', email: 'dash-viewer@example.org', cnic: '3520112345671', role_id: role.id, district_ids: [other.id], password: 'quiet-river-stone-9', confirmPassword: 'quiet-river-stone-9' }));
    const limited = client(t, await t.login('dash-viewer@example.org', 'quiet-river-stone-9'));
    expect(dataOf(await limited.get('/api/admin/dashboard')).chws).toBe(0);
    const mine = dataOf(await api.post('/api/admin/admins', { f_name: 'Viewer', email: 'dash-viewer2@example.org', cnic: '3520112345671', role_id: role.id, district_ids: [chw.district_id], password: 'quiet-river-stone-9', confirmPassword: 'quiet-river-stone-9' }));
    expect(mine.district_ids).toEqual([chw.district_id]);
    expect(dataOf(await client(t, await t.login('dash-viewer2@example.org', 'quiet-river-stone-9')).get('/api/admin/dashboard')).chws).toBe(1);
  });

  test('the audience count is what a send then reaches: the same active people, the same checks, the copies created', async () => {
    const count = async (query: string, token?: string) => client(t, token).get(`/api/admin/notifications/audience?${query}`);
    // a patient blocked is not counted, one added is
    const { sampleOf } = samples;
    const patients = registry.byName.get('app-users')!;
    const [kept, blocked] = [dataOf(await api.post('/api/admin/app-users', await sampleOf(patients))), dataOf(await api.post('/api/admin/app-users', await sampleOf(patients)))];
    dataOf(await api.put(`/api/admin/app-users/status/${blocked.encrypted_id}`, { status: 2 }));
    for (const sendTo of ['admin', 'doctor', 'patient'] as const) {
      const res = await count(`sendTo=${sendTo}`);
      expect(res.statusCode).toBe(200);
      const { recipients, channel } = dataOf(res);
      const sent = await api.post('/api/admin/notifications/send', { sendTo, title: `Count ${sendTo}`, body: 'Counted before.' });
      expect(sent.statusCode).toBe(202);
      const done = sent.json().data;
      expect(done).toMatchObject({ recipients, channel });
      await t.app.fanOut.idle();
      const table = sendTo === 'admin' ? 'admin_notifications' : 'user_notifications';
      const copies = Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('sent_notification_id', '=', done.id).executeTakeFirstOrThrow()).n);
      expect([sendTo, copies]).toEqual([sendTo, recipients]);
      if (sendTo === 'patient') {
        const copied = await t.db.db.selectFrom('user_notifications').select('user_id').where('sent_notification_id', '=', done.id).execute();
        expect(copied.map((r) => r.user_id)).toContain(kept.id);
        expect(copied.map((r) => r.user_id)).not.toContain(blocked.id);
      }
    }
    // the send's permission and checks
    const viewer = await adminWith(t, ['view_notification']);
    expect((await count('sendTo=admin', viewer.token)).statusCode).toBe(403);
    const sender = await adminWith(t, ['create_notification']);
    expect((await count('sendTo=admin', sender.token)).statusCode).toBe(200);
    expect(fieldErrors(await count('sendTo=martians'))).toEqual({ sendTo: ['Please choose who receives the notification.'] });
    expect(fieldErrors(await count(''))).toHaveProperty('sendTo');
    expect(fieldErrors(await count('sendTo=doctor&channel=web'))).toEqual({ channel: ['Doctors and patients are notified on the mobile channel.'] });
  });
});
