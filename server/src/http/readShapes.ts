import { type TUnsafe, Type } from '@sinclair/typebox';
import { distinctNumbers, ID_LIST, idListKind, MAX_ID } from './fields';

/**
 * What a record reads with, taken back on write: a list of other records (a task's CHWs, a message's
 * interests) reads as `[{ id, name }]` and is written as ids, so a body may send either, in JSON or as
 * form data in the bracket notation the spec's clients build (`person_ids[0][id]=7`).
 */

/**
 * A list of other records' ids: numbers, or the records as read (`[{ id: 7, name: "Amina" }]`), each
 * turned into its id before validation (`recordsAsIds`), each id counted once (ID_LIST).
 */
export function referenceList(message: string, options: { minItems?: number; maxItems: number }): TUnsafe<number[]> {
  const id = Type.Integer({ minimum: 1, maximum: MAX_ID });
  // typed as the ids the hooks see once recordsAsIds has run
  return Type.Unsafe<number[]>(Type.Array(Type.Union([id, Type.Object({ id }, { additionalProperties: true, description: 'the record as read: its id counts, the rest are its labels' })]), {
    ...options,
    'x-message': message,
    [ID_LIST]: 'ids or records',
  }));
}

type Props = Record<string, unknown>;
const propsOf = (schema: unknown): Props =>
  (schema && typeof schema === 'object' && 'properties' in schema ? (schema as { properties: Props }).properties : {}) ?? {};
const isBody = (body: unknown): body is Record<string, unknown> => Boolean(body) && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);

/** Numeric text as a number (form data is text), else the value as it is. */
const numberOf = (value: unknown): unknown => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value);

/**
 * Before validation: every item of a reference list sent as a record (`{ id, ... }`) becomes its id; in
 * form data, numeric text becomes a number. An item without an id is left for validation to refuse.
 */
export function recordsAsIds(body: unknown, schema: unknown, form: boolean): void {
  if (!isBody(body)) return;
  for (const [key, prop] of Object.entries(propsOf(schema))) {
    const list = body[key];
    if (idListKind(prop) !== 'ids or records' || !Array.isArray(list)) continue;
    body[key] = distinctNumbers(list.map((item) => {
      const id = item && typeof item === 'object' && !Array.isArray(item) && 'id' in item ? (item as { id: unknown }).id : item;
      return form ? numberOf(id) : id;
    }));
  }
}

/** Keys that would reach an object's prototype: a key holding one is left as sent (and refused as unknown). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `name[0][id]` → ['name', '0', 'id']; null when the key is not in bracket notation. */
function bracketPath(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]+\])+)$/.exec(key);
  if (!m) return null;
  return [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]+)\]/g)].map((s) => s[1]!)];
}

/** An object whose keys are all list indexes, as the list it spells (`{ 0: a, 1: b }` → [a, b]). */
function asList(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, asList(v)] as const);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  return Object.fromEntries(entries);
}

/**
 * A form (multipart) body in the bracket notation that form data gives nested values
 * (`interest_ids[0][id]=3&interest_ids[0][title]=Diabetes`, `m_times[0]=Morning`): the keys of a field
 * the schema knows become that field's list or object, as Laravel reads them. Keys of unknown fields
 * stay as sent (and are refused by name). Empty brackets (`key[]`) are normalizeBody's.
 */
export function foldBrackets(body: unknown, schema: unknown): void {
  if (!isBody(body)) return;
  const props = propsOf(schema);
  const folded: Record<string, Record<string, unknown>> = {};
  for (const key of Object.keys(body)) {
    const path = bracketPath(key);
    if (!path || !Object.hasOwn(props, path[0]!) || Object.hasOwn(body, path[0]!) || path.some((s) => UNSAFE_KEYS.has(s))) continue;
    let node = (folded[path[0]!] ??= {});
    for (const segment of path.slice(1, -1)) {
      const next = node[segment];
      node = next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : (node[segment] = {});
    }
    node[path[path.length - 1]!] = body[key];
    delete body[key];
  }
  for (const [field, value] of Object.entries(folded)) body[field] = asList(value);
}
