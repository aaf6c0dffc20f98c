import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TASK_STATUSES, USER_STATUS } from '../../../../contract/enums';
import { ok, MESSAGES } from '../../http/envelope';
import { notFound, ValidationError } from '../../http/errors';
import { Fields, idList, MAX_ID } from '../../http/fields';
import { CHANGED_EVENT } from '../../realtime';
import { PLACE, placeValues } from '../../resources/programme/place';
import { audit } from '../../services/audit';
import { now } from '../../services/tokens';
import { fieldRoute, IdParams, idOf, Paging, PER_PAGE, tags } from './shared';
import { answers, fileLink, idTitles, oneOfTypes, rowSchema } from '../../http/responses';

/**
 * The field apps' side of programme work, under /api/field: a CHW reads the tasks given to them and
 * sets their own status on one (the console's task page changes as it happens); a patient reads the
 * messages sent to them, marks one seen or answered, and says where they live and what interests them
 * (what messages are sent by). Ids are plain numbers; every route keeps to the caller's own rows.
 */

const chwRoute = fieldRoute('chw');
const patientRoute = fieldRoute('patient');

/** `{ id, title }` of a linked record, or null. */
const linked = () => Type.Unsafe({ type: ['object', 'null'], required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: ['string', 'null'] } } });

export async function fieldTaskRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx;
  /** A task as the CHW app reads it: the task's fields, its links, and the CHW's own status on it. */
  const TASK = Type.Unsafe(rowSchema(ctx.columnTypes, 'tasks', ['id', 'title', 'type', 'note', 'desc', 's_date', 'e_date', 'survey_id', 'campaign_id', 'knowledge_id'], {
    file: fileLink(),
    survey: linked(),
    campaign: linked(),
    knowledge: linked(),
    my: Type.Object({ status: Type.String(), desc: oneOfTypes('string', 'null'), date: oneOfTypes('string', 'null') }),
  }));

  /** the caller's tasks (active ones), newest first, with their own status on each */
  async function tasksOf(userId: number, taskId: number | null, page = 1) {
    let q = db
      .selectFrom('task_assignees as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .leftJoin('dynamic_forms as f', 'f.id', 't.survey_id')
      .leftJoin('campaigns as c', 'c.id', 't.campaign_id')
      .leftJoin('health_literacy_contents as h', 'h.id', 't.knowledge_id')
      .select([
        't.id', 't.title', 't.type', 't.note', 't.desc', 't.s_date', 't.e_date', 't.file', 't.survey_id', 't.campaign_id', 't.knowledge_id',
        'f.title as survey_title', 'c.title as campaign_title', 'h.title as knowledge_title', 'a.status as my_status', 'a.desc as my_desc', 'a.updated_at as my_updated_at',
      ])
      .where('a.user_id', '=', userId)
      .where('t.status', '=', USER_STATUS.active);
    if (taskId !== null) q = q.where('t.id', '=', taskId);
    const rows = await q.orderBy('t.s_date', 'desc').orderBy('t.id', 'desc').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
    return rows.map(({ survey_title, campaign_title, knowledge_title, my_status, my_desc, my_updated_at, file, ...t }) => ({
      ...t,
      // the apps are not on the console's origin: an absolute link
      file: file ? { path: `${ctx.config.publicUrl}${ctx.storage.url(file)}` } : null,
      survey: t.survey_id ? { id: t.survey_id, title: survey_title } : null,
      campaign: t.campaign_id ? { id: t.campaign_id, title: campaign_title } : null,
      knowledge: t.knowledge_id ? { id: t.knowledge_id, title: knowledge_title } : null,
      my: { status: my_status, desc: my_desc, date: my_updated_at },
    }));
  }

  app.get('/api/field/tasks', { ...chwRoute, schema: { tags, querystring: Paging, response: answers(Type.Array(TASK), `The CHW's active tasks, newest first, ${PER_PAGE} a page.`) } }, async (request) => {
    return ok(await tasksOf(request.user!.id, null, Number((request.query as { page?: string }).page ?? 1)));
  });

  app.get('/api/field/tasks/:id', { ...chwRoute, schema: { tags, params: IdParams, response: answers(TASK, 'The task.') } }, async (request) => {
    const [task] = await tasksOf(request.user!.id, idOf(request));
    if (!task) throw notFound();
    return ok(task);
  });

  app.put(
    '/api/field/tasks/:id/status',
    {
      ...chwRoute,
      schema: {
        tags,
        params: IdParams,
        body: Type.Object(
          {
            status: Fields.enumOf(TASK_STATUSES, `The status must be one of ${TASK_STATUSES.join(', ')}.`),
            desc: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { 'x-message': 'At most 2000 characters.' })),
          },
          { additionalProperties: false },
        ),
        response: answers(TASK, 'The task with the CHW’s new status.'),
      },
    },
    async (request) => {
      const taskId = idOf(request);
      const body = request.body as { status: string; desc?: string | null };
      const user = request.user!;
      await db.transaction().execute(async (trx) => {
        const task = await trx.selectFrom('tasks').select(['id', 'status']).where('id', '=', taskId).executeTakeFirst();
        const mine = task && (await trx.selectFrom('task_assignees').select(['status', 'desc']).where('task_id', '=', taskId).where('user_id', '=', user.id).executeTakeFirst());
        if (!task || !mine || task.status !== USER_STATUS.active) throw notFound();
        const values = { status: body.status, updated_at: now(), ...(body.desc !== undefined ? { desc: body.desc } : {}) };
        await trx.updateTable('task_assignees').set(values).where('task_id', '=', taskId).where('user_id', '=', user.id).execute();
        await audit(trx, {
          actorId: null, action: 'task_status', resource: 'tasks', recordId: taskId,
          changes: { user_id: user.id, status: { from: mine.status, to: body.status } }, ip: request.ip, requestId: request.id,
        });
      });
      void ctx.realtime.publish(ctx.realtime.channelForChanges('tasks'), CHANGED_EVENT, { action: 'updated', id: ctx.ids.encode('tasks', taskId), by: null });
      const [task] = await tasksOf(user.id, taskId);
      return ok(task, MESSAGES.updated);
    },
  );
}

