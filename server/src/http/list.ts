import { USER_STATUS } from '../../../contract/enums';
import type { FastifyRequest } from 'fastify';
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { AppContext } from '../context';
import { countSubsetMatches, countTextMatches, searchMatches, searchTable, searchTextKind, subsetFullTextTable, textJoin, textMatches, textProbe, usesFullTextIndex, walkMatches, walksByText } from '../db/search';
import { ValidationError } from './errors';
import { MAX_ID } from './fields';
import { type AnySelect, dynamic, type DynamicDatabase, type ListOptions, type Registry, type ResourceDef } from './resource';

/**
 * A list's query from its request parameters, for any declaration: search (served by the table's
 * search index), equality filters, filters through a parent, the parent of child records, the date
 * range, status, `ids[]` (or one `id`), the caller's scope, and the sort (a column or a belongsTo relation's column).
 */

/**
 * The first value of a query parameter, as text (a parameter declared as a number or flag arrives as
 * one); NUL characters dropped (PostgreSQL refuses them in text)
 */
export const first = (v: unknown): string | undefined =>
  Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v.replaceAll('\u0000', '') : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, or null. */
function calendarDay(raw: string): string | null {
  const m = DATE.exec(raw);
  if (!m) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999 (0077-04-24 is a date too)
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.toISOString().slice(0, 10) === raw ? raw : null;
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const OUTSIDE_DISTRICTS = 'Please choose one of the districts you are responsible for.';

/**
 * Keeps a query to the declaration's subset (the patients among all users). `literal`: the subset's value
 * spelt in the SQL rather than bound (PostgreSQL's lists): a named statement's generic plan can then use
 * the subset's partial indexes (its own trigram index `WHERE type = 'patient'`), which a bound `type = $1`
 * never proves, and estimates from the value's own share of the table.
 */
export const inSubset = <Q extends AnySelect>(def: ResourceDef, qb: Q, plan: ListPlan = 'indexes', literal = false): Q =>
  (def.subset ? qb.where(plan === 'search' && !literal ? sql`+${sql.ref(def.subset.column)}` : sql.ref(def.subset.column), '=', literal ? sql.lit(def.subset.value) : def.subset.value) : qb) as Q;

/**
 * How SQLite is to find a searched list's rows. 'indexes': as its planner likes, which for a subset (the
 * patients among all users) walks the subset's index and looks each row up among the matches: cheap
 * for the first page of a common term, a walk of the whole subset for a rare one or a count. 'search':
 * from the full-text matches to their rows (`+column` keeps the subset's index out of the plan), then
 * sorted: cheap when the matches are few. The list route counts with 'search' and picks the page's
 * plan from that count (http/crud/list.ts). 'text': as 'indexes', each row walked tested by its text
 * (`walkMatches`) rather than among all the matches: cheapest for a common term's first pages at a
 * large size, where collecting the matches costs more than the walk.
 */
export type ListPlan = 'indexes' | 'search' | 'text';

/**
 * Keeps a query to the districts an admin is limited to (none given: no limit), by the declaration's
 * place: its own district column, the table that holds it keyed by the record's id, or the place of
 * the record its `through` column names (a family member's patient), by that resource's own rule.
 */
export function districtCondition(ctx: AppContext, def: ResourceDef, districtIds: readonly number[] | null, correlated = false): ((qb: AnySelect) => AnySelect) | null {
  if (!def.district || !districtIds) return null;
  return placeCondition(ctx, def, districtIds.length ? [...districtIds] : [0], correlated);
}

/** A condition on a row of a declaration's table (unaliased), for a query's `where`. */
export type RowCondition = (eb: ExpressionBuilder<DynamicDatabase, string>) => Expression<SqlBool>;

/**
 * The condition that a record of `def` lies in one of `ids` (districts), by its place. `correlated`: a
 * place held in another table is looked up for each row tested (`exists`, by the row's id) instead of
 * collecting every record of the districts first, for a query that tests few rows (a searched list's
 * matches, or its walk along the order that stops after a page: ListPlan).
 */
function placeExpression(ctx: AppContext, def: ResourceDef, ids: number[], correlated = false): RowCondition {
  const scope = def.district!;
  if (scope.through !== undefined) {
    const { through } = scope;
    const holders = scope.resources.map((name) => recordsWithin(ctx, placedResource(ctx, def, name), ids));
    return (eb) => eb.or(holders.map((holder) => eb(sql.ref(through), 'in', holder)));
  }
  if (scope.table && correlated) {
    const held = sql<boolean>`exists (select 1 from ${sql.table(scope.table)} as place where place.id = ${sql.ref(`${def.table}.id`)} and ${sql.ref(`place.${scope.column}`)} in (${sql.join(ids)}))`;
    return () => held;
  }
  if (scope.table) {
    const holder = dynamic(ctx.db).selectFrom(scope.table).select('id').where(scope.column, 'in', ids);
    return (eb) => eb(sql.ref('id'), 'in', holder);
  }
  const { column } = scope;
  return (eb) => eb(sql.ref(column), 'in', ids);
}

function placeCondition(ctx: AppContext, def: ResourceDef, ids: number[], correlated = false): (qb: AnySelect) => AnySelect {
  const condition = placeExpression(ctx, def, ids, correlated);
  return (qb) => qb.where(condition);
}

/**
 * The condition that a row of `def`'s table is one of its records a caller limited to `districtIds`
 * (null: every district) may see: within its subset and, when limited, its place within them (what a
 * record's expansion lists of other resources).
 */
export function visibleCondition(ctx: AppContext, def: ResourceDef, districtIds: readonly number[] | null): RowCondition {
  const place = def.district && districtIds ? placeExpression(ctx, def, districtIds.length ? [...districtIds] : [0]) : null;
  const { subset } = def;
  return (eb) => eb.and([...(subset ? [eb(sql.ref(subset.column), '=', subset.value)] : []), ...(place ? [place(eb)] : [])]);
}

/**
 * The ids of a resource's records an admin limited to `districtIds` may see (a subquery, for queries
 * beside the machinery: a form's submissions by the CHWs of one's districts); null when not limited.
 */
export function idsWithinDistricts(ctx: AppContext, def: ResourceDef, districtIds: readonly number[] | null): AnySelect | null {
  if (!def.district || !districtIds) return null;
  return recordsWithin(ctx, def, districtIds.length ? [...districtIds] : [0]);
}

/** The ids of a resource's records that lie in the districts (a subquery): within its subset, by its place. */
function recordsWithin(ctx: AppContext, def: ResourceDef, ids: number[]): AnySelect {
  return placeCondition(ctx, def, ids)(inSubset(def, dynamic(ctx.db).selectFrom(def.table).select('id')));
}

/** A resource another's place goes through: declared, and placed itself (a declaration error otherwise, at start). */
function placedResource(ctx: AppContext, def: ResourceDef, name: string): ResourceDef {
  const target = ctx.registry.byName.get(name);
  if (!target?.district) throw new Error(`${def.name}: its place goes through ${name}, which declares no district`);
  return target;
}

/**
 * Whether record `id` of `def` lies in one of the districts (`db`: the write's transaction): what a
 * write checks of a record it names (a medical history's patient, a task's campaign).
 */
export async function isWithin(ctx: AppContext, db: Kysely<Database>, def: ResourceDef, id: number, districtIds: readonly number[]): Promise<boolean> {
  if (!def.district) return true;
  const ids = districtIds.length ? [...districtIds] : [0];
  const q = placeCondition(ctx, def, ids)(inSubset(def, dynamic(db).selectFrom(def.table).select('id').where('id', '=', id)));
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * The district a record lies in, by its declaration's place (null: none, or not found); undefined
 * when the resource has no place (doctors, reference data): it concerns every district.
 */
export async function districtOfRecord(ctx: AppContext, db: Kysely<Database>, def: ResourceDef, id: number): Promise<number | null | undefined> {
  const scope = def.district;
  if (!scope) return undefined;
  const d = dynamic(db);
  const numberOr = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));
  if (scope.through !== undefined) {
    const row = await inSubset(def, d.selectFrom(def.table).select(scope.through).where('id', '=', id)).executeTakeFirst();
    const holderId = numberOr(row?.[scope.through]);
    if (holderId === null) return null;
    for (const holder of placeHolders(ctx, def)) {
      const found = await inSubset(holder, d.selectFrom(holder.table).select('id').where('id', '=', holderId)).executeTakeFirst();
      if (found) return (await districtOfRecord(ctx, db, holder, holderId)) ?? null;
    }
    return null;
  }
  if (scope.table) return numberOr((await d.selectFrom(scope.table).select(scope.column).where('id', '=', id).executeTakeFirst())?.[scope.column]);
  if (scope.column === 'id') return id;
  return numberOr((await d.selectFrom(def.table).select(scope.column).where('id', '=', id).executeTakeFirst())?.[scope.column]);
}

