import { createInstance, type TOptions } from 'i18next';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import en from './en';

/**
 * Translator for the screens rendered before react-admin loads (sign-in, password reset). It reads the same
 * dictionary as the admin app but stays out of the react-admin bundle.
 */
const instance = createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  resources: { en: { translation: convertRaTranslationsToI18next(en) } },
});

export const translate = (key: string, options?: TOptions): string => instance.t(key, options ?? {});
