import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * Every record that hangs off a person with a place keeps to an admin's districts (patients by their
 * district, their family, clinical records, appointments, feedback and support):
 * - a patient's district is looked up from the profile for every such list of a limited admin: an index;
 * - a notification sent by an admin limited to some districts reaches only the people and admins of
 *   those districts, also when another server carries the send on: the send keeps them (`district_ids`);
 * - pages and FAQs are guarded by their own modules (they were the CHWs'): roles that could write them
 *   through the CHW permissions keep that through `*_page` and `*_faq`.
 */
const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;

export const migration: DialectMigration = {
  async up(db) {
    await db.schema.createIndex('patient_profiles_district_idx').on('patient_profiles').columns(['district_id', 'id']).execute();
    await db.schema.alterTable('sent_notifications').addColumn('district_ids', 'text').execute();
    for (const module of ['page', 'faq']) {
      for (const action of ACTIONS) {
        await sql`INSERT INTO role_permissions (role_id, permission)
          SELECT role_id, ${`${action}_${module}`} FROM role_permissions p WHERE p.permission = ${`${action}_chw`}
          AND NOT EXISTS (SELECT 1 FROM role_permissions q WHERE q.role_id = p.role_id AND q.permission = ${`${action}_${module}`})`.execute(db);
      }
    }
  },
  async down(db) {
    await db.deleteFrom('role_permissions').where('permission', 'in', ACTIONS.map((a) => `${a}_page`)).execute();
    await db.schema.alterTable('sent_notifications').dropColumn('district_ids').execute();
    await db.schema.dropIndex('patient_profiles_district_idx').execute();
  },
};
