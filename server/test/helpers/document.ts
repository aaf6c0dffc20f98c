/**
 * Every answer the tests receive, held to the OpenAPI document (`/api/docs/json`) the server serves:
 * its status must be one the operation documents, its content type one that status documents, and its
 * body valid against that schema (ajv over the document itself, its `$ref`s included). A test app
 * (helpers/app.ts) checks each answer its `inject` receives, and the fuzzer each of its cases, so an
 * answer the document does not describe fails the test that met it.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { throughCodeCache } from '../../src/http/validators';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is read as plain JSON */
type Json = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

interface Operation {
  method: string;
  template: string;
  regex: RegExp;
  /** path segments without parameters: the more, the more specific (`/a/choices` before `/a/{id}`) */
  fixed: number;
  op: Json;
}

export interface DocumentCheck {
  doc: Json;
  /** the problems of one answer ([] when the document describes it); null when no operation matches its path (not part of the API) */
  problems(method: string, url: string, res: LightMyRequestResponse): string[] | null;
  /**
   * What the document finds wrong with a JSON body sent to an operation ([] when it is valid there); null
   * when the operation documents no JSON body. A body it calls invalid must be refused: the server may
   * not take what its document says it refuses (an independent tester's "negative data rejection").
   */
  bodyProblems(method: string, url: string, body: unknown): string[] | null;
}

const escapeRef = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The document of an app and its checker, made once per app; apps serving the same document (a file's two dialects) share one. */
const checks = new WeakMap<FastifyInstance, Promise<DocumentCheck>>();
const byText = new Map<string, DocumentCheck>();

export function documentCheck(app: FastifyInstance): Promise<DocumentCheck> {
  let check = checks.get(app);
  if (!check) checks.set(app, (check = checkOf(app)));
  return check;
}

async function checkOf(app: FastifyInstance): Promise<DocumentCheck> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`the document: ${res.statusCode}`);
  let check = byText.get(res.body);
  if (!check) byText.set(res.body, (check = makeCheck(res.json() as Json, res.body)));
  return check;
}

function makeCheck(doc: Json, text: string): DocumentCheck {
  // the whole document, once: a schema is compiled where it stands (its `$ref`s to the components
  // resolved there), and a component many answers refer to is compiled once, not once an answer.
  // In a test run (SERIALIZER_CODE_CACHE, server/src/http/validators.ts) each place's validator is
  // ajv's standalone code of it, compiled once a run by the first file that meets that place: the
  // document's ajv is then made only when a place is new to the run.
  let documentAjv: Ajv | null = null;
  const ajv = () => {
    if (!documentAjv) {
      documentAjv = new Ajv({ strict: false, allErrors: true, validateSchema: false, code: { source: true } });
      addFormats(documentAjv);
      documentAjv.addSchema(doc, 'document');
    }
    return documentAjv;
  };
  const documentKey = `document\n${createHash('sha256').update(text).digest('hex')}\n`;
  const compile = (pointer: string): ValidateFunction | undefined => {
    const cached = throughCodeCache(`${documentKey}${pointer}`, () => {
      const v = ajv().getSchema(`document#${pointer}`);
      if (!v) throw new Error(`the document has no schema at ${pointer}`);
      return standaloneCode(ajv(), v);
    }, require) as ValidateFunction | null;
    return cached ?? ajv().getSchema(`document#${pointer}`);
  };
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    const regex = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      if (item[method]) operations.push({ method: method.toUpperCase(), template, regex, fixed: template.split('/').filter((s) => s && !s.startsWith('{')).length, op: item[method] });
    }
  }
  operations.sort((a, b) => b.fixed - a.fixed);
  const validators = new Map<string, ValidateFunction>();
  /** the schema at this place of the document, compiled once */
  const validatorOf = (pointer: string) => {
    let v = validators.get(pointer);
    if (!v) {
      v = compile(pointer);
      if (!v) throw new Error(`the document has no schema at ${pointer}`);
      validators.set(pointer, v);
    }
    return v;
  };
  const resolve = (response: Json): [Json, string | null] => {
    const target = response.$ref as string | undefined;
    if (!target) return [response, null];
    const path = target.slice(2).split('/');
    let node: Json = doc;
    for (const p of path) node = node[p.replace(/~1/g, '/').replace(/~0/g, '~')];
    return [node, target.slice(1)];
  };

  /** the operation a request is for (an address that does not decode is matched as sent: the router refuses it the same way) */
  const operationOf = (method: string, url: string) => {
    const raw = url.split('?')[0]!;
    let path = raw;
    try {
      path = decodeURI(raw);
    } catch {
      // kept as sent
    }
    return operations.find((o) => o.method === method && o.regex.test(path)) ?? operations.find((o) => o.method === method && o.regex.test(raw));
  };

  return {
    doc,
    bodyProblems(method, url, body) {
      const found = operationOf(method, url);
      const schema = found?.op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      if (!found || !schema) return null;
      const validate = validatorOf(`/paths/${escapeRef(found.template)}/${method.toLowerCase()}/requestBody/content/application~1json/schema`);
      if (validate(body)) return [];
      return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    },
    problems(method, url, res) {
      const found = operationOf(method, url);
      if (!found) return null;
      const name = `${method} ${found.template}`;
      const responses = found.op.responses as Json;
      const status = String(res.statusCode);
      const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
      if (!documented) return [`${name}: ${status} is not among its documented answers (${Object.keys(responses).join(', ')}): ${res.body.slice(0, 300)}`];
      const [response, pointer] = resolve(documented);
      const base = pointer ?? `/paths/${escapeRef(found.template)}/${method.toLowerCase()}/responses/${status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default'}`;
      const content = response.content as Json | undefined;
      if (!content) return res.body === '' ? [] : [`${name} ${status}: documented without a body, answered ${res.body.slice(0, 200)}`];
      const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
      const media = Object.keys(content).find((t) => t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))) || t === '*/*');
      if (!media) return [`${name} ${status}: content type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`];
      if (!media.includes('json')) return [];
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return [`${name} ${status}: the body is not JSON: ${res.body.slice(0, 200)}`];
      }
      const validate = validatorOf(`${base}/content/${escapeRef(media)}/schema`);
      if (validate(body)) return [];
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      return [`${name} ${status}: the body does not match the document: ${errors.join('; ')} — ${res.body.slice(0, 300)}`];
    },
  };
}

/** Throws when the document does not describe this answer (an answer outside the API passes). */
export async function expectDocumented(app: FastifyInstance, method: string, url: string, res: LightMyRequestResponse): Promise<void> {
  const problems = (await documentCheck(app)).problems(method, url, res);
  if (problems?.length) throw new Error(`an answer the document does not describe:\n  ${problems.join('\n  ')}`);
}
