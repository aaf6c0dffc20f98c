/**
 * Fuzzing every route of the route table (app.routeTable) as the super admin (a field route as a field
 * account of the kind it serves, on records of that account's own), with fast-check: at least
 * FUZZ_RUNS (200) seeded cases a route, on SQLite and PostgreSQL at once. The routes are split into
 * groups (FUZZ_GROUPS below), each the test of a file of its own (server/test/fuzz-<group>.test.ts) so
 * that jest's workers run them side by side. Bodies are arbitrary JSON, malformed or hostile text, form
 * data where a route takes it, and near-valid bodies (the resource's own sample, or a body built from
 * the route's TypeBox schema, broken in up to three places); queries and path parameters are fuzzed
 * too. Asserted:
 *
 * - never a 5xx;
 * - every answer is one the OpenAPI document describes (status, content type, body: helpers/document.ts);
 * - a JSON body the document calls invalid is not taken (no 2xx): the document says what the server refuses;
 * - a refusal (4xx) leaves the database and the storage folders as they were, audit log included
 *   (but for the few refusals whose whole point is to count: WRITES_ON_REFUSAL).
 *
 * A full dump of every table after each of the ~30,000 cases a dialect would take far too long, so:
 * - every case compares a fingerprint of the database that changes with any committed row write (a
 *   row trigger per table counts inserts, updates and deletes: helpers/dump.ts installWriteCounter;
 *   stronger than row counts and the latest updated_at, which miss a column changed in place) and the
 *   list of stored files;
 * - and a full dump of every table (rows ordered by their key; the audit log from the route's first
 *   case on, the counter covering its older rows) is compared every DUMP_EVERY refusals in a row and
 *   at the end of each route, with the stored files' sizes and times. Refusals followed by an accepted
 *   write before their window closed have the per-case checks only (the write changed the dump).
 *
 * A failure names the seed: FUZZ_SEED=<seed> replays the whole run (FUZZ_SEED=random explores, and
 * FUZZ_RUNS=n runs more cases, FUZZ_ROUTES=<pattern> only the matching routes). What it found is kept in
 * fuzz-findings.test.ts. Each group's run is summed up in test-results/fuzz-<group>.json.
 */
import fc from 'fast-check';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ResourceName } from '../../../contract/resources';
import type { Presented } from '../../src/http/resource';
import { RESOURCE_DEFS } from '../../src/resources/registry';
import { hashToken } from '../../src/services/tokens';
import type { Dialect } from '../../src/db';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DIALECTS, fieldTokenFor, startTestApp, type TestApp } from './app';
import { client, type Client, dataOf, multipart, type Row, sampler, timeHasCome, tinyPng } from './http';
import { dumpDatabase, dumpDifferences, type Dump, filesSignature, filesWatcher, fingerprintDifferences, installWriteCounter, postgresSnapshots, type Reader, type Snapshots, sqliteReader, sqliteSnapshots, tablesOf } from './dump';
import type { LocalStorage } from '../../src/services/storage';
import { documentCheck } from './document';

