import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '../../i18n/languages';
import { mergeAll, type Messages, type ModuleWords } from '../../i18n/messages';

const RESOURCES = path.resolve(__dirname, '../../resources');
const PAGES = path.resolve(__dirname, '../../pages');

const foldersOf = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, entry.name));

const ownFiles = (root: string, code: LanguageCode): string[] =>
  foldersOf(root)
    .map((folder) => path.join(folder, 'words', `${code}.ts`))
    .filter((file) => existsSync(file))
    .sort();

/**
 * The word files of a language, as src/i18n/modules/<code>.ts finds them in the bundle: the modules'
 * (`../../resources/*\/words/<code>.ts`: one folder down under src/resources, then words/<code>.ts), then the
 * custom screens' (`../../pages/*\/words/<code>.ts`).
 */
export const wordFiles = (code: LanguageCode): string[] => [...ownFiles(RESOURCES, code), ...ownFiles(PAGES, code)];

/** The modules' files of words in all languages (`../../resources/*\/words.ts`), as the bundle finds them. */
export const allWordsFiles = (): string[] =>
  foldersOf(RESOURCES)
    .map((folder) => path.join(folder, 'words.ts'))
    .filter((file) => existsSync(file))
    .sort();

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest runs CommonJS, and these files are found at run time
const defaultOf = <T>(file: string): T => (require(file) as { default: T }).default;

/** A module's words in a language from whichever file holds them (words/<code>.ts or words.ts). */
export const wordsIn = (file: string, code: LanguageCode): Messages =>
  path.basename(file) === 'words.ts' ? defaultOf<ModuleWords>(file)[code] : defaultOf<Messages>(file);

/** Jest's src/i18n/modules/<code>.ts (jest.config.ts maps it here): every module's words in that language. */
export const moduleWords = (code: LanguageCode): Messages => mergeAll([...wordFiles(code), ...allWordsFiles()].map((file) => wordsIn(file, code)));
