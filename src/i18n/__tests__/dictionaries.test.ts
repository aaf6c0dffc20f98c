import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import englishMessages from 'ra-language-english';
import { PERMISSION_MODULES } from '../../../contract/permissions';
import en from '../en';
import { loadDictionary } from '../dictionaries';
import { LANGUAGES, type LanguageCode } from '../languages';
import { flattenMessages, mergeMessages, type Messages } from '../messages';

/** English as the console serves it: react-admin's messages with the app's laid over them. */
const english = flattenMessages(mergeMessages(englishMessages as Messages, en));

const placeholders = (message: string): string[] =>
  [...new Set([...message.matchAll(/%\{([\w-]*)\}/g)].map((match) => match[1] as string))].sort();
const forms = (message: string): string[] => message.split(' |||| ');

/** Keys English has that the dictionary lacks. */
const missingKeys = (dictionary: Record<string, string>): string[] =>
  Object.keys(english).filter((key) => dictionary[key] === undefined);

/** Keys the dictionary has that English does not (a typo, or a key English dropped). */
const unknownKeys = (dictionary: Record<string, string>): string[] =>
  Object.keys(dictionary).filter((key) => english[key] === undefined);

/**
 * Placeholder and plural problems. A translation may use no placeholder English lacks (it would stay
 * unfilled). The app's own messages keep all of English's; react-admin's may drop one (ra-language-french
 * writes "Aucun résultat" for "No %{name} found"). A plural message stays plural: two forms, or for Arabic
 * optionally its six CLDR forms.
 */
const formatProblems = (code: LanguageCode, dictionary: Record<string, string>): string[] => {
  const problems: string[] = [];
  for (const [key, reference] of Object.entries(english)) {
    const message = dictionary[key];
    if (message === undefined) continue;
    const expected = placeholders(reference);
    const actual = placeholders(message);
    const unknown = actual.filter((name) => !expected.includes(name));
    if (unknown.length > 0) problems.push(`${key}: unknown placeholder ${unknown.join(', ')}`);
    if (!key.startsWith('ra.') && actual.join() !== expected.join()) {
      problems.push(`${key}: placeholders ${actual.join(', ') || 'none'} instead of ${expected.join(', ') || 'none'}`);
    }
    const referenceForms = forms(reference).length;
    const messageForms = forms(message).length;
    const allowed = referenceForms === 1 ? [1] : code === 'ar' ? [2, 6] : [2];
    if (!allowed.includes(messageForms)) {
      problems.push(`${key}: ${messageForms} plural form(s), English has ${referenceForms}`);
    }
    if (message.trim() === '' && reference.trim() !== '') problems.push(`${key}: empty`);
  }
  return problems;
};

const others = LANGUAGES.filter(({ code }) => code !== 'en');
const codes = LANGUAGES.map(({ code }) => code);
/** A language's dictionary as the console serves it, flattened (English with react-admin's messages under it). */
const complete = async (code: LanguageCode): Promise<Record<string, string>> =>
  code === 'en' ? english : flattenMessages(await loadDictionary(code));

const SRC = path.resolve(__dirname, '../..');
const sourceFiles = (dir: string, out: string[] = []): string[] => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
};
/** Screens whose `K` is made per record kind: the kinds it takes. */
const PREFIXES_OF: Record<string, string[]> = { 'resources/common/FieldMessage.tsx': ['resources.feedbacks', 'resources.supports'] };
/** A file's `K` (a module's key prefix): its own, or the one it imports from a sibling. */
const prefixesOf = (file: string, text: string): string[] => {
  const own = /const K = '([^']+)'/.exec(text)?.[1];
  if (own) return [own];
  const from = /import \{[^}]*\bK\b[^}]*\} from '(\.[^']+)'/.exec(text)?.[1];
  const sibling = from && ['.tsx', '.ts'].map((ext) => path.resolve(path.dirname(file), from + ext)).find(existsSync);
  const imported = sibling ? /const K = '([^']+)'/.exec(readFileSync(sibling, 'utf8'))?.[1] : undefined;
  return imported ? [imported] : (PREFIXES_OF[path.relative(SRC, file)] ?? []);
};
/** Every validation message key the console's sources name (`app.validation.x`, `${K}.validation.x`), with where. */
const validationKeys = (): { key: string; file: string }[] =>
  sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/[`'"]((?:\$\{K\}|app|resources)[\w.-]*\.validation\.[\w.-]+)[`'"]/g)].flatMap((match) => {
      const named = match[1] as string;
      const keys = named.startsWith('${K}') ? prefixesOf(file, text).map((prefix) => named.replace('${K}', prefix)) : [named];
      // a key the scan cannot spell out is reported as it is (and is missing)
      return (keys.length ? keys : [named]).map((key) => ({ key, file: path.relative(SRC, file) }));
    });
  });

