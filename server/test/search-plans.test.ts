import { sql } from 'kysely';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { countFromMatches, matchesFirst, walkByText } from '../src/http/crud';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, dataOf, type Row, sampler } from './helpers/http';

/**
 * A searched list is counted and paged by whichever plan costs less for that many matches (http/crud/list.ts,
 * ListPlan in http/list.ts). Whatever the plans, the pages and the total are the same.
 */
describe('choosing a searched page\'s plan', () => {
  test('few matches among many rows: from the matches; many: along the list\'s order', () => {
    expect(matchesFirst(3, 25, 100_000)).toBe(true);
    expect(matchesFirst(300, 25, 100_000)).toBe(true);
    expect(matchesFirst(2_000, 25, 100_000)).toBe(false);
    // a deep page of a common term walks far along the order: from the matches again
    expect(matchesFirst(2_000, 2_000, 100_000)).toBe(true);
    expect(matchesFirst(5, 25, null)).toBe(false);
  });

  test('a common term\'s first pages among many rows: walked testing each row\'s text', () => {
    // "ali" among a million patients: 50,065 matches; the first page walks about 500 rows, the tenth 5,000
    expect(walkByText(50_065, 25, 1_000_000, 'ali')).toBe(true);
    expect(walkByText(50_065, 250, 1_000_000, 'ali')).toBe(true);
    expect(walkByText(50_065, 1_000, 1_000_000, 'ali')).toBe(true);
    // deeper, the walk grows past what collecting the matches costs
    expect(walkByText(50_065, 1_500, 1_000_000, 'ali')).toBe(false);
    // a longer term costs more a match to collect: "khan" (19,981), its third page too
    expect(walkByText(19_981, 75, 1_000_000, 'khan')).toBe(true);
    expect(walkByText(19_981, 250, 1_000_000, 'khan')).toBe(true);
    expect(walkByText(19_981, 500, 1_000_000, 'khan')).toBe(false);
    // among 100,000: "khan" (2,037 matches) walks about 1,200 rows for its first page, 4,900 for its fourth
    expect(walkByText(2_037, 25, 100_000, 'khan')).toBe(true);
    expect(walkByText(2_037, 100, 100_000, 'khan')).toBe(false);
    expect(walkByText(50, 25, null, 'ali')).toBe(false);
  });

  test('a count from the matches up to about one row in 28; beyond, along the subset\'s index', () => {
    expect(countFromMatches(2_000, 100_000)).toBe(true);
    expect(countFromMatches(5_000, 100_000)).toBe(false);
    expect(countFromMatches(10, null)).toBe(true);
  });
});

describe.each(DIALECTS)('searched patient lists on %s', (dialect) => {
  let t: TestApp;
  const people: { id: number; f_name: string; created_at: string; type: string }[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    // 400 people: patients and family members, "Common" in 200 names, "Rarest" in 3, spread in time
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 400 }, (_, i) => ({
      type: i % 4 === 3 ? 'family' : 'patient',
      f_name: `${i % 2 ? 'Common' : 'Other'}${i % 133 === 0 ? ' Rarest' : ''} ${i}`,
      email: `plan${i}@example.org`,
      status: 1,
      created_at: new Date(base + ((i * 7919) % 400) * 60_000).toISOString(),
      updated_at: new Date(base).toISOString(),
    }));
    const inserted = await t.db.db.insertInto('users').values(rows).returning(['id', 'f_name', 'created_at', 'type']).execute();
    people.push(...inserted);
  });
  afterAll(() => t.close());

  /** What the list must answer: the patients whose name has the term, newest first (id breaks ties). */
  const expected = (term: string) =>
    people
      .filter((p) => p.type === 'patient' && p.f_name.toLowerCase().includes(term.toLowerCase()))
      .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      .map((p) => p.id);

  // "Other" matches two patients in three: its second count (the next page) goes along the index
  test.each(['Common', 'rarest', 'Other 1', 'Other', 'nothing-like-it'])('"%s": every page and the total', async (term) => {
    const api = client(t);
    const want = expected(term);
    const got: number[] = [];
    for (let page = 1; page <= Math.max(1, Math.ceil(want.length / 25)) + 1; page++) {
      const body = dataOf(await api.get(`/api/admin/app-users?search=${encodeURIComponent(term)}&sort=created_at&order=desc&page=${page}&per_page=25`));
      expect(body.total).toBe(want.length);
      got.push(...body.data.map((r: { id: number }) => r.id));
    }
    expect(got).toEqual(want);
  });
});

