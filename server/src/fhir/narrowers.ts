import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db';
import { dynamic } from '../http/resource';
import { decodeFhirId } from './ids';
import { badRequest } from './outcome';
import { ceilDay, type DateValue, floorDay, type ParsedOf } from './params';
import type { FhirCall, Narrower, Where } from './source';

/**
 * The search parameters' meanings on our columns, one builder per kind, for the mappings to declare:
 * strings (FHIR: a name part starting with the value, ignoring case; `:contains`, `:exact`), tokens of a
 * value set, ContactPoint values, dates with prefixes, references by id. Each gives SQL conditions on
 * the source's own table; a string or a contact value also gives the term to the declaration's search
 * index when the source is searched through its list, which narrows the rows before the exact conditions.
 */

/** Terms longer than this are not given to the search index (the app bar's limit); the conditions still hold. */
const SEARCH_TERM_MAX = 100;
const indexTerm = (values: readonly string[]): string | null => (values.length === 1 && [...values[0]!].length <= SEARCH_TERM_MAX ? values[0]! : null);

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `expr` matches a LIKE pattern ignoring case (ASCII on SQLite, as its LIKE; all of Unicode on PostgreSQL). */
export function likeIgnoringCase(dialect: Dialect, expr: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`${expr} ilike ${pattern}` : sql<SqlBool>`${expr} like ${pattern} escape '\\'`;
}

/** One string value against one text expression, by the parameter's modifier. */
function stringMatch(dialect: Dialect, expr: Expression<unknown>, value: string, modifier: 'exact' | 'contains' | null): RawBuilder<SqlBool> {
  if (modifier === 'exact') return sql<SqlBool>`${expr} = ${value}`;
  return likeIgnoringCase(dialect, expr, modifier === 'contains' ? `%${likeEscaped(value)}%` : `${likeEscaped(value)}%`);
}

