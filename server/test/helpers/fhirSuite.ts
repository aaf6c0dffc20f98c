/**
 * The FHIR R4 API (/fhir) over a realistic demo set (the demo seed, small), one dialect a file
 * (fhir-sqlite.test.ts, fhir-postgres.test.ts: seeding and walking take a while, and the two run side by
 * side). Its checks
 * come from what the server says it serves (GET /fhir/metadata) and from the mappings themselves, so a
 * type, a search parameter, an `_include` or a source added later is walked without a line here, and one
 * this file does not know how to exercise fails it:
 * - every resource of every type, as the unlimited admin sees them page by page, validates with 0 errors
 *   against the official R4 definitions (helpers/fhirValidator.ts), reads back the same by its id, and is
 *   seen once; so do the Bundles, the CapabilityStatement and the OperationOutcomes;
 * - every search parameter the statement lists finds exactly what the parameter means, judged on the
 *   resources themselves (PARAM_CHECKS), and names a SearchParameter of the specification of its type;
 * - fhir-kit-client, a FHIR client library in a process of its own, pages through every type by the
 *   `next` links and sees each record once;
 * - an admin limited to a district sees through FHIR exactly, and in the same order, what the console's
 *   lists show them, and a record outside is a 404; permissions are the console's.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Bundle, CapabilityStatement, CapabilityStatementRestResource, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { ALL_PERMISSIONS } from '../../../contract/permissions';
import { DEMO_PASSWORD, seedDemo } from '../../src/seeds/demo';
import { fromFhirId, toFhirId } from '../../src/fhir/ids';
import { MAPPINGS } from '../../src/fhir/mappings';
import type { Dialect } from '../../src/db';
import { startTestApp, type TestApp } from './app';
import { codeSystemCodes, loadDefinitions, problemsOf, specSearchParameters } from './fhirValidator';
import { client, dataOf, type Row } from './http';
import { freePort } from './serverProcess';

const run = promisify(execFile);
const FHIR_JSON = /^application\/fhir\+json; charset=utf-8$/;

type AnyResource = Resource & Row;

/** The demo seed, small: every kind of record, about 1,700 FHIR resources. */
const SEED = { scale: 0.25, patients: 150, chws: 8, doctors: 3, appointments: 240, submissions: 30 };

/** Fails with every problem of the resources against the R4 definitions (none: 0 errors). */
function expectValid(resources: Resource[]): void {
  expect(resources.flatMap(problemsOf)).toEqual([]);
}

