import type { Reference, Resource, ResourceType } from '@medplum/fhirtypes';
import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { ResourceName } from '../../../contract/resources';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { AnySelect, CrudHelpers, Presented, Row } from '../http/resource';
import { dynamic } from '../http/resource';
import { audit } from '../services/audit';
import { fhirIdOf } from './ids';
import type { ParsedParam } from './params';

/**
 * Where the records of a FHIR resource type come from: one or more sources, each the records of one of
 * our declarations (`listSource`: read through its list and its read path, so its permission, district
 * scope, search index and order are the console's) or rows a declaration owns that have no list of their
 * own (`tableSource`: a roster's slots, a prescription's medicines, a survey form's submissions), kept to
 * what the owner's rules let the caller see.
 */

/** One FHIR request: the caller, the app, and how records are named. */
export interface FhirCall {
  ctx: AppContext;
  request: FastifyRequest;
  /** every declaration's helpers (its list, its read path), by name */
  crud: ReadonlyMap<string, CrudHelpers>;
  /** `${PUBLIC_URL}/fhir`: the base of every reference and link */
  base: string;
  /** today (UTC), for what depends on it (a medical history still running) */
  today: string;
}

/** The FHIR id of a record under an id key. */
export const idOf = (fc: FhirCall, key: string, id: number): string => fhirIdOf(fc.ctx.ids, key, id);

/** A reference to record `id` (under `key`) as a resource of `type`, with its display text when known. */
export function referenceTo<T extends ResourceType>(fc: FhirCall, type: T, key: string, id: number, display?: string | null): Reference<Extract<Resource, { resourceType: T }>> {
  return display ? { reference: `${type}/${idOf(fc, key, id)}`, display } : { reference: `${type}/${idOf(fc, key, id)}` };
}

/** A condition on a source's table (its own, unaliased: `users`, `appointments`). */
export type Where = (qb: AnySelect) => AnySelect;

/**
 * What a search asks of one source: conditions on its table, and the list's search term, which lets the
 * declaration's search index narrow the rows first (the conditions stay exact: a superset is all it must give).
 */
export interface Narrowing {
  where: Where[];
  search: string | null;
  /**
   * The parameters the conditions come from, as text: handed to the list beside its search term, so its
   * memory of each search's last total (which picks the count's plan) keeps the FHIR search's total apart
   * from the console's search of the same term (the list reads no parameter of that name)
   */
  key?: string;
}

/** How a parameter's value narrows a source; null: none of its records can match (a district has no `partof`). */
export type Narrower = (value: ParsedParam, fc: FhirCall) => Partial<Narrowing> | null;

export interface Source {
  /** read through a declaration's list and read path, or rows of a table a declaration owns */
  kind: 'list' | 'table';
  /** the key of its records' ids (a declaration's name, or its child rows' key) */
  key: string;
  /** the declaration that guards it: the caller needs its view permission */
  resource: ResourceName;
  /** its records' last change (meta.lastUpdated, `_lastUpdated`): an instant column or expression */
  updated: Expression<unknown>;
  /** how each search parameter narrows it; a parameter it lacks matches none of its records */
  narrow: Readonly<Record<string, Narrower>>;
  /** `limit` records from `offset` on and how many match in all (limit 0: the count alone) */
  page(fc: FhirCall, narrowing: Narrowing, offset: number, limit: number): Promise<{ total: number; rows: Row[] }>;
  /** one record as the caller may see it, or null */
  read(fc: FhirCall, id: number): Promise<Row | null>;
  /** its FHIR resource */
  toFhir(fc: FhirCall, row: Row): Resource;
}

const applyAll = (where: Where[]): ((qb: AnySelect) => AnySelect) | undefined =>
  where.length ? (qb) => where.reduce((q, w) => w(q), qb) : undefined;

/**
 * A page past the end of every list: the list answers its total and reads no row (http/crud/list.ts
 * reads nothing for a page that starts at or after the total).
 */
const PAST_THE_END = 1_000_000_000;

/** The list's answer, as `registerList` gives it (a Laravel paginator in the envelope). */
interface ListAnswer {
  data: { data: Presented[]; total: number };
}

/**
 * The records of a declaration, read as its console list reads them (`CrudHelpers.list`: permission
 * already checked, district scope, subset, search index, kept counts and plans, order, presentation)
 * and as its page reads one (`loadOne`; a read of a clinical record is audited, as the console's).
 * The list pages by page number: a window that starts between pages is two pages.
 */
