/**
 * Health literacy content (spec 3): each type takes its own files, from the chunked upload or the
 * body; a video needs a thumbnail; tags are normalised and searched; the category must exist; the
 * status filter serves the Knowledge pickers; the hlc permissions guard every route. On SQLite and
 * PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseTags } from '../src/resources/programme/healthLiteracy';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, fieldErrors, multipart, type Row, sampler, tinyPng } from './helpers/http';

jest.setTimeout(270_000);

const BASE = '/api/admin/health-literacy-content';
const png = tinyPng();
const pngUrl = `data:image/png;base64,${png.toString('base64')}`;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const pdfUrl = `data:application/pdf;base64,${pdf.toString('base64')}`;
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(12), randomBytes(4000)]);
const mp4Url = `data:video/mp4;base64,${mp4().toString('base64')}`;

describe('tags as typed', () => {
  it('splits on commas, trims, drops empty ones and repeats (in any case), keeps the order', () => {
    expect(normaliseTags(' polio , vaccine,,  ,Polio, hand  washing ')).toEqual(['polio', 'vaccine', 'hand washing']);
    expect(normaliseTags(['a,b', ' c ', '', 'A'])).toEqual(['a', 'b', 'c']);
    expect(normaliseTags([])).toEqual([]);
    expect(normaliseTags(42)).toEqual([]);
  });
});

describe.each(DIALECTS)('health literacy content on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  let category: Row;
  let seq = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref: refOf } = sampler(api));
    category = await refOf('categories');
  });
  afterAll(() => t?.close());
  let refOf: ReturnType<typeof sampler>['ref'];

  const body = (over: Row = {}): Row => ({ title: `Item ${++seq}`, type: 'image', category_id: category.id, desc: 'About hygiene.', tags: ['hygiene'], file: pngUrl, ...over });
  const count = async () => Number((await anyDb(t).selectFrom('health_literacy_contents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const stored = () => {
    const dir = join(t.config.dataDir, 'storage', 'health_literacy_contents');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  /** a file sent through the chunked upload in one chunk, as the console does; its /storage path */
  async function upload(data: Buffer, mimeType: string, folder = 'health_literacy_contents'): Promise<string> {
    const ext = { 'image/png': 'png', 'application/pdf': 'pdf', 'video/mp4': 'mp4' }[mimeType]!;
    const { payload, headers } = multipart({
      chunk: { filename: `blob.${ext}`, contentType: 'application/octet-stream', data },
      index: '0', totalChunks: '1', timestamp: `${Date.now()}${++seq}`, folder, mimeType, fileExtension: ext,
    });
    const res = await call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', payload, headers, token: t.rootToken });
    expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
    const json = res.json();
    return (json.file ?? json.data.file).path as string;
  }

  it('adds each type: an image, a PDF, a video with its thumbnail; files presented with their kind', async () => {
    const image = dataOf(await api.post(BASE, body({ tags: ['hygiene', 'hands'] })));
    expect(image).toMatchObject({ type: 'image', tags: ['hygiene', 'hands'], splited_tags: ['hygiene', 'hands'], status: 1, category: { id: category.id, title: category.title } });
    expect(image.file).toMatchObject({ type: 'image', mimeType: 'image/png', path: expect.stringMatching(/^\/storage\/health_literacy_contents\/[a-f0-9]{32}\.png$/) });
    expect(image.thumbnail).toBeNull();
    expect(image.created_by).toBe((await anyDb(t).selectFrom('admins').select('id').orderBy('id').executeTakeFirstOrThrow()).id);

    const doc = dataOf(await api.post(BASE, body({ type: 'pdf', file: pdfUrl })));
    expect(doc.file).toMatchObject({ type: 'pdf', mimeType: 'application/pdf', viewer: expect.stringMatching(/^\/api\/admin\/files\//) });
    // the viewer link serves the PDF inline, and only the console may frame it
    const viewed = await t.inject({ method: 'GET', url: doc.file.viewer });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toBe('application/pdf');
    expect(viewed.headers['content-disposition']).toMatch(/^inline/);
    expect(viewed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(viewed.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(viewed.headers['x-content-type-options']).toBe('nosniff');
    // the /storage copy stays a sandboxed download
    const plain = await t.inject({ method: 'GET', url: doc.file.path });
    expect([plain.headers['content-disposition'], plain.headers['x-frame-options']]).toEqual(['attachment', 'DENY']);

    const video = dataOf(await api.post(BASE, body({ type: 'video', file: mp4Url, thumbnail: pngUrl })));
    expect(video.file).toMatchObject({ type: 'video', mimeType: 'video/mp4' });
    expect(video.thumbnail).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('takes the chunked upload of each type by its path, multipart thumbnails, and no path of another folder or outside storage', async () => {
    const video = await upload(mp4(), 'video/mp4');
    const { payload, headers } = multipart({
      title: 'Chunked video', type: 'video', category_id: String(category.id), desc: 'Watch it.', 'tags[]': ['one', 'two, three'], file: video,
      thumbnail: { filename: 'cover.png', contentType: 'image/png', data: png },
    });
    const made = dataOf(await call(t, { method: 'POST', url: BASE, payload, headers, token: t.rootToken }));
    expect(made.file.path).toBe(video);
    expect(made.tags).toEqual(['one', 'two', 'three']);
    expect(made.thumbnail).toMatchObject({ type: 'image' });

    const doc = dataOf(await api.post(BASE, body({ type: 'pdf', file: await upload(pdf, 'application/pdf') })));
    expect(doc.file.type).toBe('pdf');
    const image = dataOf(await api.post(BASE, body({ file: await upload(png, 'image/png') })));
    expect(image.file.type).toBe('image');

    // another item's file is not taken over by naming its path
    expect(fieldErrors(await api.post(BASE, body({ type: 'video', file: video, thumbnail: pngUrl })))).toEqual({ file: ['This file belongs to another record. Upload it again.'] });
    const before = await count();
    for (const file of ['https://example.com/a.png', '/storage/categories/' + 'a'.repeat(32) + '.png', '/etc/passwd', '../../app.key']) {
      expect([file, fieldErrors(await api.post(BASE, body({ file })))]).toEqual([file, { file: ['File format not supported. JPG/JPEG/PNG/MP4/PDF'] }]);
    }
    // a path of this module's upload folder that the server does not keep: upload it again
    expect(fieldErrors(await api.post(BASE, body({ file: `/storage/health_literacy_contents/${'b'.repeat(32)}.png` })))).toEqual({ file: ['This upload is no longer kept (uploads are kept for a limited time until a record takes them). Upload the file again.'] });
    // an upload into another folder is not this module's
    const elsewhere = await upload(png, 'image/png', 'media');
    expect(fieldErrors(await api.post(BASE, body({ file: elsewhere })))).toEqual({ file: ['File format not supported. JPG/JPEG/PNG/MP4/PDF'] });
    expect(await count()).toBe(before);
  });

  it('refuses a file of another type with the type\'s message, writing nothing and keeping no file', async () => {
    const [rows, files] = [await count(), stored()];
    const cases: [Row, string][] = [
      [{ type: 'image', file: pdfUrl }, 'File format not supported. JPG/JPEG/PNG'],
      [{ type: 'image', file: mp4Url }, 'File format not supported. JPG/JPEG/PNG'],
      [{ type: 'pdf', file: pngUrl }, 'File format not supported. PDF'],
      [{ type: 'video', file: pdfUrl, thumbnail: pngUrl }, 'File format not supported. Video'],
      [{ type: 'video', file: pngUrl, thumbnail: pngUrl }, 'File format not supported. Video'],
    ];
    for (const [over, message] of cases) {
      const res = await api.post(BASE, body(over));
      expect([over.type, res.statusCode, fieldErrors(res)]).toEqual([over.type, 422, { file: [message] }]);
    }
    expect(fieldErrors(await api.post(BASE, body({ file: 'data:text/plain;base64,aGVsbG8=' })))).toEqual({ file: ['File format not supported. JPG/JPEG/PNG/MP4/PDF'] });
    expect(fieldErrors(await api.post(BASE, body({ type: 'video', file: mp4Url, thumbnail: pdfUrl })))).toEqual({ thumbnail: ['File format not supported. JPG/JPEG/PNG'] });
    expect([await count(), stored()]).toEqual([rows, files]);
  });

  it('needs a thumbnail for a video, on add and when an item becomes a video', async () => {
    expect(fieldErrors(await api.post(BASE, body({ type: 'video', file: mp4Url })))).toEqual({ thumbnail: ['Please select a thumbnail.'] });
    const image = dataOf(await api.post(BASE, body()));
    // becoming a video: the kept PNG is no video, and there is no thumbnail
    expect(fieldErrors(await api.put(`${BASE}/${image.encrypted_id}`, { type: 'video' }))).toEqual({ file: ['File format not supported. Video'], thumbnail: ['Please select a thumbnail.'] });
    const video = dataOf(await api.put(`${BASE}/${image.encrypted_id}`, { type: 'video', file: mp4Url, thumbnail: pngUrl }));
    expect([video.type, video.file.type, video.thumbnail.type]).toEqual(['video', 'video', 'image']);
    // an edit that leaves the files alone keeps them
    const renamed = dataOf(await api.put(`${BASE}/${image.encrypted_id}`, { title: 'Renamed' }));
    expect(renamed.file.path).toBe(video.file.path);
    // the thumbnail of a video cannot be taken away
    expect(fieldErrors(await api.put(`${BASE}/${image.encrypted_id}`, { thumbnail: null }))).toEqual({ thumbnail: ['Please select a thumbnail.'] });
    // a type change with a file of the new type
    const doc = dataOf(await api.put(`${BASE}/${image.encrypted_id}`, { type: 'pdf', file: pdfUrl }));
    expect([doc.type, doc.file.type]).toEqual(['pdf', 'pdf']);
  });

  it('requires type, category, title, description, tags and file with their messages', async () => {
    const res = await api.post(BASE, {});
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toMatchObject({
      type: ['Please select a type.'], category_id: ['Please select a category.'], title: ['Please provide a title.'],
      desc: ['Please provide a description.'], tags: ['Please provide at least one tag.'], file: ['Please select a file.'],
    });
    expect(fieldErrors(await api.post(BASE, body({ tags: [' ', ',,'] })))).toEqual({ tags: ['Please provide at least one tag.'] });
    expect(fieldErrors(await api.post(BASE, body({ tags: ['x'.repeat(51)] })))).toEqual({ tags: ['A tag may have at most 50 characters.'] });
    expect(fieldErrors(await api.post(BASE, body({ type: 'audio' })))).toEqual({ type: ['Please select a type.'] });
  });

  it('normalises tags (a list or text with commas) and stores them joined by commas', async () => {
    const made = dataOf(await api.post(BASE, body({ tags: ' Polio , vaccine,, polio ,drops ' })));
    expect(made.tags).toEqual(['Polio', 'vaccine', 'drops']);
    const row = await anyDb(t).selectFrom('health_literacy_contents').select('tags').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.tags).toBe('Polio,vaccine,drops');
    const edited = dataOf(await api.put(`${BASE}/${made.encrypted_id}`, { tags: ['drops', ' ORS '] }));
    expect(edited.splited_tags).toEqual(['drops', 'ORS']);
  });

  it('needs an existing category', async () => {
    expect(fieldErrors(await api.post(BASE, body({ category_id: 2_000_000_000 })))).toEqual({ category_id: ['Please select a category.'] });
    const made = dataOf(await api.post(BASE, body()));
    expect(fieldErrors(await api.put(`${BASE}/${made.encrypted_id}`, { category_id: 2_000_000_000 }))).toEqual({ category_id: ['Please select a category.'] });
    // and a category in use is not deleted under its items
    const res = await api.del(`/api/admin/categories/${category.encrypted_id}`);
    expect(res.statusCode).toBe(409);
  });

  it('searches title and tags, filters by status (Active for the pickers), type and category', async () => {
    const mark = `zq${Date.now().toString(36)}`;
    const byTitle = dataOf(await api.post(BASE, body({ title: `Clean water ${mark}` })));
    const byTag = dataOf(await api.post(BASE, body({ type: 'pdf', file: pdfUrl, tags: ['water', `${mark}tag`] })));
    const ids = async (query: string) => (dataOf(await api.get(`${BASE}?${query}`)).data as Row[]).map((r) => r.id).sort();
    expect(await ids(`search=${mark}`)).toEqual([byTitle.id, byTag.id].sort());
    expect(await ids(`search=${mark}TAG`)).toEqual([byTag.id]);
    expect(await ids(`search=${mark}&type=pdf`)).toEqual([byTag.id]);
    expect(await ids(`search=${mark}&category_id=${category.id}`)).toEqual([byTitle.id, byTag.id].sort());

    expect(await call(t, { method: 'PUT', url: `${BASE}/status/${byTag.encrypted_id}`, payload: { status: 2 }, token: t.rootToken }).then((r) => r.statusCode)).toBe(200);
    expect(await ids(`search=${mark}&status=Active`)).toEqual([byTitle.id]);
    expect(await ids(`search=${mark}&status=2`)).toEqual([byTag.id]);
    const choices = dataOf(await api.get(`${BASE}/choices?status=Active&search=${mark}`)) as Row[];
    expect(choices.map((c) => [c.id, c.title, c.type])).toEqual([[byTitle.id, byTitle.title, 'image']]);
  });

  it('exports the searched items as CSV with their category', async () => {
    const mark = `ex${Date.now().toString(36)}`;
    await api.post(BASE, body({ title: `Export ${mark}`, tags: ['one', 'two'] }));
    const link = new URL(dataOf<string>(await api.get(`${BASE}?download=true&search=${mark}`)));
    const csv = await t.inject({ method: 'GET', url: link.pathname });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"ID","Title","Type","Tags","Desc","Status","Created at","Category"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"Export ${mark}","image","[""one"",""two""]"`);
    expect(lines[1]).toContain(`"${category.title}"`);
  });

  it('is what Knowledge tasks and messages point at: active items only, and an item in use is not deleted', async () => {
    const item = dataOf(await api.post(BASE, body()));
    const blocked = dataOf(await api.post(BASE, body()));
    await call(t, { method: 'PUT', url: `${BASE}/status/${blocked.encrypted_id}`, payload: { status: 2 }, token: t.rootToken });
    const tehsil = await refOf('tehsils');
    const interest = await refOf('interests');
    const message = (knowledge_id: number) => ({ type: 'Knowledge', title: 'Read this', knowledge_id, interest_ids: [interest.id], district_id: tehsil.district_id, tehsil_id: tehsil.id });
    expect(fieldErrors(await api.post('/api/admin/user-messages', message(blocked.id)))).toEqual({ knowledge_id: ['Please select a knowledge'] });
    const sent = dataOf(await api.post('/api/admin/user-messages', message(item.id)));
    expect(sent.knowledge).toMatchObject({ id: item.id, title: item.title });
    const res = await api.del(`${BASE}/${item.encrypted_id}`);
    expect([res.statusCode, res.json().message]).toEqual([409, expect.stringContaining('still used by 1 message')]);
    expect(res.json()).toMatchObject({ code: 'literacy_in_use', values: { uses: [{ noun: 'message', count: 1 }] } });
  });

  it('guards each route by its hlc permission', async () => {
    const item = dataOf(await api.post(BASE, body()));
    const viewer = client(t, (await adminWith(t, ['view_hlc'])).token);
    const editor = client(t, (await adminWith(t, ['view_hlc', 'edit_hlc'])).token);
    const creator = client(t, (await adminWith(t, ['create_hlc'])).token);
    const nobody = client(t, (await adminWith(t, ['view_task'])).token);
    const deleter = client(t, (await adminWith(t, ['delete_hlc'])).token);

    expect((await nobody.get(BASE)).statusCode).toBe(403);
    expect((await nobody.get(`${BASE}/${item.encrypted_id}`)).statusCode).toBe(403);
    expect((await viewer.get(BASE)).statusCode).toBe(200);
    expect((await viewer.get(`${BASE}/${item.encrypted_id}`)).statusCode).toBe(200);
    expect((await viewer.post(BASE, body())).statusCode).toBe(403);
    expect((await viewer.put(`${BASE}/${item.encrypted_id}`, { title: 'No' })).statusCode).toBe(403);
    expect((await call(t, { method: 'PUT', url: `${BASE}/status/${item.encrypted_id}`, payload: { status: 2 }, token: (await adminWith(t, ['view_hlc'])).token })).statusCode).toBe(403);
    expect((await viewer.del(`${BASE}/${item.encrypted_id}`)).statusCode).toBe(403);
    expect((await creator.post(BASE, body())).statusCode).toBe(200);
    expect((await editor.put(`${BASE}/${item.encrypted_id}`, { title: 'Yes' })).statusCode).toBe(200);
    // the choices (the Knowledge pickers) are open to any signed-in admin, names and types only
    const choices = dataOf(await nobody.get(`${BASE}/choices`)) as Row[];
    expect(Object.keys(choices[0]!).sort()).toEqual(['encrypted_id', 'id', 'title', 'type']);
    expect((await deleter.del(`${BASE}/${item.encrypted_id}`)).statusCode).toBe(200);
    expect((await viewer.get(`${BASE}/${item.encrypted_id}`)).statusCode).toBe(404);
  });
});
