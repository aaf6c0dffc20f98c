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

/** The same text for a trigger's NEW row (SQLite), never NULL. */
export function searchTextOf(row: 'new' | 'old', columns: readonly string[]): RawBuilder<string> {
  return sql<string>`${sql.join(columns.map((c) => sql`coalesce(${sql.raw(row)}.${sql.ref(c)}, '')`), sql` || ' ' || `)}`;
}

export const searchTable = (table: string) => `${table}_search`;

/** The searchable columns each table's index was built on, as migrations recorded them. */
export type SearchIndexes = ReadonlyMap<string, readonly string[]>;

export async function loadSearchIndexes(db: Kysely<Database>): Promise<SearchIndexes> {
  const rows = await sql<{ table_name: string; columns: string }>`SELECT table_name, columns FROM search_indexes`.execute(db);
  return new Map(rows.rows.map((r) => [r.table_name, JSON.parse(r.columns) as string[]]));
}

const sameColumns = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((c, i) => c === b[i]);

/** Whether `searchMatches` answers from SQLite's FTS5 table: `id in (the rowids it matches)`. */
export const usesFullTextIndex = (dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string): boolean =>
  dialect === 'sqlite' && [...term].length >= 3 && sameColumns(indexes.get(table), columns);

/** The condition "the record matches `term`" for a list of `table`. */
export function searchMatches(dialect: Dialect, indexes: SearchIndexes, table: string, columns: readonly string[], term: string): RawBuilder<boolean> {
  if (usesFullTextIndex(dialect, indexes, table, columns, term)) {
    const fts = sql.table(searchTable(table));
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<boolean>`${sql.ref('id')} in (select rowid from ${fts} where ${fts} match ${phrase})`;
  }
  return likeMatches(dialect, columns, term);
}

/**
 * `%term%` against the joined text. Backslash is PostgreSQL's default LIKE escape; spelling ESCAPE out
 * there would hide the pattern from the trigram index's planner, so only SQLite gets the clause.
 */
export function likeMatches(dialect: Dialect, columns: readonly string[], term: string): RawBuilder<boolean> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return dialect === 'postgres'
    ? sql<boolean>`${searchText(columns)} ilike ${pattern}`
    : sql<boolean>`${searchText(columns)} like ${pattern} escape '\\'`;
}
