/**
 * Bulk import of districts, tehsils and VC areas from a CSV: a dry run lists every bad row with its
 * line and writes nothing; the real run writes all or nothing.
 */
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf, fieldErrors, multipart, type Row } from './helpers/http';

const HEADER = 'type,name,district,tehsil,lat,long';

describe.each(DIALECTS)('location import on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    const lahore = dataOf(await api.post('/api/admin/districts', { title: 'Lahore' }));
    dataOf(await api.post('/api/admin/tehsils', { title: 'Model Town', district_id: lahore.id }));
  });
  afterAll(() => t?.close());

  const counts = async () => {
    const n = async (table: string) => Number((await anyDb(t).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { districts: await n('districts'), tehsils: await n('tehsils'), areas: await n('areas'), audit: await n('audit_log') };
  };
  const send = (csv: string, dryRun: boolean, who = api) => who.post('/api/admin/locations/import', { file: csv, dry_run: dryRun });

  it('a dry run names every bad row with its line and writes nothing', async () => {
    const csv = [
      HEADER,
      'district,Mardan,,,,', // 2: fine
      'tehsil,Takht Bhai,Mardan,,,', // 3: fine (district earlier in the file)
      'vc,Lund Khwar,Mardan,Takht Bhai,34.27,71.95', // 4: fine
      'vc,Lund Khwar,Mardan,Takht Bhai,34.27,71.95', // 5: duplicate of 4
      'tehsil,Somewhere,Atlantis,,,', // 6: unknown district
      'vc,Far Away,Lahore,Model Town,134,74', // 7: bad latitude
      'vc,"Chak 5, Shumali",Lahore,Model Town,31.4,abc', // 8: bad longitude (quoted name with a comma)
      'district,Lahore,,,,', // 9: already stored
      'town,Nowhere,,,,', // 10: unknown type
      'vc,No Tehsil,Lahore,Nowhere Tehsil,31,74', // 11: unknown tehsil
      'tehsil,,Lahore,,,', // 12: no name
    ].join('\r\n');
    const before = await counts();
    const check = dataOf(await send(csv, true));
    expect(check).toMatchObject({ dry_run: true, rows: 11, districts: 1, tehsils: 1 });
    expect(check.errors.map((e: Row) => e.line)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(check.errors.find((e: Row) => e.line === 5).message).toBe('Duplicate of line 4.');
    expect(check.errors.find((e: Row) => e.line === 6).message).toBe('Unknown district "Atlantis".');
    expect(check.errors.find((e: Row) => e.line === 7).message).toMatch(/^Bad latitude "134"/);
    expect(check.errors.find((e: Row) => e.line === 8).message).toMatch(/^Bad longitude "abc"/);
    expect(check.errors.find((e: Row) => e.line === 9).message).toBe('The district "Lahore" already exists.');
    expect(check.errors.find((e: Row) => e.line === 11).message).toBe('Unknown tehsil "Nowhere Tehsil" in Lahore.');
    expect(await counts()).toEqual(before);
    // the real run of the same file: refused whole, nothing written
    const refused = await send(csv, false);
    expect(fieldErrors(refused).file).toContain('Line 5: Duplicate of line 4.');
    expect(await counts()).toEqual(before);
  });

  it('the real run writes every row in one go, reusing stored names, with one audit row; uploaded as a file too', async () => {
    const csv = [
      HEADER,
      'district,Swabi,,,,',
      'tehsil,Topi,Swabi,,,',
      'tehsil,Razar,Swabi,,,',
      'vc,"Chak 5, Shumali",Lahore,Model Town,31.4,74.3',
      'vc,Kotha,Swabi,Razar,34.1,72.4',
      'vc,Yar Hussain,Swabi,Razar,34.2,72.5',
    ].join('\n');
    const before = await counts();
    expect(dataOf(await send(csv, true)).errors).toEqual([]);
    const form = multipart({ file: { filename: 'places.csv', contentType: 'text/csv', data: Buffer.from(`\ufeff${csv}`) }, dry_run: 'false' });
    const res = await t.inject({ method: 'POST', url: '/api/admin/locations/import', token: t.rootToken, payload: form.payload, headers: form.headers });
    expect(dataOf(res)).toMatchObject({ dry_run: false, districts: 1, tehsils: 2, areas: 3 });
    expect(await counts()).toEqual({ districts: before.districts + 1, tehsils: before.tehsils + 2, areas: before.areas + 3, audit: before.audit + 1 });
    const areas = dataOf(await api.get('/api/admin/areas?search=Kotha&paginate=false')) as Row[];
    expect(areas[0]).toMatchObject({ title: 'Kotha', lat: 34.1, long: 72.4, district: { title: 'Swabi' }, tehsil: { title: 'Razar' } });
    expect((dataOf(await api.get(`/api/admin/areas?search=${encodeURIComponent('Chak 5, Shumali')}&paginate=false`)) as Row[])[0]).toMatchObject({ district: { title: 'Lahore' } });
    // the same file again: every row is now a duplicate of what is stored
    expect(dataOf(await send(csv, true)).errors).toHaveLength(6);
  });

  it('without dry_run the file is imported (only dry_run=true only checks, as README says)', async () => {
    const csv = [HEADER, 'district,Karak,,,,', 'tehsil,Banda Daud Shah,Karak,,,'].join('\n');
    const before = await counts();
    expect(dataOf(await api.post('/api/admin/locations/import', { file: csv }))).toMatchObject({ dry_run: false, districts: 1, tehsils: 1 });
    expect(await counts()).toEqual({ ...before, districts: before.districts + 1, tehsils: before.tehsils + 1, audit: before.audit + 1 });
  });

  it('an admin limited to a district adds only within it; the route needs create_location', async () => {
    const lahore = (dataOf(await api.get('/api/admin/districts?search=Lahore&paginate=false')) as Row[])[0]!;
    const role = dataOf(await api.post('/api/admin/roles', { name: 'Lahore locations', permissions: ['view_location', 'create_location'] }));
    dataOf(await api.post('/api/admin/admins', { f_name: 'Limited', email: 'lahore-loc@example.org', cnic: '3520112345671', role_id: role.id, district_ids: [lahore.id], password: 'quiet-river-stone-9', confirmPassword: 'quiet-river-stone-9' }));
    const limited = client(t, await t.login('lahore-loc@example.org', 'quiet-river-stone-9'));
    const check = dataOf(await send([HEADER, 'district,Karak,,,,', 'tehsil,Raiwind,Lahore,,,', 'tehsil,Lahor,Swabi,,,'].join('\n'), true, limited));
    expect(check.errors).toEqual([
      { line: 2, message: 'Only an admin of every district can add a district.' },
      { line: 4, message: 'The district "Swabi" is not one of yours.' },
    ]);
    expect(dataOf(await send([HEADER, 'tehsil,Raiwind,Lahore,,,'].join('\n'), false, limited)).tehsils).toBe(1);
    const viewer = client(t, (await import('./helpers/app').then((m) => m.adminWith(t, ['view_location']))).token);
    expect((await send(`${HEADER}\n`, true, viewer)).statusCode).toBe(403);
    expect(dataOf(await send('name,district\nx,y', true)).errors).toEqual([{ line: 1, message: 'The first line must name the columns: type,name,district,tehsil,lat,long.' }]);
    expect(fieldErrors(await send('', true))).toEqual({ file: ['Please choose a CSV file.'] });
  });
});
