import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from './index';
import type { Database } from './schema';

/**
 * Search: a term matches a record when the record's searchable columns, joined by spaces, contain it
 * (case-insensitive; % and _ match themselves). Each declared table has an index that serves exactly
 * this, made by `addSearchIndex` (db/migrations/helpers.ts) and listed in `search_indexes`:
 *
 * - SQLite: an FTS5 table `<table>_search` with the trigram tokenizer, kept by triggers. A phrase
 *   query of three or more characters is a substring match served by the index; shorter terms cannot
 *   use trigrams and scan the table with LIKE.
 * - PostgreSQL: a pg_trgm GIN index on the joined expression, which ILIKE '%term%' uses by itself.
 */

/** What a search matches: the one searchable column, or all of them joined by spaces. */
export function searchText(columns: readonly string[]): RawBuilder<string> {
  if (columns.length === 1) return sql<string>`${sql.ref(columns[0]!)}`;
  return sql<string>`${sql.join(columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`), sql` || ' ' || `)}`;
}

/** The same text for a named row (a trigger's NEW, a transition table's alias), never NULL. */
export function searchTextOf(row: string, columns: readonly string[]): RawBuilder<string> {
  return sql<string>`${sql.join(columns.map((c) => sql`coalesce(${sql.raw(row)}.${sql.ref(c)}, '')`), sql` || ' ' || `)}`;
}

export const searchTable = (table: string) => `${table}_search`;
/** SQLite's full-text table of one subset of a table (migrations/helpers.ts `addSearchPartition`). */
export const searchPartitionTable = (table: string, value: string) => `${table}_search__${value}`;

/** A declaration's subset (the patients among all users): its search index, when it has one of its own. */
export interface SearchSubset {
  column: string;
  value: string;
}

/**
 * The searchable columns each table's index was built on, as migrations recorded them. `searchText`:
 * the kinds PostgreSQL's `search_text` holds (migration 0038: every index a kind, less those no list
 * reads, migration 0039), from `search_text_kinds`.
 */
export interface SearchIndexes extends ReadonlyMap<string, readonly string[]> {
  readonly searchText?: ReadonlySet<string>;
}

export async function loadSearchIndexes(db: Kysely<Database>, dialect: Dialect): Promise<SearchIndexes> {
  const rows = await sql<{ table_name: string; columns: string }>`SELECT table_name, columns FROM search_indexes`.execute(db);
  const indexes = new Map(rows.rows.map((r) => [r.table_name, JSON.parse(r.columns) as string[]]));
  if (dialect !== 'postgres' || !(await hasSearchText(db))) return indexes;
  const kinds = await sql<{ kind: string }>`SELECT kind FROM search_text_kinds`.execute(db);
  return Object.assign(indexes, { searchText: new Set(kinds.rows.map((r) => r.kind)) });
}

/** PostgreSQL: whether `search_text` is there (migration 0038 ran: pg_trgm available). */
export async function hasSearchText(db: Kysely<Database>): Promise<boolean> {
  const r = await sql<{ t: string | null }>`SELECT to_regclass('search_text')::text AS t`.execute(db);
  return Boolean(r.rows[0]?.t);
}

const sameColumns = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((c, i) => c === b[i]);

/** Whether `searchMatches` answers from SQLite's FTS5 table: `id in (the rowids it matches)`. */
export const usesFullTextIndex = (dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string): boolean =>
  dialect === 'sqlite' && [...term].length >= 3 && sameColumns(indexes.get(table), columns);

/**
 * The SQLite full-text table that holds exactly the subset's matches (the patients' own index), when the
 * term can use one and the subset has its own over the same columns; else null.
 */
export function subsetFullTextTable(dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string, subset: SearchSubset | undefined): string | null {
  if (!subset || !usesFullTextIndex(dialect, indexes, table, columns, term)) return null;
  return sameColumns(indexes.get(`${table}:${subset.value}`), columns) ? searchPartitionTable(table, subset.value) : null;
}

const phraseOf = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** `%term%` for LIKE: `%`, `_` and the escape character itself taken literally (escaped by backslash) */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The condition "the record matches `term`" for a list of `table` (of `subset`, if it is one). */
export function searchMatches(dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string, subset?: SearchSubset): RawBuilder<boolean> {
  if (usesFullTextIndex(dialect, indexes, table, columns, term)) {
    const fts = sql.table(subsetFullTextTable(dialect, indexes, table, columns, term, subset) ?? searchTable(table));
    return sql<boolean>`${sql.ref('id')} in (select rowid from ${fts} where ${fts} match ${phraseOf(term)})`;
  }
  return likeMatches(dialect, columns, term);
}

/** Whether `walkMatches` has a condition for the term (SQLite's full-text index, ASCII characters only). */
export const walksByText = (dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string): boolean =>
  usesFullTextIndex(dialect, indexes, table, columns, term) && [...term].every((c) => c.charCodeAt(0) > 0 && c.charCodeAt(0) < 0x80);

/**
 * The same condition as `searchMatches`, for a walk along a list's order that stops after a page (SQLite,
 * full-text terms of ASCII characters only; else null): each row walked is tested by LIKE on the text the
 * full-text index holds for it (FTS5 keeps it in the table's content table, `<name>_content`: id = rowid,
 * c0 = the text), one lookup by id in a narrow table (about 0.4 µs a row walked, against 1.9 µs for
 * reading the record's own wide row and joining its columns), which costs the same at any size, where
 * `id in (matches)` first collects every match of the term (51,000 patients of a million for "ali"). The
 * two agree: FTS5's trigram index folds case as LIKE does for ASCII (A-Z to a-z), so for an ASCII term a
 * row whose text is all ASCII matches in both or in neither, and LIKE never matches where the index does
 * not. Only a row with other characters can differ (FTS5 folds the Kelvin sign to k, LIKE leaves it): such
 * a row (its text longer in bytes than in characters) is looked up among the index's matches, collected
 * the first time one is met.
 */
export function walkMatches(dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string, subset?: SearchSubset): RawBuilder<boolean> | null {
  if (!walksByText(dialect, indexes, table, columns, term)) return null;
  const fts = subsetFullTextTable(dialect, indexes, table, columns, term, subset) ?? searchTable(table);
  const text = sql.ref('search_text.c0');
  const notAscii = sql<boolean>`length(${text}) <> length(cast(${text} as blob))`;
  const matches = sql`select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${phraseOf(term)}`;
  return sql<boolean>`exists (select 1 from ${sql.table(`${fts}_content`)} as search_text where search_text.id = ${sql.ref(`${table}.id`)} and (${text} like ${likePattern(term)} escape '\\' or (${notAscii} and search_text.id in (${matches}))))`;
}

/** How many of the subset's records match `term`, counted in its own full-text table (subsetFullTextTable). */
export function countSubsetMatches(ftsTable: string, term: string): RawBuilder<{ n: number }> {
  const fts = sql.table(ftsTable);
  return sql<{ n: number }>`select count(*) as n from ${fts} where ${fts} match ${phraseOf(term)}`;
}

/** How many records of the whole table match `term` in its full-text table (SQLite, three characters or more). */
export function countTableMatches(table: string, term: string): RawBuilder<{ n: number }> {
  return countSubsetMatches(searchTable(table), term);
}

/**
 * PostgreSQL: the kind of `search_text` (migration 0038) a list's search reads: the subset's own
 * (`users:patient`) when it has one over the same columns, else the table's; null when `search_text`
 * holds neither (or the database has no `search_text`): the search is then ILIKE on the record's own
 * columns, through the table's trigram index.
 */
export function searchTextKind(dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], subset?: SearchSubset): string | null {
  const kinds = indexes.searchText;
  if (dialect !== 'postgres' || !kinds || !sameColumns(indexes.get(table), columns)) return null;
  const own = subset ? `${table}:${subset.value}` : null;
  if (own && kinds.has(own) && sameColumns(indexes.get(own), columns)) return own;
  return kinds.has(table) ? table : null;
}

/**
 * The pattern a search's text is matched by in `search_text`: `%term%` (escaped as `likePattern`) lowered
 * by PostgreSQL's own lower(), as the text was, so the match is ILIKE's. A bound parameter: each named
 * statement keeps one generic plan, which the kind's partial trigram index serves (the kind is literal).
 */
const textPattern = (term: string) => sql`lower(${likePattern(term)})`;

/** PostgreSQL: the ids of a kind's records that match `term`, from `search_text` alone. */
export const textMatchIds = (kind: string, term: string) =>
  sql`select search_text.id from search_text where search_text.kind = ${sql.lit(kind)} and search_text.text like ${textPattern(term)}`;

/**
 * PostgreSQL: the record is among the kind's matches, the plan that collects every match and then sorts
 * them. Spelt `id = any(array(…))`: the matches are collected once (an InitPlan) and each looked up by
 * primary key, whatever the planner guesses of a `LIKE '%term%'` (a rare term guessed common would
 * otherwise be walked along the whole order: 300 ms against 0.2 ms over 100,000 patients).
 */
export const textMatches = (kind: string, term: string): RawBuilder<boolean> => sql<boolean>`${sql.ref('id')} = any(array(${textMatchIds(kind, term)}))`;

/** PostgreSQL: `id in (the kind's matches)`, a semi-join (a count's: the planner hashes the matches, or walks them). */
export const textJoin = (kind: string, term: string): RawBuilder<boolean> => sql<boolean>`${sql.ref('id')} in (${textMatchIds(kind, term)})`;

