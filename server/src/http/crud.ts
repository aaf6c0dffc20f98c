import { type TObject, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type Action, permissionName } from '../../../contract/permissions';
import { USER_STATUS } from '../../../contract/enums';
import type { AppContext } from '../context';
import type { Dialect } from '../db';
import { audit, diff } from '../services/audit';
import { now } from '../services/tokens';
import { requireAdmin } from './auth';
import { ok, MESSAGES } from './envelope';
import { notFound, ValidationError } from './errors';
import { MAX_ID } from './fields';
import { exportLink } from './exports';
import { CHANGED_EVENT } from '../realtime';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, paginator } from './paging';
import type { AnySelect, CrudHelpers, ResourceDef, Row, WriteContext } from './resource';

/** paginate=false answers are capped so one call cannot pull a whole table of patients. */
export const UNPAGED_LIMIT = 5000;
const EXPORT_BATCH = 1000;

const Id = Type.Object({ id: Type.String({ description: 'encrypted id' }) });
const StatusBody = Type.Object(
  { status: Type.Union([Type.Literal(1), Type.Literal(2)], { 'x-message': 'The status must be 1 (active) or 2 (blocked).' }) },
  { additionalProperties: false },
);

const partial = (schema: TObject): TObject =>
  Type.Partial(schema, { additionalProperties: false }) as unknown as TObject;

/** the first value of a query parameter; NUL characters dropped (PostgreSQL refuses them in text) */
const first = (v: unknown): string | undefined =>
  Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v.replaceAll('\u0000', '') : undefined;
/** beyond this, (page - 1) * per_page is no longer a usable OFFSET */
const MAX_PAGE = 1_000_000_000;

/**
 * What a search matches: the one searchable column, or all of them joined by spaces (so "Ali Khan"
 * finds first name Ali, last name Khan). PostgreSQL's trigram index (migration 0005) is built on
 * exactly this expression.
 */