/** The resources a through-place names, for a write's check: each must itself be placed. */
export function placeHolders(ctx: AppContext, def: ResourceDef): ResourceDef[] {
  const scope = def.district;
  return scope?.through !== undefined ? scope.resources.map((name) => placedResource(ctx, def, name)) : [];
}

export interface ListQuery {
  base: AnySelect;
  ordered: AnySelect;
  /** anything narrows the list (so its total needs a count) */
  filtered: boolean;
  /** a search answered by SQLite's full-text index (so the plan matters: ListPlan) */
  fullTextSearch: boolean;
  /**
   * The list's exact total from its full-text table alone, when the search is all that narrows it and
   * the table holds exactly the list's rows (the table's own, or the subset's: `addSearchPartition`).
   */
  searchCount: RawBuilder<{ n: number }> | null;
  /** how many records of the list's full-text table (the table's own, or the subset's) match the term, whatever else narrows the list */
  indexCount: RawBuilder<{ n: number }> | null;
  /** the search term, trimmed ('' for none) */
  search: string;
  /**
   * PostgreSQL: the kind of `search_text` the search reads (db/search.ts `searchTextKind`), or null. Its
   * plans: 'search' collects the kind's matches and sorts them, 'text' walks the list's order probing
   * each row's text by (id, kind), 'indexes' (the count's) joins the matches as the planner likes; the
   * list route picks the page's by the count (walkProbing).
   */
  textKind: string | null;
  /** the search can also be walked testing each row's text (ListPlan 'text') */
  textWalk: boolean;
  /**
   * The search is all that narrows the list but its subset and the ids left out, so a walk along the
   * subset's index counts it without reading a row (countFromMatches); with any other condition the
   * count goes from the matches.
   */
  searchOnly: boolean;
  /** the same rows in the opposite order (a page past the middle is read from the far end), built when asked */
  reversed(): AnySelect;
  /**
   * A page of `limit` rows after `offset` (in the opposite order when `backwards`), its ids found first and
   * then its rows: the walk over the skipped rows reads only the ids, from the order's index alone where
   * it holds the list's conditions too (PostgreSQL's index-only scan, SQLite's covering index), not every
   * skipped row's record (a page 10,000 rows down the patients: 3.2 → 1.2 ms on PostgreSQL).
   */
  byKeys(limit: number, offset: number, backwards: boolean): AnySelect;
}

