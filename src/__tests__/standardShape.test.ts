/**
 * The console's screens speak to the data provider only, and read react-admin's standard record shape
 * only: no server's number (`numeric_id`), no server's encrypted id (`encrypted_id`: a record and the
 * relations it embeds are named by their `id`), no stored-file object of the server (its `path`,
 * `mimeType`, an `isStoredFile` check: files are react-admin's `{ src, title }`, src/providers/files.ts),
 * no HTTP call of their own (`apiFetch`, a bare `fetch(`).
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
  // a stored file as the server presents it: its path (read or tested for), its MIME type's name, a check for its shape
  { name: 'a file path', pattern: /\.path\b|['"]path['"]\s+in\b/ },
  { name: 'mimeType', pattern: /\bmimeType\b/ },
  { name: 'a stored-file object', pattern: /StoredFile/ },
];

/**
 * Uses still left in screens, or look-alikes that are no stored file: how many lines of each file, and
 * why. The list may only shrink: more uses fail, and so do fewer (the count is then lowered, or the file
 * taken off).
 */
const LEFT: Record<string, { use: string; lines: number; why: string }> = {
  'pages/audit-log/AuditLogList.tsx': { use: 'encrypted_id', lines: 3, why: "an entry's link to its record (record_encrypted_id: its record_id is shown as the number, and its resource is per entry)" },
  'layout/Breadcrumbs.tsx': { use: 'a file path', lines: 1, why: "a screen's route (`r.path`, react-router's), no file" },
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
    expect(
      forbiddenUses(
        "<img src={file.path} />\nconst photo = (doctor.file as { path?: string } | null)?.path;\nif ('path' in value) return;\nconst t = file.mimeType;\nif (isStoredFile(v)) return;\nfiles.map((r) => r?.path)",
      ),
    ).toEqual(['1: a file path', '2: a file path', '3: a file path', '4: mimeType', '5: a stored-file object', '6: a file path']);
    expect(forbiddenUses("<img src={file.src} alt={file.title} />\nconst pathname = useLocation().pathname;\nconst filePath = join(dir, name);\n<Route path=\"/x\" />\nnavigate({ pathname: '/x' });\nconst toggle = (path: string) => path;")).toEqual([]);
  });

  test("no source outside src/providers/ reads numeric_id, encrypted_id or a stored file's object, or calls the server itself", () => {
    const files = sources(SRC);
    // the walk found the screens (a wrong root would pass with nothing to read)
    expect(files.some((file) => file.includes(`${sep}resources${sep}`))).toBe(true);
    const found = files.flatMap((file) => forbiddenUses(readFileSync(file, 'utf8')).map((use) => `${relative(SRC, file).split(sep).join('/')}:${use}`));
    const fileOf = (use: string) => use.slice(0, use.indexOf(':'));
    const isLeft = (use: string) => LEFT[fileOf(use)] !== undefined && use.endsWith(`: ${LEFT[fileOf(use)]!.use}`);
    expect(found.filter((use) => !isLeft(use))).toEqual([]);
    // exactly the allowed number of lines in each file left (one fixed lowers its count)
    const counts = Object.fromEntries(Object.keys(LEFT).map((file) => [file, found.filter((use) => isLeft(use) && fileOf(use) === file).length]));
    expect(counts).toEqual(Object.fromEntries(Object.entries(LEFT).map(([file, { lines }]) => [file, lines])));
  });
});
