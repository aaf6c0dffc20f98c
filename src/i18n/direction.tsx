import { use, useLayoutEffect, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { getLanguage, useStoredLanguage, type Direction, type LanguageCode } from './languages';

/**
 * Right-to-left support (Arabic). The page gets `dir` and `lang`; Emotion writes every style through a
 * cache whose stylis plugin mirrors it (margin-left becomes margin-right, and so on); the MUI theme gets
 * `direction: 'rtl'` from the caller (useDirection). The cache is chosen at render time, so the
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

/** The direction of the stored language; re-renders the caller when it changes. */
export const useDirection = (): Direction => getLanguage(useStoredLanguage()).direction;

export interface DirectionProviderProps {
  children: ReactNode;
  /** The language whose direction applies; the stored one by default. */
  language?: LanguageCode;
}

/** Lays its children out in the language's direction: the page's dir/lang and Emotion's style cache. */
export const DirectionProvider = ({ children, language }: DirectionProviderProps) => {
  const stored = useStoredLanguage();
  const code = language ?? stored;
  useLayoutEffect(() => applyDocumentLanguage(code), [code]);
  const cache = useEmotionCache(getLanguage(code).direction);
  return <CacheProvider value={cache}>{children}</CacheProvider>;
};
