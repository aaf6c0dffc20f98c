import type { IdCodec } from '../http/ids';

/**
 * FHIR ids are the console's encrypted ids (http/ids.ts: 22 base64url characters) with `_` written as
 * `.`: a FHIR id allows only `[A-Za-z0-9\-\.]{1,64}`, and `.` never occurs in base64url, so the two
 * spellings map one to one and a record has the same opaque, tamper-evident id in both APIs (the
 * console's `Patient.../` address and `/fhir/Patient/...` differ only in that character).
 */
export const toFhirId = (encrypted: string): string => encrypted.replaceAll('_', '.');

/** The console's encrypted id of a FHIR id, or null when the text cannot be one. */
export const fromFhirId = (id: string): string | null => (/^[A-Za-z0-9\-.]{1,64}$/.test(id) ? id.replaceAll('.', '_') : null);

/** The FHIR id of record `id` under the id key `key` (a resource's name, or the key of its child rows). */
export const fhirIdOf = (ids: IdCodec, key: string, id: number): string => toFhirId(ids.encode(key, id));

/** The record a FHIR id names under one of `keys`: the key that decodes it and the number, or null. */
export function decodeFhirId(ids: IdCodec, keys: readonly string[], id: string): { key: string; id: number } | null {
  const encrypted = fromFhirId(id);
  if (encrypted === null) return null;
  for (const key of keys) {
    const n = ids.decode(key, encrypted);
    if (n !== null) return { key, id: n };
  }
  return null;
}
