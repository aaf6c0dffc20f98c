import type { RouteOptions } from 'fastify';
import { BLANK_TEXT, FLAG_WORDS, INTEGER_TEXT, integerTextWithin, NO_NUL, NUMBER_TEXT, numberTextWithin } from './fields';
import { ACCEPTED_AND_IGNORED } from './knownFields';
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
export function documentRoute(route: RouteOptions, accepted?: AcceptedKeys): void {
  if ((route.schema as RouteSchema | undefined)?.hide) return;
  if (accepted) noteAcceptedKeys(route, accepted);
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
  for (const key of ['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'content', 'schema', 'x-rules'] as const) {
    const below = s[key];
    if (below && typeof below === 'object') {
      if (key === 'properties' || key === 'content') Object.values(below).forEach(refuseNul);
      else refuseNul(below);
    }
  }
}

type Json = JsonSchema;

/**
 * `x-rules`: what a declaration's hooks check themselves, with their own messages (a survey form's
 * numbered "Question 2 Title is required", a duty roster's dates when it is added), said to the document
 * as schema: the node's `properties` are merged key by key (a property's rules replace its lenient schema),
 * `required` lists joined, any other keyword set. The route validates with the lenient schema and the hook
 * refuses what these rules refuse, with its messages (server/test/api-document.test.ts holds both to it).
 */
function applyRules(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map(applyRules);
  const { 'x-rules': rules, ...rest } = node as Json;
  const out: Json = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, applyRules(v)]));
  if (!rules || typeof rules !== 'object') return out;
  for (const [key, value] of Object.entries(applyRules(rules) as Json)) {
    if (key === 'properties') out.properties = { ...(out.properties ?? {}), ...(value as Json) };
    else if (key === 'required') out.required = [...new Set([...(out.required ?? []), ...(value as string[])])];
    else out[key] = value;
  }
  return out;
}

/**
 * The keys a write's body may hold beside its schema's fields, by operation (`post /api/admin/cities/{id}`):
 * those accepted and dropped (a record as read carries its timestamps and relations back) with why, and
 * the read-only ones, accepted when they hold the record's own value (http/knownFields.ts). The
 * document lists them as the body's properties, so a record read can be written back as the document
 * says and a client generated from it types them.
 */
export type AcceptedKeys = Map<string, { ignored: Record<string, string>; readOnly: readonly string[] }>;

const operationKey = (method: string, url: string) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

function noteAcceptedKeys(route: RouteOptions, accepted: AcceptedKeys): void {
  const body = route.schema?.body as { properties?: object; additionalProperties?: unknown } | undefined;
  // refuseUnknownFields leaves a body without listed properties, or that allows any, alone
  if (!body?.properties || body.additionalProperties === true) return;
  const readOnly = route.config?.readOnlyFields ?? [];
  const ignored = { ...ACCEPTED_AND_IGNORED, ...Object.fromEntries(Object.entries(route.config?.ignoredFields ?? {}).filter(([k]) => !readOnly.includes(k))) };
  for (const method of [route.method].flat()) accepted.set(operationKey(method, route.url), { ignored, readOnly });
}

/**
 * The decimal text a number field takes: within its bounds (the text's pattern says the range its number
 * has, so text beyond it is invalid in the document as it is refused by the server), or any when a member
 * has none.
 */
function numericText(members: Json[], type: 'integer' | 'number'): string {
  const bounded = members.every((m) => typeof m.minimum === 'number' && typeof m.maximum === 'number');
  if (!bounded) return type === 'integer' ? INTEGER_TEXT : NUMBER_TEXT;
  const [min, max] = [Math.min(...members.map((m) => m.minimum as number)), Math.max(...members.map((m) => m.maximum as number))];
  return type === 'integer' || members.every((m) => m.type === 'integer') ? integerTextWithin(min, max) : numberTextWithin(min, max);
}