/**
 * PostgreSQL: the kind of `search_text` a list's search reads (db/search.ts `searchTextKind`), or null. A
 * list whose search also looks in the records it names (`searchThrough`: an appointment's patient and
 * doctor) reads none: it matches its own columns and theirs by ILIKE (migration 0039 keeps no kind of it).
 */
export const listTextKind = (ctx: AppContext, def: ResourceDef): string | null =>
  def.searchThrough?.length ? null : searchTextKind(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, def.subset);

/** Every list query parameter the declaration understands, with its type, for OpenAPI and the tests. */
export function listParameters(def: ResourceDef): Record<string, 'integer' | 'string' | 'date'> {
  const params: Record<string, 'integer' | 'string' | 'date'> = {};
  for (const [param, type] of Object.entries(def.filters ?? {})) if (type) params[param] = type === 'integer' ? 'integer' : 'string';
  for (const [param, via] of Object.entries(def.via ?? {})) params[param] = via.values ? 'string' : 'integer';
  if (def.parent) params[def.parent.column] = 'integer';
  if (def.status) params.status = def.status.kind === 'user' ? 'integer' : 'string';
  if (def.dateRange) Object.assign(params, { start_date: 'date', end_date: 'date' });
  return params;
}

export function buildListQuery(ctx: AppContext, def: ResourceDef, q: Record<string, unknown>, request: FastifyRequest, options: ListOptions = {}, plan: ListPlan = 'indexes'): ListQuery {
  const db = dynamic(ctx.db);
  const columns = ['id', ...def.columns.filter((c) => c !== 'id')];
  const errors: Record<string, string[]> = {};
  const fail = (param: string, message: string) => (errors[param] = [message]);
  const conditions: ((qb: AnySelect) => AnySelect)[] = [];

  const integer = (param: string): number | null => {
    const raw = first(q[param]);
    if (raw === undefined || raw === '') return null;
    const n = /^\d+$/.test(raw) ? Number(raw) : null;
    if (n === null || n > MAX_ID) {
      fail(param, `The ${param.replace(/_/g, ' ')} filter must be a number.`);
      return null;
    }
    return n;
  };

  /** a text parameter among the declared values (a gender, a blood group): the value, or null and a 422 */
  const oneOf = (param: string, values: readonly string[]): string | null => {
    const raw = first(q[param]);
    if (raw === undefined || raw === '') return null;
    if (values.includes(raw)) return raw;
    fail(param, `The ${param.replace(/_/g, ' ')} filter must be one of ${values.join(', ')}.`);
    return null;
  };

  const search = (first(q.search) ?? '').trim();
  // a search that also looks in the records the list names (an appointment's patient and doctor)
  const through = search ? (def.searchThrough ?? []) : [];
  // the plans of a searched list (its own index's matches counted, walked or collected) are for a search of its own text only
  // PostgreSQL: the kind of search_text the search reads (the subset's own, or the table's), when it has one
  const textKind = search ? listTextKind(ctx, def) : null;
  const fullTextSearch = search !== '' && !through.length && (usesFullTextIndex(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, search) || textKind !== null);

  for (const [param, type] of Object.entries(def.filters ?? {})) {
    // a declared status (`def.status`) reads its own filter below, as the document says it (http/listQuery.ts)
    if (param === 'status' && def.status) continue;
    if (type === 'integer') {
      const n = integer(param);
      if (n !== null) conditions.push((qb) => qb.where(sql.ref(param), '=', n));
    } else if (type !== undefined && type !== 'string') {
      const value = oneOf(param, type);
      if (value !== null) conditions.push((qb) => qb.where(sql.ref(param), '=', value));
    } else {
      const raw = first(q[param]);
      if (raw !== undefined && raw !== '') conditions.push((qb) => qb.where(sql.ref(param), '=', raw));
    }
  }
  for (const [param, via] of Object.entries(def.via ?? {})) {
    const value = via.values ? oneOf(param, via.values) : integer(param);
    if (value !== null && fullTextSearch) {
      // a searched list tests few rows (its matches, or a walk that stops after a page): each looked up by its key
      const related = sql<boolean>`exists (select 1 from ${sql.table(via.table)} as related where ${sql.ref(`related.${via.parentColumn}`)} = ${value} and ${sql.ref(`related.${via.key ?? 'id'}`)} = ${sql.ref(`${def.table}.${via.column}`)})`;
      conditions.push((qb) => qb.where(related));
    } else if (value !== null) {
      conditions.push((qb) => qb.where(sql.ref(via.column), 'in', db.selectFrom(via.table).select(via.key ?? 'id').where(via.parentColumn, '=', value)));
    }
  }
  if (def.parent) {
    // the parent's numeric id, or its encrypted id as the console's child routes carry it
    const { column, resource } = def.parent;
    const raw = first(q[column]);
    if (raw !== undefined && raw !== '') {
      const n = /^\d+$/.test(raw) ? Number(raw) : ctx.ids.decode(resource, raw);
      if (n === null || n > MAX_ID) fail(column, `The ${column.replace(/_/g, ' ')} filter must name a record.`);
      else conditions.push((qb) => qb.where(sql.ref(column), '=', n));
    }
  }
  if (def.status) {
    const raw = first(q.status);
    if (def.status.kind === 'user') {
      // the spec's pickers ask for `status=Active` (selectable campaigns, forms, knowledge items)
      const named = raw?.toLowerCase() === 'active' ? USER_STATUS.active : raw?.toLowerCase() === 'blocked' ? USER_STATUS.blocked : null;
      const n = named ?? integer('status');
      if (n !== null) conditions.push((qb) => qb.where(sql.ref('status'), '=', n));
    } else if (raw !== undefined && raw !== '') {
      const { column, values } = def.status;
      if (!values.includes(raw)) fail('status', `The status filter must be one of ${values.join(', ')}.`);
      else conditions.push((qb) => qb.where(sql.ref(column), '=', raw));
    }
  }
  if (def.dateRange) {
    const column = def.dateRange;
    const day = (param: string) => {
      const raw = first(q[param]);
      if (raw === undefined || raw === '') return null;
      const d = calendarDay(raw);
      if (!d) fail(param, `The ${param.replace(/_/g, ' ')} must be a date (YYYY-MM-DD).`);
      return d;
    };
    const [start, end] = [day('start_date'), day('end_date')];
    if (start && end && start > end) fail('end_date', 'The end date must not be before the start date.');
    // dates and ISO timestamps compare as text; the end day is included whole
    if (start) conditions.push((qb) => qb.where(sql.ref(column), '>=', start));
    if (end) conditions.push((qb) => qb.where(sql.ref(column), '<', nextDay(end)));
  }

  // `ids[]` (react-admin's getMany) or the spec's `id` (`GET /tasks?id=`): the records named, by encrypted id or number
  const rawIds = q['ids[]'] ?? q.ids ?? (first(q.id) ? q.id : undefined);
  const idList = rawIds === undefined ? null : (Array.isArray(rawIds) ? rawIds : [rawIds]).map(String);
  const ids = idList?.map((v) => (/^\d+$/.test(v) ? Number(v) : ctx.ids.decode(def.name, v))).filter((v): v is number => v !== null && v <= MAX_ID);
  if (ids) conditions.push((qb) => (ids.length ? qb.where('id', 'in', ids) : qb.where(sql.lit(false))));
  if (Object.keys(errors).length) throw new ValidationError(errors);

  if (search && through.length) {
    const own = searchMatches(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, search, def.subset);
    const named = through.flatMap(({ column, resource }) => {
      // the named table's whole index (every kind of person: a patient or a family member), as its lists search it
      const other = ctx.registry.byName.get(resource);
      if (!other) return [];
      const matching = db.selectFrom(other.table).select('id').where(searchMatches(ctx.dialect, ctx.searchIndexes, other.table, other.searchable, search));
      return [sql<boolean>`${sql.ref(column)} in (${matching})`];
    });
    conditions.push((qb) => qb.where(sql<boolean>`(${sql.join([own, ...named], sql` or `)})`));
  } else if (textKind !== null) {
    // PostgreSQL: along the order probing each row's text ('text'), the page from the kind's matches
    // collected first ('search'), else (a count) a semi-join with them, as the planner likes
    const matches = plan === 'text' ? textProbe(textKind, def.table, search) : plan === 'search' ? textMatches(textKind, search) : textJoin(textKind, search);
    conditions.push((qb) => qb.where(matches));
  } else if (search) {
    const walk = plan === 'text' ? walkMatches(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, search, def.subset) : null;
    conditions.push((qb) => qb.where(walk ?? searchMatches(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, search, def.subset)));
  }
  const scope = def.hooks?.scope;
  if (scope) conditions.push((qb) => scope(qb, request));
  if (options.scope) conditions.push(options.scope);
  const district = districtCondition(ctx, def, options.districtIds !== undefined ? options.districtIds : request.admin?.districtIds ?? null, fullTextSearch);
  if (district) conditions.push(district);
  const filtered = conditions.length > 0;
  const searchOnly = search !== '' && conditions.length === 1;
  const onlySearched = searchOnly && !(options.excludeIds ?? []).length;
  // the subset is the list itself (its total is the subset's kept count), not a filter of it. PostgreSQL:
  // a search from the subset's own kind of search_text holds only its records already, so only a walk along
  // its order names it (its index); collected or counted, the matches then need no row of theirs read to
  // test it (an index-only lookup by id: "ali" in a district counted in 8 ms instead of 28)
  const subsetKind = textKind !== null && def.subset !== undefined && textKind === `${def.table}:${def.subset.value}`;
  if (def.subset && !(subsetKind && plan !== 'text')) conditions.push((qb) => inSubset(def, qb, plan, ctx.dialect === 'postgres'));
  const excluded = options.excludeIds ?? [];
  if (excluded.length) conditions.push((qb) => qb.where('id', 'not in', excluded));

  let base: AnySelect = db.selectFrom(def.table).select([]);
  for (const condition of conditions) base = condition(base);

  const sortParam = first(q.sort);
  const sort = sortParam && def.sortable.includes(sortParam) ? sortParam : def.defaultSort.field;
  const orderParam = first(q.order)?.toLowerCase();
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : sortParam ? 'asc' : def.defaultSort.order;
  const ordered = base.select(columns).orderBy(sortExpression(def, sort), order).orderBy('id', order);
  const opposite = order === 'asc' ? 'desc' : 'asc';
  const reversed = () => base.select(columns).orderBy(sortExpression(def, sort), opposite).orderBy('id', opposite);
  const byKeys = (limit: number, offset: number, backwards: boolean) => {
    const direction = backwards ? opposite : order;
    const keys = base.select('id').orderBy(sortExpression(def, sort), direction).orderBy('id', direction).limit(limit).offset(offset);
    // PostgreSQL: `= any(array(…))`, so that the ids are found once and each row looked up by its key
    // whatever the generic plan guesses of a bound limit (as `in (…)`, a hash join over the whole table)
    // (a query in the template brings its own parentheses)
    const chosen = ctx.dialect === 'postgres' ? sql<boolean>`${sql.ref('id')} = any(array${keys})` : sql<boolean>`${sql.ref('id')} in ${keys}`;
    return db.selectFrom(def.table).select(columns).where(chosen).orderBy(sortExpression(def, sort), direction).orderBy('id', direction);
  };
  const ownTable = !fullTextSearch || textKind !== null ? null : def.subset ? subsetFullTextTable(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, search, def.subset) : searchTable(def.table);
  // PostgreSQL: the kind of search_text that holds exactly the list's rows (the table's, or the subset's own)
  const ownKind = textKind !== null && textKind === (def.subset ? `${def.table}:${def.subset.value}` : def.table) ? textKind : null;
  const indexCount = ownTable ? countSubsetMatches(ownTable, search) : ownKind ? countTextMatches(ownKind, search) : null;
  const searchCount = onlySearched ? indexCount : null;
  const textWalk = fullTextSearch && (textKind !== null || walksByText(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, search));
  return { base, ordered, reversed, byKeys, filtered, fullTextSearch, searchCount, indexCount, search, textWalk, searchOnly, textKind };
}

