/**
 * No import cycles, in the server, the console, the site or the contract. Type-only imports count
 * (`import type`, `import('…').T`): a loop of types is still two modules that cannot be read, moved
 * or split one without the other. Dynamic `import()` calls do not count: they load on demand (the
 * console's lazy screens) and cannot deadlock a module's evaluation.
 *
 * The graph is read with the TypeScript parser, file by file, from relative specifiers only
 * (packages cannot import us back). A cycle is reported as the files of a strongly connected part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_ROOTS = ['server/src', 'src', 'site', 'contract'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The relative specifiers a file imports or re-exports, statically or in a type position. */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && /^import\.meta\.glob$/.test(node.expression.getText(source)) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      // the bundler's import.meta.glob, eager or not: an import of every file it matches (see expandGlob)
      found.push(`glob:${node.arguments[0].text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('glob:.'));
}

/** The known files an import.meta.glob pattern matches from a file: `*` part of one name, `{a,b}` either. */
export function expandGlob(from: string, pattern: string, known: ReadonlySet<string>): string[] {
  const base = path.dirname(from);
  const absolute = path.resolve(base, pattern);
  const source = absolute
    .split(/(\*|\{[^}]*\})/)
    .map((piece) => (piece === '*' ? '[^/]*' : piece.startsWith('{') ? `(?:${piece.slice(1, -1).split(',').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('|')})` : piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const matcher = new RegExp(`^${source}$`);
  return [...known].filter((file) => matcher.test(file));
}

function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((candidate) => known.has(candidate));
}

/** Strongly connected parts of more than one file, or a file importing itself (Tarjan's algorithm). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.includes(node)) cycles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

function importGraph(): Map<string, string[]> {
  const files = SOURCE_ROOTS.flatMap((root) => sourceFiles(path.join(ROOT, root)));
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importedSpecifiers(file, readFileSync(file, 'utf8'))
        .flatMap((specifier) => (specifier.startsWith('glob:') ? expandGlob(file, specifier.slice(5), known) : [resolve(file, specifier, known)]))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

describe('import cycles', () => {
  it('finds a cycle through type-only and type-position imports, and none in a chain', () => {
    const specifiers = importedSpecifiers('a.ts', "import type { B } from './b';\nexport { c } from './c';\nlet d: import('./d').D;\nconst e = () => import('./e');\nimport x from 'pkg';");
    expect(specifiers).toEqual(['./b', './c', './d']);
    expect(importedSpecifiers('a.ts', "const m = import.meta.glob('./*/index.{ts,tsx}', { eager: true });")).toEqual(['glob:./*/index.{ts,tsx}']);
    const known = new Set(['/r/a.ts', '/r/x/index.ts', '/r/y/index.tsx', '/r/y/other.ts', '/r/z/w/index.ts']);
    expect(expandGlob('/r/a.ts', './*/index.{ts,tsx}', known)).toEqual(['/r/x/index.ts', '/r/y/index.tsx']);
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('the server, the console, the site and the contract import without cycles', () => {
    const graph = importGraph();
    // the walk saw both sides (a wrong root would pass with an empty graph)
    expect(graph.size).toBeGreaterThan(300);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    const cycles = cyclesOf(graph).map((part) => part.map((file) => path.relative(ROOT, file)));
    expect(cycles).toEqual([]);
  });

  it('the database layer is a leaf: server/src/db imports nothing of the server outside it but the contract', () => {
    const db = path.join(ROOT, 'server/src/db') + path.sep;
    const contract = path.join(ROOT, 'contract') + path.sep;
    const outside = [...importGraph()]
      .filter(([file]) => file.startsWith(db))
      .flatMap(([file, targets]) => targets.filter((target) => !target.startsWith(db) && !target.startsWith(contract)).map((target) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`));
    expect(outside).toEqual([]);
  });

  it('declarations import no routes: server/src/resources imports nothing under server/src/routes (what both use is a service)', () => {
    const resources = path.join(ROOT, 'server/src/resources') + path.sep;
    const routes = path.join(ROOT, 'server/src/routes') + path.sep;
    const graph = [...importGraph()].filter(([file]) => file.startsWith(resources));
    // the walk saw the declarations (a wrong root would pass with none)
    expect(graph.length).toBeGreaterThan(20);
    const intoRoutes = graph.flatMap(([file, targets]) => targets.filter((target) => target.startsWith(routes)).map((target) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`));
    expect(intoRoutes).toEqual([]);
  });
});
