import { type DialectMigration, idColumn, notNull, timestamps } from './helpers';

/**
 * Promotional content of the public landing site (spec 1 sections 2.7 and 3): the four singletons
 * (logo, banner, about, how it works) as one row per section holding its fields as JSON, and the two
 * small collections, slider files and testimonials.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await timestamps(
      idColumn(db.schema.createTable('promotional_sections'), dialect)
        .addColumn('section', 'text', notNull)
        .addColumn('content', 'text', notNull)
        .addColumn('updated_by', 'integer'),
    ).execute();
    await db.schema.createIndex('promotional_sections_section_unique').on('promotional_sections').column('section').unique().execute();

    // a handful of rows each: no row counter or search index
    await timestamps(idColumn(db.schema.createTable('promotional_sliders'), dialect).addColumn('file', 'text', notNull).addColumn('created_by', 'integer')).execute();
    await timestamps(
      idColumn(db.schema.createTable('promotional_testimonials'), dialect)
        .addColumn('name', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('created_by', 'integer'),
    ).execute();
  },
  async down(db) {
    await db.schema.dropTable('promotional_testimonials').execute();
    await db.schema.dropTable('promotional_sliders').execute();
    await db.schema.dropTable('promotional_sections').execute();
  },
};
