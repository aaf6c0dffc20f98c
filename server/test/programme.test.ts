/**
 * Programme work (spec 3): campaigns, tasks with each CHW's own status set from the field app, and
 * messages whose recipients the server resolves (interests, ages, place); the field routes of CHWs
 * and patients, kept to their own rows and to their own kind of account. On SQLite and PostgreSQL.
 */
import { birthRange } from '../src/resources/programme/messages';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, fieldErrors, multipart, type Row, sampler, tinyPng } from './helpers/http';

jest.setTimeout(270_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + days)).toISOString().slice(0, 10);
};
const png = `data:image/png;base64,${tinyPng().toString('base64')}`;
const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`;

describe('birth range of an age range', () => {
  it('takes in whoever is aged from..to today, both ends included', () => {
    const today = new Date(Date.UTC(2026, 10, 23));
    expect(birthRange(18, 60, today)).toEqual({ earliest: '1965-11-24', latest: '2008-11-23' });
    expect(birthRange(0, 0, today)).toEqual({ earliest: '2025-11-24', latest: '2026-11-23' });
  });
});

describe.each(DIALECTS)('programme work on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  let tehsil: Row;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref } = sampler(api));
    tehsil = await ref('tehsils');
  });
  afterAll(() => t?.close());

  const fieldLogin = async (email: string, password: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };
  const field = (token: string) => ({
    get: (url: string) => call(t, { method: 'GET', url, token }),
    put: (url: string, payload?: unknown) => call(t, { method: 'PUT', url, token, ...(payload === undefined ? {} : { payload: payload as Row }) }),
  });
  let chwN = 0;
  /** a CHW of a tehsil (an area of it), signed in to the field app */
  async function chwIn(place: Row): Promise<Row> {
    const area = dataOf(await api.post('/api/admin/areas', { district_id: place.district_id, tehsil_id: place.id, title: `VC ${++chwN} ${Date.now()}`, lat: 31.5, long: 74.3 }));
    const qualification = await ref('qualifications');
    const email = `worker${chwN}.${Date.now()}@example.org`;
    const chw = dataOf<Row>(await api.post('/api/admin/chw', {
      f_name: `Worker${chwN}`, l_name: 'Field', email, phone_no: '03111234567', cnic: `35202${String(chwN).padStart(4, '0')}${String(Date.now() % 10000).padStart(4, '0')}`,
      password: 'tamarind season 7', confirmPassword: 'tamarind season 7', dob: '1992-04-01', age: 34, gender: 'female',
      qualification_id: qualification.id, district_id: place.district_id, tehsil_id: place.id, area_id: area.id,
    }));
    return { ...chw, token: await fieldLogin(email, 'tamarind season 7') };
  }

  describe('campaigns', () => {
    const body = (extra: Row = {}) => ({ title: 'Measles week', start_date: day(2), end_date: day(9), district_id: tehsil.district_id, tehsil_id: tehsil.id, file: pdf, ...extra });

    it('refuses bad periods, places and files with the spec\'s messages; nothing is written', async () => {
      const other = await ref('tehsils');
      const before = await anyDb(t).selectFrom('campaigns').select('id').execute();
      const cases: [Row, Record<string, string[]>][] = [
        [{ end_date: day(1) }, { end_date: ['Select a date after the start date!'] }],
        [{ end_date: day(2) }, { end_date: ['Select a date after the start date!'] }],
        [{ start_date: day(-3) }, { start_date: ['The date cannot be before today.'] }],
        [{ tehsil_id: other.id }, { tehsil_id: ['The tehsil must belong to the chosen district.'] }],
        [{ district_id: 999_999 }, { district_id: ['Please select a district'] }],
        [{ file: undefined }, { file: ['Please select a file.'] }],
        [{ file: 'data:text/plain;base64,aGVsbG8=' }, { file: ['File format not supported. JPG/JPEG/PNG/PDF'] }],
        [{ title: ' ' }, { title: ['Please provide a title.'] }],
      ];
      for (const [change, errors] of cases) expect([change, fieldErrors(await api.post('/api/admin/campaigns', body(change)))]).toEqual([change, errors]);
      expect(await anyDb(t).selectFrom('campaigns').select('id').execute()).toEqual(before);
    });

    it('stores the file, lists active ones for the pickers, keeps a past start on edit', async () => {
      const made = dataOf(await api.post('/api/admin/campaigns', body({ file: png })));
      expect(made.file).toMatchObject({ type: 'image', mimeType: 'image/png' });
      expect([made.district_id, made.tehsil.title]).toEqual([tehsil.district_id, tehsil.title]);
      const active = dataOf(await api.get('/api/admin/campaigns?status=Active&paginate=false')) as Row[];
      expect(active.map((c) => c.id)).toContain(made.id);
      dataOf(await api.put(`/api/admin/campaigns/status/${made.encrypted_id}`, { status: 2 }));
      expect((dataOf(await api.get('/api/admin/campaigns?status=Active&paginate=false')) as Row[]).map((c) => c.id)).not.toContain(made.id);
      expect((dataOf(await api.get('/api/admin/campaigns?status=Blocked&paginate=false')) as Row[]).map((c) => c.id)).toContain(made.id);
      // a campaign that has started may still be edited without moving its start
      await anyDb(t).updateTable('campaigns').set({ start_date: day(-5) }).where('id', '=', made.id).execute();
      expect(dataOf(await api.put(`/api/admin/campaigns/${made.encrypted_id}`, { title: 'Measles week, extended', end_date: day(20) })).end_date).toBe(day(20));
    });
  });

  describe('tasks', () => {
    async function setup() {
      const a = await chwIn(tehsil);
      const b = await chwIn(tehsil);
      const form = dataOf(await api.post('/api/admin/campaigns', { title: 'Drive', start_date: day(1), end_date: day(5), district_id: tehsil.district_id, tehsil_id: tehsil.id, file: pdf }));
      return { a, b, campaign: form };
    }
    const taskBody = (extra: Row) => ({ title: 'Door to door', s_date: day(1), e_date: day(4), district_id: tehsil.district_id, tehsil_id: tehsil.id, file: png, ...extra });

    it('offers a planner the active CHWs of a tehsil to choose from, though it may not list CHWs', async () => {
      const { a, b } = await setup();
      const elsewhere = await chwIn(await ref('tehsils'));
      dataOf(await api.put(`/api/admin/chw/status/${b.encrypted_id}`, { status: 2 }));
      const planner = client(t, (await adminWith(t, ['create_task'])).token);
      expect((await planner.get('/api/admin/chw')).statusCode).toBe(403);
      const offered = dataOf<Row[]>(await planner.get(`/api/admin/chw/choices?tehsil_id=${tehsil.id}&status=Active&paginate=false`));
      const ids = offered.map((c) => c.id);
      expect(ids).toContain(a.id);
      expect(ids).not.toContain(b.id);
      expect(ids).not.toContain(elsewhere.id);
      // names only: nothing of the CHW's account beyond what the picker shows
      expect(Object.keys(offered.find((c) => c.id === a.id)!).sort()).toEqual(['encrypted_id', 'f_name', 'id', 'l_name']);
    });

    it('takes a task as the console sends it with a file: form data with the CHWs as person_ids[] texts', async () => {
      const { a, b, campaign } = await setup();
      const form = multipart({
        title: 'Leaflets', type: 'Campaign', campaign_id: String(campaign.id), s_date: day(1), e_date: day(2),
        district_id: String(tehsil.district_id), tehsil_id: String(tehsil.id), 'person_ids[]': [String(a.id), String(b.id)],
        file: { filename: 'brief.png', contentType: 'image/png', data: tinyPng() },
      });
      const res = await t.inject({ method: 'POST', url: '/api/admin/tasks', headers: { ...form.headers, authorization: `Bearer ${t.rootToken}` }, payload: form.payload });
      expect(res.statusCode).toBe(200);
      const made = res.json().data as Row;
      expect((made.person_ids as Row[]).map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      // a text that is no id is still refused with the field's message
      const bad = multipart({ title: 'Leaflets', type: 'Booking', s_date: day(1), e_date: day(2), district_id: String(tehsil.district_id), tehsil_id: String(tehsil.id), 'person_ids[]': ['x'], file: { filename: 'brief.png', contentType: 'image/png', data: tinyPng() } });
      const refused = await t.inject({ method: 'POST', url: '/api/admin/tasks', headers: { ...bad.headers, authorization: `Bearer ${t.rootToken}` }, payload: bad.payload });
      expect(fieldErrors(refused)).toEqual({ person_ids: ['Please fill the CHW required field!'] });
    });

    it('refuses missing CHWs, CHWs of other tehsils, missing links and notes with the spec\'s messages', async () => {
      const { a, campaign } = await setup();
      const elsewhere = await chwIn(await ref('tehsils'));
      const blocked = dataOf(await api.post('/api/admin/campaigns', { title: 'Old', start_date: day(1), end_date: day(5), district_id: tehsil.district_id, tehsil_id: tehsil.id, file: pdf }));
      dataOf(await api.put(`/api/admin/campaigns/status/${blocked.encrypted_id}`, { status: 2 }));
      const cases: [Row, Record<string, string[]>][] = [
        [{ type: 'General', note: 'x', person_ids: [] }, { person_ids: ['Please fill the CHW required field!'] }],
        [{ type: 'General', note: 'x' }, { person_ids: ['Please fill the CHW required field!'] }],
        [{ type: 'General', note: 'x', person_ids: [elsewhere.id] }, { person_ids: ['Every CHW must be an active CHW of the chosen tehsil.'] }],
        [{ type: 'General', person_ids: [a.id] }, { note: ['Please provide a note.'] }],
        [{ type: 'Survey', person_ids: [a.id] }, { survey_id: ['Please select a survey form.'] }],
        [{ type: 'Campaign', person_ids: [a.id], campaign_id: blocked.id }, { campaign_id: ['Please select a campaign.'] }],
        [{ type: 'Knowledge', person_ids: [a.id], knowledge_id: 999_999 }, { knowledge_id: ['Please select a knowledge item.'] }],
        [{ type: 'Booking', person_ids: [a.id], s_date: day(-2) }, { s_date: ['The date cannot be before today.'] }],
        [{ type: 'Booking', person_ids: [a.id], file: undefined }, { file: ['Please select a file.'] }],
        [{ type: 'Party', person_ids: [a.id] }, { type: ['Please select a type.'] }],
      ];
      const before = await anyDb(t).selectFrom('task_assignees').select(['task_id', 'user_id']).execute();
      for (const [change, errors] of cases) expect([change, fieldErrors(await api.post('/api/admin/tasks', taskBody(change)))]).toEqual([change, errors]);
      expect(await anyDb(t).selectFrom('task_assignees').select(['task_id', 'user_id']).execute()).toEqual(before);
      // a Campaign task keeps only its campaign: a stray note or survey is dropped
      const made = dataOf(await api.post('/api/admin/tasks', taskBody({ type: 'Campaign', campaign_id: campaign.id, note: 'ignored', person_ids: [a.id] })));
      expect(made).toMatchObject({ type: 'Campaign', campaign_id: campaign.id, note: null, survey_id: null, campaign: { title: 'Drive' } });
    });

    it('each CHW sets their own status from the field app; the console sees it live; others cannot touch it', async () => {
      const { a, b, campaign } = await setup();
      const outsider = await chwIn(tehsil);
      const made = dataOf(await api.post('/api/admin/tasks', taskBody({ type: 'Campaign', campaign_id: campaign.id, person_ids: [a.id, b.id], desc: 'Every house' })));
      expect(made.person_ids.map((p: Row) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(made.statuses.map((s: Row) => s.status)).toEqual(['Pending', 'Pending']);
      expect(made.statuses[0].user_profile.name_with_area).toMatch(/^Worker\d+ Field \(VC /);

      const mine = dataOf(await field(a.token).get('/api/field/tasks')) as Row[];
      expect(mine.map((x) => x.id)).toContain(made.id);
      expect(mine.find((x) => x.id === made.id)).toMatchObject({ title: 'Door to door', campaign: { id: campaign.id, title: 'Drive' }, my: { status: 'Pending' } });
      expect(mine.find((x) => x.id === made.id)!.file.path).toMatch(/^http:\/\/console\.test\/storage\/tasks\//);
      expect((dataOf(await field(outsider.token).get('/api/field/tasks')) as Row[]).map((x) => x.id)).not.toContain(made.id);

      const published: unknown[][] = [];
      const spy = jest.spyOn(t.app.ctx.realtime, 'publish').mockImplementation(async (...args: unknown[]) => {
        published.push(args);
        return true;
      });
      try {
        const res = dataOf(await field(a.token).put(`/api/field/tasks/${made.id}/status`, { status: 'Completed', desc: 'All 40 houses' }));
        expect(res.my).toMatchObject({ status: 'Completed', desc: 'All 40 houses' });
      } finally {
        spy.mockRestore();
      }
      expect(published).toEqual([[t.app.ctx.realtime.channelForChanges('tasks'), 'changed', { action: 'updated', id: made.encrypted_id, by: null }]]);
      const seen = dataOf(await api.get(`/api/admin/tasks/${made.encrypted_id}`));
      expect(seen.statuses.find((s: Row) => s.uid === a.id)).toMatchObject({ status: 'Completed', desc: 'All 40 houses' });
      expect(seen.statuses.find((s: Row) => s.uid === b.id)).toMatchObject({ status: 'Pending' });
      expect(seen.completed).toBe(1);
      const audit = await anyDb(t).selectFrom('audit_log').select(['action', 'changes']).where('resource', '=', 'tasks').where('record_id', '=', made.id).where('action', '=', 'task_status').execute();
      expect(audit).toHaveLength(1);

      // not their task, a bad status, a blocked task: refused
      expect((await field(outsider.token).put(`/api/field/tasks/${made.id}/status`, { status: 'Completed' })).statusCode).toBe(404);
      expect(fieldErrors(await field(b.token).put(`/api/field/tasks/${made.id}/status`, { status: 'Done' }))).toEqual({ status: ['The status must be one of Pending, In Progress, Completed.'] });
      dataOf(await api.put(`/api/admin/tasks/status/${made.encrypted_id}`, { status: 2 }));
      expect((await field(b.token).put(`/api/field/tasks/${made.id}/status`, { status: 'In Progress' })).statusCode).toBe(404);
      expect((dataOf(await field(b.token).get('/api/field/tasks')) as Row[]).map((x) => x.id)).not.toContain(made.id);

      // the list filters by CHW
      const ofA = dataOf(await api.get(`/api/admin/tasks?chw_id=${a.id}&paginate=false`)) as Row[];
      expect(ofA.map((x) => x.id)).toContain(made.id);
      expect((dataOf(await api.get(`/api/admin/tasks?chw_id=${outsider.id}&paginate=false`)) as Row[]).map((x) => x.id)).not.toContain(made.id);
    });

    it('changing the CHWs keeps the others\' statuses; a CHW with answers stays; a task with answers is not deleted', async () => {
      const { a, b, campaign } = await setup();
      const made = dataOf(await api.post('/api/admin/tasks', taskBody({ type: 'Campaign', campaign_id: campaign.id, person_ids: [a.id] })));
      dataOf(await field(a.token).put(`/api/field/tasks/${made.id}/status`, { status: 'In Progress' }));
      const both = dataOf(await api.put(`/api/admin/tasks/${made.encrypted_id}`, { person_ids: [a.id, b.id] }));
      expect(Object.fromEntries(both.statuses.map((s: Row) => [s.uid, s.status]))).toEqual({ [a.id]: 'In Progress', [b.id]: 'Pending' });
      // a survey answer for the task, by b
      const form = await anyDb(t).insertInto('dynamic_forms').values({ title: 'F', created_at: day(0), updated_at: day(0) }).returning('id').executeTakeFirstOrThrow();
      await anyDb(t).insertInto('form_submissions').values({ form_id: form.id, task_id: made.id, user_id: b.id, client_id: 'c1', form_version: 1, submitted_at: day(0), created_at: day(0) }).execute();
      const res = await api.put(`/api/admin/tasks/${made.encrypted_id}`, { person_ids: [a.id] });
      expect([res.statusCode, res.json().message]).toEqual([409, 'A CHW who has submitted for this task cannot be taken off it.']);
      const del = await api.del(`/api/admin/tasks/${made.encrypted_id}`);
      expect([del.statusCode, del.json().message]).toEqual([409, 'The task "Door to door" has 1 survey submission: block it instead of deleting it.']);
      expect((await anyDb(t).selectFrom('task_assignees').select('user_id').where('task_id', '=', made.id).execute()).map((r: Row) => r.user_id).sort()).toEqual([a.id, b.id].sort());
    });
  });

  describe('messages to patients', () => {
    let interestA: Row;
    let interestB: Row;
    let place: Row;
    let n = 0;
    beforeAll(async () => {
      interestA = dataOf(await api.post('/api/admin/interests', { title: `Nutrition ${Date.now()}` }));
      interestB = dataOf(await api.post('/api/admin/interests', { title: `Vaccines ${Date.now()}` }));
      place = await ref('tehsils');
    });
    async function patient(dob: string, interests: Row[], at: Row | null = place, extra: Row = {}): Promise<Row> {
      const email = `reach${++n}.${Date.now()}@example.org`;
      const made = dataOf<Row>(await api.post(`/api/admin/app-users`, {
        f_name: `Reach${n}`, l_name: 'Patient', email, phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob, gender: 'female',
        interest_ids: interests.map((i) => i.id), ...(at ? { district_id: at.district_id, tehsil_id: at.id } : {}), ...extra,
      }));
      return { ...made, email };
    }
    const messageBody = (extra: Row = {}) => ({ type: 'General', title: 'Iron tablets', text: 'Free at the BHU this week.', interest_ids: [interestA.id], district_id: place.district_id, tehsil_id: place.id, ...extra });

    it('refuses bad messages with the spec\'s messages; nothing is written', async () => {
      const cases: [Row, Record<string, string[]>][] = [
        [{ type: 'Letter' }, { type: ['Please select type'] }],
        [{ type: 'Survey' }, { survey_id: ['Please select a form'] }],
        [{ type: 'Knowledge' }, { knowledge_id: ['Please select a knowledge'] }],
        [{ text: ' ' }, { text: ['Please provide a text'] }],
        [{ interest_ids: [] }, { interest_ids: ['Please select a Interest'] }],
        [{ interest_ids: [999_999] }, { interest_ids: ['Please select a Interest'] }],
        [{ title: '' }, { title: ['Please provide a title'] }],
        [{ from_age: 20 }, { to_age: ['Please select to age'] }],
        [{ to_age: 20 }, { from_age: ['Please select from age'] }],
        [{ from_age: 30, to_age: 20 }, { to_age: ['The to age must not be below the from age.'] }],
        [{ district_id: undefined }, { district_id: ['Please select a district'] }],
        [{ tehsil_id: undefined }, { tehsil_id: ['Please select a tehsil'] }],
      ];
      const before = await anyDb(t).selectFrom('user_messages').select('id').execute();
      for (const [change, errors] of cases) expect([change, fieldErrors(await api.post('/api/admin/user-messages', messageBody(change)))]).toEqual([change, errors]);
      expect(await anyDb(t).selectFrom('user_messages').select('id').execute()).toEqual(before);
    });

    it('goes to the active patients of the tehsil with one of the interests, within the ages; an edit resolves again and keeps who has opened it', async () => {
      const p18 = await patient(yearsAgo(18), [interestA]); // turned 18 today
      const p60 = await patient(yearsAgo(61, 1), [interestA, interestB]); // 60, turning 61 tomorrow
      const p61 = await patient(yearsAgo(61), [interestA]); // 61 today
      const p17 = await patient(yearsAgo(18, 1), [interestA]); // 17, turning 18 tomorrow
      const other = await patient(yearsAgo(30), [interestB]);
      const away = await patient(yearsAgo(30), [interestA], await ref('tehsils'));
      const nowhere = await patient(yearsAgo(30), [interestA], null);
      const blocked = await patient(yearsAgo(30), [interestA]);
      dataOf(await api.put(`/api/admin/app-users/status/${blocked.encrypted_id}`, { status: 2 }));

      const made = dataOf(await api.post('/api/admin/user-messages', messageBody({ from_age: 18, to_age: 60 })));
      const recipients = async (id: string) => (dataOf(await api.get(`/api/admin/user-messages/${id}/recipients?per_page=100`)).data as Row[]);
      expect((await recipients(made.encrypted_id)).map((r) => r.id).sort()).toEqual([p18.id, p60.id].sort());
      expect(made.total_users).toBe(2);
      expect(made.interest_ids).toEqual([{ id: interestA.id, title: interestA.title }]);
      for (const skipped of [p61, p17, other, away, nowhere, blocked]) expect((await recipients(made.encrypted_id)).map((r) => r.id)).not.toContain(skipped.id);

      // p18 opens it in the app; then the message is narrowed to interest B, ages 50-70
      const token = await fieldLogin(p18.email, 'lantern orchard 42');
      const inbox = dataOf(await field(token).get('/api/field/messages')) as Row[];
      expect(inbox.find((m) => m.id === made.id)).toMatchObject({ title: 'Iron tablets', text: 'Free at the BHU this week.', is_view: false, status: 'Pending' });
      expect(dataOf(await field(token).put(`/api/field/messages/${made.id}/view`))).toMatchObject({ is_view: true, status: 'Pending' });
      const narrowed = dataOf(await api.put(`/api/admin/user-messages/${made.encrypted_id}`, { interest_ids: [interestB.id], from_age: 50, to_age: 70 }));
      // p60 matches still; p61 lacks interest B; p18 no longer matches but has opened it, so stays; other is 30
      expect((await recipients(made.encrypted_id)).map((r) => r.id).sort()).toEqual([p18.id, p60.id].sort());
      expect(narrowed.total_users).toBe(2);
      const row = (await recipients(made.encrypted_id)).find((r) => r.id === p18.id)!;
      expect(row).toMatchObject({ full_name: `${p18.f_name} Patient`, task_status: { is_view: true, status: 'Pending', submitted_date: null } });

      // the patient answers it
      const answered = dataOf(await field(token).put(`/api/field/messages/${made.id}/submit`));
      expect(answered).toMatchObject({ is_view: true, status: 'Submitted' });
      expect((await recipients(made.encrypted_id)).find((r) => r.id === p18.id)!.task_status.submitted_date).toEqual(expect.any(String));
      // a patient not among the recipients cannot see or mark it
      const otherToken = await fieldLogin(other.email, 'lantern orchard 42');
      expect((await field(otherToken).get(`/api/field/messages/${made.id}`)).statusCode).toBe(404);
      expect((await field(otherToken).put(`/api/field/messages/${made.id}/view`)).statusCode).toBe(404);
    });

    it('a patient says where they live and what interests them; the next message reaches them', async () => {
      const p = await patient(yearsAgo(40), [], null);
      const token = await fieldLogin(p.email, 'lantern orchard 42');
      const interests = dataOf(await field(token).get('/api/field/interests')) as Row[];
      expect(interests.map((i) => i.id)).toEqual(expect.arrayContaining([interestA.id, interestB.id]));
      const wrongPlace = await ref('tehsils');
      expect(fieldErrors(await field(token).put('/api/field/me/reach', { district_id: place.district_id, tehsil_id: wrongPlace.id, interest_ids: [interestB.id] }))).toEqual({ tehsil_id: ['The tehsil must belong to the chosen district.'] });
      // an interest given twice (as a number, as its text) counts once
      expect(dataOf(await field(token).put('/api/field/me/reach', { district_id: place.district_id, tehsil_id: place.id, interest_ids: [interestB.id, String(interestB.id), interestB.id] })).interest_ids).toEqual([interestB.id]);
      const shown = dataOf(await api.get(`/api/admin/app-users/${p.encrypted_id}`));
      expect(shown).toMatchObject({ tehsil_id: place.id, interest_ids: [{ id: interestB.id, title: interestB.title }] });
      const made = dataOf(await api.post('/api/admin/user-messages', messageBody({ interest_ids: [interestB.id] })));
      expect((dataOf(await api.get(`/api/admin/user-messages/${made.encrypted_id}/recipients`)).data as Row[]).map((r) => r.id)).toContain(p.id);
      expect((dataOf(await api.get(`/api/admin/app-users?interest_id=${interestB.id}&paginate=false`)) as Row[]).map((r) => r.id)).toContain(p.id);
    });
  });

  describe('field routes keep to their own kind of account', () => {
    it('a CHW cannot read messages, a patient cannot read tasks; admin tokens are refused and field tokens are refused by the admin API', async () => {
      const chw = await chwIn(tehsil);
      const patientRecord = dataOf(await api.post('/api/admin/app-users', {
        f_name: 'Kind', email: `kind.${Date.now()}@example.org`, phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob: '1990-01-01',
      }));
      const patientToken = await fieldLogin(patientRecord.email, 'lantern orchard 42');
      const routes: [string, string][] = [['GET', '/api/field/tasks'], ['GET', '/api/field/tasks/1'], ['PUT', '/api/field/tasks/1/status']];
      const patientRoutes: [string, string][] = [['GET', '/api/field/messages'], ['GET', '/api/field/messages/1'], ['PUT', '/api/field/messages/1/view'], ['PUT', '/api/field/messages/1/submit'], ['GET', '/api/field/interests'], ['PUT', '/api/field/me/reach']];
      for (const [method, url] of routes) {
        expect([url, (await call(t, { method: method as 'GET', url })).statusCode]).toEqual([url, 401]);
        expect([url, (await call(t, { method: method as 'GET', url, token: t.rootToken })).statusCode]).toEqual([url, 401]);
        expect([url, (await call(t, { method: method as 'GET', url, token: patientToken })).statusCode]).toEqual([url, 403]);
      }
      for (const [method, url] of patientRoutes) {
        expect([url, (await call(t, { method: method as 'GET', url })).statusCode]).toEqual([url, 401]);
        expect([url, (await call(t, { method: method as 'GET', url, token: t.rootToken })).statusCode]).toEqual([url, 401]);
        expect([url, (await call(t, { method: method as 'GET', url, token: chw.token })).statusCode]).toEqual([url, 403]);
      }
      expect((await call(t, { method: 'GET', url: '/api/admin/tasks', token: chw.token })).statusCode).toBe(401);
    });
  });
});
