import type { RouteOptions } from 'fastify';
import { NO_NUL } from './fields';
import { ANY, envelope, type JsonSchema, refusal, refusalsOf } from './responses';

/**
 * The OpenAPI document (`/api/docs/json`, @fastify/swagger) is generated from the routes as they are
 * declared: their TypeBox schemas validate requests, and what this file adds to each route, from its
 * configuration, is what the document says beside them. One source: a route cannot say one thing to
 * the server and another to the document.
 */

/** The two kinds of session: an admin's (the console) and a field account's (the apps). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: "An admin's session: the `token` of `POST /api/admin/login`." },
  fieldBearer: { type: 'http', scheme: 'bearer', description: "A field account's session (patient, CHW, doctor): the `token` of `POST /api/field/login`." },
} as const;

/** What every operation needs unless its route says otherwise: an admin's session. */
export const DEFAULT_SECURITY = [{ bearer: [] }];

type RouteSchema = NonNullable<RouteOptions['schema']> & { hide?: boolean; security?: unknown[] };

/**
 * Completes a route's schema for the document (the `onRoute` hook in app.ts, before the route's
 * validators and serialisers are compiled): who may call it (`security`, from `config.access`), and
 * the rule every text a client sends keeps (no NUL character, which PostgreSQL cannot store: refused
 * by `normalizeBody` with the field's message, and said here as each string's pattern).
 */
export function documentRoute(route: RouteOptions): void {
  if ((route.schema as RouteSchema | undefined)?.hide) return;
  // a copy: routes may share a schema object, and each gets its own answers
  const schema = (route.schema = { ...route.schema, response: { ...(route.schema?.response as object) } }) as RouteSchema & { response: Record<string, JsonSchema> };
  const access = route.config?.access;
  if (schema.security === undefined) {
    if (access?.field) schema.security = [{ fieldBearer: [] }];
    else if (access?.auth === false) schema.security = [];
  }
  for (const part of ['body', 'querystring'] as const) refuseNul(schema[part]);
  // what it answers: its own successes (else an envelope whose data the document does not describe)
  // and the refusals its configuration allows (http/responses.ts)
  const { response } = schema;
  if (!Object.keys(response).length) response[200] = envelope(ANY, 'Done (its data is not described here).');
  for (const status of refusalsOf(route)) response[status] ??= refusal(status);
}

/** "Holds a character other than a space" (`Fields.text`'s rule) and no NUL character. */
const SOME_TEXT_NO_NUL = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';
const annotated = new WeakSet<object>();

/** Gives every string below `node` that could hold a NUL character the pattern that says it may not. */
function refuseNul(node: unknown): void {
  if (!node || typeof node !== 'object' || annotated.has(node)) return;
  annotated.add(node);
  if (Array.isArray(node)) return node.forEach(refuseNul);
  const s = node as Record<string, unknown>;
  if (s.type === 'string' && s.format === undefined && s.enum === undefined && s.const === undefined) {
    if (s.pattern === undefined) s.pattern = NO_NUL;
    else if (s.pattern === '\\S') s.pattern = SOME_TEXT_NO_NUL;
  }
  for (const key of ['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'content', 'schema'] as const) {
    const below = s[key];
    if (below && typeof below === 'object') {
      if (key === 'properties' || key === 'content') Object.values(below).forEach(refuseNul);
      else refuseNul(below);
    }
  }
}

type Json = JsonSchema;

/** What a file field (`x-file`, http/files.ts) takes in JSON: text naming the file, or a list of them. */
function jsonFile(field: Json): Json {
  const { 'x-file': file, ...rest } = field;
  if (file.partOnly) return { ...rest, nullable: true, enum: [null], type: 'string', description: `${field.description ?? ''} (in JSON only null)`.trim() };
  const one = { type: 'string', minLength: 1 };
  return file.multiple
    ? { ...rest, type: 'array', items: one, maxItems: 10, ...(file.nullable ? { nullable: true } : {}) }
    : { ...rest, ...one, ...(file.nullable ? { nullable: true } : {}) };
}

/** What a file field takes in form data: a file part (or several), or the same text as in JSON. */
function formFile(field: Json): Json {
  const { 'x-file': file, ...rest } = field;
  const part = { type: 'string', format: 'binary' };
  return file.multiple ? { ...rest, type: 'array', items: part, maxItems: 10 } : { ...rest, ...part };
}

const FORM_NOTE =
  'Form data: each text part is read as the type its field declares (numbers as numbers; 1, 0, true, false, on, off as flags; ' +
  'an empty part as null; a list as repeated `key[]` parts or as JSON text), files as file parts. JSON bodies are taken as typed.';

/**
 * The document's request bodies as a client sends them (`transformObject` of @fastify/swagger): a
 * route taking JSON and form data gets a schema of each, its file fields (`x-file`) as text naming a
 * file in JSON and as file parts in form data.
 */
export function documentBodies(doc: Json): Json {
  shareRefusals(doc);
  for (const item of Object.values(doc.paths ?? {}) as Json[]) {
    for (const op of Object.values(item) as Json[]) {
      const content = op?.requestBody?.content as Json | undefined;
      if (!content) continue;
      for (const [type, media] of Object.entries(content)) {
        const form = type === 'multipart/form-data';
        const schema = structuredClone(media.schema) as Json;
        // the body's fields, or each alternative's (the /users calls take any kind's body)
        for (const object of [schema, ...((schema.anyOf ?? []) as Json[])]) {
          for (const [name, field] of Object.entries((object.properties ?? {}) as Json)) {
            if (field?.['x-file']) object.properties[name] = form ? formFile(field) : jsonFile(field);
          }
        }
        if (form) schema.description = [schema.description, FORM_NOTE].filter(Boolean).join(' ');
        content[type] = { ...media, schema };
      }
    }
  }
  return doc;
}

/** The names of the shared refusals in the document's components. */
const REFUSAL_NAMES: Record<number, string> = {
  400: 'BadRequest', 401: 'Unauthenticated', 403: 'Forbidden', 404: 'NotFound', 408: 'RequestTimeout', 409: 'Conflict', 410: 'Gone',
  413: 'TooLarge', 414: 'AddressTooLong', 415: 'UnsupportedMediaType', 422: 'InvalidData', 429: 'TooManyRequests', 431: 'HeadersTooLarge',
  500: 'ServerError', 503: 'Unavailable',
};

/**
 * Every operation's refusals are the same few answers (http/responses.ts): each is given once, in the
 * document's `components.responses`, and referred to (the document would otherwise repeat them some
 * 3,000 times).
 */
function shareRefusals(doc: Json): void {
  const shared: Json = (doc.components ??= {}).responses ?? {};
  for (const item of Object.values(doc.paths ?? {}) as Json[]) {
    for (const op of Object.values(item) as Json[]) {
      for (const [status, response] of Object.entries((op?.responses ?? {}) as Json)) {
        const name = REFUSAL_NAMES[Number(status)];
        if (!name || response.description !== refusal(Number(status)).description) continue;
        shared[name] ??= response;
        op.responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  doc.components.responses = shared;
}
