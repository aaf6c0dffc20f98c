import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { subsetCounterKey } from '../../db/migrations/helpers';
import { ok } from '../envelope';
import { exportLink } from '../exports';
import { confirmSession, epochColumn, sessionReadAt, sessionUnchecked } from '../auth';
import { access, type CrudContext, listPath } from './shared';
import { buildListQuery, first, inSubset, type ListPlan, type ListQuery } from '../list';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, paginator } from '../paging';
import { listQuerySchema, MAX_PAGE, UNPAGED_LIMIT } from '../listQuery';
import { answers, type JsonSchema, paginatorOf } from '../responses';
import type { CrudHelpers, ListOptions, Row } from '../resource';

export { UNPAGED_LIMIT } from '../listQuery';

/**
 * Whether a searched page is cheaper found from its `matches` (each looked up, then sorted) than by
 * walking the list's order until `reach` (offset + page) of them turned up: about (reach × rows /
 * matches) rows walked, at roughly a tenth of a match's cost each (measured over 100,000 patients:
 * 0.45 µs a row walked, 4-6 µs a match). `collected`: the index's matches the plan from the matches
 * reads, when a filter or a district leaves fewer of them on the list (default: the same). Unknown row
 * count: the walk.
 */
export const matchesFirst = (matches: number, reach: number, rows: number | null, collected = matches): boolean =>
  rows !== null && collected * 11 < (reach * rows) / Math.max(1, matches);

/**
 * Whether a searched page walked along the list's order is cheaper testing each row's text (ListPlan
 * 'text': about 0.6-0.8 µs a row walked, its text looked up by id in the full-text index's content table
 * and LIKE; it was 1.9 µs reading the record's own row) than testing its id among the term's matches,
 * which are collected first (then 0.16 µs a row walked). Collecting costs about 0.25-0.3 µs a match for
 * each trigram of the term (a three-letter term is one trigram, a four-letter one two: "ali" 12 ms, "khan"
 * 13 ms for 50,065 and 19,981 matches among a million patients). So the text wins while the walk is
 * shorter than about half the matches times the trigrams: over 100,000 patients "ali"'s first page (490
 * rows walked) 1.6 → 0.75 ms, "khan"'s (1,230 rows) 1.65 → 1.3 ms, while "khan"'s fourth page (4,900
 * rows) stays with the ids (2.0 against 7 ms). About (reach × rows / matches) rows are walked. Unknown
 * row count: the ids.
 */
export const walkByText = (matches: number, reach: number, rows: number | null, term: string, collected = matches): boolean =>
  rows !== null && ((reach * rows) / Math.max(1, matches)) * 2 < collected * Math.max(1, [...term].length - 2);

/**
 * PostgreSQL: the cost of a match collected from `search_text` (its text rechecked, then its record looked
 * up by primary key and sorted) relative to a row walked along the list's order probing its text by
 * (id, kind). Measured over 100,000 patients: "ali"'s first page walked 1.1 ms against 35 ms collected
 * (5,107 matches), a rare term's collected 0.2 ms against 300 ms walked.
 */
export const PG_MATCH_COST = 2;

/**
 * PostgreSQL: whether a searched page is cheaper walked along the list's order probing each row's text
 * (about reach × rows / matches rows walked) than collected from the `collected` matches of its kind.
 * The term's own count decides, not the planner: its estimates of `LIKE '%term%'` are poor ("ali" guessed
 * at 780 matches among 100,000 patients, really 5,107). Unknown row count: collected.
 */
export const walkProbing = (matches: number, reach: number, rows: number | null, collected = matches): boolean =>
  rows !== null && (reach * rows) / Math.max(1, matches) < collected * PG_MATCH_COST;

/**
 * The plan that finds a searched page reaching `reach` rows cheapest (ListPlan): from the matches, walked
 * by text, or walked by ids. `matches`: the list's (its total), which sets how far a walk goes;
 * `collected`: the term's matches in the index, which the other two plans read (more than the list's when
 * a filter or a district narrows it).
 */
export function searchPagePlan(matches: number, reach: number, rows: number | null, built: Pick<ListQuery, 'search' | 'textWalk' | 'textKind'>, collected = matches): ListPlan {
  if (built.textKind) return walkProbing(matches, reach, rows, collected) ? 'text' : 'search';
  if (matchesFirst(matches, reach, rows, collected)) return 'search';
  return built.textWalk && walkByText(matches, reach, rows, built.search, collected) ? 'text' : 'indexes';
}

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

