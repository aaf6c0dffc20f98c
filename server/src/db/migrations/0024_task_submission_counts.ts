import type { DialectMigration } from './helpers';
import { addGroupCounter, dropGroupCounter } from './helpers';

/**
 * The dashboard's "task submissions" card: survey submissions per task, kept by triggers in the
 * transaction of every write to `form_submissions` (a submission without a task is not counted), and
 * filled here from the rows already there. Grouping the programme's 200,000 submissions by task on
 * every dashboard call would cost more than the rest of the dashboard together. The index serves the
 * card's order (the most submitted first).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await addGroupCounter(db, dialect, 'task_submission_counts', 'form_submissions', { task_id: 'integer' });
    await db.schema.createIndex('task_submission_counts_n_idx').on('task_submission_counts').columns(['n', 'task_id']).execute();
  },
  async down(db, dialect) {
    await db.schema.dropIndex('task_submission_counts_n_idx').execute();
    await dropGroupCounter(db, dialect, 'task_submission_counts', 'form_submissions');
  },
};