const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** FUZZ_ROUTES=<regular expression> fuzzes only the routes whose `METHOD /url` it matches (a module's own, while working on it) */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;
/** a full dump after this many refusals in a row (see above) */
const DUMP_EVERY = 25;

type Route = TestApp['app']['routeTable'][number];
const label = (r: Pick<Route, 'method' | 'url'>) => `${r.method} ${r.url}`;
const segmentOf = (url: string) => /^\/api\/(?:admin|public|field)\/([^/]+)/.exec(url)?.[1] ?? '';

/**
 * Refusals that must write, and what: a wrong password counts against the sign-in limits (throttle)
 * and is recorded (audit_log: login_failed), which is the point of throttling; a reset request for an
 * unknown token counts against its limit likewise. Every chunk sent counts against its admin's daily
 * upload allowance (upload_usage), refused or not.
 */
const WRITES_ON_REFUSAL: Record<string, readonly string[]> = {
  'POST /api/admin/login': ['throttle', 'audit_log'],
  'POST /api/admin/admins/change-password': ['throttle', 'audit_log'],
  'POST /api/admin/admins/profile': ['throttle', 'audit_log'],
  // one's own email or password changes with the current password, checked as a sign-in is
  'PUT /api/admin/admins/:id': ['throttle'],
  'PUT /api/admin/admins/change-password/:id': ['throttle'],
  'POST /api/admin/verify-email': ['throttle'],
  'POST /api/admin/verify-reset-token': ['throttle'],
  'POST /api/admin/reset-password': ['throttle'],
  'POST /api/admin/media-file/upload-chunk': ['upload_usage'],
};
/** every call of a field account counts against its rate limit (throttle), refused or not */
const FIELD_WRITES_ON_REFUSAL = ['throttle'];

/* ---------- values ---------- */

/** Deep nesting, as JSON text (the parser and the body's normalisation must not recurse on it). */
const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
/** Values that broke servers before: blanks, huge, markup, SQL, NUL, lone surrogates, paths, data URLs, numbers at the edges, prototype keys. */
const HOSTILE: unknown[] = [
  '', ' ', '\t\n', 'a'.repeat(300), 'x'.repeat(70_000), '<script>alert(1)</script>', "'; DROP TABLE admins; --", "' OR '1'='1",
  '\u0000', 'a\u0000b', '\ud800', '𝕏'.repeat(100), '١٢٣٤', '=1+2', '@SUM(1)', '../../../etc/passwd', '/storage/../app.key',
  'private/reports/x.pdf', 'data:image/png;base64,iVBORw0KGgo=', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  `data:image/png;base64,${tinyPng().toString('base64')}`, '__proto__', 'constructor', 'null', 'true', '1e400', '2024-02-30', '0000-00-00',
  -1, 0, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e20, 1e308, -1e308, 0.1, -0, true, false, null,
  [], {}, [[[[]]]], [1, 2, 3], ['a'], JSON.parse('{"__proto__":{"isSuper":true}}'), { constructor: { prototype: { x: 1 } } },
];
/** integers past a 32-bit column (2^31) and past what a double holds exactly (2^53), both signs */
const BEYOND_INTEGERS = [2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 63];
const hostile = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON schemas are read as plain objects */
type Schema = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * The text a pattern matches, its arbitrary made once a pattern: fast-check's `stringMatching` builds a
 * pattern's arbitrary at a high cost (a negated class such as every text's "no NUL character" tries each
 * of its built-in strings against it), and the same few patterns stand in every list's query and body.
 * An arbitrary is a pure description, so one serves every route and the cases drawn are the same.
 */
const matchings = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = matchings.get(pattern);
  if (!arbitrary) matchings.set(pattern, (arbitrary = fc.stringMatching(new RegExp(pattern))));
  return arbitrary;
}

/** A value that (mostly) satisfies a TypeBox / JSON schema: the start of a near-valid body. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((s) => fromSchema(s, depth + 1)));
  switch (schema.type) {
    case 'string': {
      const max = Math.min(Number(schema.maxLength ?? 40), 60);
      const min = Math.min(Number(schema.minLength ?? 0), max);
      if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= max || max < 6);
      if (schema.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (typeof schema.pattern === 'string') {
        return matching(schema.pattern).map((s) => s.slice(0, max)).filter((s) => s.length >= min);
      }
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer': {
      const min = Number(schema.minimum ?? -1_000_000);
      const max = Number(schema.maximum ?? 1_000_000);
      // references name existing rows now and then (ids of the few records made before fuzzing)
      const within = min >= 0 && min <= 1 ? fc.oneof(fc.integer({ min: Math.max(min, 1), max: Math.min(max, 30) }), fc.integer({ min, max })) : fc.integer({ min, max });
      // and now and then a number past PostgreSQL's integer (2^31) or past JavaScript's exact integers (2^53)
      return fc.oneof({ arbitrary: within, weight: 9 }, { arbitrary: fc.constantFrom(...BEYOND_INTEGERS), weight: 1 });
    }
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1e6), max: Number(schema.maximum ?? 1e6), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items as Schema, depth + 1), { minLength: Math.min(Number(schema.minItems ?? 0), 3), maxLength: Math.max(Math.min(Number(schema.maxItems ?? 3), 3), Math.min(Number(schema.minItems ?? 0), 3)) });
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, depth + 1)]));
      return fc.record(model, { requiredKeys: ((schema.required ?? []) as string[]).filter((k) => k in model) }).map((r) => ({ ...r }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Mutation = { kind: 'drop'; key: string } | { kind: 'set'; key: string; value: unknown } | { kind: 'extra'; key: string; value: unknown };

/** A valid start broken in up to three places: a field dropped, set to something hostile, or an unknown field added. */
function nearValid(start: fc.Arbitrary<unknown>, keys: string[]): fc.Arbitrary<unknown> {
  const known = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: known }),
    { arbitrary: fc.record({ kind: fc.constant('set' as const), key: known, value: hostile }), weight: 3 },
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.constantFrom('id', 'encrypted_id', 'status', 'role_id', 'is_super', 'password_hash', 'created_by', 'created_at', 'type', '__proto__', 'constructor', 'key[]'), fc.string({ maxLength: 12 })),
      value: hostile,
    }),
  );
  return fc.tuple(start, fc.array(mutation, { maxLength: 3 })).map(([base, mutations]) => {
    if (!base || typeof base !== 'object' || Array.isArray(base)) return base;
    const body: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const m of mutations) {
      if (m.kind === 'drop') delete body[m.key];
      else Object.defineProperty(body, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
    return body;
  });
}