describe('dictionaries', () => {
  it('offers the seven languages of the spec, each named in its own language', () => {
    expect(LANGUAGES.map(({ code, name }) => [code, name])).toEqual([
      ['en', 'English (US)'],
      ['de', 'Deutsch'],
      ['es', 'Español'],
      ['fr', 'Français'],
      ['pt', 'Português (BR)'],
      ['zh', '简体中文'],
      ['ar', 'العربية'],
    ]);
    expect(LANGUAGES.filter(({ direction }) => direction === 'rtl').map(({ code }) => code)).toEqual(['ar']);
  });

  it.each(others.map(({ code }) => code))('%s has every key English has, react-admin’s included', async (code) => {
    const dictionary = flattenMessages(await loadDictionary(code));
    expect(missingKeys(dictionary)).toEqual([]);
    expect(unknownKeys(dictionary)).toEqual([]);
  });

  it.each(others.map(({ code }) => code))('%s keeps the placeholders and plural forms of English', async (code) => {
    const dictionary = flattenMessages(await loadDictionary(code));
    expect(formatProblems(code, dictionary)).toEqual([]);
  });

  it.each(others.map(({ code }) => code))('%s is a translation, not a copy of English', async (code) => {
    const dictionary = flattenMessages(await loadDictionary(code));
    const appKeys = Object.keys(english).filter((key) => key.startsWith('app.') || key.startsWith('resources.'));
    const untranslated = appKeys.filter((key) => dictionary[key] === english[key]);
    // Codes, acronyms and names read the same in every language (ISO2, CNIC, VC, "Status" in German).
    expect(untranslated.length / appKeys.length).toBeLessThan(0.15);
  });

  it('the scan sees the validation messages the forms name (a wrong folder or pattern would pass with nothing)', () => {
    const keys = new Set(validationKeys().map(({ key }) => key));
    expect(keys.size).toBeGreaterThan(80);
    // a module's own prefix, one imported from a sibling file, the shared screens' per-kind prefixes, and
    // app messages that live in a module's own words (src/resources/<name>/words/)
    for (const key of ['app.validation.district_required', 'resources.tasks.validation.type_required', 'resources.pages.validation.key_required', 'resources.supports.validation.status_required', 'app.validation.iso2']) {
      expect(keys).toContain(key);
    }
  });

  it.each(codes)('%s has every validation message the forms name', async (code) => {
    const dictionary = await complete(code);
    expect(validationKeys().filter(({ key }) => dictionary[key] === undefined)).toEqual([]);
  });

  it.each(codes)('%s names every module and permission of the role chooser (it would fall back to the contract’s English)', async (code) => {
    const dictionary = await complete(code);
    const missing = PERMISSION_MODULES.flatMap((module) => [
      ...(dictionary[`resources.roles.modules.${module.key}`] === undefined ? [module.key] : []),
      ...module.permissions
        .filter((permission) => dictionary[`resources.roles.actions.${permission.name}`] === undefined && dictionary[`resources.roles.actions.${permission.label}`] === undefined)
        .map((permission) => permission.name),
    ]);
    expect(PERMISSION_MODULES.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
    expect(dictionary['resources.roles.select_all']).toBeDefined();
  });

  it('the completeness check fails for a dictionary that lacks a key', async () => {
    const german = flattenMessages(await loadDictionary('de'));
    const { ['app.dashboard.retry']: _dropped, ['ra.action.save']: _alsoDropped, ...incomplete } = german;
    expect(missingKeys(incomplete)).toEqual(['ra.action.save', 'app.dashboard.retry']);
    expect(formatProblems('de', { ...german, 'app.dashboard.welcome': 'Willkommen, %{nom}' })).toEqual([
      'app.dashboard.welcome: unknown placeholder nom',
      'app.dashboard.welcome: placeholders nom instead of name',
    ]);
    expect(formatProblems('de', { ...german, 'resources.roles.name': 'Rollen' })).toEqual([
      'resources.roles.name: 1 plural form(s), English has 2',
    ]);
  });
});
