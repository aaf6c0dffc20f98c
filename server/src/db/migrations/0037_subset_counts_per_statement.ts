import { type DialectMigration, perRowSubsetCounter, perStatementSubsetCounter } from './helpers';
import { USER_KINDS } from './0032_subset_search';

/**
 * PostgreSQL: the counters of each kind of person (`users:patient`, …: migration 0010's row-level
 * triggers) are kept once a statement from its transition tables, as every table's own counter is
 * (`perStatementSubsetCounter`): a COPY of 20,000 patients updated the patients' counter row 20,000 times
 * in one transaction, each update walking past the versions the earlier ones left. SQLite is unchanged.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    for (const kind of USER_KINDS) await perStatementSubsetCounter(db, 'users', 'type', kind);
  },
  async down(db, dialect) {
    if (dialect !== 'postgres') return;
    for (const kind of USER_KINDS) await perRowSubsetCounter(db, 'users', 'type', kind);
  },
};
