/**
 * Serving a browser safely: every answer (the console's page and assets, its client-side routes, the
 * API, the field API, /storage, the docs, refusals) carries the security headers; /storage keeps its
 * own sandbox; HSTS only over https; the real-time socket (embedded or external) is allowed by the
 * CSP; CORS answers only the listed origins. The headers do not depend on the database: SQLite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from './helpers/app';
import { heldFile, tinyPng } from './helpers/http';

jest.setTimeout(180_000);

/** A CSP header as directive → sources. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The headers every answer of the console's origin carries (but /storage's CSP, checked apart). */
function expectBrowserHeaders(label: string, headers: Record<string, unknown>) {
  const csp = directives(headers['content-security-policy'] as string);
  expect([label, csp.get('default-src')]).toEqual([label, ["'self'"]]);
  expect([label, csp.get('script-src')]).toEqual([label, ["'self'"]]);
  expect([label, csp.get('object-src')]).toEqual([label, ["'none'"]]);
  expect([label, csp.get('base-uri')]).toEqual([label, ["'none'"]]);
  expect([label, csp.get('frame-ancestors')]).toEqual([label, ["'none'"]]);
  expect([label, csp.get('img-src')]).toEqual([label, ["'self'", 'data:', 'blob:']]);
  expect([label, csp.get('connect-src')?.[0]]).toEqual([label, "'self'"]);
  expect([label, headers['x-content-type-options']]).toEqual([label, 'nosniff']);
  expect([label, headers['referrer-policy']]).toEqual([label, 'no-referrer']);
  expect([label, headers['x-frame-options']]).toEqual([label, 'DENY']);
}

describe('security headers', () => {
  let t: TestApp;
  let consoleDir: string;
  let image: string;
  let pdf: string;

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(consoleDir, 'assets', 'index.js'), 'console.log("console")');
    t = await startTestApp('sqlite', {}, { config: { consoleDir } });
    image = await heldFile(t, 'profiles', 'png', tinyPng());
    pdf = await heldFile(t, 'reports', 'pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, token: string | null = null) => t.inject({ method: 'GET', url, token });

  it('on the console, its assets and routes, the API, the field API, the docs and refusals; no HSTS over http', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['console page', await get('/')],
      ['console asset', await get('/assets/index.js')],
      ['console route (SPA fallback)', await get('/districts/create')],
      ['health', await get('/api/health')],
      ['API list', await get('/api/admin/districts', t.rootToken)],
      ['API 401', await get('/api/admin/districts')],
      ['API 404', await get('/api/admin/no-such-thing', t.rootToken)],
      ['API 422', await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: {} })],
      ['field API', await t.inject({ method: 'POST', url: '/api/field/login', payload: { email: 'nobody@example.org', password: 'wrong-password-1' } })],
      ['docs', await get('/api/docs/json')],
      ['malformed address (router refusal)', await get('/api/admin/districts/%E0%A4%A')],
    ];
    expect(answers[0]![1].headers['content-type']).toMatch(/text\/html/);
    expect(answers[2]![1].headers['content-type']).toMatch(/text\/html/);
    expect(answers[10]![1].statusCode).toBe(400);
    for (const [label, res] of answers) {
      expectBrowserHeaders(label, res.headers);
      expect([label, res.headers['strict-transport-security']]).toEqual([label, undefined]);
      expect([label, directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests')]).toEqual([label, false]);
    }
  });

  it('the embedded real-time socket (same origin, /app) is allowed: connect-src has ws of PUBLIC_URL besides self', async () => {
    const csp = directives((await get('/')).headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://console.test']);
  });

  it('/storage keeps its sandbox, nosniff, and serves a PDF as an attachment', async () => {
    for (const [path, attachment] of [[image, false], [pdf, true]] as const) {
      const res = await get(`/storage/${path}`);
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect([path, csp.has('sandbox'), csp.get('default-src')]).toEqual([path, true, ["'none'"]]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-disposition']).toBe(attachment ? 'attachment' : undefined);
    }
    const missing = await get('/storage/profiles/nothing-here.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it("what Node's HTTP parser refuses (headers too large) carries the headers too", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', (err) => (text ? resolve(text) : reject(err)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const headers = Object.fromEntries(raw.split('\r\n\r\n')[0]!.split('\r\n').slice(1).map((line) => {
      const i = line.indexOf(':');
      return [line.slice(0, i).toLowerCase(), line.slice(i + 1).trim()];
    }));
    expectBrowserHeaders('431', headers);
  });
});

describe('security headers over https, with an external real-time service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      PUBLIC_URL: 'https://console.example.org',
      PUSHER_APP_ID: '1', PUSHER_KEY: 'key', PUSHER_SECRET: 'secret', PUSHER_HOST: 'push.example.org', PUSHER_PORT: '6001', PUSHER_TLS: 'true',
    });
  });
  afterAll(() => t?.close());

  it('HSTS and upgrade-insecure-requests; connect-src names wss of the console and the external service', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://console.example.org', 'wss://push.example.org:6001']);
    expectBrowserHeaders('https', res.headers);
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { CORS_ORIGINS: 'https://admin.example.org' });
  });
  afterAll(() => t?.close());

  const from = (origin: string, method: 'GET' | 'OPTIONS' = 'GET') =>
    t.inject({
      method, url: '/api/admin/districts', token: method === 'GET' ? t.rootToken : null,
      headers: { origin, ...(method === 'OPTIONS' ? { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } : {}) },
    });

  it('a listed origin is answered with itself; an unlisted one gets no Access-Control-Allow-Origin (nothing reflected)', async () => {
    for (const method of ['GET', 'OPTIONS'] as const) {
      const listed = await from('https://admin.example.org', method);
      expect([method, listed.headers['access-control-allow-origin']]).toEqual([method, 'https://admin.example.org']);
      for (const origin of ['https://evil.example', 'https://admin.example.org.evil.example', 'null']) {
        const other = await from(origin, method);
        expect([method, origin, other.headers['access-control-allow-origin']]).toEqual([method, origin, undefined]);
        expect(other.headers['access-control-allow-credentials']).toBeUndefined();
      }
    }
  });

  it('without CORS_ORIGINS no origin is allowed', async () => {
    const plain = await startTestApp('sqlite');
    try {
      const res = await plain.inject({ method: 'GET', url: '/api/admin/districts', token: plain.rootToken, headers: { origin: 'https://admin.example.org' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
