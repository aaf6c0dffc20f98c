/**
 * The sentences written in the server's sources, found with the TypeScript parser: every string or template
 * literal that reads as text for a person (starts with a capital letter and holds a space). A template's
 * `${...}` parts become `%{}`. Left out: OpenAPI descriptions and summaries, sample records, log lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = path.resolve(__dirname, '../../src');

/** Folders whose texts never reach a user of the API: migrations, seed data, the command-line tools, the Pusher-protocol endpoint (read by pusher-js). */
const NOT_RESPONSES = ['db', 'seeds', 'cli', 'realtime'];

/** Files that write the OpenAPI document only (its responses' descriptions), never an answer. */
const DOCUMENT_FILES = ['http/openapi.ts', 'http/responses.ts'];
/** Calls whose text arguments describe a route's answers in the document (http/responses.ts), not answers. */
const DOCUMENTING_CALLS = /^(answers|envelope|publicAnswers|fileAnswer|signedLinkAnswers|personAnswers)$/;

/** Property names whose values are documentation or sample data, not answers. */
const NOT_ANSWER_KEYS = new Set(['description', 'summary', 'example', 'examples']);
/** Declaration keys whose whole value (functions included) makes sample records for tests and the demo. */
const SAMPLE_KEYS = /^(samples?|invalidSamples|\w*[sS]ample\w*)$/;

export interface SourceText {
  text: string;
  file: string;
  line: number;
}

const sourceFiles = (dir: string, out: string[] = []): string[] => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(dir === SERVER_SRC && NOT_RESPONSES.includes(entry.name))) sourceFiles(full, out);
    } else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
};

const isLogCall = (node: ts.Node): boolean => {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText();
      if (/(^|\.)(log|logger|console)\.\w+$/.test(callee) || /^(console|process\.stdout|process\.stderr)\./.test(callee)) return true;
    }
    if (ts.isFunctionLike(at)) return false;
  }
  return false;
};

const underAnswerlessKey = (node: ts.Node): boolean => {
  let insideFunction = false;
  // a description given to a documenting call, directly
  if (ts.isCallExpression(node.parent) && node.parent.arguments.includes(node as ts.Expression) && DOCUMENTING_CALLS.test(node.parent.expression.getText())) return true;
  for (let at: ts.Node | undefined = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    const key = (ts.isPropertyAssignment(at) || ts.isMethodDeclaration(at) || ts.isFunctionDeclaration(at) || ts.isVariableDeclaration(at)) && at.name ? at.name.getText().replace(/['"]/g, '') : undefined;
    if (key && SAMPLE_KEYS.test(key)) return true;
    if (key && ts.isPropertyAssignment(at) && NOT_ANSWER_KEYS.has(key) && !insideFunction) return true;
    if (ts.isFunctionLike(at)) insideFunction = true;
  }
  return false;
};

const templateText = (node: ts.TemplateExpression): string =>
  node.head.text + node.templateSpans.map((span) => `%{}${span.literal.text}`).join('');

/** Reads as a sentence for a person: a capital first, and at least one space. */
const isSentence = (text: string) => /^[A-Z]/.test(text) && / /.test(text) && !/^[A-Z_]+ /.test(text) && !/^(SELECT|UPDATE|INSERT|DELETE|CREATE|ALTER|DROP|WITH) /i.test(text);

export function sourceTexts(): SourceText[] {
  const found: SourceText[] = [];
  for (const file of sourceFiles(SERVER_SRC)) {
    if (DOCUMENT_FILES.includes(path.relative(SERVER_SRC, file).split(path.sep).join('/'))) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = templateText(node);
      if (text !== undefined && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent) && isSentence(text) && !isLogCall(node) && !underAnswerlessKey(node)) {
        found.push({ text, file: path.relative(SERVER_SRC, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
      }
      if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
      else node.templateSpans.forEach((span) => ts.forEachChild(span.expression, visit));
    };
    visit(source);
  }
  return found;
}
