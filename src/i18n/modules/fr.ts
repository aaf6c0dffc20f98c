/// <reference types="vite/client" />
import { mergeAll, type Messages } from '../messages';

/**
 * Every module's words in this language (src/resources/<name>/words/fr.ts), found by the bundler: a module
 * brings its words in its own folder and is in this language's chunk, and in no other. Jest has no
 * import.meta.glob: it maps this file to src/test/moduleWords/fr.ts, which finds the same files.
 */
export default mergeAll(Object.values(import.meta.glob<Messages>('../../resources/*/words/fr.ts', { eager: true, import: 'default' })));
