/**
 * People (spec 2): patients, family members and CHWs, one account table. What the contract suite
 * cannot say generically: every field rule with the spec's message, the place chain of CHWs, family
 * members only under patients, emails unique across kinds, credentials by email, the field apps'
 * sign-in and reset, blocking ending app sessions, and the exports' content.
 */
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, fieldErrors, multipart, type Row, sampler } from './helpers/http';
import { startSmtp } from './helpers/smtp';

jest.setTimeout(180_000);

const year = (n: number) => new Date(Date.now() - n * 365.25 * 86_400_000).toISOString().slice(0, 10);
const PASSWORD = 'lantern orchard 42';

describe.each(DIALECTS)('people on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ref: ReturnType<typeof sampler>['ref'];
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url });
    api = client(t);
    ({ ref } = sampler(api));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => t.db.db.deleteFrom('throttle').execute());

  const patientBody = (extra: Row = {}): Row => {
    n++;
    return { f_name: `Amna${n}`, l_name: 'Bibi', email: `amna${n}@example.org`, phone_no: '03001112233', password: PASSWORD, confirmPassword: PASSWORD, dob: year(40), ...extra };
  };
  const chwBody = async (extra: Row = {}): Promise<Row> => {
    const area = await ref('areas');
    const qualification = await ref('qualifications');
    n++;
    return {
      f_name: `Saima${n}`, email: `saima${n}@example.org`, phone_no: '03214445566', cnic: String(3520200000000 + n), password: PASSWORD, confirmPassword: PASSWORD,
      dob: year(28), age: 28, qualification_id: qualification.id, district_id: area.district_id, tehsil_id: area.tehsil_id, area_id: area.id, ...extra,
    };
  };

  describe('patients', () => {
    it('answers each rule with the spec\'s message and writes nothing', async () => {
      const cases: [Row, Record<string, string[]>][] = [
        [{ f_name: '' }, { f_name: ['Please provide a name.'] }],
        [{ email: 'not-an-email' }, { email: ['Please provide a valid email.'] }],
        [{ phone_no: '0300111223' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
        [{ phone_no: '030011122334' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
        [{ phone_no: '0300-111223' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
        [{ confirmPassword: undefined }, { confirmPassword: ['Please provide a confirm password.'] }],
        [{ confirmPassword: 'something else 1' }, { confirmPassword: ['Passwords do not match'] }],
        [{ dob: undefined }, { dob: ['Please provide a date of birth.'] }],
        [{ dob: '2999-01-01' }, { dob: ['The date of birth cannot be in the future.'] }],
        [{ gender: 'other' }, { gender: ['Please choose male, female or transgender.'] }],
        [{ marital_status: 'Engaged' }, { marital_status: ['Please choose a marital status.'] }],
        [{ blood_group: 'C+' }, { blood_group: ['Please choose a blood group.'] }],
        [{ city_id: 999999 }, { city_id: ['Please select a City.'] }],
        [{ password: 'password', confirmPassword: 'password' }, { password: ['This password is too easy to guess: this is a heavily used password. Add more words that are less common.'] }],
      ];
      const before = await t.db.db.selectFrom('users').select('id').execute();
      for (const [change, errors] of cases) {
        const body = patientBody(change);
        for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
        expect([change, fieldErrors(await api.post('/api/admin/app-users', body))]).toEqual([change, errors]);
      }
      expect(await t.db.db.selectFrom('users').select('id').execute()).toEqual(before);
    });

    it('adds with the spec\'s options and defaults: Transgender, United States, age optional on add but required on edit', async () => {
      const city = await ref('cities');
      const created = dataOf(await api.post('/api/admin/app-users', patientBody({ gender: 'transgender', marital_status: 'Separated', blood_group: 'AB-', city_id: city.id, zipcode: '54000' })));
      expect(created).toMatchObject({ type: 'patient', gender: 'transgender', marital_status: 'Separated', blood_group: 'AB-', status: 1, age: null, as: 'User' });
      expect(created.country).toMatchObject({ country: 'United States of America', iso2: 'US' });
      expect(created.city).toMatchObject({ title: city.title });
      expect(created.age_or_country).toBe('United States of America');
      // the console sends no country as none (its country field chooses none for the user): none is kept
      expect(dataOf(await api.post('/api/admin/app-users', patientBody({ country_id: null, age: 40 })))).toMatchObject({ country: null, country_id: null });
      expect(created).not.toHaveProperty('password_hash');
      expect(fieldErrors(await api.put(`/api/admin/app-users/${created.encrypted_id}`, { f_name: 'Renamed' }))).toEqual({ age: ['Please provide an age.'] });
      const edited = dataOf(await api.put(`/api/admin/app-users/${created.encrypted_id}`, { f_name: 'Renamed', age: 41 }));
      expect([edited.f_name, edited.age, edited.age_or_country, edited.full_name]).toEqual(['Renamed', 41, 41, 'Renamed Bibi']);
      expect(fieldErrors(await api.put(`/api/admin/app-users/${created.encrypted_id}`, { age: null }))).toEqual({ age: ['Please provide an age.'] });
      // numbers as text in form data (the spec's console sends its forms as text) are numbers
      const form = multipart({ age: '42', height: '160.5' });
      expect(dataOf(await call(t, { method: 'PUT', url: `/api/admin/app-users/${created.encrypted_id}`, token: t.rootToken, ...form }))).toMatchObject({ age: 42, height: 160.5 });
      // and in JSON too (the console's text inputs send text): the coercion rule, README's API document
      expect(dataOf(await api.put(`/api/admin/app-users/${created.encrypted_id}`, { age: '43', height: '161.5' }))).toMatchObject({ age: 43, height: 161.5 });
    });

    it('an email is unique across every kind of account; a CNIC too', async () => {
      const patient = dataOf(await api.post('/api/admin/app-users', patientBody({ age: 40 })));
      expect(fieldErrors(await api.post('/api/admin/chw', await chwBody({ email: patient.email.toUpperCase() })))).toEqual({ email: ['The email has already been taken.'] });
      const chw = dataOf(await api.post('/api/admin/chw', await chwBody()));
      expect(fieldErrors(await api.post('/api/admin/chw', await chwBody({ cnic: chw.cnic })))).toEqual({ cnic: ['The cnic has already been taken.'] });
      expect(fieldErrors(await api.put(`/api/admin/app-users/${patient.encrypted_id}`, { email: chw.email }))).toEqual({ email: ['The email has already been taken.'] });
    });

    it('sends the credentials by email when asked; the field app signs in with them; blocking ends its sessions', async () => {
      const body = patientBody({ send_credentials: true });
      const created = dataOf(await api.post('/api/admin/app-users', body));
      const mail = await smtp.waitFor(String(body.email));
      expect(mail.text).toContain(`Email: ${body.email}`);
      expect(mail.text).toContain(`Password: ${PASSWORD}`);
      const login = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: PASSWORD } });
      expect(login.statusCode).toBe(200);
      const token = login.json().data.token as string;
      const me = () => t.inject({ method: 'GET', url: '/api/field/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me()).json().data).toMatchObject({ type: 'patient', email: body.email, full_name: `${body.f_name} Bibi` });
      // an admin token is not a field token, nor the reverse
      expect((await t.inject({ method: 'GET', url: '/api/field/me', headers: { authorization: `Bearer ${t.rootToken}` } })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      dataOf(await api.put(`/api/admin/app-users/status/${created.encrypted_id}`, { status: 2 }));
      expect((await me()).statusCode).toBe(401);
      expect(await t.db.db.selectFrom('user_tokens').select('id').where('user_id', '=', created.id).execute()).toEqual([]);
      const blocked = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: PASSWORD } });
      expect(blocked.statusCode).toBe(403);
      dataOf(await api.put(`/api/admin/app-users/status/${created.encrypted_id}`, { status: 1 }));
      expect((await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: PASSWORD } })).statusCode).toBe(200);
      const wrong = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: 'not it at all' } });
      expect(fieldErrors(wrong)).toEqual({ email: ['These credentials do not match our records.'] });
    });

    it('a field account resets its password by email, once, and its sessions end', async () => {
      const body = patientBody();
      dataOf(await api.post('/api/admin/app-users', body));
      const token = (await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: PASSWORD } })).json().data.token;
      expect((await t.inject({ method: 'POST', url: '/api/field/verify-email', payload: { email: body.email } })).statusCode).toBe(200);
      const mail = await smtp.waitFor(String(body.email));
      const reset = decodeURIComponent(/resetPassword\?account=user&t=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
      expect(mail.text).toContain('http://console.test/auth/resetPassword?account=user&t=');
      const done = await t.inject({ method: 'POST', url: '/api/field/reset-password', payload: { token: reset, password: 'copper kettle 77', confirmPassword: 'copper kettle 77' } });
      expect(done.statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/field/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: '/api/field/reset-password', payload: { token: reset, password: 'copper kettle 78', confirmPassword: 'copper kettle 78' } })).statusCode).toBe(422);
      expect((await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: body.email, password: 'copper kettle 77' } })).statusCode).toBe(200);
    });

    it('filters by the day added (start and end dates) and exports the filtered list as CSV and XLSX', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const made = dataOf(await api.post('/api/admin/app-users', patientBody({ f_name: 'Exported' })));
      const listed = dataOf(await api.get(`/api/admin/app-users?start_date=${today}&end_date=${today}&isFiltered=true&per_page=100`));
      expect(listed.data.map((r: Row) => r.id)).toContain(made.id);
      expect(dataOf(await api.get(`/api/admin/app-users?end_date=${year(1)}&per_page=100`)).total).toBe(0);
      const link = new URL(dataOf<string>(await api.get(`/api/admin/app-users?start_date=${today}&end_date=${today}&download=true`)));
      const csv = (await t.inject({ method: 'GET', url: link.pathname })).body;
      expect(csv.split('\r\n')[0]).toContain('"Name"');
      expect(csv).toContain(`"Exported Bibi"`);
      expect(csv).toContain(`"${made.email}"`);
      expect(csv).not.toContain('password');
      const xlsx = await t.inject({ method: 'GET', url: new URL(dataOf<string>(await api.get('/api/admin/app-users?download=true&format=xlsx'))).pathname });
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      // the export needs the list's own permission
      const other = await adminWith(t, ['view_chw']);
      expect((await client(t, other.token).get('/api/admin/app-users?download=true')).statusCode).toBe(403);
    });

    it('shows each related record whole: the country, the city, the profile\'s district and tehsil, none where unset; a family member\'s patient', async () => {
      const ids = t.app.ctx.ids;
      const tehsil: Row = await ref('tehsils');
      const city: Row = await ref('cities');
      const district = dataOf(await api.get(`/api/admin/districts/${ids.encode('districts', tehsil.district_id)}`));
      const placed = dataOf(await api.post('/api/admin/app-users', patientBody({ city_id: city.id, district_id: tehsil.district_id, tehsil_id: tehsil.id, blood_group: 'O+' })));
      const unplaced = dataOf(await api.post('/api/admin/app-users', patientBody()));
      const rows = (dataOf(await api.get(`/api/admin/app-users?ids[]=${placed.id}&ids[]=${unplaced.id}&sort=id&order=asc`)) as { data: Row[] }).data;
      expect(rows.map((r) => r.id)).toEqual([placed.id, unplaced.id]);
      const [one, other] = rows as [Row, Row];
      const related = (resource: 'cities' | 'districts' | 'tehsils', id: number, title: string) => ({ id, title, encrypted_id: ids.encode(resource, id) });
      expect([one.city, one.district, one.tehsil]).toEqual([related('cities', city.id, city.title), related('districts', district.id, district.title), related('tehsils', tehsil.id, tehsil.title)]);
      // the fields in the order the console has always had them: id, the columns, the encrypted id
      expect(Object.keys(one.tehsil)).toEqual(['id', 'title', 'encrypted_id']);
      expect(one.country).toEqual({ id: expect.any(Number), country: 'United States of America', iso2: 'US', encrypted_id: ids.encode('countries', one.country.id) });
      expect([one.blood_group, one.district_id, one.tehsil_id]).toEqual(['O+', district.id, tehsil.id]);
      expect([other.city, other.district, other.tehsil, other.blood_group, other.district_id]).toEqual([null, null, null, null, null]);
      // the same from a single record, and a family member's patient from the same table
      expect(dataOf(await api.get(`/api/admin/app-users/${placed.encrypted_id}`))).toMatchObject({ city: one.city, district: one.district, tehsil: one.tehsil, country: one.country });
      const son = dataOf(await api.post('/api/admin/family-members', { parent_id: placed.id, f_name: 'Bilal', phone_no: '03009998877', age: 9, dob: year(9), marital_status: 'Unmarried', relation: 'Son' }));
      expect(son.parent).toEqual({ id: placed.id, f_name: placed.f_name, l_name: 'Bibi', encrypted_id: ids.encode('app-users', placed.id) });
      expect(son.city).toBeNull();
    });
  });

  describe('the /users calls of the spec', () => {
    it('list by type, read, add, change and delete any kind of person through its own route', async () => {
      const patient = dataOf(await api.post('/api/admin/users', { type: 'patient', ...patientBody({ age: 33 }) }));
      expect(patient).toMatchObject({ type: 'patient', age: 33 });
      const chw = dataOf(await api.post('/api/admin/users', { type: 'chw', ...(await chwBody()) }));
      expect(chw.type).toBe('chw');
      const listed = dataOf(await api.get(`/api/admin/users?type=chw&search=${encodeURIComponent(chw.email)}`));
      expect(listed.data.map((r: Row) => r.id)).toEqual([chw.id]);
      expect(dataOf(await api.get(`/api/admin/users/${patient.encrypted_id}`)).email).toBe(patient.email);
      expect(dataOf(await api.get(`/api/admin/users/${chw.encrypted_id}`)).email).toBe(chw.email);
      expect(dataOf(await api.put(`/api/admin/users/${patient.encrypted_id}`, { f_name: 'Via users' })).f_name).toBe('Via users');
      // the kind's own rules answer
      expect(fieldErrors(await api.put(`/api/admin/users/${chw.encrypted_id}`, { cnic: '12' }))).toEqual({ cnic: ['Please provide a cnic atleast 13 digits.'] });
      expect(fieldErrors(await api.get('/api/admin/users?type=nurse'))).toEqual({ type: [expect.stringMatching(/^Please choose a type/)] });
      expect((await api.get('/api/admin/users/not-an-id')).statusCode).toBe(404);
      // the kind's permission: a CHW viewer reads CHWs, not patients
      const viewer = client(t, (await adminWith(t, ['view_chw'])).token);
      expect((await viewer.get(`/api/admin/users/${chw.encrypted_id}`)).statusCode).toBe(200);
      expect((await viewer.get(`/api/admin/users/${patient.encrypted_id}`)).statusCode).toBe(403);
      expect((await viewer.get('/api/admin/users?type=patient')).statusCode).toBe(403);
      dataOf(await api.del(`/api/admin/users/${patient.encrypted_id}`));
      expect((await api.get(`/api/admin/app-users/${patient.encrypted_id}`)).statusCode).toBe(404);
    });
  });

  describe('family members', () => {
    it('live under a patient, never under another family member, with the spec\'s required fields', async () => {
      const patient = dataOf(await api.post('/api/admin/app-users', patientBody()));
      const member = { parent_id: patient.id, f_name: 'Bilal', phone_no: '03009998877', age: 9, dob: year(9), marital_status: 'Unmarried', relation: 'Son' };
      const son = dataOf(await api.post('/api/admin/family-members', member));
      expect(son).toMatchObject({ type: 'family', parent_id: patient.id, relation: 'Son', email: null, status: 1 });
      // under a family member: refused
      expect(fieldErrors(await api.post('/api/admin/family-members', { ...member, parent_id: son.id }))).toEqual({ parent_id: ['Please choose the patient.'] });
      for (const [missing, message] of [['f_name', 'Please provide a name.'], ['phone_no', 'Please provide a number atleast 11 digits.'], ['age', 'Please provide an age.'], ['dob', 'Please provide a date of birth.'], ['marital_status', 'Please choose a marital status.'], ['relation', 'Please select a relation.']] as const) {
        const body: Row = { ...member };
        delete body[missing];
        expect([missing, fieldErrors(await api.post('/api/admin/family-members', body))]).toEqual([missing, { [missing]: [message] }]);
      }
      expect(fieldErrors(await api.post('/api/admin/family-members', { ...member, relation: 'Cousin' }))).toEqual({ relation: ['Please select a relation.'] });
      // the list under the patient, by its numeric or its encrypted id
      for (const key of [patient.id, patient.encrypted_id]) {
        expect((dataOf(await api.get(`/api/admin/family-members?parent_id=${key}&paginate=false`)) as Row[]).map((r) => r.id)).toEqual([son.id]);
      }
      // a family member is not a patient, nor the reverse
      expect((await api.get(`/api/admin/app-users/${t.app.ctx.ids.encode('app-users', son.id)}`)).statusCode).toBe(404);
      expect((dataOf(await api.get('/api/admin/app-users?paginate=false')) as Row[]).map((r) => r.id)).not.toContain(son.id);
      // no account: it cannot sign in
      expect((await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: 'x@y.org', password: PASSWORD } })).statusCode).toBe(422);
      // the patient goes only after its family
      expect((await api.del(`/api/admin/app-users/${patient.encrypted_id}`)).statusCode).toBe(409);
    });
  });

  describe('community health workers', () => {
    it('answer each rule with the spec\'s message', async () => {
      const base = await chwBody();
      const cases: [Row, Record<string, string[]>][] = [
        [{ cnic: '352021234567' }, { cnic: ['Please provide a cnic atleast 13 digits.'] }],
        [{ cnic: '35202-1234567' }, { cnic: ['Please provide a cnic atleast 13 digits.'] }],
        [{ age: undefined }, { age: ['Please provide an age.'] }],
        [{ qualification_id: undefined }, { qualification_id: ['Please select a qualification'] }],
        [{ district_id: undefined }, { district_id: ['Please select a district'] }],
        [{ tehsil_id: undefined }, { tehsil_id: ['Please select a tehsil'] }],
        [{ area_id: undefined }, { area_id: ['Please select a VC'] }],
        [{ qualification_id: 999999 }, { qualification_id: ['Please select a qualification'] }],
        [{ phone_no: '123' }, { phone_no: ['Please provide a number atleast 11 digits.'] }],
      ];
      for (const [change, errors] of cases) {
        const body = { ...base, ...change };
        for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
        expect([change, fieldErrors(await api.post('/api/admin/chw', body))]).toEqual([change, errors]);
      }
    });

    it('keep their place a chain: the tehsil in the district, the VC area in the tehsil', async () => {
      const body = await chwBody();
      const elsewhere = await ref('areas');
      expect(fieldErrors(await api.post('/api/admin/chw', { ...body, tehsil_id: elsewhere.tehsil_id }))).toMatchObject({ tehsil_id: ['The tehsil must belong to the chosen district.'] });
      expect(fieldErrors(await api.post('/api/admin/chw', { ...body, area_id: elsewhere.id }))).toEqual({ area_id: ['The VC must belong to the chosen tehsil.'] });
      const chw = dataOf(await api.post('/api/admin/chw', body));
      expect(chw).toMatchObject({ type: 'chw', qualification: { id: body.qualification_id }, district: { id: body.district_id }, area: { id: body.area_id }, joining_date: new Date().toISOString().slice(0, 10) });
      expect(chw.name_with_area).toBe(`${chw.full_name} (${chw.area.title})`);
      // moving to another district alone breaks the chain
      expect(fieldErrors(await api.put(`/api/admin/chw/${chw.encrypted_id}`, { district_id: elsewhere.district_id }))).toMatchObject({ tehsil_id: ['The tehsil must belong to the chosen district.'] });
      const moved = dataOf(await api.put(`/api/admin/chw/${chw.encrypted_id}`, { district_id: elsewhere.district_id, tehsil_id: elsewhere.tehsil_id, area_id: elsewhere.id }));
      expect(moved.area.id).toBe(elsewhere.id);
      // the spec's filter names: district, and district_id
      for (const param of ['district', 'district_id']) {
        expect((dataOf(await api.get(`/api/admin/chw?${param}=${elsewhere.district_id}&paginate=false`)) as Row[]).map((r) => r.id)).toContain(chw.id);
        expect((dataOf(await api.get(`/api/admin/chw?${param}=${body.district_id}&paginate=false`)) as Row[]).map((r) => r.id)).not.toContain(chw.id);
      }
      // the area cannot go while a CHW works there
      expect((await api.del(`/api/admin/areas/${elsewhere.encrypted_id}`)).statusCode).toBe(409);
    });

    it('an admin limited to a district sees and adds only that district\'s CHWs', async () => {
      const mine = await chwBody();
      const theirs = await chwBody();
      const a = dataOf(await api.post('/api/admin/chw', mine));
      const b = dataOf(await api.post('/api/admin/chw', theirs));
      const role = dataOf(await api.post('/api/admin/roles', { name: `CHW supervisor ${n}`, permissions: ['view_chw', 'create_chw', 'edit_chw', 'delete_chw'] }));
      const email = `supervisor${n}@example.org`;
      dataOf(await api.post('/api/admin/admins', { f_name: 'Supervisor', email, cnic: '3520112345671', role_id: role.id, district_ids: [mine.district_id], password: 'quiet-river-stone-9', confirmPassword: 'quiet-river-stone-9' }));
      const sup = client(t, await t.login(email, 'quiet-river-stone-9'));
      const ids = (dataOf(await sup.get('/api/admin/chw?paginate=false')) as Row[]).map((r) => r.id);
      expect(ids).toContain(a.id);
      expect(ids).not.toContain(b.id);
      expect((await sup.get(`/api/admin/chw/${b.encrypted_id}`)).statusCode).toBe(404);
      expect(fieldErrors(await sup.post('/api/admin/chw', await chwBody()))).toEqual({ district_id: ['Please choose one of the districts you are responsible for.'] });
    });
  });
});
