import { type Kysely, Migrator } from 'kysely';
import type { Dialect } from './index';
import { migrations } from './migrations';
import { uniqueTitleIndexes } from './migrations/0031_unique_titles';
import { FORM_TITLES } from './migrations/0036_unique_form_titles';
import type { Database } from './schema';

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const ran = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // titles that were duplicates when their unique index was due (migrations 0031 and 0036): looked at
  // again on each start, so the index is added once they are resolved, and the rest is logged again until then
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const reported = new Set((await untyped.selectFrom('duplicate_titles').select('table_name').distinct().execute()).map((r) => String(r.table_name)));
  if (!ran.includes('0031_unique_titles') && [...reported].some((table) => !FORM_TITLES.some((f) => f.table === table))) await uniqueTitleIndexes(untyped);
  if (!ran.includes('0036_unique_form_titles') && FORM_TITLES.some((f) => reported.has(f.table))) await uniqueTitleIndexes(untyped, undefined, FORM_TITLES);
  return ran;
}