/** What a case sends besides its path: a JSON value, raw text as JSON, form data, or nothing. */
type Payload =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'form'; fields: Record<string, unknown>; file: 'none' | 'png' | 'pdf' | 'junk' };

const rawBodies = fc.oneof(
  fc.constantFrom('{', '{"a":', '[]]', 'nul', '"text"', '{"a":1,"a":2}', DEEP, `{"a":${DEEP}}`, '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
  fc.string({ maxLength: 60 }),
).chain((text) => fc.record({ kind: fc.constant('raw' as const), text: fc.constant(text), contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml') }));

/** The payloads of one route: near-valid ones most often, then any JSON, malformed text, and form data where the route takes it. */
function payloads(route: Route, base: Row | null): fc.Arbitrary<Payload> {
  const schema = route.body as Schema | undefined;
  const keys = Object.keys((schema?.properties ?? base ?? {}) as object);
  const starts = [fromSchema(schema), ...(base ? [fc.constant(base)] : [])];
  const near = nearValid(fc.oneof(...starts), keys);
  const json = (v: fc.Arbitrary<unknown>) => v.map((value): Payload => ({ kind: 'json', value }));
  const arbitrary = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.oneof(fc.constantFrom(...(keys.length ? keys : ['x'])), fc.string({ maxLength: 10 })), hostile, { maxKeys: 6 }));
  const options: fc.WeightedArbitrary<Payload>[] = [
    { arbitrary: json(near), weight: schema || base ? 6 : 0 },
    { arbitrary: json(arbitrary), weight: 3 },
    { arbitrary: rawBodies, weight: 1 },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  ];
  if (route.multipart) {
    options.push({
      arbitrary: fc.record({
        kind: fc.constant('form' as const),
        fields: near.map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})),
        file: fc.constantFrom('none' as const, 'png' as const, 'pdf' as const, 'junk' as const),
      }),
      weight: 3,
    });
  }
  return fc.oneof(...options.filter((o) => o.weight > 0));
}

const QUERY_KEYS = [
  'search', 'page', 'per_page', 'sort', 'order', 'paginate', 'ids[]', 'ids', 'download', 'format', 'start_date', 'end_date',
  'status', 'type', 'district_id', 'tehsil_id', 'area_id', 'parent_id', 'qualification_id', 'role_id', 'dry_run', 'choices', '__proto__[x]',
];
const QUERY_VALUES = [
  'true', 'false', '1', '0', '-1', 'asc', 'desc', 'ASC', 'xlsx', 'csv', 'pdf', '99999999999999999999', '2147483648', '9007199254740993', '1e3', '2024-02-30', '2024-01-01',
  '', '%', "' OR 1=1 --", 'id', 'title', 'name', 'created_at', 'district.title', 'patient', 'family', 'chw', 'doctor', 'admin', '\u0000',
];
/** A query string: known and unknown keys, edge values, repeated keys, and now and then raw malformed text. */
function queries(route: Route): fc.Arbitrary<string> {
  const filterKeys = RESOURCE_DEFS.find((d) => d.name === segmentOf(route.url))?.sortable ?? [];
  const key = fc.oneof({ arbitrary: fc.constantFrom(...QUERY_KEYS, ...filterKeys), weight: 4 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 });
  const value = fc.oneof({ arbitrary: fc.constantFrom(...QUERY_VALUES, ...filterKeys), weight: 3 }, fc.string({ maxLength: 20 }), fc.integer().map(String));
  const pairs = fc.array(fc.tuple(key, value), { maxLength: 6 }).map((p) => new URLSearchParams(p).toString());
  const fromQuerySchema = fromSchema(route.querystring as Schema | undefined).map((q) =>
    q && typeof q === 'object' && !Array.isArray(q) ? new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString() : '');
  const raw = fc.constantFrom('%', '%zz', '&&&', '=', 'a[b][c]=1', 'ids[]=1&ids[]=x&ids[]=', 'page=1&page=2', 'constructor[prototype][x]=1', `search=${'a'.repeat(5000)}`);
  return fc.oneof(
    { arbitrary: pairs, weight: 5 },
    { arbitrary: fc.constant(''), weight: 2 },
    { arbitrary: fromQuerySchema, weight: route.querystring ? 4 : 0 },
    { arbitrary: raw, weight: 1 },
  );
}

