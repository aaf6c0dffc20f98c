import { countsText, messageText, type RecordCount } from '../../../../contract/messages';
import { type Static, Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { QUESTION_TYPES } from '../../../../contract/enums';
import type { Database } from '../../db/schema';
import { conflict, ValidationError } from '../../http/errors';
import { Fields, idList, MAX_ID } from '../../http/fields';
import { defineResource, type Row, type WriteContext } from '../../http/resource';
import { now } from '../../services/tokens';
import { registerFormExport } from './formExport';
import { answeredAmong, CHOICE_TYPES, currentQuestions, lockForm, PresentedQuestion, presentQuestion, type QuestionType, type StoredQuestion } from './questions';

/**
 * Survey forms (spec 3, "Dynamic forms"): a title and ordered questions (text, checkbox, radio, date),
 * which CHWs answer from the field app for the Survey tasks they are given (formSubmissions.ts), and
 * whose answers are exported one row per submission (formExport.ts).
 *
 * Questions are written by this declaration's hooks in the form's transaction rather than by the
 * generic child rows, because answers must never change meaning under them: an edit that changes or
 * removes a question that already has answers retires that row (`retired_at`) and adds a new one, so
 * the old answers stay attached to the question they answered (and are exported under it); a question
 * nobody has answered yet is changed or removed in place. Any change of the questions raises the form's
 * `version`, which each submission records.
 */

export const MAX_QUESTIONS = 200;
export const MAX_OPTIONS = 50;

/** The spec's messages (section 5, "Dynamic form"), and ours where it has none. */
export const FORM = {
  title: 'Form Title is required',
  questionTitle: (n: number) => `Question ${n} Title is required`,
  type: 'Options Type is required',
  option: (n: number) => `Option ${n} Title is required`,
  unknownType: 'Please choose text, checkbox, radio or date.',
  duplicateOption: 'The options of a question must all differ.',
  questions: 'Please add at least one question.',
  tooMany: `A form has at most ${MAX_QUESTIONS} questions.`,
  notOfForm: 'This question is not one of the form’s questions.',
  twice: 'This question is listed twice.',
  deleted: 'Deleted questions must be questions of this form that are not kept in the list.',
  questionRow: 'Each question has a title (at most 500 characters), a type, a required flag and options.',
  optionText: 'Each option is a title of at most 191 characters.',
};

const flag = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 }), Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false'), Type.Null()], {
  'x-message': 'A flag is 1 or 0 (or true or false).',
});

/**
 * What `checkQuestions` requires of a question, said to the document (`x-rules`, http/openapi.ts): a title
 * that is not blank, a type of the list, and for a choice question at least two options. Beyond a schema
 * (README, "What the document cannot say"): the first two options not blank, the options different once
 * trimmed.
 */
const QUESTION_RULES = {
  required: ['title', 'type'],
  properties: {
    title: { type: 'string', maxLength: 500, pattern: '\\S' },
    type: { type: 'string', enum: [...QUESTION_TYPES] },
  },
  anyOf: [
    { properties: { type: { enum: QUESTION_TYPES.filter((t) => !CHOICE_TYPES.includes(t)) } } },
    { required: ['options'], properties: { type: { enum: [...CHOICE_TYPES] }, options: { type: 'array', minItems: 2 } } },
  ],
};

/**
 * One question of a body. Lenient on purpose: what is missing or blank is answered by `checkQuestions`
 * with the spec's numbered messages under `questions.{i}.title` and the like, not by the schema; the
 * document says those rules (QUESTION_RULES).
 */
