import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RESOURCE_NAMES } from '../../../contract/resources';
import { allWordsFiles, wordFiles, wordsIn } from '../../test/moduleWords/gather';
import { LANGUAGES, type LanguageCode } from '../languages';
import { flattenMessages, type Messages } from '../messages';

const SRC = path.resolve(__dirname, '../..');
const RESOURCES = path.join(SRC, 'resources');
const CODES = LANGUAGES.map(({ code }) => code);

const PAGES = path.join(SRC, 'pages');

/** The folders under a root that hold words of their own: seven files in words/, or all languages in words.ts. */
const withWords = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && (existsSync(path.join(root, entry.name, 'words')) || existsSync(path.join(root, entry.name, 'words.ts'))))
    .map((entry) => path.join(root, entry.name));
/** The modules' folders (src/resources) and the custom screens' (src/pages), by name: their words are resources.<name>. */
const places = new Map([...withWords(RESOURCES), ...withWords(PAGES)].map((folder) => [path.basename(folder), folder]));
const folders = [...places.keys()].sort();
/** The file holding a module's (or a screen's) words in a language. */
const fileOf = (name: string, code: LanguageCode): string => {
  const one = path.join(places.get(name)!, 'words.ts');
  return existsSync(one) ? one : path.join(places.get(name)!, 'words', `${code}.ts`);
};

/** The globs of src/i18n/modules/<code>.ts, the file the bundler reads: a language's files, then the files of all languages. */
const globsOf = (code: string): string[] => {
  const text = readFileSync(path.join(SRC, 'i18n/modules', `${code}.ts`), 'utf8');
  return [...text.matchAll(/import\.meta\.glob(?:<[^>]*>)?\('([^']+)'/g)].map((match) => match[1] as string);
};

/** The files a glob of the bundler's kind finds from a folder, `*` standing for part of one name (as in Vite). */
const expand = (pattern: string, from: string): string[] => {
  const [part = '', ...rest] = pattern.split('/');
  if (part === '.' || part === '..') return expand(rest.join('/'), path.join(from, part));
  const matcher = new RegExp(`^${part.split('*').map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
  const last = rest.length === 0;
  return readdirSync(from, { withFileTypes: true })
    .filter((entry) => matcher.test(entry.name) && (last ? entry.isFile() : entry.isDirectory()))
    .flatMap((entry) => (last ? [path.join(from, entry.name)] : expand(rest.join('/'), path.join(from, entry.name))))
    .sort();
};

/** A module's words in a language, as its file gives them. */
const wordsOf = (name: string, code: LanguageCode = 'en'): Messages => wordsIn(fileOf(name, code), code);
const moduleOf = (file: string): string => path.basename(path.dirname(path.basename(file) === 'words.ts' ? file : path.dirname(file)));

describe("modules' words", () => {
  it('are found in module folders (the check sees them: a wrong folder would pass with nothing)', () => {
    expect(folders.length).toBeGreaterThan(30);
    // a screen's name is none of the modules' (both give resources.<name>)
    expect(places.size).toBe(withWords(RESOURCES).length + withWords(PAGES).length);
    for (const name of ['admins', 'roles', 'app-users', 'dynamic-forms', 'health-literacy-content']) expect(folders).toContain(name);
  });

  it('come in the seven languages in every module folder, and in nothing else: seven files in words/, or one words.ts, not both', () => {
    const expected = CODES.map((code) => `${code}.ts`).sort();
    const wrong = folders.filter((name) => {
      const folder = places.get(name)!;
      const files = existsSync(path.join(folder, 'words')) ? readdirSync(path.join(folder, 'words')).sort() : null;
      const one = existsSync(path.join(folder, 'words.ts'));
      return one ? files !== null : files?.join() !== expected.join();
    });
    expect(wrong).toEqual([]);
    // a words.ts gives every language (the compiler holds it to them too: moduleWords in src/i18n/messages.ts)
    for (const file of allWordsFiles()) for (const code of CODES) expect([file, code, Object.keys(wordsIn(file, code))]).toEqual([file, code, ['resources']]);
  });

  it.each(CODES)('%s: the bundle’s glob and jest’s loader find the same files, every module’s', (code) => {
    const globs = globsOf(code);
    // its own language: a copied file globbing another one's would pass the other checks
    expect(globs).toEqual([`../../resources/*/words/${code}.ts`, `../../pages/*/words/${code}.ts`, '../../resources/*/words.ts']);
    const text = readFileSync(path.join(SRC, 'i18n/modules', `${code}.ts`), 'utf8');
    expect(text).toContain(`.map((words) => words.${code})`);
    const [own = [], screens = [], all = []] = globs.map((glob) => expand(glob, path.join(SRC, 'i18n/modules')));
    expect(wordFiles(code)).toEqual([...own, ...screens]);
    expect(screens.map(moduleOf).sort()).toEqual(['audit-log', 'notifications', 'promotional']);
    expect(allWordsFiles()).toEqual(all);
    expect([...own, ...screens, ...all].map(moduleOf).sort()).toEqual(folders);
  });

  it('of a module are its own: its resources.<name> subtree and app messages, no other module’s', () => {
    for (const name of folders) {
      const words = wordsOf(name);
      expect([name, Object.keys(words).filter((key) => key !== 'resources' && key !== 'app')]).toEqual([name, []]);
      expect([name, Object.keys((words.resources ?? {}) as Messages)]).toEqual([name, [name]]);
    }
  });

  it('every resource of the console has its words in its folder', () => {
    const without = RESOURCE_NAMES.filter((name) => {
      return !folders.includes(name) || flattenMessages(wordsOf(name))[`resources.${name}.name`] === undefined;
    });
    expect(without).toEqual([]);
  });

  it.each(CODES)('%s: no two modules give the same key (one would silently replace the other)', (code) => {
    const owners = new Map<string, string>();
    const twice: string[] = [];
    for (const file of [...wordFiles(code), ...allWordsFiles()]) {
      const name = moduleOf(file);
      for (const key of Object.keys(flattenMessages(wordsIn(file, code)))) {
        const owner = owners.get(key);
        if (owner) twice.push(`${key}: ${owner}, ${name}`);
        owners.set(key, name);
      }
    }
    expect(owners.size).toBeGreaterThan(500);
    expect(twice).toEqual([]);
  });

  it('the shared dictionaries under src/i18n hold no module’s resources.<name> words', () => {
    const dictionaries = readdirSync(path.join(SRC, 'i18n'), { recursive: true, encoding: 'utf8' })
      .filter((file) => CODES.some((code) => path.basename(file) === `${code}.ts`) && !file.startsWith('modules'))
      .map((file) => path.join(SRC, 'i18n', file));
    expect(dictionaries.length).toBeGreaterThan(7 * 3);
    expect(dictionaries.filter((file) => /^\s*resources:\s*\{/m.test(readFileSync(file, 'utf8'))).map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