/**
 * On SQLite a common term's first pages are walked testing each row's text by LIKE (`walkMatches`), the
 * rest from the full-text index's matches. LIKE folds only ASCII letters; FTS5 folds the Kelvin sign (K) to
 * k too, so a row spelled with it is among the index's matches and must be on the walked page as well.
 */
describe('a searched page walked by text on sqlite', () => {
  let t: TestApp;
  const people: { id: number; f_name: string; created_at: string }[] = [];
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    // 2,000 patients, half of them "Kappa": the first two pages of "kappa" are walked by text (walkByText)
    const base = Date.parse('2026-01-01T00:00:00Z');
    const names = (i: number) => (i % 2 ? `Kappa ${i}` : `Other ${i}`);
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      type: 'patient',
      // the newest rows are spelled with the Kelvin sign, and one in ten written with other non-ASCII letters too
      f_name: i >= 1_990 ? `\u212Aappa ${i}` : i % 10 === 1 ? `Kappa Ünal ${i}` : names(i),
      email: `walk${i}@example.org`,
      status: 1,
      created_at: new Date(base + i * 60_000).toISOString(),
      updated_at: new Date(base).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) people.push(...(await t.db.db.insertInto('users').values(rows.slice(i, i + 500)).returning(['id', 'f_name', 'created_at']).execute()));
  });
  afterAll(() => t.close());

  test.each(['desc', 'asc'])('"kappa" in %s order: every page and the total, the Kelvin sign\'s rows included', async (order) => {
    const want = people
      .filter((p) => p.f_name.toLowerCase().includes('kappa'))
      .sort((a, b) => (a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1))
      .map((p) => p.id);
    if (order === 'desc') want.reverse();
    expect(want.length).toBe(1_000 + 5); // 995 odd rows below 1,990 and the ten newest
    expect(walkByText(want.length, 25, 2_000, 'kappa')).toBe(true);
    const api = client(t);
    const got: number[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 25); page++) {
      const body = dataOf(await api.get(`/api/admin/app-users?search=kappa&sort=created_at&order=${order}&page=${page}&per_page=25`));
      expect(body.total).toBe(want.length);
      got.push(...body.data.map((r: { id: number }) => r.id));
    }
    expect(got).toEqual(want);
  });

  test('the app bar\'s search walks the same way: its patients are the five newest, spelled with the Kelvin sign', async () => {
    expect(walkByText(1_005, 6, 2_000, 'kappa')).toBe(true);
    const body = dataOf(await client(t).get('/api/admin/search?q=kappa'));
    const patients = body.groups.find((g: { resource: string }) => g.resource === 'app-users');
    expect(patients.hits.map((h: { label: string }) => h.label)).toEqual([1999, 1998, 1997, 1996, 1995].map((i) => `\u212Aappa ${i}`));
    expect(patients.more).toBe(true);
  });
});

/**
 * A searched list narrowed by more than its search (a district-limited admin, a filter of the record's own
 * columns, a filter through a related table), sorted and paged: whichever plan each page takes (from the
 * matches, walked by text, walked by ids; its districts and related records looked up row by row on
 * SQLite), every page and the total are those of a plain LIKE scan of the same rows.
 */