export function searchText(columns: string[]) {
  if (columns.length === 1) return sql.ref(columns[0]!);
  return sql.join(columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`), sql` || ' ' || `);
}

/**
 * `columns` contain `search` (case-insensitive; % and _ match themselves). Backslash is PostgreSQL's
 * default LIKE escape; spelling ESCAPE out there would hide the pattern from the trigram index's
 * planner, so only SQLite gets the clause.
 */
export function searchMatches(dialect: Dialect, columns: string[], search: string) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return dialect === 'postgres' ? sql<boolean>`${searchText(columns)} ilike ${pattern}` : sql<boolean>`${searchText(columns)} like ${pattern} escape '\\'`;
}

/** Where the list lives for page links: PUBLIC_URL when set, else the request's own origin. */
export function listPath(ctx: AppContext, request: FastifyRequest): string {
  const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${request.url.split('?')[0]}`;
}

export function access(def: ResourceDef, action: Action) {
  return { access: { permission: permissionName(action, def.module) } };
}

export interface PendingWrite extends Omit<WriteContext, 'db'> {
  /** runs the deferred tasks; returns a note for the answer's message when one failed */
  flush(): Promise<string>;
}

export function writeContext(ctx: AppContext, request: FastifyRequest): PendingWrite {
  const tasks: (() => Promise<void>)[] = [];
  return {
    ctx,
    admin: requireAdmin(request),
    request,
    afterCommit: (task) => tasks.push(task),
    async flush() {
      let note = '';
      for (const task of tasks.splice(0)) {
        try {
          await task();
        } catch (err) {
          request.log.error({ err }, 'after-commit task failed');
          note = ' The email could not be sent; check the mail settings.';
        }
      }
      return note;
    },
  };
}

export function registerCrud(app: FastifyInstance, def: ResourceDef): CrudHelpers {
  const ctx = app.ctx;
  const db = ctx.db;
  const tags = [def.name];
  const columns = ['id', ...def.columns.filter((c) => c !== 'id')];

  /** tells open lists of this resource (other admins' consoles) that a record changed; never delays or fails the write */
  const announce = (action: 'create' | 'update' | 'delete' | 'status', id: number, request: FastifyRequest) => {
    const by = request.admin ? ctx.ids.encode('admins', request.admin.id) : null;
    void ctx.realtime.publish(ctx.realtime.channelForChanges(def.name), CHANGED_EVENT, { action, id: ctx.ids.encode(def.name, id), by });
  };

  const decodeId = (encrypted: string): number => {
    const id = ctx.ids.decode(def.name, encrypted);
    if (id === null) throw notFound();
    return id;
  };

  const present = async (rows: Row[]): Promise<Row[]> => {
    // rows are fresh from the driver: add to them in place. Copying each ({ ...r }) and then adding
    // fields cost ~35% of a 25-row admin page (bench/README.md).
    const out: Row[] = rows;
    for (const r of out) r.encrypted_id = ctx.ids.encode(def.name, r.id);
    for (const rel of def.belongsTo ?? []) {
      const ids = [...new Set(out.map((r) => r[rel.column]).filter((v): v is number => typeof v === 'number'))];
      const parents = ids.length
        ? await db.selectFrom(rel.table).select(['id', ...rel.columns] as never[]).where('id', 'in', ids).execute()
        : [];
      const byId = new Map((parents as Row[]).map((p) => [p.id, { ...p, encrypted_id: ctx.ids.encode(rel.resource, p.id) }]));
      for (const r of out) r[rel.as] = byId.get(r[rel.column]) ?? null;
    }
    await def.hooks?.enrich?.(ctx, out);
    return out;
  };

  const selectRaw = (id: number) =>
    db.selectFrom(def.table).select(columns as never[]).where('id', '=', id).executeTakeFirst() as Promise<Row | undefined>;

  const loadOne = async (id: number): Promise<Row> => {
    const row = await selectRaw(id);
    if (!row) throw notFound();
    return (await present([row]))[0]!;
  };

  /** The list's query from request parameters: search, filters, ids[], sort and order. */
  const listQuery = (q: Record<string, unknown>, request: FastifyRequest, scope?: (qb: AnySelect) => AnySelect) => {
    const search = (first(q.search) ?? '').trim();
    const sortParam = first(q.sort);
    const sort = sortParam && def.sortable.includes(sortParam) ? sortParam : def.defaultSort.field;
    const orderParam = first(q.order)?.toLowerCase();
    const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : sortParam ? 'asc' : def.defaultSort.order;

    const errors: Record<string, string[]> = {};
    const filters: [string, unknown][] = [];
    for (const [param, type] of Object.entries({ ...def.filters, ...(def.status ? { status: 'integer' as const } : {}) })) {
      const raw = first(q[param]);
      if (raw === undefined || raw === '') continue;
      if (type === 'integer') {
        const n = /^\d+$/.test(raw) ? Number(raw) : null;
        if (n === null || n > MAX_ID) errors[param] = [`The ${param.replace(/_/g, ' ')} filter must be a number.`];
        else filters.push([param, n]);
      } else filters.push([param, raw]);
    }
    const rawIds = q['ids[]'] ?? q.ids;
    const idList = rawIds === undefined ? null : (Array.isArray(rawIds) ? rawIds : [rawIds]).map(String);
    const ids = idList?.map((v) => (/^\d+$/.test(v) ? Number(v) : ctx.ids.decode(def.name, v))).filter((v): v is number => v !== null && v <= MAX_ID);
    if (Object.keys(errors).length) throw new ValidationError(errors);

    let base = db.selectFrom(def.table) as unknown as AnySelect;
    if (search) base = base.where(searchMatches(ctx.dialect, def.searchable, search));
    for (const [column, value] of filters) base = base.where(sql.ref(column), '=', value);
    if (ids) base = ids.length ? base.where('id', 'in', ids) : base.where(sql.lit(false));
    if (def.hooks?.scope) base = def.hooks.scope(base, request);
    if (scope) base = scope(base);
    const ordered = base.select(columns).orderBy(sql.ref(sort), order).orderBy('id', order);
    const filtered = Boolean(search || filters.length || ids || def.hooks?.scope || scope);
    return { base, ordered, filtered };
  };

  const list = async (request: FastifyRequest, scope?: (qb: AnySelect) => AnySelect) => {
    const q = request.query as Record<string, unknown>;
    if (first(q.download) === 'true' || first(q.download) === '1') {
      return ok(exportLink(ctx, request, def.name, q), 'Export ready.');
    }
    const paginate = !['false', '0'].includes(first(q.paginate) ?? '');
    const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(first(q.page) ?? '1', 10) || 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(first(q.per_page) ?? '', 10) || DEFAULT_PER_PAGE));
    const { base, ordered, filtered } = listQuery(q, request, scope);
    if (!paginate) {
      const rows = (await ordered.limit(UNPAGED_LIMIT).execute()) as Row[];
      return ok(await present(rows));
    }
    const countAll = () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    // an unfiltered list takes its total from the trigger-kept row_counts (migration 0004)
    const count = filtered
      ? countAll()
      : db.selectFrom('row_counts').select('n as total').where('table_name', '=', def.table).executeTakeFirst().then((r) => r ?? countAll());
    const [countRow, rows] = await Promise.all([count, ordered.limit(perPage).offset((page - 1) * perPage).execute() as Promise<Row[]>]);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return ok(
      paginator({ rows: await present(rows), total: Number(countRow?.total ?? 0), page, perPage, path: listPath(ctx, request), query }),
    );
  };

  /** Every row of the list in its order, presented, in batches (for exports). */
  async function* allRows(q: Record<string, unknown>, request: FastifyRequest): AsyncGenerator<Row> {
    const { ordered } = listQuery(q, request);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = (await ordered.limit(EXPORT_BATCH).offset(offset).execute()) as Row[];
      for (const row of await present(batch)) yield row;
      if (batch.length < EXPORT_BATCH) return;
    }
  }

  const createSchema = def.createSchema;
  const updateSchema = def.updateSchema ?? partial(def.createSchema);
  const base = `/api/admin/${def.name}`;
  const consumes = def.multipart ? ['application/json', 'multipart/form-data'] : undefined;

  app.get(base, { config: access(def, 'view'), schema: { tags, summary: `List ${def.name}` } }, (request) => list(request));

  app.get(`${base}/:id`, { config: access(def, 'view'), schema: { tags, params: Id } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await loadOne(decodeId(id)));
  });

  app.post(base, { config: access(def, 'create'), schema: { tags, body: createSchema, consumes } }, async (request) => {
    const w = writeContext(ctx, request);
    const input = request.body as Row;
    const id = await db.transaction().execute(async (trx) => {
      const wc = { ...w, db: trx };
      const values = def.hooks?.prepare ? await def.hooks.prepare(wc, input, null) : { ...input };
      const stamp = now();
      const inserted = (await trx
        .insertInto(def.table)
        .values({ ...values, created_at: stamp, updated_at: stamp } as never)
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      const row = { ...values, id: inserted.id };
      await def.hooks?.afterWrite?.(wc, row, input, null);
      await audit(trx, {
        actorId: w.admin.id, action: 'create', resource: def.name, recordId: inserted.id,
        changes: diff(null, values), ip: request.ip, requestId: request.id,
      });
      return inserted.id;
    });
    const note = await w.flush();
    announce('create', id, request);
    return ok(await loadOne(id), MESSAGES.created + note);
  });

  app.put(`${base}/:id`, { config: access(def, 'edit'), schema: { tags, params: Id, body: updateSchema, consumes } }, async (request) => {
    const w = writeContext(ctx, request);
    const id = decodeId((request.params as { id: string }).id);
    const input = request.body as Row;
    await db.transaction().execute(async (trx) => {
      const existing = (await trx.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
      if (!existing) throw notFound();
      const wc = { ...w, db: trx };
      const values = def.hooks?.prepare ? await def.hooks.prepare(wc, input, existing) : { ...input };
      if (Object.keys(values).length) {
        await trx.updateTable(def.table).set({ ...values, updated_at: now() } as never).where('id', '=', id).execute();
      }
      await def.hooks?.afterWrite?.(wc, { ...existing, ...values }, input, existing);
      await audit(trx, {
        actorId: w.admin.id, action: 'update', resource: def.name, recordId: id,
        changes: diff(existing, values), ip: request.ip, requestId: request.id,
      });
    });
    const note = await w.flush();
    announce('update', id, request);
    return ok(await loadOne(id), MESSAGES.updated + note);
  });

  app.delete(`${base}/:id`, { config: access(def, 'delete'), schema: { tags, params: Id } }, async (request) => {
    const w = writeContext(ctx, request);
    const id = decodeId((request.params as { id: string }).id);
    const record = await loadOne(id);
    await db.transaction().execute(async (trx) => {
      const wc = { ...w, db: trx };
      await def.hooks?.beforeDelete?.(wc, record);
      await trx.deleteFrom(def.table).where('id', '=', id).execute();
      await def.hooks?.afterDelete?.(wc, record);
      await audit(trx, {
        actorId: w.admin.id, action: 'delete', resource: def.name, recordId: id,
        changes: null, ip: request.ip, requestId: request.id,
      });
    });
    await w.flush();
    announce('delete', id, request);
    return ok(record, MESSAGES.deleted);
  });

  if (def.status) {
    app.put(`${base}/status/:id`, { config: access(def, 'edit'), schema: { tags, params: Id, body: StatusBody } }, async (request) => {
      const w = writeContext(ctx, request);
      const id = decodeId((request.params as { id: string }).id);
      const { status } = request.body as { status: number };
      await db.transaction().execute(async (trx) => {
        const existing = (await trx.selectFrom(def.table).select(['id', 'status'] as never[]).where('id', '=', id).executeTakeFirst()) as Row | undefined;
        if (!existing) throw notFound();
        await trx.updateTable(def.table).set({ status, updated_at: now() } as never).where('id', '=', id).execute();
        await def.hooks?.afterStatus?.({ ...w, db: trx }, existing, status);
        await audit(trx, {
          actorId: w.admin.id, action: status === USER_STATUS.blocked ? 'block' : 'unblock', resource: def.name,
          recordId: id, changes: diff(existing, { status }), ip: request.ip, requestId: request.id,
        });
      });
      await w.flush();
      announce('status', id, request);
      return ok(await loadOne(id), MESSAGES.updated);
    });
  }

  const helpers: CrudHelpers = { def, decodeId, loadOne, present, list, allRows };
  def.routes?.(app, helpers);
  return helpers;
}
