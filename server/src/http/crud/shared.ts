import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Action, permissionName } from '../../../../contract/permissions';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { CHANGED_EVENT } from '../../realtime';
import { requireAdmin } from '../auth';
import { loadChildren } from '../children';
import { notFound } from '../errors';
import { presentFiles } from '../files';
import { type JsonSchema, recordId, recordSchema, ref } from '../responses';
import { checkListDeclaration, checkPlaceDeclaration, districtCondition, inSubset, placeHolders } from '../list';
import { type AnySelect, type CrudHelpers, dynamic, type DynamicDb, type Presented, type Presentation, type ResourceDef, type Row, type WriteContext } from '../resource';

/**
 * What every step of one resource's routes shares (registerCrud builds it once, then each step adds
 * its routes): the declaration, where its routes live, and reading and presenting its records.
 */
export interface CrudContext extends Pick<CrudHelpers, 'def' | 'decodeId' | 'loadOne' | 'findRow' | 'present'> {
  app: FastifyInstance;
  ctx: AppContext;
  /** the database without compile-time table names */
  db: DynamicDb;
  /** `/api/admin/{name}` */
  base: string;
  /** the OpenAPI tags of every route */
  tags: string[];
  /** the resources whose place this one shares (checked at the start: a declaration error stops it) */
  holders: ResourceDef[];
  /** the presented record's schema, by reference (http/responses.ts: a shared schema of the app) */
  record: JsonSchema;
  /** tells open lists of this resource (other admins' consoles) that a record changed; never delays or fails the write */
  announce(action: 'create' | 'update' | 'delete' | 'status', id: number, request: FastifyRequest): void;
  /** a page's query with its related records (and a total) in one statement, for `present(rows, use, viewer, true)` */
  pageWithRelated(page: AnySelect, total?: RawBuilder<number>, carried?: Readonly<Record<string, RawBuilder<unknown>>>): AnySelect;
  present(rows: Row[], use?: Presentation, viewer?: number, inRows?: boolean): Promise<Presented[]>;
}

/** The `:id` path parameter of a record's routes. */
/** One record as GET presents it, with what the caller's read adds (`hooks.read`): a read's answer, and a create's or an update's. */
export async function presented(crud: Pick<CrudContext, 'ctx' | 'def' | 'loadOne'>, id: number, request: FastifyRequest): Promise<Presented> {
  const record = await crud.loadOne(id, request);
  await crud.def.hooks?.read?.(crud.ctx, record, request);
  return record;
}

export const Id = Type.Object({ id: Type.String({ description: 'encrypted id' }) });

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