/** A column of the table, or `relation.column`: the related record's column, read by a subquery. */
function sortExpression(def: ResourceDef, sort: string) {
  const dot = sort.indexOf('.');
  if (dot < 0) return sql.ref(sort);
  const rel = def.belongsTo?.find((r) => r.as === sort.slice(0, dot));
  if (!rel) throw new Error(`${def.name}: sort field ${sort} names no belongsTo relation`);
  const column = sort.slice(dot + 1);
  // the foreign key is the record's own column, or its profile's (a CHW's qualification)
  const key = def.profile?.columns.includes(rel.column)
    ? sql`(select ${sql.ref(`p.${rel.column}`)} from ${sql.table(def.profile.table)} p where p.id = ${sql.ref(`${def.table}.id`)})`
    : sql.ref(`${def.table}.${rel.column}`);
  return sql`(select ${sql.ref(`${rel.table}.${column}`)} from ${sql.table(rel.table)} where ${sql.ref(`${rel.table}.id`)} = ${key})`;
}

/**
 * A declaration that belongs to a record with a place (a patient, a campaign) or lives under one must
 * declare where its own place is, so nothing that hangs off a placed record escapes an admin's
 * districts by being declared without one; a through-place must name placed resources. Checked once,
 * at start: a new module is covered by the scope (and its generated test) or does not start.
 */
