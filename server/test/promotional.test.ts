/**
 * Promotional content (spec 1 sections 2.7, 5 and 7): each store's validation and the spec's
 * messages, files as data URLs, multipart parts and chunked uploads (checked by content: a PNG named
 * .mp4 is refused), replaced files removed, sliders and testimonials added and deleted, the combined
 * GET, the setting permissions, and the public read with its ETag. On SQLite and PostgreSQL.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPromotionalDemo } from '../src/seeds/promotionalDemo';
import { PROMOTIONAL_MESSAGES as M } from '../src/routes/promotional';
import { LocalStorage } from '../src/services/storage';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { auditSince, call, client, type Client, dataOf, fieldErrors, lastAuditId, multipart, type Row, tinyPng } from './helpers/http';

jest.setTimeout(270_000);

const png = (rgba: [number, number, number, number] = [10, 120, 200, 255]) => tinyPng(rgba);
const dataUrl = (data: Buffer, type = 'image/png') => `data:${type};base64,${data.toString('base64')}`;
/** the first bytes of an MP4 (an ftyp box), enough for the content check */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(0x18 - 12), Buffer.from('mdat')]);
const jpegish = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);

const aboutBody = (file: () => unknown = () => dataUrl(png())) => {
  const body: Row = { title: 'About us', heading: 'Care close to home', desc: 'Community health workers in every tehsil.' };
  for (const n of [1, 2, 3, 4]) {
    Object.assign(body, {
      [`box_${n}_title`]: `Box ${n}`,
      [`box_${n}_desc`]: `What box ${n} says`,
      [`box_${n}_file`]: file(),
      [`box_analytic_${n}_value`]: `${n * 100}+`,
      [`box_analytic_${n}_key`]: `Figure ${n}`,
    });
  }
  return body;
};

