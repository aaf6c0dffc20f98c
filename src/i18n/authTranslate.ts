import { useEffect, useSyncExternalStore } from 'react';
import en from './en';
import { loadDictionary } from './dictionaries';
import { lookupMessage, type Messages } from './messages';
import { DEFAULT_LANGUAGE, storeLanguage, toLanguageCode, useStoredLanguage, type LanguageCode } from './languages';

/**
 * Translator for the screens rendered before react-admin loads (sign-in, password reset). It reads the same
 * dictionaries as the admin app, with the same `%{name}` placeholders, but without i18next: these screens
 * must stay small, so English is built in and another language's dictionary is its own chunk, loaded when
 * stored or chosen. Plural variants are not needed here, so the first one is used.
 */
let messages: Messages = en;
let loaded: LanguageCode = DEFAULT_LANGUAGE;
let latestRequest = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getLoaded = () => loaded;

/** Loads a language's dictionary for these screens; the last call wins when several overlap. */
export const loadAuthLanguage = async (code: string): Promise<LanguageCode> => {
  const language = toLanguageCode(code);
  const request = ++latestRequest;
  const dictionary = await loadDictionary(language);
  if (request === latestRequest && language !== loaded) {
    messages = dictionary;
    loaded = language;
    listeners.forEach((listener) => listener());
  }
  return language;
};

/** The language chooser of these screens: loads the dictionary, then stores the choice. */
export const chooseAuthLanguage = async (code: string): Promise<void> => {
  const language = await loadAuthLanguage(code);
  storeLanguage(language);
};

/**
 * The language these screens are shown in, re-rendering the caller when it changes. It follows the stored
 * choice (another tab's too) once that language's dictionary has arrived.
 */
export const useAuthLanguage = (): LanguageCode => {
  const stored = useStoredLanguage();
  const current = useSyncExternalStore(subscribe, getLoaded, getLoaded);
  useEffect(() => {
    if (stored !== current) void loadAuthLanguage(stored);
  }, [stored, current]);
  return current;
};

export const translate = (key: string, values: Record<string, string | number> = {}): string => {
  const message = lookupMessage(messages, key) ?? lookupMessage(en, key);
  if (message === undefined) return key;
  const [singular = message] = message.split(' |||| ');
  return singular.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
};
