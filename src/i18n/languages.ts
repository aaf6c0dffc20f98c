import { localPreference, usePreference } from '../layout/localPreference';

/**
 * The seven offered languages (spec 3 section 9; DESIGN.md section 5: all of them with full dictionaries,
 * Arabic right to left). The chooser shows each name in its own language. This module is part of the
 * sign-in bundle: it holds no dictionary.
 */
export type LanguageCode = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'zh' | 'ar';
export type Direction = 'ltr' | 'rtl';

export interface Language {
  code: LanguageCode;
  /** The language's name in that language. */
  name: string;
  direction: Direction;
  /** The `lang` attribute of the page. */
  tag: string;
  /** Locale of dates and numbers; English shows dates in the spec's en-GB form (spec 1 section 9). */
  dateLocale: string;
  /** "Language", in that language: the chooser's label. */
  chooseLabel: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English (US)', direction: 'ltr', tag: 'en-US', dateLocale: 'en-GB', chooseLabel: 'Language' },
  { code: 'de', name: 'Deutsch', direction: 'ltr', tag: 'de', dateLocale: 'de-DE', chooseLabel: 'Sprache' },
  { code: 'es', name: 'Español', direction: 'ltr', tag: 'es', dateLocale: 'es-ES', chooseLabel: 'Idioma' },
  { code: 'fr', name: 'Français', direction: 'ltr', tag: 'fr', dateLocale: 'fr-FR', chooseLabel: 'Langue' },
  { code: 'pt', name: 'Português (BR)', direction: 'ltr', tag: 'pt-BR', dateLocale: 'pt-BR', chooseLabel: 'Idioma' },
  { code: 'zh', name: '简体中文', direction: 'ltr', tag: 'zh-Hans', dateLocale: 'zh-CN', chooseLabel: '语言' },
  { code: 'ar', name: 'العربية', direction: 'rtl', tag: 'ar-AE', dateLocale: 'ar-AE', chooseLabel: 'اللغة' },
];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** The local-storage key the spec names (spec 3 section 9). */
export const LANGUAGE_STORAGE_KEY = 'currentLanguage';

const byCode = new Map<string, Language>(LANGUAGES.map((language) => [language.code, language]));

export const isLanguageCode = (value: unknown): value is LanguageCode => typeof value === 'string' && byCode.has(value);

/**
 * A supported code for a stored or requested value: the code itself, or the language of a regional tag
 * ("pt-BR", "ar_AE"); anything else is English.
 */
export const toLanguageCode = (value: string | null | undefined): LanguageCode => {
  if (!value) return DEFAULT_LANGUAGE;
  const normalised = value.trim().toLowerCase();
  if (isLanguageCode(normalised)) return normalised;
  const primary = normalised.split(/[-_]/)[0];
  return isLanguageCode(primary) ? primary : DEFAULT_LANGUAGE;
};

export const getLanguage = (code: string | null | undefined): Language =>
  byCode.get(toLanguageCode(code)) ?? (byCode.get(DEFAULT_LANGUAGE) as Language);

export const languageDirection = (code: string | null | undefined): Direction => getLanguage(code).direction;

/** The stored choice, read by every screen (sign-in and console) and shared across tabs. */
export const languagePreference = localPreference<LanguageCode>(
  LANGUAGE_STORAGE_KEY,
  (raw) => toLanguageCode(raw),
  (code) => code,
);

/** The stored language; a missing, unsupported or unreadable value is English. */
export const getStoredLanguage = (): LanguageCode => {
  try {
    return languagePreference.read();
  } catch {
    // Storage disabled (privacy mode, sandboxed frame).
    return DEFAULT_LANGUAGE;
  }
};

/** Stores the choice under `currentLanguage`; every reader of the preference follows. */
export const storeLanguage = (code: string): LanguageCode => {
  const language = toLanguageCode(code);
  try {
    languagePreference.write(language);
  } catch {
    // Not persisted; the session goes on in the language asked for.
  }
  return language;
};

/** The stored language as React state: the component re-renders when it changes. */
export const useStoredLanguage = (): LanguageCode => usePreference(languagePreference);

/** The locale dates and numbers are written in: en-GB for English (spec 1 section 9), else the language's own. */
export const dateLocale = (code: string | null | undefined): string => getLanguage(code).dateLocale;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The date format of `locale` with these options, made once and kept: making an Intl.DateTimeFormat
 * costs about a millisecond (its locale data), and a calendar of 31 days wrote each day with a new one
 * on every render. The options are the code's own (a handful), the locales the console's languages.
 */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat => {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
};
