import { messageText } from '../../../contract/messages';
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Action, permissionName } from '../../../contract/permissions';
import type { AppContext } from '../context';
import { audit, diff } from '../services/audit';
import { now } from '../services/tokens';
import { requireAdmin } from './auth';
import { checkChildCounts, childListSchema, loadChildren, rowsFromValues, writeChildren } from './children';
import { ok, MESSAGES } from './envelope';
import { conflict, forbidden, HttpError, notFound, ValidationError } from './errors';
import { USER_STATUS } from '../../../contract/enums';
import { exportLink } from './exports';
import { discardFiles, fileSchema, holdFiles, presentFiles, storeFiles, uploadLimits } from './files';
import { releaseRecord } from '../services/storedFiles';
import { uploadRoute } from './bodyLimits';
import { Fields } from './fields';
import { ignoredFieldsOf } from './knownFields';
import { buildListQuery, checkListDeclaration, checkPlaceDeclaration, districtCondition, first, inSubset, isWithin, OUTSIDE_DISTRICTS, placeHolders } from './list';
import { subsetCounterKey } from '../db/migrations/helpers';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { CHANGED_EVENT } from '../realtime';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, paginator } from './paging';
import { type AnySelect, type CrudHelpers, dynamic, type ListOptions, type Presented, type Presentation, type ResourceDef, type Row, type WriteContext } from './resource';
import { changeStatus, statusBody } from './status';

/** The refusal of a title that a record (within the same parent) already has. */
export const TITLE_TAKEN = messageText('title_taken');

/** paginate=false answers are capped so one call cannot pull a whole table of patients. */
export const UNPAGED_LIMIT = 5000;
const EXPORT_BATCH = 1000;
/** beyond this, (page - 1) * per_page is no longer a usable OFFSET */
const MAX_PAGE = 1_000_000_000;

/**
 * Whether a searched page is cheaper found from its `matches` (each looked up, then sorted) than by
 * walking the list's order until `reach` (offset + page) of them turned up: about (reach × rows /
 * matches) rows walked, at roughly a tenth of a match's cost each (measured over 100,000 patients:
 * 0.45 µs a row walked, 4-6 µs a match). Unknown row count: the walk.
 */
export const matchesFirst = (matches: number, reach: number, rows: number | null): boolean =>
  rows !== null && matches * 11 < (reach * rows) / Math.max(1, matches);

/**
 * Whether a search's count is cheaper from its matches (each looked up: about 2 µs a match) than along
 * the subset's index (every row of it checked against the matches: about 0.08 µs a row), measured over
 * 100,000 patients: from the matches up to about one row in 28.
 */
export const countFromMatches = (matches: number, rows: number | null): boolean => rows === null || matches * 28 < rows;

/**
 * The last total of each recent search (by its list's query, paging and order left out): the next count of the same search
 * (the next page, a refresh) takes the plan that total calls for. A stale total only costs time.
 */
const SEARCH_TOTALS_KEPT = 1000;
const PAGING_KEYS = new Set(['page', 'per_page', 'sort', 'order']);

const Id = Type.Object({ id: Type.String({ description: 'encrypted id' }) });
/** at most this many records a bulk action */
export const MAX_BULK = 500;
const BulkBody = Type.Object(
  { ids: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: MAX_BULK, 'x-message': `Select from 1 to ${MAX_BULK} records.` }) },
  { additionalProperties: false },
);

