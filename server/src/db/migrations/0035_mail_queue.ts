import { type DialectMigration, idColumn, notNull } from './helpers';

/**
 * Outgoing email as rows (services/mailQueue.ts), so that a message outlives a mail server that is away
 * and the node that queued it: any node sends what is due, with backoff.
 *
 *   mail_queue   one row per message: its kind (reset, credentials, email_changed), recipient and
 *                subject; its body encrypted under a key derived from APP_KEY (it may hold a reset link
 *                or a first password) and emptied once sent; its status (pending, sent), attempts, when
 *                it is next due, the last failure (the mail server's words, for the admins), which node
 *                holds it while sending (`claimed_until`), when it was queued and sent.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await idColumn(db.schema.createTable('mail_queue'), dialect)
      .addColumn('kind', 'text', notNull)
      .addColumn('recipient', 'text', notNull)
      .addColumn('subject', 'text', notNull)
      .addColumn('body', 'text')
      .addColumn('status', 'text', notNull)
      .addColumn('attempts', 'integer', notNull)
      .addColumn('next_attempt_at', 'text', notNull)
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', notNull)
      .addColumn('sent_at', 'text')
      .execute();
    // what is due, oldest first; and the admins' view, newest first
    await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('mail_queue_created_idx').on('mail_queue').column('created_at').execute();
  },
  async down(db) {
    await db.schema.dropTable('mail_queue').execute();
  },
};
