import { permissionName } from '../../contract/permissions';
import type { Presented } from '../src/http/resource';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, type Client, dataOf, fieldErrors, type Row, sampler } from './helpers/http';

jest.setTimeout(270_000);

interface Hit { id: string; label: string; detail: string | null }
interface Group { resource: string; hits: Hit[]; more: boolean }

/**
 * GET /search, the app bar's search: people by name, phone and CNIC, admins, campaigns and survey forms
 * in one call, a group only for the modules the admin may view, patients and CHWs only within a
 * limited admin's districts (as their lists), short terms answered with nothing, long ones refused.
 */
describe.each(DIALECTS)('the app-bar search (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let samples: ReturnType<typeof sampler>;
  const tag = `zq${Math.random().toString(36).slice(2, 6)}`;
  const password = 'amber-lantern-field-3';
  let n = 0;
  /** two districts (each with a tehsil) */
  let a: Row;
  let b: Row;
  let inA: Presented;
  let inB: Presented;
  let chwInB: Presented;
  const def = (name: string) => registry.byName.get(name as never)!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    samples = sampler(api);
    a = await samples.ref('tehsils');
    b = await samples.ref('tehsils');
    const patient = async (tehsil: Row, name: string, phone: string) =>
      dataOf<Presented>(await api.post('/api/admin/app-users', { ...(await samples.sampleOf(def('app-users'))), f_name: name, l_name: tag, phone_no: phone, district_id: tehsil.district_id, tehsil_id: tehsil.id }));
    inA = await patient(a, 'Amina', '03451112233');
    inB = await patient(b, 'Bushra', '03459998877');
    // more patients than a group shows, all in A
    for (let i = 0; i < 6; i++) await patient(a, `Many${i}`, `0321000000${i}`);
    chwInB = dataOf<Presented>(await api.post('/api/admin/chw', { ...(await samples.sampleOf(def('chw'), { tehsils: b as Presented })), f_name: `Chw${tag}` }));
    dataOf(await api.post('/api/admin/doctors', { ...(await samples.sampleOf(def('doctors'))), f_name: `Doc${tag}` }));
    dataOf(await api.post('/api/admin/campaigns', { ...(await samples.sampleOf(def('campaigns'), { tehsils: a as Presented })), title: `Campaign ${tag}` }));
  });
  afterAll(() => t?.close());

  async function adminOf(permissions: string[], districtIds?: number[]): Promise<Client> {
    const id = `${++n}${Math.random().toString(36).slice(2, 6)}`;
    const role = dataOf(await api.post('/api/admin/roles', { name: `Search ${id}`, permissions }));
    const email = `search-${id}@example.org`;
    dataOf(await api.post('/api/admin/admins', { f_name: 'Searcher', l_name: id, email, cnic: '3520112345671', role_id: role.id, ...(districtIds ? { district_ids: districtIds } : {}), password, confirmPassword: password }));
    return client(t, await t.login(email, password));
  }
  const search = async (who: Client, q: string): Promise<Group[]> => dataOf<{ groups: Group[] }>(await who.get(`/api/admin/search?q=${encodeURIComponent(q)}`)).groups;
  const group = (groups: Group[], resource: string) => groups.find((g) => g.resource === resource);

  test('finds a patient by name and phone, a CHW by CNIC, and opens them by their encrypted ids', async () => {
    expect(group(await search(api, String(chwInB.cnic).slice(0, 9)), 'chw')!.hits.map((h) => h.id)).toEqual([chwInB.encrypted_id]);
    for (const q of ['Amina', '0345111', `mina ${tag}`]) {
      const hits = group(await search(api, q), 'app-users')!.hits;
      expect(hits.map((h) => h.id)).toEqual([inA.encrypted_id]);
      expect(hits[0]).toMatchObject({ label: `Amina ${tag}`, detail: '03451112233' });
    }
    expect(dataOf(await api.get(`/api/admin/app-users/${group(await search(api, 'Amina'), 'app-users')!.hits[0]!.id}`)).id).toBe(inA.id);
  });

  test('groups people, campaigns and forms for an admin of every module; five a group and whether there are more', async () => {
    const groups = await search(api, tag);
    expect(groups.map((g) => g.resource)).toEqual(['app-users', 'doctors', 'chw', 'admins', 'campaigns', 'dynamic-forms']);
    expect(group(groups, 'app-users')).toMatchObject({ more: true });
    expect(group(groups, 'app-users')!.hits).toHaveLength(5);
    expect(group(groups, 'doctors')!.hits.map((h) => h.label)).toEqual([`Doc${tag} Sample`]);
    expect(group(groups, 'chw')!.hits.map((h) => h.id)).toEqual([chwInB.encrypted_id]);
    expect(group(groups, 'campaigns')!.hits.map((h) => h.label)).toEqual([`Campaign ${tag}`]);
    expect(group(groups, 'dynamic-forms')).toEqual({ resource: 'dynamic-forms', hits: [], more: false });
  });

  test('a group only for the modules the admin may view', async () => {
    const doctorsOnly = await adminOf([permissionName('view', 'doctor')]);
    expect((await search(doctorsOnly, tag)).map((g) => g.resource)).toEqual(['doctors']);
    const none = await adminOf([]);
    expect(await search(none, tag)).toEqual([]);
    // a signed-out caller gets nothing
    expect((await client(t, null).get(`/api/admin/search?q=${tag}`)).statusCode).toBe(401);
  });

  test("a limited admin finds only its districts' patients and CHWs; doctors serve every district", async () => {
    const limited = await adminOf([permissionName('view', 'app_user'), permissionName('view', 'chw'), permissionName('view', 'doctor'), permissionName('view', 'campaign')], [b.district_id as number]);
    const groups = await search(limited, tag);
    expect(group(groups, 'app-users')!.hits.map((h) => h.id)).toEqual([inB.encrypted_id]);
    expect(group(groups, 'chw')!.hits.map((h) => h.id)).toEqual([chwInB.encrypted_id]);
    expect(group(groups, 'doctors')!.hits).toHaveLength(1);
    expect(group(groups, 'campaigns')!.hits).toEqual([]);
    expect(group(await search(limited, '0345111'), 'app-users')!.hits).toEqual([]);
  });

  test('a term shorter than two characters finds nothing; one too long is a 422 on q; odd input is no 500', async () => {
    expect(await search(api, 'A')).toEqual([]);
    expect(await search(api, '  ')).toEqual([]);
    expect(dataOf(await api.get('/api/admin/search'))).toEqual({ q: '', groups: [] });
    expect(fieldErrors(await api.get(`/api/admin/search?q=${'x'.repeat(101)}`))).toHaveProperty('q');
    // a NUL character is refused on every text a client sends (the document's pattern)
    expect(fieldErrors(await api.get(`/api/admin/search?q=${encodeURIComponent('a\u0000b')}`))).toHaveProperty('q');
    for (const q of ['%', '"', '_a', "'; drop table users; --", '"ali" OR 1']) {
      expect((await api.get(`/api/admin/search?q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
    }
    expect((await api.get('/api/admin/search?q=ab&q=cd')).statusCode).toBe(200);
  });
});
