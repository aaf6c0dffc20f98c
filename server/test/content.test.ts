/**
 * Pages and FAQs (spec 3): the spec's messages, each page key once, the rich-text allowlist against an
 * XSS corpus (stored through the admin API, read back from the public endpoints), and the public
 * endpoints themselves: no token, 404 for an unknown key, ETag and 304. On SQLite and PostgreSQL.
 */
import { sanitizeRichText } from '../src/services/richText';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, fieldErrors, type Row } from './helpers/http';
import { XSS_CORPUS } from './helpers/xss';

jest.setTimeout(270_000);


/** What may not survive into HTML a browser renders. */
function expectHarmless(html: string, payload: string): void {
  const lower = html.toLowerCase();
  const problems = [
    /<\s*(script|style|iframe|object|embed|svg|math|img|form|input|meta|base|body|details|noscript)\b/.test(lower) && 'dangerous tag',
    /<[^>]*\son[a-z]+\s*=/.test(lower) && 'on* attribute',
    /<[^>]*\sstyle\s*=/.test(lower) && 'style attribute',
    /(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):/.test(lower) && 'script or data url',
    /href\s*=\s*["']?\/\//.test(lower) && 'protocol-relative url',
  ].filter(Boolean);
  expect([payload, html, problems]).toEqual([payload, html, []]);
}

const HARMLESS =
  '<h2>Title</h2><p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s><br></p>' +
  '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>x = 1</code></pre>' +
  '<p><a href="https://example.org/privacy">https</a> <a href="mailto:help@example.org">mail</a></p>';

describe('the rich-text allowlist', () => {
  it('keeps the editor’s formatting and links, and gives links rel="noopener noreferrer"', () => {
    const clean = sanitizeRichText(HARMLESS);
    for (const tag of ['<h2>', '<strong>', '<b>', '<em>', '<i>', '<u>', '<s>', '<br />', '<ul>', '<ol>', '<li>', '<blockquote>', '<pre>', '<code>']) {
      expect([tag, clean.includes(tag)]).toEqual([tag, true]);
    }
    expect(clean).toContain('<a href="https://example.org/privacy" rel="noopener noreferrer">https</a>');
    expect(clean).toContain('<a href="mailto:help@example.org" rel="noopener noreferrer">mail</a>');
    expect(sanitizeRichText('<a href="https://x.org" target="_blank" rel="opener" class="c" id="i">x</a>')).toBe('<a href="https://x.org" rel="noopener noreferrer">x</a>');
  });

  it(`takes everything that runs out of ${XSS_CORPUS.length} hostile payloads`, () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(15);
    for (const payload of XSS_CORPUS) expectHarmless(sanitizeRichText(payload), payload);
  });
});

