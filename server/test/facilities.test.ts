/**
 * Facility centers (their place, hours, phone, position, image and services), and feedback and
 * support as the field apps send them: stored with an audit row and a notification for each admin
 * who may read them, pushed once committed; staff keep the status and their note or reply, never the
 * sender's words. On SQLite and PostgreSQL.
 */
import { NOTIFICATION_EVENT } from '../src/services/notify';
import { facilityCenters } from '../src/resources/facilities';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, fieldErrors, type Row, sampler } from './helpers/http';
import { completedVisit } from './helpers/visits';

jest.setTimeout(180_000);

describe.each(DIALECTS)('facility centers, feedback and support (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref, sampleOf } = sampler(api));
  });
  afterAll(() => t?.close());

  const snapshot = async () => ({
    centers: await anyDb(t).selectFrom('facility_centers').selectAll().orderBy('id').execute(),
    services: await anyDb(t).selectFrom('facility_center_services').selectAll().orderBy('id').execute(),
    feedbacks: await anyDb(t).selectFrom('feedbacks').selectAll().orderBy('id').execute(),
    supports: await anyDb(t).selectFrom('supports').selectAll().orderBy('id').execute(),
    notifications: await anyDb(t).selectFrom('admin_notifications').selectAll().orderBy('id').execute(),
    audit: await anyDb(t).selectFrom('audit_log').select('id').orderBy('id').execute(),
  });

  const fieldLogin = async (email: string, password: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };
  const field = (token: string | null) => ({
    get: (url: string) => call(t, { method: 'GET', url, token }),
    post: (url: string, payload: unknown) => call(t, { method: 'POST', url, token, payload: payload as Row }),
  });

  describe('facility centers', () => {
    it('refuses bodies with the spec’s messages under each field, and writes nothing', async () => {
      const valid = await sampleOf(facilityCenters);
      const other = await ref('tehsils'); // another district's tehsil
      const otherArea = await ref('areas');
      const before = await snapshot();
      const cases: [Row, Record<string, string[]>][] = [
        [{ ...valid, title: ' ' }, { title: ['Please provide a title.'] }],
        [{ ...valid, lat: null }, { lat: ['Please provide a valid latitude'] }],
        [{ ...valid, lat: 90.5 }, { lat: ['Please provide a valid latitude'] }],
        [{ ...valid, lat: 'north' }, { lat: ['Please provide a valid latitude'] }],
        [{ ...valid, long: -181 }, { long: ['Please provide a valid longitude'] }],
        [{ ...valid, phone_no: '0300123456' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
        [{ ...valid, phone_no: '030012345678' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
        [{ ...valid, phone_no: '0300-123456' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
        [{ ...valid, location: '' }, { location: ['Please provide a location.'] }],
        [{ ...valid, manager: null }, { manager: ['Please provide a manager.'] }],
        [{ ...valid, open_time: '25:00' }, { open_time: ['Please provide an opening time.'] }],
        [{ ...valid, close_time: undefined }, { close_time: ['Please provide a closing time.'] }],
        [{ ...valid, open_time: '16:30', close_time: '16:30' }, { close_time: ['The closing time must be after the opening time.'] }],
        [{ ...valid, open_time: '17:00', close_time: '08:00' }, { close_time: ['The closing time must be after the opening time.'] }],
        [{ ...valid, services: [] }, { services: ['Please add at least one service.'] }],
        [{ ...valid, services: undefined }, { services: ['Please add at least one service.'] }],
        [{ ...valid, services: [{ title: 'Vaccination' }, { title: '  ' }] }, { services: ['Row 2: Please provide a service.'] }],
        [{ ...valid, file: undefined }, { file: ['Please select an image.'] }],
        [{ ...valid, file: 'data:application/pdf;base64,JVBERi0xLjQK' }, { file: ['File format not supported. JPG/JPEG/PNG'] }],
        [{ ...valid, district_id: undefined }, { district_id: ['Please select a district'] }],
        [{ ...valid, tehsil_id: other.id, area_id: null }, { tehsil_id: ['The tehsil must belong to the chosen district.'] }],
        [{ ...valid, area_id: otherArea.id }, { area_id: ['Please select a VC area of the chosen tehsil.'] }],
        [{ ...valid, area_id: 999999 }, { area_id: ['Please select a VC area of the chosen tehsil.'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await api.post('/api/admin/facility-centers', body);
        expect([body.title, res.statusCode]).toEqual([body.title, 422]);
        expect(fieldErrors(res)).toEqual(errors);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('stores a center with its services in order, keeps the cascade on edit, and blocks and unblocks it', async () => {
      const body = await sampleOf(facilityCenters);
      const center = dataOf(await api.post('/api/admin/facility-centers', { ...body, phone_no: '03001234567' }));
      expect(center).toMatchObject({ phone_no: '03001234567', lat: 31.5204, long: 74.3587, open_time: '08:00', close_time: '16:30', status: 1 });
      expect(center.district.title).toEqual(expect.any(String));
      expect((center.services as Row[]).map((s) => s.title)).toEqual(['Vaccination', 'Mother and child health']);
      expect(center.file.path).toMatch(/^\/storage\/facility-centers\//);
      const url = `/api/admin/facility-centers/${center.encrypted_id}`;
      // the image stays when an edit leaves it out; the services are the list sent
      const edited = dataOf(await api.put(url, { services: [{ id: (center.services as Row[])[1]!.id, title: 'Mother and child health' }, { title: 'Dental care' }] }));
      expect((edited.services as Row[]).map((s) => s.title)).toEqual(['Mother and child health', 'Dental care']);
      expect(edited.file.path).toBe(center.file.path);
      expect(fieldErrors(await api.put(url, { services: [] }))).toEqual({ services: ['Please add at least one service.'] });
      // the tehsil alone moved to another district's: refused against the stored district; the stored area against a new tehsil too
      const elsewhere = await ref('tehsils');
      expect(fieldErrors(await api.put(url, { tehsil_id: elsewhere.id }))).toEqual({ tehsil_id: ['The tehsil must belong to the chosen district.'] });
      expect(fieldErrors(await api.put(url, { district_id: elsewhere.district_id, tehsil_id: elsewhere.id }))).toEqual({ area_id: ['Please select a VC area of the chosen tehsil.'] });
      const moved = dataOf(await api.put(url, { district_id: elsewhere.district_id, tehsil_id: elsewhere.id, area_id: null }));
      expect(moved).toMatchObject({ district_id: elsewhere.district_id, tehsil_id: elsewhere.id, area_id: null });
      // hours are checked against the stored ones
      expect(fieldErrors(await api.put(url, { close_time: '07:00' }))).toEqual({ close_time: ['The closing time must be after the opening time.'] });
      expect(dataOf(await api.put(`/api/admin/facility-centers/status/${center.encrypted_id}`, { status: 2 })).status).toBe(2);
      expect((dataOf(await api.get('/api/admin/facility-centers?status=2&paginate=false')) as Row[]).map((r) => r.id)).toEqual([center.id]);
      expect(dataOf(await api.put(`/api/admin/facility-centers/status/${center.encrypted_id}`, { status: 1 })).status).toBe(1);
      // searched by title, location and manager
      for (const term of ['Basic Health Unit', 'Model Town', 'Sana Iqbal']) {
        expect((dataOf(await api.get(`/api/admin/facility-centers?search=${encodeURIComponent(term)}&paginate=false`)) as Row[]).map((r) => r.id)).toContain(center.id);
      }
    });

    it('is guarded by its own module: view, create, edit and delete of facility_center, not view_location', async () => {
      const center = await ref('facility-centers');
      const url = `/api/admin/facility-centers/${center.encrypted_id}`;
      const location = client(t, (await adminWith(t, ['view_location', 'create_location', 'edit_location', 'delete_location'])).token);
      expect((await location.get('/api/admin/facility-centers')).statusCode).toBe(403);
      expect((await location.get(url)).statusCode).toBe(403);
      const viewer = client(t, (await adminWith(t, ['view_facility_center'])).token);
      expect((await viewer.get(url)).statusCode).toBe(200);
      expect((await viewer.put(url, { title: 'Renamed' })).statusCode).toBe(403);
      expect((await viewer.put(`/api/admin/facility-centers/status/${center.encrypted_id}`, { status: 2 })).statusCode).toBe(403);
      expect((await viewer.del(url)).statusCode).toBe(403);
      expect((await viewer.post('/api/admin/facility-centers', await sampleOf(facilityCenters))).statusCode).toBe(403);
      const editor = client(t, (await adminWith(t, ['view_facility_center', 'edit_facility_center'])).token);
      expect(dataOf(await editor.put(url, { title: 'Renamed BHU' })).title).toBe('Renamed BHU');
    });
  });

  describe('feedback and support from the field apps', () => {
    let patient: Presented;
    let patientToken: string;
    let doctor: Presented;
    let doctorToken: string;
    let chwToken: string;
    let chw: Presented;
    let reader: { token: string };
    let bystander: { token: string };
    let supportReader: { token: string };

    type Presented = Row & { id: number; encrypted_id: string };

    beforeAll(async () => {
      patient = await ref('app-users');
      patientToken = await fieldLogin(patient.email, 'lantern orchard 42');
      doctor = await ref('doctors');
      doctorToken = await fieldLogin(doctor.email, 'stethoscope garden 5');
      // the two ratings below are of two completed visits (a rating needs one each)
      for (const date of ['2026-01-15', '2026-01-16']) await completedVisit(t, Number(patient.id), Number(doctor.id), date);
      chw = await ref('chw');
      chwToken = await fieldLogin(chw.email, 'tamarind season 7');
      reader = await adminWith(t, ['view_feedback', 'edit_feedback']);
      bystander = await adminWith(t, ['view_location']);
      supportReader = await adminWith(t, ['view_support', 'edit_support']);
    });

    const adminIdOf = async (token: string) => Number(dataOf(await client(t, token).get('/api/admin/me')).id);
    const notificationsOf = async (token: string) =>
      anyDb(t).selectFrom('admin_notifications').selectAll().where('admin_id', '=', await adminIdOf(token)).orderBy('id').execute();

    it('a patient rates a doctor: the row, its audit row, a notification for admins who read feedback (and none for others), pushed after commit', async () => {
      const publish = jest.spyOn(t.app.ctx.realtime, 'publish');
      try {
        const before = { bystander: (await notificationsOf(bystander.token)).length, reader: (await notificationsOf(reader.token)).length };
        const res = await field(patientToken).post('/api/field/feedbacks', { doctor_id: doctor.id, msg: '  Very kind and on time.  ', rating: 5 });
        expect(res.statusCode).toBe(200);
        const sent = dataOf(res);
        expect(sent).toMatchObject({ doctor_id: doctor.id, msg: 'Very kind and on time.', rating: 5, status: 'New', doctor: { full_name: `${doctor.f_name} ${doctor.l_name}` } });
        const row = await anyDb(t).selectFrom('feedbacks').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ user_id: patient.id, doctor_id: doctor.id, rating: 5, status: 'New' });
        const audits = await anyDb(t).selectFrom('audit_log').selectAll().where('resource', '=', 'feedbacks').where('record_id', '=', sent.id).execute();
        expect(audits).toHaveLength(1);
        expect(audits[0]).toMatchObject({ action: 'field_create', actor_id: null });

        const encryptedId = t.app.ctx.ids.encode('feedbacks', sent.id);
        const mine = await notificationsOf(reader.token);
        expect(mine).toHaveLength(before.reader + 1);
        const notice = mine.at(-1)!;
        expect(notice).toMatchObject({ type: 'feedback', title: `Feedback from ${patient.f_name} ${patient.l_name}`, is_read: 0 });
        expect(JSON.parse(String(notice.data))).toEqual({ resource: 'feedbacks', encrypted_id: encryptedId });
        expect(await notificationsOf(bystander.token)).toHaveLength(before.bystander);
        // the root (super admin) has one too; each copy went to its admin's private channel
        const root = dataOf(await api.get('/api/admin/me'));
        const readerMe = dataOf(await client(t, reader.token).get('/api/admin/me'));
        const bystanderMe = dataOf(await client(t, bystander.token).get('/api/admin/me'));
        const channels = publish.mock.calls.filter(([, event]) => event === NOTIFICATION_EVENT).map(([channel]) => channel);
        expect(channels).toEqual(expect.arrayContaining([t.app.ctx.realtime.channelForAdmin(root.pusher_id), t.app.ctx.realtime.channelForAdmin(readerMe.pusher_id)]));
        expect(channels).not.toContain(t.app.ctx.realtime.channelForAdmin(bystanderMe.pusher_id));
        const pushed = publish.mock.calls.find(([channel, event]) => event === NOTIFICATION_EVENT && channel === t.app.ctx.realtime.channelForAdmin(readerMe.pusher_id))!;
        expect(pushed[2]).toMatchObject({ type: 'feedback', data: { resource: 'feedbacks', encrypted_id: encryptedId } });

        // the console reads it
        const listed = dataOf(await client(t, reader.token).get('/api/admin/feedbacks?paginate=false')) as Row[];
        expect(listed.find((f) => f.id === sent.id)).toMatchObject({ user: { full_name: `${patient.f_name} ${patient.l_name}` }, doctor: { full_name: `${doctor.f_name} ${doctor.l_name}` }, rating: 5 });
        // and the patient reads their own
        expect((dataOf(await field(patientToken).get('/api/field/feedbacks')) as Row[]).map((f) => f.id)).toContain(sent.id);
      } finally {
        publish.mockRestore();
      }
    });

    it('refuses bad feedback with field messages, a doctor or a CHW sending it, and a stranger, writing nothing', async () => {
      const before = await snapshot();
      const cases: [Row, Record<string, string[]>][] = [
        [{ doctor_id: doctor.id, msg: 'x', rating: 0 }, { rating: ['Please give a rating from 1 to 5.'] }],
        [{ doctor_id: doctor.id, msg: 'x', rating: 6 }, { rating: ['Please give a rating from 1 to 5.'] }],
        [{ doctor_id: doctor.id, msg: 'x', rating: 4.5 }, { rating: ['Please give a rating from 1 to 5.'] }],
        [{ doctor_id: doctor.id, msg: '  ', rating: 3 }, { msg: ['Please write a message.'] }],
        [{ doctor_id: patient.id, msg: 'Not a doctor', rating: 3 }, { doctor_id: ['Please select a doctor.'] }],
        [{ doctor_id: 999999, msg: 'Nobody', rating: 3 }, { doctor_id: ['Please select a doctor.'] }],
      ];
      for (const [body, errors] of cases) expect(fieldErrors(await field(patientToken).post('/api/field/feedbacks', body))).toEqual(errors);
      expect((await field(doctorToken).post('/api/field/feedbacks', { doctor_id: doctor.id, msg: 'Self praise', rating: 5 })).statusCode).toBe(403);
      expect((await field(chwToken).post('/api/field/feedbacks', { doctor_id: doctor.id, msg: 'Not a patient', rating: 5 })).statusCode).toBe(403);
      expect((await field(null).post('/api/field/feedbacks', { doctor_id: doctor.id, msg: 'Anonymous', rating: 5 })).statusCode).toBe(401);
      expect((await field(chwToken).get('/api/field/feedbacks')).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it('a CHW asks for support: stored, audited, announced to support readers; the staff reply reaches the app; the message stays as sent', async () => {
      const before = (await notificationsOf(supportReader.token)).length;
      const sent = dataOf(await field(chwToken).post('/api/field/supports', { msg: 'My tasks do not load.' }));
      expect(sent).toMatchObject({ msg: 'My tasks do not load.', status: 'Open', reply: null });
      expect(await anyDb(t).selectFrom('audit_log').select('action').where('resource', '=', 'supports').where('record_id', '=', sent.id).execute()).toEqual([{ action: 'field_create' }]);
      const notices = await notificationsOf(supportReader.token);
      expect(notices).toHaveLength(before + 1);
      expect(notices.at(-1)).toMatchObject({ type: 'support', body: 'My tasks do not load.' });
      expect(await notificationsOf(reader.token)).not.toContainEqual(expect.objectContaining({ type: 'support' }));

      const staff = client(t, supportReader.token);
      const url = `/api/admin/supports/${t.app.ctx.ids.encode('supports', sent.id)}`;
      const answered = dataOf(await staff.put(url, { reply: 'Please update the app to the latest version.', status: 'Resolved' }));
      expect(answered).toMatchObject({ msg: 'My tasks do not load.', reply: 'Please update the app to the latest version.', status: 'Resolved', user: { type: 'chw' } });
      // the user's words are not a field staff can change: refused by name (as read, they are taken back), the message stays as sent
      expect(fieldErrors(await staff.put(url, { msg: 'Rewritten by staff' }))).toEqual({ msg: ['This field cannot be changed here.'] });
      expect(dataOf(await staff.put(url, { msg: 'My tasks do not load.', reply: 'Please update the app to the latest version.' })).msg).toBe('My tasks do not load.');
      expect(fieldErrors(await staff.put(url, { status: 'Ignored' }))).toEqual({ status: ['The status must be one of Open, Resolved.'] });
      const [mine] = dataOf(await field(chwToken).get('/api/field/supports')) as Row[];
      expect(mine).toMatchObject({ id: sent.id, msg: 'My tasks do not load.', reply: 'Please update the app to the latest version.', status: 'Resolved', replied_at: expect.stringMatching(/^\d{4}-/) });
      // one's own only
      expect(dataOf(await field(patientToken).get('/api/field/supports'))).toEqual([]);
      expect(fieldErrors(await field(patientToken).post('/api/field/supports', { msg: '' }))).toEqual({ msg: ['Please write a message.'] });
      expect((await field(null).get('/api/field/supports')).statusCode).toBe(401);
    });

    it('staff keep a feedback’s status and note, never the patient’s words or rating; each module guards its own records', async () => {
      const sent = dataOf(await field(patientToken).post('/api/field/feedbacks', { doctor_id: doctor.id, msg: 'Waited two hours.', rating: 2 }));
      const url = `/api/admin/feedbacks/${t.app.ctx.ids.encode('feedbacks', sent.id)}`;
      const staff = client(t, reader.token);
      const before = await anyDb(t).selectFrom('feedbacks').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
      // not fields of an edit: changed, each is refused by name, and the row stays as the patient sent it
      for (const body of [{ msg: 'Great service' }, { rating: 5 }, { user_id: chw.id }, { doctor_id: patient.id }, { dated_at: '2020-01-01' }]) {
        const res = await staff.put(url, body);
        expect([body, res.statusCode, Object.keys(fieldErrors(res))]).toEqual([body, 422, Object.keys(body)]);
        const { updated_at: _u, ...now } = await anyDb(t).selectFrom('feedbacks').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
        const { updated_at: _b, ...then } = before;
        expect(now).toEqual(then);
      }
      expect(fieldErrors(await staff.put(url, { status: 'Done' }))).toEqual({ status: ['The status must be one of New, Reviewed.'] });
      expect(fieldErrors(await staff.put(url, { rating: 5, status: 'Done' }))).toEqual({ status: ['The status must be one of New, Reviewed.'] });
      const reviewed = dataOf(await staff.put(url, { status: 'Reviewed', note: 'Spoke to the clinic about waiting times.' }));
      expect(reviewed).toMatchObject({ msg: 'Waited two hours.', rating: 2, status: 'Reviewed', note: 'Spoke to the clinic about waiting times.' });
      // support readers cannot read feedback, nor feedback readers support
      expect((await client(t, supportReader.token).get(url)).statusCode).toBe(403);
      expect((await staff.get('/api/admin/supports')).statusCode).toBe(403);
      expect((await client(t, bystander.token).get('/api/admin/feedbacks')).statusCode).toBe(403);
      // deleting needs delete_feedback
      expect((await staff.del(url)).statusCode).toBe(403);
      expect(dataOf(await api.del(url)).id).toBe(sent.id);
    });
  });
});