/** The suite of one dialect (a test file each). */
export function fhirSuite(dialect: Dialect): void {
  // seeding, then walking and validating every resource, take minutes on a shared machine
  jest.setTimeout(900_000);
  beforeAll(() => loadDefinitions());

  test('the validator finds what breaks the definitions: a code outside a required value set, a missing element, an invariant, an id', () => {
    const problems = (r: Row) => problemsOf(r as Resource).join('\n');
    expect(problems({ resourceType: 'Patient', id: 'ok', gender: 'male' })).toBe('');
    expect(problems({ resourceType: 'Patient', id: 'ok', gender: 'robot' })).toMatch(/administrative-gender/);
    expect(problems({ resourceType: 'Patient', id: 'not_an_id' })).toMatch(/not a FHIR id/);
    expect(problems({ resourceType: 'Patient', id: 'ok', birthDate: '1990-13-01' })).toMatch(/birthDate/);
    expect(problems({ resourceType: 'Patient', id: 'ok', colour: 'blue' })).toMatch(/colour/);
    expect(problems({ resourceType: 'Appointment', id: 'ok', status: 'booked', start: '2026-01-01T10:00:00Z' })).toMatch(/participant|app-2/);
    expect(problems({ resourceType: 'Slot', id: 'ok', status: 'free', schedule: { reference: 'Schedule/x' }, start: '2026-01-01T10:00:00Z', end: '2026-01-01T10:20:00Z', comment: '' })).toMatch(/comment|empty/i);
    expect(problems({ resourceType: 'MedicationStatement', id: 'ok', status: 'completed', medicationCodeableConcept: { text: 'x' }, subject: { reference: 'Patient/x' }, dosage: [{ timing: { repeat: { when: ['LUNCH'] } } }] })).toMatch(/event-timing/);
  });

  describe(`FHIR API (${dialect})`, () => {
    let t: TestApp;
    let base: string;
    let statement: CapabilityStatement;
    /** every resource of each type, as the unlimited admin sees them, in order */
    const all = new Map<string, AnyResource[]>();
    let password: string;

    beforeAll(async () => {
      const port = await freePort();
      t = await startTestApp(dialect, { PUBLIC_URL: `http://127.0.0.1:${port}` });
      base = `http://127.0.0.1:${port}/fhir`;
      await seedDemo(t.db, { ...SEED, argon2: { memoryCost: 1024, timeCost: 1 }, storage: t.app.ctx.storage, log: () => undefined });
      password = DEMO_PASSWORD;
      await t.app.listen({ port, host: '127.0.0.1' });
      const res = await t.inject({ method: 'GET', url: '/fhir/metadata' });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, expect.stringMatching(FHIR_JSON)]);
      statement = res.json();
      for (const r of served()) all.set(r.type, (await walk(t.rootToken, `/fhir/${r.type}?_count=100`)).resources);
    });
    afterAll(() => t?.close());

    const served = (): CapabilityStatementRestResource[] => statement.rest![0]!.resource!;
    const get = (url: string, token: string | null = t.rootToken) => t.inject({ method: 'GET', url, token });
    const local = (url: string) => {
      expect(url.startsWith(base)).toBe(true);
      return `/fhir${url.slice(base.length)}`;
    };

    /** Every page of a search from its first URL, by the `next` links: the matches in order, the total, the pages. */
    async function walk(token: string | null, first: string): Promise<{ resources: AnyResource[]; total: number; bundles: Bundle[] }> {
      const resources: AnyResource[] = [];
      const bundles: Bundle[] = [];
      let url: string | null = first;
      let total = -1;
      while (url) {
        const res = await get(url, token);
        expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, expect.stringMatching(FHIR_JSON)]);
        const bundle = res.json() as Bundle;
        expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
        if (total >= 0) expect(bundle.total).toBe(total);
        total = bundle.total!;
        bundles.push(bundle);
        for (const e of bundle.entry ?? []) if (e.search?.mode === 'match') resources.push(e.resource as AnyResource);
        const next = bundle.link?.find((l) => l.relation === 'next')?.url;
        url = next ? local(next) : null;
      }
      expect(resources.length).toBe(total);
      return { resources, total, bundles };
    }

    const keyOf = (r: Resource) => `${r.resourceType}/${r.id}`;
    const ids = (rs: Resource[]) => rs.map(keyOf);

    test('the CapabilityStatement lists every mapping, validates, and is served without a token', () => {
      expect(served().map((r) => r.type)).toEqual(MAPPINGS.map((m) => m.type));
      expectValid([statement]);
      for (const r of served()) {
        expect(r.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
        expect(r.searchParam?.slice(0, 2).map((p) => p.name)).toEqual(['_id', '_lastUpdated']);
      }
    });

    test('every search parameter names a SearchParameter of the specification, of its type and for its resource', () => {
      const spec = specSearchParameters();
      for (const r of served()) {
        for (const p of r.searchParam ?? []) {
          const defined = spec.get(p.definition!);
          expect([r.type, p.name, defined?.code, defined?.type, defined?.base.some((b) => [r.type, 'Resource', 'DomainResource'].includes(b))]).toEqual([r.type, p.name, p.name, p.type, true]);
        }
      }
    });

    test('every resource of every type validates against the R4 definitions, is seen once, and reads back the same by its id', async () => {
      for (const r of served()) {
        const resources = all.get(r.type)!;
        expect([r.type, resources.length > 0]).toEqual([r.type, true]);
        expect(new Set(ids(resources)).size).toBe(resources.length);
        expectValid(resources);
        for (const resource of resources) {
          const res = await get(`/fhir/${r.type}/${resource.id}`);
          expect([keyOf(resource), res.statusCode]).toEqual([keyOf(resource), 200]);
          expect(res.json()).toEqual(resource);
        }
      }
    });

    test('the Bundles of a paged search validate, with an exact total and self, first, previous and next links', async () => {
      for (const r of served()) {
        const { bundles } = await walk(t.rootToken, `/fhir/${r.type}?_count=7`);
        // the first and the last page (every resource in them validated on its own above)
        expectValid([bundles[0]!, bundles[bundles.length - 1]!]);
        bundles.forEach((b, i) => {
          const relations = b.link!.map((l) => l.relation);
          expect(relations.includes('previous')).toBe(i > 0);
          expect(relations.includes('next')).toBe(i < bundles.length - 1);
          expect(b.total).toBe(all.get(r.type)!.length);
        });
        // the same records in the same order, whatever the page size
        expect(ids(bundles.flatMap((b) => (b.entry ?? []).map((e) => e.resource as Resource)))).toEqual(ids(all.get(r.type)!));
        // and back by the previous links
        const last = bundles[bundles.length - 1]!;
        const back: Resource[][] = [];
        for (let b: Bundle | null = last; b; ) {
          back.unshift((b.entry ?? []).map((e) => e.resource as Resource));
          const prev: string | undefined = b.link!.find((l) => l.relation === 'previous')?.url;
          b = prev ? ((await get(local(prev))).json() as Bundle) : null;
        }
        expect(ids(back.flat())).toEqual(ids(all.get(r.type)!));
      }
    });

    test('_count=0 answers the total alone; a page past the end is empty with the same total', async () => {
      for (const r of served()) {
        const count = (await get(`/fhir/${r.type}?_count=0`)).json() as Bundle;
        expect([r.type, count.total, count.entry ?? []]).toEqual([r.type, all.get(r.type)!.length, []]);
        const past = (await get(`/fhir/${r.type}?_offset=100000`)).json() as Bundle;
        expect([r.type, past.total, past.entry ?? []]).toEqual([r.type, all.get(r.type)!.length, []]);
      }
    });

    test('every search parameter the statement lists finds exactly what it means', async () => {
      const listed = served().flatMap((r) => (r.searchParam ?? []).map((p) => `${r.type}.${p.name}`));
      const known = Object.keys(PARAM_CHECKS).flatMap((k) => (k.startsWith('*.') ? served().map((r) => `${r.type}.${k.slice(2)}`) : [k]));
      // a parameter added to a mapping needs its check here; a check of one no longer served goes
      expect([...new Set(known)].sort()).toEqual([...listed].sort());
      for (const r of served()) {
        for (const p of r.searchParam ?? []) {
          const check = PARAM_CHECKS[`${r.type}.${p.name}`] ?? PARAM_CHECKS[`*.${p.name}`]!;
          const cases = check(all.get(r.type)!, r.type, all);
          expect([r.type, p.name, cases.length > 0]).toEqual([r.type, p.name, true]);
          const sizes: number[] = [];
          for (const { query, matches } of cases) {
            const expected = ids(all.get(r.type)!.filter(matches));
            const found = ids((await walk(t.rootToken, `/fhir/${r.type}?${query}&_count=100`)).resources);
            expect([query, found]).toEqual([query, expected]);
            sizes.push(expected.length);
          }
          // a check that finds something, and one that leaves something out (a parameter ignored fails it)
          expect([r.type, p.name, sizes.some((n) => n > 0), sizes.some((n) => n < all.get(r.type)!.length)]).toEqual([r.type, p.name, true, true]);
        }
      }
    });

    test('_include brings the referenced resources of the page once, besides the matches and their total', async () => {
      for (const r of served()) {
        for (const include of r.searchInclude ?? []) {
          const target = MAPPINGS.find((m) => m.type === r.type)!.includes![include]!.target;
          const bundle = (await get(`/fhir/${r.type}?_include=${include}&_count=50`)).json() as Bundle;
          expectValid([bundle]);
          const matches = (bundle.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource as AnyResource);
          const included = (bundle.entry ?? []).filter((e) => e.search?.mode === 'include').map((e) => keyOf(e.resource as Resource));
          expect(bundle.total).toBe(all.get(r.type)!.length);
          const referenced = new Set(matches.flatMap((m) => JSON.stringify(m).match(/"reference":"[A-Za-z]+\/[A-Za-z0-9.-]+"/g) ?? []).map((s) => s.slice('"reference":"'.length, -1)).filter((ref) => ref.startsWith(`${target}/`)));
          expect([include, referenced.size > 0]).toEqual([include, true]);
          expect([include, [...included].sort()]).toEqual([include, [...referenced].sort()]);
          expect(new Set(included).size).toBe(included.length);
        }
      }
    });

    test('Patient/{id}/$everything: the patient, their family and every record of theirs the console shows, in one Bundle', async () => {
      const patients = all.get('Patient')!;
      const refersTo = (r: AnyResource, ref: string) => JSON.stringify(r).includes(`"reference":"${ref}"`);
      // a patient with family, appointments and clinical records
      const scored = patients.slice(0, 60).map((p) => ({ p, n: ['RelatedPerson', 'Appointment', 'Condition', 'MedicationRequest'].filter((type) => all.get(type)!.some((r) => refersTo(r, `Patient/${p.id}`))).length }));
      const { p } = scored.sort((a, b) => b.n - a.n)[0]!;
      const res = await get(`/fhir/Patient/${p.id}/$everything`);
      expect(res.statusCode).toBe(200);
      const bundle = res.json() as Bundle;
      expectValid([bundle]);
      const expected = [keyOf(p), ...['RelatedPerson', 'Appointment', 'Condition', 'MedicationStatement', 'MedicationRequest'].flatMap((type) =>
        ids(all.get(type)!.filter((r) => (type === 'RelatedPerson' ? r.patient.reference === `Patient/${p.id}` : type === 'Appointment' ? r.participant.some((x: Row) => x.actor.reference === `Patient/${p.id}`) : r.subject.reference === `Patient/${p.id}`))))];
      expect((bundle.entry ?? []).map((e) => keyOf(e.resource as Resource))).toEqual(expected);
      expect(bundle.total).toBe(expected.length);
      expect(scored[0]!.n).toBeGreaterThanOrEqual(2);
    });

    test('fhir-kit-client pages through every type by the next links and sees each record once', async () => {
      const types = served().map((r) => r.type);
      const { stdout } = await run(process.execPath, [path.join(__dirname, 'fhirClientWalk.mjs'), base, t.rootToken, '40', types.join(',')], { maxBuffer: 64 * 1024 * 1024 });
      const walked = JSON.parse(stdout) as Record<string, { ids: string[]; pages: number; total: number; read: string | null }>;
      for (const type of types) {
        const expected = all.get(type)!.map((r) => r.id);
        expect([type, walked[type]!.ids]).toEqual([type, expected]);
        expect([type, walked[type]!.total, walked[type]!.pages]).toEqual([type, expected.length, Math.max(1, Math.ceil(expected.length / 40))]);
        expect(walked[type]!.read).toBe(`${type}/${expected[0]}`);
      }
    });

    test('FHIR ids are the console\'s encrypted ids with `_` written `.`, one to one', async () => {
      const patients = dataOf(await client(t).get('/api/admin/app-users?per_page=100')).data as Row[];
      const fhir = new Set(ids(all.get('Patient')!));
      for (const p of patients) {
        expect(fhir.has(`Patient/${toFhirId(p.encrypted_id)}`)).toBe(true);
        expect(fromFhirId(toFhirId(p.encrypted_id))).toBe(p.encrypted_id);
      }
      expect(patients.some((p) => p.encrypted_id.includes('_'))).toBe(true);
    });

    test('the codes chosen in extensible value sets are codes of their systems', () => {
      const used = (type: string, pick: (r: AnyResource) => Row[] | undefined) => all.get(type)!.flatMap((r) => pick(r) ?? []).flatMap((c) => c.coding ?? []);
      for (const coding of [...used('Patient', (r) => (r.maritalStatus ? [r.maritalStatus] : [])), ...used('RelatedPerson', (r) => r.relationship)]) {
        expect([coding.system, coding.code, codeSystemCodes(coding.system).has(coding.code)]).toEqual([coding.system, coding.code, true]);
      }
      expect(used('Patient', (r) => (r.maritalStatus ? [r.maritalStatus] : [])).length).toBeGreaterThan(0);
    });

    test('refusals are OperationOutcomes with the specification\'s statuses', async () => {
      const refused = async (url: string, status: number, issue: string, token: string | null = t.rootToken, method: 'GET' | 'POST' | 'DELETE' = 'GET') => {
        const res = await t.inject({ method, url, token });
        expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, status, expect.stringMatching(FHIR_JSON)]);
        const body = res.json() as OperationOutcome;
        expectValid([body]);
        expect([url, body.issue[0]!.code]).toEqual([url, issue]);
        return res;
      };
      const patient = all.get('Patient')![0]!;
      expect((await refused('/fhir/Patient', 401, 'login', null)).headers['www-authenticate']).toBe('Bearer');
      await refused('/fhir/Patient?colour=blue', 400, 'invalid');
      await refused('/fhir/Patient?name:sounds=ali', 400, 'not-supported');
      await refused('/fhir/Patient?birthdate=1990-13-01', 400, 'invalid');
      await refused('/fhir/Patient?birthdate=sa1990', 400, 'invalid');
      await refused('/fhir/Patient?gender=robot', 400, 'code-invalid');
      await refused('/fhir/Patient?_count=-1', 400, 'invalid');
      await refused('/fhir/Patient?_count=1&_count=2', 400, 'invalid');
      await refused('/fhir/Patient?_offset=x', 400, 'invalid');
      await refused('/fhir/Patient?_sort=name', 400, 'invalid');
      await refused('/fhir/Patient?_id=not_an_id', 400, 'invalid');
      await refused('/fhir/Appointment?patient=Practitioner/abc', 400, 'invalid');
      await refused('/fhir/Appointment?_include=Appointment:slot', 400, 'not-supported');
      await refused('/fhir/Patient?_format=xml', 406, 'not-supported');
      await refused(`/fhir/Patient/${patient.id}?name=x`, 400, 'invalid');
      await refused('/fhir/Patient/AAAAAAAAAAAAAAAAAAAAAA', 404, 'not-found');
      await refused('/fhir/Patient/not.an.id.of.ours', 404, 'not-found');
      await refused(`/fhir/Practitioner/${patient.id}`, 404, 'not-found');
      await refused('/fhir/Observation', 404, 'not-supported');
      await refused('/fhir/Patient', 405, 'not-supported', t.rootToken, 'POST');
      await refused(`/fhir/Patient/${patient.id}`, 405, 'not-supported', t.rootToken, 'DELETE');
      // what is not an error: an empty value is no condition, a code of another system matches nothing
      expect(((await get('/fhir/Patient?name=&_count=0')).json() as Bundle).total).toBe(all.get('Patient')!.length);
      expect(((await get('/fhir/Patient?gender=http://example.org/sex|male&_count=0')).json() as Bundle).total).toBe(0);
      expect(((await get('/fhir/Patient?gender=unknown&_count=0')).json() as Bundle).total).toBe(0);
    });

    test('FHIR answers carry the server\'s security headers; the OpenAPI document leaves /fhir out (the CapabilityStatement describes it)', async () => {
      for (const url of ['/fhir/metadata', '/fhir/Patient?_count=1', '/fhir/Nothing']) {
        const res = await get(url);
        expect([url, res.headers['x-content-type-options'], typeof res.headers['content-security-policy']]).toEqual([url, 'nosniff', 'string']);
      }
      const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/fhir'))).toEqual([]);
    });

    test('a read of a clinical record is audited, as the console\'s', async () => {
      const condition = all.get('Condition')![0]!;
      const historyId = t.app.ctx.ids.decode('medical-histories', fromFhirId(condition.id!)!)!;
      const reads = () => t.db.db.selectFrom('audit_log').select('id').where('resource', '=', 'medical-histories').where('action', '=', 'read').where('record_id', '=', historyId).execute();
      const before = (await reads()).length;
      expect((await get(`/fhir/Condition/${condition.id}`)).statusCode).toBe(200);
      expect((await reads()).length).toBe(before + 1);
    });

    describe('as the console shows it', () => {
      let n = 0;
      async function admin(permissions: readonly string[], districtIds: number[] | null): Promise<string> {
        const api = client(t);
        const tag = `${++n}${Math.random().toString(36).slice(2, 6)}`;
        const role = dataOf(await api.post('/api/admin/roles', { name: `FHIR ${tag}`, permissions }));
        const email = `fhir-${tag}@example.org`;
        dataOf(await api.post('/api/admin/admins', { f_name: 'Fhir', l_name: tag, email, cnic: '3520112345671', role_id: role.id, ...(districtIds ? { district_ids: districtIds } : {}), password, confirmPassword: password }));
        return t.login(email, password);
      }

      /** Every record of a console list, in its order, as that admin's console shows it, as FHIR ids. */
      async function consoleList(token: string, resource: string): Promise<string[]> {
        const out: string[] = [];
        for (let page = 1; ; page++) {
          const body = dataOf(await client(t, token).get(`/api/admin/${resource}?page=${page}&per_page=100`));
          out.push(...(body.data as Row[]).map((r) => toFhirId(r.encrypted_id)));
          if (page >= body.last_page) return out;
        }
      }

      /** What the console's rules show of the rows that have no list of their own (a table source), by SQL beside the machinery's. */
      async function tableRows(key: string, districtIds: number[]): Promise<string[]> {
        const db = t.db.db;
        const codec = t.app.ctx.ids;
        const asIds = (rows: { id: number }[]) => rows.map((r) => toFhirId(codec.encode(key, r.id)));
        // a family member lives where their patient does
        const placed = await db.selectFrom('users as u').leftJoin('patient_profiles as p', (join) => join.on((eb) => eb('p.id', '=', eb.fn.coalesce('u.parent_id', 'u.id'))))
          .select('u.id').where('u.type', 'in', ['patient', 'family']).where('p.district_id', 'in', districtIds).execute();
        const patients = placed.map((r) => r.id);
        switch (key) {
          case 'duty-slots': return asIds(await db.selectFrom('duty_slots').select('id').orderBy('id').execute());
          case 'prescription-items': return asIds(await db.selectFrom('prescription_items as i').innerJoin('prescriptions as p', 'p.id', 'i.prescription_id').select('i.id').where('p.patient_id', 'in', patients.length ? patients : [0]).orderBy('i.id').execute());
          case 'form-submissions': {
            const chws = await db.selectFrom('chw_profiles').select('id').where('district_id', 'in', districtIds).execute();
            return asIds(await db.selectFrom('form_submissions').select('id').where('user_id', 'in', chws.length ? chws.map((c) => c.id) : [0]).orderBy('id', 'desc').execute());
          }
          default: throw new Error(`no expectation for the rows of ${key}: add one`);
        }
      }

      test('an admin limited to a district reads through FHIR exactly, and in order, what the console shows them; a record outside is a 404', async () => {
        const visible = new Map<string, Set<string>>();
        // the district with the most patients among those with every kind of placed record: prescriptions, histories, surveys
        const db = t.db.db;
        const homes = async (table: 'prescriptions' | 'medical_histories') => (await db.selectFrom(`${table} as r` as 'prescriptions as r').innerJoin('users as u', 'u.id', 'r.patient_id')
          .innerJoin('patient_profiles as p', (join) => join.on((eb) => eb('p.id', '=', eb.fn.coalesce('u.parent_id', 'u.id')))).select('p.district_id').distinct().execute()).map((r) => r.district_id);
        const surveyed = (await db.selectFrom('form_submissions as s').innerJoin('chw_profiles as c', 'c.id', 's.user_id').select('c.district_id').distinct().execute()).map((r) => r.district_id);
        const [prescribed, histories] = [await homes('prescriptions'), await homes('medical_histories')];
        const candidates = surveyed.filter((d) => prescribed.includes(d) && histories.includes(d));
        const counts = await db.selectFrom('patient_profiles as p').innerJoin('users as u', 'u.id', 'p.id').select(['p.district_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('u.type', '=', 'patient').where('p.district_id', 'in', candidates.length ? candidates : [0]).groupBy('p.district_id').orderBy('n', 'desc').execute();
        const district = Number(counts[0]!.district_id);
        const views = ALL_PERMISSIONS.filter((p) => p.startsWith('view_'));
        const limited = await admin(views, [district]);
        for (const mapping of MAPPINGS) {
          const expected: string[] = [];
          for (const source of mapping.sources) {
            expected.push(...(source.kind === 'list' ? await consoleList(limited, source.resource) : await tableRows(source.key, [district])).map((id) => `${mapping.type}/${id}`));
          }
          const seen = ids((await walk(limited, `/fhir/${mapping.type}?_count=100`)).resources);
          expect([mapping.type, seen]).toEqual([mapping.type, expected]);
          visible.set(mapping.type, new Set(seen));
          // what the unlimited admin sees beyond: a 404 for the limited one; what both see: the same resource
          const outside = all.get(mapping.type)!.filter((r) => !visible.get(mapping.type)!.has(keyOf(r)));
          for (const r of outside.slice(0, 5)) expect([keyOf(r), (await get(`/fhir/${mapping.type}/${r.id}`, limited)).statusCode]).toEqual([keyOf(r), 404]);
          for (const r of all.get(mapping.type)!.filter((x) => visible.get(mapping.type)!.has(keyOf(x))).slice(0, 5)) expect((await get(`/fhir/${mapping.type}/${r.id}`, limited)).json()).toEqual(r);
          if (['Patient', 'RelatedPerson', 'Appointment', 'Condition', 'MedicationStatement', 'MedicationRequest', 'QuestionnaireResponse', 'Location', 'PractitionerRole'].includes(mapping.type)) {
            expect([mapping.type, seen.length > 0, outside.length > 0]).toEqual([mapping.type, true, true]);
          }
        }
        // $everything: of a patient outside, a 404; of one inside, only what the admin may see
        const patients = all.get('Patient')!;
        const outsider = patients.find((p) => !visible.get('Patient')!.has(keyOf(p)))!;
        expect((await get(`/fhir/Patient/${outsider.id}/$everything`, limited)).statusCode).toBe(404);
        const insider = patients.find((p) => visible.get('Patient')!.has(keyOf(p)))!;
        const everything = (await get(`/fhir/Patient/${insider.id}/$everything`, limited)).json() as Bundle;
        for (const e of everything.entry ?? []) expect(visible.get(e.resource!.resourceType)!.has(keyOf(e.resource!))).toBe(true);
      });

      test('permissions are the console\'s: a type needs the view permission of its records, each source its own', async () => {
        const nothing = await admin([], null);
        for (const r of served()) {
          expect([r.type, (await get(`/fhir/${r.type}`, nothing)).statusCode]).toEqual([r.type, 403]);
          expect([r.type, (await get(`/fhir/${r.type}/${all.get(r.type)![0]!.id}`, nothing)).statusCode]).toEqual([r.type, 403]);
        }
        expect((await get('/fhir/metadata', nothing)).statusCode).toBe(200);
        const doctorsOnly = await admin(['view_doctor'], null);
        const practitioners = ids((await walk(doctorsOnly, '/fhir/Practitioner?_count=100')).resources);
        expect(practitioners).toEqual((await consoleList(doctorsOnly, 'doctors')).map((id) => `Practitioner/${id}`));
        const chw = all.get('Practitioner')!.find((p) => !practitioners.includes(keyOf(p)))!;
        expect((await get(`/fhir/Practitioner/${chw.id}`, doctorsOnly)).statusCode).toBe(403);
        // an appointment's patient may be included only by an admin who may read patients
        const appointmentsOnly = await admin(['view_app_user'], null);
        const bundle = (await get('/fhir/Appointment?_include=Appointment:practitioner&_include=Appointment:patient&_count=5', appointmentsOnly)).json() as Bundle;
        const included = (bundle.entry ?? []).filter((e) => e.search?.mode === 'include').map((e) => e.resource!.resourceType);
        expect(new Set(included)).toEqual(new Set(['Patient']));
      });
    });
  });

}

