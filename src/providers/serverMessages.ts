/**
 * The server's texts as react-admin messages. An answer names each text's code beside it (`code`, `codes`:
 * docs/API-CONTRACT.md); a code of the catalogue (contract/messages.ts) becomes the translation key
 * `server.<code>`, carrying the values of its placeholders read back from the text, so a form or a toast
 * shows it in the user's language. A code the console does not know, or a text without one (an older server),
 * stays the server's text. The i18n provider reads these keys back (src/i18n/i18nProvider.ts).
 */
import { NESTED_VALUES, isRecordNoun, isServerMessageCode, readMessage, type RecordCount, type ServerMessageCode } from '../../contract/messages';

export const SERVER_KEY_PREFIX = 'server.';

const NESTED: readonly string[] = NESTED_VALUES;

const isRecordCount = (value: unknown): value is RecordCount =>
  isRecord(value) && isRecordNoun(value.noun) && typeof value.count === 'number';

/**
 * The values an answer sent as codes (`values` beside `code`: a record in use names its resource and the
 * kinds of records using it, contract/messages.ts StructuredValues), or null when it sent none.
 */
const structuredValues = (values: unknown): Record<string, unknown> | null => {
  if (!isRecord(values)) return null;
  const coded = Object.entries(values).some(([name, value]) => name === 'resource' || (Array.isArray(value) && value.every(isRecordCount)));
  return coded ? values : null;
};

/**
 * `server.<code>`, followed by its values as JSON when it has any (a nested catalogue text as a key itself).
 * The values are read back from the text, except those the answer sent as codes (`sent`: the envelope's
 * `values`), which are kept as codes for the reader's language.
 */
export function serverMessageKey(text: string, code: unknown, sent?: unknown): string {
  if (!isServerMessageCode(code)) return text;
  const read = readMessage(text, code);
  if (!read) return text;
  const values = structuredValues(sent) ?? Object.fromEntries(
    Object.entries(read.values).map(([name, value]) => [name, NESTED.includes(name) ? serverMessageKey(value, readMessage(value)?.code) : value]),
  );
  return `${SERVER_KEY_PREFIX}${code}${Object.keys(values).length ? ` ${JSON.stringify(values)}` : ''}`;
}

export interface ServerMessageRef {
  /** the translation key, `server.<code>` */
  key: string;
  code: ServerMessageCode;
  values: Record<string, unknown>;
}

/** What serverMessageKey wrote, read back; null for any other message. */
export function readServerMessageKey(message: string): ServerMessageRef | null {
  if (!message.startsWith(SERVER_KEY_PREFIX)) return null;
  const space = message.indexOf(' ');
  const code = space < 0 ? message.slice(SERVER_KEY_PREFIX.length) : message.slice(SERVER_KEY_PREFIX.length, space);
  if (!isServerMessageCode(code)) return null;
  let values: Record<string, unknown> = {};
  if (space >= 0) {
    try {
      values = JSON.parse(message.slice(space + 1)) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return { key: `${SERVER_KEY_PREFIX}${code}`, code, values };
}

/**
 * The values to translate a server message with: nested server messages translated first; values sent as
 * codes in the reader's language: a resource as its name (`noun`), counts of records as "2 tehsils and 1 VC"
 * (`server_nouns.<code>`, joined as the language joins a list).
 */
export function serverMessageValues(ref: ServerMessageRef, translate: (message: string, options?: Record<string, unknown>) => string, locale = 'en'): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(ref.values)) {
    if (name === 'resource' && typeof value === 'string') values.noun = translate(`resources.${value}.name`, { smart_count: 1 });
    else if (Array.isArray(value)) values[name] = listOf(value.filter(isRecordCount).map(({ noun, count }) => translate(`server_nouns.${noun}`, { smart_count: count })), locale);
    else values[name] = NESTED.includes(name) ? translate(String(value)) : String(value);
  }
  return values;
}

/** Items joined as the language joins a list ("a, b and c", "a، b و c"). */
function listOf(items: string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The code of an answer's message (`code`), or of a field's first message (`codes[field][0]`). */
export function answerCode(body: unknown, field?: string): unknown {
  if (!isRecord(body)) return undefined;
  if (field === undefined) return body.code;
  const codes = isRecord(body.codes) ? body.codes[field] : undefined;
  return Array.isArray(codes) ? codes[0] : undefined;
}

/** The values an answer sent beside its message's code (`values`). */
export const answerValues = (body: unknown): unknown => (isRecord(body) ? body.values : undefined);
