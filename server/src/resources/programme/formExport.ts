import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { districtsOfAdmin, requireAdmin } from '../../http/auth';
import { access } from '../../http/crud';
import { ok } from '../../http/envelope';
import { HttpError, notFound } from '../../http/errors';
import { linkAdmin } from '../../http/exports';
import { idsWithinDistricts } from '../../http/list';
import type { CrudHelpers } from '../../http/resource';
import { answers, EXPORT_TYPES, signedLinkAnswers } from '../../http/responses';
import { audit } from '../../services/audit';
import { csvStream, EXPORT_TTL_MS, signExport, verifyExport, xlsxStream } from '../../services/export';
import { optionsOf, type StoredQuestion } from './questions';

/**
 * The survey data of one form (spec 3: `GET /dynamic-forms/export/{id}` returns a URL the browser
 * opens): one row per submission (its id, when, the CHW, the task, the form version) and one column per
 * question: the current questions in order, then the retired ones that have answers, named with the
 * version that added them, so an answer is always under the question it answered. Streamed in batches
 * of submissions (keyset by id), never the whole form in memory; cells go through the export service,
 * which neutralises spreadsheet formulas.
 */

/** the claim's resource: a signed link of a list export can never be taken for one of these, nor the reverse */
const CLAIM = 'dynamic-forms:submissions';
const BATCH = 500;
const LINK_PATH = '/api/admin/exports/form-submissions';

const FormatQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { 'x-message': 'The format is csv or xlsx.', description: 'csv (default) or xlsx' })),
});

/** A submission row's answer cell: a checkbox's options joined by "; ". */
const cellOf = (question: StoredQuestion, value: string | undefined) =>
  value === undefined ? '' : question.type === 'checkbox' ? optionsOf(value).join('; ') : value;

export function registerFormExport(app: FastifyInstance, crud: CrudHelpers): void {
  const { ctx } = app;
  const { db } = ctx;
  const { def } = crud;

  app.get(
    `/api/admin/${def.name}/export/:id`,
    {
      config: access(def, 'view'),
      schema: {
        tags: [def.name],
        summary: 'A download link of the form’s submissions',
        description: 'Answers `data`: a link valid for five minutes, needing no bearer header, to a CSV or XLSX with one row per submission and one column per question.',
        params: Type.Object({ id: Type.String({ description: 'encrypted id' }) }),
        querystring: FormatQuery,
        response: answers(Type.String({ description: 'the signed link' }), 'The link to the file.'),
      },
    },
    async (request) => {
      const id = crud.decodeId((request.params as { id: string }).id);
      await crud.loadOne(id, request); // 404 for a form that is not there
      const format = (request.query as { format?: 'csv' | 'xlsx' }).format ?? 'csv';
      const token = signExport(ctx.config.appKey, { resource: CLAIM, adminId: requireAdmin(request).id, query: { form_id: String(id) }, format, exp: Date.now() + EXPORT_TTL_MS });
      return ok(`${ctx.config.publicUrl}${LINK_PATH}/${token}`, 'Export ready.');
    },
  );

  app.get(
    `${LINK_PATH}/:token`,
    { config: { access: { auth: false } }, schema: { tags: ['exports'], summary: 'A survey form’s submissions as CSV or XLSX (signed link)', params: Type.Object({ token: Type.String() }), security: [], response: signedLinkAnswers(EXPORT_TYPES, 'The submissions as a file: CSV or XLSX.') } },
    async (request, reply) => {
      const claim = verifyExport(ctx.config.appKey, (request.params as { token: string }).token);
      if (!claim || claim.resource !== CLAIM) throw new HttpError(410, 'This download link has expired or is not valid. Export again.');
      const admin = await linkAdmin(ctx, claim.adminId, def.module);
      // as the CHW list keeps to the admin's districts (as they are now), so do their answers
      const byChws = idsWithinDistricts(ctx, ctx.registry.byName.get('chw')!, await districtsOfAdmin(ctx, admin.id));
      const formId = Number(claim.query.form_id);
      const form = Number.isInteger(formId) ? await db.selectFrom('dynamic_forms').select(['id', 'title']).where('id', '=', formId).executeTakeFirst() : undefined;
      if (!form) throw notFound();

      const current = await db.selectFrom('form_questions').selectAll().where('form_id', '=', formId).where('retired_at', 'is', null).orderBy('position').orderBy('id').execute();
      const retired = await db
        .selectFrom('form_questions as q')
        .selectAll('q')
        .where('q.form_id', '=', formId)
        .where('q.retired_at', 'is not', null)
        .where(({ exists, selectFrom }) => exists(selectFrom('form_answers as a').select('a.question_id').whereRef('a.question_id', '=', 'q.id')))
        .orderBy('q.version')
        .orderBy('q.position')
        .orderBy('q.id')
        .execute();
      const questions = [...current, ...retired];
      const header = ['Submission', 'Submitted at', 'CHW', 'Task', 'Form version', ...current.map((q) => q.title), ...retired.map((q) => `${q.title} (version ${q.version})`)];

      async function* rows(): AsyncGenerator<unknown[]> {
        for (let after = 0; ; ) {
          const batch = await db
            .selectFrom('form_submissions as s')
            .innerJoin('users as u', 'u.id', 's.user_id')
            .leftJoin('tasks as t', 't.id', 's.task_id')
            .select(['s.id', 's.submitted_at', 's.form_version', 'u.f_name', 'u.l_name', 't.title as task'])
            .where('s.form_id', '=', formId)
            .where('s.id', '>', after)
            .$if(byChws !== null, (q) => q.where(sql.ref('s.user_id'), 'in', byChws!))
            .orderBy('s.id')
            .limit(BATCH)
            .execute();
          if (!batch.length) return;
          const answers = await db.selectFrom('form_answers').select(['submission_id', 'question_id', 'value']).where('submission_id', 'in', batch.map((s) => s.id)).execute();
          const byKey = new Map(answers.map((a) => [`${a.submission_id}:${a.question_id}`, a.value]));
          for (const s of batch) {
            const name = [s.f_name, s.l_name].filter(Boolean).join(' ');
            yield [s.id, s.submitted_at, name, s.task ?? '', s.form_version, ...questions.map((q) => cellOf(q, byKey.get(`${s.id}:${q.id}`)))];
          }
          if (batch.length < BATCH) return;
          after = batch[batch.length - 1]!.id;
        }
      }

      await audit(db, { actorId: admin.id, action: 'export', resource: def.name, recordId: formId, changes: { submissions: true, format: claim.format }, ip: request.ip, requestId: request.id });
      const name = `survey-${formId}-${new Date().toISOString().slice(0, 10)}`;
      reply.header('cache-control', 'no-store');
      if (claim.format === 'xlsx') {
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        reply.header('content-disposition', `attachment; filename="${name}.xlsx"`);
        return reply.send(xlsxStream(header, rows()));
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${name}.csv"`);
      return reply.send(csvStream(header, rows()));
    },
  );
}