export async function fieldMessageRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx;
  /** A message as the patient app reads it, with the patient's own copy's state. */
  const MESSAGE = Type.Unsafe(rowSchema(ctx.columnTypes, 'user_messages', ['id', 'type', 'title', 'text', 'survey_id', 'knowledge_id', 'created_at'], {
    status: oneOfTypes('string', 'null'),
    submitted_date: oneOfTypes('string', 'null'),
    is_view: Type.Boolean(),
    survey: linked(),
    knowledge: linked(),
  }));

  async function messagesOf(userId: number, messageId: number | null, page = 1) {
    let q = db
      .selectFrom('user_message_recipients as r')
      .innerJoin('user_messages as m', 'm.id', 'r.message_id')
      .leftJoin('dynamic_forms as f', 'f.id', 'm.survey_id')
      .leftJoin('health_literacy_contents as h', 'h.id', 'm.knowledge_id')
      .select(['m.id', 'm.type', 'm.title', 'm.text', 'm.survey_id', 'm.knowledge_id', 'm.created_at', 'f.title as survey_title', 'h.title as knowledge_title', 'r.is_view', 'r.status', 'r.submitted_date'])
      .where('r.user_id', '=', userId)
      .where('m.status', '=', USER_STATUS.active);
    if (messageId !== null) q = q.where('m.id', '=', messageId);
    const rows = await q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
    return rows.map(({ survey_title, knowledge_title, is_view, ...m }) => ({
      ...m,
      is_view: Boolean(is_view),
      survey: m.survey_id ? { id: m.survey_id, title: survey_title } : null,
      knowledge: m.knowledge_id ? { id: m.knowledge_id, title: knowledge_title } : null,
    }));
  }

  /** marks the caller's copy of a message (seen, or answered) and lets the console's recipients list know */
  async function mark(request: FastifyRequest, values: { is_view: number; status?: string; submitted_date?: string }) {
    const messageId = idOf(request);
    const user = request.user!;
    const [message] = await messagesOf(user.id, messageId);
    if (!message) throw notFound();
    await db.updateTable('user_message_recipients').set(values).where('message_id', '=', messageId).where('user_id', '=', user.id).execute();
    void ctx.realtime.publish(ctx.realtime.channelForChanges('user-messages'), CHANGED_EVENT, { action: 'updated', id: ctx.ids.encode('user-messages', messageId), by: null });
    return ok((await messagesOf(user.id, messageId))[0], MESSAGES.updated);
  }

  app.get('/api/field/messages', { ...patientRoute, schema: { tags, querystring: Paging, response: answers(Type.Array(MESSAGE), `The messages sent to the patient, newest first, ${PER_PAGE} a page.`) } }, async (request) => {
    return ok(await messagesOf(request.user!.id, null, Number((request.query as { page?: string }).page ?? 1)));
  });
  app.get('/api/field/messages/:id', { ...patientRoute, schema: { tags, params: IdParams, response: answers(MESSAGE, 'The message.') } }, async (request) => {
    const [message] = await messagesOf(request.user!.id, idOf(request));
    if (!message) throw notFound();
    return ok(message);
  });
  app.put('/api/field/messages/:id/view', { ...patientRoute, schema: { tags, params: IdParams, response: answers(MESSAGE, 'The message, seen.') } }, (request) => mark(request, { is_view: 1 }));
  app.put('/api/field/messages/:id/submit', { ...patientRoute, schema: { tags, params: IdParams, response: answers(MESSAGE, 'The message, answered.') } }, (request) =>
    mark(request, { is_view: 1, status: 'Submitted', submitted_date: now() }),
  );

  /** what a patient may choose among: the interests and places */
  app.get('/api/field/interests', { ...patientRoute, schema: { tags, response: answers(idTitles(), 'The interests to choose among.') } }, async () =>
    ok(await db.selectFrom('interests').select(['id', 'title']).orderBy('title').execute()),
  );

  app.put(
    '/api/field/me/reach',
    {
      ...patientRoute,
      schema: {
        tags,
        body: Type.Object(
          {
            district_id: Fields.reference(PLACE.district),
            tehsil_id: Fields.reference(PLACE.tehsil),
            interest_ids: idList(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 100, 'x-message': 'Please select interests from the list.' }),
          },
          { additionalProperties: false },
        ),
        response: answers(Type.Object({ district_id: Type.Integer(), tehsil_id: Type.Integer(), interest_ids: Type.Array(Type.Integer()) }), 'Where the patient lives and what interests them, as stored.'),
      },
    },
    async (request) => {
      const body = request.body as { district_id: number; tehsil_id: number; interest_ids: number[] };
      const user = request.user!;
      const errors: Record<string, string[]> = {};
      await placeValues(db, body, null, errors);
      if (body.interest_ids.length) {
        const found = await db.selectFrom('interests').select('id').where('id', 'in', body.interest_ids).execute();
        if (found.length !== body.interest_ids.length) errors.interest_ids = ['Please select interests from the list.'];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('patient_profiles').set({ district_id: body.district_id, tehsil_id: body.tehsil_id }).where('id', '=', user.id).execute();
        await trx.deleteFrom('patient_interests').where('user_id', '=', user.id).execute();
        if (body.interest_ids.length) await trx.insertInto('patient_interests').values(body.interest_ids.map((interest_id) => ({ user_id: user.id, interest_id }))).execute();
        await audit(trx, { actorId: null, action: 'field_reach', resource: 'app-users', recordId: user.id, changes: body, ip: request.ip, requestId: request.id });
      });
      return ok(body, MESSAGES.updated);
    },
  );
}