describe.each(DIALECTS)('pages and FAQs on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
  });
  afterAll(() => t?.close());

  const anonymous = (url: string, headers: Record<string, string> = {}) => call(t, { method: 'GET', url, token: null, headers });

  it("refuses missing fields with the spec's messages", async () => {
    expect(fieldErrors(await api.post('/api/admin/pages', {}))).toEqual({ key: ['Please select a type'], value: ['Please provide a Description'] });
    expect(fieldErrors(await api.post('/api/admin/pages', { key: 'about', value: '   ' }))).toEqual({ key: ['Please select a type'], value: ['Please provide a Description'] });
    // an empty editor, or nothing left once sanitised, is no description
    expect(fieldErrors(await api.post('/api/admin/pages', { key: 'terms', value: '<p><br></p>' }))).toEqual({ value: ['Please provide a Description'] });
    expect(fieldErrors(await api.post('/api/admin/pages', { key: 'terms', value: '<script>alert(1)</script>' }))).toEqual({ value: ['Please provide a Description'] });
    expect(fieldErrors(await api.post('/api/admin/faqs', {}))).toEqual({ question: ['Please provide a question'], answer: ['Please provide a answer'] });
    expect(fieldErrors(await api.post('/api/admin/faqs', { question: 'Q?', answer: '<p></p>' }))).toEqual({ answer: ['Please provide a answer'] });
    expect(dataOf(await api.get('/api/admin/pages?paginate=false'))).toEqual([]);
    expect(dataOf(await api.get('/api/admin/faqs?paginate=false'))).toEqual([]);
  });

  let privacy: Row;
  it('keeps each page key once: a second page with the key is refused with a field message, as is an edit onto a taken key', async () => {
    privacy = dataOf(await api.post('/api/admin/pages', { key: 'privacy_policy', value: '<p>Privacy</p>' }));
    expect(fieldErrors(await api.post('/api/admin/pages', { key: 'privacy_policy', value: '<p>Again</p>' }))).toEqual({ key: ['This page already exists: edit it instead.'] });
    const terms = dataOf(await api.post('/api/admin/pages', { key: 'terms', value: '<p>Terms</p>' }));
    expect(fieldErrors(await api.put(`/api/admin/pages/${terms.encrypted_id}`, { key: 'privacy_policy' }))).toEqual({ key: ['This page already exists: edit it instead.'] });
    // its own key again is no clash
    expect(dataOf(await api.put(`/api/admin/pages/${terms.encrypted_id}`, { key: 'terms', value: '<p>Terms v2</p>' })).value).toBe('<p>Terms v2</p>');
    expect(dataOf(await api.get('/api/admin/pages?paginate=false'))).toHaveLength(2);
  });

  it('the public endpoints need no token, answer the sanitised HTML, and 404 an unknown key', async () => {
    const res = await anonymous('/api/public/pages/privacy_policy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { key: 'privacy_policy', value: '<p>Privacy</p>' } });
    expect(res.json().data).not.toHaveProperty('created_by');
    for (const unknown of ['about', 'PRIVACY_POLICY', '..%2Fterms', 'x'.repeat(65)]) {
      const miss = await anonymous(`/api/public/pages/${unknown}`);
      expect([unknown, miss.statusCode]).toEqual([unknown, 404]);
    }
    const faq = dataOf(await api.post('/api/admin/faqs', { question: 'How do I book?', answer: '<p>From the <strong>app</strong>.</p>' }));
    const list = await anonymous('/api/public/faqs');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([{ id: faq.encrypted_id, question: 'How do I book?', answer: '<p>From the <strong>app</strong>.</p>', updated_at: faq.updated_at }]);
    // a token is not needed, and a bad one does not matter
    expect((await call(t, { method: 'GET', url: '/api/public/faqs', token: 'not-a-token' })).statusCode).toBe(200);
  });

  it('caches: public max-age, an ETag, 304 for If-None-Match, a new ETag after an edit', async () => {
    const first = await anonymous('/api/public/pages/privacy_policy');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await anonymous('/api/public/pages/privacy_policy', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await anonymous('/api/public/pages/privacy_policy', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    dataOf(await api.put(`/api/admin/pages/${privacy.encrypted_id}`, { value: '<p>Privacy, revised</p>' }));
    const changed = await anonymous('/api/public/pages/privacy_policy', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.value).toBe('<p>Privacy, revised</p>');
    const faqs = await anonymous('/api/public/faqs');
    expect((await anonymous('/api/public/faqs', { 'if-none-match': String(faqs.headers.etag) })).statusCode).toBe(304);
  });

  it(`stores the XSS corpus (${XSS_CORPUS.length} payloads) through the admin API; the public endpoints answer it harmless, formatting kept`, async () => {
    const faqIds: string[] = [];
    for (const [i, payload] of XSS_CORPUS.entries()) {
      // the harmless part first: an unclosed <style> or <noscript> in the payload rightly swallows whatever follows it
      const value = `<p><strong>Keep ${i}</strong> <a href="https://example.org/${i}">link ${i}</a></p>${payload}`;
      const page = dataOf(await api.put(`/api/admin/pages/${privacy.encrypted_id}`, { value }));
      expectHarmless(String(page.value), payload);
      const served = (await anonymous('/api/public/pages/privacy_policy')).json().data.value as string;
      expectHarmless(served, payload);
      expect([payload, served]).toEqual([payload, expect.stringContaining(`<strong>Keep ${i}</strong>`)]);
      expect([payload, served]).toEqual([payload, expect.stringContaining(`<a href="https://example.org/${i}" rel="noopener noreferrer">link ${i}</a>`)]);
      faqIds.push(dataOf(await api.post('/api/admin/faqs', { question: `Payload ${i}`, answer: value })).encrypted_id);
    }
    const answers = (await anonymous('/api/public/faqs')).json().data as Row[];
    for (const [i, payload] of XSS_CORPUS.entries()) {
      const answer = answers.find((a) => a.id === faqIds[i])!.answer as string;
      expectHarmless(answer, payload);
      expect([payload, answer]).toEqual([payload, expect.stringContaining(`<strong>Keep ${i}</strong>`)]);
    }
    // and what is stored is already clean: no row holds a script, whatever reads the table
    const raw = await t.db.db.selectFrom('faqs').select('answer').execute();
    for (const { answer } of raw) expect(answer.toLowerCase()).not.toMatch(/<script|javascript:|\son\w+=/);
  });

  it('rows written around the API (by hand, an old import) are still sanitised on the way out', async () => {
    const now = new Date().toISOString();
    await t.db.db.insertInto('faqs').values({ question: 'Raw?', answer: '<p onclick="x()">raw</p><script>alert(1)</script>', created_by: null, created_at: now, updated_at: now }).execute();
    const answers = (await anonymous('/api/public/faqs')).json().data as Row[];
    expect(answers.find((a) => a.question === 'Raw?')!.answer).toBe('<p>raw</p>');
  });

  it('pages and FAQs are guarded by their own modules: a content editor needs no CHW permission, and the CHW permissions give none', async () => {
    const editor = await adminWith(t, ['view_page', 'view_faq', 'create_faq']);
    expect((await call(t, { method: 'GET', url: '/api/admin/pages', token: editor.token })).statusCode).toBe(200);
    expect((await call(t, { method: 'GET', url: '/api/admin/faqs', token: editor.token })).statusCode).toBe(200);
    expect((await call(t, { method: 'POST', url: '/api/admin/faqs', token: editor.token, payload: { question: 'Editor?', answer: '<p>Yes</p>' } })).statusCode).toBe(200);
    expect((await call(t, { method: 'POST', url: '/api/admin/pages', token: editor.token, payload: { key: 'terms', value: '<p>T</p>' } })).statusCode).toBe(403);
    expect((await call(t, { method: 'GET', url: '/api/admin/chw', token: editor.token })).statusCode).toBe(403);
    const chwSupervisor = await adminWith(t, ['view_chw', 'create_chw', 'edit_chw', 'delete_chw']);
    expect((await call(t, { method: 'GET', url: '/api/admin/pages', token: chwSupervisor.token })).statusCode).toBe(403);
    expect((await call(t, { method: 'POST', url: '/api/admin/faqs', token: chwSupervisor.token, payload: { question: 'Q?', answer: '<p>A</p>' } })).statusCode).toBe(403);
    expect((await call(t, { method: 'GET', url: '/api/admin/faqs', token: null })).statusCode).toBe(401);
  });

  it('serves FAQ questions through the allowlist too: markup stored in a question is cleaned on the way out', async () => {
    const stored = dataOf(await client(t).post('/api/admin/faqs', { question: 'Safe?<img src=x onerror=alert(1)><script>alert(2)</script> <b>yes</b>', answer: '<p>A</p>' }));
    const now = new Date().toISOString();
    await t.db.db.insertInto('faqs').values({ question: '<svg onload=alert(3)>Raw question?</svg>', answer: '<p>a</p>', created_by: null, created_at: now, updated_at: now }).execute();
    const served = (await anonymous('/api/public/faqs')).json().data as Row[];
    const ours = served.find((f) => f.id === stored.encrypted_id)!;
    expect(ours.question).toBe('Safe? <b>yes</b>');
    const raw = served.find((f) => String(f.question).includes('Raw question?'))!;
    expect(raw.question).toBe('Raw question?');
    for (const f of served) expect(String(f.question)).not.toMatch(/<(script|img|svg)|onerror|onload/i);
  });
});
