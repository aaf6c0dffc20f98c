import { messageText } from '../../../contract/messages';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from './errors';
import type { ResourceDef } from './resource';

/**
 * Nothing a client sends is dropped in silence: a body key that neither the route's schema nor its
 * declaration knows is refused with 422 `{ "citty": ["Unknown field."] }` (a misspelt field would
 * otherwise lose its value while the write answers "Successfully updated."). Keys a client may send
 * that the server does not store are declared, each with its reason, and then accepted and dropped:
 * on every route (`ACCEPTED_AND_IGNORED`), on a route (`config.ignoredFields`), or on a resource
 * (`ResourceDef.ignored`, and the keys of the record as the server presents it, which react-admin's
 * edit forms send back whole). A declaration's child rows are presented exactly as their schema, so a
 * key inside them that the schema does not list is refused under the field, naming the row
 * (`{ "items": ["Row 2: Unknown field \"dosee\"."] }`); other nested values are not checked (their
 * records are presented with more keys than they take, and ajv drops those).
 */
export const UNKNOWN_FIELD = messageText('unknown_field');

/** Keys accepted and ignored on every route, with why they are not stored. */
export const ACCEPTED_AND_IGNORED: Readonly<Record<string, string>> = {
  created_by: 'the author is the signed-in admin, from the token (the spec\'s console sends its own id)',
  updated_by: 'the last editor is the signed-in admin, from the token',
  updatedBy: 'the spec\'s console sends the signed-in id as updatedBy; the server records the editor from the token',
};

/**
 * The keys of a record as the machinery presents it that a write does not take, and always drops: its
 * timestamps (kept by the server), its relations (presented from their keys, which are the fields a
 * write changes) and what is computed for its page.
 */
export function presentedKeys(def: ResourceDef): Record<string, string> {
  const keys: Record<string, string> = {};
  const readOnly = (key: string, why: string) => {
    keys[key] ??= why;
  };
  for (const key of ['created_at', 'updated_at']) readOnly(key, 'kept by the server');
  for (const rel of def.belongsTo ?? []) readOnly(rel.as, `the ${rel.as} is presented from ${rel.column}`);
  for (const key of def.recordOnly ?? []) readOnly(key, 'computed for the record\'s page');
  return keys;
}

/**
 * The keys of a record as presented that hold its own values (its ids, its columns and its profile's,
 * and those its declaration lists as `readOnly`):
 * a body that sends one its schema does not take (a status, a counter, a key fixed at creation such as
 * a schedule's doctor) is accepted when the value is the record's own, as read, and dropped; an update
 * that would change it is refused naming it (`read_only_field`, compared by `refuseChangedReadOnly`).
 * A create drops them (there is no record to compare with).
 */
export function readOnlyKeys(def: ResourceDef): string[] {
  const own = ['id', 'encrypted_id', 'numeric_id', ...def.columns, ...(def.profile?.columns ?? []), ...Object.keys(def.readOnly ?? {})];
  return [...new Set(own)].filter((k) => !['created_at', 'updated_at'].includes(k));
}

/** The accepted-and-ignored keys of a resource's write routes: its declared ones and its presented record's (read-only ones included). */
export function ignoredFieldsOf(def: ResourceDef): Record<string, string> {
  const own = Object.fromEntries(readOnlyKeys(def).map((k) => [k, 'read-only: accepted when unchanged']));
  return { ...own, ...presentedKeys(def), ...(def.ignored ?? {}) };
}

/** The read-only keys an update body sent (kept aside by refuseUnknownFields, compared by the update). */
const sentReadOnly = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** What a body sent for keys the record presents but a write does not take (empty on most writes). */
export const readOnlySent = (request: FastifyRequest): Record<string, unknown> => sentReadOnly.get(request) ?? {};

/** A value as compared: numbers and numeric text alike (form data sends text), flags as numbers, blanks as null. */
function scalar(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return JSON.stringify(value);
}

