import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import { messageText } from '../../../contract/messages';
import { permissionName } from '../../../contract/permissions';
import type { AppContext } from '../context';
import { forbidden, notFound } from '../http/errors';
import { decodeFhirId } from './ids';
import { COMMON_PARAMS, type FhirMapping, type ParamSpec } from './mapping';
import { dates } from './narrowers';
import { badRequest, FhirError } from './outcome';
import { FHIR_ID, integerParam, type ParsedParam, parseParam } from './params';
import { type FhirCall, inIds, type Narrowing, type Source } from './source';

/**
 * The generic side of the FHIR API: a search of any mapping (its parameters read, each source narrowed,
 * paged as one list in the sources' order with an exact total), a read, `_include`, `$everything`, and
 * the Bundle around them. Nothing here names a resource type.
 */

/** The mappings served, by type. */
export interface FhirTypes {
  list: readonly FhirMapping[];
  byType: ReadonlyMap<string, FhirMapping>;
}

export const DEFAULT_COUNT = 25;
/** A page holds at most this many matches (a larger `_count` is answered with this many, as the specification allows). */
export const MAX_COUNT = 100;
const MAX_OFFSET = 1_000_000_000;

/** Query parameters that shape the answer rather than select records. */
const RESULT_PARAMS = new Set(['_count', '_offset', '_include', '_format']);
const FORMATS = ['json', 'application/json', 'application/fhir+json'];

export type Query = Record<string, string | string[] | undefined>;

/** A search as read from its query. */
export interface SearchRequest {
  params: ParsedParam[];
  count: number;
  offset: number;
  includes: string[];
  /** the query's selecting parameters as given, for the Bundle's links */
  given: [string, string][];
}

const occurrences = (raw: string | string[] | undefined): string[] => (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]);

/** `_format`, when given, names JSON (the only format served). */
export function checkFormat(query: Query): void {
  for (const value of occurrences(query._format)) {
    if (!FORMATS.includes(value.split(';')[0]!.trim().toLowerCase())) throw new FhirError(406, 'not-supported', messageText('fhir_format'));
  }
}

/** A read's or the CapabilityStatement's query: `_format` alone. */
export function checkPlainQuery(query: Query): void {
  checkFormat(query);
  const other = Object.keys(query).find((k) => k !== '_format');
  if (other !== undefined) throw badRequest('fhir_parameter_unknown', { name: other });
}

/** Reads a search's query: every parameter known to the mapping (or common), every value readable; else a 400. */
export function readSearch(mapping: FhirMapping, query: Query): SearchRequest {
  checkFormat(query);
  const params: ParsedParam[] = [];
  const given: [string, string][] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESULT_PARAMS.has(key)) continue;
    const colon = key.indexOf(':');
    const name = colon < 0 ? key : key.slice(0, colon);
    const modifier = colon < 0 ? null : key.slice(colon + 1);
    const spec: ParamSpec | undefined = name === '_id' || name === '_lastUpdated' ? COMMON_PARAMS[name] : mapping.params[name];
    if (!spec) throw badRequest('fhir_parameter_unknown', { name: key });
    for (const value of occurrences(raw)) {
      given.push([key, value]);
      const parsed = parseParam(name, modifier, value, spec);
      if (parsed && name === '_id' && parsed.type === 'token' && parsed.values.some((t) => t.system !== undefined || !FHIR_ID.test(t.code))) {
        throw badRequest('fhir_parameter_reference', { name, types: mapping.type });
      }
      if (parsed) params.push(parsed);
    }
  }
  const includes = occurrences(query._include);
  const known = Object.keys(mapping.includes ?? {});
  for (const include of includes) {
    if (!known.includes(include)) throw badRequest('fhir_parameter_code', { name: '_include', values: known.join(', ') || '-' }, 'not-supported');
  }
  return {
    params,
    count: Math.min(MAX_COUNT, integerParam('_count', query._count, DEFAULT_COUNT, 0, MAX_OFFSET)),
    offset: integerParam('_offset', query._offset, 0, 0, MAX_OFFSET),
    includes: [...new Set(includes)],
    given,
  };
}

