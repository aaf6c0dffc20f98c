import { useEffect, useSyncExternalStore } from 'react';
import authEn from './authEn';
import { loadDictionary } from './dictionaries';
import { lookupMessage, type Messages } from './messages';
import { loadDirection } from './direction';
import { DEFAULT_LANGUAGE, storeLanguage, toLanguageCode, useStoredLanguage, type LanguageCode } from './languages';

/**
 * Translator for the screens rendered before react-admin loads (sign-in, password reset). It reads the same
 * dictionaries as the admin app, with the same `%{name}` placeholders, but without i18next: these screens
 * must stay small, so only their English words are built in (authEn.ts) and another language's dictionary is
 * its own chunk, loaded when stored or chosen. Plural variants are not needed here, so the first one is used.
 */
const english: Messages = { app: authEn };
let messages: Messages = english;
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

/**
 * Loads a language's dictionary for these screens, and its direction's styles (right to left for Arabic);
 * the last call wins when several overlap.
 */
export const loadAuthLanguage = async (code: string): Promise<LanguageCode> => {
  const language = toLanguageCode(code);
  const request = ++latestRequest;
  const [dictionary] = await Promise.all([language === DEFAULT_LANGUAGE ? english : loadDictionary(language), loadDirection(language)]);
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
  const message = lookupMessage(messages, key) ?? lookupMessage(english, key);
  if (message === undefined) return key;
  const [singular = message] = message.split(' |||| ');
  return singular.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
};

/**
 * A server text as these screens show it: the translation of its code (`server.<code>`, src/i18n/server/)
 * in the chosen language, its placeholders filled from the answer's `values`; else the text as the server
 * wrote it (English, a code without a translation, or a text whose values the answer did not carry: the
 * catalogue that reads values back from the English stays out of this small bundle).
 */
export const translateServerText = (text: string, code: unknown, values?: unknown): string => {
  if (typeof code !== 'string' || !/^\w+$/.test(code)) return text;
  const message = lookupMessage(messages, `server.${code}`);
  if (message === undefined) return text;
  const given = typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
  const names = [...message.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.some((name) => typeof given[name] !== 'string' && typeof given[name] !== 'number')) return text;
  return message.replace(/%\{(\w+)\}/g, (_placeholder, name: string) => String(given[name]));
};