// ------------------------------------------------------------------------------------- parameter checks

type Case = { query: string; matches: (r: AnyResource) => boolean };
type Check = (resources: AnyResource[], type: string, all: Map<string, AnyResource[]>) => Case[];

/** An id of the right form that is no record's (it does not decode under any key). */
const NO_RECORD = 'AAAAAAAAAAAAAAAAAAAAAA';
const lower = (s: unknown) => String(s ?? '').toLowerCase();
const namesOf = (r: AnyResource): string[] => (r.name ?? []).flatMap((n: Row) => [n.text, n.family, ...(n.given ?? [])]).filter(Boolean);
const some = <T>(list: T[], at: number): T => list[Math.floor(list.length * at) % list.length]!;
const enc = encodeURIComponent;

/** A string parameter over some texts of a resource: starts with (no modifier), :contains and :exact. */
const stringCheck = (texts: (r: AnyResource) => string[]): Check => (resources) => {
  const withText = resources.filter((r) => texts(r).length);
  const word = texts(some(withText, 0.3))[0]!;
  const inner = word.length > 3 ? word.slice(1, 4) : word;
  return [
    { query: `name-param=${enc(word.slice(0, 3).toUpperCase())}`, matches: (r) => texts(r).some((s) => lower(s).startsWith(lower(word.slice(0, 3)))) },
    { query: `name-param:contains=${enc(inner)}`, matches: (r) => texts(r).some((s) => lower(s).includes(lower(inner))) },
    { query: `name-param:exact=${enc(word)}`, matches: (r) => texts(r).includes(word) },
    { query: `name-param:exact=${enc(word.slice(0, -1))}`, matches: (r) => texts(r).includes(word.slice(0, -1)) },
  ];
};
/** The same check under the parameter's own name. */
const named = (name: string, check: Check): Check => (resources, type, all) =>
  check(resources, type, all).map((c) => ({ ...c, query: c.query.replace(/^name-param/, name) }));

