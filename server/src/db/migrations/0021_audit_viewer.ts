import type { DialectMigration } from './helpers';

/**
 * The audit viewer (GET /audit-log) lists the log newest first, filtered by admin, by resource or by
 * date: each filter with the order has an index, so a page never sorts the whole log.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
    await db.schema.createIndex('audit_log_resource_id_idx').on('audit_log').columns(['resource', 'id']).execute();
    await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  },
  async down(db) {
    for (const name of ['audit_log_created_idx', 'audit_log_resource_id_idx', 'audit_log_actor_idx']) await db.schema.dropIndex(name).execute();
  },
};