describe.each(DIALECTS)('promotional (%s)', (dialect) => {
  let t: TestApp;
  let root: Client;
  const stored = (path: string) => (t.app.ctx.storage as LocalStorage).fullPath(path.replace(/^\/storage\//, ''))!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    root = client(t);
  });
  afterAll(() => t?.close());

  it('logo: a file is required, JPG or PNG by content, as a data URL or a multipart part; the old file goes', async () => {
    expect(fieldErrors(await root.post('/api/admin/promotional/logo/store', {}))).toEqual({ file: [M.file] });
    expect(fieldErrors(await root.post('/api/admin/promotional/logo/store', { file: dataUrl(Buffer.from('GIF89a....'), 'image/gif') }))).toEqual({ file: [M.imageFormat] });
    // the name and the declared type do not count: the bytes do
    expect(fieldErrors(await root.post('/api/admin/promotional/logo/store', { file: dataUrl(mp4(), 'image/png') }))).toEqual({ file: [M.imageFormat] });

    const since = await lastAuditId(t);
    const first = dataOf(await root.post('/api/admin/promotional/logo/store', { file: dataUrl(png()) }));
    expect(first.file).toMatchObject({ path: expect.stringMatching(/^\/storage\/promotional\/[0-9a-f]{32}\.png$/), type: 'image', mimeType: 'image/png' });
    expect(existsSync(stored(first.file.path))).toBe(true);
    expect(await auditSince(t, since)).toEqual([expect.objectContaining({ action: 'create', resource: 'promotional.logo' })]);

    const form = multipart({ file: { filename: 'logo.jpg', contentType: 'image/jpeg', data: jpegish() } });
    const res = await call(t, { method: 'POST', url: '/api/admin/promotional/logo/store', token: t.rootToken, headers: form.headers, payload: form.payload });
    const second = dataOf(res);
    expect(second.file.path).toMatch(/\.jpg$/);
    expect(existsSync(stored(first.file.path))).toBe(false);
    expect(existsSync(stored(second.file.path))).toBe(true);
    expect(dataOf(await root.get('/api/admin/promotional')).logo).toEqual(second);
  });

  it('banner: a description and three images on the first store; later stores keep the images left out', async () => {
    // the text fields are checked first (the schema), then the files
    expect(fieldErrors(await root.post('/api/admin/promotional/banner/store', { desc: '  ' }))).toEqual({ desc: [M.description] });
    expect(fieldErrors(await root.post('/api/admin/promotional/banner/store', { desc: 'Care near you' }))).toEqual({ background_image: [M.file], center_image: [M.file], person_image: [M.file] });
    expect(fieldErrors(await root.post('/api/admin/promotional/banner/store', {
      desc: 'Care near you', background_image: dataUrl(png()), center_image: dataUrl(mp4(), 'video/mp4'), person_image: dataUrl(png()),
    }))).toEqual({ center_image: [M.imageFormat] });
    // nothing of the refused write stayed behind
    expect(dataOf(await root.get('/api/admin/promotional')).banner).toBeNull();

    const form = multipart({
      desc: 'Care near you',
      background_image: { filename: 'bg.png', contentType: 'image/png', data: png() },
      center_image: { filename: 'c.png', contentType: 'image/png', data: png([1, 2, 3, 255]) },
      person_image: { filename: 'p.jpg', contentType: 'image/jpeg', data: jpegish() },
    });
    const banner = dataOf(await call(t, { method: 'POST', url: '/api/admin/promotional/banner/store', token: t.rootToken, headers: form.headers, payload: form.payload }));
    expect(banner).toMatchObject({ desc: 'Care near you', background_image: { type: 'image' }, center_image: { type: 'image' }, person_image: { mimeType: 'image/jpeg' } });

    const next = dataOf(await root.post('/api/admin/promotional/banner/store', { desc: 'Doctors a call away', center_image: dataUrl(png([9, 9, 9, 255])) }));
    expect(next.desc).toBe('Doctors a call away');
    expect(next.background_image).toEqual(banner.background_image);
    expect(next.person_image).toEqual(banner.person_image);
    expect(next.center_image.path).not.toBe(banner.center_image.path);
    expect(existsSync(stored(banner.center_image.path))).toBe(false);
    // the path it was presented with keeps a file as it is
    const same = dataOf(await root.post('/api/admin/promotional/banner/store', { desc: 'Doctors a call away', center_image: next.center_image.path }));
    expect(same.center_image).toEqual(next.center_image);
    // a file of the store that is refused afterwards is not left behind
    const before = dataOf(await root.get('/api/admin/promotional')).banner;
    expect(fieldErrors(await root.post('/api/admin/promotional/banner/store', { desc: '', center_image: dataUrl(png()) }))).toEqual({ desc: [M.description] });
    expect(dataOf(await root.get('/api/admin/promotional')).banner).toEqual(before);
  });

  it('about: title, heading, description, four boxes and four analytics, each with its message', async () => {
    const errors = fieldErrors(await root.post('/api/admin/promotional/about/store', { title: 'About' }));
    expect(errors).toMatchObject({ heading: [M.heading], desc: [M.description], box_1_title: [M.title], box_4_desc: [M.description], box_analytic_3_value: [M.value], box_analytic_4_key: [M.key] });
    expect(errors.title).toBeUndefined();
    const noFiles = aboutBody();
    delete noFiles.box_2_file;
    expect(fieldErrors(await root.post('/api/admin/promotional/about/store', noFiles))).toEqual({ box_2_file: [M.file] });
    expect(fieldErrors(await root.post('/api/admin/promotional/about/store', { ...aboutBody(), box_3_file: dataUrl(Buffer.from('%PDF-1.4\n')) }))).toEqual({ box_3_file: [M.imageFormat] });
    const about = dataOf(await root.post('/api/admin/promotional/about/store', aboutBody()));
    expect(about).toMatchObject({ title: 'About us', heading: 'Care close to home', box_2_title: 'Box 2', box_analytic_4_value: '400+', box_analytic_4_key: 'Figure 4', box_4_file: { type: 'image' } });
    // analytics are text ("400+"), also from a form
    const form = multipart(Object.fromEntries(Object.entries(aboutBody()).filter(([k]) => !k.endsWith('_file')).map(([k, v]) => [k, k === 'box_analytic_1_value' ? '25' : String(v)])));
    const again = dataOf(await call(t, { method: 'POST', url: '/api/admin/promotional/about/store', token: t.rootToken, headers: form.headers, payload: form.payload }));
    expect(again.box_analytic_1_value).toBe('25');
    expect(again.box_1_file).toEqual(about.box_1_file);
  });

  it("the spec's names beside the store names: logo.path, the banner's background/center/person, the about boxes as objects; PUT /promotional/{section}", async () => {
    const logo = dataOf(await root.put('/api/admin/promotional/logo', { file: dataUrl(png()) }));
    expect(logo.path).toBe(logo.file.path);
    const banner = dataOf(await root.put('/api/admin/promotional/banner', { desc: 'Near you', background_image: dataUrl(png()), center_image: dataUrl(png()), person_image: dataUrl(png()) }));
    expect([banner.background, banner.center, banner.person]).toEqual([banner.background_image, banner.center_image, banner.person_image]);
    const about = dataOf(await root.put('/api/admin/promotional/about', aboutBody()));
    expect(about.box_2).toEqual({ title: 'Box 2', desc: about.box_2_desc, file: about.box_2_file });
    expect(about.box_analytic_4).toEqual({ value: '400+', key: 'Figure 4' });
    const all = dataOf(await root.get('/api/admin/promotional'));
    expect([all.logo.path, all.banner.person.path, all.about.box_1.file.path]).toEqual([logo.file.path, banner.person_image.path, about.box_1_file.path]);
    // a section's own checks hold on the PUT too; an id that names no section is not found
    expect(fieldErrors(await root.put('/api/admin/promotional/banner', { desc: '' }))).toHaveProperty('desc');
    expect((await root.put('/api/admin/promotional/footer', { desc: 'x' })).statusCode).toBe(404);
  });

  it("how it works: title and description required; an MP4 by content only ('File format not supported. MP4 Only')", async () => {
    expect(fieldErrors(await root.post('/api/admin/promotional/how-it-works/store', {}))).toEqual({ title: [M.title], desc: [M.description] });
    expect(fieldErrors(await root.post('/api/admin/promotional/how-it-works/store', { title: 'How it works', desc: 'Three steps' }))).toEqual({ video: [M.file] });
    // a PNG named .mp4, as a multipart part and as a data URL claiming video/mp4
    const renamed = multipart({ title: 'How it works', desc: 'Three steps', video: { filename: 'clip.mp4', contentType: 'video/mp4', data: png() } });
    expect(fieldErrors(await call(t, { method: 'POST', url: '/api/admin/promotional/how-it-works/store', token: t.rootToken, headers: renamed.headers, payload: renamed.payload }))).toEqual({ video: [M.videoFormat] });
    expect(fieldErrors(await root.post('/api/admin/promotional/how-it-works/store', { title: 'How it works', desc: 'Three steps', video: dataUrl(png(), 'video/mp4') }))).toEqual({ video: [M.videoFormat] });

    const form = multipart({ title: 'How it works', desc: 'Three steps', video: { filename: 'clip.mp4', contentType: 'video/mp4', data: mp4() } });
    const saved = dataOf(await call(t, { method: 'POST', url: '/api/admin/promotional/how-it-works/store', token: t.rootToken, headers: form.headers, payload: form.payload }));
    expect(saved).toMatchObject({ title: 'How it works', desc: 'Three steps', video: { type: 'video', mimeType: 'video/mp4', path: expect.stringMatching(/\.mp4$/) } });

    // a chunked upload's file (the console's way, with its progress bar): its /storage path
    const chunk = multipart({ chunk: { filename: 'blob', contentType: 'application/octet-stream', data: mp4() }, index: '0', totalChunks: '1', timestamp: 'how-1', fileExtension: 'mp4', folder: 'promotional' });
    const uploaded = await call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', token: t.rootToken, headers: chunk.headers, payload: chunk.payload });
    const path = uploaded.json().file.path as string;
    const viaChunks = dataOf(await root.post('/api/admin/promotional/how-it-works/store', { title: 'How it works', desc: 'Three steps', video: path }));
    expect(viaChunks.video.path).toBe(path);
    expect(existsSync(stored(saved.video.path))).toBe(false);
    // a chunked upload of a PNG named .mp4 is refused by its content as the last chunk arrives
    const fake = multipart({ chunk: { filename: 'blob', contentType: 'video/mp4', data: png() }, index: '0', totalChunks: '1', timestamp: 'how-2', fileExtension: 'mp4', folder: 'promotional' });
    const refused = await call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', token: t.rootToken, headers: fake.headers, payload: fake.payload });
    expect(refused.statusCode).toBe(422);
    // and the logo's path is another section's file, not this one's to take
    const logo = dataOf(await root.get('/api/admin/promotional')).logo;
    expect(fieldErrors(await root.post('/api/admin/promotional/how-it-works/store', { title: 'T', desc: 'D', video: logo.file.path }))).toEqual({ video: ['This file belongs to another record. Upload it again.'] });
  });

  it('sliders: added as data URL or multipart, listed, deleted with their file', async () => {
    expect(fieldErrors(await root.post('/api/admin/promotional/slider/store', {}))).toEqual({ file: [M.file] });
    expect(fieldErrors(await root.post('/api/admin/promotional/slider/store', { file: dataUrl(mp4()) }))).toEqual({ file: [M.imageFormat] });
    const a = dataOf(await root.post('/api/admin/promotional/slider/store', { file: dataUrl(png()) }));
    const form = multipart({ file: { filename: 's.jpg', contentType: 'image/jpeg', data: jpegish() } });
    const b = dataOf(await call(t, { method: 'POST', url: '/api/admin/promotional/slider/store', token: t.rootToken, headers: form.headers, payload: form.payload }));
    expect(a).toMatchObject({ file_type: 'image', path: expect.stringMatching(/\.png$/) });
    expect(dataOf(await root.get('/api/admin/promotional/slider')).map((s: Row) => s.id)).toEqual([b.id, a.id]);

    const since = await lastAuditId(t);
    expect((await root.del(`/api/admin/promotional/slider/${a.id}`)).statusCode).toBe(200);
    expect(existsSync(stored(a.path))).toBe(false);
    expect(await auditSince(t, since)).toEqual([expect.objectContaining({ action: 'delete', resource: 'promotional.slider' })]);
    expect((await root.del(`/api/admin/promotional/slider/${a.id}`)).statusCode).toBe(404);
    expect((await root.del('/api/admin/promotional/slider/not-an-id')).statusCode).toBe(404);
    expect(dataOf(await root.get('/api/admin/promotional')).sliders.map((s: Row) => s.id)).toEqual([b.id]);
  });

  it('testimonials: name and text required; searched; deleted', async () => {
    expect(fieldErrors(await root.post('/api/admin/promotional/testimonial/store', { name: '', text: ' ' }))).toEqual({ name: [M.name], text: [M.text] });
    const a = dataOf(await root.post('/api/admin/promotional/testimonial/store', { name: 'Ayesha', text: 'The doctor called back the same day.' }));
    const b = dataOf(await root.post('/api/admin/promotional/testimonial/store', { name: 'Bilal', text: 'My mother got her medicines.' }));
    expect(dataOf(await root.get('/api/admin/promotional/testimonial?search=medicines')).map((r: Row) => r.name)).toEqual(['Bilal']);
    // a slider's id is not a testimonial's
    const slider = dataOf(await root.get('/api/admin/promotional/slider'))[0]!;
    expect((await root.del(`/api/admin/promotional/testimonial/${slider.id}`)).statusCode).toBe(404);
    expect((await root.del(`/api/admin/promotional/testimonial/${a.id}`)).statusCode).toBe(200);
    expect(dataOf(await root.get('/api/admin/promotional')).testimonials.map((r: Row) => r.id)).toEqual([b.id]);
  });

  it('permissions: view_setting reads, edit_setting stores sections, create_setting adds, delete_setting removes', async () => {
    const viewer = client(t, (await adminWith(t, ['view_setting'])).token);
    const editor = client(t, (await adminWith(t, ['edit_setting'])).token);
    const other = client(t, (await adminWith(t, ['view_sub_admin', 'edit_role'])).token);
    expect((await viewer.get('/api/admin/promotional')).statusCode).toBe(200);
    expect((await other.get('/api/admin/promotional')).statusCode).toBe(403);
    expect((await viewer.post('/api/admin/promotional/banner/store', { desc: 'x' })).statusCode).toBe(403);
    expect((await editor.post('/api/admin/promotional/banner/store', { desc: 'Edited by the editor' })).statusCode).toBe(200);
    expect((await editor.post('/api/admin/promotional/testimonial/store', { name: 'N', text: 'T' })).statusCode).toBe(403);
    const slider = dataOf(await root.get('/api/admin/promotional/slider'))[0]!;
    expect((await editor.del(`/api/admin/promotional/slider/${slider.id}`)).statusCode).toBe(403);
    expect((await call(t, { method: 'GET', url: '/api/admin/promotional', token: null })).statusCode).toBe(401);
  });

  it('the public read: no token, the same content, an ETag answered by 304 until something changes', async () => {
    const first = await call(t, { method: 'GET', url: '/api/public/promotional', token: null });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.json().data).toEqual(dataOf(await root.get('/api/admin/promotional')));
    expect(first.json().data.banner.desc).toBe('Edited by the editor');

    const unchanged = await call(t, { method: 'GET', url: '/api/public/promotional', token: null, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await call(t, { method: 'GET', url: '/api/public/promotional', token: null, headers: { 'if-none-match': `W/${etag}, "other"` } })).statusCode).toBe(304);

    dataOf(await root.post('/api/admin/promotional/testimonial/store', { name: 'Chand', text: 'A new voice' }));
    const changed = await call(t, { method: 'GET', url: '/api/public/promotional', token: null, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.testimonials[0]).toMatchObject({ name: 'Chand', text: 'A new voice' });
  });
});