/** A reference parameter: the first reference of each resource at `at`, two of them at once. */
const referenceCheck = (name: string, refs: (r: AnyResource) => string[]): Check => (resources) => {
  const withRef = resources.filter((r) => refs(r).length);
  const a = refs(some(withRef, 0.2))[0]!;
  const b = refs(some(withRef, 0.7))[0]!;
  return [
    { query: `${name}=${enc(a)}`, matches: (r) => refs(r).includes(a) },
    { query: `${name}=${enc(a.split('/')[1]!)},${enc(b)}`, matches: (r) => refs(r).includes(a) || refs(r).includes(b) },
    // an id of the right form that names none of them
    { query: `${name}=${a.split('/')[0]}/${NO_RECORD}`, matches: () => false },
  ];
};
/** A token parameter: each code of its value set, alone (whether any resource has it or not), and one with the system named. */
const tokenCheck = (name: string, system: string, valueSet: readonly string[], code: (r: AnyResource) => string | undefined): Check => (resources) => {
  const found = resources.map(code).filter((c): c is string => c !== undefined);
  return [
    ...valueSet.map((c) => ({ query: `${name}=${c}`, matches: (r: AnyResource) => code(r) === c })),
    { query: `${name}=${system}|${found[0]}`, matches: (r: AnyResource) => code(r) === found[0] },
  ];
};
/** A date parameter on a point in time of each resource: a day (eq), and from / before an instant. */
const dateCheck = (name: string, at: (r: AnyResource) => string | undefined): Check => (resources) => {
  const times = resources.map(at).filter((s): s is string => Boolean(s)).sort();
  const mid = some(times, 0.5);
  const instant = (s: string) => (s.length === 10 ? `${s}T00:00:00.000Z` : new Date(s).toISOString());
  const day = mid.slice(0, 10);
  const pivot = instant(mid);
  return [
    { query: `${name}=${day}`, matches: (r) => at(r)?.slice(0, 10) === day },
    { query: `${name}=ge${enc(pivot)}`, matches: (r) => at(r) !== undefined && instant(at(r)!) >= pivot },
    { query: `${name}=lt${enc(pivot)}&${name}=ge${some(times, 0.1).slice(0, 4)}`, matches: (r) => at(r) !== undefined && instant(at(r)!) < pivot && instant(at(r)!) >= `${some(times, 0.1).slice(0, 4)}-01-01T00:00:00.000Z` },
    { query: `${name}=ne${day}`, matches: (r) => at(r) !== undefined && at(r)!.slice(0, 10) !== day },
  ];
};
const refOf = (v: unknown): string[] => (v && typeof v === 'object' && typeof (v as Row).reference === 'string' ? [(v as Row).reference] : []);
const contactCheck = (name: string, system: string, caseless: boolean): Check => (resources) => {
  const value = (r: AnyResource) => (r.telecom ?? []).filter((c: Row) => c.system === system).map((c: Row) => String(c.value));
  const v = value(some(resources.filter((r) => value(r).length), 0.4))[0]!;
  return [{ query: `${name}=${enc(caseless ? v.toUpperCase() : v)}`, matches: (r) => value(r).includes(v) }];
};

