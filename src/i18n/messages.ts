/** A dictionary in react-admin's format: nested keys, `%{name}` placeholders, `singular |||| plural`. */
export interface Messages {
  [key: string]: string | Messages;
}

/** `override` laid over `base`, key by key, neither changed. */
export const mergeMessages = (base: Messages, override: Messages): Messages => {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const below = merged[key];
    merged[key] = typeof value === 'object' && typeof below === 'object' ? mergeMessages(below, value) : value;
  }
  return merged;
};

/** Looks a dotted key up; undefined when it is missing or names a group rather than a message. */
export const lookupMessage = (messages: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** Every message under its dotted key. */
export const flattenMessages = (messages: Messages, prefix = ''): Record<string, string> => {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flattenMessages(value, `${prefix}${key}.`));
  }
  return flat;
};

/**
 * A translation of the dictionary `T` (a module's English words): the same keys, each message any text.
 * `satisfies Translation<typeof en>` makes the compiler report a key missing or unknown.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Several dictionaries laid over one another, in order. */
export const mergeAll = (dictionaries: readonly Messages[]): Messages => dictionaries.reduce(mergeMessages, {});

/** The languages other than English, each of which a module's words give (src/i18n/languages.ts lists them all). */
type Translated = 'de' | 'es' | 'fr' | 'pt' | 'zh' | 'ar';

/** A module's words in every language: each language's dictionary of that module (what `words/<lang>.ts` would hold). */
export type ModuleWords = Record<'en' | Translated, Messages>;

/**
 * The words of a module in one file, every language side by side (src/resources/<name>/words.ts, gathered by
 * src/i18n/modules/<lang>.ts): each language gives the module's `resources.<name>` subtree, English first and
 * each other language typed against it, so the compiler reports a language, a key missing or a key unknown.
 */
export const moduleWords = <En extends Messages>(name: string, words: { en: En } & { [L in Translated]: Translation<NoInfer<En>> }): ModuleWords => {
  // each language's subtree (a translation of a generic English is a dictionary too, which the compiler cannot see)
  const given = words as unknown as ModuleWords;
  const wrap = (code: keyof ModuleWords): Messages => ({ resources: { [name]: given[code] } });
  return { en: wrap('en'), de: wrap('de'), es: wrap('es'), fr: wrap('fr'), pt: wrap('pt'), zh: wrap('zh'), ar: wrap('ar') };
};