const QuestionBody = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ID }), Type.Null()], { 'x-message': FORM.notOfForm })),
    title: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { 'x-message': FORM.questionRow })),
    type: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()], { 'x-message': FORM.type })),
    is_required: Type.Optional(flag),
    has_options: Type.Optional(flag),
    options: Type.Optional(
      Type.Union(
        [
          Type.Array(
            Type.Union([
              Type.String({ maxLength: 191 }),
              Type.Object({ title: Type.Optional(Type.Union([Type.String({ maxLength: 191 }), Type.Null()])) }),
              Type.Null(),
            ]),
            { maxItems: MAX_OPTIONS },
          ),
          Type.Null(),
        ],
        { 'x-message': FORM.optionText },
      ),
    ),
    // a question as the form reads it, sent back whole: what the server keeps itself, accepted and ignored
    position: Type.Optional(Type.Unknown({ description: 'as read; ignored (the order is the list’s)' })),
    version: Type.Optional(Type.Unknown({ description: 'as read; ignored (the server versions the form)' })),
    answered: Type.Optional(Type.Unknown({ description: 'as read; ignored (whether anyone has answered it)' })),
  },
  { additionalProperties: false, 'x-rules': QUESTION_RULES },
);
type QuestionInput = Static<typeof QuestionBody>;

const questionList = Type.Array(QuestionBody, { minItems: 1, maxItems: MAX_QUESTIONS, 'x-message': FORM.questions });

const createSchema = Type.Object({ title: Fields.title(FORM.title), questions: questionList }, { additionalProperties: false });
const updateSchema = Type.Object(
  {
    title: Type.Optional(Fields.title(FORM.title)),
    questions: Type.Optional(questionList),
    deletedIds: Type.Optional(
      idList(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: MAX_QUESTIONS, 'x-message': FORM.deleted }),
    ),
  },
  { additionalProperties: false },
);

/** A question of a body once checked. */
interface CleanQuestion {
  id: number | null;
  title: string;
  type: QuestionType;
  is_required: number;
  options: string[];
}

const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * Checks the questions of a body in order, with the spec's numbered messages under field keys
 * (`questions.0.title`, `questions.1.options.0.title`). Choice questions need their first two options;
 * blank options after those are dropped; other types carry none.
 */
function checkQuestions(list: QuestionInput[], errors: Record<string, string[]>): CleanQuestion[] {
  return list.map((q, i) => {
    const key = `questions.${i}`;
    const title = (q.title ?? '').trim();
    if (!title) errors[`${key}.title`] = [FORM.questionTitle(i + 1)];
    // one of the types as the list spells them (the document's enum)
    const rawType = q.type ?? '';
    const type = QUESTION_TYPES.find((t) => t === rawType);
    if (!rawType.trim()) errors[`${key}.type`] = [FORM.type];
    else if (!type) errors[`${key}.type`] = [FORM.unknownType];
    const options: string[] = [];
    if (type && CHOICE_TYPES.includes(type)) {
      const titles = (q.options ?? []).map((o) => (typeof o === 'string' ? o : (o?.title ?? '')).trim());
      for (let j = 0; j < Math.max(2, titles.length); j++) {
        const option = titles[j] ?? '';
        if (!option) {
          if (j < 2) errors[`${key}.options.${j}.title`] = [FORM.option(j + 1)];
          continue;
        }
        if (options.includes(option)) errors[`${key}.options.${j}.title`] = [FORM.duplicateOption];
        else options.push(option);
      }
    }
    return { id: q.id ?? null, title, type: type ?? 'text', is_required: isOn(q.is_required) ? 1 : 0, options };
  });
}

/** What an edit does to the stored questions; worked out in `prepare`, written in `afterWrite`. */
interface QuestionPlan {
  insert: (CleanQuestion & { position: number })[];
  /** in place: unanswered questions changed, and positions of kept ones */
  update: { id: number; values: Partial<Pick<StoredQuestion, 'title' | 'type' | 'is_required' | 'options' | 'position'>> }[];
  /** answered questions changed or removed: kept for their answers, no longer asked */
  retire: number[];
  /** unanswered questions removed */
  remove: number[];
}

/** The plan of each write, from its prepare to its afterWrite (the same body object is passed to both). */
const plans = new WeakMap<object, QuestionPlan>();