/** The view permission a source needs (its declaration's module). */
export const permissionOf = (ctx: AppContext, source: Source): string => permissionName('view', ctx.registry.byName.get(source.resource)!.module);

/** The sources of a mapping the caller may read. */
export const visibleSources = (fc: FhirCall, mapping: FhirMapping): Source[] =>
  mapping.sources.filter((s) => fc.request.admin?.permissions.has(permissionOf(fc.ctx, s)));

/** What the parameters ask of one source; null when none of its records can match. */
function narrowSource(fc: FhirCall, source: Source, params: ParsedParam[]): Narrowing | null {
  const narrowing: Narrowing = { where: [], search: null, key: JSON.stringify(params.map((p) => [p.name, p.type === 'string' ? p.modifier : null, p.values])) };
  for (const p of params) {
    let part: Partial<Narrowing> | null;
    if (p.name === '_id' && p.type === 'token') {
      const ids = p.values.map((t) => decodeFhirId(fc.ctx.ids, [source.key], t.code)?.id).filter((n): n is number => n !== undefined);
      part = ids.length ? { where: [inIds('id', ids)] } : null;
    } else if (p.name === '_lastUpdated') {
      part = dates(source.updated, 'instant')(p, fc);
    } else {
      const narrower = source.narrow[p.name];
      part = narrower ? narrower(p, fc) : null;
    }
    if (part === null) return null;
    narrowing.where.push(...(part.where ?? []));
    narrowing.search ??= part.search ?? null;
  }
  return narrowing;
}

/** Removes what FHIR does not allow to be empty: undefined, null, '' and empty arrays and objects, at any depth. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact).filter((v) => !isEmpty(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compact(v);
      if (!isEmpty(c)) out[k] = c;
    }
    return out as T;
  }
  return value;
}
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

const resourceOf = (fc: FhirCall, source: Source, row: Record<string, unknown>): Resource => compact(source.toFhir(fc, row));

/**
 * `count` matches from `offset` on, the sources taken as one list in their order, and the exact total:
 * each source is counted, and read only where the window falls in it (a source before the window or
 * after it costs its count alone).
 */
export async function collect(fc: FhirCall, mapping: FhirMapping, params: ParsedParam[], offset: number, count: number): Promise<{ total: number; resources: Resource[] }> {
  const sources = visibleSources(fc, mapping);
  if (!sources.length) throw forbidden();
  let total = 0;
  const resources: Resource[] = [];
  for (const source of sources) {
    const narrowing = narrowSource(fc, source, params);
    if (!narrowing) continue;
    const start = Math.max(0, offset - total);
    const page = await source.page(fc, narrowing, start, Math.max(0, count - resources.length));
    total += page.total;
    for (const row of page.rows) resources.push(resourceOf(fc, source, row));
  }
  return { total, resources };
}

/** One record of a type by its FHIR id, as the caller may see it: 404 when no source knows it or the caller may not, 403 without the source's permission. */
export async function readOne(fc: FhirCall, mapping: FhirMapping, id: string): Promise<Resource> {
  for (const source of mapping.sources) {
    const decoded = decodeFhirId(fc.ctx.ids, [source.key], id);
    if (!decoded) continue;
    if (!fc.request.admin?.permissions.has(permissionOf(fc.ctx, source))) throw forbidden();
    const row = await source.read(fc, decoded.id);
    if (!row) throw notFound();
    return resourceOf(fc, source, row);
  }
  throw notFound();
}

/** The resources of `type` named by these ids that the caller may see (for `_include`), in one page per source. */
async function readMany(fc: FhirCall, mapping: FhirMapping, ids: string[]): Promise<Resource[]> {
  const out: Resource[] = [];
  for (const source of visibleSources(fc, mapping)) {
    const numbers = [...new Set(ids.map((id) => decodeFhirId(fc.ctx.ids, [source.key], id)?.id).filter((n): n is number => n !== undefined))];
    if (!numbers.length) continue;
    const page = await source.page(fc, { where: [inIds('id', numbers)], search: null }, 0, numbers.length);
    for (const row of page.rows) out.push(resourceOf(fc, source, row));
  }
  return out;
}

