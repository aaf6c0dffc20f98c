import { Type } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import type { QUESTION_TYPES } from '../../../../contract/enums';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import './schema';

/** The questions of survey forms as stored and presented, shared by the form's declaration, its field routes and its export. */

export type QuestionType = (typeof QUESTION_TYPES)[number];
/** the types whose answers are chosen among options */
export const CHOICE_TYPES: readonly string[] = ['checkbox', 'radio'];

/** A question as stored: what an answer is checked against. */
export interface StoredQuestion {
  id: number;
  form_id: number;
  title: string;
  type: string;
  is_required: number;
  options: string;
  position: number;
  version: number;
  retired_at: string | null;
}

/** The option titles of a stored question. */
export function optionsOf(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Takes the form's row lock on PostgreSQL, so that an edit and a submission of one form never
 * interleave: what an edit reads as answered stays so until it commits. (SQLite runs one write
 * transaction at a time anyway.)
 */
export async function lockForm(ctx: AppContext, db: Kysely<Database>, formId: number): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`select id from dynamic_forms where id = ${formId} for update`.execute(db);
}

/** The form's current questions (not retired), in order. */
export async function currentQuestions(db: Kysely<Database>, formIds: number[]): Promise<StoredQuestion[]> {
  if (!formIds.length) return [];
  return db
    .selectFrom('form_questions')
    .selectAll()
    .where('form_id', 'in', formIds)
    .where('retired_at', 'is', null)
    .orderBy('form_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Which of these questions have at least one answer (one index probe each). */
export async function answeredAmong(db: Kysely<Database>, questionIds: number[]): Promise<Set<number>> {
  if (!questionIds.length) return new Set();
  const rows = await db
    .selectFrom('form_questions as q')
    .select('q.id')
    .where('q.id', 'in', questionIds)
    .where(({ exists, selectFrom }) => exists(selectFrom('form_answers as a').select('a.question_id').whereRef('a.question_id', '=', 'q.id')))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A question as the API presents it (to the console and the field app). */
/** A question as `presentQuestion` answers it (`answered` on the console's reads only). */
export const PresentedQuestion = Type.Object({
  id: Type.Integer(), title: Type.String(), type: Type.String(), is_required: Type.Boolean(), has_options: Type.Boolean(),
  options: Type.Array(Type.Object({ title: Type.String() })), position: Type.Integer(), version: Type.Integer(), answered: Type.Optional(Type.Boolean()),
});

export function presentQuestion(q: StoredQuestion, answered?: Set<number>) {
  const options = optionsOf(q.options);
  return {
    id: q.id,
    title: q.title,
    type: q.type,
    is_required: Boolean(q.is_required),
    has_options: CHOICE_TYPES.includes(q.type),
    options: options.map((title) => ({ title })),
    position: q.position,
    version: q.version,
    ...(answered ? { answered: answered.has(q.id) } : {}),
  };
}

