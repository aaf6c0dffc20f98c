import { ALL_PERMISSIONS } from '../../contract/permissions';
import type { Presented } from '../src/http/resource';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, fieldErrors, type Row, sampler } from './helpers/http';
import { completedVisit } from './helpers/visits';

jest.setTimeout(180_000);

/**
 * District scope beyond the generated contract (server/test/helpers/contract.ts holds every placed
 * declaration to list, count, get, update, delete, status, export and file link inside and outside an
 * admin's districts): what hangs off a person moves with them, a patient without a district, the
 * survey answers' export, the audit log's values, notifications and the records a write may name.
 */
describe.each(DIALECTS)('district scope (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let samples: ReturnType<typeof sampler>;
  /** two districts, each with a tehsil */
  let a: Row;
  let b: Row;
  /** admins holding every permission: limited to A, limited to B */
  let inA: Client;
  let inB: Client;
  const password = 'quiet-river-stone-9';
  let n = 0;

  const def = (name: string) => registry.byName.get(name as never)!;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    samples = sampler(api);
    a = await samples.ref('tehsils');
    b = await samples.ref('tehsils');
    inA = await limitedAdmin([a.district_id as number]);
    inB = await limitedAdmin([b.district_id as number]);
  });
  afterAll(() => t?.close());

  async function limitedAdmin(districtIds: number[], permissions: readonly string[] = ALL_PERMISSIONS): Promise<Client & { email: string }> {
    const tag = `${++n}${Math.random().toString(36).slice(2, 6)}`;
    const role = dataOf(await api.post('/api/admin/roles', { name: `Scoped ${tag}`, permissions }));
    const email = `scoped-${tag}@example.org`;
    dataOf(await api.post('/api/admin/admins', { f_name: 'Scoped', l_name: tag, email, cnic: '3520112345671', role_id: role.id, district_ids: districtIds, password, confirmPassword: password }));
    return { ...client(t, await t.login(email, password)), email };
  }
  /** a patient placed in the tehsil's district (or nowhere) */
  const patient = async (tehsil: Row | null): Promise<Presented> =>
    dataOf<Presented>(await api.post('/api/admin/app-users', { ...(await samples.sampleOf(def('app-users'))), district_id: tehsil?.district_id ?? null, tehsil_id: tehsil?.id ?? null }));
  const status = async (who: Client, url: string) => (await who.get(url)).statusCode;

  test('a patient without a district is seen only by admins of every district; a limited admin places the patients it adds in its districts', async () => {
    const nowhere = await patient(null);
    expect(await status(api, `/api/admin/app-users/${nowhere.encrypted_id}`)).toBe(200);
    expect(await status(inA, `/api/admin/app-users/${nowhere.encrypted_id}`)).toBe(404);
    expect((dataOf(await inA.get('/api/admin/app-users?paginate=false')) as Row[]).map((p) => p.id)).not.toContain(nowhere.id);
    const body = await samples.sampleOf(def('app-users'));
    expect(fieldErrors(await inA.post('/api/admin/app-users', { ...body, district_id: null, tehsil_id: null }))).toHaveProperty('district_id');
    expect(fieldErrors(await inA.post('/api/admin/app-users', { ...body, district_id: b.district_id, tehsil_id: b.id }))).toHaveProperty('district_id');
    const mine = dataOf(await inA.post('/api/admin/app-users', { ...body, district_id: a.district_id, tehsil_id: a.id }));
    expect(mine.district_id).toBe(a.district_id);
    // nor may it move one of its patients out of its districts, or take its district away
    expect(fieldErrors(await inA.put(`/api/admin/app-users/${mine.encrypted_id}`, { district_id: b.district_id, tehsil_id: b.id }))).toHaveProperty('district_id');
    expect(fieldErrors(await inA.put(`/api/admin/app-users/${mine.encrypted_id}`, { district_id: null, tehsil_id: null }))).toHaveProperty('district_id');
    expect(dataOf(await api.get(`/api/admin/app-users/${mine.encrypted_id}`)).district_id).toBe(a.district_id);
  });

  test("a patient's family, clinical records, appointments and requests move with the patient's district", async () => {
    const person = await patient(a);
    const override = { 'app-users': person };
    const family = dataOf(await api.post('/api/admin/family-members', await samples.sampleOf(def('family-members'), override)));
    const history = dataOf(await api.post('/api/admin/medical-histories', { ...(await samples.sampleOf(def('medical-histories'), override)), patient_id: family.id }));
    const prescription = dataOf(await api.post('/api/admin/prescriptions', await samples.sampleOf(def('prescriptions'), override)));
    const appointment = dataOf(await api.post('/api/admin/appointments', await samples.sampleOf(def('appointments'), override)));
    const request = dataOf(await api.post('/api/admin/appointment-requests', await samples.sampleOf(def('appointment-requests'), override)));
    const urls = [
      `/api/admin/family-members/${family.encrypted_id}`,
      `/api/admin/medical-histories/${history.encrypted_id}`,
      `/api/admin/prescriptions/${prescription.encrypted_id}`,
      `/api/admin/appointments/${appointment.encrypted_id}`,
      `/api/admin/appointment-requests/${request.encrypted_id}`,
    ];
    for (const url of urls) expect([url, await status(inA, url), await status(inB, url)]).toEqual([url, 200, 404]);
    // the patient's own lists (the profile's tabs) alike
    for (const list of [`family-members?parent_id=${person.encrypted_id}`, `medical-histories?patient_id=${family.id}`, `prescriptions?patient_id=${person.id}`, `appointments?patient_id=${person.id}`]) {
      const url = `/api/admin/${list}`;
      expect([url, dataOf(await inA.get(url)).total > 0, dataOf(await inB.get(url)).total]).toEqual([url, true, 0]);
    }
    // the patient moves to B: everything of theirs goes with them
    dataOf(await api.put(`/api/admin/app-users/${person.encrypted_id}`, { district_id: b.district_id, tehsil_id: b.id }));
    for (const url of urls) expect([url, await status(inA, url), await status(inB, url)]).toEqual([url, 404, 200]);
    // a limited admin names only its own patients in what it writes
    const again = await samples.sampleOf(def('medical-histories'), override);
    expect(fieldErrors(await inA.post('/api/admin/medical-histories', again))).toEqual({ patient_id: ['Please choose the patient.'] });
    expect(dataOf(await inB.post('/api/admin/medical-histories', again)).patient_id).toBe(person.id);
  });

  test("a doctor's patients (?patient=true) are those of the admin's districts, family members by their patient's", async () => {
    const roster = await samples.ref('duty-roasters');
    const [inAPatient, inBPatient, nowhere] = [await patient(a), await patient(b), await patient(null)];
    const family = dataOf(await api.post('/api/admin/family-members', await samples.sampleOf(def('family-members'), { 'app-users': inAPatient })));
    for (const who of [inAPatient, inBPatient, nowhere, family]) {
      const body = await samples.sampleOf(def('appointments'), { 'duty-roasters': roster, 'app-users': inAPatient });
      dataOf(await api.post('/api/admin/appointments', { ...body, patient_id: who.id }));
    }
    const url = `/api/admin/doctors/${t.app.ctx.ids.encode('doctors', Number(roster.doctor_id))}?patient=true`;
    const patients = async (who: Client) => (dataOf(await who.get(url)).patients as Row[]).map((p) => p.id).sort();
    expect(await patients(api)).toEqual([inAPatient.id, inBPatient.id, nowhere.id, family.id].sort());
    expect(await patients(inA)).toEqual([inAPatient.id, family.id].sort());
    expect(await patients(inB)).toEqual([inBPatient.id]);
    // the doctor's page stays open to the doctor permissions alone; the patients need the patients' permission
    const doctorsOnly = await limitedAdmin([a.district_id as number], ['view_doctor']);
    expect(await status(doctorsOnly, url.replace('?patient=true', ''))).toBe(200);
    expect(await status(doctorsOnly, url)).toBe(403);
    expect(await status(doctorsOnly, url.replace('true', '1'))).toBe(403);
    // the page's appointment tabs show appointments and their patients: read with the appointments' view permission (view_app_user), within the districts
    const page = url.replace('?patient=true', '');
    const tabs = ['ongoing_appointments', 'doctor_cancelled_appointments', 'doctor_completed_appointments'];
    const doctorOnlyPage = dataOf(await doctorsOnly.get(page));
    for (const key of tabs) expect(doctorOnlyPage).not.toHaveProperty(key);
    const booked = async (who: Client) => (dataOf(await who.get(page)).ongoing_appointments as Row[]).map((ap) => (ap.patient as Row).id).sort();
    expect(await booked(api)).toEqual([inAPatient.id, inBPatient.id, nowhere.id, family.id].sort());
    const withAppointments = await limitedAdmin([a.district_id as number], ['view_doctor', 'view_app_user']);
    expect(await booked(withAppointments)).toEqual([inAPatient.id, family.id].sort());
  });

  test("the survey answers' export keeps to the CHWs of the admin's districts", async () => {
    const form = dataOf(await api.post('/api/admin/dynamic-forms', { title: `Water ${n}`, questions: [{ title: 'Source', type: 'text', is_required: 1 }] }));
    const question = (form.questions as Row[])[0]!;
    const chwIn = async (tehsil: Row, name: string): Promise<Row> => {
      const body = await samples.sampleOf(def('chw'));
      const area = dataOf(await api.post('/api/admin/areas', { district_id: tehsil.district_id, tehsil_id: tehsil.id, title: `VC ${name} ${Date.now()}`, lat: 31.5, long: 74.3 }));
      const made = dataOf<Row>(await api.post('/api/admin/chw', { ...body, f_name: name, district_id: tehsil.district_id, tehsil_id: tehsil.id, area_id: area.id }));
      const login = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: body.password } });
      return { ...made, token: login.json().data.token as string, tehsil };
    };
    const [inAChw, inBChw] = [await chwIn(a, 'Alpha'), await chwIn(b, 'Bravo')];
    for (const worker of [inAChw, inBChw]) {
      dataOf(await api.post('/api/admin/tasks', {
        title: `Survey ${worker.f_name}`, type: 'Survey', survey_id: form.id, person_ids: [worker.id], s_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        e_date: new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10), district_id: worker.tehsil.district_id, tehsil_id: worker.tehsil.id, file: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      }));
      const sent = await call(t, { method: 'POST', url: `/api/field/forms/${form.id}/submissions`, token: worker.token, payload: { client_id: `c-${worker.id}`, answers: [{ question_id: question.id, value: `from ${worker.f_name}` }] } });
      expect(sent.statusCode).toBe(200);
    }
    const exported = async (who: Client) => {
      const link = new URL(dataOf<string>(await who.get(`/api/admin/dynamic-forms/export/${form.encrypted_id}`)));
      return (await call(t, { method: 'GET', url: link.pathname, token: null })).body;
    };
    const [everyone, onlyA] = [await exported(api), await exported(inA)];
    expect(everyone).toContain('Alpha');
    expect(everyone).toContain('from Bravo');
    expect(onlyA).toContain('from Alpha');
    expect(onlyA).not.toContain('Bravo');
    expect(onlyA).not.toContain(`Survey Bravo`);
  });

  test("the audit log shows an entry's values only to admins who may read its record", async () => {
    const [here, there] = [await patient(a), await patient(b)];
    dataOf(await api.put(`/api/admin/app-users/${there.encrypted_id}`, { phone_no: '03009999999' }));
    dataOf(await api.put(`/api/admin/app-users/${here.encrypted_id}`, { phone_no: '03008888888' }));
    const auditor = await limitedAdmin([a.district_id as number], ['create_activity_chw', 'view_app_user']);
    const blind = await limitedAdmin([a.district_id as number], ['create_activity_chw']);
    const entries = async (who: Client, record: Row) =>
      (dataOf(await who.get('/api/admin/audit-log?resource=app-users&per_page=100')).data as Row[]).filter((e) => e.record_id === record.id);
    const [mine, theirs] = [await entries(auditor, here), await entries(auditor, there)];
    expect(mine.map((e) => e.action)).toEqual(['update', 'create']);
    expect(JSON.stringify(mine[0]!.changes)).toContain('03008888888');
    expect(mine[0]!.values_hidden).toBe(false);
    // another district's patient: who, what and when, but not the values
    expect(theirs.map((e) => e.action)).toEqual(['update', 'create']);
    for (const e of theirs) expect([e.changes, e.values_hidden, e.actor?.email]).toEqual([null, true, expect.any(String)]);
    // without the module's view permission, none of its values
    for (const e of await entries(blind, here)) expect([e.changes, e.values_hidden]).toEqual([null, true]);
    // an admin of every district with the permission reads both
    for (const e of [...(await entries(api, here)), ...(await entries(api, there))]) expect(e.changes).not.toBeNull();
  });

  test('a limited admin notifies only the patients and admins of its districts, and not the doctors', async () => {
    const [here, there] = [await patient(a), await patient(b)];
    const adminOfB = await limitedAdmin([b.district_id as number], ['view_notification']);
    const sender = inA;
    // the count the form shows before sending: its districts' only, what the send then reaches
    const counted = async (who: Client, sendTo: string) => dataOf(await who.get(`/api/admin/notifications/audience?sendTo=${sendTo}`)).recipients as number;
    const [patientsCounted, adminsCounted] = [await counted(sender, 'patient'), await counted(sender, 'admin')];
    expect(await counted(api, 'patient')).toBeGreaterThan(patientsCounted);
    expect(fieldErrors(await sender.get('/api/admin/notifications/audience?sendTo=doctor'))).toEqual({ sendTo: ['Doctors serve every district: only an admin of every district can notify them.'] });
    const sent = (await sender.post('/api/admin/notifications/send', { sendTo: 'patient', title: 'Clinic day', body: 'Saturday at the BHU.' })).json().data;
    expect(sent.recipients).toBe(patientsCounted);
    await t.app.fanOut.idle();
    const placedInA = Number((await anyDb(t).selectFrom('users').innerJoin('patient_profiles', 'patient_profiles.id', 'users.id').select((eb) => eb.fn.countAll().as('n'))
      .where('users.type', '=', 'patient').where('users.status', '=', 1).where('patient_profiles.district_id', '=', a.district_id).executeTakeFirstOrThrow()).n);
    expect(sent.recipients).toBe(placedInA);
    const got = await anyDb(t).selectFrom('user_notifications').select('user_id').where('sent_notification_id', '=', sent.id).execute();
    expect(got.map((r) => r.user_id)).toContain(here.id);
    expect(got.map((r) => r.user_id)).not.toContain(there.id);
    expect(got).toHaveLength(placedInA);
    const toAdmins = (await sender.post('/api/admin/notifications/send', { sendTo: 'admin', title: 'Meeting', body: 'At ten.' })).json().data;
    await t.app.fanOut.idle();
    const bells = await anyDb(t).selectFrom('admin_notifications').select('admin_id').where('sent_notification_id', '=', toAdmins.id).execute();
    const limitedToA = await anyDb(t).selectFrom('admin_districts').select('admin_id').where('district_id', '=', a.district_id).execute();
    expect(bells.map((r) => r.admin_id).sort()).toEqual(limitedToA.map((r) => r.admin_id).sort());
    expect([toAdmins.recipients, bells.length]).toEqual([adminsCounted, adminsCounted]);
    const bDashboard = dataOf(await adminOfB.get('/api/admin/notifications/all?per_page=100')) as Row;
    expect((bDashboard.data as Row[]).map((x) => x.body?.title)).not.toContain('Meeting');
    expect(fieldErrors(await sender.post('/api/admin/notifications/send', { sendTo: 'doctor', title: 'Roster', body: 'New slots.' }))).toHaveProperty('sendTo');
  });

  test('a limited admin reads the notifications it sent and those to its districts only: list, search, count and the audit log', async () => {
    const stamp = Date.now();
    const inBoth = await limitedAdmin([a.district_id as number, b.district_id as number]);
    const reader = await limitedAdmin([a.district_id as number], ['view_notification', 'create_notification', 'create_activity_chw']);
    const send = async (who: Client, sendTo: string, title: string) =>
      (await who.post('/api/admin/notifications/send', { sendTo, title: `${title} ${stamp}`, body: `Text of ${title}.` })).json().data.id as number;
    const sent = {
      toA: await send(inA, 'patient', 'Clinic in A'),
      toB: await send(inB, 'patient', 'Clinic in B'),
      adminsOfB: await send(inB, 'admin', 'Meeting in B'),
      toBoth: await send(inBoth, 'admin', 'Meeting in A and B'),
      programme: await send(api, 'patient', 'Programme-wide'),
      doctors: await send(api, 'doctor', 'Roster for doctors'),
      own: await send(reader, 'admin', 'From the reader'),
    };
    await t.app.fanOut.idle();
    const listed = async (who: Client, search = `${stamp}`) => {
      const page = dataOf(await who.get(`/api/admin/notifications?per_page=100&search=${encodeURIComponent(search)}`)) as Row;
      const ids = (page.data as Row[]).map((n) => n.id as number).sort((x, y) => x - y);
      expect(page.total).toBe(ids.length);
      return ids;
    };
    const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);
    expect(await listed(api)).toEqual(sorted(...Object.values(sent)));
    expect(await listed(reader)).toEqual(sorted(sent.toA, sent.own));
    expect(await listed(inA)).toEqual(sorted(sent.toA, sent.own));
    expect(await listed(inB)).toEqual(sorted(sent.toB, sent.adminsOfB));
    expect(await listed(inBoth)).toEqual(sorted(sent.toA, sent.toB, sent.adminsOfB, sent.toBoth, sent.own));
    // a search of another district's words finds nothing
    expect(await listed(reader, 'Clinic in B')).toEqual([]);
    expect(await listed(reader, 'Text of Meeting')).toEqual([]);
    expect(await listed(reader, 'Clinic in A')).toEqual([sent.toA]);
    // the audit log: who sent what and when for every send, the title only of those it may read
    const entries = (dataOf(await reader.get('/api/admin/audit-log?resource=notifications&per_page=100')).data as Row[])
      .filter((e) => Object.values(sent).includes(e.record_id as number));
    expect(entries).toHaveLength(Object.keys(sent).length);
    const shown = entries.filter((e) => !e.values_hidden).map((e) => e.record_id as number);
    expect(sorted(...shown)).toEqual(sorted(sent.toA, sent.own));
    for (const e of entries) if (e.values_hidden) expect(e.changes).toBeNull();
    expect(JSON.stringify(entries)).not.toContain('in B');
  });

  test('a write names only records in the admin districts: a task takes a campaign of its districts only', async () => {
    const campaignOfB = dataOf(await api.post('/api/admin/campaigns', { ...(await samples.sampleOf(def('campaigns'))), district_id: b.district_id, tehsil_id: b.id }));
    const chw = dataOf(await api.post('/api/admin/chw', await (async () => {
      const body = await samples.sampleOf(def('chw'));
      const area = dataOf(await api.post('/api/admin/areas', { district_id: a.district_id, tehsil_id: a.id, title: `VC task ${Date.now()}`, lat: 31.5, long: 74.3 }));
      return { ...body, district_id: a.district_id, tehsil_id: a.id, area_id: area.id };
    })()));
    const task = { ...(await samples.sampleOf(def('tasks'))), campaign_id: campaignOfB.id, person_ids: [chw.id], district_id: a.district_id, tehsil_id: a.id };
    const before = await anyDb(t).selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(fieldErrors(await inA.post('/api/admin/tasks', task))).toHaveProperty('campaign_id');
    expect(await anyDb(t).selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    const campaignOfA = dataOf(await api.post('/api/admin/campaigns', { ...(await samples.sampleOf(def('campaigns'))), district_id: a.district_id, tehsil_id: a.id }));
    expect(dataOf(await inA.post('/api/admin/tasks', { ...task, campaign_id: campaignOfA.id })).campaign_id).toBe(campaignOfA.id);
  });

  test("a patient's feedback notifies only the admins who may read it", async () => {
    const there = await patient(b);
    const readerA = await limitedAdmin([a.district_id as number], ['view_feedback']);
    const readerB = await limitedAdmin([b.district_id as number], ['view_feedback']);
    const login = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: there.email, password: 'lantern orchard 42' } });
    const doctor = await samples.ref('doctors');
    await completedVisit(t, Number(there.id), Number(doctor.id));
    const sent = await call(t, { method: 'POST', url: '/api/field/feedbacks', token: login.json().data.token, payload: { doctor_id: doctor.id, msg: 'Kind and quick.', rating: 5 } });
    expect(sent.statusCode).toBe(200);
    const bell = async (who: Client) => (dataOf(await who.get('/api/admin/notifications/all?per_page=100')).data as Row[]).filter((x) => x.type === 'feedback');
    expect(await bell(readerB)).toHaveLength(1);
    expect(await bell(readerA)).toHaveLength(0);
    expect((await bell(api)).length).toBeGreaterThan(0);
  });
});
