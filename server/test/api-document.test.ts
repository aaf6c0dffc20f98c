/**
 * The OpenAPI document (`/api/docs/json`) as a contract: generated from the routes' declarations, so
 * these checks hold every route, present and future, to it.
 */
import { execFileSync } from 'node:child_process';
import { startTestApp, type TestApp } from './helpers/app';
import { documentCheck } from './helpers/document';
import { client, multipart, sampler } from './helpers/http';
import { idListKind, integerTextWithin, INTEGER_TEXT, MAX_ID, numberTextWithin, NUMBER_TEXT } from '../src/http/fields';
import { portablePattern } from '../src/http/openapi';
import { RESOURCE_DEFS } from '../src/resources/registry';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is read as plain JSON */
type Json = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document as `METHOD /path` with its object. */
function operations(doc: Json): [string, Json][] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m): [string, Json] => [`${m.toUpperCase()} ${path}`, item[m]]));
}

/** A route's path as the document writes it (`:id` → `{id}`). */
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Calls `visit` on every schema object below `node`, with its JSON path. */
function walkSchemas(node: unknown, path: string, visit: (schema: Json, path: string) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item, i) => walkSchemas(item, `${path}/${i}`, visit));
  visit(node as Json, path);
  for (const [key, value] of Object.entries(node)) walkSchemas(value, `${path}/${key}`, visit);
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  /** one sampler for the tests that add records (a second would repeat the first's titles) */
  let samples: ReturnType<typeof sampler>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    samples = sampler(client(t));
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('bounds every integer and number a client sends (a column holds at most 2^31 - 1; JavaScript counts exactly to 2^53)', () => {
    const unbounded: string[] = [];
    for (const [name, op] of operations(doc)) {
      const sent = { parameters: op.parameters, requestBody: op.requestBody };
      walkSchemas(sent, name, (schema, path) => {
        const numeric = schema.type === 'integer' || schema.type === 'number';
        if (numeric && !Array.isArray(schema.enum) && (typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number')) unbounded.push(path);
      });
    }
    expect(unbounded).toEqual([]);
    expect(operations(doc).length).toBeGreaterThan(300);
  });

  it('says who may call each operation: an admin session by default, a field session on the field routes, nothing on the public ones', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'fieldBearer']);
    const byOperation = new Map(operations(doc));
    const wrong: string[] = [];
    const listed = new Set<string>();
    for (const route of t.app.routeTable) {
      const name = `${route.method} ${docPath(route.url)}`;
      listed.add(name);
      const op = byOperation.get(name);
      if (!op) {
        wrong.push(`${name}: not in the document`);
        continue;
      }
      const want = route.access.field ? [{ fieldBearer: [] }] : route.access.auth === false ? [] : undefined;
      if (JSON.stringify(op.security) !== JSON.stringify(want)) wrong.push(`${name}: ${JSON.stringify(op.security)}`);
    }
    // outside the route table: the field apps' sign-in and reset, and liveness and readiness, public
    for (const [name, op] of operations(doc)) {
      if (listed.has(name)) continue;
      const outside = /^POST \/api\/field\/(login|verify-email|verify-reset-token|reset-password)$/.test(name) || /^GET \/api\/health(\/ready)?$/.test(name);
      if (!outside || JSON.stringify(op.security) !== '[]') wrong.push(`${name}: outside the route table, ${JSON.stringify(op.security)}`);
    }
    expect(wrong).toEqual([]);
    for (const name of ['login', 'verify-email', 'verify-reset-token', 'reset-password']) {
      expect([name, byOperation.get(`POST /api/admin/${name}`)?.security]).toEqual([name, []]);
      expect([name, byOperation.get(`POST /api/field/${name}`)?.security]).toEqual([name, []]);
    }
  });

  it('gives every operation its answers: a success (or the refusal it always is) and the refusals any request can meet, in the envelope', () => {
    const wrong: string[] = [];
    const shared = doc.components.responses as Json;
    for (const [name, op] of operations(doc)) {
      const statuses = Object.keys(op.responses ?? {});
      if (!statuses.some((s) => /^[23]\d\d$/.test(s)) && name !== 'PUT /api/admin/promotional/{id}') wrong.push(`${name}: no success (${statuses.join(', ')})`);
      for (const always of ['400', '500']) if (!statuses.includes(always)) wrong.push(`${name}: no ${always}`);
      const pub = Array.isArray(op.security) && op.security.length === 0;
      if (!pub && !statuses.includes('401')) wrong.push(`${name}: behind a session, without 401`);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (Number(status) < 400) continue;
        const resolved = response.$ref ? shared[String(response.$ref).split('/').pop()!] : response;
        const schema = resolved?.content?.['application/json']?.schema;
        if (!schema) wrong.push(`${name} ${status}: no JSON body`);
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(shared).sort()).toEqual(expect.arrayContaining(['BadRequest', 'Forbidden', 'InvalidData', 'NotFound', 'Unauthenticated']));
  });

  it("fails an answer it does not describe: an undocumented status, a body without its envelope's fields, a field of the wrong type", async () => {
    const check = await documentCheck(t.app);
    const real = await t.app.inject({ method: 'GET', url: '/api/admin/districts', headers: { authorization: `Bearer ${t.rootToken}` } });
    expect(real.statusCode).toBe(200);
    expect(check.problems('GET', '/api/admin/districts', real)).toEqual([]);
    const altered = (statusCode: number, body: unknown) => ({ ...real, statusCode, body: JSON.stringify(body), json: () => body }) as typeof real;
    const page = real.json();
    expect(check.problems('GET', '/api/admin/districts', altered(418, page))).toEqual([expect.stringContaining('418 is not among its documented answers')]);
    expect(check.problems('GET', '/api/admin/districts', altered(200, { success: true, message: 'x' }))).toEqual([expect.stringContaining("must have required property 'data'")]);
    expect(check.problems('GET', '/api/admin/districts', altered(200, { ...page, data: { ...page.data, total: 'many' } }))).toEqual([expect.stringContaining('/data/total')]);
    expect(check.problems('GET', '/api/admin/districts', altered(422, { success: false, message: 'The given data was invalid.' }))).toEqual([expect.stringContaining("must have required property 'code'")]);
    // outside the API (the console's files): not the document's
    expect(check.problems('GET', '/assets/x.js', real)).toBeNull();
  });

  it('says the coercion rule as the server keeps it: text the server reads as a number, a flag or null the document takes, and text it refuses the document refuses', async () => {
    const check = await documentCheck(t.app);
    const api = client(t);
    const { ref } = samples;
    const PROBES: Record<string, unknown[]> = {
      integer: ['12', ' 12 ', '12.0', '+3', '12.5', '0x10', '1e1', '.5', 'abc', '', 12],
      number: ['31.5', '-74.25', '7', '1e1', '0x1F', 'Infinity', '3,5', '', 7.5],
      boolean: ['yes', 'no', 'on', 'off', '1', '0', 'true', 'false', 'TRUE', 'y', '', true],
    };
    // the first two fields of each kind among the resources' updates, as the document gives them
    const kindOf = (field: Json): string | null => {
      const members: Json[] = field.anyOf ?? [field];
      for (const kind of ['integer', 'number', 'boolean']) if (members.some((m) => m.type === kind)) return kind;
      return null;
    };
    const chosen: { resource: string; field: string; kind: string }[] = [];
    for (const def of RESOURCE_DEFS) {
      const schema = doc.paths[`/api/admin/${def.name}/{id}`]?.put?.requestBody?.content?.['application/json']?.schema;
      for (const [field, fieldSchema] of Object.entries((schema?.properties ?? {}) as Json)) {
        const kind = kindOf(fieldSchema);
        // not a reference (an id up to 2^31 - 1): which ids exist is beyond the document's reach
        const reference = ((fieldSchema as Json).anyOf ?? [fieldSchema]).some((m: Json) => m.maximum === 2_147_483_647);
        if (kind && !reference && chosen.filter((c) => c.kind === kind).length < 2) chosen.push({ resource: def.name, field, kind });
      }
    }
    expect(new Set(chosen.map((c) => c.kind))).toEqual(new Set(['integer', 'number', 'boolean']));
    const disagreements: string[] = [];
    for (const { resource, field, kind } of chosen) {
      const record = await ref(resource as never);
      const url = `/api/admin/${resource}/${record.encrypted_id}`;
      for (const probe of PROBES[kind]!) {
        const body = { [field]: probe };
        const valid = check.bodyProblems('PUT', url, body)!.length === 0;
        const res = await api.send('PUT', url, body);
        const named = res.statusCode === 422 && Object.hasOwn((res.json() as Json).error ?? {}, field);
        if (valid ? named || res.statusCode >= 300 : !named) disagreements.push(`${resource}.${field} = ${JSON.stringify(probe)}: the document ${valid ? 'takes' : 'refuses'} it, the server answered ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    // the rules beyond a field's schema, README's list ("What the document cannot say"): a patient's age
    // may be left out when the patient is added, not cleared on an update
    expect(disagreements).toEqual([expect.stringMatching(/^app-users\.age = "": the document takes it, the server answered 422 .*age_required/)]);
    expect(chosen.length).toBeGreaterThanOrEqual(5);
    // a file field that may be null takes blank text as null too (the fuzzer found the document refusing it)
    const content = await ref('health-literacy-content' as never);
    const url = `/api/admin/health-literacy-content/${content.encrypted_id}`;
    expect(check.bodyProblems('PUT', url, { thumbnail: '' })).toEqual([]);
    expect((await api.send('PUT', url, { thumbnail: '' })).statusCode).toBe(200);
  });

  it('takes a choice of numbers as text only for those numbers (Schemathesis sent a status "3139586132366.688" the document took and the server refused)', async () => {
    const check = await documentCheck(t.app);
    const api = client(t);
    const { ref } = samples;
    const campaign = await ref('campaigns' as never);
    const url = `/api/admin/campaigns/status/${campaign.encrypted_id}`;
    const disagreements: string[] = [];
    for (const status of [' 2 ', '+01', '2.0', '1', 2, '3', '0', '31395.688', '-1', '1.5', 'two']) {
      const valid = check.bodyProblems('PUT', url, { status })!.length === 0;
      const res = await api.send('PUT', url, { status });
      if (valid !== (res.statusCode === 200)) disagreements.push(`${JSON.stringify(status)}: the document ${valid ? 'takes' : 'refuses'} it, the server answered ${res.statusCode}`);
    }
    expect(disagreements).toEqual([]);
    expect(check.bodyProblems('PUT', url, { status: '3' })!.length).toBeGreaterThan(0);
  });

  it("says a number field's range in the decimal text it takes (Schemathesis sent days \" 860940883.00\", a latitude \"-94.98\" the document took and the server refused)", async () => {
    // the patterns: exactly the text INTEGER_TEXT / NUMBER_TEXT read as a number within the bounds
    const wrong: string[] = [];
    const ranges: [number, number][] = [[0, 130], [1, 3650], [1, 2_147_483_647], [-90, 90], [-180, 180], [1, 5], [0, 0], [-5, -2], [123, 4567], [0, 100_000_000]];
    for (const [min, max] of ranges) {
      const [asInteger, asNumber] = [new RegExp(integerTextWithin(min, max)), new RegExp(numberTextWithin(min, max))];
      const texts = ['-0', '-0.5', '0.5', '00', '', 'abc', '1e3', String(max * 10 + 7), '99999999999'];
      for (let v = min - 1200; v <= Math.min(max + 1200, min + 12_000); v++) texts.push(String(v), `+${v}`, `00${v}`, `${v}.0`, `${v}.5`, ` ${v}\t`);
      for (const v of [min, max, min - 1, max + 1]) texts.push(String(v), `${v}.000`, `${v}.01`, `+0${v}`);
      for (const text of texts) {
        const n = Number(text);
        const integer = new RegExp(INTEGER_TEXT).test(text) && n >= min && n <= max;
        const number = new RegExp(NUMBER_TEXT).test(text) && n >= min && n <= max;
        if (asInteger.test(text) !== integer) wrong.push(`integer ${min}..${max} ${JSON.stringify(text)}`);
        if (asNumber.test(text) !== number) wrong.push(`number ${min}..${max} ${JSON.stringify(text)}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // and the document says them where the server reads them: bounded number fields of the resources' updates
    const check = await documentCheck(t.app);
    const api = client(t);
    const { ref } = samples;
    const chosen: { resource: string; field: string; min: number; max: number; integer: boolean }[] = [];
    for (const def of RESOURCE_DEFS) {
      const schema = doc.paths[`/api/admin/${def.name}/{id}`]?.put?.requestBody?.content?.['application/json']?.schema;
      for (const [field, fieldSchema] of Object.entries((schema?.properties ?? {}) as Json)) {
        const number = ((fieldSchema as Json).anyOf ?? [fieldSchema]).find((m: Json) => (m.type === 'integer' || m.type === 'number') && m.minimum !== undefined);
        // not a reference (which ids exist is beyond the document), one field of a resource; not a roster's
        // session, which must also fit its time range (a rule between fields, README's list)
        if (!number || number.maximum === 2_147_483_647 || chosen.some((c) => c.resource === def.name) || def.name === 'duty-roasters') continue;
        if (chosen.length < 6) chosen.push({ resource: def.name, field, min: number.minimum, max: number.maximum, integer: number.type === 'integer' });
      }
    }
    expect(chosen.filter((c) => c.integer).length).toBeGreaterThanOrEqual(2);
    expect(chosen.filter((c) => !c.integer).length).toBeGreaterThanOrEqual(1);
    const disagreements: string[] = [];
    for (const { resource, field, min, max } of chosen) {
      const record = await ref(resource as never);
      const url = `/api/admin/${resource}/${record.encrypted_id}`;
      for (const probe of [String(max), ` +0${max} `, `${max}.0`, String(max + 1), `${max}.5`, String(min), String(min - 1), `${min - 1}.5`, String(max * 1000 + 1)]) {
        const body = { [field]: probe };
        const valid = check.bodyProblems('PUT', url, body)!.length === 0;
        const res = await api.send('PUT', url, body);
        const named = res.statusCode === 422 && Object.hasOwn((res.json() as Json).error ?? {}, field);
        if (valid ? named || res.statusCode >= 300 : !named) disagreements.push(`${resource}.${field} = ${JSON.stringify(probe)}: the document ${valid ? 'takes' : 'refuses'} it, the server answered ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("says form data as the text it is: no null, flag, number or object a form cannot carry (Schemathesis sent Python's None, False and {'id': 1}), at least one part", () => {
    const notText: string[] = [];
    const textOnly = (schema: Json): boolean =>
      ((schema.anyOf ?? [schema]) as Json[]).every((m) => m.type === 'string' ? m.nullable !== true : m.type === 'array' && textOnly(m.items));
    let forms = 0;
    for (const [name, op] of operations(doc)) {
      const schema = op.requestBody?.content?.['multipart/form-data']?.schema as Json | undefined;
      if (!schema) continue;
      forms++;
      for (const object of [schema, ...((schema.anyOf ?? []) as Json[])]) {
        for (const [key, field] of Object.entries((object.properties ?? {}) as Json)) if (!textOnly(field)) notText.push(`${name} ${key}`);
      }
      // a form with no part is no body at all: it must carry a field
      if (schema.type === 'object' && !schema.required?.length && schema.minProperties !== 1) notText.push(`${name}: may be empty`);
    }
    expect(forms).toBeGreaterThan(50);
    expect(notText).toEqual([]);
    // a list of ids as text parts; a list of rows as JSON text
    const doctor = doc.paths['/api/admin/doctors/{id}'].put.requestBody.content['multipart/form-data'];
    expect(doctor.schema.properties.specializationIds.items).toEqual(expect.objectContaining({ type: 'string', pattern: expect.any(String) }));
    expect(doctor.encoding.specializationIds).toEqual({ contentType: 'text/plain' });
    // a list among a field's alternatives too (tags: a list, or text separated by commas; Schemathesis sent its items as file parts, 400)
    expect(doc.paths['/api/admin/health-literacy-content/{id}'].put.requestBody.content['multipart/form-data'].encoding.tags).toEqual({ contentType: 'text/plain' });
    expect(doc.paths['/api/admin/prescriptions/{id}'].put.requestBody.content['multipart/form-data'].schema.properties.items).toEqual(expect.objectContaining({ type: 'string', description: expect.stringContaining('JSON text') }));
  });

  it("reads a form's list of one item, one text part, as a list of one (Schemathesis sent a role's permissions so and was refused)", async () => {
    const { ref } = samples;
    const role = await ref('roles' as never);
    const url = `/api/admin/roles/${role.encrypted_id}`;
    for (const permissions of [['view_role'], ['view_role', 'create_role']]) {
      const form = multipart({ permissions });
      const res = await t.inject({ method: 'PUT', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${t.rootToken}` } });
      // (the record reads its permissions in order)
      expect([permissions.length, res.statusCode, res.json().data?.permissions]).toEqual([permissions.length, 200, [...permissions].sort()]);
    }
  });

  it('refuses a write without a body as its document says (a form must carry a part), and takes an empty JSON object', async () => {
    const { ref } = samples;
    const reason = await ref('cancellation-reasons' as never);
    const url = `/api/admin/cancellation-reasons/${reason.encrypted_id}`;
    const none = await t.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${t.rootToken}` } });
    expect(none.statusCode).toBe(422);
    expect(doc.paths['/api/admin/cancellation-reasons/{id}'].put.requestBody.content['multipart/form-data'].schema.minProperties).toBe(1);
    expect((await client(t).put(url, {})).statusCode).toBe(200);
  });

  it("reads a file sent back as the record read it by its path alone: a NUL character in its other keys is no refusal, in its path it is (Schemathesis's campaign file)", async () => {
    const check = await documentCheck(t.app);
    const { ref } = samples;
    const campaign = await ref('campaigns' as never);
    const url = `/api/admin/campaigns/${campaign.encrypted_id}`;
    const asRead = campaign.file as Json;
    expect(asRead).toEqual(expect.objectContaining({ path: expect.any(String) }));
    const kept = { file: { ...asRead, note: 'a\u0000b', more: [{ deep: '\u0000' }] } };
    expect(check.bodyProblems('PUT', url, kept)).toEqual([]);
    expect((await client(t).put(url, kept)).statusCode).toBe(200);
    const nul = { file: { ...asRead, path: `${asRead.path}\u0000` } };
    expect(check.bodyProblems('PUT', url, nul)!.length).toBeGreaterThan(0);
    const refused = await client(t).put(url, nul);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().codes.file).toEqual(['field_nul']);
  });

  it('writes its patterns as any regular-expression dialect reads them: classes spelt out, `$` the end (Schemathesis, in Python, generated Unicode digits and U+001C "spaces" the server refused)', () => {
    const dialectDependent: string[] = [];
    walkSchemas(doc, '', (schema, path) => {
      if (typeof schema.pattern !== 'string') return;
      // a class escape (\d \D \s \S \w \W) or a `$` Python reads before a final line break
      if (/(^|[^\\])(\\\\)*\\[dDsSwW]/.test(schema.pattern) || /\$(?!\(\?!\\n\))/.test(schema.pattern)) dialectDependent.push(`${path}: ${schema.pattern}`);
    });
    expect(dialectDependent).toEqual([]);
    // and each spelt-out pattern is the same language in JavaScript (the server's dialect), every character of the BMP
    const patterns = ['^\\s*$', '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$', '^\\d{1,3}\\.\\D\\W\\w$', '\\S', '^[\\d\\w-]+$', '^a\\$b[$]$'];
    const differ: string[] = [];
    for (const pattern of patterns) {
      const [before, after] = [new RegExp(pattern, 'u'), new RegExp(portablePattern(pattern), 'u')];
      for (let code = 0; code <= 0xffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const c = String.fromCharCode(code);
        for (const text of [c, `1${c}.${c}${c}${c}`, `${c}\n`, `a$b${c}`]) if (before.test(text) !== after.test(text)) differ.push(`${pattern} on ${JSON.stringify(text)}`);
      }
    }
    expect(differ).toEqual([]);
    expect(portablePattern('^\\d+$')).toBe('^[0-9]+$(?!\\n)');
    expect(() => portablePattern('[^\\S]')).toThrow(/negated class escape/);
  });

  it('types every part of a form body (an untyped key let Schemathesis send it as a file part, which a form without files refuses, 400), and names the upload folders', () => {
    const untyped: string[] = [];
    for (const [name, op] of operations(doc)) {
      const schema = op.requestBody?.content?.['multipart/form-data']?.schema as Json | undefined;
      for (const object of schema ? [schema, ...((schema.anyOf ?? []) as Json[])] : []) {
        for (const [key, field] of Object.entries((object.properties ?? {}) as Json)) if (!field.type && !field.anyOf && !field.enum) untyped.push(`${name} ${key}`);
      }
    }
    expect(untyped).toEqual([]);
    // a list of rows is JSON text, also when its rows carry rules of their own (a question's `x-rules`: Schemathesis sent plain text)
    const questions = doc.paths['/api/admin/dynamic-forms'].post.requestBody.content['multipart/form-data'].schema.properties.questions;
    expect([questions.type, questions.description]).toEqual(['string', 'the list as JSON text (as a JSON body would hold it)']);
    // a form's list of values goes as text parts, not file parts
    const roles = doc.paths['/api/admin/roles'].post.requestBody.content['multipart/form-data'];
    expect(roles.schema.properties.permissions.type).toBe('array');
    expect(roles.encoding?.permissions).toEqual({ contentType: 'text/plain' });
    const folder = (doc.paths['/api/admin/media-file/upload-chunk'].get.parameters as Json[]).find((p) => p.name === 'folder');
    expect(folder?.schema.enum).toEqual(expect.arrayContaining(['health_literacy_contents', 'promotional', 'reports', 'profile']));
  });

  it("says the rules a declaration's hooks check with their own messages (`x-rules`): a survey form's questions, tags, a duty roster's dates", async () => {
    const check = await documentCheck(t.app);
    const api = client(t);
    const disagreements: string[] = [];
    /** the document's verdict and the server's on one body: a 2xx when the document takes it, a 422 naming the field when not */
    const probe = async (method: 'POST' | 'PUT', url: string, body: Json, field: string) => {
      const valid = check.bodyProblems(method, url, body)!.length === 0;
      const res = await api.send(method, url, body);
      const codes = (res.json() as Json).codes ?? {};
      const named = res.statusCode === 422 && Object.keys(codes).some((key) => key === field || key.startsWith(`${field}.`));
      if (valid ? res.statusCode >= 300 : !named) disagreements.push(`${field} = ${JSON.stringify(body[field])}: the document ${valid ? 'takes' : 'refuses'} it, the server answered ${res.statusCode} ${JSON.stringify(codes)}`);
      return res;
    };
    // a survey form's questions: a title, a type of the list (as spelt), a choice question's two options
    let n = 0;
    const QUESTIONS: Json[][] = [
      [{ title: 'Age', type: 'text' }],
      [{ title: 'Water', type: 'radio', options: ['Tap', 'Well'] }],
      [{ title: 'Water', type: 'checkbox', options: [{ title: 'Tap' }, { title: 'Well' }, { title: '' }, null] }],
      [{ title: 'When', type: 'date', options: ['left over'] }],
      [{ title: ' ', type: 'text' }],
      [{ type: 'text' }],
      [{ title: null, type: 'text' }],
      [{ title: 'Age' }],
      [{ title: 'Age', type: ' ' }],
      [{ title: 'Age', type: 'Text' }],
      [{ title: 'Age', type: 'number' }],
      [{ title: 'Water', type: 'radio' }],
      [{ title: 'Water', type: 'radio', options: null }],
      [{ title: 'Water', type: 'radio', options: ['Tap'] }],
      [{ title: 'Age', type: 'text' }, { title: 'Water', type: 'checkbox', options: [] }],
      // beyond a schema (README, "What the document cannot say"): the first two options not blank, the options different once trimmed
      [{ title: 'Water', type: 'radio', options: ['', 'Tap'] }],
      [{ title: 'Water', type: 'radio', options: ['Tap', { title: ' Tap ' }] }],
    ];
    for (const questions of QUESTIONS) await probe('POST', '/api/admin/dynamic-forms', { title: `Rules ${++n}`, questions }, 'questions');
    // its messages stay the spec's, numbered
    const numbered = await api.post('/api/admin/dynamic-forms', { title: 'Rules numbered', questions: [{ title: 'Age', type: 'text' }, { title: '', type: 'Radio', options: ['Tap'] }] });
    expect(numbered.json().error).toEqual({ 'questions.1.title': ['Question 2 Title is required'], 'questions.1.type': ['Please choose text, checkbox, radio or date.'] });
    expect(disagreements).toEqual([
      expect.stringMatching(/^questions = \[\{"title":"Water","type":"radio","options":\["","Tap"\]\}\]: the document takes it, the server answered 422/),
      expect.stringMatching(/^questions = .*" Tap ".*: the document takes it, the server answered 422/),
    ]);
    disagreements.length = 0;

    // tags: at least one once split at commas (a list: each item holds one)
    const content = await samples.ref('health-literacy-content' as never);
    const url = `/api/admin/health-literacy-content/${content.encrypted_id}`;
    for (const tags of ['diet', ' diet , sleep ', ',diet', ['diet', 'sleep, rest'], ',', ' , ,', '', ['diet', ''], [' '], [','], []]) {
      const res = await probe('PUT', url, { tags }, 'tags');
      if (res.statusCode === 422) expect(res.json().error.tags).toEqual(['Please provide at least one tag.']);
    }
    expect(disagreements).toEqual([]);

    // a duty roster's dates (or the spec's dutyRoasters) when it is added
    const roster = await samples.sampleOf(RESOURCE_DEFS.find((d) => d.name === 'duty-roasters')!);
    const { dates: _dates, ...dateless } = roster;
    const refused = await probe('POST', '/api/admin/duty-roasters', dateless, 'dates');
    expect(refused.json().codes).toEqual({ dates: ['dates_required'] });
    await probe('POST', '/api/admin/duty-roasters', roster, 'dates');
    expect(disagreements).toEqual([]);

    // a new message: its type's own field (both ages or neither is the hook's alone: README)
    const message = await samples.sampleOf(RESOURCE_DEFS.find((d) => d.name === 'user-messages')!);
    const { text: _text, from_age: _from, to_age: _to, ...bare } = message;
    const MESSAGES: [Json, string][] = [
      [{ ...bare, type: 'General', text: 'Bring the card.' }, 'text'],
      [{ ...bare, type: 'General' }, 'text'],
      [{ ...bare, type: 'General', text: ' ' }, 'text'],
      [{ ...bare, type: 'General', text: null }, 'text'],
      [{ ...bare, type: 'Booking' }, 'text'],
      [{ ...bare, type: 'Survey' }, 'survey_id'],
      [{ ...bare, type: 'Survey', survey_id: null }, 'survey_id'],
      [{ ...bare, type: 'Knowledge' }, 'knowledge_id'],
      [{ ...bare, type: 'Booking', from_age: ' 18 ', to_age: 60 }, 'to_age'],
      [{ ...bare, type: 'Booking', from_age: '', to_age: null }, 'to_age'],
      [{ ...bare, type: 'Booking', from_age: 18 }, 'to_age'],
    ];
    for (const [body, field] of MESSAGES) await probe('POST', '/api/admin/user-messages', body, field);
    expect(disagreements).toEqual([expect.stringMatching(/^to_age = undefined: the document takes it, the server answered 422/)]);
  });

  it('counts an id given twice in a list once (as a number, its text or the record as read): no `uniqueItems` to disagree on', async () => {
    const check = await documentCheck(t.app);
    const message = await samples.ref('user-messages' as never);
    const [interest] = message.interest_ids as Json[];
    const url = `/api/admin/user-messages/${message.encrypted_id}`;
    const body = { interest_ids: [interest!.id, String(interest!.id), interest] };
    expect(check.bodyProblems('PUT', url, body)).toEqual([]);
    const res = await client(t).put(url, body);
    expect([res.statusCode, res.json().data.interest_ids]).toEqual([200, [interest]]);
    const lists: string[] = [];
    walkSchemas(doc.paths, '', (schema, path) => {
      if (schema.uniqueItems && ((schema.items?.anyOf ?? [schema.items]) as Json[]).some((m) => m?.maximum === 2_147_483_647)) lists.push(path);
    });
    expect(lists).toEqual([]);
  });

  it('marks every list of ids a route takes as one (`idList`, `referenceList`), so that the server counts each id once', () => {
    // a body's fields, or each alternative's (the /users calls take any kind's body)
    const fieldsOf = (body: Json | undefined): [string, Json][] =>
      [body, ...((body?.anyOf ?? []) as Json[])].flatMap((object) => Object.entries((object?.properties ?? {}) as Json));
    const unmarked: string[] = [];
    let marked = 0;
    for (const route of t.app.routeTable) {
      for (const [name, field] of fieldsOf(route.body as Json | undefined)) {
        const items = (field?.items ?? {}) as Json;
        const ids = [items, ...((items.anyOf ?? []) as Json[])].some((m) => m?.type === 'integer' && m.maximum === MAX_ID);
        if (idListKind(field)) marked++;
        else if (field?.type === 'array' && ids) unmarked.push(`${route.method} ${route.url} ${name}`);
      }
    }
    expect(unmarked).toEqual([]);
    // an admin's districts, a task's CHWs, a message's and a patient's interests, a doctor's specialities, a form's deleted questions, notifications read
    expect(marked).toBeGreaterThanOrEqual(12);
  });

  it('answers a JSON body it cannot read (not JSON, a key reaching a prototype, none at all) with 400 in the catalogue\'s words', async () => {
    const check = await documentCheck(t.app);
    for (const [payload, code] of [['{"title": ', 'json_unreadable'], ['{"__proto__": {"x": 1}}', 'json_unreadable'], ['', 'json_empty']] as const) {
      const res = await t.inject({ method: 'POST', url: '/api/admin/cities', payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${t.rootToken}` } });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
      expect(check.problems('POST', '/api/admin/cities', res)).toEqual([]);
    }
  });

  it('is a valid OpenAPI document (its own schema: @seriousme/openapi-schema-validator, an ES module run beside jest)', () => {
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      let text = '';
      for await (const chunk of process.stdin) text += chunk;
      const result = await new Validator().validate(JSON.parse(text));
      process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.valid ? [] : result.errors }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(doc), cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 }).toString()) as { valid: boolean; errors: unknown };
    expect(out).toEqual({ valid: true, errors: [] });
    // and the validator does tell: a document without its paths' answers is not one
    const broken = { ...doc, paths: { '/x': { get: { responses: 'none' } } } };
    const refused = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(broken), cwd: process.cwd() }).toString()) as { valid: boolean };
    expect(refused.valid).toBe(false);
  });
});