/** The name of a record in messages. */
export const labelOf = (def: ResourceDef, row: Row) => String(row[def.label ?? def.searchable[0]!] ?? row.id);
export const nounOf = (def: ResourceDef) => def.name.replace(/-/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');

/** Checks the declaration (a mistake stops the start) and builds what the steps share. */
export function crudContext(app: FastifyInstance, def: ResourceDef): CrudContext {
  checkListDeclaration(def);
  const ctx = app.ctx;
  checkPlaceDeclaration(def, ctx.registry);
  const holders = placeHolders(ctx, def);
  const db = dynamic(ctx.db);
  const columns = ['id', ...def.columns.filter((c) => c !== 'id')];

  const announce = (action: 'create' | 'update' | 'delete' | 'status', id: number, request: FastifyRequest) => {
    const by = request.admin ? ctx.ids.encode('admins', request.admin.id) : null;
    void ctx.realtime.publish(ctx.realtime.channelForChanges(def.name), CHANGED_EVENT, { action, id: ctx.ids.encode(def.name, id), by });
  };

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
  /** the profile's and each relation's columns of `m` (the table), joined by primary key, under their aliases */
  const joinRelated = (q: AnySelect): AnySelect => {
    if (def.profile) q = q.leftJoin(`${def.profile.table} as p`, 'p.id', 'm.id').select(profileAliases.map(([c, as]) => `p.${c} as ${as}`));
    for (const { rel, alias, id, columns, key } of relations) {
      q = q.leftJoin(`${rel.table} as ${alias}`, `${alias}.id`, key).select([`${alias}.id as ${id}`, ...columns.map(([c, as]) => `${alias}.${c} as ${as}`)]);
    }
    return q;
  };
  const hasRelated = Boolean(def.profile || relations.length);
  const linked = Object.entries(def.linked ?? {}).map(([field, spec], i) => {
    const dot = field.indexOf('.');
    // a list in a related record (`doctor.specializations`): that record's key, that record's field
    return { field, spec, alias: `l__${i}`, from: spec.from ?? 'id', outer: dot > 0 ? field.slice(0, dot) : null, inner: dot > 0 ? field.slice(dot + 1) : field };
  });
  /** the records linked to the row `id` names, as one JSON array (`[]` when none), in the order `readLinked` reads them */
  const linkedArray = ({ spec }: (typeof linked)[number], id: RawBuilder<unknown>) => {
    const pairs = sql.join(['id', ...spec.columns].map((c) => sql`${sql.lit(c)}, ${sql.ref(`t.${c}`)}`));
    return sql`(select coalesce(json_agg(json_build_object(${pairs}) order by ${sql.ref(`t.${spec.orderBy}`)}, ${sql.ref('t.id')}), '[]'::json) from ${sql.table(spec.link)} as l inner join ${sql.table(spec.table)} as t on ${sql.ref('t.id')} = ${sql.ref(`l.${spec.linkKey}`)} where ${sql.ref(`l.${spec.key}`)} = ${id})`;
  };
  /** the records linked to some rows, one query a field: field → the row's id (or `from` column's value) → its records */
  const readLinked = async (rows: Row[]) => {
    const byField = new Map<string, Map<number, Row[]>>();
    for (const { field, spec, from } of linked) {
      const ids = [...new Set(rows.map((r) => r[from]).filter((v): v is number => typeof v === 'number'))];
      if (!ids.length) {
        byField.set(field, new Map());
        continue;
      }
      const found = await db
        .selectFrom(`${spec.link} as l`)
        .innerJoin(`${spec.table} as t`, 't.id', `l.${spec.linkKey}`)
        .select([`l.${spec.key} as l__key`, 't.id', ...spec.columns.map((c) => `t.${c}`)])
        .where(`l.${spec.key}`, 'in', ids)
        .orderBy(`t.${spec.orderBy}`)
        .orderBy('t.id')
        .execute();
      const byRow = new Map<number, Row[]>();
      for (const { l__key, ...record } of found) {
        const key = Number(l__key);
        const list = byRow.get(key);
        if (list) list.push(record);
        else byRow.set(key, [record]);
      }
      byField.set(field, byRow);
    }
    return byField;
  };
  const related = hasRelated ? (ids: number[]) => joinRelated(db.selectFrom(`${def.table} as m`).select('m.id')).where('m.id', 'in', ids).execute() : null;

  /**
   * A page's query with what presenting its rows reads, as one statement (PostgreSQL: one round trip
   * instead of one for the page, one for its related records and one for the total): the page's rows
   * as they are, numbered in their order (`__n`), each with its profile's and relations' columns under
   * their aliases (`present` with `inRows`) and, given `total`, that value on every row (`__total`; an
   * empty page is one row of nulls with it), with the `carried` values beside it (the session's epoch:
   * http/auth.ts `sessionReadAt`).
   */
  const pageWithRelated = (page: AnySelect, total?: RawBuilder<number>, carried: Readonly<Record<string, RawBuilder<unknown>>> = {}): AnySelect => {
    const numbered = db.selectFrom(page.as('pg0')).selectAll('pg0').select(sql<number>`row_number() over ()`.as('__n')).as('pg');
    const extra = Object.entries(carried);
    // with a total, an empty page is one row of nulls that carries it (`__n` null)
    let q: AnySelect = total
      ? db.selectFrom(db.selectNoFrom([total.as('__total'), ...extra.map(([as, value]) => value.as(as))]).as('t')).leftJoin(numbered, (join) => join.onTrue()).selectAll('pg')
      : db.selectFrom(numbered).selectAll('pg');
    if (hasRelated) q = joinRelated(q.leftJoin(`${def.table} as m`, 'm.id', 'pg.id'));
    for (const l of linked) q = q.select(linkedArray(l, sql.ref(`pg.${l.from}`)).as(l.alias));
    if (total) q = q.select(['t.__total', ...extra.map(([as]) => `t.${as}`)]);
    return q.orderBy('pg.__n');
  };

  /** The columns pageWithRelated added to a row (`__n` and those after it), taken off it. */
  const takeExtras = (r: Row): Row => {
    const keys = Object.keys(r);
    const extras: Row = {};
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      extras[k] = r[k];
      delete r[k];
      if (k === '__n') break;
    }
    return extras;
  };

  /** `viewer`: the admin the answer is for (its private files' links are made for that admin) */
  const present = async (rows: Row[], use: Presentation = 'list', viewer?: number, inRows = false): Promise<Presented[]> => {
    // rows are fresh from the driver: add to them in place. Copying each ({ ...r }) and then adding
    // fields cost ~35% of a 25-row admin page (bench/README.md).
    const out = rows as Presented[];
    // read with the rows (pageWithRelated): taken off them, from the last column back, so that each
    // row keeps V8's fast shape (a deleted last property undoes its addition)
    const withRows = inRows && out.length ? out.map(takeExtras) : null;
    for (const r of out) r.encrypted_id = ctx.ids.encode(def.name, r.id);
    if (related && out.length) {
      // or here in one query
      const byId = withRows ? null : new Map((await related(out.map((r) => r.id))).map((x) => [Number(x.id), x]));
      for (const [i, r] of out.entries()) {
        const x = byId ? byId.get(r.id) : withRows![i];
        for (const [c, as] of profileAliases) r[c] = x?.[as] ?? null;
        for (const { rel, id, columns } of relations) {
          const parentId = x?.[id];
          if (parentId === null || parentId === undefined) {
            r[rel.as] = null;
            continue;
          }
          const parent: Row = { id: parentId };
          for (const [c, as] of columns) parent[c] = x![as];
          parent.encrypted_id = ctx.ids.encode(rel.childResource && parent.parent_id != null ? rel.childResource : rel.resource, Number(parentId));
          r[rel.as] = parent;
        }
      }
    }
    if (linked.length && out.length) {
      const byField = withRows ? null : await readLinked(out);
      for (const [i, r] of out.entries()) {
        for (const { field, alias, from, outer, inner } of linked) {
          const holder = outer === null ? r : (r[outer] as Row | null);
          if (!holder) continue;
          const key = r[from];
          holder[inner] = withRows ? withRows[i]![alias] : (typeof key === 'number' ? byField!.get(field)!.get(key) : undefined) ?? [];
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

  // the presented record, a shared schema: every route of the resource answers it by reference
  app.addSchema(recordSchema(def, ctx.columnTypes));
  const record = ref(recordId(def));

  return { app, ctx, def, db, base: `/api/admin/${def.name}`, tags: [def.name], holders, record, announce, decodeId, present, findRow, loadOne, pageWithRelated };
}
