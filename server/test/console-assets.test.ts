/**
 * How the built console reaches a browser: each asset compressed at build time (.br, .gz beside it)
 * and sent in the encoding the browser accepts, hashed assets kept a year (immutable), the pages asked
 * for every time (no-cache) with ETag revalidation, the SPA's own routes answered with its page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from './helpers/app';

describe('the console as served', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
  const script = `export const hello = ${JSON.stringify('x'.repeat(5000))};\n`;
  const page = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(join(dir, 'index.html.gz'), gzipSync(page));
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
    t = await startTestApp('sqlite', {}, { config: { consoleDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  test('a hashed asset goes out in brotli, else gzip, else as is, kept a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  test('the page is asked for on every visit and revalidated by its ETag; the console routes answer with it', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(304);

    const route = await get('/patients/abc/show', { 'accept-encoding': 'identity' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toBe(page);
    // an API path is never the page
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });
});
