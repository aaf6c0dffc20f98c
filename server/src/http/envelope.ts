import { codeOfMessage, messageText, readMessage } from '../../../contract/messages';

/** The success envelope of every /api/admin answer (DESIGN.md section 3). */
export const ok = <T>(data: T, message: string = messageText('success')) => ({ success: true as const, data, message });

export const MESSAGES = {
  created: messageText('created'),
  updated: messageText('updated'),
  deleted: messageText('deleted'),
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An envelope with the codes of its texts beside them (contract/messages.ts): `code` for `message`, and
 * `codes: { field: [code, ...] }` beside `error: { field: [text, ...] }`. A text outside the catalogue
 * has the code null (the console then shows the text). A message with placeholders also carries their
 * values (`values: { seconds: "42" }`), so a client can fill its own language's text without reading them
 * back from the English; a message naming kinds of records carries them as codes (StructuredValues,
 * contract/messages.ts), given by its sender. Anything that is not an envelope passes as it is.
 */
export function withCodes<T>(payload: T): T {
  if (!isRecord(payload) || typeof payload.success !== 'boolean' || 'code' in payload) return payload;
  const read = typeof payload.message === 'string' ? readMessage(payload.message) : null;
  const coded: Record<string, unknown> = { ...payload, code: read?.code ?? null };
  // values the sender gave (codes of kinds of records: StructuredValues) stand; others are read from the text
  if (payload.values === undefined && read && Object.keys(read.values).length) coded.values = read.values;
  if (isRecord(payload.error)) {
    coded.codes = Object.fromEntries(
      Object.entries(payload.error).map(([field, texts]) => [field, Array.isArray(texts) ? texts.map((text) => (typeof text === 'string' ? (codeOfMessage(text) ?? null) : null)) : []]),
    );
  } else if (payload.success === false) {
    coded.codes = null;
  }
  return coded as T;
}
