/**
 * The guide "Adding a module" (docs/ARCHITECTURE.md), walked: its files are taken from the page as written
 * (each ```ts block after the paragraph that names its file), held to the budget (five files, 80 lines, the
 * words in seven languages included) and to the next migration number, written into a scratch copy of the
 * repository (contract/, server/src/ and the server tests' helpers, src/, scripts/, the tsconfigs; node_modules linked), and checked there
 * as a newcomer's module is: by the compiler (and a language left out fails it), the server's registry and
 * migrations, the demo rows from its sample, its words in the seven languages, its export labels, and a
 * re-recording of the console's fixtures that adds its answers and changes no other (against the committed
 * src/test/recorded-api.json). If the guide drifts from what the machinery needs, this fails.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';

jest.setTimeout(600_000);

const ROOT = join(__dirname, '..', '..');
const BUDGET = { files: 5, lines: 80 };

interface Step {
  file: string;
  text: string;
}

/** The guide's section, from its heading to the next. */
function guideSection(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const start = doc.indexOf('\n## Adding a module\n');
  expect(start).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 5);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** Each code block of the guide with the file its paragraph (the one just before it) names first. */
function guideSteps(section: string): Step[] {
  return [...section.matchAll(/\n```ts\n([\s\S]*?)\n```/g)].map((fence) => {
    const paragraph = section.slice(0, fence.index).trimEnd().split(/\n\s*\n/).pop() ?? '';
    const named = /^`([^`]+)`/.exec(paragraph);
    if (!named) throw new Error(`a code block of the guide follows no paragraph naming its file: ${fence[1]!.slice(0, 80)}`);
    return { file: named[1]!, text: fence[1]! };
  });
}

const lineCount = (text: string) => text.split('\n').length;

const section = guideSection();
const steps = guideSteps(section);
const stepOf = (pattern: RegExp): Step => {
  const step = steps.find((s) => pattern.test(s.file));
  if (!step) throw new Error(`the guide has no step for ${String(pattern)}`);
  return step;
};
const declarationStep = stepOf(/^server\/src\/resources\/[\w-]+\.ts$/);
const wordsStep = stepOf(/^src\/resources\/[\w-]+\/words\.ts$/);
/** The module the guide adds, as its declaration names it. */
const NAME = /name: '([\w-]+)'/.exec(declarationStep.text)?.[1] ?? '(none)';

test('the guide adds a module in five files and at most 80 lines, words included, under the next migration number', () => {
  expect(steps.map((s) => s.file)).toEqual([
    'contract/resources.ts',
    expect.stringMatching(/^server\/src\/db\/migrations\/\d{4}_[\w-]+\.ts$/),
    `server/src/resources/${NAME}.ts`,
    `src/resources/${NAME}/index.ts`,
    `src/resources/${NAME}/words.ts`,
  ]);
  const lines = steps.reduce((sum, s) => sum + lineCount(s.text), 0);
  expect(steps.length).toBeLessThanOrEqual(BUDGET.files);
  expect(lines).toBeLessThanOrEqual(BUDGET.lines);
  // the page says how many lines it takes: the same count
  expect(section).toContain(`is five files and ${lines} lines`);
  // the migration is the one after the last (a number already taken would run in place of another)
  const numbers = readdirSync(join(ROOT, 'server/src/db/migrations')).map((f) => /^(\d{4})_/.exec(f)?.[1]).filter(Boolean).map(Number);
  const migration = stepOf(/migrations\//);
  expect(Number(/(\d{4})_/.exec(migration.file)![1])).toBe(Math.max(...numbers) + 1);
  expect(migration.file).toBe(`server/src/db/migrations/${/(\d{4})_/.exec(migration.file)![1]}_${NAME}.ts`);
  for (const step of steps.slice(1)) expect([step.file, existsSync(join(ROOT, step.file))]).toEqual([step.file, false]);
});

describe("the guide's module in a scratch copy of the repository", () => {
  let copy = '';
  const at = (file: string) => join(copy, file);
  /** A module of the copy, loaded by jest as the repository's are. */
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the copy's files are found at run time
  const load = <T>(file: string): T => require(at(file)) as T;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'module-guide-'));
    for (const part of ['contract', 'server/src', 'server/test/helpers', 'src', 'scripts', 'tsconfig.json', 'tsconfig.base.json', 'server/tsconfig.json', 'package.json']) {
      mkdirSync(dirname(at(part)), { recursive: true });
      cpSync(join(ROOT, part), at(part), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), at('node_modules'), 'dir');
    for (const step of steps) {
      if (step.file === 'contract/resources.ts') {
        // a line at the end of RESOURCES
        const text = readFileSync(at(step.file), 'utf8');
        const end = text.indexOf('} as const satisfies');
        expect(end).toBeGreaterThan(0);
        writeFileSync(at(step.file), `${text.slice(0, end)}${step.text}\n${text.slice(end)}`);
      } else {
        mkdirSync(dirname(at(step.file)), { recursive: true });
        writeFileSync(at(step.file), `${step.text}\n`, { flag: 'wx' });
      }
    }
  });
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test('the compiler takes its files, and reports a language left out of its words', () => {
    const parsed = (tsconfig: string) =>
      ts.getParsedCommandLineOfConfigFile(at(tsconfig), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } })!;
    const optionsOf = (tsconfig: string) => parsed(tsconfig).options;
    const problems = (p: ts.Program) =>
      ts.getPreEmitDiagnostics(p).map((d) => `${d.file ? d.file.fileName.replace(copy, '') : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    const compile = (tsconfig: string, files: string[], oldProgram?: ts.Program) => {
      const options = optionsOf(tsconfig);
      return ts.createProgram({ rootNames: files.map(at), options, host: ts.createCompilerHost(options), oldProgram });
    };
    // the server's files as the server compiles them, with the rest of server/src (the tables' types come from
    // what each declaration's file declares, and the registry finds those files at run time, not by imports),
    // the console's as the console does
    const serverFiles = parsed('server/tsconfig.json').fileNames.map((file) => file.replace(`${copy}/`, '')).filter((file) => file.startsWith('server/src/'));
    for (const step of steps.filter((s) => s.file.startsWith('server/'))) expect(serverFiles).toContain(step.file);
    const consoleFiles = steps.map((s) => s.file).filter((file) => file.startsWith('src/'));
    expect(problems(compile('server/tsconfig.json', serverFiles))).toEqual([]);
    const program = compile('tsconfig.json', consoleFiles);
    expect(problems(program)).toEqual([]);
    // the words without Arabic: the compiler says so
    const words = at(wordsStep.file);
    const full = readFileSync(words, 'utf8');
    writeFileSync(words, full.replace(/\n {2}ar: \{[\s\S]*?\n {2}\},/, ''));
    try {
      expect(problems(compile('tsconfig.json', consoleFiles, program)).join('\n')).toMatch(/words\.ts: .*'ar'/);
    } finally {
      writeFileSync(words, full);
    }
  });

  test('the server finds its declaration and its migration, and the demo has rows of it from its sample', async () => {
    const { registry } = load<typeof import('../src/resources/registry')>('server/src/resources/registry.ts');
    const def = registry.byName.get(NAME as never);
    expect(def?.table).toBe(NAME);
    const { sampleRows } = load<typeof import('../src/seeds/samples')>('server/src/seeds/samples.ts');
    const rows = await sampleRows(def!, 1, '2026-01-15T09:30:00.000Z');
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(3);
  });

  test('its words are in the seven languages, the same keys in each, and label its export columns', () => {
    // (the console's files, typed here as much as this test reads of them: the server's compiler does not take them)
    type Messages = { [key: string]: string | Messages };
    const { moduleWords } = load<{ moduleWords(code: string): Messages }>('src/test/moduleWords/gather.ts');
    const { flattenMessages } = load<{ flattenMessages(messages: Messages): Record<string, string> }>('src/i18n/messages.ts');
    const keysIn = (code: 'en' | 'de' | 'es' | 'fr' | 'pt' | 'zh' | 'ar') =>
      Object.keys(flattenMessages(moduleWords(code))).filter((key) => key.startsWith(`resources.${NAME}.`)).sort();
    const english = keysIn('en');
    expect(english).toContain(`resources.${NAME}.name`);
    for (const code of ['de', 'es', 'fr', 'pt', 'zh', 'ar'] as const) expect([code, keysIn(code)]).toEqual([code, english]);
    // each export column is one of its fields (or a related record's, `<key>_id`), or the shared id and dates
    const { registry } = load<typeof import('../src/resources/registry')>('server/src/resources/registry.ts');
    const { exportColumns } = load<typeof import('../src/http/exportColumns')>('server/src/http/exportColumns.ts');
    const unlabelled = exportColumns(registry.byName.get(NAME as never)!)
      .map((c) => c.key)
      .filter((key) => !['id', 'created_at', 'updated_at'].includes(key) && !english.includes(`resources.${NAME}.fields.${key}`) && !english.includes(`resources.${NAME}.fields.${key}_id`));
    expect(unlabelled).toEqual([]);
  });

  test('recording the fixtures again adds its answers and changes no other module’s', async () => {
    const { recordApiFixtures } = load<typeof import('../../scripts/record-fixtures')>('scripts/record-fixtures.ts');
    const fresh = (await recordApiFixtures()).calls;
    const committed = (JSON.parse(readFileSync(join(ROOT, 'src/test/recorded-api.json'), 'utf8')) as { calls: Record<string, unknown> }).calls;
    expect(Object.keys(fresh).filter((name) => !(name in committed)).sort()).toEqual([`choices_${NAME}`, `list_${NAME}`, `one_${NAME}`, `updated_${NAME}`]);
    const changed = Object.keys(committed).filter((name) => JSON.stringify(committed[name]) !== JSON.stringify(fresh[name]));
    expect(changed).toEqual([]);
  });
});
