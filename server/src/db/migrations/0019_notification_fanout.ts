import { sql } from 'kysely';
import { type DialectMigration, idColumn, notNull } from './helpers';

/**
 * Sending to doctors and patients, and sending to many without holding the request open:
 *
 * - `user_notifications`: each field user's own copy (the inbox the field apps read).
 * - `sent_notifications` gains the fan-out's progress: `status` (sending | sent), `delivered` (copies
 *   stored so far; `recipients` is the audience counted when it was sent), `cursor` (the last
 *   recipient id done: a restarted server carries on from there) and `claimed_at` (a lease, so that
 *   of two servers on one database only one works on a send at a time).
 * - one copy per recipient and send (unique), so a batch done twice stores nothing twice.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await idColumn(db.schema.createTable('user_notifications'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('data', 'text')
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sent_notification_id', 'integer', (c) => c.references('sent_notifications.id').onDelete('set null'))
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('user_notifications_user_idx').on('user_notifications').columns(['user_id', 'is_read', 'id']).execute();
    await db.schema.createIndex('user_notifications_once_idx').on('user_notifications').columns(['sent_notification_id', 'user_id']).unique().execute();
    await db.schema.createIndex('admin_notifications_once_idx').on('admin_notifications').columns(['sent_notification_id', 'admin_id']).unique().execute();

    await db.schema.alterTable('sent_notifications').addColumn('status', 'text', (c) => c.notNull().defaultTo('sent')).execute();
    await db.schema.alterTable('sent_notifications').addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('sent_notifications').addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('sent_notifications').addColumn('claimed_at', 'text').execute();
    // what was sent before this migration went out at once: every copy was stored
    await sql`UPDATE sent_notifications SET delivered = recipients`.execute(db);
    await db.schema.createIndex('sent_notifications_status_idx').on('sent_notifications').column('status').execute();
  },
  async down(db) {
    await db.schema.dropIndex('sent_notifications_status_idx').execute();
    for (const column of ['claimed_at', 'cursor', 'delivered', 'status']) {
      await db.schema.alterTable('sent_notifications').dropColumn(column).execute();
    }
    await db.schema.dropIndex('admin_notifications_once_idx').execute();
    await db.schema.dropTable('user_notifications').execute();
  },
};