interface Case {
  /** null: the path parameters a valid record's; else this text in each */
  param: string | null;
  query: string;
  payload: Payload;
  /** the client address (the sign-in throttle counts per address) */
  ip: string;
}

const caseOf = (route: Route, base: Row | null): fc.Arbitrary<Case> =>
  fc.record({
    // mostly a real record's id; a delete of one is followed by making another, so deletes try other ids more often
    param: route.url.includes(':')
      ? fc.oneof(
          { arbitrary: fc.constant(null), weight: route.method === 'DELETE' ? 2 : 17 },
          { arbitrary: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('0', '-1', '1', '2147483648', '9007199254740993', 'null', '%00', 'a'.repeat(900), '..%2F..%2Fapp.db')), weight: 3 },
        )
      : fc.constant(null),
    query: queries(route),
    payload: route.method === 'GET' ? fc.constant({ kind: 'none' as const }) : payloads(route, base),
    ip: fc.integer({ min: 1, max: 250 }).map((n) => `10.77.${n}.${(n * 7) % 250}`),
  });

const describeCase = (route: Route, url: string, c: Case) => {
  const p = c.payload;
  const body = p.kind === 'json' ? JSON.stringify(p.value) : p.kind === 'raw' ? `${p.contentType} ${JSON.stringify(p.text)}` : p.kind === 'form' ? `form ${JSON.stringify(p.fields)} file=${p.file}` : '';
  return `${route.method} ${url} ${body.length > 600 ? `${body.slice(0, 600)}… (${body.length} chars)` : body}`;
};

interface RouteSummary {
  route: string;
  cases: number;
  statuses: Record<string, number>;
  /** refusals whose window was also compared by a full dump */
  dumpChecked: number;
  /** how long the route's cases took (to balance the groups) */
  ms: number;
}

/**
 * What the field routes act on, records of their own (the admin routes' cases may change or delete the
 * others): a patient with a family member and a doctor with a roster of open slots, their sessions,
 * the appointments each route's path names (one Booked to cancel, one Completed to rate, one Booked for
 * the doctor to complete), and near-valid bodies (also of the console's reschedule, into one of these slots).
 */
async function fieldFixtures(root: Client, t: TestApp, ref: ReturnType<typeof sampler>['ref']) {
  const doctor = await ref('doctors');
  const patient = await ref('app-users');
  dataOf(await root.post('/api/admin/family-members', { parent_id: patient.id, f_name: 'Fuzz', phone_no: '03001112223', age: 9, dob: '2017-01-01', marital_status: 'Unmarried', relation: 'Son' }));
  const dates = [60, 61, 62].map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
  const roster = dataOf(await root.post('/api/admin/duty-roasters', { doctor_id: doctor.id, s_time: '08:00', e_time: '17:00', session: 10, charge: 2, dates }));
  const slots = (roster.dutyRoasters as Row[]).flatMap((d) => d.appointments as Row[]);
  const book = async (i: number) => dataOf(await root.post('/api/admin/appointments', { patient_id: patient.id, slot_id: slots[i]!.encrypted_id }));
  const [toCancel, toRate, toComplete] = [await book(0), await book(1), await book(2)];
  await timeHasCome(t, toRate, toComplete);
  dataOf(await root.put(`/api/admin/appointments/status/${toRate.encrypted_id}`, { status: 'Completed' }));
  const reason = (dataOf(await root.get('/api/admin/cancellation-reasons/choices')) as Row[])[0]!;
  // a CHW with a task of their own, a survey form and a message (the patient's own only when the
  // message's tehsil and interests reach them: a 404 then, which the fuzzer may meet too)
  const chw = await ref('chw');
  const task = await ref('tasks', { chw });
  const form = await ref('dynamic-forms');
  const message = await ref('user-messages');
  const users = new Map([['patient', patient.id], ['doctor', doctor.id], ['chw', chw.id]]);
  return {
    users,
    tokens: new Map(await Promise.all([...users].map(async ([kind, id]) => [kind, await fieldTokenFor(t, id)] as const))),
    ids: new Map([
      ['/api/field/doctors/:id/slots', String(doctor.id)],
      ['/api/field/appointments/:id/cancel', String(toCancel.id)],
      ['/api/field/appointments/:id/rating', String(toRate.id)],
      ['/api/field/doctor/appointments/:id/complete', String(toComplete.id)],
      ['/api/field/tasks/:id', String(task.id)],
      ['/api/field/tasks/:id/status', String(task.id)],
      ['/api/field/forms/:id', String(form.id)],
      ['/api/field/forms/:id/submissions', String(form.id)],
      ['/api/field/messages/:id', String(message.id)],
      ['/api/field/messages/:id/view', String(message.id)],
      ['/api/field/messages/:id/submit', String(message.id)],
    ]),
    bases: new Map<string, Row>([
      ['POST /api/field/appointments', { slot_id: slots[3]!.encrypted_id, client_key: 'fuzz-booking', detail: 'Fever' }],
      ['PUT /api/field/appointments/:id/cancel', { cancel_reason_id: reason.id }],
      ['POST /api/field/appointments/:id/rating', { rating: 4, comment: 'Kind' }],
      ['POST /api/field/appointment-requests', { detail: 'A home visit, please', is_emergency: true }],
      // the console's reschedule of its appointment record, into one of these open slots
      ['PUT /api/admin/appointments/reschedule/:id', { slot_id: slots[4]!.encrypted_id }],
    ]),
  };
}