async function planEdit(w: WriteContext, input: Row, existing: Row): Promise<{ plan: QuestionPlan; changed: boolean }> {
  const errors: Record<string, string[]> = {};
  const formId = Number(existing.id);
  const stored = await currentQuestions(w.db, [formId]);
  const byId = new Map(stored.map((q) => [q.id, q]));
  const answered = await answeredAmong(w.db, stored.map((q) => q.id));
  const deleted = (input.deletedIds as number[] | undefined) ?? [];
  if (deleted.some((id) => !byId.has(id))) errors.deletedIds = [FORM.deleted];
  const plan: QuestionPlan = { insert: [], update: [], retire: [], remove: [] };
  let changed = false;

  const given = input.questions as QuestionInput[] | undefined;
  let kept: number[];
  if (given) {
    const clean = checkQuestions(given, errors);
    const seen = new Set<number>();
    clean.forEach((q, i) => {
      if (q.id === null) return;
      if (!byId.has(q.id)) errors[`questions.${i}.id`] = [FORM.notOfForm];
      else if (seen.has(q.id)) errors[`questions.${i}.id`] = [FORM.twice];
      seen.add(q.id);
    });
    if (deleted.some((id) => seen.has(id))) errors.deletedIds = [FORM.deleted];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    kept = [...seen];
    clean.forEach((q, position) => {
      const old = q.id === null ? undefined : byId.get(q.id);
      if (!old) {
        plan.insert.push({ ...q, position });
        changed = true;
        return;
      }
      const options = JSON.stringify(q.options);
      const same = old.title === q.title && old.type === q.type && old.is_required === q.is_required && old.options === options;
      if (same) {
        if (old.position !== position) plan.update.push({ id: old.id, values: { position } });
      } else if (answered.has(old.id)) {
        plan.retire.push(old.id);
        plan.insert.push({ ...q, position });
        changed = true;
      } else {
        plan.update.push({ id: old.id, values: { title: q.title, type: q.type, is_required: q.is_required, options, position } });
        changed = true;
      }
    });
  } else {
    if (Object.keys(errors).length) throw new ValidationError(errors);
    kept = stored.map((q) => q.id).filter((id) => !deleted.includes(id));
    if (!kept.length) throw ValidationError.field('deletedIds', FORM.questions);
  }
  for (const q of stored) {
    if (kept.includes(q.id)) continue;
    (answered.has(q.id) ? plan.retire : plan.remove).push(q.id);
    changed = true;
  }
  return { plan, changed };
}

async function writePlan(db: Kysely<Database>, formId: number, version: number, plan: QuestionPlan): Promise<void> {
  const stamp = now();
  if (plan.retire.length) await db.updateTable('form_questions').set({ retired_at: stamp }).where('id', 'in', plan.retire).where('form_id', '=', formId).execute();
  if (plan.remove.length) await db.deleteFrom('form_questions').where('id', 'in', plan.remove).where('form_id', '=', formId).execute();
  for (const { id, values } of plan.update) await db.updateTable('form_questions').set(values).where('id', '=', id).where('form_id', '=', formId).execute();
  if (plan.insert.length) {
    await db
      .insertInto('form_questions')
      .values(plan.insert.map((q) => ({ form_id: formId, title: q.title, type: q.type, is_required: q.is_required, options: JSON.stringify(q.options), position: q.position, version, retired_at: null })))
      .execute();
  }
}

