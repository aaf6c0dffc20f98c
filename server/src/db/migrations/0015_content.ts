import { createResourceTable, type DialectMigration, dropResourceTable, notNull } from './helpers';

/**
 * Static content (spec 3): pages (the privacy policy and the terms, each key once) and FAQs. Their
 * rich text is stored already sanitised (services/richText.ts) and served to the landing site and the
 * apps under /api/public.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(
      db,
      dialect,
      'pages',
      (t) => t.addColumn('key', 'text', notNull).addColumn('value', 'text', notNull).addColumn('created_by', 'integer'),
      { search: ['value'] },
    );
    // each key once: the declaration's check answers with a field message, this settles a race
    await db.schema.createIndex('pages_key_unique').on('pages').column('key').unique().execute();

    await createResourceTable(
      db,
      dialect,
      'faqs',
      (t) => t.addColumn('question', 'text', notNull).addColumn('answer', 'text', notNull).addColumn('created_by', 'integer'),
      { search: ['question', 'answer'] },
    );
    await db.schema.createIndex('faqs_question_idx').on('faqs').columns(['question', 'id']).execute();
  },
  async down(db, dialect) {
    await dropResourceTable(db, dialect, 'faqs');
    await dropResourceTable(db, dialect, 'pages');
  },
};
