import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Emotion's style cache for right-to-left pages: its stylis plugin mirrors every style (margin-left
 * becomes margin-right, and so on). Its own chunk, fetched when a right-to-left language is stored or
 * chosen (direction.tsx), so left-to-right visitors of the sign-in form never download cssjanus.
 */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