export const dynamicForms = defineResource<'dynamic_forms'>()({
  name: 'dynamic-forms',
  table: 'dynamic_forms',
  module: 'form',
  columns: ['title', 'status', 'version', 'submissions_count', 'created_by', 'created_at', 'updated_at'],
  label: 'title',
  createSchema,
  updateSchema,
  searchable: ['title'],
  // the survey picker of tasks and messages (`/dynamic-forms/choices?status=Active`), for admins who may not list forms
  choices: ['title'],
  sortable: ['title', 'status', 'created_at', 'submissions_count', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  dateRange: 'created_at',
  status: { kind: 'user' },
  exportColumns: ['id', 'title', 'status', 'version', 'submissions_count', 'created_at'],
  // a second form of the same title (ignoring case and spaces) is refused, 422 on `title` (migration 0036 backs it)
  uniqueTitle: {},
  routes(app, crud) {
    registerFormExport(app, crud);
  },
  presents: { questions: Type.Array(PresentedQuestion) },
  hooks: {
    async prepare(w, input, existing) {
      const values: Row = {};
      if (input.title !== undefined) values.title = input.title;
      if (!existing) {
        const errors: Record<string, string[]> = {};
        const clean = checkQuestions(input.questions ?? [], errors);
        clean.forEach((q, i) => {
          // a new form has no questions to name
          if (q.id !== null) errors[`questions.${i}.id`] = [FORM.notOfForm];
        });
        if (Object.keys(errors).length) throw new ValidationError(errors);
        plans.set(input, { insert: clean.map((q, position) => ({ ...q, position })), update: [], retire: [], remove: [] });
        return values;
      }
      if (input.questions === undefined && (input as Row).deletedIds === undefined) return values;
      const formId = Number(existing.id);
      await lockForm(w.ctx, w.db, formId);
      const { plan, changed } = await planEdit(w, input as Row, existing);
      plans.set(input, plan);
      if (changed) {
        // read again under the lock: another edit may have raised it since `existing` was read
        const { version } = await w.db.selectFrom('dynamic_forms').select('version').where('id', '=', formId).executeTakeFirstOrThrow();
        values.version = version + 1;
      }
      return values;
    },
    async afterWrite({ db }, row, input) {
      const plan = plans.get(input);
      if (!plan) return;
      plans.delete(input);
      await writePlan(db, Number(row.id), Number(row.version ?? 1), plan);
    },
    async beforeDelete({ ctx, db }, row) {
      await lockForm(ctx, db, row.id);
      const count = async (table: 'form_submissions' | 'tasks' | 'user_messages', column: 'form_id' | 'survey_id') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', row.id).executeTakeFirstOrThrow()).n);
      const submissions = await count('form_submissions', 'form_id');
      // the answers are the programme's records: a form that has them stays (blocked, it takes no more)
      if (submissions) throw conflict(submissions === 1 ? messageText('form_has_submission', { title: row.title }) : messageText('form_has_submissions', { title: row.title, number: submissions }));
      const uses: RecordCount[] = [];
      const tasks = await count('tasks', 'survey_id');
      if (tasks) uses.push({ noun: 'task', count: tasks });
      const messages = await count('user_messages', 'survey_id');
      if (messages) uses.push({ noun: 'message', count: messages });
      const title = String(row.title);
      if (uses.length) throw conflict(messageText('form_in_use', { title, uses: countsText(uses) }), { title, uses });
      // its questions go with it (ON DELETE CASCADE); none has answers, since the form has no submissions
    },
    async enrich(ctx, rows) {
      const questions = await currentQuestions(ctx.db, rows.map((r) => r.id));
      const answered = await answeredAmong(ctx.db, questions.map((q) => q.id));
      for (const r of rows) (r as Row).questions = questions.filter((q) => q.form_id === r.id).map((q) => presentQuestion(q, answered));
    },
  },
  sample: (n) => ({
    title: `Household survey ${n}`,
    questions: [
      { title: 'Name of the head of the household', type: 'text', is_required: 1, has_options: 0, options: [] },
      { title: 'Main source of drinking water', type: 'radio', is_required: 1, has_options: 1, options: [{ title: 'Tap' }, { title: 'Well' }, { title: 'Hand pump' }] },
      { title: 'Symptoms this week', type: 'checkbox', is_required: 0, has_options: 1, options: [{ title: 'Fever' }, { title: 'Cough' }, { title: 'Diarrhoea' }] },
      { title: 'Date of the last visit', type: 'date', is_required: 0, has_options: 0, options: [] },
    ],
  }),
  invalidSamples: [
    { title: '', questions: [{ title: 'Age', type: 'text' }] },
    { title: 'No questions', questions: [] },
    { title: 'Untitled question', questions: [{ title: ' ', type: 'text' }] },
    { title: 'Question without a type', questions: [{ title: 'Age' }] },
    { title: 'Unknown type', questions: [{ title: 'Age', type: 'essay' }] },
    { title: 'One option', questions: [{ title: 'Water', type: 'radio', options: [{ title: 'Tap' }, { title: '' }] }] },
    { title: 'Same options', questions: [{ title: 'Water', type: 'checkbox', options: ['Tap', 'Tap'] }] },
    { title: 'Id on a new form', questions: [{ id: 1, title: 'Age', type: 'text' }] },
  ],
});