describe('the landing site at /site', () => {
  let t: TestApp;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(consoleDir, 'site'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(consoleDir, 'site', 'index.html'), '<!doctype html><title>site</title><script type="module" src="/assets/site.js"></script>');
    t = await startTestApp('sqlite', {}, { config: { consoleDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('serves its document at /site and its pages, with the security headers, without a token', async () => {
    for (const url of ['/site', '/site/', '/site/faqs', '/site/privacy-policy', '/site/terms']) {
      const res = await call(t, { method: 'GET', url, token: null });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, expect.stringContaining('<title>site</title>')]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect((await call(t, { method: 'GET', url: '/site/unknown', token: null })).statusCode).toBe(404);
    // the console's own routes are still the console
    expect((await call(t, { method: 'GET', url: '/promotional', token: null })).body).toContain('<title>console</title>');
  });

  it('the demo seed gives the site content whose images the server serves, once', async () => {
    expect(await seedPromotionalDemo(t.db, new LocalStorage(t.config.dataDir))).toBe(true);
    const data = (await call(t, { method: 'GET', url: '/api/public/promotional', token: null })).json().data;
    expect(data).toMatchObject({ banner: { desc: expect.any(String), center_image: null }, about: { box_4_title: expect.any(String), box_analytic_1_value: '1,000+' }, how_it_works: null });
    expect(data.sliders).toHaveLength(3);
    expect(data.testimonials).toHaveLength(3);
    for (const path of [data.logo.file.path, data.about.box_1_file.path, data.sliders[0].path]) {
      const res = await call(t, { method: 'GET', url: path, token: null });
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 200, 'image/png']);
      expect(res.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    // a later store keeps the seeded files it is not given
    const kept = dataOf(await client(t).post('/api/admin/promotional/banner/store', { desc: 'New words', center_image: `data:image/png;base64,${tinyPng().toString('base64')}` }));
    expect(kept.background_image).toEqual(data.banner.background_image);
    expect(await seedPromotionalDemo(t.db, new LocalStorage(t.config.dataDir))).toBe(false);
  });
});
