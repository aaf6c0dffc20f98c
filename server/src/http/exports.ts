import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionName } from '../../../contract/permissions';
import { USER_STATUS } from '../../../contract/enums';
import type { AppContext } from '../context';
import { audit } from '../services/audit';
import { csvStream, DateCell, excelSerial, EXPORT_TTL_MS, signExport, verifyExport, xlsxStream } from '../services/export';
import { dateFormatters, exportColumns, exportLocale, headerOf, typedCell } from './exportColumns';
import { first } from './list';
import { EXPORT_TYPES, signedLinkAnswers } from './responses';
import { districtsOfAdmin, permissionsOfRole, requireAdmin } from './auth';
import { forbidden, HttpError } from './errors';
import type { CrudHelpers, Row } from './resource';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

const DROPPED = new Set(['download', 'page', 'per_page', 'paginate', 'format', 'lang', 'tz', 'labels']);

/** `download=true` on a list answers with this: a signed link valid for five minutes, no bearer needed. */
export function exportLink(ctx: AppContext, request: FastifyRequest, resource: string, q: Record<string, unknown>): string {
  const admin = requireAdmin(request);
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(q)) {
    if (DROPPED.has(k)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') query[k] = String(v);
    else if (Array.isArray(v)) query[k] = v.map(String);
  }
  const format = q.format === 'xlsx' ? 'xlsx' : 'csv';
  // the reader's language, zone and labels, checked now. The labels (of this resource's columns only)
  // ride in the link's query, not its token (a path segment has a length limit); the token carries
  // their digest, so a link's headers are the ones asked for.
  const reader = exportLocale({ lang: first(q.lang), tz: first(q.tz), labels: first(q.labels) });
  const def = ctx.registry.byName.get(resource);
  const keys = new Set([...(def ? exportColumns(def).map((c) => c.key) : []), 'status.1', 'status.2']);
  const labels = Object.fromEntries(Object.entries(reader.labels).filter(([k]) => keys.has(k)));
  const labelText = Object.keys(labels).length ? JSON.stringify(labels) : '';
  const token = signExport(ctx.config.appKey, {
    resource, adminId: admin.id, query, format, exp: Date.now() + EXPORT_TTL_MS,
    lang: reader.locale, tz: reader.timeZone, ...(labelText ? { labels: digest(labelText) } : {}),
  });
  if (labelText) return `${ctx.config.publicUrl}/api/admin/exports/${token}?labels=${encodeURIComponent(labelText)}`;
  return `${ctx.config.publicUrl}/api/admin/exports/${token}`;
}

/**
 * The admin a signed export link was made for, if still active and still holding the view permission
 * of the module (the link is the credential, so this is checked when it is opened); else 403.
 */
export async function linkAdmin(ctx: AppContext, adminId: number, module: string): Promise<{ id: number }> {
  const admin = await ctx.db
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['a.id', 'a.status', 'a.role_id', 'r.is_super'])
    .where('a.id', '=', adminId)
    .executeTakeFirst();
  const permissions = admin ? await permissionsOfRole(ctx, admin.role_id, Boolean(admin.is_super)) : new Set<string>();
  if (!admin || admin.status !== USER_STATUS.active || !permissions.has(permissionName('view', module))) throw forbidden();
  return { id: admin.id };
}

/**
 * GET /api/admin/exports/{token}: streams the list as CSV or XLSX. The link is the credential, so it
 * is short-lived, and the admin behind it must still be active and still hold the view permission.
 */
export function registerExportRoute(app: FastifyInstance, crud: Map<string, CrudHelpers>): void {
  const ctx = app.ctx;
  app.get(
    '/api/admin/exports/:token',
    { config: { access: { auth: false } }, schema: { tags: ['exports'], params: Type.Object({ token: Type.String() }), querystring: Type.Object({ labels: Type.Optional(Type.String({ maxLength: 8000 })) }), security: [], response: signedLinkAnswers(EXPORT_TYPES, 'The list as a file: CSV or XLSX, as the link was made for.') } },
    async (request, reply) => {
      const claim = verifyExport(ctx.config.appKey, (request.params as { token: string }).token);
      if (!claim) throw new HttpError(410, 'This download link has expired or is not valid. Export again.');
      const helpers = crud.get(claim.resource);
      if (!helpers) throw new HttpError(404, 'Not found.');
      const admin = await linkAdmin(ctx, claim.adminId, helpers.def.module);
      // the link's admin's districts, as they are now
      const districtIds = await districtsOfAdmin(ctx, admin.id);

      const def = helpers.def;
      const given = first((request.query as Record<string, unknown>).labels);
      const reader = exportLocale({ lang: claim.lang, tz: claim.tz, labels: claim.labels && given && digest(given) === claim.labels ? given : undefined });
      const columns = exportColumns(def);
      const header = columns.map((c) => headerOf(c.key, reader));
      const dates = dateFormatters(reader);
      const toCells = (row: Row) =>
        columns.map((c) => {
          const cell = typedCell(c, c.value(row), reader);
          const ms = cell.value as number;
          if (cell.kind === 'date') return new DateCell(excelSerial(ms), false, dates.date(ms));
          if (cell.kind === 'datetime') return new DateCell(excelSerial(ms + dates.offsetMs(ms)), true, dates.datetime(ms));
          return cell.value;
        });
      async function* rows() {
        for await (const row of helpers!.allRows(claim!.query, request, { districtIds })) yield toCells(row);
      }
      await audit(ctx.db, { actorId: admin.id, action: 'export', resource: def.name, recordId: null, changes: { query: claim.query, format: claim.format }, ip: request.ip, requestId: request.id });
      const stamp = new Date().toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store');
      if (claim.format === 'xlsx') {
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        reply.header('content-disposition', `attachment; filename="${def.name}-${stamp}.xlsx"`);
        return reply.send(xlsxStream(header, rows(), { rightToLeft: reader.locale === 'ar' }));
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${def.name}-${stamp}.csv"`);
      return reply.send(csvStream(header, rows()));
    },
  );
}
