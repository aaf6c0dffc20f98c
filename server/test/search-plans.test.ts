import { countFromMatches, matchesFirst } from '../src/http/crud';
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
