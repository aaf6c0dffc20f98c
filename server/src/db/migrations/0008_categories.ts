import { createResourceTable, type DialectMigration, dropResourceTable, notNull } from './helpers';

/** Categories of health literacy content (spec 3): a title and an image or audio file. */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(
      db,
      dialect,
      'categories',
      (t) => t.addColumn('title', 'text', notNull).addColumn('file', 'text', notNull).addColumn('created_by', 'integer'),
      { search: ['title'] },
    );
    await db.schema.createIndex('categories_title_idx').on('categories').columns(['title', 'id']).execute();
  },
  async down(db, dialect) {
    await dropResourceTable(db, dialect, 'categories');
  },
};