export function listSource(spec: {
  resource: ResourceName;
  /** its records' id key (default: the declaration's name) */
  key?: string;
  toFhir(fc: FhirCall, row: Presented): Resource;
  narrow?: Readonly<Record<string, Narrower>>;
  /** default: its `updated_at` */
  updated?: Expression<unknown>;
}): Source {
  const helpers = (fc: FhirCall) => fc.crud.get(spec.resource)!;
  const list = async (fc: FhirCall, narrowing: Narrowing, page: number, perPage: number, extra: Row = {}) => {
    const query: Row = { page: String(page), per_page: String(perPage), ...extra };
    if (narrowing.search) query.search = narrowing.search;
    if (narrowing.search && narrowing.key) query.fhir = narrowing.key;
    const answer = (await helpers(fc).list(fc.request, { query, scope: applyAll(narrowing.where) })) as ListAnswer;
    return answer.data;
  };
  return {
    kind: 'list',
    key: spec.key ?? spec.resource,
    resource: spec.resource,
    updated: spec.updated ?? sql.ref('updated_at'),
    narrow: spec.narrow ?? {},
    async page(fc, narrowing, offset, limit) {
      if (limit === 0) return { total: (await list(fc, narrowing, PAST_THE_END, 1)).total, rows: [] };
      const page = Math.floor(offset / limit) + 1;
      const first = await list(fc, narrowing, page, limit);
      let rows: Row[] = first.data.slice(offset - (page - 1) * limit);
      if (rows.length < limit && page * limit < first.total) rows = [...rows, ...(await list(fc, narrowing, page + 1, limit)).data].slice(0, limit);
      return { total: first.total, rows };
    },
    async read(fc, id) {
      const h = helpers(fc);
      try {
        const record = await h.loadOne(id, fc.request);
        if (h.def.auditReads) {
          await audit(fc.ctx.db, { actorId: fc.request.admin!.id, action: 'read', resource: h.def.name, recordId: record.id, ip: fc.request.ip, requestId: fc.request.id });
        }
        return record;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      }
    },
    toFhir: (fc, row) => spec.toFhir(fc, row as Presented),
  };
}

/**
 * Rows of a table a declaration owns, with no list of their own: kept to what the caller may see of
 * their owner (`within`: a condition, or null for every row), in a total order (`order`, then id), with
 * what presenting them needs read for a page at once (`load`).
 */
export function tableSource(spec: {
  key: string;
  resource: ResourceName;
  table: string;
  within(fc: FhirCall): Where | null;
  order: readonly (readonly [string, 'asc' | 'desc'])[];
  load?(fc: FhirCall, rows: Row[]): Promise<void>;
  toFhir(fc: FhirCall, row: Row): Resource;
  narrow?: Readonly<Record<string, Narrower>>;
  updated: Expression<unknown>;
}): Source {
  const select = (fc: FhirCall, where: Where[]) => {
    let q: AnySelect = dynamic(fc.ctx.db).selectFrom(spec.table).select([]);
    const within = spec.within(fc);
    if (within) q = within(q);
    for (const w of where) q = w(q);
    return q;
  };
  const ordered = (q: AnySelect) => {
    let out = q.selectAll(spec.table);
    for (const [column, direction] of spec.order) out = out.orderBy(sql.ref(`${spec.table}.${column}`), direction);
    return out.orderBy(sql.ref(`${spec.table}.id`), spec.order[0]?.[1] ?? 'asc');
  };
  const load = async (fc: FhirCall, rows: Row[]) => {
    if (rows.length && spec.load) await spec.load(fc, rows);
    return rows;
  };
  return {
    kind: 'table',
    key: spec.key,
    resource: spec.resource,
    updated: spec.updated,
    narrow: spec.narrow ?? {},
    async page(fc, narrowing, offset, limit) {
      const base = select(fc, narrowing.where);
      const counted = base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = limit > 0 ? ordered(base).limit(limit).offset(offset).execute() : Promise.resolve([]);
      const [count, found] = await Promise.all([counted, rows]);
      return { total: Number(count?.n ?? 0), rows: await load(fc, found) };
    },
    async read(fc, id) {
      const row = await ordered(select(fc, [(qb) => qb.where(sql.ref(`${spec.table}.id`), '=', id)])).executeTakeFirst();
      return row ? (await load(fc, [row]))[0]! : null;
    },
    toFhir: spec.toFhir,
  };
}

/** `column IN (ids)`, or no rows for no ids. */
export const inIds = (column: string, ids: readonly number[]): Where => (qb) =>
  ids.length ? qb.where(sql.ref(column), 'in', [...ids]) : qb.where(sql.lit(false));

/** A condition built from an expression. */
export const whereExpr = (expr: Expression<SqlBool>): Where => (qb) => qb.where(expr);