describe.each(DIALECTS)('a narrowed, sorted, paged search on %s', (dialect) => {
  let t: TestApp;
  let limited: ReturnType<typeof client>;
  /** two districts (A and B, each with a tehsil) the admin is limited to, and one (C) it is not */
  let places: Row[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const api = client(t);
    const samples = sampler(api);
    places = [await samples.ref('tehsils'), await samples.ref('tehsils'), await samples.ref('tehsils')];
    const role = dataOf(await api.post('/api/admin/roles', { name: 'Searching in two districts', permissions: ALL_PERMISSIONS }));
    const password = 'quiet-river-stone-9';
    dataOf(await api.post('/api/admin/admins', { f_name: 'Scoped', l_name: 'Searcher', email: 'scoped-searcher@example.org', cnic: '3520112345671', role_id: role.id, district_ids: [places[0]!.district_id, places[1]!.district_id], password, confirmPassword: password }));
    limited = client(t, await t.login('scoped-searcher@example.org', password));
    // 900 patients: "Common" in two names of three, "Rarest" in a few, "ali" in a family name of five;
    // genders in turn; in A, B, C or nowhere; many sharing a first name and a time (the order's ties)
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 900 }, (_, i) => ({
      type: 'patient',
      f_name: `${i % 3 ? 'Common' : 'Other'}${i % 97 === 0 ? ' Rarest' : ''} ${i % 40}`,
      l_name: i % 5 === 0 ? 'Alikhan' : 'Shah',
      email: `narrowed${i}@example.org`,
      gender: ['male', 'female', 'transgender'][Math.floor(i / 3) % 3]!,
      status: 1,
      created_at: new Date(base + ((i * 7919) % 300) * 60_000).toISOString(),
      updated_at: new Date(base).toISOString(),
    }));
    const db = anyDb(t);
    for (let i = 0; i < rows.length; i += 300) {
      const inserted = await db.insertInto('users').values(rows.slice(i, i + 300)).returning('id').execute();
      await db.insertInto('patient_profiles').values(inserted.map(({ id }: { id: number }, k: number) => {
        const place = (i + k) % 7 === 6 ? null : places[Math.floor((i + k) / 9) % 3]!;
        return { id, district_id: place?.district_id ?? null, tehsil_id: place?.id ?? null, blood_group: (i + k) % 2 ? 'A+' : 'O-' };
      })).execute();
    }
  });
  afterAll(() => t?.close());

  /** The plain scan: every patient of the admin's districts whose joined text holds the term, by LIKE, with the filters, in the list's order. */
  async function scanned(term: string, where: { gender?: string; tehsil?: Row; blood?: string }, sort: 'f_name' | 'created_at', order: 'asc' | 'desc'): Promise<number[]> {
    const text = sql`lower(coalesce(u.email, '') || ' ' || coalesce(u.f_name, '') || ' ' || coalesce(u.l_name, '') || ' ' || coalesce(u.phone_no, '') || ' ' || coalesce(u.cnic, ''))`;
    let q = anyDb(t).selectFrom('users as u').innerJoin('patient_profiles as p', 'p.id', 'u.id').select('u.id')
      .where('u.type', '=', 'patient')
      .where('p.district_id', 'in', [places[0]!.district_id, places[1]!.district_id])
      .where(sql<boolean>`${text} like ${`%${term.toLowerCase()}%`}`);
    if (where.gender) q = q.where('u.gender', '=', where.gender);
    if (where.tehsil) q = q.where('p.tehsil_id', '=', where.tehsil.id);
    if (where.blood) q = q.where('p.blood_group', '=', where.blood);
    const rows = await q.orderBy(`u.${sort}`, order).orderBy('u.id', order).execute();
    return rows.map((r: { id: number }) => r.id);
  }

  test.each([
    ['common', { gender: 'female' }, 'created_at', 'desc'],
    ['common', { tehsil: 0 }, 'f_name', 'asc'],
    ['ali', { blood: 'A+' }, 'created_at', 'asc'],
    ['ali', {}, 'f_name', 'desc'],
    ['rarest', { gender: 'male' }, 'created_at', 'desc'],
    ['Common 1', { tehsil: 1, gender: 'transgender' }, 'f_name', 'desc'],
  ] as const)('"%s" with %j by %s %s: every page and the total', async (term, filters, sort, order) => {
    const tehsil = 'tehsil' in filters ? places[filters.tehsil]! : undefined;
    const want = await scanned(term, { gender: 'gender' in filters ? filters.gender : undefined, tehsil, blood: 'blood' in filters ? filters.blood : undefined }, sort, order);
    expect(want.length).toBeGreaterThan(0);
    const params = new URLSearchParams({ search: term, sort, order, per_page: '10' });
    if ('gender' in filters) params.set('gender', filters.gender);
    if (tehsil) params.set('tehsil_id', String(tehsil.id));
    if ('blood' in filters) params.set('blood_group', filters.blood);
    // page 2 first (its count and plan with nothing remembered), then every page in turn, then page 2 again
    const pages = Math.max(1, Math.ceil(want.length / 10));
    for (const page of [2, ...Array.from({ length: pages + 1 }, (_, i) => i + 1), 2]) {
      params.set('page', String(page));
      const body = dataOf(await limited.get(`/api/admin/app-users?${params.toString()}`));
      expect(body.total).toBe(want.length);
      const ids = body.data.map((r: { id: number }) => r.id);
      expect(ids).toEqual(want.slice((page - 1) * 10, page * 10));
    }
  });
});
