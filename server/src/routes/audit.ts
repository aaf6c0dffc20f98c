import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { permissionName } from '../../../contract/permissions';
import type { AppContext, Principal } from '../context';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { answers, oneOfTypes, paginatorOf } from '../http/responses';
import { ValidationError } from '../http/errors';
import { listPath } from '../http/crud';
import { districtCondition, first, inSubset } from '../http/list';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, paginator } from '../http/paging';
import { dynamic, type Registry, type ResourceDef } from '../http/resource';
import { readableSends } from '../services/fanOut';

/**
 * The audit viewer: who did what, when, and what changed (GET /audit-log), for admins holding one of
 * the activity permissions. The log is append-only (triggers refuse updates and deletes); this only
 * reads it. Filters: the admin (an admin's encrypted id), the resource, the action and a date range.
 */

export const AUDIT_PERMISSIONS = ['view_activity_doctor', 'create_activity_chw'] as const;

/**
 * Entries about something other than a declared resource's record, and what reading their values takes:
 * the records of these resources (an admin's sign-ins are about that admin; a field user's about that
 * person, whichever kind), or a permission. Entries of any other kind show their values to super admins only.
 */
type EntryRule =
  | { records: readonly string[] }
  /** `readable`: of these records (by id), those the admin may read, when the permission is not all it takes */
  | { permission: string; readable?: (ctx: AppContext, admin: Principal, ids: number[]) => Promise<number[]> };

/** The sends a limited admin may read (services/fanOut.ts, `readableSends`), as the sent list shows them. */
async function readableNotifications(ctx: AppContext, admin: Principal, ids: number[]): Promise<number[]> {
  const limit = readableSends(ctx.dialect, admin);
  if (!limit || !ids.length) return ids;
  const rows = await ctx.db.selectFrom('sent_notifications as s').select('s.id').where('s.id', 'in', ids).where(limit).execute();
  return rows.map((r) => r.id);
}

const ENTRY_READERS: Readonly<Record<string, EntryRule>> = {
  auth: { records: ['admins'] },
  users: { records: ['app-users', 'family-members', 'chw', 'doctors'] },
  'duty-slots': { permission: 'view_doctor' },
  locations: { permission: 'view_location' },
  notifications: { permission: 'view_notification', readable: readableNotifications },
  'promotional.slider': { permission: 'view_setting' },
  'promotional.testimonial': { permission: 'view_setting' },
};

type Entry = { id: number; resource: string; record_id: number | null };

/**
 * The entries of a page whose values (before/after, what was sent) the admin may read: those about a
 * record it may read, by the record's module permission and its district (HIPAA's minimum necessary,
 * as the lists themselves keep it). A record gone since (deleted) is readable by admins of every
 * district holding the permission; its district can no longer be told.
 */
async function readableEntries(ctx: AppContext, registry: Registry, admin: Principal, entries: Entry[]): Promise<Set<number>> {
  const readable = new Set<number>();
  const byResource = new Map<string, Entry[]>();
  for (const e of entries) byResource.set(e.resource, [...(byResource.get(e.resource) ?? []), e]);
  for (const [resource, group] of byResource) {
    const declared = registry.byName.get(resource as never);
    const rule = ENTRY_READERS[resource];
    const defs: ResourceDef[] = declared ? [declared] : rule && 'records' in rule ? rule.records.map((name) => registry.byName.get(name as never)).filter((d): d is ResourceDef => Boolean(d)) : [];
    if (!defs.length) {
      if (admin.isSuper && !admin.districtIds) for (const e of group) readable.add(e.id);
      else if (rule && 'permission' in rule && admin.permissions.has(rule.permission)) {
        const ids = [...new Set(group.map((e) => e.record_id).filter((id): id is number => id !== null))];
        const allowed = new Set(rule.readable ? await rule.readable(ctx, admin, ids) : ids);
        for (const e of group) if (e.record_id === null || allowed.has(e.record_id)) readable.add(e.id);
      }
      continue;
    }
    const ids = [...new Set(group.map((e) => e.record_id).filter((id): id is number => id !== null))];
    const visible = new Set<number>();
    for (const def of defs) {
      if (!admin.permissions.has(permissionName('view', def.module))) continue;
      const limit = districtCondition(ctx, def, admin.districtIds);
      if (!limit) {
        // every district: any entry of the resource (a deleted record's too)
        for (const e of group) if (e.record_id === null || declared) readable.add(e.id);
        if (!declared && ids.length) {
          const found = await inSubset(def, dynamic(ctx.db).selectFrom(def.table).select('id').where('id', 'in', ids)).execute();
          for (const r of found) visible.add(Number(r.id));
        }
        continue;
      }
      for (const e of group) if (e.record_id === null) readable.add(e.id);
      if (ids.length) {
        const found = await limit(inSubset(def, dynamic(ctx.db).selectFrom(def.table).select('id').where('id', 'in', ids))).execute();
        for (const r of found) visible.add(Number(r.id));
      }
    }
    for (const e of group) if (e.record_id !== null && visible.has(e.record_id)) readable.add(e.id);
  }
  return readable;
}

