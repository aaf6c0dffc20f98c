import { messageText } from '../../../contract/messages';
import { type ArrayOptions, type TSchema, Type } from '@sinclair/typebox';
import { ValidationError } from './errors';

/**
 * TypeBox builders for request fields. Each carries `x-message`, the spec's text shown when the field
 * is missing or wrong; the error handler reads it from the route's schema. Empty strings are turned
 * into null before validation (see normalizeBody), so "required" and "blank" give the same message.
 */
const msg = (message: string) => ({ 'x-message': message });

/** Text a client sends that PostgreSQL can store: no NUL character (every string's pattern says so: http/openapi.ts). */
export const NO_NUL = '^[^\\u0000]*$';

/**
 * The coercion rule's texts (README, "The coercion rule"), one source for the server (normalizeBody) and
 * the document (http/openapi.ts): a number field also takes decimal text, an integer field decimal text
 * of a whole number, a flag field these words, and a field that may be null blank text (null).
 */
export const NUMBER_TEXT = '^\\s*[-+]?[0-9]+(\\.[0-9]+)?\\s*$';
export const INTEGER_TEXT = '^\\s*[-+]?[0-9]+(\\.0+)?\\s*$';
export const FLAG_WORDS = { true: ['1', 'true', 'on', 'yes'], false: ['0', 'false', 'off', 'no'] } as const;
export const BLANK_TEXT = '^\\s*$';

