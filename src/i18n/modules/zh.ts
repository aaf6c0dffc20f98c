/// <reference types="vite/client" />
import { mergeAll, type Messages } from '../messages';

/**
 * Every module's words in this language (src/resources/<name>/words/zh.ts), found by the bundler, no list
 * to keep. Eager: they are part of this language's chunk, and of no other. Jest has no import.meta.glob:
 * jest.config.ts maps this file to src/test/moduleWords/zh.ts, which finds the same files on disk.
 */
export default mergeAll(Object.values(import.meta.glob<Messages>('../../resources/*/words/zh.ts', { eager: true, import: 'default' })));
