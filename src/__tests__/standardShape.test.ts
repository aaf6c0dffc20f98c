/**
 * The console's screens speak to the data provider only, and read react-admin's standard record shape
 * only: no server's number (`numeric_id`), no server's encrypted id (`encrypted_id`: a record and the
 * relations it embeds are named by their `id`), no HTTP call of their own (`apiFetch`, a bare `fetch(`).
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
  { name: 'encrypted_id', pattern: /encrypted_id/ },
  { name: 'apiFetch', pattern: /\bapiFetch\b/ },
  { name: 'a bare fetch(', pattern: /(?<![\w$.])fetch\s*\(|\b(?:window|globalThis|self)\.fetch\b/ },
];

/**
 * Reads of the server's encrypted ids still left in screens: how many lines of each file, and why (to
 * be moved into the providers). The list may only shrink: more uses fail, and so do fewer (the count
 * is then lowered, or the file taken off).
 */
const ENCRYPTED_ID_LEFT: Record<string, { lines: number; why: string }> = {
  'resources/audit-log/AuditLogList.tsx': { lines: 3, why: "an entry's link to its record (record_encrypted_id: its record_id is shown as the number, and its resource is per entry)" },
};

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
    expect(forbiddenUses("const n = record.numeric_id;\nawait apiFetch('/x');\nconst r = await fetch(url);\nwindow.fetch(url);\nto={`/doctors/${doctor.encrypted_id}/show`}")).toEqual([
      '1: numeric_id',
      '2: apiFetch',
      '3: a bare fetch(',
      '4: a bare fetch(',
      '5: encrypted_id',
    ]);
    expect(forbiddenUses('refetch();\nqueryClient.fetchQuery({});\nconst { isFetching } = useGetList();\ndataProvider.fetchPage(1);')).toEqual([]);
  });

  test('no source outside src/providers/ reads numeric_id or encrypted_id or calls the server itself', () => {
    const files = sources(SRC);
    // the walk found the screens (a wrong root would pass with nothing to read)
    expect(files.some((file) => file.includes(`${sep}resources${sep}`))).toBe(true);
    const found = files.flatMap((file) => forbiddenUses(readFileSync(file, 'utf8')).map((use) => `${relative(SRC, file).split(sep).join('/')}:${use}`));
    const fileOf = (use: string) => use.slice(0, use.indexOf(':'));
    const isLeft = (use: string) => use.endsWith(': encrypted_id') && fileOf(use) in ENCRYPTED_ID_LEFT;
    expect(found.filter((use) => !isLeft(use))).toEqual([]);
    // exactly the allowed number of lines in each file left (one fixed lowers its count)
    const counts = Object.fromEntries(Object.keys(ENCRYPTED_ID_LEFT).map((file) => [file, found.filter((use) => isLeft(use) && fileOf(use) === file).length]));
    expect(counts).toEqual(Object.fromEntries(Object.entries(ENCRYPTED_ID_LEFT).map(([file, { lines }]) => [file, lines])));
  });
});