const Query = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 12 })),
  per_page: Type.Optional(Type.String({ maxLength: 12 })),
  admin_id: Type.Optional(Type.String({ maxLength: 64, description: "an admin's encrypted id" })),
  resource: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  start_date: Type.Optional(Type.String({ maxLength: 10, format: 'date', 'x-message': 'Please provide a valid date.' })),
  end_date: Type.Optional(Type.String({ maxLength: 10, format: 'date', 'x-message': 'Please provide a valid date.' })),
});

const tags = ['audit'];
/** the facets (resources and actions seen in the log) are recomputed at most this often */
const FACETS_TTL_MS = 60_000;

const validDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

function parseChanges(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An entry of the log as the viewer reads it. */
const ENTRY = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  action: Type.String(),
  resource: Type.String(),
  record_id: oneOfTypes('integer', 'null'),
  record_encrypted_id: oneOfTypes('string', 'null'),
  actor: Type.Unsafe({ type: ['object', 'null'], required: ['encrypted_id', 'name', 'email'], properties: { encrypted_id: { type: 'string' }, name: { type: ['string', 'null'] }, email: { type: ['string', 'null'] } } }),
  changes: Type.Unsafe({ description: 'what changed (JSON), only to who may read the record; else null' }),
  values_hidden: Type.Boolean(),
  ip: oneOfTypes('string', 'null'),
});

export function registerAuditRoutes(app: FastifyInstance, registry: Registry): void {
  const { ctx } = app;
  const { db } = ctx;
  const access = { access: { anyPermission: AUDIT_PERMISSIONS } };
  let facets: { at: number; value: { resources: string[]; actions: string[] } } | null = null;

  app.get('/api/admin/audit-log', { config: access, schema: { tags, summary: 'The audit log, newest first: who, what, when and the changes; filtered by admin, resource, action and dates', querystring: Query, response: answers(paginatorOf(ENTRY), 'A page of the log, newest first.') } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    const page = Math.min(1_000_000, Math.max(1, Number.parseInt(first(q.page) ?? '1', 10) || 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(first(q.per_page) ?? '', 10) || DEFAULT_PER_PAGE));
    const adminId = first(q.admin_id);
    const resource = first(q.resource)?.trim();
    const action = first(q.action)?.trim();
    const [start, end] = [first(q.start_date), first(q.end_date)];
    const errors: Record<string, string[]> = {};
    let actor: number | null = null;
    if (adminId) {
      actor = ctx.ids.decode('admins', adminId);
      if (actor === null) errors.admin_id = ['Please select an admin.'];
    }
    if (start && !validDay(start)) errors.start_date = ['Please provide a valid date.'];
    if (end && !validDay(end)) errors.end_date = ['Please provide a valid date.'];
    if (start && end && validDay(start) && validDay(end) && end < start) errors.end_date = ['Select a date after the start date!'];
    if (Object.keys(errors).length) throw new ValidationError(errors);

    let base = db.selectFrom('audit_log as l');
    if (actor !== null) base = base.where('l.actor_id', '=', actor);
    if (resource) base = base.where('l.resource', '=', resource);
    if (action) base = base.where('l.action', '=', action);
    // created_at is an ISO timestamp in UTC: a day's rows sort between "day" and "day + 1"
    if (start) base = base.where('l.created_at', '>=', start);
    if (end) base = base.where('l.created_at', '<', new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.leftJoin('admins as a', 'a.id', 'l.actor_id')
        .select(['l.id', 'l.actor_id', 'l.action', 'l.resource', 'l.record_id', 'l.changes', 'l.ip', 'l.created_at', 'a.f_name', 'a.l_name', 'a.email'])
        .orderBy('l.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    const readable = await readableEntries(ctx, registry, requireAdmin(request), rows.map((r) => ({ id: r.id, resource: r.resource, record_id: r.record_id })));
    const data = rows.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      action: r.action,
      resource: r.resource,
      record_id: r.record_id,
      // a link to the record, for the resources the console shows
      record_encrypted_id: r.record_id !== null && registry.byName.has(r.resource as never) ? ctx.ids.encode(r.resource, r.record_id) : null,
      actor: r.actor_id === null
        ? null
        : { encrypted_id: ctx.ids.encode('admins', r.actor_id), name: [r.f_name, r.l_name].filter(Boolean).join(' ') || null, email: r.email ?? null },
      // the values only to who may read the record; otherwise who, what and when
      changes: readable.has(r.id) ? parseChanges(r.changes) : null,
      values_hidden: !readable.has(r.id) && r.changes !== null,
      ip: r.ip,
    }));
    return ok(paginator({ rows: data, total: Number(count?.n ?? 0), page, perPage, path: listPath(ctx, request), query: new URLSearchParams(request.url.split('?')[1] ?? '') }));
  });

  // what the filters offer: the resources and actions the log holds
  app.get('/api/admin/audit-log/facets', { config: access, schema: { tags, summary: 'The resources and actions the audit log holds (for its filters)', response: answers(Type.Object({ resources: Type.Array(Type.String()), actions: Type.Array(Type.String()) }), 'What the log holds.') } }, async () => {
    if (!facets || Date.now() - facets.at > FACETS_TTL_MS) {
      const [resources, actions] = await Promise.all([
        db.selectFrom('audit_log').select('resource').distinct().orderBy('resource').execute(),
        db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
      ]);
      facets = { at: Date.now(), value: { resources: resources.map((r) => r.resource), actions: actions.map((r) => r.action) } };
    }
    return ok(facets.value);
  });
}
