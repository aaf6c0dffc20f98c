import { createResourceTable, type DialectMigration, dropResourceTable, idColumn, notNull } from './helpers';

/**
 * Facility centers (clinics) with their services, and what the field apps send in: patients' feedback
 * on a doctor and any field user's support requests (spec 3).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(
      db,
      dialect,
      'facility_centers',
      (t) =>
        t
          .addColumn('title', 'text', notNull)
          .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
          .addColumn('tehsil_id', 'integer', (c) => c.notNull().references('tehsils.id'))
          .addColumn('area_id', 'integer', (c) => c.references('areas.id'))
          .addColumn('phone_no', 'text')
          .addColumn('lat', 'double precision', notNull)
          .addColumn('long', 'double precision', notNull)
          .addColumn('location', 'text', notNull)
          .addColumn('manager', 'text', notNull)
          .addColumn('open_time', 'text', notNull)
          .addColumn('close_time', 'text', notNull)
          .addColumn('file', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_by', 'integer'),
      { search: ['title', 'location', 'manager'] },
    );
    await db.schema.createIndex('facility_centers_district_idx').on('facility_centers').columns(['district_id', 'tehsil_id']).execute();
    await db.schema.createIndex('facility_centers_created_idx').on('facility_centers').columns(['created_at', 'id']).execute();
    await idColumn(db.schema.createTable('facility_center_services'), dialect)
      .addColumn('facility_center_id', 'integer', (c) => c.notNull().references('facility_centers.id').onDelete('cascade'))
      .addColumn('title', 'text', notNull)
      .addColumn('position', 'integer', notNull)
      .execute();
    await db.schema.createIndex('facility_center_services_center_idx').on('facility_center_services').columns(['facility_center_id', 'position']).execute();

    await createResourceTable(
      db,
      dialect,
      'feedbacks',
      (t) =>
        t
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('doctor_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('msg', 'text', notNull)
          .addColumn('rating', 'integer', notNull)
          .addColumn('dated_at', 'text', notNull)
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('New'))
          .addColumn('note', 'text'),
      { search: ['note', 'msg'] },
    );
    await db.schema.createIndex('feedbacks_user_idx').on('feedbacks').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('feedbacks_doctor_idx').on('feedbacks').column('doctor_id').execute();
    await db.schema.createIndex('feedbacks_created_idx').on('feedbacks').columns(['created_at', 'id']).execute();

    await createResourceTable(
      db,
      dialect,
      'supports',
      (t) =>
        t
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('msg', 'text', notNull)
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('Open'))
          .addColumn('reply', 'text')
          .addColumn('replied_at', 'text'),
      { search: ['reply', 'msg'] },
    );
    await db.schema.createIndex('supports_user_idx').on('supports').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('supports_created_idx').on('supports').columns(['created_at', 'id']).execute();
  },
  async down(db, dialect) {
    await dropResourceTable(db, dialect, 'supports');
    await dropResourceTable(db, dialect, 'feedbacks');
    await db.schema.dropTable('facility_center_services').execute();
    await dropResourceTable(db, dialect, 'facility_centers');
  },
};
