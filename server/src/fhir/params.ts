import { badRequest } from './outcome';

/**
 * FHIR search parameter values as the specification spells them (https://hl7.org/fhir/R4/search.html),
 * read into what the search code needs: a comma is OR (`\,` a literal comma), a repeated parameter is AND.
 * What cannot be read is a 400 naming the parameter (OperationOutcome, contract/messages.ts).
 */

export type ParamType = 'string' | 'token' | 'date' | 'reference';
export type DatePrefix = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le';
export const DATE_PREFIXES: readonly DatePrefix[] = ['eq', 'ne', 'gt', 'lt', 'ge', 'le'];

/** A date value: the prefix and the range the value stands for, [lo, hi), as ISO instants (YYYY-MM-DDThh:mm:ss.sssZ). */
export interface DateValue {
  prefix: DatePrefix;
  lo: string;
  hi: string;
}

/** `system|code`, `|code` (no system: `system` null) or `code` (any system: `system` undefined). */
export interface TokenValue {
  system?: string | null;
  code: string;
}

/** `Type/id`, an absolute URL ending so, or a bare `id` (`type` null). */
export interface ReferenceValue {
  type: string | null;
  id: string;
}

export type ParsedParam =
  | { name: string; type: 'string'; modifier: 'exact' | 'contains' | null; values: string[] }
  | { name: string; type: 'token'; values: TokenValue[] }
  | { name: string; type: 'date'; values: DateValue[] }
  | { name: string; type: 'reference'; values: ReferenceValue[] };

export type ParsedOf<T extends ParamType> = Extract<ParsedParam, { type: T }>;

export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** The values of one occurrence: split at commas that are not escaped, escapes undone. */
export function splitValues(raw: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      current += raw[++i];
      continue;
    }
    if (c === ',') {
      out.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  out.push(current);
  return out.map((v) => v.trim()).filter((v) => v !== '');
}

/** Splits `system|code` at the first `|` that is not escaped. */
function splitToken(raw: string): TokenValue {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\') {
      i++;
      continue;
    }
    if (raw[i] === '|') {
      const system = raw.slice(0, i).replace(/\\(.)/g, '$1');
      return { system: system === '' ? null : system, code: raw.slice(i + 1).replace(/\\(.)/g, '$1') };
    }
  }
  return { code: raw.replace(/\\(.)/g, '$1') };
}

/** The values of one occurrence, splitting commas but keeping the escapes (tokens split at `|` after). */
function splitKeepingEscapes(raw: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      current += c + raw[++i];
      continue;
    }
    if (c === ',') {
      out.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  out.push(current);
  return out.map((v) => v.trim()).filter((v) => v !== '');
}

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
/** The latest instant a search bound can name (text compares as time only within four-digit years). */
const LAST_INSTANT = '9999-12-31T23:59:59.999Z';

/** An instant from its parts (UTC), or null when the day or time does not exist. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number | null {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  const ok = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day && d.getUTCHours() === hour && d.getUTCMinutes() === minute && d.getUTCSeconds() === second;
  return ok ? d.getTime() : null;
}

const iso = (ms: number): string => {
  const d = new Date(ms);
  return d.getUTCFullYear() > 9999 ? LAST_INSTANT : d.toISOString();
};

/** A date search value: its prefix and the range of time its precision covers; null when it is none. */
export function parseDate(raw: string): DateValue | null {
  const prefixed = /^(eq|ne|gt|lt|ge|le)/.exec(raw);
  const prefix = (prefixed?.[1] ?? 'eq') as DatePrefix;
  const m = DATE.exec(prefixed ? raw.slice(2) : raw);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  if (year < 1) return null;
  let lo: number | null;
  let hi: number | null;
  if (mo === undefined) {
    lo = utc(year, 1, 1);
    hi = utc(year + 1, 1, 1) ?? Date.parse(LAST_INSTANT);
  } else if (d === undefined) {
    const month = Number(mo);
    if (month < 1 || month > 12) return null;
    lo = utc(year, month, 1);
    hi = month === 12 ? utc(year + 1, 1, 1) ?? Date.parse(LAST_INSTANT) : utc(year, month + 1, 1);
  } else if (h === undefined) {
    lo = utc(year, Number(mo), Number(d));
    hi = lo === null ? null : lo + 86_400_000;
  } else {
    const ms = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, '0'));
    lo = utc(year, Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
    if (lo !== null && zone && zone !== 'Z') {
      const sign = zone[0] === '-' ? -1 : 1;
      const [zh, zm] = zone.slice(1).split(':').map(Number) as [number, number];
      if (zh > 14 || zm > 59) return null;
      lo -= sign * (zh * 60 + zm) * 60_000;
    }
    const step = frac !== undefined ? 1 : s !== undefined ? 1000 : 60_000;
    hi = lo === null ? null : lo + step;
  }
  if (lo === null || hi === null) return null;
  return { prefix, lo: iso(lo), hi: iso(hi) };
}

