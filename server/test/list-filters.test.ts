import { ALL_PERMISSIONS } from '../../contract/permissions';
import type { Presented } from '../src/http/resource';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, type Client, dataOf, fieldErrors, type Row, sampler, timeHasCome } from './helpers/http';

jest.setTimeout(180_000);

/**
 * The filters the console's lists offer, as the server answers them: patients by district, tehsil and
 * blood group; doctors by specialization; appointments by status, doctor and date range. Each keeps
 * to the signed-in admin's districts, and a value the filter cannot take is a 422 naming it.
 */
describe.each(DIALECTS)('list filters (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let samples: ReturnType<typeof sampler>;
  /** two districts, each with a tehsil */
  let a: Row;
  let b: Row;
  /** an admin holding every permission, limited to district A */
  let inA: Client;
  const password = 'quiet-river-stone-9';
  const def = (name: string) => registry.byName.get(name as never)!;
  const ids = async (who: Client, url: string) => (dataOf(await who.get(`${url}${url.includes('?') ? '&' : '?'}paginate=false`)) as Row[]).map((r) => r.id as number);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    samples = sampler(api);
    a = await samples.ref('tehsils');
    b = await samples.ref('tehsils');
    const role = dataOf(await api.post('/api/admin/roles', { name: 'Filters scoped', permissions: ALL_PERMISSIONS }));
    const email = 'filters-scoped@example.org';
    dataOf(await api.post('/api/admin/admins', { f_name: 'Scoped', l_name: 'Filters', email, cnic: '3520112345671', role_id: role.id, district_ids: [a.district_id], password, confirmPassword: password }));
    inA = client(t, await t.login(email, password));
  });
  afterAll(() => t?.close());

  const patient = async (tehsil: Row, blood_group: string): Promise<Presented> =>
    dataOf<Presented>(await api.post('/api/admin/app-users', { ...(await samples.sampleOf(def('app-users'))), district_id: tehsil.district_id, tehsil_id: tehsil.id, blood_group }));

  test('patients by district, tehsil and blood group, within the admin\'s districts', async () => {
    const [aPositive, aNegative, bPositive] = [await patient(a, 'A+'), await patient(a, 'O-'), await patient(b, 'A+')];
    const mine = [aPositive.id, aNegative.id, bPositive.id];
    const of = async (who: Client, query: string) => (await ids(who, `/api/admin/app-users?${query}`)).filter((id) => mine.includes(id)).sort();

    expect(await of(api, `district_id=${a.district_id}`)).toEqual([aPositive.id, aNegative.id].sort());
    expect(await of(api, `tehsil_id=${b.id}`)).toEqual([bPositive.id]);
    expect(await of(api, 'blood_group=A%2B')).toEqual([aPositive.id, bPositive.id].sort());
    expect(await of(api, `district_id=${a.district_id}&blood_group=O-`)).toEqual([aNegative.id]);
    // the admin of district A filters within it: B's patients stay out, whatever the filter names
    expect(await of(inA, 'blood_group=A%2B')).toEqual([aPositive.id]);
    expect(await of(inA, `district_id=${b.district_id}`)).toEqual([]);
    expect(await of(inA, `tehsil_id=${b.id}&blood_group=A%2B`)).toEqual([]);
    // and the count agrees with the page
    expect(dataOf(await inA.get(`/api/admin/app-users?district_id=${b.district_id}`)).total).toBe(0);
  });

  test('doctors by specialization', async () => {
    const [heart, skin] = [await samples.ref('specializations'), await samples.ref('specializations')];
    const body = async (specialization: Row) => ({ ...(await samples.sampleOf(def('doctors'))), specializationIds: [specialization.id] });
    const cardiologist = dataOf<Presented>(await api.post('/api/admin/doctors', await body(heart)));
    const dermatologist = dataOf<Presented>(await api.post('/api/admin/doctors', await body(skin)));
    expect(await ids(api, `/api/admin/doctors?specialization_id=${heart.id}`)).toEqual([cardiologist.id]);
    expect(await ids(inA, `/api/admin/doctors?specialization_id=${skin.id}`)).toEqual([dermatologist.id]);
  });

  test('appointments by status, doctor and date range, within the admin\'s districts', async () => {
    const inDistrictA = await patient(a, 'B+');
    const inDistrictB = await patient(b, 'B+');
    const book = async (person: Presented) => dataOf<Presented>(await api.post('/api/admin/appointments', await samples.sampleOf(def('appointments'), { 'app-users': person })));
    const [first, booked, third] = [await book(inDistrictA), await book(inDistrictA), await book(inDistrictB)];
    const mine = [first.id, booked.id, third.id];
    const of = async (who: Client, query: string) => (await ids(who, `/api/admin/appointments?${query}`)).filter((id) => mine.includes(id)).sort();
    // completed once its time has come (its day is then yesterday)
    await timeHasCome(t, booked);
    const second = dataOf<Presented>(await api.put(`/api/admin/appointments/status/${booked.encrypted_id}`, { status: 'Completed' }));

    expect(await of(api, 'status=Completed')).toEqual([second.id]);
    expect(await of(api, 'status=Booked')).toEqual([first.id, third.id].sort());
    // each booking's sample has a roster of its own, so a doctor of its own
    expect(await of(api, `doctor_id=${String(first.doctor_id)}`)).toEqual([first.id]);
    const day = String(first.date);
    const sameDay = [first, second, third].filter((r) => r.date === day).map((r) => r.id).sort();
    expect(await of(api, `start_date=${day}&end_date=${day}`)).toEqual(sameDay);
    expect(await of(api, `start_date=${day}&end_date=${day}&status=Booked`)).toEqual(sameDay.filter((id) => id !== second.id));
    // the admin of district A sees only its patient's appointments, whatever the filters
    expect(await of(inA, 'status=Booked')).toEqual([first.id]);
    expect(await of(inA, `doctor_id=${String(third.doctor_id)}`)).toEqual([]);
  });

  test("appointments are searched by their patient's, their family member's and their doctor's names, as by their detail, within the admin's districts", async () => {
    const book = async (person: Presented, body: Row = {}) => dataOf<Presented>(await api.post('/api/admin/appointments', { ...(await samples.sampleOf(def('appointments'), { 'app-users': person })), ...body }));
    const stamp = Date.now().toString(36);
    const amina = dataOf<Presented>(await api.put(`/api/admin/app-users/${(await patient(a, 'B+')).encrypted_id}`, { f_name: `Aminaq${stamp}`, l_name: 'Yousafzai' }));
    const other = await patient(b, 'B+');
    const son = dataOf<Presented>(await api.post('/api/admin/family-members', { parent_id: other.id, f_name: `Bilalq${stamp}`, phone_no: '03009998877', age: 9, dob: '2017-01-01', marital_status: 'Unmarried', relation: 'Son' }));
    const hers = await book(amina);
    const his = await book(son as Presented);
    const noted = await book(other, { detail: `Dizziness ${stamp}` });
    const doctor = dataOf<Row>(await api.get(`/api/admin/doctors/${t.app.ctx.ids.encode('doctors', Number(his.doctor_id))}`));
    const mine = [hers.id, his.id, noted.id];
    const found = async (who: Client, term: string) => {
      const page = dataOf(await who.get(`/api/admin/appointments?search=${encodeURIComponent(term)}`));
      const listed = (page.data as Row[]).map((r) => r.id as number).filter((id) => mine.includes(id)).sort();
      return [listed, page.total >= listed.length];
    };
    expect(await found(api, `aminaq${stamp}`)).toEqual([[hers.id], true]);
    expect(await found(api, `Aminaq${stamp} Yousafzai`)).toEqual([[hers.id], true]);
    expect(await found(api, `Bilalq${stamp}`)).toEqual([[his.id], true]);
    expect(await found(api, `Dizziness ${stamp}`)).toEqual([[noted.id], true]);
    expect((await found(api, String(doctor.email)))[0]).toEqual([his.id]);
    // the admin of district A finds its own patient's, not B's family member's
    expect(await found(inA, `aminaq${stamp}`)).toEqual([[hers.id], true]);
    expect(await found(inA, `Bilalq${stamp}`)).toEqual([[], true]);
    // the same rows without paging, and counted alike
    expect(dataOf(await api.get(`/api/admin/appointments?search=aminaq${stamp}`)).total).toBe(1);
  });

  test('a value a filter cannot take is a 422 naming it, never a 500', async () => {
    const cases: [string, string][] = [
      ['/api/admin/app-users?blood_group=Z%2B', 'blood_group'],
      ['/api/admin/app-users?gender=robot', 'gender'],
      ['/api/admin/app-users?district_id=north', 'district_id'],
      ['/api/admin/app-users?tehsil_id=-1', 'tehsil_id'],
      ['/api/admin/doctors?specialization_id=heart', 'specialization_id'],
      ['/api/admin/appointments?status=Lost', 'status'],
      ['/api/admin/appointments?doctor_id=1.5', 'doctor_id'],
      ['/api/admin/appointments?start_date=2026-02-30', 'start_date'],
      ['/api/admin/appointments?start_date=2026-03-02&end_date=2026-03-01', 'end_date'],
    ];
    for (const [url, field] of cases) {
      const res = await api.get(url);
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect(Object.keys(fieldErrors(res))).toEqual([field]);
    }
    expect(fieldErrors(await api.get('/api/admin/app-users?blood_group=AB'))).toEqual({ blood_group: ['The blood group filter must be one of A+, A-, B+, B-, AB+, AB-, O+, O-.'] });
  });
  test('what the document takes a filter takes (Schemathesis found two refused): a day of the years 0-99, a status by name where the declaration also lists status among its filters', async () => {
    const refused: string[] = [];
    for (const d of registry.resources) {
      const urls: string[] = [];
      if (d.dateRange) urls.push(`/api/admin/${d.name}?start_date=0077-04-24&end_date=0099-12-31`);
      if (d.status?.kind === 'user') urls.push(`/api/admin/${d.name}?status=Blocked`, `/api/admin/${d.name}?status=active`, `/api/admin/${d.name}?status=2`);
      for (const url of urls) {
        const res = await api.get(url);
        if (res.statusCode !== 200) refused.push(`${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(refused).toEqual([]);
    // (a declaration with both, that the loop above holds)
    expect(registry.resources.some((d) => d.status?.kind === 'user' && d.filters?.status)).toBe(true);
    expect(registry.resources.some((d) => d.dateRange)).toBe(true);
    // a year of two digits is still no day of February 30th
    expect(Object.keys(fieldErrors(await api.get('/api/admin/appointments?start_date=0077-02-30')))).toEqual(['start_date']);
  });
});
