import en from './en';

type Messages = { [key: string]: string | Messages };

const lookup = (messages: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/**
 * Translator for the screens rendered before react-admin loads (sign-in, password reset). It reads the same
 * dictionary as the admin app, with the same `%{name}` placeholders, but without i18next: these screens
 * must stay small. Plural variants are not needed here, so the first one is used.
 */
export const translate = (key: string, values: Record<string, string | number> = {}): string => {
  const message = lookup(en, key);
  if (message === undefined) return key;
  const [singular = message] = message.split(' |||| ');
  return singular.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
};