/** The day (YYYY-MM-DD) an instant falls on. */
export const floorDay = (instant: string): string => instant.slice(0, 10);
/** The first day (YYYY-MM-DD) that starts at or after an instant. */
export function ceilDay(instant: string): string {
  const day = instant.slice(0, 10);
  return instant.slice(10) === 'T00:00:00.000Z' ? day : new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A reference value: `Type/id`, `<base>/Type/id` or `id`; the type, when given, one of `targets`. */
function parseReference(raw: string, targets: readonly string[], typeModifier: string | null): ReferenceValue | null {
  const parts = raw.split('/');
  const id = parts[parts.length - 1]!;
  const type = parts.length > 1 ? parts[parts.length - 2]! : typeModifier;
  if (!FHIR_ID.test(id)) return null;
  if (type !== null && !targets.includes(type)) return null;
  return { type, id };
}

export interface ParamSpecLike {
  type: ParamType;
  /** a reference's resource types */
  targets?: readonly string[];
}

/** One occurrence of a search parameter (`name[:modifier]=raw`), read for its declared type. */
export function parseParam(name: string, modifier: string | null, raw: string, spec: ParamSpecLike): ParsedParam | null {
  const named = modifier === null ? name : `${name}:${modifier}`;
  const refuseModifier = () => badRequest('fhir_modifier_unknown', { name, modifier: `:${modifier}` }, 'not-supported');
  switch (spec.type) {
    case 'string': {
      if (modifier !== null && modifier !== 'exact' && modifier !== 'contains') throw refuseModifier();
      const values = splitValues(raw);
      return values.length ? { name, type: 'string', modifier: modifier as 'exact' | 'contains' | null, values } : null;
    }
    case 'token': {
      if (modifier !== null) throw refuseModifier();
      const values = splitKeepingEscapes(raw).map(splitToken).filter((t) => t.code !== '');
      return values.length ? { name, type: 'token', values } : null;
    }
    case 'date': {
      if (modifier !== null) throw refuseModifier();
      const texts = splitValues(raw);
      const values = texts.map(parseDate);
      if (values.some((v) => v === null)) throw badRequest('fhir_parameter_date', { name: named });
      return values.length ? { name, type: 'date', values: values as DateValue[] } : null;
    }
    case 'reference': {
      const targets = spec.targets ?? [];
      if (modifier !== null && !targets.includes(modifier)) throw refuseModifier();
      const texts = splitValues(raw);
      const values = texts.map((t) => parseReference(t, targets, modifier));
      if (values.some((v) => v === null)) throw badRequest('fhir_parameter_reference', { name: named, types: targets.join(' or ') });
      return values.length ? { name, type: 'reference', values: values as ReferenceValue[] } : null;
    }
  }
}

/** A whole number parameter (`_count`, `_offset`) within bounds, or its default; given twice or out of bounds a 400. */
export function integerParam(name: string, raw: string | string[] | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (Array.isArray(raw)) {
    if (raw.length > 1) throw badRequest('fhir_parameter_once', { name });
    return integerParam(name, raw[0], fallback, min, max);
  }
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw badRequest('fhir_parameter_number', { name, min, max });
  return Number(raw);
}
