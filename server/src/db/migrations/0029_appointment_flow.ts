import { addGroupCounter, type DialectMigration, dropGroupCounter, notNull } from './helpers';

/**
 * Appointments from request to completion:
 * - a request is handled by the booking made for it: `appointment_requests.appointment_id` and
 *   `handled_at`, set in the booking's transaction (a booking deleted later leaves the request handled,
 *   without its link);
 * - the field app's bookings are idempotent per account and client key: `appointment_keys` keeps the
 *   slot and patient each key first booked (its primary key settles two arriving at once);
 * - a rating given for an appointment is a feedback naming it, at most one an appointment;
 * - a doctor's rating is the average of the patients' feedback ratings: `doctor_ratings` keeps their
 *   count and sum per doctor, by triggers in the transaction of every write to `feedbacks` (filled here
 *   from the feedback already given); it replaces `doctor_profiles.rating`, which nothing ever moved.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('appointment_requests')
      .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('appointment_requests').addColumn('handled_at', 'text').execute();
    await db.schema.createIndex('appointment_requests_appointment_idx').on('appointment_requests').column('appointment_id').execute();

    await db.schema
      .createTable('appointment_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_key', 'text', notNull)
      .addColumn('slot_id', 'integer', notNull)
      .addColumn('patient_id', 'integer', notNull)
      .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
      .addColumn('created_at', 'text', notNull)
      .addPrimaryKeyConstraint('appointment_keys_pkey', ['user_id', 'client_key'])
      .execute();
    await db.schema.createIndex('appointment_keys_appointment_idx').on('appointment_keys').column('appointment_id').execute();

    await db.schema
      .alterTable('feedbacks')
      .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('feedbacks_appointment_unique').on('feedbacks').column('appointment_id').unique().execute();

    await addGroupCounter(db, dialect, 'doctor_ratings', 'feedbacks', { doctor_id: 'integer' }, { sum: 'rating' });
    await db.schema.alterTable('doctor_profiles').dropColumn('rating').execute();
  },
  async down(db, dialect) {
    await db.schema.alterTable('doctor_profiles').addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
    await dropGroupCounter(db, dialect, 'doctor_ratings', 'feedbacks');
    await db.schema.dropIndex('feedbacks_appointment_unique').execute();
    await db.schema.alterTable('feedbacks').dropColumn('appointment_id').execute();
    await db.schema.dropTable('appointment_keys').execute();
    await db.schema.dropIndex('appointment_requests_appointment_idx').execute();
    await db.schema.alterTable('appointment_requests').dropColumn('handled_at').execute();
    await db.schema.alterTable('appointment_requests').dropColumn('appointment_id').execute();
  },
};
