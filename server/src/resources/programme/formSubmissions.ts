import type { Kysely } from 'kysely';
import { USER_STATUS } from '../../../../contract/enums';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { currentQuestions, optionsOf, presentQuestion, type StoredQuestion } from './questions';
import { isCalendarDay } from './place';

/**
 * Survey submissions: what a CHW's answers must be to be taken (checkAnswers), the forms given to a
 * CHW by their tasks, and a submission as stored. The field app's routes are routes/field/forms.ts.
 */

export const MAX_ANSWER_LENGTH = 5000;
/** the CHW app's list of forms: 50 a page */
const FORMS_PER_PAGE = 50;

export const SUBMISSION = {
  clientId: 'Please provide the submission’s client id (at most 100 characters).',
  task: 'This task is not one of your tasks for this form.',
  blocked: 'This survey form is blocked and takes no more submissions.',
  required: (n: number) => `Question ${n} is required.`,
  unknownQuestion: 'This question is not one of the form’s current questions.',
  twice: 'This question is answered twice.',
  option: 'The answer must be one of the question’s options.',
  options: 'Each answer must be one of the question’s options.',
  date: 'The answer must be a date (YYYY-MM-DD).',
  text: 'The answer must be text of at most 5000 characters.',
  answers: 'Answers are a list of { question_id, value }.',
  otherForm: 'This client id was used for a submission of another form.',
};

export interface SubmissionInput {
  client_id: string;
  task_id?: number | null;
  answers: { question_id: number; value: string | string[] | null }[];
}

/** An answer as stored: text, or for a checkbox the JSON list of its options (in the question's order). */
export function answerValue(type: string, stored: string): string | string[] {
  if (type !== 'checkbox') return stored;
  return optionsOf(stored);
}

/**
 * Checks the answers against the current questions: every required one answered, options among the
 * question's, dates real days; unknown, retired and repeated question ids refused. Returns the rows to
 * store (unanswered optional questions get none).
 */
export function checkAnswers(questions: StoredQuestion[], answers: SubmissionInput['answers']): { question_id: number; value: string }[] {
  const errors: Record<string, string[]> = {};
  const byId = new Map(questions.map((q) => [q.id, q]));
  const rows: { question_id: number; value: string }[] = [];
  const seen = new Set<number>();
  answers.forEach(({ question_id, value }, i) => {
    const q = byId.get(question_id);
    if (!q) return void (errors[`answers.${i}.question_id`] = [SUBMISSION.unknownQuestion]);
    if (seen.has(question_id)) return void (errors[`answers.${i}.question_id`] = [SUBMISSION.twice]);
    seen.add(question_id);
    const key = `answers.${i}.value`;
    const options = optionsOf(q.options);
    if (q.type === 'checkbox') {
      const chosen = (Array.isArray(value) ? value : value === null ? [] : [value]).map((v) => v.trim()).filter(Boolean);
      if (chosen.some((v) => !options.includes(v))) return void (errors[key] = [SUBMISSION.options]);
      if (chosen.length) rows.push({ question_id, value: JSON.stringify(options.filter((o) => chosen.includes(o))) });
      return;
    }
    if (Array.isArray(value)) return void (errors[key] = [q.type === 'radio' ? SUBMISSION.option : q.type === 'date' ? SUBMISSION.date : SUBMISSION.text]);
    const text = (value ?? '').trim();
    if (!text) return;
    if (q.type === 'radio' && !options.includes(text)) return void (errors[key] = [SUBMISSION.option]);
    if (q.type === 'date' && !(/^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDay(text))) return void (errors[key] = [SUBMISSION.date]);
    rows.push({ question_id, value: text });
  });
  const answered = new Set(rows.map((r) => r.question_id));
  questions.forEach((q, position) => {
    if (!q.is_required || answered.has(q.id)) return;
    // an answer refused for its value says so already
    const given = answers.findIndex((a) => a.question_id === q.id);
    if (given < 0 || !errors[`answers.${given}.value`]) errors[`questions.${q.id}`] = [SUBMISSION.required(position + 1)];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return rows;
}

/** The active forms of the CHW's active Survey tasks (or one of them), with those tasks and the CHW's status on each. */
export async function assignedForms(db: Kysely<Database>, userId: number, formId: number | null, page = 1) {
  let q = db
    .selectFrom('dynamic_forms as f')
    .select(['f.id', 'f.title', 'f.version', 'f.updated_at'])
    .where('f.status', '=', USER_STATUS.active)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('tasks as t')
          .innerJoin('task_assignees as a', 'a.task_id', 't.id')
          .select('t.id')
          .whereRef('t.survey_id', '=', 'f.id')
          .where('t.status', '=', USER_STATUS.active)
          .where('a.user_id', '=', userId),
      ),
    );
  if (formId !== null) q = q.where('f.id', '=', formId);
  const forms = await q.orderBy('f.id', 'desc').limit(FORMS_PER_PAGE).offset((page - 1) * FORMS_PER_PAGE).execute();
  const ids = forms.map((f) => f.id);
  if (!ids.length) return [];
  const [questions, tasks] = await Promise.all([
    currentQuestions(db, ids),
    db
      .selectFrom('tasks as t')
      .innerJoin('task_assignees as a', 'a.task_id', 't.id')
      .select(['t.id', 't.title', 't.survey_id', 't.s_date', 't.e_date', 'a.status'])
      .where('t.survey_id', 'in', ids)
      .where('t.status', '=', USER_STATUS.active)
      .where('a.user_id', '=', userId)
      .orderBy('t.s_date', 'desc')
      .orderBy('t.id', 'desc')
      .execute(),
  ]);
  return forms.map((f) => ({
    ...f,
    questions: questions.filter((q) => q.form_id === f.id).map((q) => presentQuestion(q)),
    tasks: tasks.filter((t) => t.survey_id === f.id).map(({ survey_id: _form, status, ...t }) => ({ ...t, my_status: status })),
  }));
}

/** A stored submission with its answers, as the app is answered. */
export async function loadSubmission(db: Kysely<Database>, id: number) {
  const s = await db.selectFrom('form_submissions').select(['id', 'form_id', 'task_id', 'client_id', 'form_version', 'submitted_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const answers = await db
    .selectFrom('form_answers as a')
    .innerJoin('form_questions as q', 'q.id', 'a.question_id')
    .select(['a.question_id', 'a.value', 'q.type', 'q.position'])
    .where('a.submission_id', '=', id)
    .orderBy('q.position')
    .orderBy('q.id')
    .execute();
  return { ...s, answers: answers.map((a) => ({ question_id: a.question_id, value: answerValue(a.type, a.value) })) };
}

/** Whether a database error is the unique (user_id, client_id) of submissions, as each dialect reports it. */
export const isClientIdClash = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string; constraint?: string };
  return (
    (e.code === '23505' && e.constraint === 'form_submissions_client_unique') ||
    (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /form_submissions\.(user_id|client_id)/.test(e.message ?? ''))
  );
};
