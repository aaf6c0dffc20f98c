import { sql } from 'kysely';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { client, dataOf, sampler } from './helpers/http';
import { RESOURCE_DEFS } from '../src/resources/registry';

/** The column a subset counter (`users:patient`) counts by, from the declaration that has that subset. */
const subsetColumn = (table: string, value: string) => RESOURCE_DEFS.find((d) => d.table === table && d.subset?.value === value)?.subset?.column ?? 'type';

// a bulk insert and counts of every table: allow for a busy machine
jest.setTimeout(90_000);

describe.each(DIALECTS)('trigger-kept row counts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  /** count(*) of a table, or of the rows of a subset (`users:patient`) */
  const countOf = (key: string) => {
    const [table, value] = key.split(':') as [string, string | undefined];
    return value === undefined
      ? sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db.db)
      : sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(subsetColumn(table, value))} = ${value}`.execute(t.db.db);
  };

  const exact = async () => {
    const counted = await t.db.db.selectFrom('row_counts').selectAll().execute();
    const actual = await Promise.all(counted.map(async (c) => ({
      table_name: c.table_name,
      n: Number((await countOf(c.table_name)).rows[0]!.n),
    })));
    return { counted: counted.map((c) => ({ ...c, n: Number(c.n) })), actual };
  };

  test('match count(*) after API writes, bulk inserts and deletes, and give the unfiltered list total', async () => {
    const api = client(t);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(dataOf(await api.post('/api/admin/cities', { title: `Town ${i}` })));
    dataOf(await api.del(`/api/admin/cities/${made[0].encrypted_id}`));
    const stamp = new Date().toISOString();
    await t.db.db.insertInto('cities').values(Array.from({ length: 40 }, (_, i) => ({ title: `Bulk ${i}`, created_at: stamp, updated_at: stamp }))).execute();
    await t.db.db.deleteFrom('cities').where('title', 'like', 'Bulk 1%').execute();
    // subsets of one table: patients, family members and CHWs are rows of users, each counted on its own
    const { ref } = sampler(api);
    const family = await ref('family-members');
    await ref('chw');
    dataOf(await api.del(`/api/admin/family-members/${family.encrypted_id}`));

    const { counted, actual } = await exact();
    expect(counted.length).toBeGreaterThanOrEqual(9);
    expect(counted.sort((a, b) => a.table_name.localeCompare(b.table_name))).toEqual(actual.sort((a, b) => a.table_name.localeCompare(b.table_name)));
    const cities = actual.find((a) => a.table_name === 'cities')!.n;
    expect(dataOf(await api.get('/api/admin/cities?per_page=5')).total).toBe(cities);
    for (const [resource, key] of [['app-users', 'users:patient'], ['family-members', 'users:family'], ['chw', 'users:chw']]) {
      const n = actual.find((a) => a.table_name === key)!.n;
      expect([resource, dataOf(await api.get(`/api/admin/${resource}?per_page=5`)).total]).toEqual([resource, n]);
    }
    expect(actual.find((a) => a.table_name === 'users:family')!.n).toBe(0);
    expect(actual.find((a) => a.table_name === 'users:patient')!.n).toBe(1);
    // a filtered list still counts its own rows
    expect(dataOf(await api.get('/api/admin/cities?search=Town')).total).toBe(4);
  });
});
