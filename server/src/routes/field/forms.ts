import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { TASK_STATUSES, USER_STATUS } from '../../../../contract/enums';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { ok, MESSAGES } from '../../http/envelope';
import { conflict, notFound, ValidationError } from '../../http/errors';
import { MAX_ID } from '../../http/fields';
import { answers, rowSchema } from '../../http/responses';
import { CHANGED_EVENT } from '../../realtime';
import { assignedForms, checkAnswers, isClientIdClash, loadSubmission, MAX_ANSWER_LENGTH, SUBMISSION, type SubmissionInput } from '../../resources/programme/formSubmissions';
import { currentQuestions, lockForm, PresentedQuestion } from '../../resources/programme/questions';
import { audit } from '../../services/audit';
import { now } from '../../services/tokens';
import { fieldRoute, IdParams, idOf, Paging, tags } from './shared';

/**
 * The field app's side of survey forms, under /api/field: a signed-in CHW reads the active forms of
 * the active Survey tasks given to them and posts what a household answered. A submission is checked
 * against the form's current questions and written in one transaction (the submission, its answers,
 * the form's count and, for a task, the CHW's status on it); the console's lists hear of it at once.
 * The app makes a `client_id` per submission and may post it again (a lost answer, a retry): the same
 * CHW's same client id answers with the submission first recorded, never a second one.
 */

const SubmissionBody = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', 'x-message': SUBMISSION.clientId, description: 'made by the app, one per submission: posting it again answers with the first' }),
    task_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ID }), Type.Null()], { 'x-message': SUBMISSION.task, description: 'the Survey task answered; it becomes Completed for the CHW' })),
    answers: Type.Array(
      Type.Object(
        {
          question_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
          value: Type.Union([Type.String({ maxLength: MAX_ANSWER_LENGTH }), Type.Array(Type.String({ maxLength: 191 }), { maxItems: 50 }), Type.Null()], {
            description: 'text, an option title (radio), a list of option titles (checkbox) or YYYY-MM-DD (date)',
          }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500, 'x-message': SUBMISSION.answers },
    ),
  },
  { additionalProperties: false },
);


/** Lets the console's lists (forms, and the task's CHW statuses) refetch. */
function announce(ctx: AppContext, formId: number, taskId: number | null) {
  void ctx.realtime.publish(ctx.realtime.channelForChanges('dynamic-forms'), CHANGED_EVENT, { action: 'update', id: ctx.ids.encode('dynamic-forms', formId), by: null });
  if (taskId !== null) void ctx.realtime.publish(ctx.realtime.channelForChanges('tasks'), CHANGED_EVENT, { action: 'update', id: ctx.ids.encode('tasks', taskId), by: null });
}

