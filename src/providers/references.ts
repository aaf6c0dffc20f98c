/**
 * References between records, as react-admin holds them and as /api/admin wants them. A record's `id`
 * is the server's encrypted id (routes and the console's addresses carry it), while the server's
 * foreign keys are its numeric ids. Screens hold references as react-admin ids: a record read has
 * `doctor_id` (or `district_ids`) as the named records' ids, and screens give references as ids
 * (`doctor_id: doctor.id`). The provider turns them back into the server's numeric keys for filters
 * and bodies. It knows each encrypted id's number from the records it has read (every record and
 * embedded relation carries both), and asks the server (`GET /{resource}?ids[]=...`, which takes
 * encrypted ids and numbers alike) for one it has not seen.
 */
import { isRecord } from './http';

/**
 * The fields of records, filters and bodies that name records, with the resources those records may
 * be of (the first one is what a record read names: its number becomes that resource's id). A field
 * holds one key, or a list of keys (a list of `{ id, ... }` rows when read, a task's CHWs say).
 */
export const REFERENCES: Record<string, readonly string[]> = {
  doctor_id: ['doctors'],
  patient_id: ['app-users', 'family-members'],
  parent_id: ['app-users'],
  chw_id: ['chw'],
  campaign_id: ['campaigns'],
  survey_id: ['dynamic-forms'],
  knowledge_id: ['health-literacy-content'],
  category_id: ['categories'],
  qualification_id: ['qualifications'],
  specialization_id: ['specializations'],
  district_id: ['districts'],
  tehsil_id: ['tehsils'],
  area_id: ['areas'],
  country_id: ['countries'],
  city_id: ['cities'],
  request_id: ['appointment-requests'],
  appointment_id: ['appointments'],
  cancel_reason_id: ['cancellation-reasons'],
  specializationIds: ['specializations'],
  district_ids: ['districts'],
  interest_ids: ['interests'],
  person_ids: ['chw'],
};

/** encrypted id → number (an encrypted id is of one resource only: the server keys each resource apart) */
const numberOf = new Map<string, number>();
/** resource → number → encrypted id */
const encryptedOf = new Map<string, Map<number, string>>();

const learn = (resource: string | undefined, value: Record<string, unknown>) => {
  if (typeof value.encrypted_id !== 'string' || typeof value.id !== 'number') return;
  numberOf.set(value.encrypted_id, value.id);
  if (resource === undefined) return;
  let known = encryptedOf.get(resource);
  if (!known) encryptedOf.set(resource, (known = new Map()));
  known.set(value.id, value.encrypted_id);
};

/** Embedded relations not named after their key (`reason` beside `cancel_reason_id`). */
const RELATION_KEYS: Record<string, string> = { reason: 'cancel_reason_id' };

/** The resource a record read names in `field`. */
const readResource = (field: string): string | undefined => REFERENCES[field]?.[0];

/**
 * Notes the numeric id of a record of `resource` as the server presented it, and of the relations it
 * embeds (`district: { id, encrypted_id }` beside `district_id`; lists of them, such as a doctor's
 * `specializations`, and theirs in turn), so that a write naming one by its id sends its number.
 */
export function rememberIds(raw: unknown, resource?: string): void {
  if (!isRecord(raw)) return;
  learn(resource, raw);
  for (const [key, value] of Object.entries(raw)) {
    // a key's encrypted id given beside it (a request's `appointment_encrypted_id` beside `appointment_id`)
    const keyField = key.endsWith('_encrypted_id') ? `${key.slice(0, -'_encrypted_id'.length)}_id` : undefined;
    if (keyField !== undefined && typeof value === 'string') learn(readResource(keyField), { id: raw[keyField], encrypted_id: value });
    const embedded = Array.isArray(value) ? value.filter(isRecord) : isRecord(value) ? [value] : [];
    // a list is of no one field's resource: its ids are noted without it (enough for writes)
    const of = Array.isArray(value) ? undefined : readResource(RELATION_KEYS[key] ?? `${key}_id`);
    for (const item of embedded) if (typeof item.encrypted_id === 'string' && typeof item.id === 'number') rememberIds(item, of);
  }
}

/** A key to send: a number (or numeric text) as it is, a known encrypted id as its number; undefined when unknown. */
const known = (value: unknown): unknown => (typeof value === 'string' && !/^\d+$/.test(value) ? numberOf.get(value) : value);

/** Looks up the records of `resource` with these ids (encrypted or numbers); resolves with what the server found. */
export type IdLookup = (resource: string, ids: (string | number)[]) => Promise<{ id: unknown; encrypted_id: unknown }[]>;

