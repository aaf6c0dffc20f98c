import { type Kysely, Migrator } from 'kysely';
import type { Dialect } from './index';
import { migrations } from './migrations';
import type { Database } from './schema';

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