/** One dialect's run of a group: a fresh app, a record of each resource, then each of the group's routes in turn. */
async function fuzzDialect(dialect: Dialect, group: FuzzGroup): Promise<RouteSummary[]> {
  const t = await startTestApp(dialect);
  // on SQLite the checks read the file through a connection of their own (helpers/dump.ts)
  const file = join(t.config.dataDir, 'app.db');
  const direct = dialect === 'sqlite' ? sqliteReader(file) : null;
  // where a window of refusals starts, the database's state is held and dumped only if the window is compared
  const snapshots = dialect === 'sqlite' ? sqliteSnapshots(t.db, file) : await postgresSnapshots(t.db, t.config.databaseUrl!);
  try {
    return await fuzzRoutes(t, dialect, group, snapshots, direct?.read);
  } finally {
    await snapshots.close();
    direct?.close();
    await t.close();
  }
}

async function fuzzRoutes(t: TestApp, dialect: Dialect, group: FuzzGroup, snapshots: Snapshots, read?: Reader): Promise<RouteSummary[]> {
  let token = t.rootToken;
  // always with the current token (a case may have signed the previous one out)
  const root: Client = {
    send: (method, url, payload) => client(t, token).send(method, url, payload),
    get: (url) => client(t, token).get(url),
    post: (url, payload) => client(t, token).post(url, payload),
    put: (url, payload) => client(t, token).put(url, payload),
    del: (url) => client(t, token).del(url),
  };
  const { ref, sampleOf } = sampler(root);
  /** the record of each resource the routes act on, by encrypted id; a refill reuses the others as parents */
  const records: Partial<Record<ResourceName, Presented>> = {};
  const recordIds = new Map<string, string>();
  for (const def of RESOURCE_DEFS) records[def.name] = await ref(def.name);
  for (const [name, record] of Object.entries(records)) recordIds.set(name, record.encrypted_id);
  /** a valid create body of each resource (made once, so that its parents exist) */
  const samples = new Map<string, Row>();
  for (const def of RESOURCE_DEFS) samples.set(def.name, await sampleOf(def));
  // admins and roles the fuzzer may change, block or delete: never the super admin or its role
  const bare = dataOf(await root.post('/api/admin/roles', { name: 'fuzz-target', permissions: [] }));
  recordIds.set('roles', bare.encrypted_id);
  const target = () => root.post('/api/admin/admins', { f_name: 'Target', email: `fuzz-target-${Math.random().toString(36).slice(2)}@example.org`, cnic: '3520112345671', role_id: bare.id, password: 'lantern-oak-42', confirmPassword: 'lantern-oak-42' });
  recordIds.set('admins', dataOf(await target()).encrypted_id);
  // the /users calls act on a patient of their own
  recordIds.set('users', (await ref('app-users')).encrypted_id);
  // the promotional deletes act on a slider (a testimonial's route answers 404 for its id)
  recordIds.set('promotional', dataOf(await root.post('/api/admin/promotional/slider/store', { file: `data:image/png;base64,${tinyPng().toString('base64')}` })).encrypted_id);
  /** after a delete was accepted: another record to act on (with the existing parents) */
  const refill = async (segment: string) => {
    if (segment === 'admins') recordIds.set('admins', dataOf(await target()).encrypted_id);
    else if (segment === 'roles') recordIds.set('roles', dataOf(await root.post('/api/admin/roles', { name: `fuzz-target-${Math.random()}`, permissions: [] })).encrypted_id);
    else if (segment === 'users') recordIds.set('users', (await ref('app-users', records)).encrypted_id);
    else if (segment in records) {
      const name = segment as ResourceName;
      // a fuzzed create may have taken the next sample's unique values: the one after it then; and
      // fuzzed edits may have left the parents unfit (a campaign's period): new parents then
      for (let attempt = 1; ; attempt++) {
        try {
          const fresh = attempt <= 3 ? await ref(name, { ...records, [name]: undefined }) : await ref(name);
          records[name] = fresh;
          recordIds.set(name, fresh.encrypted_id);
          return;
        } catch (error) {
          if (attempt === 50) throw error;
        }
      }
    }
  };
  const exportToken = dataOf<string>(await root.get('/api/admin/districts?download=true')).split('/').pop()!;
  const stored = await t.app.ctx.storage.put('reports', 'png', tinyPng(), { private: true });
  const fileToken = t.app.ctx.storage.signedUrl({ path: stored }).split('/').pop()!;
  const pusherId = dataOf(await root.get('/api/admin/me')).pusher_id as string;
  const field = await fieldFixtures(root, t, ref);
  const tables = await tablesOf(t.db);
  const fingerprint = await installWriteCounter(t.db, tables, read);
  const storageDirs = [(t.app.ctx.storage as LocalStorage).root, (t.app.ctx.storage as LocalStorage).privateRoot];
  const storedFiles = filesWatcher(storageDirs);

  /** the path of a route with its parameters filled: a record's, or the case's text */
  function pathOf(route: Route, param: string | null): string | null {
    let known = true;
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
      if (param !== null) return encodeURIComponent(param);
      const segment = segmentOf(route.url);
      const value =
        name === 'id' && route.access.field ? field.ids.get(route.url)
        : name === 'id' ? recordIds.get(segment)
        : name === 'token' ? (segment === 'exports' ? exportToken : segment === 'files' ? fileToken : undefined)
        : name === 'pusher_id' ? pusherId
        : name === 'key' ? (segment === 'pages' ? 'privacy_policy' : undefined)
        : undefined;
      if (value === undefined) known = false;
      return value ?? '';
    });
    return known ? path : null;
  }

  async function send(route: Route, url: string, c: Case): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${route.access.field ? field.tokens.get(route.access.field[0]!) : token}` };
    const method = route.method as 'POST';
    const p = c.payload;
    if (p.kind === 'json') return t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(p.value) ?? 'null', remoteAddress: c.ip });
    if (p.kind === 'raw') return t.app.inject({ method, url, headers: { ...headers, 'content-type': p.contentType }, payload: p.text, remoteAddress: c.ip });
    if (p.kind === 'form') {
      const fields: Record<string, string | { filename: string; contentType: string; data: Buffer }> = {};
      for (const [k, v] of Object.entries(p.fields)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
      const fileField = Object.keys(p.fields).find((k) => /file|photo|image|csv/.test(k)) ?? 'file';
      if (p.file === 'png') fields[fileField] = { filename: 'a.png', contentType: 'image/png', data: tinyPng() };
      if (p.file === 'pdf') fields[fileField] = { filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') };
      if (p.file === 'junk') fields[fileField] = { filename: '../../x.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"/>') };
      const form = multipart(fields);
      return t.app.inject({ method, url, headers: { ...headers, ...form.headers }, payload: form.payload, remoteAddress: c.ip });
    }
    return t.app.inject({ method, url, headers, remoteAddress: c.ip });
  }

  /** Our tokens still work (a case may have signed out, the admin or a field account); else fresh sessions. */
  async function keepSignedIn(): Promise<boolean> {
    let renewed = false;
    for (const [kind, fieldToken] of field.tokens) {
      if (await t.db.db.selectFrom('user_tokens').select('id').where('token_hash', '=', hashToken(fieldToken)).executeTakeFirst()) continue;
      field.tokens.set(kind, await fieldTokenFor(t, field.users.get(kind)!));
      renewed = true;
    }
    const row = await t.db.db.selectFrom('auth_tokens').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (row) return renewed;
    token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    return true;
  }

  const routes = t.app.routeTable;
  expect(routes.length).toBeGreaterThan(RESOURCE_DEFS.length * 5);
  expect(routes.filter((r) => pathOf(r, null) === null).map(label)).toEqual([]);
  const summary: RouteSummary[] = [];

  for (const [index, route] of routes.entries()) {
    const name = label(route);
    if (groupOf(route.url) !== group) continue;
    if (ONLY && !ONLY.test(name)) continue;
    const started = Date.now();
    const segment = segmentOf(route.url);
    const def = RESOURCE_DEFS.find((d) => d.name === segment);
    // the resource's own sample is the best start of a near-valid create or update body
    const base = def && (route.url === `/api/admin/${def.name}` || route.url === `/api/admin/${def.name}/:id`) && route.method !== 'GET' ? samples.get(def.name) ?? null : field.bases.get(name) ?? null;
    const allowed = new Set(WRITES_ON_REFUSAL[name] ?? (route.access.field ? FIELD_WRITES_ON_REFUSAL : []));
    const statuses: Record<string, number> = {};
    let cases = 0;
    let dumpChecked = 0;
    // the tables a refusal of this route may write are left out of its dumps; the audit log (append
    // only, one row an accepted write) from this route's first case on, the write counter covering the rest
    const dumped = tables.filter((table) => !allowed.has(table.name));
    const since = { audit_log: Number((await t.db.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) };
    const dump = () => dumpDatabase(t.db, dumped, since, read);
    // the state after a refusal (a dump, or null: the snapshot held), and the refusals since (see the
    // header); an accepted write ends it
    let baseline: { dump: Dump | null; files: string } | null = null;
    let window: string[] = [];
    let before = await fingerprint();
    let files = storedFiles();

    /** compares the window's refusals with a full dump, which then starts the next window */
    const checkWindow = async () => {
      if (!baseline || !window.length) return;
      const then = baseline.dump ?? (await snapshots.dump(dumped, since));
      const now = { dump: await dump(), files: filesSignature(storageDirs, true) };
      const problems = dumpDifferences(then, now.dump);
      if (now.files !== baseline.files) problems.push('the stored files changed (size or time)');
      if (problems.length) throw new Error(`a refusal among these ${window.length} cases changed the database:\n  ${problems.join('\n  ')}\ncases:\n  ${window.join('\n  ')}`);
      dumpChecked += window.length;
      window = [];
      baseline = now;
    };

    const property = fc.asyncProperty(caseOf(route, base), async (c) => {
      const url = pathOf(route, c.param)! + (c.query ? `?${c.query}` : '');
      const res = await send(route, url, c);
      // what an accepted request left running in the background (a notification's fan-out) is its own write
      await t.app.fanOut.idle();
      // and the mail it queued, sent by the queue after the answer (a round of sending writes its rows)
      await new Promise((resolve) => setImmediate(resolve));
      await t.app.ctx.mail.idle();
      cases++;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const what = () => describeCase(route, url, c);
      if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${what()}\n${res.body.slice(0, 500)}`);
      // every answer is one the document describes: its status, content type and body
      const check = await documentCheck(t.app);
      const undocumented = check.problems(route.method, url, res);
      if (undocumented?.length) throw new Error(`${res.statusCode} for ${what()}\nthe document does not describe it:\n  ${undocumented.join('\n  ')}`);
      // and what the document calls an invalid body is refused, not taken (nor taken in part)
      const invalid = c.payload.kind === 'json' && res.statusCode < 300 ? check.bodyProblems(route.method, url, c.payload.value) : null;
      if (invalid?.length) throw new Error(`${res.statusCode} for ${what()}\ntook a body the document calls invalid:\n  ${invalid.join('\n  ')}`);
      const after = await fingerprint();
      const filesAfter = storedFiles();
      if (res.statusCode >= 400) {
        const changed = fingerprintDifferences(before, after).filter((d) => !allowed.has(d.split(':')[0]!));
        if (changed.length) throw new Error(`${res.statusCode} for ${what()}\nwrote to the database: ${changed.join('; ')}\n${res.body.slice(0, 300)}`);
        if (filesAfter !== files) throw new Error(`${res.statusCode} for ${what()}\nchanged the storage folders:\n${files}\n→\n${filesAfter}`);
        if (!baseline) {
          await snapshots.take();
          baseline = { dump: null, files: filesSignature(storageDirs, true) };
        }
        else window.push(`${res.statusCode} ${what().slice(0, 300)}`);
        if (window.length >= DUMP_EVERY) await checkWindow();
        before = after;
        files = filesAfter;
        return;
      }
      // accepted: whatever it (and our follow-up: a fresh sign-in, a new record in place of a deleted
      // one) wrote is legitimate; the refusals of the window keep their per-case checks only
      let followedUp = false;
      if (route.method !== 'GET') {
        followedUp = await keepSignedIn();
        if (route.method === 'DELETE' && route.url.endsWith('/:id') && c.param === null) {
          await refill(segment);
          followedUp = true;
        }
      }
      const now = followedUp ? await fingerprint() : after;
      const filesNow = followedUp ? storedFiles() : filesAfter;
      if (fingerprintDifferences(before, now).length || filesNow !== files) {
        window = [];
        baseline = null;
      }
      before = now;
      files = filesNow;
    });

    try {
      await fc.assert(property, { seed: SEED + index, numRuns: RUNS, endOnFailure: true });
      await checkWindow();
      await snapshots.release();
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
      const message = (error instanceof Error ? error.message : String(error)) + cause;
      throw new Error(`${name} (${dialect}): replay with FUZZ_SEED=${SEED}${RUNS !== 200 ? ` FUZZ_RUNS=${RUNS}` : ''}\n${message}`, { cause: error });
    }
    expect([name, cases >= RUNS]).toEqual([name, true]);
    summary.push({ route: name, cases, statuses, dumpChecked, ms: Date.now() - started });
    // the sign-in limits count per address and account: a fresh start for the next route
    await t.db.db.deleteFrom('throttle').execute();
  }
  return summary;
}