/** A body's field as the coercion rule takes it (README, "The coercion rule"; `normalizeBody` in http/fields.ts). */
function coerced(field: Json): Json {
  const members: Json[] = Array.isArray(field.anyOf) && field.type === undefined ? field.anyOf : [field];
  const types = new Set(members.map((m) => m.type));
  const nullable = field.nullable === true || members.some((m) => m.nullable === true);
  const texts: Json[] = [];
  const numeric = members.filter((m) => m.type === 'number' || m.type === 'integer');
  const choices = numeric.flatMap((m) => (Array.isArray(m.enum) ? m.enum : []));
  if (numeric.length && numeric.every((m) => Array.isArray(m.enum)) && choices.every((n) => Number.isInteger(n) && n > 0)) {
    // a choice of numbers (a status 1 or 2): only their decimal text, as NUMBER_TEXT reads it (a sign, leading zeros, `.0`)
    const pattern = NUMBER_TEXT.replace('[-+]?[0-9]+(\\.[0-9]+)?', `\\+?0*(${choices.join('|')})(\\.0+)?`);
    texts.push({ type: 'string', pattern, description: `${choices.join(' or ')} as decimal text` });
  } else if (types.has('number')) texts.push({ type: 'string', pattern: numericText(numeric, 'number'), description: 'a number as decimal text' });
  else if (types.has('integer')) texts.push({ type: 'string', pattern: numericText(numeric, 'integer'), description: 'a whole number as decimal text' });
  if (types.has('boolean')) texts.push({ type: 'string', enum: [...FLAG_WORDS.true, ...FLAG_WORDS.false], description: 'a flag as a word' });
  if (nullable) texts.push({ type: 'string', pattern: BLANK_TEXT, description: 'blank text: null' });
  const items = field.items as Json | undefined;
  let out = field;
  // a list of numbers takes decimal text for each
  const itemMembers: Json[] = items ? (Array.isArray(items.anyOf) ? items.anyOf : [items]) : [];
  const numericItems = itemMembers.filter((m) => m.type === 'integer' || m.type === 'number');
  if (field.type === 'array' && items && numericItems.length) {
    const type = numericItems.some((m) => m.type === 'number') ? 'number' : 'integer';
    out = { ...field, items: { anyOf: [...itemMembers, { type: 'string', pattern: numericText(numericItems, type) }] } };
  }
  // text that must not be blank: blank text is null, which it may not be
  if (!nullable && field.type === 'string' && field.pattern === NO_NUL && field.format === undefined) out = { ...out, pattern: SOME_TEXT_NO_NUL };
  if (!texts.length) return out;
  const { 'x-message': message, description, ...rest } = out;
  return { ...(description ? { description } : {}), ...(message ? { 'x-message': message } : {}), anyOf: [...(Array.isArray(rest.anyOf) ? rest.anyOf : [rest]), ...texts] };
}

/** A file as a record reads it (`{ path, … }`), sent back whole: the file it names, kept. */
const FILE_AS_READ = {
  type: 'object',
  required: ['path'],
  properties: { path: { type: 'string', minLength: 1, pattern: NO_NUL } },
  description: 'the file as the record reads it, sent back: kept (its other keys are ignored)',
};

/** What a file field (`x-file`, http/files.ts) takes in JSON: text naming the file or the file as read, or a list of them. */
function jsonFile(field: Json): Json {
  const { 'x-file': file, ...rest } = field;
  if (file.partOnly) return { ...rest, nullable: true, enum: [null], type: 'string', description: `${field.description ?? ''} (in JSON only null)`.trim() };
  const text = { type: 'string', minLength: 1, pattern: NO_NUL };
  // (null, where taken, rides on the first branch: OpenAPI 3.0's `nullable` needs a type beside it)
  const branches = (nullable: boolean): Json[] =>
    file.multiple ? [{ type: 'array', items: { anyOf: [text, FILE_AS_READ] }, maxItems: 10, ...(nullable ? { nullable: true } : {}) }] : [{ ...text, ...(nullable ? { nullable: true } : {}) }, FILE_AS_READ];
  const { description, 'x-message': message, ...schema } = rest;
  const said = { ...(description ? { description } : {}), ...(message ? { 'x-message': message } : {}) };
  if (!file.nullable) return { ...schema, ...said, anyOf: branches(false) };
  // blank text is null (the coercion rule), which a field that may be null takes
  return { ...said, anyOf: [...branches(true), { type: 'string', pattern: BLANK_TEXT, description: 'blank text: null' }] };
}

