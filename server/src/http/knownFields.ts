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

/** The keys of a record as the machinery presents it, read-only: a body may send them back, and they change nothing. */
export function presentedKeys(def: ResourceDef): Record<string, string> {
  const keys: Record<string, string> = {};
  const readOnly = (key: string, why: string) => {
    keys[key] ??= why;
  };
  for (const key of ['id', 'encrypted_id', 'numeric_id']) readOnly(key, 'the record\'s id comes from the route');
  for (const key of ['created_at', 'updated_at']) readOnly(key, 'kept by the server');
  for (const column of [...def.columns, ...(def.profile?.columns ?? [])]) readOnly(column, 'a read-only column of the record');
  for (const rel of def.belongsTo ?? []) readOnly(rel.as, `the ${rel.as} is presented from ${rel.column}`);
  for (const key of def.recordOnly ?? []) readOnly(key, 'computed for the record\'s page');
  return keys;
}

/** The accepted-and-ignored keys of a resource's write routes: its declared ones and its presented record's. */
export function ignoredFieldsOf(def: ResourceDef): Record<string, string> {
  return { ...presentedKeys(def), ...(def.ignored ?? {}) };
}

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
  const strictRows = request.routeOptions.config.strictRows ?? [];
  const unknown: Record<string, string[]> = {};
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(schema.properties, key)) {
      const inner = strictRows.includes(key) ? unknownWithin(schema.properties[key] as NestedSchema, record[key], '') : [];
      if (inner.length) unknown[key] = inner;
      continue;
    }
    if (Object.hasOwn(ignored, key) || Object.hasOwn(ACCEPTED_AND_IGNORED, key)) delete record[key];
    else unknown[key] = [UNKNOWN_FIELD];
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