/**
 * GET /api/admin/{name}: a page of the list (or, with `download=true`, a signed export link). Returns
 * the handler, which alias routes reuse (`CrudHelpers.list`).
 */
export function registerList(crud: CrudContext): CrudHelpers['list'] {
  const { app, ctx, def, present } = crud;
  /** recent searches' totals, by their query without paging and order (countFromMatches) */
  const searchTotals = new Map<string, number>();

  /**
   * PostgreSQL: the term's matches in its kind of search_text, when a filter or a district narrows the
   * list (the plans' `collected`), kept for the last terms: counting them costs more than the page they
   * choose for ("ali" among 100,000 patients, 14 ms, for a page of 1-8 ms). Only the plan depends on it: a
   * stale count only costs time. SQLite counts each time (from its FTS5 table, a fraction of that).
   */
  const kindTotals = new Map<string, number>();
  const indexTotal = async (built: ListQuery, count: NonNullable<ListQuery['indexCount']>): Promise<number> => {
    const key = built.textKind ? `${built.textKind}\u0000${built.search}` : null;
    const known = key === null ? undefined : kindTotals.get(key);
    if (known !== undefined) return known;
    const n = Number((await count.execute(crud.db)).rows[0]?.n ?? 0);
    if (key !== null) {
      kindTotals.set(key, n);
      if (kindTotals.size > SEARCH_TOTALS_KEPT) kindTotals.delete(kindTotals.keys().next().value!);
    }
    return n;
  };

  const list = async (request: FastifyRequest, options: ListOptions = {}) => {
    const q = options.query ?? (request.query as Record<string, unknown>);
    const download = first(q.download) === 'true' || first(q.download) === '1';
    const paginate = !['false', '0'].includes(first(q.paginate) ?? '');
    const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(first(q.page) ?? '1', 10) || 1));
    // a session from the cache (http/auth.ts) still to be checked: an export link or a whole list checks it first
    if (download || !paginate) await confirmSession(ctx, request);
    if (download) return ok(exportLink(ctx, request, def.name, q), 'Export ready.');
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(first(q.per_page) ?? '', 10) || DEFAULT_PER_PAGE));
    const built = buildListQuery(ctx, def, q, request, options);
    // a page checks it within its first statement on PostgreSQL (no round trip of its own: a first page's
    // folded statement, a later page's count, a search's count from search_text), else before reading
    // anything. Changed since it was cached: looked up and authorised again, and the list read again for it
    const epoch = sessionUnchecked(request) && ctx.dialect === 'postgres' && (!built.search || Boolean(built.searchCount && built.textKind)) ? epochColumn() : null;
    if (sessionUnchecked(request) && !epoch && !(await confirmSession(ctx, request))) return list(request, options);
    const stillHolds = async (read: unknown) => !epoch || (await sessionReadAt(ctx, request, read));
    const viewer = request.admin?.id;
    if (!paginate) return ok(await present(await built.ordered.limit(UNPAGED_LIMIT).execute(), 'list', viewer));
    const offset = (page - 1) * perPage;
    // PostgreSQL folds a first page without a search into one statement; a search's page stays planned
    // for its term each time (custom plans), and the joins of the folded statement cost 3-10 ms of that
    // planning, more than the round trips they save (bench/README.md)
    const folded = ctx.dialect === 'postgres' && !built.search;
    let total: number;
    let rows: Row[];
    if (built.fullTextSearch) {
      // the total from the list's own full-text table when the search is all that narrows it; else each
      // query by the plan that costs less for that many matches (ListPlan): the count by the one the term's
      // last count called for (from the matches when unknown), the page by this count's
      // only a subset's own index competes with the matches (ListPlan): without one the plans are one
      // built only when a query takes it (a search counted in its own index that walks the order needs none)
      let searchPlan: ReturnType<typeof buildListQuery> | undefined;
      // (PostgreSQL's plan from the matches is the list's own: ListQuery.textKind)
      const fromMatches = () => (searchPlan ??= def.subset && !built.textKind ? buildListQuery(ctx, def, q, request, options, 'search') : built);
      let kept: number | null;
      if (built.searchCount && built.textKind) {
        // PostgreSQL: the count from search_text and the list's kept rows in one statement (one round trip)
        const both = (await sql<{ n: number; k: number | string | null; e?: unknown }>`select (${built.searchCount}) as n, (${keptQuery(crud.db, def)}) as k${epoch ? sql`, ${epoch} as e` : sql``}`.execute(crud.db)).rows[0];
        if (!(await stillHolds(both?.e))) return list(request, options);
        total = Number(both?.n ?? 0);
        kept = both?.k === null || both?.k === undefined ? null : Number(both.k);
      } else if (built.searchCount) {
        kept = await keptCount(crud);
        total = Number((await built.searchCount.execute(crud.db)).rows[0]?.n ?? 0);
      } else {
        kept = await keptCount(crud);
        const term = JSON.stringify(Object.entries(q).filter(([k]) => !PAGING_KEYS.has(k)).sort(([a], [b]) => (a < b ? -1 : 1)));
        const known = searchTotals.get(term);
        // along the subset's index only when nothing but the search narrows it (a filter or a district would read every row walked)
        const walk = built.searchOnly && !built.textKind && known !== undefined && !countFromMatches(known, kept);
        total = await countOf(crud, (walk ? built : fromMatches()).base, true, options.excludeIds ?? []);
        searchTotals.set(term, total);
        if (searchTotals.size > SEARCH_TOTALS_KEPT) searchTotals.delete(searchTotals.keys().next().value!);
      }
      // a narrowed search's plans read the term's matches in the index: how many, from the index alone
      const collected = built.searchCount || !built.indexCount ? total : await indexTotal(built, built.indexCount);
      const plan = searchPagePlan(total, offset + perPage, kept, built, Math.max(total, collected));
      const collect = () => (built.textKind ? buildListQuery(ctx, def, q, request, options, 'search') : fromMatches());
      rows = await readPage(plan === 'search' ? collect() : plan === 'text' ? buildListQuery(ctx, def, q, request, options, 'text') : built, offset, perPage, total);
    } else if (folded && page === 1) {
      // PostgreSQL: the first page, its related records and its total in one statement (one round trip).
      // Its limit is written in the text, so that PostgreSQL may keep one plan of it (a bound limit kept
      // it planning each time: 3.5 ms of planning for its 1.4 ms of work over 100,000 patients)
      rows = await crud.pageWithRelated(built.ordered.limit(sql.lit(perPage)), totalOf(crud, built.base, built.filtered, options.excludeIds ?? []), epoch ? { __epoch: epoch } : {}).execute();
      if (!(await stillHolds(rows[0]!.__epoch))) return list(request, options);
      total = Number(rows[0]!.__total);
      if (rows[0]!.__n === null) rows = [];
    } else if (page === 1) {
      [total, rows] = await Promise.all([listTotal(crud, built, options.excludeIds ?? []), built.ordered.limit(perPage).execute()]);
    } else {
      const counted = await countWith(crud, built, options.excludeIds ?? [], epoch);
      if (!(await stillHolds(counted.epoch))) return list(request, options);
      total = counted.total;
      rows = await readPage(built, offset, perPage, total);
    }
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return ok(paginator({ rows: await present(rows, 'list', viewer, folded && page === 1), total, page, perPage, path: listPath(ctx, request), query }));
  };

  // a cached session is checked within the list's first statement (epochInStatement)
  app.get(crud.base, { config: { access: { ...access(def, 'view').access, epochInStatement: true } }, schema: { tags: crud.tags, summary: `List ${def.name}`, querystring: listQuerySchema(def, { exports: true }), response: listAnswers(crud.record) } }, (request) => list(request));
  return list;
}

