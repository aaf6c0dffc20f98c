import { countFromMatches, matchesFirst, walkByText } from '../src/http/crud';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf } from './helpers/http';

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