/** Whether a value sent is the one read: lists item by item, objects by the keys sent. */
export function sameAsRead(sent: unknown, read: unknown): boolean {
  if (Array.isArray(sent)) return Array.isArray(read) && sent.length === read.length && sent.every((item, i) => sameAsRead(item, read[i]));
  if (sent && typeof sent === 'object') {
    if (!read || typeof read !== 'object' || Array.isArray(read)) return false;
    return Object.entries(sent as Record<string, unknown>).every(([k, v]) => sameAsRead(v, (read as Record<string, unknown>)[k]));
  }
  return scalar(sent) === scalar(read);
}

/** The read-only keys sent with another value than the record's own (as `read` presents it): 422 naming each. */
export function refuseChangedReadOnly(sent: Record<string, unknown>, read: Record<string, unknown>): void {
  const changed = Object.keys(sent).filter((key) => !sameAsRead(sent[key], read[key]));
  if (changed.length) throw new ValidationError(Object.fromEntries(changed.map((key) => [key, [READ_ONLY_FIELD]])));
}

export const READ_ONLY_FIELD = messageText('read_only_field');

/**
 * The spec's names of fields the project names otherwise (a clinical record's `uid` is its
 * `patient_id`): the value moves to the project's name before the body is read (preValidation, first).
 * Both at once must agree; the record then reads back under the project's name.
 */
export function applyAliases(request: FastifyRequest): void {
  const aliases = request.routeOptions.config.aliases;
  const body = request.body;
  if (!aliases || !body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const record = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const [alias, field] of Object.entries(aliases)) {
    if (!Object.hasOwn(record, alias)) continue;
    const value = record[alias];
    delete record[alias];
    if (!Object.hasOwn(record, field) || record[field] === undefined) record[field] = value;
    else if (String(record[field]) !== String(value)) errors[alias] = [`${alias} and ${field} differ; send one of them.`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

type BodySchema = { properties?: Record<string, unknown>; additionalProperties?: unknown } | undefined;

/**
 * Refuses a body's unknown keys, and removes the accepted-and-ignored ones it holds (preValidation,
 * after normalizeBody). Routes whose body schema lists no properties, or allows any, are left alone.
 */
export function refuseUnknownFields(request: FastifyRequest): void {
  const body = request.body;
  const schema = request.routeOptions.schema?.body as BodySchema;
  if (!schema?.properties || schema.additionalProperties === true) return;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const record = body as Record<string, unknown>;
  const ignored = request.routeOptions.config.ignoredFields ?? {};
  const readOnly = new Set(request.routeOptions.config.readOnlyFields ?? []);
  const strictRows = request.routeOptions.config.strictRows ?? [];
  const unknown: Record<string, string[]> = {};
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(schema.properties, key)) {
      const inner = strictRows.includes(key) ? unknownWithin(schema.properties[key] as NestedSchema, record[key], '') : [];
      if (inner.length) unknown[key] = inner;
      continue;
    }
    if (Object.hasOwn(ACCEPTED_AND_IGNORED, key) || (Object.hasOwn(ignored, key) && !readOnly.has(key))) delete record[key];
    else if (readOnly.has(key)) {
      // compared with the record by the update (refuseChangedReadOnly); a create drops it
      if (request.method === 'PUT') sentReadOnly.set(request, { ...readOnlySent(request), [key]: record[key] });
      delete record[key];
    } else unknown[key] = [UNKNOWN_FIELD];
  }
  if (Object.keys(unknown).length) throw new ValidationError(unknown);
}

type NestedSchema = { type?: unknown; properties?: Record<string, NestedSchema>; additionalProperties?: unknown; items?: NestedSchema } | undefined;

/** The keys a strict object schema (`additionalProperties: false`) does not list, at any depth of a field's value. */
function unknownWithin(schema: NestedSchema, value: unknown, at: string): string[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    if (!schema.items) return [];
    return value.flatMap((item, i) => unknownWithin(schema.items, item, at ? `${at}, row ${i + 1}` : `Row ${i + 1}`));
  }
  if (!schema.properties) return [];
  const out: string[] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (Object.hasOwn(schema.properties, key)) out.push(...unknownWithin(schema.properties[key], inner, at ? `${at}, ${key}` : key));
    else if (schema.additionalProperties === false) out.push(`${at ? `${at}: ` : ''}Unknown field "${key}".`);
  }
  return out;
}
