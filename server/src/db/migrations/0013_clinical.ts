import { createResourceTable, type DialectMigration, dropResourceTable, idColumn, notNull } from './helpers';

/** Clinical records of a patient (spec 2): medical histories with their reports, and prescriptions with their medicines. */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(
      db,
      dialect,
      'medical_histories',
      (t) =>
        t
          .addColumn('patient_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('disease_name', 'text', notNull)
          .addColumn('from_date', 'text', notNull)
          .addColumn('to_date', 'text', notNull)
          .addColumn('detail', 'text', notNull)
          .addColumn('reports', 'text')
          .addColumn('c_date', 'text', notNull)
          .addColumn('m_name', 'text', notNull)
          .addColumn('days', 'integer', notNull)
          .addColumn('m_times', 'text', notNull)
          .addColumn('to_be_taken', 'text')
          .addColumn('still_using', 'text', (c) => c.notNull().defaultTo('No'))
          .addColumn('note', 'text', notNull)
          .addColumn('created_by', 'integer'),
      { search: ['disease_name', 'm_name'] },
    );
    await db.schema.createIndex('medical_histories_patient_idx').on('medical_histories').columns(['patient_id', 'from_date']).execute();

    await createResourceTable(
      db,
      dialect,
      'prescriptions',
      (t) =>
        t
          .addColumn('patient_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('doctor_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('disease_name', 'text', notNull)
          .addColumn('from_date', 'text', notNull)
          .addColumn('to_date', 'text', notNull)
          .addColumn('detail', 'text', notNull)
          .addColumn('created_by', 'integer'),
      { search: ['disease_name'] },
    );
    await db.schema.createIndex('prescriptions_patient_idx').on('prescriptions').columns(['patient_id', 'from_date']).execute();
    await db.schema.createIndex('prescriptions_doctor_idx').on('prescriptions').column('doctor_id').execute();
    await idColumn(db.schema.createTable('prescription_items'), dialect)
      .addColumn('prescription_id', 'integer', (c) => c.notNull().references('prescriptions.id').onDelete('cascade'))
      .addColumn('c_date', 'text', notNull)
      .addColumn('m_name', 'text', notNull)
      .addColumn('days', 'integer', notNull)
      .addColumn('m_time', 'text')
      .addColumn('to_be_taken', 'text')
      .addColumn('still_using', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'text', notNull)
      .addColumn('position', 'integer', notNull)
      .execute();
    await db.schema.createIndex('prescription_items_prescription_idx').on('prescription_items').columns(['prescription_id', 'position']).execute();
  },
  async down(db, dialect) {
    await db.schema.dropTable('prescription_items').execute();
    await dropResourceTable(db, dialect, 'prescriptions');
    await dropResourceTable(db, dialect, 'medical_histories');
  },
};
