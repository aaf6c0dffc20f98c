import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { permissionName } from '../../../contract/permissions';
import type { ResourceName } from '../../../contract/resources';
import type { AppContext } from '../context';
import { countSubsetMatches, countTableMatches, subsetFullTextTable, textMatchIds } from '../db/search';
import { subsetCounterKey } from '../db/migrations/helpers';
import { PG_MATCH_COST, searchPagePlan, walkProbing } from '../http/crud';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { textEnum } from '../http/listQuery';
import { answers, oneOfTypes } from '../http/responses';
import { ValidationError } from '../http/errors';
import { buildListQuery, first, type ListPlan } from '../http/list';
import type { ResourceDef, Row } from '../http/resource';

/** The groups of the app bar's search, in the order the console shows them. */
export const SEARCH_GROUPS = ['app-users', 'doctors', 'chw', 'admins', 'campaigns', 'dynamic-forms'] as const satisfies readonly ResourceName[];
/** results shown a group; one more is read to tell whether the list holds more */
export const SEARCH_GROUP_LIMIT = 5;
/** shorter terms would match most of a table and say nothing */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export interface SearchHit {
  id: string;
  label: string;
  detail: string | null;
}
export interface SearchGroup {
  resource: (typeof SEARCH_GROUPS)[number];
  hits: SearchHit[];
  /** the list holds more matches than shown (the console links to the list, searched) */
  more: boolean;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const personName = (row: Row) => [text(row.f_name), text(row.l_name)].filter(Boolean).join(' ');

/** What a hit shows of a row: a person's name with their phone (or CNIC, or email), a campaign's or form's title. */
function hitOf(ctx: AppContext, def: ResourceDef, row: Row): SearchHit {
  const id = ctx.ids.encode(def.name, Number(row.id));
  if (def.name === 'campaigns' || def.name === 'dynamic-forms') return { id, label: text(row.title) ?? '', detail: null };
  if (def.name === 'admins') return { id, label: personName(row) || (text(row.email) ?? ''), detail: text(row.email) ?? text(row.phone) };
  return { id, label: personName(row) || (text(row.email) ?? ''), detail: text(row.phone_no) ?? text(row.cnic) ?? text(row.email) };
}

/**
 * One group's first hits, as its list would find them for this admin (the same search index, scope
 * hook and district condition: buildListQuery), newest first. On SQLite a people group's plan is
 * chosen from the full-text matches counted in the search table itself (cheap): a rare term goes from
 * its few matches to their rows; a common one walks the group's order until enough matched (ListPlan),
 * testing each row's text when that costs less than collecting the matches: the list's own choice (searchPagePlan).
 */
async function groupHits(ctx: AppContext, def: ResourceDef, term: string, request: FastifyRequest, matchCounts: Map<string, Promise<number>>, textPlans: Promise<Map<string, ListPlan>>): Promise<SearchGroup> {
  const q = { search: term };
  let built = buildListQuery(ctx, def, q, request);
  if (built.textKind) {
    const plan = (await textPlans).get(def.name);
    if (plan && plan !== 'indexes') built = buildListQuery(ctx, def, q, request, {}, plan);
  } else if (def.subset && built.fullTextSearch) {
    // the subset's own matches when it has its own index (the patients'), else every user's
    const own = subsetFullTextTable(ctx.dialect, ctx.searchIndexes, def.table, def.searchable, term, def.subset);
    const key = own ?? def.table;
    let matches = matchCounts.get(key);
    if (!matches) {
      matches = (own ? countSubsetMatches(own, term) : countTableMatches(def.table, term)).execute(ctx.db).then((r) => Number(r.rows[0]?.n ?? 0));
      matchCounts.set(key, matches);
    }
    const kept = await ctx.db.selectFrom('row_counts').select('n').where('table_name', '=', subsetCounterKey(def.table, def.subset.value)).executeTakeFirst();
    const plan = searchPagePlan(await matches, SEARCH_GROUP_LIMIT + 1, kept ? Number(kept.n) : null, built);
    if (plan !== 'indexes') built = buildListQuery(ctx, def, q, request, {}, plan);
  }
  const rows = await built.ordered.limit(SEARCH_GROUP_LIMIT + 1).execute();
  return { resource: def.name as SearchGroup['resource'], hits: rows.slice(0, SEARCH_GROUP_LIMIT).map((row) => hitOf(ctx, def, row)), more: rows.length > SEARCH_GROUP_LIMIT };
}

/**
 * PostgreSQL: each group's plan (walked along its order probing each row's text, or collected from its
 * kind's matches: walkProbing), chosen from the matches of its kind of `search_text` counted for all the
 * groups in one statement. A count stops where the walk wins whatever the rest (past
 * sqrt(reach × rows / PG_MATCH_COST) matches), so a common term is not counted whole.
 */
async function chooseTextPlans(ctx: AppContext, defs: ResourceDef[], term: string, request: FastifyRequest, known: Map<string, Map<string, ListPlan>>): Promise<Map<string, ListPlan>> {
  const kept = known.get(term);
  if (kept && defs.every((def) => kept.has(def.name))) return kept;
  const plans = await countTextPlans(ctx, defs, term, request);
  known.delete(term);
  known.set(term, plans);
  if (known.size > TEXT_PLANS_KEPT) known.delete(known.keys().next().value!);
  return plans;
}

/**
 * The app bar's last plans of each recent term (chooseTextPlans): the counts behind them cost more than
 * the search they choose for (about 5 ms for "ali" among 100,000 patients), and a term is searched again
 * (the next keystroke's results, the list it links to). A stale plan only costs time; every answer is the
 * same by either plan.
 */
const TEXT_PLANS_KEPT = 1000;

async function countTextPlans(ctx: AppContext, defs: ResourceDef[], term: string, request: FastifyRequest): Promise<Map<string, ListPlan>> {
  const reach = SEARCH_GROUP_LIMIT + 1;
  const groups = defs.flatMap((def) => {
    const kind = buildListQuery(ctx, def, { search: term }, request).textKind;
    return kind ? [{ def, kind, key: def.subset ? subsetCounterKey(def.table, def.subset.value) : def.table }] : [];
  });
  const plans = new Map<string, ListPlan>();
  if (!groups.length) return plans;
  const columns = groups.map(({ kind, key }, i) => {
    const rows = sql`(select n from row_counts where table_name = ${sql.lit(key)})`;
    const bound = sql`(select floor(sqrt(greatest(n, 0) * ${sql.lit(reach)} / ${sql.lit(PG_MATCH_COST)}::float8))::int + 1 from row_counts where table_name = ${sql.lit(key)})`;
    return sql`${rows} as ${sql.ref(`r${i}`)}, (select count(*)::int from (${textMatchIds(kind, term)} limit ${bound}) as m) as ${sql.ref(`m${i}`)}`;
  });
  const { rows } = await sql<Record<string, number | null>>`select ${sql.join(columns)}`.execute(ctx.db);
  const counted = rows[0] ?? {};
  groups.forEach(({ def }, i) => {
    const kept = counted[`r${i}`];
    const matches = Number(counted[`m${i}`] ?? 0);
    plans.set(def.name, walkProbing(matches, reach, kept === null || kept === undefined ? null : Number(kept)) ? 'text' : 'search');
  });
  return plans;
}

/**
 * GET /search?q=: the console's app-bar search over patients (name, phone, CNIC, email), doctors,
 * CHWs, admins, campaigns and survey forms, a group for each module the admin may view, each found as
 * its list finds it (so within the admin's districts), the groups read side by side.
 */
export function registerSearchRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const knownPlans = new Map<string, Map<string, ListPlan>>();
  app.get('/api/admin/search', {
    config: { access: {} },
    schema: {
      tags: ['search'],
      summary: 'Search people, campaigns and forms at once',
      querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: `the term: fewer than ${SEARCH_MIN_LENGTH} characters finds nothing`, 'x-message': `The search may have at most ${SEARCH_MAX_LENGTH} characters.` })) }),
      response: answers(Type.Object({
        q: Type.String(),
        groups: Type.Array(Type.Object({
          resource: textEnum(SEARCH_GROUPS),
          hits: Type.Array(Type.Object({ id: Type.String({ description: 'encrypted id' }), label: Type.String(), detail: oneOfTypes('string', 'null') })),
          more: Type.Boolean({ description: 'the group has more hits than these' }),
        })),
      }), 'A group of hits for each module the admin may view.'),
    },
  }, async (request) => {
    const admin = requireAdmin(request);
    const term = (first((request.query as Record<string, unknown>).q) ?? '').trim();
    if ([...term].length > SEARCH_MAX_LENGTH) throw ValidationError.field('q', `The search may have at most ${SEARCH_MAX_LENGTH} characters.`);
    if ([...term].length < SEARCH_MIN_LENGTH) return ok({ q: term, groups: [] });
    const defs = SEARCH_GROUPS.map((name) => ctx.registry.byName.get(name)).filter((def): def is ResourceDef => def !== undefined && admin.permissions.has(permissionName('view', def.module)));
    const matchCounts = new Map<string, Promise<number>>();
    const textPlans = chooseTextPlans(ctx, defs, term, request, knownPlans);
    const groups = await Promise.all(defs.map((def) => groupHits(ctx, def, term, request, matchCounts, textPlans)));
    return ok({ q: term, groups });
  });
}
