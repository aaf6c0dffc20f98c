/**
 * What the fuzzer (helpers/fuzz.ts) found, each as the smallest request that showed it, kept as a
 * regression test on both dialects. Each failed before its fix.
 */
import { DIALECTS, fieldTokenFor, startTestApp, type TestApp } from './helpers/app';
import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP } from '../src/http/bodyLimits';
import { client, type Client, dataOf, fieldErrors, sampler } from './helpers/http';

describe.each(DIALECTS)('fuzzer findings (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  /** one sampler for the suite: the samples' unique values (country codes, emails) come from its counters */
  let ref: ReturnType<typeof sampler>['ref'];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref } = sampler(api));
  });
  afterAll(() => t?.close());

  it('the sent notifications list takes a query key given twice as its first value (was a 500: search arrived as a list)', async () => {
    await api.post('/api/admin/notifications/send', { sendTo: 'admin', title: 'Twice asked', body: 'Repeated keys' });
    const res = await api.get('/api/admin/notifications?search=Twice&search=other&page=1&page=x&per_page=5&per_page=9');
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({ per_page: 5, current_page: 1 });
    expect(dataOf(res).data.map((n: { title: string }) => n.title)).toEqual(['Twice asked']);
  });

  it('the duty slots of a doctor id beyond the id range are refused with the field message (was a 500 on PostgreSQL)', async () => {
    const res = await api.get('/api/admin/duty-roasters/slots?doctor_id=7301914774&month=2026-01');
    expect(fieldErrors(res)).toEqual({ doctor_id: ['Please select a doctor.'] });
    // the largest id is still a doctor id (none here: no slots)
    expect(dataOf(await api.get('/api/admin/duty-roasters/slots?doctor_id=2147483647&month=2026-01'))).toEqual([]);
  });

  it('a doctor’s open slots in the app refuse a day of the right pattern that is no day with the field message (was a 500: no such date to compare)', async () => {
    const [patient, doctor] = [await ref('app-users'), await ref('doctors')];
    const token = await fieldTokenFor(t, patient.id);
    for (const date of ['7646-26-27', '2030-02-30', '2030-00-10']) {
      const res = await t.inject({ method: 'GET', url: `/api/field/doctors/${doctor.id}/slots?date=${date}&month=5072-11`, token });
      expect([date, fieldErrors(res)]).toEqual([date, { date: ['Please give the day as YYYY-MM-DD.'] }]);
    }
    expect(dataOf(await t.inject({ method: 'GET', url: `/api/field/doctors/${doctor.id}/slots?date=2030-02-28`, token }))).toEqual([]);
  });

  it('notification ids past 2^31 and 2^53 are refused with the field message on every route that takes them (was a 500 on PostgreSQL: value out of range for type integer)', async () => {
    const patient = await ref('app-users');
    const token = await fieldTokenFor(t, patient.id);
    for (const id of [2 ** 31, 2 ** 53, 2 ** 53 + 2]) {
      expect(fieldErrors(await api.post('/api/admin/notifications/mark-read', { ids: [id] }))).toEqual({ ids: ['Please send a list of notification ids.'] });
      expect(fieldErrors(await api.post('/api/admin/notifications', { notifications: [{ id }] }))).toEqual({ notifications: ['Please send the list of notifications.'] });
      expect(fieldErrors(await t.inject({ method: 'POST', url: '/api/field/notifications/read', token, payload: { ids: [id] } }))).toEqual({ ids: ['Please send a list of notification ids.'] });
    }
    // the largest id is still an id (none here: nothing marked)
    expect(dataOf(await api.post('/api/admin/notifications/mark-read', { ids: [2 ** 31 - 1] }))).toMatchObject({ marked: 0 });
    expect(dataOf(await t.inject({ method: 'POST', url: '/api/field/notifications/read', token, payload: { ids: [2 ** 31 - 1] } }))).toEqual({ marked: 0 });
  });

  it('a body nested deeper than the API ever nests is refused (422) on every route, as the /users calls would pass it on (was a 500: JSON.stringify overflowed)', async () => {
    const patient = await ref('app-users');
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const payload of [deep(20_000), `{"f_name":${deep(20_000)}}`, `{"a":"${'['.repeat(100)}",${'{"b":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}}`]) {
      for (const [method, url] of [['PUT', `/api/admin/users/${patient.encrypted_id}`], ['POST', '/api/admin/users'], ['POST', '/api/admin/districts']] as const) {
        const res = await t.inject({ method, url, token: t.rootToken, payload, headers: { 'content-type': 'application/json' } });
        expect([method, url, fieldErrors(res)]).toEqual([method, url, { _: [TOO_DEEP] }]);
      }
    }
    // brackets inside strings do not count; a body as deep as the limit is read
    expect(nestedDeeperThan(`{"a":"${'['.repeat(100)}\\"[{"}`, 2)).toBe(false);
    expect(nestedDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).toBe(false);
    const fine = await t.inject({ method: 'PUT', url: `/api/admin/users/${patient.encrypted_id}`, token: t.rootToken, payload: { f_name: 'Nested Not' }, headers: { 'content-type': 'application/json' } });
    expect(fine.statusCode).toBe(200);
  });

  it('the /users calls refuse a body that is no object, as the document says and every other write does (was a 200: null passed on as an empty update)', async () => {
    const patient = await ref('app-users');
    for (const payload of ['null', '[1,2]', '"text"', '7']) {
      for (const [method, url] of [['PUT', `/api/admin/users/${patient.encrypted_id}`], ['POST', '/api/admin/users'], ['PUT', `/api/admin/app-users/${patient.encrypted_id}`]] as const) {
        const res = await t.inject({ method, url, token: t.rootToken, payload, headers: { 'content-type': 'application/json' } });
        expect([method, url, payload, res.statusCode, fieldErrors(res)]).toEqual([method, url, payload, 422, { _: ['The request body is not valid.'] }]);
      }
    }
  });
});