const entryOf = (fc: FhirCall, resource: Resource, mode: 'match' | 'include'): BundleEntry => ({
  fullUrl: `${fc.base}/${resource.resourceType}/${resource.id}`,
  resource,
  search: { mode },
});

/** A search of a type: the Bundle (searchset) of its page of matches, what `_include` asks for, the exact total and the links. */
export async function search(fc: FhirCall, types: FhirTypes, mapping: FhirMapping, query: Query): Promise<Bundle> {
  const req = readSearch(mapping, query);
  const { total, resources } = await collect(fc, mapping, req.params, req.offset, req.count);
  const entry = resources.map((r) => entryOf(fc, r, 'match'));
  const seen = new Set(entry.map((e) => e.fullUrl));
  for (const include of req.includes) {
    const spec = mapping.includes![include]!;
    const target = types.byType.get(spec.target);
    if (!target) continue;
    const ids = resources.flatMap((r) => spec.references(r)).map((ref) => ref.reference ?? '').filter((ref) => ref.startsWith(`${spec.target}/`)).map((ref) => ref.slice(spec.target.length + 1));
    for (const r of await readMany(fc, target, [...new Set(ids)])) {
      const e = entryOf(fc, r, 'include');
      if (seen.has(e.fullUrl)) continue;
      seen.add(e.fullUrl);
      entry.push(e);
    }
  }
  const url = (offset: number) => {
    const q = new URLSearchParams(req.given);
    for (const include of req.includes) q.append('_include', include);
    q.set('_count', String(req.count));
    if (offset > 0) q.set('_offset', String(offset));
    return `${fc.base}/${mapping.type}?${q.toString()}`;
  };
  const link: BundleLink[] = [{ relation: 'self', url: url(req.offset) }, { relation: 'first', url: url(0) }];
  if (req.offset > 0 && req.count > 0) link.push({ relation: 'previous', url: url(Math.max(0, Math.min(req.offset, total) - req.count)) });
  if (req.count > 0 && req.offset + req.count < total) link.push({ relation: 'next', url: url(req.offset + req.count) });
  return { resourceType: 'Bundle', type: 'searchset', total, link, entry };
}

/** The mappings whose `patient` parameter names a Patient: what `$everything` gathers for one. */
export const patientCompartment = (types: FhirTypes): FhirMapping[] =>
  types.list.filter((m) => m.params.patient?.targets?.includes('Patient'));

/**
 * `Patient/{id}/$everything`: the patient and every record of the types whose `patient` parameter can
 * name them (their family as RelatedPersons, appointments, conditions, medicines, prescriptions) that the
 * caller may see, read page by page through the same searches; a type the caller may not read is left out.
 */
export async function everything(fc: FhirCall, types: FhirTypes, mapping: FhirMapping, id: string): Promise<Bundle> {
  const subject = await readOne(fc, mapping, id);
  const entry = [entryOf(fc, subject, 'match')];
  const patient: ParsedParam = { name: 'patient', type: 'reference', values: [{ type: mapping.type, id }] };
  for (const related of patientCompartment(types)) {
    if (!visibleSources(fc, related).length) continue;
    for (let offset = 0; ; offset += MAX_COUNT) {
      const page = await collect(fc, related, [patient], offset, MAX_COUNT);
      for (const r of page.resources) entry.push(entryOf(fc, r, 'match'));
      if (offset + MAX_COUNT >= page.total) break;
    }
  }
  return { resourceType: 'Bundle', type: 'searchset', total: entry.length, link: [{ relation: 'self', url: `${fc.base}/${mapping.type}/${id}/$everything` }], entry };
}
