/**
 * The typed client an integrator generates from the API document (README, "A typed client"): the
 * document's types made by openapi-typescript (scripts/api-types.ts, `npm run api-types`),
 * a client written with openapi-fetch against them compiled by tsc in strict mode, and then run against
 * the real server over HTTP. A call the document does not allow must not compile.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** What the client does, as an integrator would write it: every call typed by the document. */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi';

type City = components['schemas']['cities.record'];
const api = createClient<paths>({ baseUrl: process.env.BASE_URL });

async function main() {
  const login = await api.POST('/api/admin/login', { body: { email: process.env.EMAIL!, password: process.env.PASSWORD! } });
  if (!login.data) throw new Error('sign-in refused: ' + login.response.status);
  const headers = { authorization: 'Bearer ' + login.data.data.token };

  const created = await api.POST('/api/admin/cities', { headers, body: { title: 'Typed Town' } });
  if (!created.data) throw new Error('create refused: ' + created.response.status);
  const city: City = created.data.data;
  const id = city.encrypted_id;

  const page = await api.GET('/api/admin/cities', { headers, params: { query: { search: 'Typed', page: 1, per_page: 10, order: 'desc' } } });
  const list = page.data?.data;
  const titles = list && typeof list === 'object' && !Array.isArray(list) ? list.data.map((row) => row.title) : [];

  // a record read is written back unchanged: its type is one the update takes
  const read = await api.GET('/api/admin/cities/{id}', { headers, params: { path: { id } } });
  if (!read.data) throw new Error('read refused: ' + read.response.status);
  const back = await api.PUT('/api/admin/cities/{id}', { headers, params: { path: { id } }, body: read.data.data });

  // a refusal is typed too: the envelope with each field's messages
  const refused = await api.POST('/api/admin/cities', { headers, body: { title: ' ' } });
  const fields = refused.error && typeof refused.error.error === 'object' && refused.error.error ? Object.keys(refused.error.error) : [];

  const gone = await api.DELETE('/api/admin/cities/{id}', { headers, params: { path: { id } } });
  const after = await api.GET('/api/admin/cities/{id}', { headers, params: { path: { id } } });
  const anonymous = await api.GET('/api/admin/cities', {});
  console.log(JSON.stringify({
    created: city.title, titles, back: back.response.status, backTitle: back.data?.data.title,
    refused: refused.response.status, fields, deleted: gone.response.status, after: after.response.status, anonymous: anonymous.response.status,
  }));
}
main().catch((error) => { console.error(error); process.exit(1); });
`;

/** Calls the document does not allow: each must fail to compile. */
const WRONG = `
import createClient from 'openapi-fetch';
import type { paths } from './openapi';
const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
void api.GET('/api/admin/cities', { params: { query: { per_page: 'ten' } } });
void api.POST('/api/admin/cities', { body: { titel: 'misspelt' } });
void api.GET('/api/admin/citys');
`;

const TSCONFIG = { compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: ['node'] } };

describe('a typed client generated from the document (openapi-typescript + openapi-fetch)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as Record<string, unknown>;
    // inside the repository, so that the client finds openapi-fetch in its node_modules
    mkdirSync(join(ROOT, '.scratch'), { recursive: true });
    dir = mkdtempSync(join(ROOT, '.scratch', 'typed-client-'));
    // openapi-typescript is an ES module jest cannot load: the script runs beside it, on the document read here
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
    await run(process.execPath, [TSX, join(ROOT, 'scripts', 'api-types.ts'), '--document', join(dir, 'openapi.json'), join(dir, 'openapi.d.ts')], { cwd: ROOT });
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    writeFileSync(join(dir, 'wrong.ts'), WRONG);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: ['client.ts'] }));
    writeFileSync(join(dir, 'tsconfig.wrong.json'), JSON.stringify({ ...TSCONFIG, files: ['wrong.ts'] }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles in strict mode and refuses calls the document does not allow', async () => {
    await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: dir });
    const wrong = await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.wrong.json')], { cwd: dir }).then(
      () => '',
      (error: { stdout?: string }) => String(error.stdout),
    );
    const lines = wrong.split('\n').filter((line) => line.includes('error TS'));
    // one error a wrong call: the page's type, the misspelt field, the path that does not exist
    expect(lines.map((line) => line.match(/wrong\.ts\((\d+),/)?.[1])).toEqual(['5', '6', '7']);
  });

  it('signs in, creates, lists, reads, writes a record back unchanged, is refused with field messages and deletes, against the real server', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const { stdout } = await run(process.execPath, [TSX, join(dir, 'client.ts')], {
      cwd: dir,
      env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, EMAIL: ADMIN_EMAIL, PASSWORD: ADMIN_PASSWORD },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      created: 'Typed Town', titles: ['Typed Town'], back: 200, backTitle: 'Typed Town',
      refused: 422, fields: ['title'], deleted: 200, after: 404, anonymous: 401,
    });
  });
});