/** A page this many pages or more from the nearer end of its list is read by its ids first (`byKeys`). */
export const KEYS_FIRST_FROM = 10;

/**
 * The page at `offset` of a list of `total` rows. A page past the middle is read from the far end, in the
 * opposite order, and turned round: an OFFSET walks every row it skips, so page 3,600 of 4,000 walks
 * 10,000 index entries instead of 90,000. The order is total (the sort, then id), so the rows are the same.
 * A list without a search finds a page far from both ends by its ids first (`byKeys`: only the skipped rows'
 * ids walked); a searched one keeps the plan chosen for its term.
 */
async function readPage(query: Pick<ListQuery, 'ordered' | 'reversed' | 'byKeys' | 'search'>, offset: number, perPage: number, total: number): Promise<Row[]> {
  if (offset >= total) return [];
  const after = total - offset - perPage;
  // the ids first once the walk is long enough to pay for the page's rows looked up again (not page 2:
  // 0.25 ms dearer there on PostgreSQL), and never for a search
  const keysFirst = query.search === '' && Math.min(offset, Math.max(0, after)) >= KEYS_FIRST_FROM * perPage;
  if (after >= offset) return (keysFirst ? query.byKeys(perPage, offset, false) : query.ordered.limit(perPage).offset(offset)).execute();
  const [limit, skipped] = [Math.min(perPage, total - offset), Math.max(0, after)];
  const rows = await (keysFirst ? query.byKeys(limit, skipped, true) : query.reversed().limit(limit).offset(skipped)).execute();
  return rows.reverse();
}

