import { sql } from 'kysely';
import type { Presented } from '../src/http/resource';
import { KEYS_FIRST_FROM } from '../src/http/crud';
import { registry } from '../src/resources/registry';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, type Client, dataOf, sampler } from './helpers/http';

jest.setTimeout(180_000);

/**
 * A page past the middle of a list is read from its far end in the opposite order and turned round
 * (http/crud.ts `readPage`), so page 3,600 of 4,000 does not walk 90,000 rows. The pages must be the
 * ones the forward walk gives: every page of a list, in both orders, sorted by a column with ties and
 * with empty values (where NULLs go differs between the dialects), against the whole list read at once.
 * And a searched list whose search is all that narrows it takes its total from the full-text index
 * alone (`searchCount`): the total must be the matching rows, through inserts, renames, a change of
 * kind (a patient becoming a family member) and deletes.
 */
describe.each(DIALECTS)('deep pages and search totals (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let samples: ReturnType<typeof sampler>;
  const tag = `Deeppage${dialect}`;
  const def = (name: string) => registry.byName.get(name as never)!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    samples = sampler(api);
    // eleven patients sharing a tag, with only three distinct last names and some without one
    for (let i = 0; i < 11; i++) {
      const body = { ...(await samples.sampleOf(def('app-users'))), f_name: `${tag}${String.fromCharCode(97 + i)}`, l_name: i % 4 === 3 ? null : ['Zeta', 'Alpha', 'Mid'][i % 3] };
      dataOf<Presented>(await api.post('/api/admin/app-users', body));
    }
  });
  afterAll(() => t?.close());

  const ids = (rows: unknown) => (rows as Presented[]).map((r) => r.id);

  test.each([
    ['l_name', 'asc'],
    ['l_name', 'desc'],
    ['created_at', 'desc'],
    ['f_name', 'asc'],
  ])('every page sorted by %s %s is the slice of the whole list', async (sort, order) => {
    // unsearched (the kept total) and searched (the counted total): both read deep pages from the end
    for (const filter of ['', `&search=${tag}`]) {
      const all = ids(dataOf(await api.get(`/api/admin/app-users?paginate=false&sort=${sort}&order=${order}${filter}`)));
      const total = all.length;
      expect(total).toBeGreaterThanOrEqual(11);
      const perPage = filter ? 2 : Math.max(2, Math.ceil(total / 7));
      const pages = Math.ceil(total / perPage);
      const seen: unknown[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const body = dataOf(await api.get(`/api/admin/app-users?page=${page}&per_page=${perPage}&sort=${sort}&order=${order}${filter}`)) as { data: Presented[]; total: number };
        expect(body.total).toBe(total);
        expect(ids(body.data)).toEqual(all.slice((page - 1) * perPage, page * perPage));
        seen.push(...ids(body.data));
      }
      expect(seen).toEqual(all);
    }
  });

  test(`a page ${KEYS_FIRST_FROM} pages or more from both ends is found by its ids first, and is the same slice`, async () => {
    // enough patients of the tag for pages of one that far from either end
    const have = ids(dataOf(await api.get(`/api/admin/app-users?paginate=false&search=${tag}`))).length;
    const perPage = 2;
    for (let i = have; i < 2 * KEYS_FIRST_FROM * perPage + 3; i++) {
      dataOf<Presented>(await api.post('/api/admin/app-users', { ...(await samples.sampleOf(def('app-users'))), f_name: `${tag}k${i}`, l_name: i % 2 ? 'Alpha' : null }));
    }
    for (const [sort, order] of [['created_at', 'desc'], ['l_name', 'asc'], ['f_name', 'desc']] as const) {
      const all = ids(dataOf(await api.get(`/api/admin/app-users?paginate=false&sort=${sort}&order=${order}`)));
      // every query a builder runs goes through the executor (Kysely's own executeQuery is for compiled ones)
      const byKeys = jest.spyOn(t.db.db.getExecutor(), 'executeQuery');
      try {
        let far = 0;
        for (let page = 1; page <= Math.ceil(all.length / perPage); page++) {
          const body = dataOf(await api.get(`/api/admin/app-users?page=${page}&per_page=${perPage}&sort=${sort}&order=${order}`)) as { data: Presented[] };
          expect([sort, order, page, ids(body.data)]).toEqual([sort, order, page, all.slice((page - 1) * perPage, page * perPage)]);
          const skipped = (page - 1) * perPage;
          if (Math.min(skipped, all.length - skipped - perPage) >= KEYS_FIRST_FROM * perPage) far++;
        }
        // the pages far from both ends went by their ids (PostgreSQL `= any(array(…))`, SQLite `in (…)`), the others not
        const keyed = byKeys.mock.calls.filter(([q]) => /"id" (= any\(array\(|in \()select "id" from "users"/.test((q as { sql: string }).sql)).length;
        expect([sort, order, far > 0, keyed]).toEqual([sort, order, true, far]);
      } finally {
        byKeys.mockRestore();
      }
    }
  });

  test('a search\'s total follows the rows: created, renamed, moved to another kind, deleted', async () => {
    const word = `Qxv${dialect}`;
    const total = async (resource: string) => (dataOf(await api.get(`/api/admin/${resource}?search=${word}`)) as { total: number; data: Presented[] });
    expect((await total('app-users')).total).toBe(0);
    const made: Presented[] = [];
    for (let i = 0; i < 3; i++) made.push(dataOf<Presented>(await api.post('/api/admin/app-users', { ...(await samples.sampleOf(def('app-users'))), f_name: `${word}${i}` })));
    expect((await total('app-users')).total).toBe(3);
    expect((await total('app-users')).data.map((r) => r.f_name).sort()).toEqual([`${word}0`, `${word}1`, `${word}2`]);
    // the CHWs' own index does not hold patients
    expect((await total('chw')).total).toBe(0);
    // renamed away through the API
    const first = made[0]!;
    dataOf(await api.put(`/api/admin/app-users/${encodeURIComponent(String(first.encrypted_id))}`, { ...(await samples.sampleOf(def('app-users'))), f_name: 'Renamed' }));
    expect((await total('app-users')).total).toBe(2);
    // a patient who becomes a family member (no route does this; the database may be changed by hand)
    const second = made[1]!;
    await sql`UPDATE users SET type = 'family' WHERE id = ${second.id as number}`.execute(t.db.db);
    expect((await total('app-users')).total).toBe(1);
    expect((await total('family-members')).total).toBe(1);
    await sql`UPDATE users SET type = 'patient' WHERE id = ${second.id as number}`.execute(t.db.db);
    expect((await total('app-users')).total).toBe(2);
    expect((await total('family-members')).total).toBe(0);
    // deleted
    const third = made[2]!;
    expect((await api.del(`/api/admin/app-users/${encodeURIComponent(String(third.encrypted_id))}`)).statusCode).toBeLessThan(300);
    const left = await total('app-users');
    expect([left.total, left.data.map((r) => r.id)]).toEqual([1, [second.id]]);
  });
});
