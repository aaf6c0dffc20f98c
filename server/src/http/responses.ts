import { OptionalKind, type TSchema, Type } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';
import { RECORD_NOUNS } from '../../../contract/messages';
import type { ColumnType, ColumnTypes } from '../db/columns';
import type { ResourceDef } from './resource';

/**
 * What every route answers, as JSON schemas: they are the routes' `response` schemas, so the OpenAPI
 * document describes each status a route can give with its body, and Fastify serialises the answers
 * with them (fast-json-stringify). Declared once here: the envelope, the refusals a route can meet
 * given its configuration (`refusalsOf`, added by the `onRoute` hook: http/openapi.ts), and a
 * declaration's presented record (`recordSchema`), from the migrated tables' columns and what the
 * declaration says its hooks add (`presents`).
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON schemas are plain JSON */
export type JsonSchema = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const text = { type: 'string' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] });

/** The values a message's placeholders took (`{ seconds: "42" }`), for a client's own language. */
const RECORD_COUNT = {
  type: 'object',
  required: ['noun', 'count'],
  additionalProperties: false,
  properties: { noun: { type: 'string', enum: Object.keys(RECORD_NOUNS) }, count: { type: 'integer', minimum: 1 } },
};
export const VALUES = {
  type: 'object',
  additionalProperties: { anyOf: [text, { type: 'integer' }, { type: 'array', items: RECORD_COUNT }] },
  description:
    "the values of the message's placeholders, for a client's own language; where the text names kinds of records (record_in_use, literacy_in_use, form_in_use) they are sent as codes, not read from the English: the record's kind as its resource name (`resource`), and the counts (`uses`) as `[{ noun, count }]` by the catalogue's RECORD_NOUNS (contract/messages.ts)",
};
const CODE = { ...nullable('string'), description: "the message's code in the catalogue (contract/messages.ts), null for a text outside it" };

/** The shared schemas (components of the document), by $id. */
export const FAILURE = 'Failure';
export const PAGE_LINK = 'PageLink';
export const STORED_FILE = 'StoredFile';

/** A stored file (or null) as a record presents it (http/files.ts presentFile). */
export function storedFile(orNull = false): JsonSchema {
  return {
    type: orNull ? ['object', 'null'] : 'object',
    description: 'A stored file: its link (signed and short-lived when private), kind and MIME type.',
    required: ['path', 'type', 'mimeType', 'private'],
    properties: {
      path: text,
      type: { type: 'string', enum: ['image', 'audio', 'video', 'pdf', 'file'] },
      mimeType: text,
      private: { type: 'boolean' },
    },
  };
}

export const SHARED_SCHEMAS: JsonSchema[] = [
  {
    $id: FAILURE,
    type: 'object',
    description: 'The envelope of a refusal: its message (and code), and for invalid data each field with its messages (and codes).',
    required: ['success', 'message', 'error', 'code', 'codes'],
    properties: {
      success: { type: 'boolean', enum: [false] },
      message: text,
      code: CODE,
      values: VALUES,
      error: { ...nullable('object'), additionalProperties: { type: 'array', items: text }, description: 'field → its messages' },
      codes: { ...nullable('object'), additionalProperties: { type: 'array', items: nullable('string') }, description: 'field → the codes of its messages' },
    },
  },
  {
    $id: PAGE_LINK,
    type: 'object',
    required: ['url', 'label', 'active'],
    properties: { url: nullable('string'), label: text, active: { type: 'boolean' } },
  },
  { $id: STORED_FILE, ...storedFile() },
];

export const ref = (id: string): JsonSchema => ({ $ref: `${id}#` });

/** The envelope of an answer carrying `data`. */
export function envelope(data: JsonSchema, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: ['success', 'data', 'message', 'code'],
    properties: { success: { type: 'boolean', enum: [true] }, data, message: text, code: CODE, values: VALUES },
  };
}

/** Any JSON value: the data of an answer whose shape the document does not give. */
export const ANY = {};

/** The `response` schemas of a route that answers `data` with 200 (or `status`). */
export const answers = (data: JsonSchema, description = 'Done.', status = 200): Record<number, JsonSchema> => ({ [status]: envelope(data, description) });

/** Laravel's paginator of some items. */
export function paginatorOf(item: JsonSchema): JsonSchema {
  const int = { type: 'integer' };
  return {
    type: 'object',
    description: "Laravel's paginator: a page of the list and the links to the others.",
    required: ['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links', 'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total'],
    properties: {
      current_page: int,
      data: { type: 'array', items: item },
      first_page_url: text,
      from: nullable('integer'),
      last_page: int,
      last_page_url: text,
      links: { type: 'array', items: ref(PAGE_LINK) },
      next_page_url: nullable('string'),
      path: text,
      per_page: int,
      prev_page_url: nullable('string'),
      to: nullable('integer'),
      total: int,
    },
  };
}

