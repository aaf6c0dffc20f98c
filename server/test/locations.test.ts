/** Districts, tehsils and VC areas: what holds them together, on both dialects. */
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf, fieldErrors, type Row } from './helpers/http';

describe.each(DIALECTS)('locations (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
  });
  afterAll(() => t?.close());

  const district = async (): Promise<Row> => dataOf(await api.post('/api/admin/districts', { title: `District ${++n}` }));
  const tehsil = async (d: Row): Promise<Row> => dataOf(await api.post('/api/admin/tehsils', { title: `Tehsil ${++n}`, district_id: d.id }));
  const areaBody = (d: Row, th: Row) => ({ title: `VC ${++n}`, district_id: d.id, tehsil_id: th.id, lat: 31.52, long: 74.35 });
  const area = async (d: Row, th: Row): Promise<Row> => dataOf(await api.post('/api/admin/areas', areaBody(d, th)));
  const counts = async () => {
    const db = anyDb(t);
    const count = async (table: string) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { districts: await count('districts'), tehsils: await count('tehsils'), areas: await count('areas') };
  };

  it('refuses to delete a district still used by tehsils and VC areas: 409 naming the counts, nothing deleted', async () => {
    const d = await district();
    const [t1, t2] = [await tehsil(d), await tehsil(d)];
    await area(d, t1!);
    const before = await counts();

    const res = await api.del(`/api/admin/districts/${d.encrypted_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(d.title);
    expect(res.json().message).toContain('2 tehsils');
    expect(res.json().message).toContain('1 VC area');
    // and the same as codes for a client's own language: the record's resource, each count by its kind
    expect(res.json()).toMatchObject({ code: 'record_in_use', values: { resource: 'districts', label: d.title, uses: [{ noun: 'tehsil', count: 2 }, { noun: 'vc_area', count: 1 }] } });
    expect(await counts()).toEqual(before);
    expect(dataOf(await api.get(`/api/admin/districts/${d.encrypted_id}`))).toEqual(d);

    // with the areas gone, only the tehsils are named; with those gone too, the delete goes through
    const areas = dataOf(await api.get(`/api/admin/areas?district_id=${d.id}&paginate=false`)) as Row[];
    for (const a of areas) dataOf(await api.del(`/api/admin/areas/${a.encrypted_id}`));
    await api.del(`/api/admin/tehsils/${t2!.encrypted_id}`);
    const once = await api.del(`/api/admin/districts/${d.encrypted_id}`);
    expect(once.statusCode).toBe(409);
    expect(once.json().message).toContain('1 tehsil.');
    expect(once.json().message).not.toContain('VC area');
    dataOf(await api.del(`/api/admin/tehsils/${t1!.encrypted_id}`));
    dataOf(await api.del(`/api/admin/districts/${d.encrypted_id}`));
    expect((await api.get(`/api/admin/districts/${d.encrypted_id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a tehsil still used by VC areas: 409, nothing deleted', async () => {
    const d = await district();
    const th = await tehsil(d);
    await area(d, th);
    await area(d, th);
    const before = await counts();
    const res = await api.del(`/api/admin/tehsils/${th.encrypted_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('2 VC areas');
    expect(await counts()).toEqual(before);
  });

  it('refuses an area whose tehsil belongs to another district: 422 on tehsil_id, on create and on update', async () => {
    const [dA, dB] = [await district(), await district()];
    const [tA, tB] = [await tehsil(dA), await tehsil(dB)];
    const before = await counts();

    const mismatch = fieldErrors(await api.post('/api/admin/areas', areaBody(dA, tB)));
    expect(mismatch).toEqual({ tehsil_id: ['The tehsil must belong to the chosen district.'] });
    const unknown = fieldErrors(await api.post('/api/admin/areas', { ...areaBody(dA, tA), tehsil_id: 999999, district_id: 999998 }));
    expect(unknown).toEqual({ district_id: ['Please select a district.'], tehsil_id: ['Please select a tehsil.'] });
    expect(await counts()).toEqual(before);

    const a = await area(dA, tA);
    const url = `/api/admin/areas/${a.encrypted_id}`;
    expect(fieldErrors(await api.put(url, { district_id: dB.id }))).toHaveProperty('tehsil_id');
    expect(fieldErrors(await api.put(url, { tehsil_id: tB.id }))).toHaveProperty('tehsil_id');
    expect(dataOf(await api.get(url))).toEqual(a);
    const moved = dataOf(await api.put(url, { district_id: dB.id, tehsil_id: tB.id }));
    expect(moved).toMatchObject({ district_id: dB.id, tehsil_id: tB.id, district: { id: dB.id, title: dB.title }, tehsil: { id: tB.id, title: tB.title } });
  });

  it('refuses a tehsil of an unknown district: 422 on district_id', async () => {
    const before = await counts();
    expect(fieldErrors(await api.post('/api/admin/tehsils', { title: 'Nowhere', district_id: 999999 }))).toEqual({ district_id: ['Please select a district.'] });
    expect(await counts()).toEqual(before);
  });

  it('filters tehsils by district_id (paged and unpaged); a non-number filter is a 422', async () => {
    const [dA, dB, empty] = [await district(), await district(), await district()];
    const inA = [await tehsil(dA), await tehsil(dA), await tehsil(dA)];
    await tehsil(dB);

    const unpaged = dataOf(await api.get(`/api/admin/tehsils?district_id=${dA.id}&paginate=false`)) as Row[];
    expect(unpaged.map((r) => r.id).sort()).toEqual(inA.map((r) => r.id).sort());
    for (const r of unpaged) expect(r.district).toEqual({ id: dA.id, encrypted_id: dA.encrypted_id, title: dA.title });
    const paged = dataOf(await api.get(`/api/admin/tehsils?district_id=${dA.id}&per_page=2`));
    expect(paged).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.next_page_url).toContain(`district_id=${dA.id}`);
    expect(dataOf(await api.get(`/api/admin/tehsils?district_id=${empty.id}&paginate=false`))).toEqual([]);
    expect(fieldErrors(await api.get('/api/admin/tehsils?district_id=abc'))).toHaveProperty('district_id');
  });

  it('filters areas by district_id and tehsil_id together', async () => {
    const d = await district();
    const [t1, t2] = [await tehsil(d), await tehsil(d)];
    const a1 = await area(d, t1);
    const a2 = await area(d, t2);
    const ids = async (q: string) => (dataOf(await api.get(`/api/admin/areas?paginate=false&${q}`)) as Row[]).map((r) => r.id).sort();
    expect(await ids(`district_id=${d.id}`)).toEqual([a1.id, a2.id].sort());
    expect(await ids(`district_id=${d.id}&tehsil_id=${t2.id}`)).toEqual([a2.id]);
    expect(await ids(`tehsil_id=${t1.id}`)).toEqual([a1.id]);
  });
});
