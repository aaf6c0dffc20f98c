import { createResourceTable, type DialectMigration, dropResourceTable, notNull } from './helpers';

/** Interests (spec 3): a title; user messages target people by them. */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(db, dialect, 'interests', (t) => t.addColumn('title', 'text', notNull).addColumn('created_by', 'integer'), {
      search: ['title'],
    });
    await db.schema.createIndex('interests_title_idx').on('interests').columns(['title', 'id']).execute();
  },
  async down(db, dialect) {
    await dropResourceTable(db, dialect, 'interests');
  },
};
