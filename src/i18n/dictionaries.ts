import type { LanguageCode } from './languages';
import type { Messages } from './messages';

/**
 * Every language is its own chunk, fetched when chosen: the sign-in bundle carries only the English words of
 * its own screens (authEn.ts). Each of these dictionaries is complete, react-admin's own `ra.*` messages
 * included; English is completed by ra-language-english in the console (see i18nProvider.ts).
 */
const loaders: Record<LanguageCode, () => Promise<{ default: Messages }>> = {
  en: () => import('./en'),
  de: () => import('./de'),
  es: () => import('./es'),
  fr: () => import('./fr'),
  pt: () => import('./pt'),
  zh: () => import('./zh'),
  ar: () => import('./ar'),
};

/** The app's dictionary of a language (for English, the app's messages without react-admin's). */
export const loadDictionary = async (code: LanguageCode): Promise<Messages> => (await loaders[code]()).default;
