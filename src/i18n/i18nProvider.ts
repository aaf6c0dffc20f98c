import { createInstance } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type I18nProvider } from 'react-admin';
import en from './en';

export const availableLocales = [{ locale: 'en', name: 'English' }];

/**
 * ra-i18n-i18next declares i18next 23 and keeps a private copy; it only calls use(), init(), t(),
 * changeLanguage() and loadLanguages(), which the app's i18next (the one the sign-in screens use) has too.
 */
type RaI18nextInstance = Parameters<typeof getI18nProvider>[0];

/** Builds react-admin's i18nProvider: ra-language-english overlaid with the app dictionary, served by i18next. */
export const createI18nProvider = (): Promise<I18nProvider> =>
  getI18nProvider(
    createInstance() as unknown as RaI18nextInstance,
    {
      lng: 'en',
      fallbackLng: 'en',
      nsSeparator: false,
      interpolation: { escapeValue: false },
      resources: {
        en: { translation: convertRaTranslationsToI18next(mergeTranslations(englishMessages, en)) },
      },
    },
    availableLocales,
  );
