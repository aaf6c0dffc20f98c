import { type DialectMigration, idColumn, notNull } from './helpers';

/** Sent notifications and each admin's own copy (the bell). */
export const migration: DialectMigration = {
  async up(db, dialect) {
    // what was sent, to whom: the notifications screens list these
    await idColumn(db.schema.createTable('sent_notifications'), dialect)
      .addColumn('send_to', 'text', notNull)
      .addColumn('channel', 'text', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sent_by', 'integer')
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('sent_notifications_created_idx').on('sent_notifications').column('created_at').execute();
    // each admin's own copy, read or not: the bell lists these
    await idColumn(db.schema.createTable('admin_notifications'), dialect)
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('type', 'text', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('data', 'text')
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sent_notification_id', 'integer', (c) => c.references('sent_notifications.id').onDelete('set null'))
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('admin_notifications_admin_idx').on('admin_notifications').columns(['admin_id', 'is_read', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropTable('admin_notifications').execute();
    await db.schema.dropTable('sent_notifications').execute();
  },
};
