import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '../../i18n/languages';
import { mergeAll, type Messages } from '../../i18n/messages';

const RESOURCES = path.resolve(__dirname, '../../resources');

/**
 * The modules' word files of a language, as src/i18n/modules/<code>.ts finds them in the bundle
 * (`../../resources/*\/words/<code>.ts`): one folder down under src/resources, then words/<code>.ts.
 */
export const wordFiles = (code: LanguageCode): string[] =>
  readdirSync(RESOURCES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(RESOURCES, entry.name, 'words', `${code}.ts`))
    .filter((file) => existsSync(file))
    .sort();

/** Jest's src/i18n/modules/<code>.ts (jest.config.ts maps it here): every module's words in that language. */
export const moduleWords = (code: LanguageCode): Messages =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest runs CommonJS, and these files are found at run time
  mergeAll(wordFiles(code).map((file) => (require(file) as { default: Messages }).default));
