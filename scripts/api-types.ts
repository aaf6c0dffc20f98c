/**
 * `npm run api-types [-- [--document doc.json] <file>]`: the typed client's types, generated from the API document. Builds
 * the real server (buildApp on a throwaway SQLite data dir, as the server tests do), reads
 * `/api/docs/json` and writes (to `build/api/openapi.d.ts` unless a file is named) its types with
 * openapi-typescript: every path, its parameters, bodies and answers as TypeScript, for `openapi-fetch`
 * (README, "A typed client"); `--document` reads the document from a file instead (as fetched from a
 * running server). server/test/typed-client.test.ts generates them so, compiles a client with them and
 * runs it against the real server.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';

export const TYPES_FILE = join(__dirname, '..', 'build', 'api', 'openapi.d.ts');

const HEADER = `/**
 * The API's types, generated from its OpenAPI document (\`/api/docs/json\`) by \`npm run api-types\`
 * (openapi-typescript). Do not edit: run the script again after changing a route. Use with openapi-fetch:
 * \`createClient<paths>({ baseUrl })\` (README, "A typed client").
 */
`;

/** The server's OpenAPI document, as `/api/docs/json` serves it. */
export async function apiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-api-types-'));
  try {
    const config = loadConfig(
      { DATA_DIR: dataDir, ADMIN_EMAIL: 'types@example.org', ADMIN_PASSWORD: 'Types-password-1', LOG_LEVEL: 'silent', APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}` },
      { databaseUrl: null, consoleDir: null, argon2: { memoryCost: 1024, timeCost: 1 } },
    );
    const { app } = await buildApp(config, { logger: false, mailer: { send: async () => undefined, close: () => undefined } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (res.statusCode !== 200) throw new Error(`the document: ${res.statusCode}`);
      return res.json() as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The types file's text for a document. */
export async function apiTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: true });
  return HEADER + astToString(ast);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const from = args.indexOf('--document');
  const documentFile = from >= 0 ? args.splice(from, 2)[1] : undefined;
  const file = args[0] ? resolve(args[0]) : TYPES_FILE;
  (documentFile ? Promise.resolve(JSON.parse(readFileSync(documentFile, 'utf8')) as Record<string, unknown>) : apiDocument())
    .then(apiTypes)
    .then((text) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`wrote ${file} (${Math.round(text.length / 1024)} KB)`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