/** What a file field takes in form data: a file part (or several), or the same text as in JSON. */
function formFile(field: Json): Json {
  const { 'x-file': file, ...rest } = field;
  const part = { type: 'string', format: 'binary' };
  return file.multiple ? { ...rest, type: 'array', items: part, maxItems: 10 } : { ...rest, ...part };
}

/** A form's list of rows (objects): one text part holding the list as JSON, as `normalizeBody` reads it. */
const JSON_TEXT_LIST = { type: 'string', pattern: '^\\s*\\[', description: 'the list as JSON text (as a JSON body would hold it)' };

/**
 * A field as form data carries it: a part is text, so only the field's text alternatives (decimal text,
 * flag words, blank text for null) are said; numbers, flags, null and objects are JSON's. A list keeps its
 * items' text (repeated parts); a list of rows is JSON text. A client generating a form from the
 * document would otherwise write such values as it pleases (Schemathesis sends Python's `None`, `False`
 * and `{'id': 1}`), which the server cannot read as the field.
 */
function formText(field: Json): Json {
  const { 'x-message': message, description, ...rest } = field;
  const said = { ...(description ? { description } : {}), ...(message ? { 'x-message': message } : {}) };
  // alternatives, or one typed value whose `anyOf` adds rules to it (a question's: `x-rules`)
  const members: Json[] = Array.isArray(rest.anyOf) && rest.type === undefined ? rest.anyOf : [rest];
  const texts: Json[] = [];
  for (const member of members) {
    if (member.type === 'string' && !(Array.isArray(member.enum) && member.enum.includes(null))) {
      const { nullable: _nullable, ...text } = member;
      texts.push(text);
    } else if (member.type === 'array') {
      const items = member.items as Json | undefined;
      const itemTexts = items ? formText(items) : { type: 'string' };
      texts.push(itemTexts === JSON_TEXT_LIST ? JSON_TEXT_LIST : { ...member, items: itemTexts });
    } else if (member.type === undefined && member.anyOf === undefined) {
      texts.push({ ...member, type: 'string' }); // any value: in a form, text
    }
  }
  if (!texts.length) return members.some((m) => m.type === 'object') ? JSON_TEXT_LIST : { ...said, type: 'string' };
  if (texts.length === 1) return texts[0] === JSON_TEXT_LIST ? { ...said, ...JSON_TEXT_LIST } : { ...said, ...texts[0] };
  return { ...said, anyOf: texts };
}

/**
 * A form's list of values (ids, permissions, days) is sent as repeated text parts: said as each list's
 * `encoding` (text/plain), without which a client may send its items as file parts (Schemathesis did),
 * which only a file field takes.
 */
function textListParts(schema: Json): { encoding?: Json } {
  const encoding: Json = {};
  for (const object of [schema, ...((schema.anyOf ?? []) as Json[])]) {
    for (const [name, field] of Object.entries((object.properties ?? {}) as Json)) {
      // a list, or a list among the field's alternatives (tags: a list, or text separated by commas)
      const lists = ((field?.anyOf ?? [field]) as Json[]).filter((m) => m?.type === 'array' && m.items && m.items.format !== 'binary' && m.items.type !== 'object');
      if (lists.length) encoding[name] = { contentType: 'text/plain' };
    }
  }
  return Object.keys(encoding).length ? { encoding } : {};
}

const FORM_NOTE =
  'Form data: each text part is read as the type its field declares, as in JSON (decimal text as a number; 1, 0, true, false, on, off, yes, no as flags; ' +
  'blank text as null; a list as repeated `key[]` parts or as JSON text), files as file parts.';
const JSON_NOTE =
  'Fields are read as their declared types (README, "The coercion rule"): decimal text is a number for a number field, ' +
  '1, 0, true, false, on, off, yes, no are flags for a flag field, and blank text is null for a field that may be null.';

/**
 * The document's request bodies as a client sends them (`transformObject` of @fastify/swagger): a
 * route taking JSON and form data gets a schema of each, its file fields (`x-file`) as text naming a
 * file in JSON and as file parts in form data.
 */
