import type { DialectMigration } from './helpers';
import { idColumn, notNull } from './helpers';

/**
 * One counter per throttled key ("login:<email>", "login-ip:<address>", ...), counted up in a single
 * upsert so that parallel requests cannot all read "0 failures" (services/throttle.ts). Replaces the
 * per-failure rows of login_failures, whose check and insert were two statements.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', notNull)
      .addColumn('window_start', 'text', notNull)
      .execute();
    await db.schema.createIndex('throttle_window_idx').on('throttle').column('window_start').execute();
    await db.schema.dropTable('login_failures').execute();
  },
  async down(db, dialect) {
    await db.schema.dropTable('throttle').execute();
    await idColumn(db.schema.createTable('login_failures'), dialect)
      .addColumn('email', 'text', notNull)
      .addColumn('ip', 'text', notNull)
      .addColumn('at', 'text', notNull)
      .execute();
    await db.schema.createIndex('login_failures_key_idx').on('login_failures').columns(['email', 'ip', 'at']).execute();
  },
};
