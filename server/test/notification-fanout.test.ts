import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf } from './helpers/http';
import { hashPassword } from '../src/services/passwords';
import { NotificationFanOut } from '../src/services/fanOut';

/**
 * Sending to doctors and patients (their inboxes, read by the field apps), the fan-out in batches after
 * the request has answered, carrying on after a stop, and the admin's full notification list.
 */
describe.each(DIALECTS)('notification fan-out (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
  });
  afterAll(() => t?.close());

  let userN = 0;
  /** field users of a kind, inserted as the people modules store them; signed-in tokens for the first `signIn` */
  async function fieldUsers(type: 'patient' | 'doctor', n: number, opts: { status?: number; signIn?: number } = {}): Promise<{ ids: number[]; tokens: string[] }> {
    const hash = await hashPassword('field-pass-123', t.config.argon2);
    const stamp = new Date().toISOString();
    const ids: number[] = [];
    const rows = Array.from({ length: n }, () => {
      userN += 1;
      return { type, email: `${type}${userN}.${Date.now()}@example.org`, password_hash: hash, status: opts.status ?? 1, f_name: `${type} ${userN}`, created_at: stamp, updated_at: stamp };
    });
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await anyDb(t).insertInto('users').values(rows.slice(i, i + 200)).returning('id').execute();
      ids.push(...inserted.map((r: { id: number }) => r.id));
    }
    const tokens: string[] = [];
    for (const row of rows.slice(0, opts.signIn ?? 0)) {
      const res = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: row.email, password: 'field-pass-123' } });
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().data.token);
    }
    return { ids, tokens };
  }
  const inbox = async (token: string, query = '') => {
    const res = await t.inject({ method: 'GET', url: `/api/field/notifications${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  test('sending to patients answers at once and fans out in batches into each active patient\'s inbox, nobody else\'s', async () => {
    const patients = await fieldUsers('patient', 2500, { signIn: 2 });
    const blocked = await fieldUsers('patient', 3, { status: 2 });
    const doctors = await fieldUsers('doctor', 2, { signIn: 1 });
    const active = Number((await t.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'patient').where('status', '=', 1).executeTakeFirstOrThrow()).n);
    const adminCopies = await t.db.db.selectFrom('admin_notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();

    const res = await api.post('/api/admin/notifications/send', { sendTo: 'patient', title: 'Polio drops', body: 'Bring children under five on Monday.' });
    expect(res.statusCode).toBe(202);
    const sent = res.json().data;
    expect(sent).toMatchObject({ recipients: active, delivered: 0, status: 'sending', channel: 'mobile' });
    await t.app.fanOut.idle();

    const row = await t.db.db.selectFrom('sent_notifications').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', recipients: active, delivered: active, channel: 'mobile', claimed_at: null });
    const copies = await t.db.db.selectFrom('user_notifications').select(['user_id']).where('sent_notification_id', '=', sent.id).execute();
    expect(copies).toHaveLength(active);
    expect(new Set(copies.map((c) => c.user_id)).size).toBe(active);
    for (const id of [...blocked.ids, ...doctors.ids]) expect(copies.some((c) => c.user_id === id)).toBe(false);
    expect(await t.db.db.selectFrom('admin_notifications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(adminCopies);

    // the field app's inbox: newest first, unread counted, marking read is one's own
    const mine = await inbox(patients.tokens[0]!);
    expect(mine.unread).toBe(1);
    expect(mine.data[0]).toMatchObject({ type: 'user', is_read: false, body: { title: 'Polio drops', body: 'Bring children under five on Monday.' } });
    const read = await t.inject({ method: 'POST', url: '/api/field/notifications/read', headers: { authorization: `Bearer ${patients.tokens[0]}` }, payload: { ids: [mine.data[0].id] } });
    expect(read.json().data.marked).toBe(1);
    expect((await inbox(patients.tokens[0]!)).unread).toBe(0);
    expect((await inbox(patients.tokens[1]!)).unread).toBe(1);
    // another's notification id marks nothing
    const theirs = (await inbox(patients.tokens[1]!)).data[0].id;
    const other = await t.inject({ method: 'POST', url: '/api/field/notifications/read', headers: { authorization: `Bearer ${doctors.tokens[0]}` }, payload: { ids: [theirs] } });
    expect(other.json().data.marked).toBe(0);
    expect((await inbox(doctors.tokens[0]!)).total).toBe(0);
    expect((await t.inject({ method: 'GET', url: '/api/field/notifications' })).statusCode).toBe(401);

    // to doctors: only doctors
    const toDoctors = await api.post('/api/admin/notifications/send', { sendTo: 'doctor', title: 'Roster', body: 'New duty rosters are out.', channel: 'mobile', type: 'user' });
    expect(toDoctors.statusCode).toBe(202);
    await t.app.fanOut.idle();
    const doctorCount = Number((await t.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'doctor').where('status', '=', 1).executeTakeFirstOrThrow()).n);
    expect(await t.db.db.selectFrom('sent_notifications').select(['delivered', 'status']).where('id', '=', toDoctors.json().data.id).executeTakeFirstOrThrow()).toEqual({ delivered: doctorCount, status: 'sent' });
    expect((await inbox(doctors.tokens[0]!)).data[0].body.title).toBe('Roster');
    expect((await inbox(patients.tokens[1]!)).total).toBe(1);
  }, 60_000);

  test('a fan-out a stopped server left half done is carried on from its cursor, each copy stored once; a live lease is left alone', async () => {
    await fieldUsers('patient', 30);
    const active = Number((await t.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'patient').where('status', '=', 1).executeTakeFirstOrThrow()).n);
    const stamp = new Date().toISOString();
    const insertSend = (claimedAt: string | null) => t.db.db.insertInto('sent_notifications').values({
      send_to: 'patient', channel: 'mobile', title: 'Carried on', body: 'After a restart', recipients: active, delivered: 0, status: 'sending', claimed_at: claimedAt, sent_by: null, created_at: stamp, updated_at: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    const { id } = await insertSend(new Date(Date.now() - 5 * 60_000).toISOString());
    // a batch was stored before the stop, but its progress was not: done again, nothing doubled
    const firstTen = await t.db.db.selectFrom('users').select('id').where('type', '=', 'patient').where('status', '=', 1).orderBy('id').limit(10).execute();
    await t.db.db.insertInto('user_notifications').values(firstTen.map((u) => ({ user_id: u.id, type: 'user', title: 'Carried on', body: 'After a restart', data: null, is_read: 0, sent_notification_id: id, created_at: stamp }))).execute();
    const live = await insertSend(`${new Date().toISOString()}#other`);

    const worker = new NotificationFanOut(t.app.ctx, { batchSize: 7 });
    expect(await worker.resumePending()).toBeGreaterThanOrEqual(2);
    await worker.idle();
    const done = await t.db.db.selectFrom('sent_notifications').select(['status', 'delivered', 'claimed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'sent', delivered: active - 10, claimed_at: null });
    const copies = await t.db.db.selectFrom('user_notifications').select('user_id').where('sent_notification_id', '=', id).execute();
    expect(copies).toHaveLength(active);
    expect(new Set(copies.map((c) => c.user_id)).size).toBe(active);
    // another server holds that one's lease: untouched
    expect(await t.db.db.selectFrom('sent_notifications').select(['status', 'delivered']).where('id', '=', live.id).executeTakeFirstOrThrow()).toEqual({ status: 'sending', delivered: 0 });
    await t.db.db.updateTable('sent_notifications').set({ status: 'sent' }).where('id', '=', live.id).execute();
  }, 60_000);

  test('GET /notifications/all pages through one\'s own notifications; POST /notifications marks the shown ones read', async () => {
    const a = await adminWith(t, []);
    for (const title of ['One', 'Two', 'Three']) await api.post('/api/admin/notifications/send', { sendTo: 'admin', title, body: 'x' });
    await t.app.fanOut.idle();
    const all = dataOf(await client(t, a.token).get('/api/admin/notifications/all?per_page=2'));
    expect(all.total).toBe(3);
    expect(all.data.map((n: { body: { title: string } }) => n.body.title)).toEqual(['Three', 'Two']);
    expect(all.next_page_url).toContain('page=2');
    const rootOnes = dataOf(await api.get('/api/admin/notifications/all?per_page=100')).data as { id: number }[];
    // someone else's ids mark nothing
    expect(dataOf(await client(t, a.token).post('/api/admin/notifications', { notifications: rootOnes.slice(0, 3).map((n) => ({ id: n.id })) })).marked).toBe(0);
    expect(dataOf(await client(t, a.token).post('/api/admin/notifications', { notifications: all.data.map((n: { id: number }) => ({ id: n.id })) })).marked).toBe(2);
    expect(dataOf(await client(t, a.token).get('/api/admin/notifications/all?unread=1')).total).toBe(1);
    expect((await client(t, a.token).post('/api/admin/notifications', { notifications: 'all' })).statusCode).toBe(422);
  });

});
