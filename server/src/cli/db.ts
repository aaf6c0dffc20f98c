import { loadConfig } from '../config';
import { createDb } from '../db/index';
import { migrateToLatest } from '../db/migrate';
import { seedBase } from '../seeds/base';

/** `npm run migrate`: bring the configured database to the latest schema and seed reference data. */
async function main() {
  const config = loadConfig();
  const database = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db, database.dialect);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database already up to date.');
    const seed = await seedBase(database, config);
    if (seed.generatedPassword) console.log(`First super admin ${seed.adminEmail}, password: ${seed.generatedPassword} (shown once)`);
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