const PERSON_CHECKS: Record<string, Check> = {
  name: named('name', stringCheck(namesOf)),
  family: named('family', stringCheck((r) => (r.name ?? []).map((n: Row) => n.family).filter(Boolean))),
  given: named('given', stringCheck((r) => (r.name ?? []).flatMap((n: Row) => n.given ?? []))),
  gender: tokenCheck('gender', 'http://hl7.org/fhir/administrative-gender', ['male', 'female', 'other', 'unknown'], (r) => r.gender),
  phone: contactCheck('phone', 'phone', false),
  email: contactCheck('email', 'email', true),
};

/** How each search parameter the statement lists is exercised (`*.`: on every type), judged on the resources. */
const PARAM_CHECKS: Record<string, Check> = {
  '*._id': (resources) => {
    const [a, b] = [some(resources, 0.25), some(resources, 0.75)];
    return [{ query: `_id=${a.id},${b.id}`, matches: (r) => r.id === a.id || r.id === b.id }, { query: `_id=${NO_RECORD}`, matches: () => false }];
  },
  '*._lastUpdated': (resources, type, all) => dateCheck('_lastUpdated', (r) => r.meta?.lastUpdated)(resources, type, all),
  ...Object.fromEntries(Object.entries(PERSON_CHECKS).map(([k, v]) => [`Patient.${k}`, v])),
  'Patient.birthdate': dateCheck('birthdate', (r) => r.birthDate),
  'Patient.address-city': named('address-city', stringCheck((r) => (r.address ?? []).map((a: Row) => a.city).filter(Boolean))),
  'RelatedPerson.patient': referenceCheck('patient', (r) => refOf(r.patient)),
  'RelatedPerson.name': PERSON_CHECKS.name!,
  ...Object.fromEntries(Object.entries(PERSON_CHECKS).map(([k, v]) => [`Practitioner.${k}`, v])),
  'PractitionerRole.practitioner': referenceCheck('practitioner', (r) => refOf(r.practitioner)),
  'PractitionerRole.location': referenceCheck('location', (r) => (r.location ?? []).flatMap(refOf)),
  'Location.name': named('name', stringCheck((r) => [r.name])),
  'Location.partof': referenceCheck('partof', (r) => refOf(r.partOf)),
  'HealthcareService.name': named('name', stringCheck((r) => [r.name])),
  'HealthcareService.location': referenceCheck('location', (r) => (r.location ?? []).flatMap(refOf)),
  'Schedule.actor': referenceCheck('actor', (r) => (r.actor ?? []).flatMap(refOf)),
  'Slot.schedule': referenceCheck('schedule', (r) => refOf(r.schedule)),
  'Slot.start': dateCheck('start', (r) => r.start),
  'Slot.status': tokenCheck('status', 'http://hl7.org/fhir/slotstatus', ['busy', 'free', 'busy-unavailable', 'busy-tentative', 'entered-in-error'], (r) => r.status),
  'Appointment.patient': referenceCheck('patient', (r) => (r.participant ?? []).flatMap((p: Row) => refOf(p.actor)).filter((x: string) => x.startsWith('Patient/'))),
  'Appointment.practitioner': referenceCheck('practitioner', (r) => (r.participant ?? []).flatMap((p: Row) => refOf(p.actor)).filter((x: string) => x.startsWith('Practitioner/'))),
  'Appointment.date': dateCheck('date', (r) => r.start),
  'Appointment.status': tokenCheck('status', 'http://hl7.org/fhir/appointmentstatus', ['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist'], (r) => r.status),
  'Condition.patient': referenceCheck('patient', (r) => refOf(r.subject)),
  'MedicationStatement.patient': referenceCheck('patient', (r) => refOf(r.subject)),
  'MedicationRequest.patient': referenceCheck('patient', (r) => refOf(r.subject)),
  'MedicationRequest.requester': referenceCheck('requester', (r) => refOf(r.requester)),
  'Questionnaire.title': named('title', stringCheck((r) => [r.title])),
  'Questionnaire.status': tokenCheck('status', 'http://hl7.org/fhir/publication-status', ['draft', 'active', 'retired', 'unknown'], (r) => r.status),
  'QuestionnaireResponse.questionnaire': referenceCheck('questionnaire', (r) => [`Questionnaire/${String(r.questionnaire).split('|')[0]!.split('/').pop()}`]),
  'QuestionnaireResponse.authored': dateCheck('authored', (r) => r.authored),
  'QuestionnaireResponse.author': referenceCheck('author', (r) => refOf(r.author)),
};