/**
 * A list's total: from the search index alone when the search is all that narrows the list and the index
 * holds exactly its rows (PostgreSQL's `search_text` kind: a narrow row a match, where a count through the
 * table's own trigram index read every candidate's wide row again), else countOf.
 */
async function listTotal(crud: CrudContext, built: ListQuery, excludeIds: number[]): Promise<number> {
  if (built.searchCount) return Number((await built.searchCount.execute(crud.db)).rows[0]?.n ?? 0);
  return countOf(crud, built.base, built.filtered, excludeIds);
}

/**
 * A later page's total, as listTotal reads it, with `carried` (the session's epoch) read in the same
 * statement: a list without a search there (a searched one counts in its own branch of the route).
 */
async function countWith(crud: CrudContext, built: ListQuery, excludeIds: number[], carried: RawBuilder<unknown> | null): Promise<{ total: number; epoch?: unknown }> {
  if (!carried || built.searchCount) return { total: await listTotal(crud, built, excludeIds) };
  const { rows } = await sql<{ n: number | string; e: unknown }>`select ${totalOf(crud, built.base, built.filtered, excludeIds)} as n, ${carried} as e`.execute(crud.db);
  return { total: Number(rows[0]?.n ?? 0), epoch: rows[0]?.e };
}

/**
 * A list's total, as its own statement: totalOf's one value (the rule is written once, there).
 */
async function countOf(crud: CrudContext, base: ReturnType<typeof buildListQuery>['base'], filtered: boolean, excludeIds: number[]): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select ${totalOf(crud, base, filtered, excludeIds)} as n`.execute(crud.db);
  return Number(rows[0]?.n ?? 0);
}

/** The list's rows before any filter, from the trigger-kept counts (migration 0004), if kept. */
async function keptCount({ db, def }: CrudContext): Promise<number | null> {
  const kept = await keptQuery(db, def).executeTakeFirst();
  return kept ? Number(kept.n) : null;
}

const keptQuery = (db: CrudContext['db'], def: CrudContext['def']) =>
  db.selectFrom('row_counts').select('n').where('table_name', '=', def.subset ? subsetCounterKey(def.table, def.subset.value) : def.table);

/**
 * A list's total as one value of a statement (PostgreSQL's folded page; countOf asks for it alone).
 * Unfiltered, it is the trigger-kept row count (migration 0004) less the excluded ids that exist (the
 * admin list leaves out the signed-in admin), so it costs no count(*); filtered, or not kept, count(*).
 * Both databases evaluate coalesce's arguments only as far as needed, so the count(*) runs only then.
 */
function totalOf(crud: CrudContext, base: ReturnType<typeof buildListQuery>['base'], filtered: boolean, excludeIds: number[]): RawBuilder<number> {
  const { db, def } = crud;
  const countAll = base.select((eb) => eb.fn.countAll<number>().as('total'));
  if (filtered) return sql<number>`(${countAll})`;
  const excluded = excludeIds.length ? inSubset(def, db.selectFrom(def.table).select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', excludeIds)) : null;
  const kept = excluded ? sql`(${keptQuery(db, def)}) - (${excluded})` : sql`(${keptQuery(db, def)})`;
  return sql<number>`coalesce(${kept}, (${countAll}))`;
}

/**
 * A list's answers (its route's, and an alias's reusing it): a page of records; with paginate=false
 * all of them (up to UNPAGED_LIMIT); with download=true the signed link to the file. Told apart in
 * that order by the serialiser (a link is text, a whole list an array; what is neither is a page).
 */
export const listAnswers = (record: JsonSchema) =>
  answers(
    { anyOf: [{ type: 'string', description: 'download=true: a signed link to the list as a file, valid five minutes without the bearer' }, { type: 'array', items: record, description: 'paginate=false: every record' }, paginatorOf(record)] },
    'A page of the list, every record (paginate=false) or the link to its file (download=true).',
  );