/** The keys of a field's value: the value itself, or each item of a list (a row's `id`). */
const keysOf = (value: unknown): unknown[] => (Array.isArray(value) ? value.map((item) => (isRecord(item) ? item.id : item)) : [value]);

const refused = (error: unknown): boolean => {
  const status = isRecord(error) || error instanceof Error ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** Ids asked for in one request at most (the address stays short: a page of tasks may name thousands of CHWs). */
const IDS_PER_LOOKUP = 100;

/**
 * Asks for these ids of the field's resources (in turn, until every one is known); refusals are
 * skipped. Resolves with whether every request was answered (so what is still unknown was not found).
 */
async function ask(resources: readonly string[], ids: (string | number)[], isKnown: (id: string | number) => boolean, lookup: IdLookup): Promise<boolean> {
  let missing = [...new Set(ids)].filter((id) => !isKnown(id));
  let answered = true;
  for (const resource of resources) {
    if (missing.length === 0) break;
    for (let start = 0; start < missing.length; start += IDS_PER_LOOKUP) {
      try {
        for (const record of await lookup(resource, missing.slice(start, start + IDS_PER_LOOKUP))) if (isRecord(record)) learn(resource, record);
      } catch (error) {
        // a resource the admin may not list (nor choose from), a refusal that stands: try the next one;
        // a network error or a server fault may pass
        if (!refused(error)) answered = false;
      }
    }
    missing = missing.filter((id) => !isKnown(id));
  }
  return answered;
}

/**
 * The filter or body with each reference field (REFERENCES) given as the server's numeric keys. An id
 * the server does not know stays as given (the server then answers as for any bad value).
 */
export async function toServerKeys(values: Record<string, unknown>, lookup: IdLookup): Promise<Record<string, unknown>> {
  const fields = Object.keys(values).filter((field) => field in REFERENCES && values[field] != null && values[field] !== '');
  if (fields.length === 0) return values;
  for (const field of fields) {
    const unknown = keysOf(values[field]).filter((key): key is string => typeof key === 'string' && known(key) === undefined);
    if (unknown.length) await ask(REFERENCES[field] ?? [], unknown, (id) => known(id) !== undefined, lookup);
  }
  const out = { ...values };
  for (const field of fields) {
    const value = values[field];
    out[field] = Array.isArray(value) ? keysOf(value).map((key) => known(key) ?? key) : (known(value) ?? value);
  }
  return out;
}

const idOf = (resource: string | undefined, key: unknown): unknown =>
  (resource !== undefined && typeof key === 'number' ? encryptedOf.get(resource)?.get(key) : undefined) ?? key;

/**
 * A record read with its reference fields as react-admin ids: each number the field's resource
 * (REFERENCES) has an id for is that id; a list of `{ id, ... }` rows keeps its rows with their ids
 * so given. A number not known stays a number.
 */
export function withRecordIds<R extends Record<string, unknown>>(record: R): R {
  let out: Record<string, unknown> | null = null;
  for (const [field, value] of Object.entries(record)) {
    const resource = readResource(field);
    if (resource === undefined || value == null) continue;
    const given = Array.isArray(value)
      ? value.map((item) => (isRecord(item) ? { ...item, id: idOf(resource, item.id) } : idOf(resource, item)))
      : idOf(resource, value);
    (out ??= { ...record })[field] = given;
  }
  return (out ?? record) as R;
}

/** Numbers the server was asked for and did not find, per resource (not asked again). */
const unfound = new Map<string, Set<number>>();

/**
 * Records read with their reference fields as react-admin ids (withRecordIds), after asking the server
 * once per resource for the numbers not seen yet.
 */
export async function toRecordIds<R extends Record<string, unknown>>(records: R[], lookup: IdLookup): Promise<R[]> {
  const wanted = new Map<string, Set<number>>();
  for (const record of records) {
    for (const [field, value] of Object.entries(record)) {
      const resource = readResource(field);
      if (resource === undefined || value == null) continue;
      for (const key of keysOf(value)) {
        if (typeof key !== 'number' || encryptedOf.get(resource)?.has(key) || unfound.get(resource)?.has(key)) continue;
        if (!wanted.has(resource)) wanted.set(resource, new Set());
        wanted.get(resource)!.add(key);
      }
    }
  }
  for (const [resource, numbers] of wanted) {
    const answered = await ask([resource], [...numbers], (id) => encryptedOf.get(resource)?.has(Number(id)) === true, lookup);
    const missed = [...numbers].filter((n) => !encryptedOf.get(resource)?.has(n));
    // not found, or refused, by a server that answered: not asked for again (a network error may pass)
    if (answered && missed.length) {
      if (!unfound.has(resource)) unfound.set(resource, new Set());
      for (const n of missed) unfound.get(resource)!.add(n);
    }
  }
  return records.map(withRecordIds);
}