export function documentBodies(doc: Json, accepted: AcceptedKeys = new Map()): Json {
  shareRefusals(doc);
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Json][]) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      const content = op?.requestBody?.content as Json | undefined;
      if (!content) continue;
      const extra = accepted.get(`${method} ${path}`);
      for (const [type, media] of Object.entries(content)) {
        const form = type === 'multipart/form-data';
        const schema = applyRules(structuredClone(media.schema)) as Json;
        // the body's fields, or each alternative's (the /users calls take any kind's body)
        for (const object of [schema, ...((schema.anyOf ?? []) as Json[])]) {
          for (const [name, field] of Object.entries((object.properties ?? {}) as Json)) {
            if (field?.['x-file']) object.properties[name] = form ? formFile(field) : jsonFile(field);
            else if (field && typeof field === 'object') object.properties[name] = form ? formText(coerced(field)) : coerced(field);
          }
          if (!extra || !object.properties) continue;
          // in form data they are text parts: a file part is a file, which only a file field takes (400 on a form without one)
          const said = (description: string): Json => (form ? { type: 'string', description } : { description });
          for (const [name, why] of Object.entries(extra.ignored)) object.properties[name] ??= said(`Accepted and ignored: ${why}.`);
          for (const name of extra.readOnly) {
            object.properties[name] ??= said("Read-only: an update accepts it when it holds the record's own value (as read) and refuses another (422); a create ignores it.");
          }
        }
        // a form without a part is no body at all (a client sends nothing): it must carry one field
        if (form && schema.type === 'object' && !schema.required?.length) schema.minProperties = 1;
        if (schema.type === 'object' || schema.anyOf) schema.description = [schema.description, form ? FORM_NOTE : JSON_NOTE].filter(Boolean).join(' ');
        content[type] = { ...media, schema, ...(form ? textListParts(schema) : {}) };
      }
    }
  }
  portablePatterns(doc);
  return doc;
}

/**
 * The character classes JavaScript gives `\d`, `\s` and `\w` (ajv compiles the routes' patterns as
 * JavaScript), spelt out: other dialects read these escapes otherwise (Python's `\d` and `\s` take
 * any Unicode digit and space, `\s` the separators U+001C-U+001F and U+0085 too; `\w` any letter),
 * so a client or a tester generating text from the document would send what the server refuses, or
 * miss what it takes. Written out, a pattern says the same in every dialect. The same for `$`, which
 * Python also matches before a final line break (`12\n` would pass `^[0-9]{2}$`).
 */
const CLASS_ESCAPES: Record<string, { set: string; negated: boolean }> = {
  d: { set: '0-9', negated: false },
  D: { set: '0-9', negated: true },
  s: { set: '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff', negated: false },
  S: { set: '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff', negated: true },
  w: { set: 'A-Za-z0-9_', negated: false },
  W: { set: 'A-Za-z0-9_', negated: true },
};

/**
 * A pattern with its class escapes (`\d \D \s \S \w \W`) written as the classes JavaScript
 * gives them, and each `$` as `$(?!\n)`; the same language in JavaScript. A negated escape inside a class (`[^\S]`) has no
 * spelling as a set and is refused (no pattern of ours has one).
 */
export function portablePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1]!;
      const escape = CLASS_ESCAPES[next];
      i++;
      if (!escape) out += c + next;
      else if (!inClass) out += `[${escape.negated ? '^' : ''}${escape.set}]`;
      else if (escape.negated) throw new Error(`pattern ${pattern}: a negated class escape inside a class`);
      else out += escape.set;
    } else {
      if (c === '[' && !inClass) inClass = true;
      else if (c === ']' && inClass) inClass = false;
      // Python's `$` also matches before a final line break; `(?!\n)` makes it the end there too
      out += c === '$' && !inClass ? '$(?!\\n)' : c;
    }
  }
  return out;
}

/** Every pattern of the document written so that any dialect reads it as the server does (`portablePattern`). */
function portablePatterns(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(portablePatterns);
  const s = node as Record<string, unknown>;
  if (typeof s.pattern === 'string') s.pattern = portablePattern(s.pattern);
  for (const value of Object.values(s)) portablePatterns(value);
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