/** A regular expression (no anchors) for the decimal digits, without leading zeros, of the whole numbers from `low` to `high` (0 ≤ low ≤ high). */
export function digitsWithin(low: number, high: number): string {
  const parts: string[] = [];
  // the range cut where the number of digits changes: 0-9, 10-99, …
  for (let width = String(low).length; width <= String(high).length; width++) {
    const from = Math.max(low, width === 1 ? 0 : 10 ** (width - 1));
    const to = Math.min(high, 10 ** width - 1);
    if (from <= to) parts.push(...sameWidth(String(from), String(to)));
  }
  return parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`;
}

/** Alternatives for the numbers from `a` to `b`, two texts of as many digits. */
function sameWidth(a: string, b: string): string[] {
  if (a === b) return [a];
  if (a.length === 1) return [`[${a}-${b}]`];
  const rest = a.length - 1;
  if (a[0] === b[0]) return sameWidth(a.slice(1), b.slice(1)).map((r) => a[0] + r);
  const out: string[] = [];
  let first = Number(a[0]);
  let last = Number(b[0]);
  // the first digit's own numbers when the rest does not start at 0…0, the last one's when it does not reach 9…9
  if (!/^0+$/.test(a.slice(1))) {
    out.push(...sameWidth(a.slice(1), '9'.repeat(rest)).map((r) => a[0] + r));
    first++;
  }
  const tail = /^9+$/.test(b.slice(1)) ? [] : sameWidth('0'.repeat(rest), b.slice(1)).map((r) => b[0] + r);
  if (tail.length) last--;
  if (first <= last) out.push(`${first === last ? first : `[${first}-${last}]`}[0-9]{${rest}}`);
  return [...out, ...tail];
}

const wholeBounds = (min: number, max: number) => Number.isSafeInteger(min) && Number.isSafeInteger(max) && min <= max;

/**
 * INTEGER_TEXT within bounds: decimal text of a whole number from `min` to `max` (a sign, leading zeros
 * and `.0` as INTEGER_TEXT takes them), so that the document's text says the field's range as its number
 * does. Whole bounds only (else INTEGER_TEXT).
 */
export function integerTextWithin(min: number, max: number): string {
  if (!wholeBounds(min, max)) return INTEGER_TEXT;
  const signs: string[] = [];
  if (max >= 0) signs.push(`\\+?0*${digitsWithin(Math.max(min, 0), max)}`);
  if (min <= 0) signs.push(`-0*${digitsWithin(Math.max(-max, 0), -min)}`);
  return `^\\s*(?:${signs.join('|')})(\\.0+)?\\s*$`;
}

/** NUMBER_TEXT within whole bounds: below the top a number takes any decimals, at it only zeros (else NUMBER_TEXT). */
export function numberTextWithin(min: number, max: number): string {
  if (!wholeBounds(min, max)) return NUMBER_TEXT;
  // the whole part from `low` to `high` (the size's bounds), any decimals but at `high`
  const size = (low: number, high: number) => [...(low <= high - 1 ? [`${digitsWithin(low, high - 1)}(?:\\.[0-9]+)?`] : []), `${high}(?:\\.0+)?`].join('|');
  const signs: string[] = [];
  if (max >= 0) signs.push(`\\+?0*(?:${size(Math.max(min, 0), max)})`);
  if (min <= 0) signs.push(`-0*(?:${size(Math.max(-max, 0), -min)})`);
  return `^\\s*(?:${signs.join('|')})\\s*$`;
}
const NUMBER_TEXT_RE = new RegExp(NUMBER_TEXT);
/** A text's number under the coercion rule, or the text itself when it is none. */
const asNumber = (text: string): number | string => (NUMBER_TEXT_RE.test(text) ? Number(text) : text);

/**
 * A list of ids counts each id once: a repeat (as a number, its decimal text or the record as read) is
 * dropped, not refused, so the document needs no `uniqueItems` (which would call `[1, "1"]` valid and
 * `[1, 1]` invalid for what the server reads as the same list).
 */
export const distinctNumbers = (list: unknown[]): unknown[] => list.filter((v, i) => typeof v !== 'number' || list.indexOf(v) === i);

/** ids are PostgreSQL `integer` (serial) columns: a larger number names no row, and PostgreSQL refuses to compare it. */
export const MAX_ID = 2_147_483_647;

/**
 * The mark of a list of ids (`idList`, and readShapes' `referenceList`, which also takes the records as
 * read): the body's reading counts each id once (`distinctNumbers`). A symbol, as TypeBox marks its own
 * kinds: TypeBox's clones and spreads keep it, ajv ignores it, and the published document never shows it.
 */
export const ID_LIST = Symbol('a list of ids');
/** What a list of ids takes: ids, or also the records as read (`[{ id: 7, name: "Amina" }]`, taken as their ids). */
export type IdListKind = 'ids' | 'ids or records';
export const idListKind = (schema: unknown): IdListKind | undefined =>
  schema && typeof schema === 'object' ? (schema as { [ID_LIST]?: IdListKind })[ID_LIST] : undefined;

/** A list of ids (`Type.Array` of `items`), marked so that a repeated id counts once (ID_LIST). */
export const idList = <T extends TSchema>(items: T, options: ArrayOptions) => Type.Array(items, { ...options, [ID_LIST]: 'ids' } as ArrayOptions);

export const Fields = {
  title: (message = messageText('title_required'), maxLength = 191) =>
    Type.String({ minLength: 1, maxLength, pattern: '\\S', ...msg(message) }),
  text: (message: string, maxLength = 191) => Type.String({ minLength: 1, maxLength, pattern: '\\S', ...msg(message) }),
  optionalText: (maxLength = 191, message = messageText('at_most_characters', { max: maxLength })) =>
    Type.Union([Type.String({ maxLength }), Type.Null()], msg(message)),
  email: (message = messageText('email_invalid')) =>
    Type.String({ format: 'email', maxLength: 191, ...msg(message) }),
  password: (message = messageText('password_short')) =>
    Type.String({ minLength: 8, maxLength: 128, ...msg(message) }),
  digits: (min: number, max: number, message: string) =>
    Type.String({ pattern: `^[0-9]{${min},${max}}$`, ...msg(message) }),
  optionalDigits: (min: number, max: number, message: string) =>
    Type.Union([Type.String({ pattern: `^[0-9]{${min},${max}}$` }), Type.Null()], msg(message)),
  date: (message = messageText('date_invalid')) =>
    Type.Union([Type.String({ format: 'date' }), Type.Null()], msg(message)),
  requiredDate: (message: string) => Type.String({ format: 'date', ...msg(message) }),
  optionalInteger: (message: string, minimum: number, maximum: number) =>
    Type.Union([Type.Integer({ minimum, maximum }), Type.Null()], msg(message)),
  optionalNumber: (message: string, minimum: number, maximum: number) =>
    Type.Union([Type.Number({ minimum, maximum }), Type.Null()], msg(message)),
  optionalReference: (message: string) => Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ID }), Type.Null()], msg(message)),
  optionalEnumOf: <T extends string>(values: readonly T[], message: string) =>
    Type.Union([...values.map((v) => Type.Literal(v)), Type.Null()], msg(message)),
  reference: (message: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...msg(message) }),
  number: (message: string, minimum: number, maximum: number) => Type.Number({ minimum, maximum, ...msg(message) }),
  integer: (message: string, minimum: number, maximum: number) => Type.Integer({ minimum, maximum, ...msg(message) }),
  boolean: () => Type.Boolean(),
  enumOf: <T extends string>(values: readonly T[], message: string) =>
    Type.Union(values.map((v) => Type.Literal(v)), msg(message)),
  any: (description: string): TSchema => Type.Unsafe({ description }),
  /** bytes sent as a file part of form data, checked by the route itself (in JSON, at most null when `nullable`) */
  filePart: (description: string, nullable = false, message?: string): TSchema =>
    Type.Unsafe({ description, 'x-file': { multiple: false, nullable, partOnly: true }, ...(message ? msg(message) : {}) }),
};

export const messageOf = (schema: unknown): string | undefined =>
  schema && typeof schema === 'object' && 'x-message' in schema ? String((schema as Record<string, unknown>)['x-message']) : undefined;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type SchemaNode = { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] } | undefined;

/** The schema of a property or list item below `node`, looking through `T | null` unions. */
function below(node: SchemaNode, segment: string): SchemaNode {
  if (!node) return undefined;
  const direct = /^\d+$/.test(segment) ? node.items : node.properties?.[segment];
  if (direct) return direct as SchemaNode;
  for (const member of node.anyOf ?? []) {
    const found = below(member as SchemaNode, segment);
    if (found) return found;
  }
  return undefined;
}

/**
 * Turns ajv errors into the API's `{ field: [messages] }`, using the x-message nearest the failing
 * value: a field's own, or for a row of a list (child rows) "Row 2: <the row field's message>".
 */
export function fieldErrorsFromAjv(errors: AjvError[], schema: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const path = [...e.instancePath.split('/').filter(Boolean), ...(e.keyword === 'required' ? [String(e.params.missingProperty)] : [])];
    const field = path[0] ?? '_';
    let node = schema as SchemaNode;
    let message: string | undefined;
    let row: number | null = null;
    let messageRow: number | null = null;
    for (const segment of path) {
      if (/^\d+$/.test(segment)) row = Number(segment);
      node = below(node, segment);
      const own = messageOf(node);
      if (own) [message, messageRow] = [own, row];
    }
    // a union reports every branch that failed; the field's own message says it once. Without one, the
    // catalogue's words name the field: ajv's own texts ("must NOT be valid") are for programmers
    const text =
      message !== undefined
        ? messageRow !== null ? messageText('row_message', { row: messageRow + 1, message }) : message
        : field === '_' ? messageText('body_invalid') : messageText('field_invalid', { field: field.replace(/_/g, ' ') });
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}

/** A field's JSON type, looking through `T | null` unions (form data arrives as text and is converted by it). */
function typeOf(schema: { type?: string; anyOf?: { type?: string }[] } | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.type) return schema.type;
  const types = new Set((schema.anyOf ?? []).map((m) => m.type).filter((t) => t !== 'null'));
  return types.size === 1 ? [...types][0] : undefined;
}

/**
 * Whether a value holds a NUL character in any string inside it. Walks with a stack of its own, not
 * by recursion: a body nested a hundred thousand lists deep must give a 4xx, not a stack overflow.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const item of Object.values(v)) stack.push(item);
    }
  }
  return false;
}

/**
 * Before validation, in JSON and form data alike (the console's forms and the spec's clients send their
 * fields as text): blank text becomes null (a cleared field); the FLAG_WORDS become flags for flag fields
 * and decimal text (NUMBER_TEXT) a number for number fields; a form's list fields arrive as
 * JSON text or as `key[]` parts. The document says so (README, "The API document": the coercion rule).
 * Unknown fields are removed by ajv. Text holding a NUL character is refused (422): PostgreSQL cannot
 * store it, and SQLite should not differ.
 */
export function normalizeBody(body: unknown, schema: unknown, form = false): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const record = body as Record<string, unknown>;
  const props = (schema && typeof schema === 'object' && 'properties' in schema
    ? (schema as { properties: Record<string, { type?: string; anyOf?: { type?: string }[] }> }).properties
    : {}) as Record<string, { type?: string; anyOf?: { type?: string }[] }>;
  // a file field's value as the record reads it (`{ path, … }`) counts by its path alone: the rest is ignored
  const fileText = (v: unknown): unknown => (v && typeof v === 'object' && !Buffer.isBuffer(v) && 'path' in v ? (v as { path: unknown }).path : v);
  const hasNul = (key: string): boolean => {
    const value = record[key];
    if (!(props[key] && typeof props[key] === 'object' && 'x-file' in props[key])) return containsNul(value);
    return containsNul(Array.isArray(value) ? value.map(fileText) : fileText(value));
  };
  const nul = Object.keys(record).filter((key) => key in props && hasNul(key));
  if (nul.length) throw new ValidationError(Object.fromEntries(nul.map((key) => [key, [messageText('field_nul', { field: key.replace(/_/g, ' ') })]])));
  // a form's list fields arrive as `key[]` (one entry, or several): the schema knows them as `key`
  for (const key of Object.keys(record)) {
    const base = key.slice(0, -2);
    if (!key.endsWith('[]') || !Object.hasOwn(props, base)) continue;
    const value = record[key];
    delete record[key];
    record[base] = Array.isArray(value) ? value : [value];
  }
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' && value.trim() === '') record[key] = null;
    else if (typeof value === 'string' && typeOf(props[key]) === 'boolean') {
      if ((FLAG_WORDS.true as readonly string[]).includes(value)) record[key] = true;
      else if ((FLAG_WORDS.false as readonly string[]).includes(value)) record[key] = false;
    } else if (form && typeof value === 'string' && typeOf(props[key]) === 'array') {
      // a list sent as form data (child rows of a multipart body) is JSON text; else its parts, here one
      if (value.trimStart().startsWith('[')) {
        try {
          record[key] = JSON.parse(value);
        } catch {
          // left as text: validation answers with the field's message
        }
      } else record[key] = [value];
    } else if (typeof value === 'string' && (typeOf(props[key]) === 'integer' || typeOf(props[key]) === 'number')) {
      record[key] = asNumber(value);
    }
    // a form's list of ids (`person_ids[]`) arrives as texts: numeric ones become numbers
    // (items of one type, or a number among others: an id or the record as read)
    const items = (props[key] as { items?: { type?: string; anyOf?: { type?: string }[] } } | undefined)?.items;
    const itemTypes = items ? [items.type, ...(items.anyOf ?? []).map((m) => m.type)] : [];
    const list = record[key];
    if (Array.isArray(list) && (itemTypes.includes('integer') || itemTypes.includes('number'))) {
      const numbers = list.map((item) => (typeof item === 'string' ? asNumber(item) : item));
      // a list of ids counts each once (`distinctNumbers`)
      record[key] = idListKind(props[key]) ? distinctNumbers(numbers) : numbers;
    }
  }
}
