import { type DialectMigration, notNull } from './helpers';

/**
 * The state of chunked uploads kept in the database, for STORAGE=s3 (services/s3Uploads.ts), so that
 * any node takes any chunk of an upload with nothing shared but the database and the bucket:
 *
 *   chunk_uploads   one row per upload in progress or finished: its chunk count, chunk size and
 *                   SHA-256 (each fixed by the first chunk that says it), its state (open,
 *                   assembling: the one request that assembles holds it, done, rejected) and outcome
 *   chunk_parts     one row per chunk stored in the bucket: its length and the write that stored it
 *
 * STORAGE=local keeps this state in files under DATA_DIR/uploads, as before.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema
      .createTable('chunk_uploads')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('total', 'integer', notNull)
      .addColumn('chunk_size', 'bigint')
      .addColumn('sha256', 'text')
      .addColumn('state', 'text', notNull)
      .addColumn('outcome', 'text')
      .addColumn('touched_at', 'text', notNull)
      .execute();
    // the sweep reads the untouched ones
    await db.schema.createIndex('chunk_uploads_touched_idx').on('chunk_uploads').column('touched_at').execute();
    await db.schema
      .createTable('chunk_parts')
      .addColumn('key', 'text', notNull)
      .addColumn('idx', 'integer', notNull)
      .addColumn('bytes', 'bigint', notNull)
      .addColumn('write_id', 'text', notNull)
      .addPrimaryKeyConstraint('chunk_parts_pk', ['key', 'idx'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('chunk_parts').execute();
    await db.schema.dropTable('chunk_uploads').execute();
  },
};
