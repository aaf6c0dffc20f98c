import { useLayoutEffect, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { getLanguage, useStoredLanguage, type Direction, type LanguageCode } from './languages';

/**
 * Right-to-left support (Arabic). The page gets `dir` and `lang`; Emotion writes every style through a
 * cache whose stylis plugin mirrors it (margin-left becomes margin-right, and so on); the MUI theme gets
 * `direction: 'rtl'` from the caller (useDirection). The cache is chosen at render time, so the
 * console flips without a reload when the language changes.
 */
const caches: Record<Direction, EmotionCache> = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

export const emotionCache = (direction: Direction): EmotionCache => caches[direction];

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
  return <CacheProvider value={caches[getLanguage(code).direction]}>{children}</CacheProvider>;
};