/** What a refusal means, by status. */
export const REFUSALS: Record<number, string> = {
  400: 'The request could not be read: a malformed address, JSON body or form data.',
  401: 'Not signed in: no session, an unknown one or one that has ended.',
  403: 'Signed in, but not allowed: a permission the caller lacks, a record outside their districts, or another kind of account.',
  404: 'No such record, or one the caller may not see, or an id that does not decode.',
  408: 'The request took too long to arrive.',
  409: 'The record is in use or in a state that does not allow this (other records point at it; a slot already taken).',
  410: 'The link has expired or is not valid.',
  413: 'The body, or a file in it, is too large.',
  414: 'The address is too long.',
  415: 'The body is not of a type this address takes.',
  422: 'The given data was invalid: `error` names each field with its messages.',
  429: 'Too many attempts: the message (and `values`) says how long to wait.',
  431: 'The request headers are too large.',
  500: 'The server failed.',
  503: 'The database cannot be reached: try again after the time Retry-After gives.',
};

export const refusal = (status: number): JsonSchema => ({ description: REFUSALS[status] ?? 'Refused.', allOf: [ref(FAILURE)] });

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals a route can answer, from its configuration: any request can be unreadable (400), too
 * slow (408), carry too many headers (431), meet a failure (500) or a database out of reach (503); an
 * address with parameters can be too long (414) and name no record (404); a body can be too large
 * (413), of another type (415) or invalid (422), as can a query or parameters with a schema; a route
 * that needs a session refuses without one (401) and without its permission or kind of account (403);
 * a field account and a throttled route can be refused for too many calls (429); a write can find the
 * record in use or in a state that forbids it (409).
 */
export function refusalsOf(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): number[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
  const access = route.config?.access ?? (route.url.startsWith('/api/admin') ? {} : undefined);
  const statuses = new Set([400, 408, 431, 500, 503]);
  const add = (...codes: number[]) => codes.forEach((c) => statuses.add(c));
  if (route.url.includes(':')) add(404, 414);
  const writes = methods.some((m) => BODY_METHODS.has(m));
  if (writes) add(409, 413, 415, 422);
  if (schema.body || schema.querystring || schema.params) add(422);
  if (access && (access.auth !== false || access.field)) add(401, 403);
  if (access?.field || route.config?.throttled) add(429);
  return [...statuses].sort((a, b) => a - b);
}

/* ---------- records ---------- */

const columnSchema = (column: ColumnType | undefined, forceNullable = false): JsonSchema =>
  column ? (column.nullable || forceNullable ? nullable(column.type) : { type: column.type }) : ANY;

const columnsOf = (columns: ColumnTypes, table: string) => {
  const found = columns.get(table);
  if (!found) throw new Error(`the database has no table ${table}`);
  return found;
};

/** The $id of a declaration's presented record among the shared schemas. */
export const recordId = (def: Pick<ResourceDef, 'name'>) => `${def.name}.record`;

const isOptional = (schema: TSchema | null) => Boolean(schema && (schema as unknown as Record<symbol, unknown>)[OptionalKind] === 'Optional');

/**
 * A declaration's record as it is presented (`present()` in http/crud/shared.ts): its id and encrypted
 * id, its columns and its profile's as the tables type them, each belongsTo relation as the related
 * record (or null), its files as stored files, its child rows; then what its hooks add or leave out
 * (`presents`: a schema per field, optional when only some answers carry it, or null for a column not
 * presented). The fields only a record read carries (`recordOnly`) are optional: a list leaves them out.
 */