/**
 * The route groups, one test file each (server/test/fuzz-<group>.test.ts), so that jest's workers fuzz
 * them side by side; by the route's first segment under /api/admin or /api/public. `rest` takes every
 * route no other group names (content, uploads, exports, the dashboard, real time and any route added
 * later), so each route is fuzzed by exactly one file. A route keeps its seed (FUZZ_SEED + its place in
 * the whole route table) whichever group runs it.
 */
export const FUZZ_GROUPS = {
  accounts: ['admins', 'roles', 'login', 'logout', 'me', 'verify-email', 'verify-reset-token', 'reset-password', 'users', 'app-users', 'chw', 'doctors', 'family-members'],
  reference: ['qualifications', 'specializations', 'districts', 'tehsils', 'areas', 'cities', 'countries', 'interests', 'categories', 'cancellation-reasons', 'locations'],
  clinical: ['duty-roasters', 'appointments', 'appointment-requests', 'medical-histories', 'prescriptions', 'facility-centers', 'feedbacks', 'supports'],
  programme: ['campaigns', 'dynamic-forms', 'tasks', 'user-messages', 'health-literacy-content', 'notifications'],
} as const satisfies Record<string, readonly string[]>;
export type FuzzGroup = keyof typeof FUZZ_GROUPS | 'rest';