const or = (conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

/**
 * A string parameter over text expressions of the source's table (a person's first name, last name and
 * full name for `name`): a record matches when any expression matches any value. `search`: the values
 * are also text of the declaration's search index, which narrows first.
 */
export function strings(expressions: readonly Expression<unknown>[], opts: { search?: boolean } = {}): Narrower {
  return (value, fc) => {
    const { values, modifier } = value as ParsedOf<'string'>;
    const condition = or(values.flatMap((v) => expressions.map((e) => stringMatch(fc.ctx.dialect, e, v, modifier))));
    return { where: [(qb) => qb.where(condition)], search: opts.search ? indexTerm(values) : null };
  };
}

/** A column of the source's table, for `strings`. */
export const column = (name: string): Expression<unknown> => sql.ref(name);
/** A person's full name as HumanName.text gives it: first and last name with a space between. */
export const fullName = (): Expression<unknown> => sql`(f_name || coalesce(' ' || l_name, ''))`;

/** A string parameter over the title of a record another column names (a person's city). */
export function stringsThrough(columnName: string, table: string, titleColumn: string): Narrower {
  return (value, fc) => {
    const { values, modifier } = value as ParsedOf<'string'>;
    const condition = or(values.map((v) => stringMatch(fc.ctx.dialect, sql.ref(titleColumn), v, modifier)));
    const ids = dynamic(fc.ctx.db).selectFrom(table).select('id').where(condition);
    return { where: [(qb) => qb.where(sql.ref(columnName), 'in', ids)] };
  };
}

/**
 * A token parameter of a value set (`system`, its `codes`), stored in a column as our values: `map` gives
 * each FHIR code the stored values it stands for (none: a code we never store). A code outside the
 * value set is a 400; another system, or `|code`, matches nothing.
 */
export function tokens(columnName: string, system: string, codes: readonly string[], map: Readonly<Record<string, readonly (string | number)[]>>): Narrower {
  return (value) => {
    const stored: (string | number)[] = [];
    for (const token of (value as ParsedOf<'token'>).values) {
      if (token.system === null || (token.system !== undefined && token.system !== system)) continue;
      if (!codes.includes(token.code)) throw badRequest('fhir_parameter_code', { name: value.name, values: codes.join(', ') }, 'code-invalid');
      stored.push(...(map[token.code] ?? []));
    }
    if (!stored.length) return null;
    return { where: [(qb) => qb.where(sql.ref(columnName), 'in', [...new Set(stored)])] };
  };
}

/**
 * A ContactPoint token (`phone`, `email`): the stored value equals the code (an email compared in lower
 * case, as it is stored). `search`: the value is also text of the declaration's search index.
 */
export function contact(columnName: string, opts: { lowerCase?: boolean; search?: boolean } = {}): Narrower {
  return (value) => {
    const codes = (value as ParsedOf<'token'>).values.map((t) => (opts.lowerCase ? t.code.toLowerCase() : t.code));
    return { where: [(qb) => qb.where(sql.ref(columnName), 'in', codes)], search: opts.search ? indexTerm(codes) : null };
  };
}

/**
 * The condition of one date value on a record's point in time, each value standing for its range
 * [lo, hi): eq within it, ne outside, ge/le from its start / to its end, gt/lt after / before it. A date
 * column (YYYY-MM-DD) is a whole day, matched when it overlaps (its bounds rounded out to days).
 */
function dateCondition(v: DateValue, expr: Expression<unknown>, kind: 'date' | 'instant'): RawBuilder<SqlBool> {
  const lo = kind === 'date' ? floorDay(v.lo) : v.lo;
  const hi = kind === 'date' ? ceilDay(v.hi) : v.hi;
  const loEnd = kind === 'date' ? ceilDay(v.lo) : v.lo;
  const hiStart = kind === 'date' ? floorDay(v.hi) : v.hi;
  switch (v.prefix) {
    case 'eq': return sql<SqlBool>`(${expr} >= ${lo} and ${expr} < ${hi})`;
    case 'ne': return sql<SqlBool>`(${expr} < ${lo} or ${expr} >= ${hi})`;
    case 'ge': return sql<SqlBool>`${expr} >= ${lo}`;
    case 'gt': return sql<SqlBool>`${expr} >= ${hiStart}`;
    case 'le': return sql<SqlBool>`${expr} < ${hi}`;
    case 'lt': return sql<SqlBool>`${expr} < ${loEnd}`;
  }
}

/** A date parameter on a date (YYYY-MM-DD) or instant (ISO) column or expression; comma values OR'ed, repeats AND'ed. */
export function dates(expr: Expression<unknown>, kind: 'date' | 'instant'): Narrower {
  return (value) => {
    const condition = or((value as ParsedOf<'date'>).values.map((v) => dateCondition(v, expr, kind)));
    return { where: [(qb) => qb.where(condition)] };
  };
}

/**
 * A date parameter on a start kept as a day column and a time column (`date`, `s_time` HH:MM, UTC): the
 * day column (indexed) narrows by the same bounds rounded out to days, the instant decides.
 */
export function dayAndTime(dayColumn: string, timeColumn: string): Narrower {
  const instant = sql`(${sql.ref(dayColumn)} || 'T' || ${sql.ref(timeColumn)} || ':00.000Z')`;
  return (value) => {
    const values = (value as ParsedOf<'date'>).values;
    const exact = or(values.map((v) => dateCondition(v, instant, 'instant')));
    const days = values.some((v) => v.prefix === 'ne') ? null : or(values.map((v) => dateCondition(v, sql.ref(dayColumn), 'date')));
    return { where: [(qb) => (days ? qb.where(days).where(exact) : qb.where(exact))] };
  };
}

/**
 * A reference parameter stored as a numeric column: the ids decoded with the keys of the records it may
 * name (a patient's: patients' and family members'); values that name none of them match nothing.
 */
export function references(columnName: string, keys: readonly string[]): Narrower {
  return (value, fc: FhirCall) => {
    const ids = decodeAll(fc, keys, value as ParsedOf<'reference'>);
    return ids.length ? { where: [(qb) => qb.where(sql.ref(columnName), 'in', ids)] } : null;
  };
}

/**
 * A reference parameter through another table: `outer` (a column of the source's table) names a row of
 * `table` whose `tableColumn` holds the referenced record (a medicine's prescription's patient, a CHW's
 * profile's VC area).
 */
export function referencesThrough(outer: string, table: string, tableColumn: string, keys: readonly string[]): Narrower {
  return (value, fc: FhirCall) => {
    const ids = decodeAll(fc, keys, value as ParsedOf<'reference'>);
    if (!ids.length) return null;
    const holders = dynamic(fc.ctx.db).selectFrom(table).select('id').where(tableColumn, 'in', ids);
    return { where: [(qb) => qb.where(sql.ref(outer), 'in', holders)] };
  };
}

/** The numbers of a reference parameter's values under the given keys. */
export function decodeAll(fc: FhirCall, keys: readonly string[], value: ParsedOf<'reference'>): number[] {
  return [...new Set(value.values.map((v) => decodeFhirId(fc.ctx.ids, keys, v.id)?.id).filter((n): n is number => n !== undefined))];
}

/** A condition on the source's rows (a subquery, a join key). */
export const where = (w: Where): { where: Where[] } => ({ where: [w] });
