/**
 * The console's screens speak to the data provider only, and read react-admin's standard record shape
 * only: no server's number (`numeric_id`), no HTTP call of their own (`apiFetch`, a bare `fetch(`).
 * Whatever one backend wants (numeric foreign keys, encrypted ids, its routes) lives in src/providers/,
 * so that another backend replaces the data provider and nothing else (README, "Plugging in another
 * backend"). Tests are left out: they may stub what the providers call.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SRC = join(__dirname, '..');
/** Where the backend's conventions may be, and test code. */
const LEFT_OUT = [join(SRC, 'providers'), join(SRC, 'test'), join(SRC, 'testing')];

const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'numeric_id', pattern: /numeric_id/ },
  { name: 'apiFetch', pattern: /\bapiFetch\b/ },
  { name: 'a bare fetch(', pattern: /(?<![\w$.])fetch\s*\(|\b(?:window|globalThis|self)\.fetch\b/ },
];

function sources(dir: string): string[] {
  if (LEFT_OUT.includes(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each forbidden use in a text, as `line: what`. */
function forbiddenUses(text: string): string[] {
  return text.split('\n').flatMap((line, index) => FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${index + 1}: ${name}`));
}

describe('screens read the standard record shape and call only the data provider', () => {
  test('the check finds each forbidden use, and not its look-alikes', () => {
    expect(forbiddenUses("const n = record.numeric_id;\nawait apiFetch('/x');\nconst r = await fetch(url);\nwindow.fetch(url);")).toEqual([
      '1: numeric_id',
      '2: apiFetch',
      '3: a bare fetch(',
      '4: a bare fetch(',
    ]);
    expect(forbiddenUses('refetch();\nqueryClient.fetchQuery({});\nconst { isFetching } = useGetList();\ndataProvider.fetchPage(1);')).toEqual([]);
  });

  test('no source outside src/providers/ reads numeric_id or calls the server itself', () => {
    const files = sources(SRC);
    // the walk found the screens (a wrong root would pass with nothing to read)
    expect(files.some((file) => file.includes(`${sep}resources${sep}`))).toBe(true);
    const found = files.flatMap((file) => forbiddenUses(readFileSync(file, 'utf8')).map((use) => `${relative(SRC, file)}:${use}`));
    expect(found).toEqual([]);
  });
});
