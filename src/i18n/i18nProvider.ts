import { createInstance } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import { startTransition, useMemo } from 'react';
import { localStorageStore, type I18nProvider, type Locale } from 'react-admin';
import { readServerMessageKey, serverMessageValues } from '../providers/serverMessages';
import en from './en';
import { loadDictionary } from './dictionaries';
import { loadDirection } from './direction';
import { mergeMessages, type Messages } from './messages';
import { LANGUAGES, getStoredLanguage, storeLanguage, toLanguageCode, type LanguageCode } from './languages';

/** The seven languages, each named in its own language (react-admin's getLocales). */
export const availableLocales: Locale[] = LANGUAGES.map(({ code, name }) => ({ locale: code, name }));

/**
 * ra-i18n-i18next declares i18next 23 and keeps a private copy; it only calls use(), init(), t(),
 * changeLanguage() and loadLanguages(), which the app's i18next (the one the sign-in screens use) has too.
 */
type RaI18nextInstance = Parameters<typeof getI18nProvider>[0];

/** Polyglot's order of the six CLDR plural forms, for a message that gives all six (Arabic may). */
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const toI18nextText = (text: string) => text.replace(/%\{([\w-]*)\}/g, '{{$1}}');

/**
 * react-admin messages as i18next resources for one language: `%{x}` becomes `{{x}}`, and a
 * `singular |||| plural` message becomes one key per plural category of the language (`name_one`,
 * `name_other`; Arabic also `_zero`, `_two`, `_few`, `_many`, which take the plural text unless the message
 * gives all six forms). ra-i18n-i18next's own converter writes `_one`/`_other` only, so Arabic counts of
 * 0, 2 or 3–99 would fall back to English.
 */
export const toI18nextResources = (messages: Messages, language: string): Messages => {
  const categories = new Set<string>([...new Intl.PluralRules(language).resolvedOptions().pluralCategories, 'one', 'other']);
  const convert = (node: Messages): Messages => {
    const converted: Messages = {};
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string') {
        converted[key] = convert(value);
        continue;
      }
      const variants = value.split(' |||| ').map(toI18nextText);
      if (variants.length === 1) {
        converted[key] = variants[0] as string;
        continue;
      }
      const forms: Partial<Record<string, string>> =
        variants.length === PLURAL_FORMS.length
          ? Object.fromEntries(PLURAL_FORMS.map((form, index) => [form, variants[index]]))
          : { one: variants[0], other: variants[variants.length - 1] };
      for (const category of categories) converted[`${key}_${category}`] = forms[category] ?? (forms.other as string);
    }
    return converted;
  };
  return convert(messages);
};

/** English: ra-language-english overlaid with the app dictionary. Other dictionaries are complete. */
const loadMessages = async (language: LanguageCode): Promise<Messages> =>
  language === 'en' ? mergeMessages(englishMessages as Messages, en) : loadDictionary(language);

/**
 * react-admin keeps its own copy of the locale (`RaStore.locale` in <Admin>'s default store) and applies it
 * when the admin mounts. The stored `currentLanguage` is the one that counts, and it may have changed since
 * (the sign-in screens have a chooser): call this before <Admin> mounts to bring react-admin's copy in line.
 */
export const alignAdminLocale = (): LanguageCode => {
  const language = getStoredLanguage();
  localStorageStore().setItem('locale', language);
  return language;
};

/**
 * Builds react-admin's i18nProvider, served by i18next, in the stored language (`currentLanguage`).
 * A language's dictionary is fetched the first time it is chosen; choosing one stores it.
 */
export const createI18nProvider = async (initial: LanguageCode = getStoredLanguage()): Promise<ConsoleI18nProvider> => {
  const instance = createInstance();
  const resources: Record<string, { translation: Messages }> = {};
  const load = async (language: LanguageCode) => {
    resources[language] ??= { translation: toI18nextResources(await loadMessages(language), language) };
    return resources[language];
  };
  // English is the fallback for anything a dictionary lacks; the tests keep them complete.
  // and the stored language's direction is ready before the console is drawn in it
  await Promise.all([load('en'), load(initial), loadDirection(initial)]);
  const provider = await getI18nProvider(
    instance as unknown as RaI18nextInstance,
    {
      lng: initial,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES.map(({ code }) => code),
      nsSeparator: false,
      interpolation: { escapeValue: false },
      resources: { ...resources },
    },
    availableLocales,
  );
  // a server text the data provider turned into `server.<code> {values}` (providers/serverMessages.ts)
  const translate: I18nProvider['translate'] = (key, options) => {
    const server = typeof key === 'string' ? readServerMessageKey(key) : null;
    if (!server) return provider.translate(key, options);
    const values = serverMessageValues(server, (nested, options) => translate(nested, options), provider.getLocale());
    return provider.translate(server.key, { ...(options as Record<string, unknown> | undefined), ...values, _: undefined });
  };
  /** Fetches a language's dictionary and direction, and makes i18next answer in it. */
  const switchTo = async (language: LanguageCode) => {
    const [bundle] = await Promise.all([load(language), loadDirection(language)]);
    if (!instance.hasResourceBundle(language, 'translation')) {
      instance.addResourceBundle(language, 'translation', bundle.translation);
    }
    await provider.changeLocale(language);
  };
  return {
    ...provider,
    translate,
    changeLocale: async (locale: string) => {
      const language = toLanguageCode(locale);
      await switchTo(language);
      // The direction (DirectionProvider) follows the stored choice, so it flips with the new messages.
      storeLanguage(language);
    },
    switchLocale: async (locale: string, apply: () => void) => {
      const language = toLanguageCode(locale);
      await switchTo(language);
      // one update for react-admin's copy of the locale (apply), the stored choice and so the console's
      // direction and words (useConsoleLanguage, useLanguageI18nProvider): a transition, drawn in slices
      // the page stays responsive between
      startTransition(() => {
        apply();
        storeLanguage(language);
      });
    },
  };
};

/** Our provider: react-admin's, and a change of language drawn in place (LanguageMenu). */
export interface ConsoleI18nProvider extends I18nProvider {
  /**
   * Changes the language without react-admin's remount of the whole console (its I18nContextProvider
   * remounts everything under it when its stored locale and the provider's differ): the dictionary and
   * the direction fetched, i18next switched, then `apply` (which sets react-admin's stored locale, so
   * it finds the provider already in it) and the stored choice in one transition. The console gives
   * react-admin a new provider object for each language (useLanguageI18nProvider), so every `translate`
   * user draws again with the new words, in the same render as the new direction.
   */
  switchLocale(locale: string, apply: () => void): Promise<void>;
}

export const hasSwitchLocale = (provider: I18nProvider): provider is ConsoleI18nProvider =>
  typeof (provider as Partial<ConsoleI18nProvider>).switchLocale === 'function';

/**
 * The provider to give react-admin while `language` is shown: a new object for each language, so
 * react-admin's I18nContext changes and each component translating draws again (a re-render, not the
 * remount react-admin does on its own change of locale).
 */
export const useLanguageI18nProvider = <P extends I18nProvider>(provider: P, language: LanguageCode): P =>
  // `language` is not read: a new object per language is the point
  useMemo(() => ({ ...provider }), [provider, language]);
