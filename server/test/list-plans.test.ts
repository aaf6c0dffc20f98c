import type { FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { buildListQuery } from '../src/http/list';
import { registry } from '../src/resources/registry';
import { startTestApp, type TestApp } from './helpers/app';

/**
 * Every list opens in its declaration's default order (the console's list asks for the same one), and
 * its first page must come from an index in that order, never from sorting the whole table: over
 * 30,000 medical histories that sort cost 4 ms a page (migration 0025). SQLite's plan shows it
 * whatever the data; PostgreSQL's planner would sort the few rows of a test database anyway, so the
 * plans are read on SQLite, and migration 0025 makes the same indexes on both.
 */
describe('list plans (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  const request = { query: {}, admin: null } as unknown as FastifyRequest;
  const planOf = async (def: (typeof registry.resources)[number], which: 'ordered' | 'reversed' = 'ordered'): Promise<string> => {
    const built = buildListQuery(t.app.ctx, def, {}, request);
    const page = (which === 'ordered' ? built.ordered : built.reversed()).limit(25).offset(0).compile();
    const { rows } = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${page.sql}`, [...page.parameters]));
    return rows.map((r) => r.detail).join(' | ');
  };

  test.each(registry.resources.map((def) => [def.name, def] as const))('%s: the first page walks an index in the list\'s order', async (_name, def) => {
    const plan = await planOf(def);
    expect(plan).not.toContain('TEMP B-TREE');
    // a scan is the walk along the order, by an index or the table's own id order
    if (plan.startsWith('SCAN')) expect(plan === `SCAN ${def.table}` ? def.defaultSort.field : plan).toMatch(/^(id|SCAN \S+ USING (COVERING )?INDEX .*)$/);
  });

  // a page past the middle is read from the far end (http/crud.ts readPage): that walk must be an index's too
  test.each(registry.resources.map((def) => [def.name, def] as const))('%s: a page read from the far end walks the same index backwards', async (_name, def) => {
    const plan = await planOf(def, 'reversed');
    expect(plan).not.toContain('TEMP B-TREE');
    expect(plan).toBe(await planOf(def));
  });

  test('the check sees a sort: without its index, the tasks list sorts the whole table', async () => {
    const tasks = registry.byName.get('tasks')!;
    await t.db.db.schema.dropIndex('tasks_created_idx').execute();
    try {
      expect(await planOf(tasks)).toContain('USE TEMP B-TREE FOR ORDER BY');
    } finally {
      await t.db.db.schema.createIndex('tasks_created_idx').on('tasks').columns(['created_at', 'id']).execute();
    }
    expect(await planOf(tasks)).not.toContain('TEMP B-TREE');
  });
});
