import { createResourceTable, type DialectMigration, dropResourceTable, idColumn, notNull, timestamps } from './helpers';

/**
 * Doctors (spec 2): accounts of `users` (type doctor) with a profile (qualification, rating) and their
 * specializations; their duty roster: a roster is one schedule (time range, session length, charge a
 * minute) laid over some dates, and its slots, one per session of each date, each with a status.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('doctor_profiles')
      .addColumn('id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('qualification_id', 'integer', (c) => c.notNull().references('qualifications.id'))
      .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('doctor_profiles_qualification_idx').on('doctor_profiles').column('qualification_id').execute();
    await db.schema
      .createTable('doctor_specializations')
      .addColumn('doctor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('specialization_id', 'integer', (c) => c.notNull().references('specializations.id'))
      .addPrimaryKeyConstraint('doctor_specializations_pk', ['doctor_id', 'specialization_id'])
      .execute();
    await db.schema.createIndex('doctor_specializations_spec_idx').on('doctor_specializations').column('specialization_id').execute();

    await createResourceTable(
      db,
      dialect,
      'duty_rosters',
      (t) =>
        t
          .addColumn('doctor_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('label', 'text', notNull)
          .addColumn('s_time', 'text', notNull)
          .addColumn('e_time', 'text', notNull)
          .addColumn('session', 'integer', notNull)
          .addColumn('charge', 'double precision', notNull)
          .addColumn('total_fee', 'double precision', notNull)
          .addColumn('dates', 'text', notNull)
          .addColumn('first_date', 'text', notNull)
          .addColumn('created_by', 'integer'),
      { search: ['label'] },
    );
    await db.schema.createIndex('duty_rosters_doctor_idx').on('duty_rosters').columns(['doctor_id', 'first_date']).execute();
    await timestamps(
      idColumn(db.schema.createTable('duty_slots'), dialect)
        .addColumn('roster_id', 'integer', (c) => c.notNull().references('duty_rosters.id').onDelete('cascade'))
        .addColumn('doctor_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('date', 'text', notNull)
        .addColumn('s_time', 'text', notNull)
        .addColumn('e_time', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('Available')),
    ).execute();
    // a doctor's day in time order (overlap checks, the calendar); a roster's slots
    await db.schema.createIndex('duty_slots_doctor_day_idx').on('duty_slots').columns(['doctor_id', 'date', 's_time']).execute();
    await db.schema.createIndex('duty_slots_roster_idx').on('duty_slots').column('roster_id').execute();
  },
  async down(db, dialect) {
    await db.schema.dropTable('duty_slots').execute();
    await dropResourceTable(db, dialect, 'duty_rosters');
    await db.schema.dropTable('doctor_specializations').execute();
    await db.schema.dropTable('doctor_profiles').execute();
  },
};
