/// <reference types="vite/client" />
import { mergeAll, type Messages, type ModuleWords } from '../messages';

/**
 * Every module's words in this language, found by the bundler, no list to keep: a module's
 * src/resources/<name>/words/es.ts, or the 'es' of its words.ts (all languages in one file), and a custom
 * screen's src/pages/<name>/words/es.ts. Eager: they are
 * part of this language's chunk (a words.ts, read by every language, is a small chunk of its own). Jest has no
 * import.meta.glob: jest.config.ts maps this file to src/test/moduleWords/es.ts, which finds the same files on disk.
 */
export default mergeAll([
  ...Object.values(import.meta.glob<Messages>('../../resources/*/words/es.ts', { eager: true, import: 'default' })),
  ...Object.values(import.meta.glob<Messages>('../../pages/*/words/es.ts', { eager: true, import: 'default' })),
  ...Object.values(import.meta.glob<ModuleWords>('../../resources/*/words.ts', { eager: true, import: 'default' })).map((words) => words.es),
]);