/**
 * PostgreSQL: the same condition for a walk along a list's order that stops after a page: each row
 * walked probes its own text by primary key (id, kind), a narrow row, and LIKE. A scalar subquery
 * (at most one row by the key), so the planner keeps it a probe of each row walked rather than turning
 * it into a join that collects every match first.
 */
export const textProbe = (kind: string, table: string, term: string): RawBuilder<boolean> =>
  sql<boolean>`(select true from search_text as probe where probe.id = ${sql.ref(`${table}.id`)} and probe.kind = ${sql.lit(kind)} and probe.text like ${textPattern(term)}) is not null`;

/** PostgreSQL: how many of a kind's records match `term`, counted in `search_text` alone. */
export const countTextMatches = (kind: string, term: string): RawBuilder<{ n: number }> =>
  sql<{ n: number }>`select count(*)::int as n from search_text where kind = ${sql.lit(kind)} and text like ${textPattern(term)}`;

/**
 * `%term%` against the joined text. Backslash is PostgreSQL's default LIKE escape; spelling ESCAPE out
 * there would hide the pattern from the trigram index's planner, so only SQLite gets the clause.
 */
export function likeMatches(dialect: Dialect, columns: readonly string[], term: string): RawBuilder<boolean> {
  const pattern = likePattern(term);
  return dialect === 'postgres'
    ? sql<boolean>`${searchText(columns)} ilike ${pattern}`
    : sql<boolean>`${searchText(columns)} like ${pattern} escape '\\'`;
}
