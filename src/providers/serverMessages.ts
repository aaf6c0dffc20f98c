/**
 * The server's texts as react-admin messages. An answer names each text's code beside it (`code`, `codes`:
 * docs/API-CONTRACT.md); a code of the catalogue (contract/messages.ts) becomes the translation key
 * `server.<code>`, carrying the values of its placeholders read back from the text, so a form or a toast
 * shows it in the user's language. A code the console does not know, or a text without one (an older server),
 * stays the server's text. The i18n provider reads these keys back (src/i18n/i18nProvider.ts).
 */
import { NESTED_VALUES, isServerMessageCode, readMessage, type ServerMessageCode } from '../../contract/messages';

export const SERVER_KEY_PREFIX = 'server.';

const NESTED: readonly string[] = NESTED_VALUES;

/** `server.<code>`, followed by its values as JSON when it has any (a nested catalogue text as a key itself). */
export function serverMessageKey(text: string, code: unknown): string {
  if (!isServerMessageCode(code)) return text;
  const read = readMessage(text, code);
  if (!read) return text;
  const values = Object.fromEntries(
    Object.entries(read.values).map(([name, value]) => [name, NESTED.includes(name) ? serverMessageKey(value, readMessage(value)?.code) : value]),
  );
  return `${SERVER_KEY_PREFIX}${code}${Object.keys(values).length ? ` ${JSON.stringify(values)}` : ''}`;
}

export interface ServerMessageRef {
  /** the translation key, `server.<code>` */
  key: string;
  code: ServerMessageCode;
  values: Record<string, string>;
}

/** What serverMessageKey wrote, read back; null for any other message. */
export function readServerMessageKey(message: string): ServerMessageRef | null {
  if (!message.startsWith(SERVER_KEY_PREFIX)) return null;
  const space = message.indexOf(' ');
  const code = space < 0 ? message.slice(SERVER_KEY_PREFIX.length) : message.slice(SERVER_KEY_PREFIX.length, space);
  if (!isServerMessageCode(code)) return null;
  let values: Record<string, string> = {};
  if (space >= 0) {
    try {
      values = JSON.parse(message.slice(space + 1)) as Record<string, string>;
    } catch {
      return null;
    }
  }
  return { key: `${SERVER_KEY_PREFIX}${code}`, code, values };
}

/** The values to translate a server message with: nested server messages translated first. */
export const serverMessageValues = (ref: ServerMessageRef, translate: (message: string) => string): Record<string, string> =>
  Object.fromEntries(Object.entries(ref.values).map(([name, value]) => [name, NESTED.includes(name) ? translate(value) : value]));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The code of an answer's message (`code`), or of a field's first message (`codes[field][0]`). */
export function answerCode(body: unknown, field?: string): unknown {
  if (!isRecord(body)) return undefined;
  if (field === undefined) return body.code;
  const codes = isRecord(body.codes) ? body.codes[field] : undefined;
  return Array.isArray(codes) ? codes[0] : undefined;
}
