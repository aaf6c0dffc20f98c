import type { DialectMigration } from './helpers';

/**
 * A CHW's model carries the body fields a patient's does (spec 2 section 3: blood group, height, weight
 * and marital status, which the CHW form does not show): the spec's CHW body is taken whole.
 */
const COLUMNS = [
  ['blood_group', 'text'],
  ['height', 'double precision'],
  ['weight', 'double precision'],
  ['marital_status', 'text'],
] as const;

export const migration: DialectMigration = {
  async up(db) {
    for (const [column, type] of COLUMNS) await db.schema.alterTable('chw_profiles').addColumn(column, type).execute();
  },
  async down(db) {
    for (const [column] of [...COLUMNS].reverse()) await db.schema.alterTable('chw_profiles').dropColumn(column).execute();
  },
};
