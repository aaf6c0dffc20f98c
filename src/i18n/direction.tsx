import { use, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { getLanguage, getStoredLanguage, languagePreference, type Direction, type LanguageCode } from './languages';

/**
 * Right-to-left support (Arabic). The page gets `dir` and `lang`; Emotion writes every style through a
 * cache whose stylis plugin mirrors it (margin-left becomes margin-right, and so on); the MUI theme gets
 * `direction: 'rtl'` from the caller (App, from useConsoleLanguage). The cache is chosen at render time, so the
 * console flips without a reload when the language changes. The right-to-left cache (rtlCache.ts) is
 * its own chunk: `loadDirection` fetches it before a right-to-left language is shown (the sign-in
 * screens' language loader and the console's changeLocale await it).
 */
const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | undefined;
let rtlLoading: Promise<EmotionCache> | undefined;

const loadRtlCache = (): Promise<EmotionCache> =>
  (rtlLoading ??= import('./rtlCache').then(
    (module) => (rtlCache = module.rtlCache),
    () => {
      // Not mirrored this time (the chunk did not load); the next change of language tries again.
      rtlLoading = undefined;
      return ltrCache;
    },
  ));

/** Fetches what a language's direction needs before it is shown: the right-to-left styles for Arabic. */
export const loadDirection = async (code: LanguageCode): Promise<void> => {
  if (getLanguage(code).direction === 'rtl') await loadRtlCache();
};

/** The style cache of a direction; a right-to-left one not fetched yet suspends the caller until it is. */
const useEmotionCache = (direction: Direction): EmotionCache =>
  direction === 'ltr' ? ltrCache : (rtlCache ?? use(loadRtlCache()));

/** Sets the page's `dir` and `lang` for a language (also before the first render, so nothing flips on load). */
export const applyDocumentLanguage = (code: LanguageCode): void => {
  const { direction, tag } = getLanguage(code);
  const root = document.documentElement;
  if (root.dir !== direction) root.dir = direction;
  if (root.lang !== tag) root.lang = tag;
};

/**
 * The stored language for the signed-in console's direction and theme: React state set at the default
 * priority when the choice changes, not useSyncExternalStore (whose updates React renders at once, in a
 * render of their own). A change of language ends in react-admin's remount of the console for the new
 * messages (its I18nContextProvider, right after the provider's changeLocale, which stores the choice):
 * both updates land before React renders, so the console is drawn once, in the new direction with the
 * new words, instead of twice (measured in Chromium: a render of the whole console in the new
 * direction, then the remount).
 */
export const useConsoleLanguage = (): LanguageCode => {
  const [code, setCode] = useState(getStoredLanguage);
  useEffect(() => {
    const follow = () => setCode(getStoredLanguage());
    const stop = languagePreference.subscribe(follow);
    follow(); // a change between the first render and this subscription
    return stop;
  }, []);
  return code;
};

export interface DirectionProviderProps {
  children: ReactNode;
  /** The language whose direction applies (the console's: useConsoleLanguage; the sign-in screens': useAuthLanguage). */
  language: LanguageCode;
}

/** Lays its children out in the language's direction: the page's dir/lang and Emotion's style cache. */
export const DirectionProvider = ({ children, language }: DirectionProviderProps) => {
  useLayoutEffect(() => applyDocumentLanguage(language), [language]);
  const cache = useEmotionCache(getLanguage(language).direction);
  return <CacheProvider value={cache}>{children}</CacheProvider>;
};