export function checkPlaceDeclaration(def: ResourceDef, registry: Registry): void {
  const refs = [...(def.belongsTo ?? []).map((r) => r.resource as string), ...(def.parent ? [def.parent.resource as string] : [])];
  const placed = [...new Set(refs.filter((name) => registry.byName.get(name as never)?.district))];
  if (placed.length && !def.district) throw new Error(`resource ${def.name} belongs to ${placed.join(', ')}, which have a place: declare its own (district)`);
  if (def.district?.through !== undefined) {
    for (const name of def.district.resources) {
      if (!registry.byName.get(name)?.district) throw new Error(`resource ${def.name}: its place goes through ${name}, which declares no district`);
    }
  }
}

/** The declaration's list settings that only a wrong declaration breaks: checked once, at start. */
export function checkListDeclaration(def: ResourceDef): void {
  const problems: string[] = [];
  if (!def.searchable.length) problems.push('declares no searchable column');
  for (const sort of def.sortable) {
    const dot = sort.indexOf('.');
    if (dot < 0) continue;
    const rel = def.belongsTo?.find((r) => r.as === sort.slice(0, dot));
    if (!rel) problems.push(`sorts by ${sort}, but has no belongsTo relation "${sort.slice(0, dot)}"`);
    else if (!rel.columns.includes(sort.slice(dot + 1))) problems.push(`sorts by ${sort}, which its relation does not load`);
  }
  // a linked list named by another column must name one the page reads; one in a related record, a relation it has
  for (const [field, spec] of Object.entries(def.linked ?? {})) {
    const dot = field.indexOf('.');
    if (dot > 0 && !def.belongsTo?.some((r) => r.as === field.slice(0, dot))) problems.push(`lists ${field}, but has no belongsTo relation "${field.slice(0, dot)}"`);
    if (spec.from !== undefined && spec.from !== 'id' && !def.columns.includes(spec.from)) problems.push(`lists ${field} from ${spec.from}, which is not one of its columns`);
  }
  if (problems.length) throw new Error(`resource ${def.name} ${problems.join('; ')}`);
}