/** The group that fuzzes a route. */
export function groupOf(url: string): FuzzGroup {
  const segment = segmentOf(url);
  const named = (Object.keys(FUZZ_GROUPS) as (keyof typeof FUZZ_GROUPS)[]).find((g) => (FUZZ_GROUPS[g] as readonly string[]).includes(segment));
  return named ?? 'rest';
}

/**
 * The test of one group: its routes fuzzed on both dialects at once (SQLite works in this process while
 * PostgreSQL's queries wait on its own), each dialect on a fresh app with a record of every resource.
 */
export function fuzzGroup(group: FuzzGroup): void {
  jest.setTimeout(45 * 60_000);
  it(`${RUNS} cases on every route of the ${group} group, SQLite and PostgreSQL: never a 5xx; a refusal leaves the database (audit log included) and storage unchanged`, async () => {
    const results = await Promise.allSettled(DIALECTS.map((dialect) => fuzzDialect(dialect, group)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : []));
    const summaries = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ dialect: DIALECTS[i], routes: r.value }] : []));
    mkdirSync(join(__dirname, '..', '..', '..', 'test-results'), { recursive: true });
    writeFileSync(join(__dirname, '..', '..', '..', 'test-results', `fuzz-${group}.json`), JSON.stringify({ seed: SEED, runs: RUNS, group, summaries }, null, 1));
    if (failures.length) throw new Error(failures.join('\n\n'));
    for (const { routes } of summaries) expect(routes.every((r) => r.cases >= RUNS)).toBe(true);
    // a group that matched no route would pass having fuzzed nothing (a filter by FUZZ_ROUTES aside)
    if (!ONLY) for (const { routes } of summaries) expect(routes.length).toBeGreaterThan(0);
  });
}
