/**
 * References between records, as react-admin holds them and as /api/admin wants them. A record's `id`
 * is the server's encrypted id (routes and the console's addresses carry it), while the server's
 * foreign keys are its numeric ids. Screens give references as react-admin ids (`doctor_id:
 * doctor.id`); the provider sends the numeric key. It knows each encrypted id's number from the
 * records it has read (every record and embedded relation carries both), and asks the server
 * (`GET /{resource}?ids[]=...`, which takes encrypted ids) for one it has not seen.
 */
import { isRecord } from './http';

/** The filter and body fields that name a record, with the resources that record may be of. */
export const REFERENCES: Record<string, readonly string[]> = {
  doctor_id: ['doctors'],
  patient_id: ['app-users', 'family-members'],
  parent_id: ['app-users'],
  chw_id: ['chw'],
  campaign_id: ['campaigns'],
};

const numberOf = new Map<string, number>();

/** Notes the numeric id of a record as the server presented it, and of the relations it embeds. */
export function rememberIds(raw: unknown): void {
  if (!isRecord(raw)) return;
  const learn = (value: Record<string, unknown>) => {
    if (typeof value.encrypted_id === 'string' && typeof value.id === 'number') numberOf.set(value.encrypted_id, value.id);
  };
  learn(raw);
  for (const value of Object.values(raw)) if (isRecord(value)) learn(value);
}

/** A key to send: a number (or numeric text) as it is, a known encrypted id as its number; undefined when unknown. */
const known = (value: unknown): unknown => (typeof value === 'string' && !/^\d+$/.test(value) ? numberOf.get(value) : value);

/** Looks up the encrypted ids of `resource` not seen yet; resolves with what the server found. */
export type IdLookup = (resource: string, encryptedIds: string[]) => Promise<{ id: unknown; encrypted_id: unknown }[]>;

/**
 * The filter or body with each reference field (REFERENCES) given as the server's numeric key. An id
 * the server does not know stays as given (the server then answers as for any bad value).
 */
export async function toServerKeys(values: Record<string, unknown>, lookup: IdLookup): Promise<Record<string, unknown>> {
  const fields = Object.keys(values).filter((field) => field in REFERENCES && values[field] != null);
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || known(value) !== undefined) continue;
    for (const resource of REFERENCES[field] ?? []) {
      try {
        for (const record of await lookup(resource, [value])) rememberIds(record);
      } catch {
        // a resource the admin may not list: try the next one
      }
      if (known(value) !== undefined) break;
    }
  }
  if (fields.length === 0) return values;
  const out = { ...values };
  for (const field of fields) out[field] = known(values[field]) ?? values[field];
  return out;
}