export async function fieldFormRoutes(app: FastifyInstance): Promise<void> {
  const chwRoute = fieldRoute('chw');
  const { ctx } = app;
  const { db } = ctx;
  /** A survey form as the CHW app reads it: its current questions, and the CHW's tasks that ask for it. */
  const FORM = Type.Unsafe(rowSchema(ctx.columnTypes, 'dynamic_forms', ['id', 'title', 'version', 'updated_at'], {
    questions: Type.Array(PresentedQuestion),
    tasks: Type.Array(Type.Unsafe(rowSchema(ctx.columnTypes, 'tasks', ['id', 'title', 's_date', 'e_date'], { my_status: Type.String() }))),
  }));
  const SUBMITTED = Type.Unsafe(rowSchema(ctx.columnTypes, 'form_submissions', ['id', 'form_id', 'task_id', 'client_id', 'form_version', 'submitted_at'], {
    answers: Type.Array(Type.Object({ question_id: Type.Integer(), value: Type.Unsafe({ type: ['array', 'string', 'null'], items: { type: 'string' } }) })),
  }));

  app.get(
    '/api/field/forms',
    {
      ...chwRoute,
      schema: { tags, summary: 'The survey forms of my tasks', description: 'Active forms of the active Survey tasks given to the signed-in CHW, newest first, 50 a page, with their current questions and those tasks.', querystring: Paging, response: answers(Type.Array(FORM), 'The forms.') },
    },
    async (request) => {
      const page = Number((request.query as { page?: string }).page ?? 1);
      return ok(await assignedForms(db, request.user!.id, null, page));
    },
  );

  app.get(
    '/api/field/forms/:id',
    { ...chwRoute, schema: { tags, summary: 'One survey form of my tasks', params: IdParams, response: answers(FORM, 'The form.') } },
    async (request) => {
      const [form] = await assignedForms(db, request.user!.id, idOf(request));
      if (!form) throw notFound();
      return ok(form);
    },
  );

  app.post(
    '/api/field/forms/:id/submissions',
    {
      ...chwRoute,
      schema: {
        tags,
        summary: 'Submit answers to a survey form',
        description:
          'Checks the answers against the form’s current questions (required ones answered, options among the question’s, dates as YYYY-MM-DD) and records them in one transaction. ' +
          'The form must be active and given to the CHW by an active Survey task (that task, when task_id is sent, which then becomes Completed for the CHW). ' +
          'Posting the same client_id again answers 200 with the submission first recorded. Field errors: answers.{i}.question_id, answers.{i}.value, questions.{question id} (a required question unanswered), task_id.',
        params: IdParams,
        body: SubmissionBody,
        response: answers(SUBMITTED, 'The submission as stored (the first one, for a client id sent again).'),
      },
    },
    async (request) => {
      const formId = idOf(request);
      const body = request.body as SubmissionInput;
      const user = request.user!;
      const clientId = body.client_id.trim();
      const taskId = body.task_id ?? null;
      /** the submission this CHW already made with this client id, if any */
      const earlier = async (database: Kysely<Database>) => {
        const row = await database.selectFrom('form_submissions').select(['id', 'form_id']).where('user_id', '=', user.id).where('client_id', '=', clientId).executeTakeFirst();
        if (row && row.form_id !== formId) throw conflict(SUBMISSION.otherForm);
        return row;
      };
      let result: { id: number; repeated: boolean };
      try {
        result = await db.transaction().execute(async (trx) => {
          const form = await trx.selectFrom('dynamic_forms').select(['id', 'status', 'version']).where('id', '=', formId).executeTakeFirst();
          if (!form) throw notFound();
          await lockForm(ctx, trx, formId);
          const repeat = await earlier(trx);
          if (repeat) return { id: repeat.id, repeated: true };
          const mine = await trx
            .selectFrom('tasks as t')
            .innerJoin('task_assignees as a', 'a.task_id', 't.id')
            .select('t.id')
            .where('t.survey_id', '=', formId)
            .where('t.status', '=', USER_STATUS.active)
            .where('a.user_id', '=', user.id)
            .execute();
          if (!mine.length) throw notFound();
          if (taskId !== null && !mine.some((t) => t.id === taskId)) throw ValidationError.field('task_id', SUBMISSION.task);
          // read under the lock: the form's state and questions cannot change until this commits
          const { status, version } = await trx.selectFrom('dynamic_forms').select(['status', 'version']).where('id', '=', formId).executeTakeFirstOrThrow();
          if (status !== USER_STATUS.active) throw ValidationError.field('form', SUBMISSION.blocked);
          const rows = checkAnswers(await currentQuestions(trx, [formId]), body.answers);
          const stamp = now();
          const { id } = await trx
            .insertInto('form_submissions')
            .values({ form_id: formId, task_id: taskId, user_id: user.id, client_id: clientId, form_version: version, submitted_at: stamp, created_at: stamp })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (rows.length) await trx.insertInto('form_answers').values(rows.map((r) => ({ ...r, submission_id: id }))).execute();
          await trx.updateTable('dynamic_forms').set((eb) => ({ submissions_count: eb('submissions_count', '+', 1) })).where('id', '=', formId).execute();
          if (taskId !== null) {
            await trx.updateTable('task_assignees').set({ status: TASK_STATUSES[2], updated_at: stamp }).where('task_id', '=', taskId).where('user_id', '=', user.id).execute();
          }
          await audit(trx, {
            actorId: null, action: 'form_submission', resource: 'dynamic-forms', recordId: formId,
            changes: { submission_id: id, user_id: user.id, task_id: taskId, answers: rows.length }, ip: request.ip, requestId: request.id,
          });
          return { id, repeated: false };
        });
      } catch (err) {
        // the same client id posted twice at once: the one that lost the race answers with the winner's
        if (!isClientIdClash(err)) throw err;
        const winner = await earlier(db);
        if (!winner) throw err;
        result = { id: winner.id, repeated: true };
      }
      if (!result.repeated) announce(ctx, formId, taskId);
      return ok(await loadSubmission(db, result.id), result.repeated ? 'This submission was already recorded.' : MESSAGES.created);
    },
  );
}