/** Where the list lives for page links: under PUBLIC_URL, never the Host a request claims. */
export function listPath(ctx: AppContext, request: FastifyRequest): string {
  return `${ctx.config.publicUrl}${request.url.split('?')[0]}`;
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

/**
 * The body schemas of a declaration: its own fields plus those the machinery handles (the parent's
 * key on create, file fields, child lists). The update schema makes every field optional and leaves
 * the parent out (a child record stays with its parent).
 */
export function bodySchemas(def: ResourceDef): { create: TObject; update: TObject } {
  const props = (schema: TObject) => schema.properties as Record<string, TSchema>;
  const extra: Record<string, TSchema> = {};
  for (const [field, spec] of Object.entries(def.files ?? {})) if (spec) extra[field] = spec.requiredMessage ? fileSchema(spec) : Type.Optional(fileSchema(spec));
  for (const [key, spec] of Object.entries(def.children ?? {})) extra[key] = spec.min ? childListSchema(spec) : Type.Optional(childListSchema(spec));
  const parent = def.parent ? { [def.parent.column]: Fields.reference(def.parent.message) } : {};
  const create = Type.Object({ ...props(def.createSchema), ...parent, ...extra }, { additionalProperties: false });
  const updateProps: Record<string, TSchema> = { ...props(def.updateSchema ?? def.createSchema) };
  if (!def.updateSchema) for (const [k, v] of Object.entries(updateProps)) updateProps[k] = Type.Optional(v);
  for (const [k, v] of Object.entries(extra)) updateProps[k] = Type.Optional(v);
  if (def.parent) delete updateProps[def.parent.column];
  return { create, update: Type.Object(updateProps, { additionalProperties: false }) };
}

/** The name of a record in messages. */
const labelOf = (def: ResourceDef, row: Row) => String(row[def.label ?? def.searchable[0]!] ?? row.id);
const nounOf = (def: ResourceDef) => def.name.replace(/-/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');

export function registerCrud(app: FastifyInstance, def: ResourceDef): CrudHelpers {
  checkListDeclaration(def);
  const ctx = app.ctx;
  checkPlaceDeclaration(def, ctx.registry);
  /** the resources whose place this one shares (checked now: a declaration error stops the start) */
  const holders = placeHolders(ctx, def);
  const db = dynamic(ctx.db);
  const tags = [def.name];
  const columns = ['id', ...def.columns.filter((c) => c !== 'id')];
  /** body keys the machinery writes itself (files, child lists) rather than as column values */
  const machineryKeys = new Set([...Object.keys(def.files ?? {}), ...Object.keys(def.children ?? {})]);

  /** tells open lists of this resource (other admins' consoles) that a record changed; never delays or fails the write */
  const announce = (action: 'create' | 'update' | 'delete' | 'status', id: number, request: FastifyRequest) => {
    const by = request.admin ? ctx.ids.encode('admins', request.admin.id) : null;
    void ctx.realtime.publish(ctx.realtime.channelForChanges(def.name), CHANGED_EVENT, { action, id: ctx.ids.encode(def.name, id), by });
  };

  /** recent searches' totals, by their query without paging and order (countFromMatches) */
  const searchTotals = new Map<string, number>();

  const decodeId = (encrypted: string): number => {
    const id = ctx.ids.decode(def.name, encrypted);
    if (id === null) throw notFound();
    return id;
  };

  /**
   * The profile columns and belongsTo records of some rows, in one query: the table joined to its
   * profile and to each relation's table by primary key (a patient page read them in five queries,
   * each a round trip on PostgreSQL). Null when the declaration has neither. The column aliases are
   * worked out once here, not for every row.
   */
  const profileAliases = (def.profile?.columns ?? []).map((c) => [c, `p__${c}`] as const);
  const relations = (def.belongsTo ?? []).map((rel, i) => ({
    rel,
    alias: `r${i}`,
    id: `r${i}__id`,
    columns: rel.columns.map((c) => [c, `r${i}__${c}`] as const),
    // the foreign key is the record's own column, or its profile's (as sortExpression in list.ts)
    key: def.profile?.columns.includes(rel.column) ? `p.${rel.column}` : `m.${rel.column}`,
  }));
  const related = def.profile || relations.length
    ? (ids: number[]) => {
        let q: AnySelect = db.selectFrom(`${def.table} as m`).select('m.id');
        if (def.profile) q = q.leftJoin(`${def.profile.table} as p`, 'p.id', 'm.id').select(profileAliases.map(([c, as]) => `p.${c} as ${as}`));
        for (const { rel, alias, id, columns, key } of relations) {
          q = q.leftJoin(`${rel.table} as ${alias}`, `${alias}.id`, key).select([`${alias}.id as ${id}`, ...columns.map(([c, as]) => `${alias}.${c} as ${as}`)]);
        }
        return q.where('m.id', 'in', ids).execute();
      }
    : null;

  /** `viewer`: the admin the answer is for (its private files' links are made for that admin) */
  const present = async (rows: Row[], use: Presentation = 'list', viewer?: number): Promise<Presented[]> => {
    // rows are fresh from the driver: add to them in place. Copying each ({ ...r }) and then adding
    // fields cost ~35% of a 25-row admin page (bench/README.md).
    const out = rows as Presented[];
    for (const r of out) r.encrypted_id = ctx.ids.encode(def.name, r.id);
    if (related && out.length) {
      const byId = new Map((await related(out.map((r) => r.id))).map((x) => [Number(x.id), x]));
      for (const r of out) {
        const x = byId.get(r.id);
        for (const [c, as] of profileAliases) r[c] = x?.[as] ?? null;
        for (const { rel, id, columns } of relations) {
          const parentId = x?.[id];
          if (parentId === null || parentId === undefined) {
            r[rel.as] = null;
            continue;
          }
          const parent: Row = { id: parentId };
          for (const [c, as] of columns) parent[c] = x![as];
          parent.encrypted_id = ctx.ids.encode(rel.resource, Number(parentId));
          r[rel.as] = parent;
        }
      }
    }
    presentFiles(ctx, def, out, viewer);
    await loadChildren(ctx.db, def, out);
    await def.hooks?.enrich?.(ctx, out, use);
    return out;
  };

  /**
   * The record's row as the caller may see it: within the declaration's subset and, for an admin
   * limited to some districts, within them (else none: a 404). With `all`, every column of the table
   * and of its profile (what hooks and the audit diff compare against).
   */
  const findRow = async (database: Kysely<Database>, id: number, request: FastifyRequest | null, all = false): Promise<Row | undefined> => {
    let q: AnySelect = dynamic(database).selectFrom(def.table).where('id', '=', id);
    q = all ? q.selectAll() : q.select(columns);
    q = inSubset(def, q);
    const district = districtCondition(ctx, def, request?.admin?.districtIds ?? null);
    if (district) q = district(q);
    const row = await q.executeTakeFirst();
    if (row && all && def.profile) {
      const profile = await dynamic(database).selectFrom(def.profile.table).select(def.profile.columns).where('id', '=', id).executeTakeFirst();
      for (const c of def.profile.columns) row[c] = profile?.[c] ?? null;
    }
    return row;
  };

  /** One presented record, as the caller may see it (no request: as the server sees it). */
  const loadOne = async (id: number, request: FastifyRequest | null = null): Promise<Presented> => {
    const row = await findRow(ctx.db, id, request);
    if (!row) throw notFound();
    return (await present([row], 'record', request?.admin?.id))[0]!;
  };

  const list = async (request: FastifyRequest, options: ListOptions = {}) => {
    const q = request.query as Record<string, unknown>;
    if (first(q.download) === 'true' || first(q.download) === '1') {
      return ok(exportLink(ctx, request, def.name, q), 'Export ready.');
    }
    const paginate = !['false', '0'].includes(first(q.paginate) ?? '');
    const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(first(q.page) ?? '1', 10) || 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(first(q.per_page) ?? '', 10) || DEFAULT_PER_PAGE));
    const built = buildListQuery(ctx, def, q, request, options);
    const viewer = request.admin?.id;
    if (!paginate) return ok(await present(await built.ordered.limit(UNPAGED_LIMIT).execute(), 'list', viewer));
    const offset = (page - 1) * perPage;
    let total: number;
    let rows: Row[];
    if (built.fullTextSearch) {
      // the total from the list's own full-text table when the search is all that narrows it; else each
      // query by the plan that costs less for that many matches (ListPlan): the count by the one the term's
      // last count called for (from the matches when unknown), the page by this count's
      // only a subset's own index competes with the matches (ListPlan): without one the plans are one
      const fromMatches = def.subset ? buildListQuery(ctx, def, q, request, options, 'search') : built;
      const kept = await keptCount();
      if (built.searchCount) total = Number((await built.searchCount.execute(db)).rows[0]?.n ?? 0);
      else {
        const term = JSON.stringify(Object.entries(q).filter(([k]) => !PAGING_KEYS.has(k)).sort(([a], [b]) => (a < b ? -1 : 1)));
        const known = searchTotals.get(term);
        total = await countOf((known !== undefined && !countFromMatches(known, kept) ? built : fromMatches).base, true, options.excludeIds ?? []);
        searchTotals.set(term, total);
        if (searchTotals.size > SEARCH_TOTALS_KEPT) searchTotals.delete(searchTotals.keys().next().value!);
      }
      rows = await readPage(matchesFirst(total, offset + perPage, kept) ? fromMatches : built, offset, perPage, total);
    } else if (page === 1) {
      [total, rows] = await Promise.all([countOf(built.base, built.filtered, options.excludeIds ?? []), built.ordered.limit(perPage).execute()]);
    } else {
      total = await countOf(built.base, built.filtered, options.excludeIds ?? []);
      rows = await readPage(built, offset, perPage, total);
    }
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return ok(paginator({ rows: await present(rows, 'list', viewer), total, page, perPage, path: listPath(ctx, request), query }));
  };

  /**
   * The page at `offset` of a list of `total` rows. A page past the middle is read from the far end, in the
   * opposite order, and turned round: an OFFSET walks every row it skips, so page 3,600 of 4,000 walks
   * 10,000 index entries instead of 90,000. The order is total (the sort, then id), so the rows are the same.
   */
  async function readPage(query: { ordered: AnySelect; reversed: AnySelect }, offset: number, perPage: number, total: number): Promise<Row[]> {
    if (offset >= total) return [];
    const after = total - offset - perPage;
    if (after >= offset) return query.ordered.limit(perPage).offset(offset).execute();
    const rows = await query.reversed.limit(Math.min(perPage, total - offset)).offset(Math.max(0, after)).execute();
    return rows.reverse();
  }

  /**
   * A list's total. Unfiltered, it is the trigger-kept row count (migration 0004) less the excluded ids
   * that exist (the admin list leaves out the signed-in admin), so it costs no count(*).
   */
  async function countOf(base: ReturnType<typeof buildListQuery>['base'], filtered: boolean, excludeIds: number[]): Promise<number> {
    const countAll = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst())?.total ?? 0);
    if (filtered) return countAll();
    const kept = await keptCount();
    if (kept === null) return countAll();
    if (!excludeIds.length) return kept;
    const present = await inSubset(def, db.selectFrom(def.table).select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', excludeIds)).executeTakeFirst();
    return kept - Number(present?.n ?? 0);
  }

  /** The list's rows before any filter, from the trigger-kept counts (migration 0004), if kept. */
  async function keptCount(): Promise<number | null> {
    const key = def.subset ? subsetCounterKey(def.table, def.subset.value) : def.table;
    const kept = await db.selectFrom('row_counts').select('n').where('table_name', '=', key).executeTakeFirst();
    return kept ? Number(kept.n) : null;
  }

  /** Every row of the list in its order, presented, in batches (for exports). */
  async function* allRows(q: Record<string, unknown>, request: FastifyRequest, options: ListOptions = {}): AsyncGenerator<Presented> {
    const { ordered } = buildListQuery(ctx, def, q, request, options);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await ordered.limit(EXPORT_BATCH).offset(offset).execute();
      for (const row of await present(batch)) yield row;
      if (batch.length < EXPORT_BATCH) return;
    }
  }

  /** The column values of a body: the prepare hook's (or the body's own), but the fields the machinery writes itself. */
  const valuesOf = async (w: WriteContext, input: Row, existing: Row | null): Promise<Row> => {
    const values = def.hooks?.prepare ? await def.hooks.prepare(w, input, existing) : input;
    // flags are integer columns on both dialects (SQLite cannot bind a boolean)
    return Object.fromEntries(Object.entries(values).filter(([k]) => !machineryKeys.has(k)).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]));
  };

  /** A write's values split between the table and its profile table. */
  const splitProfile = (values: Row): { main: Row; profile: Row } => {
    if (!def.profile) return { main: values, profile: {} };
    const own = new Set(def.profile.columns);
    const main: Row = {};
    const profile: Row = {};
    for (const [k, v] of Object.entries(values)) (own.has(k) ? profile : main)[k] = v;
    return { main, profile };
  };

  /**
   * An admin limited to some districts may not put a record into another one, nor leave it with no
   * district (nor add a district), nor name a record outside them: the record its place goes through
   * (a medical history's patient) or a placed record it points at (a task's campaign).
   */
  const checkDistrict = async (w: WriteContext, values: Row, existing: Row | null) => {
    const limited = w.admin.districtIds;
    if (!limited) return;
    const scope = def.district;
    const changed = (column: string) => values[column] !== undefined && (existing === null || values[column] !== existing[column]);
    const named = (column: string) => (typeof values[column] === 'number' ? (values[column] as number) : null);
    if (scope?.through !== undefined) {
      const id = named(scope.through);
      if (changed(scope.through) && id !== null) {
        const within = await Promise.all(holders.map((holder) => isWithin(ctx, w.db, holder, id, limited)));
        if (!within.some(Boolean)) throw ValidationError.field(scope.through, scope.message);
      }
    } else if (scope) {
      if (scope.column === 'id' && !scope.table) {
        if (existing === null) throw forbidden('Only an admin of every district can add a district.');
      } else {
        const value = values[scope.column] !== undefined ? values[scope.column] : existing?.[scope.column];
        if (typeof value !== 'number' || !limited.includes(value)) throw ValidationError.field(scope.column, OUTSIDE_DISTRICTS);
      }
    }
    for (const rel of def.belongsTo ?? []) {
      const target = ctx.registry.byName.get(rel.resource);
      const id = named(rel.column);
      if (rel.column === scope?.through || rel.column === (scope && 'column' in scope ? scope.column : null) || !target?.district || id === null || !changed(rel.column)) continue;
      if (!(await isWithin(ctx, w.db, target, id, limited))) throw ValidationError.field(rel.column, OUTSIDE_DISTRICTS);
    }
  };

  const checkParent = async (w: WriteContext, input: Row) => {
    if (!def.parent) return;
    const id = input[def.parent.column];
    let q = dynamic(w.db).selectFrom(def.parent.table).select('id').where('id', '=', typeof id === 'number' ? id : 0);
    if (def.parent.subset) q = q.where(def.parent.subset.column, '=', def.parent.subset.value);
    const found = typeof id === 'number' && (await q.executeTakeFirst());
    if (!found) throw ValidationError.field(def.parent.column, def.parent.message);
  };

  /** Refuses to delete a record that other rows still point at: 409 naming what and how many. */
  const checkUnreferenced = async (w: WriteContext, record: Presented) => {
    const uses: string[] = [];
    for (const ref of def.referencedBy ?? []) {
      const row = await dynamic(w.db).selectFrom(ref.table).select((eb) => eb.fn.countAll<number>().as('n')).where(ref.column, '=', record.id).executeTakeFirst();
      const n = Number(row?.n ?? 0);
      if (n) uses.push(`${n} ${ref.noun[n === 1 ? 0 : 1]}`);
    }
    if (uses.length) throw conflict(`The ${nounOf(def)} "${labelOf(def, record)}" is still used by ${uses.join(' and ')}. Delete or move them first.`);
  };

  /** A second record of the same title (within the same parent) is refused: see `uniqueTitle`. */
  const checkUniqueTitle = async (trx: Kysely<Database>, values: Row, existing: Row | null) => {
    const spec = def.uniqueTitle;
    if (!spec) return;
    const column = spec.column ?? 'title';
    const changed = values[column] !== undefined || (spec.within !== undefined && values[spec.within] !== undefined);
    if (existing && !changed) return;
    const title = values[column] !== undefined ? values[column] : existing?.[column];
    if (typeof title !== 'string') return;
    let q = dynamic(trx).selectFrom(def.table).select('id').where(sql<boolean>`lower(trim(${sql.ref(column)})) = lower(trim(cast(${title} as text)))`);
    if (spec.within) {
      const parent = values[spec.within] !== undefined ? values[spec.within] : existing?.[spec.within];
      q = parent === null || parent === undefined ? q.where(spec.within, 'is', null) : q.where(spec.within, '=', parent);
    }
    if (existing) q = q.where('id', '!=', existing.id as number);
    if (await q.executeTakeFirst()) throw ValidationError.field(column, TITLE_TAKEN);
  };

  const removeFiles = (paths: string[]) => Promise.all(paths.map((p) => ctx.storage.remove(p)));

  const { create: createSchema, update: updateSchema } = bodySchemas(def);
  const base = `/api/admin/${def.name}`;
  const consumes = def.files ? ['application/json', 'multipart/form-data'] : undefined;
  /** a write of a record with files: multipart or data URLs, within its declared file sizes */
  const writeConfig = (action: Action) => ({ ...access(def, action), ignoredFields: ignoredFieldsOf(def), ...(def.aliases ? { aliases: def.aliases } : {}), ...(def.children ? { strictRows: Object.keys(def.children) } : {}) });
  /** child rows of one field may come as plain values (`services: ["Vaccination"]`) */
  const preValidation = def.children ? async (request: FastifyRequest) => rowsFromValues(def, request.body) : undefined;
  const writeRoute = (action: Action) => ({
    ...(def.files ? uploadRoute(uploadLimits(def), writeConfig(action)) : { config: writeConfig(action) }),
    ...(preValidation ? { preValidation } : {}),
  });

  app.get(base, { config: access(def, 'view'), schema: { tags, summary: `List ${def.name}` } }, (request) => list(request));

  if (def.choices) {
    const picked = ['id', ...def.choices];
    const who = def.choicesFor ? `holding one of ${def.choicesFor.join(', ')}` : 'any signed-in admin';
    app.get(`${base}/choices`, { config: { access: def.choicesFor ? { anyPermission: def.choicesFor } : {} }, schema: { tags, summary: `${def.name} to choose from (${who}), within the caller's districts: ${def.choices.join(', ')}` } }, async (request) => {
      const { ordered } = buildListQuery(ctx, def, request.query as Record<string, unknown>, request);
      const rows = await ordered.limit(UNPAGED_LIMIT).execute();
      return ok(rows.map((r) => ({ ...Object.fromEntries(picked.map((c) => [c, r[c]])), encrypted_id: ctx.ids.encode(def.name, Number(r.id)) })));
    });
  }

  app.get(`${base}/:id`, { config: access(def, 'view'), schema: { tags, params: Id } }, async (request) => {
    const { id } = request.params as { id: string };
    if (def.hooks?.readOther && ctx.ids.decode(def.name, id) === null) {
      const other = await def.hooks.readOther(ctx, id, request);
      if (other !== null) return ok(other);
    }
    const record = await loadOne(decodeId(id), request);
    const query = request.query as Record<string, unknown>;
    for (const [param, expand] of Object.entries(def.hooks?.expand ?? {})) {
      if (['true', '1'].includes(first(query[param]) ?? '')) await expand(ctx, record, request);
    }
    if (def.auditReads) {
      await audit(ctx.db, { actorId: requireAdmin(request).id, action: 'read', resource: def.name, recordId: record.id, ip: request.ip, requestId: request.id });
    }
    return ok(record);
  });

  app.post(base, { ...writeRoute('create'), schema: { tags, body: createSchema, consumes } }, async (request) => {
    const w = writeContext(ctx, request);
    const input = request.body as Row;
    checkChildCounts(def, input, true);
    await def.hooks?.precheck?.(w, input, null);
    const files = await storeFiles(ctx, def, input, null, w.admin.id);
    let id: number;
    try {
      id = await ctx.db.transaction().execute(async (trx) => {
        const wc = { ...w, db: trx, files: files.values };
        await checkParent(wc, input);
        const values = { ...(await valuesOf(wc, input, null)), ...files.values };
        if (def.status?.kind === 'named') values[def.status.column] ??= def.status.initial;
        if (def.columns.includes('created_by')) values.created_by = w.admin.id; // who added it, never from the body
        if (def.subset) values[def.subset.column] = def.subset.value;
        if (def.parent) values[def.parent.column] = input[def.parent.column]; // checked above; never changes afterwards
        await checkDistrict(wc, values, null);
        await checkUniqueTitle(trx, values, null);
        const { main, profile } = splitProfile(values);
        const stamp = now();
        const inserted = await dynamic(trx).insertInto(def.table).values({ ...main, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
        const newId = Number(inserted.id);
        if (def.profile) await dynamic(trx).insertInto(def.profile.table).values({ ...profile, id: newId }).execute();
        await holdFiles(ctx, trx, def.table, newId, files, null, w.admin.id);
        const children = await writeChildren(trx, def, newId, input);
        await def.hooks?.afterWrite?.(wc, { ...values, id: newId }, input, null);
        await audit(trx, {
          actorId: w.admin.id, action: 'create', resource: def.name, recordId: newId,
          changes: { ...diff(null, values), ...children }, ip: request.ip, requestId: request.id,
        });
        return newId;
      });
    } catch (err) {
      await discardFiles(ctx, files);
      throw err;
    }
    const note = await w.flush();
    announce('create', id, request);
    return ok(await loadOne(id, request), MESSAGES.created + note);
  });

  app.put(`${base}/:id`, { ...writeRoute('edit'), schema: { tags, params: Id, body: updateSchema, consumes } }, async (request) => {
    const w = writeContext(ctx, request);
    const id = decodeId((request.params as { id: string }).id);
    const input = request.body as Row;
    checkChildCounts(def, input, false);
    const current = await findRow(ctx.db, id, request, true);
    if (!current) throw notFound(); // before storing any file
    await def.hooks?.precheck?.(w, input, current);
    const files = await storeFiles(ctx, def, input, current, w.admin.id);
    let replaced: string[] = [];
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const existing = await findRow(trx, id, request, true);
        if (!existing) throw notFound();
        const wc = { ...w, db: trx, files: files.values };
        const values = { ...(await valuesOf(wc, input, existing)), ...files.values };
        await checkDistrict(wc, values, existing);
        await checkUniqueTitle(trx, values, existing);
        const { main, profile } = splitProfile(values);
        if (Object.keys(values).length) await dynamic(trx).updateTable(def.table).set({ ...main, updated_at: now() }).where('id', '=', id).execute();
        if (def.profile && Object.keys(profile).length) {
          const updated = await dynamic(trx).updateTable(def.profile.table).set(profile).where('id', '=', id).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) await dynamic(trx).insertInto(def.profile.table).values({ ...profile, id }).execute();
        }
        replaced = await holdFiles(ctx, trx, def.table, id, files, existing, w.admin.id);
        const children = await writeChildren(trx, def, id, input);
        await def.hooks?.afterWrite?.(wc, { ...existing, ...values }, input, existing);
        await audit(trx, {
          actorId: w.admin.id, action: 'update', resource: def.name, recordId: id,
          changes: { ...diff(existing, values), ...children }, ip: request.ip, requestId: request.id,
        });
      });
    } catch (err) {
      await discardFiles(ctx, files);
      throw err;
    }
    // files the record let go of that no other record holds
    await removeFiles(replaced);
    const note = await w.flush();
    announce('update', id, request);
    return ok(await loadOne(id, request), MESSAGES.updated + note);
  });

  /** Deletes one record the caller may see, in its own transaction; throws (404, 409, a hook's refusal) when it may not go. */
  const deleteOne = async (request: FastifyRequest, id: number): Promise<Presented> => {
    const w = writeContext(ctx, request);
    const record = await loadOne(id, request);
    let stored: string[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      const wc = { ...w, db: trx };
      await def.hooks?.beforeDelete?.(wc, record);
      await checkUnreferenced(wc, record);
      const raw = await findRow(trx, id, request, true);
      if (!raw) throw notFound();
      // its files, but those another record holds too
      stored = await releaseRecord(trx, def.table, id);
      for (const spec of Object.values(def.children ?? {})) await dynamic(trx).deleteFrom(spec.table).where(spec.foreignKey, '=', id).execute();
      if (def.profile) await dynamic(trx).deleteFrom(def.profile.table).where('id', '=', id).execute();
      await dynamic(trx).deleteFrom(def.table).where('id', '=', id).execute();
      await def.hooks?.afterDelete?.(wc, record);
      await audit(trx, {
        actorId: w.admin.id, action: 'delete', resource: def.name, recordId: id,
        changes: null, ip: request.ip, requestId: request.id,
      });
    });
    await removeFiles(stored);
    await w.flush();
    announce('delete', id, request);
    return record;
  };

  app.delete(`${base}/:id`, { config: access(def, 'delete'), schema: { tags, params: Id } }, async (request) => {
    const record = await deleteOne(request, decodeId((request.params as { id: string }).id));
    return ok(record, MESSAGES.deleted);
  });

  /** Changes one record's status, as the caller may see it, in its own transaction. */
  const statusOne = async (request: FastifyRequest, id: number, body: Row): Promise<void> => {
    const w = writeContext(ctx, request);
    await ctx.db.transaction().execute(async (trx) => {
      const existing = await findRow(trx, id, request, true);
      if (!existing) throw notFound();
      await changeStatus({ ...w, db: trx }, def, existing, body);
    });
    await w.flush();
    announce('status', id, request);
  };

  /**
   * Bulk actions on selected records: each record on its own (its own transaction, permission already
   * checked for the action, the caller's districts as on the single route), so one refused record
   * leaves the others done. The answer lists what was done and each refusal with its reason.
   */
  const bulkActions = (['delete', ...(def.status?.kind === 'user' ? ['block', 'unblock'] : [])] as const).filter(Boolean);
  for (const action of bulkActions) {
    const permission = action === 'delete' ? 'delete' : def.status?.action ?? 'edit';
    app.post(
      `${base}/bulk/${action}`,
      { config: access(def, permission), schema: { tags, summary: `${action} several ${def.name} (each refusal reported)`, body: BulkBody } },
      async (request) => {
        const { ids } = request.body as { ids: string[] };
        const done: string[] = [];
        const refused: { id: string; status: number; message: string }[] = [];
        for (const encrypted of [...new Set(ids)]) {
          try {
            const id = ctx.ids.decode(def.name, encrypted);
            if (id === null) throw notFound();
            if (action === 'delete') await deleteOne(request, id);
            else await statusOne(request, id, { status: action === 'block' ? USER_STATUS.blocked : USER_STATUS.active });
            done.push(encrypted);
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            const reasons = err.fieldErrors ? Object.values(err.fieldErrors).flat() : [];
            refused.push({ id: encrypted, status: err.statusCode, message: err.statusCode === 404 ? 'Not found.' : reasons[0] ?? err.message });
          }
        }
        const message = refused.length ? `${done.length} done, ${refused.length} refused.` : `${done.length} done.`;
        return ok({ done, refused }, message);
      },
    );
  }

  if (def.status) {
    const body = statusBody(def.status);
    app.put(`${base}/status/:id`, { config: access(def, def.status.action ?? 'edit'), schema: { tags, params: Id, body } }, async (request) => {
      const id = decodeId((request.params as { id: string }).id);
      await statusOne(request, id, request.body as Row);
      return ok(await loadOne(id, request), MESSAGES.updated);
    });
  }

  const helpers: CrudHelpers = { def, decodeId, loadOne, findRow, present, list, allRows };
  def.routes?.(app, helpers);
  return helpers;
}
