import type { DialectMigration } from './helpers';

/**
 * A notification's fan-out reads its audience a batch at a time: the next 1,000 active doctors or
 * patients after the cursor, in id order (services/fanOut.ts). Without an index in that order SQLite
 * took every patient from an index on the type and sorted them for each batch: 3.1 s a batch at a
 * million patients, so a notice to all of them (about 950 batches) would have taken most of an hour.
 * With (type, status, id) a batch is a range of the index, and the audience's count is read from it.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.createIndex('users_type_status_id_idx').on('users').columns(['type', 'status', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropIndex('users_type_status_id_idx').execute();
  },
};