export function recordSchema(def: ResourceDef, columns: ColumnTypes): JsonSchema {
  const table = columnsOf(columns, def.table);
  const props: Record<string, JsonSchema> = { id: { type: 'integer' }, encrypted_id: { type: 'string', description: 'the id routes take' } };
  for (const c of def.columns) props[c] = columnSchema(table.get(c));
  if (def.profile) {
    const profile = columnsOf(columns, def.profile.table);
    // a record without a profile row presents its profile's columns as null
    for (const c of def.profile.columns) props[c] = columnSchema(profile.get(c), true);
  }
  for (const rel of def.belongsTo ?? []) {
    const related = columnsOf(columns, rel.table);
    // in the order the console has always had them: id, the columns, the encrypted id
    const relProps: Record<string, JsonSchema> = { id: { type: 'integer' } };
    for (const c of rel.columns) relProps[c] = columnSchema(related.get(c));
    relProps.encrypted_id = text;
    props[rel.as] = { type: ['object', 'null'], description: `the ${rel.resource} record ${rel.column} names`, required: Object.keys(relProps), properties: relProps };
  }
  for (const [field, spec] of Object.entries(def.files ?? {})) {
    if (!spec) continue;
    // a single file inline rather than by reference: `null or a reference` would be a union, which the serialiser tells apart by validating
    props[field] = spec.multiple ? { type: 'array', items: ref(STORED_FILE) } : storedFile(true);
  }
  for (const [key, spec] of Object.entries(def.children ?? {})) {
    const child = columnsOf(columns, spec.table);
    const rowProps: Record<string, JsonSchema> = { id: { type: 'integer' } };
    for (const c of Object.keys(spec.schema.properties)) rowProps[c] = columnSchema(child.get(c));
    props[key] = { type: 'array', items: { type: 'object', required: Object.keys(rowProps), properties: rowProps } };
  }
  const optional = new Set(def.recordOnly ?? []);
  for (const [field, schema] of Object.entries(def.presents ?? {})) {
    // `relation.field`: a field the hooks add to a related record, a file or a child row
    const dot = field.indexOf('.');
    if (dot > 0) {
      const outer = props[field.slice(0, dot)];
      const inner = (outer?.items ?? outer) as JsonSchema | undefined;
      if (!inner?.properties) throw new Error(`resource ${def.name} presents ${field}, but ${field.slice(0, dot)} is no record, file or child row`);
      const name = field.slice(dot + 1);
      if (schema === null) delete inner.properties[name];
      else inner.properties[name] = JSON.parse(JSON.stringify(schema)) as JsonSchema;
      inner.required = Object.keys(inner.properties).filter((k) => (k === name ? schema !== null && !isOptional(schema) : (inner.required as string[]).includes(k)));
      continue;
    }
    if (schema === null) {
      delete props[field];
      continue;
    }
    props[field] = JSON.parse(JSON.stringify(schema)) as JsonSchema;
    if (isOptional(schema)) optional.add(field);
  }
  return { $id: recordId(def), type: 'object', description: `A record of ${def.name}, as the API presents it.`, required: Object.keys(props).filter((k) => !optional.has(k)), properties: props };
}

/** The choices of a declaration (`GET /{name}/choices`): id, encrypted id and the declared columns. */
export function choiceSchema(def: ResourceDef, columns: ColumnTypes): JsonSchema {
  const table = columnsOf(columns, def.table);
  const props: Record<string, JsonSchema> = { id: { type: 'integer' } };
  for (const c of def.choices ?? []) props[c] = columnSchema(table.get(c));
  props.encrypted_id = text;
  return { type: 'object', required: Object.keys(props), properties: props };
}

/* ---------- helpers for declarations' `presents` ---------- */

/** A value of one of these JSON types (`nullable('string')`): one schema the serialiser writes without a union. */
export const oneOfTypes = (...types: ('string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array')[]) => Type.Unsafe({ type: types });
/** A list of `{ id, title }` (a record's interests, as the spec reads them). */
export const idTitles = () => Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() }));
/** A list of related records as a record embeds them: `{ id, encrypted_id, ...columns }`. */
export const embedded = (columns: Record<string, TSchema>) => Type.Array(Type.Object({ id: Type.Integer(), ...columns, encrypted_id: Type.String() }));
/** A file named by its public link alone (`{ path }`), or null: an admin's photo, a doctor's. */
export const fileLink = () => Type.Unsafe({ type: ['object', 'null'], required: ['path'], properties: { path: { type: 'string' } } });

/** An answer that is a file (a stream of bytes, not the envelope), of one of these media types. */
export const fileAnswer = (types: readonly string[], description: string): Record<number, JsonSchema> => ({
  200: { description, content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) },
});

/** The media types of an export: CSV or XLSX. */
export const EXPORT_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

/** The answers of a signed link (an export, a private file): the file, or refused when expired (410) or when its admin may no longer read it (403, 404). */
export const signedLinkAnswers = (types: readonly string[], description: string): Record<number, JsonSchema> => ({
  ...fileAnswer(types, description),
  // a Range header asks for a part (a video or a PDF read a piece at a time)
  206: { description: 'The part of the file the Range header asked for.', content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) },
  403: refusal(403),
  404: refusal(404),
  410: refusal(410),
});

/**
 * A row of a table as a route answers it: the named columns (all, when none are named) typed as the
 * migrations made them, and the fields the route adds beside them. For routes beside the machinery
 * that answer rows of their own queries.
 */
export function rowSchema(columns: ColumnTypes, table: string, picked?: readonly string[], extra: Record<string, JsonSchema | TSchema> = {}): JsonSchema {
  const found = columnsOf(columns, table);
  const props: Record<string, JsonSchema> = {};
  for (const c of picked ?? [...found.keys()]) {
    if (!found.has(c)) throw new Error(`table ${table} has no column ${c}`);
    props[c] = columnSchema(found.get(c));
  }
  for (const [k, v] of Object.entries(extra)) props[k] = JSON.parse(JSON.stringify(v)) as JsonSchema;
  const optional = Object.entries(extra).filter(([, v]) => isOptional(v as TSchema)).map(([k]) => k);
  return { type: 'object', required: Object.keys(props).filter((k) => !optional.includes(k)), properties: props };
}
