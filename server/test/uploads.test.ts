import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { uploadPermissions } from '../src/http/files';
import { registry } from '../src/resources/registry';
import { PROMOTIONAL_FILES } from '../src/routes/promotional';
import { FILE_MESSAGES } from '../src/services/storedFiles';
import { UPLOAD_FOLDERS } from '../src/services/uploads';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, auditSince, call, client, dataOf, fieldErrors, lastAuditId, multipart, sampler, tinyPng, uploaded } from './helpers/http';
import type { LocalStorage } from '../src/services/storage';

const URL = '/api/admin/media-file/upload-chunk';

interface ChunkFields {
  chunk?: Buffer;
  index?: number | string;
  totalChunks?: number | string;
  timestamp?: string;
  fileExtension?: string;
  mimeType?: string;
  folder?: string;
  sha256?: string;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** An MP4-like payload: a real `ftyp` box header, then random bytes. */
function mp4Like(size: number): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(12)]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

/** Splits data into n nearly equal chunks, as the console does with its fixed chunk size. */
function split(data: Buffer, n: number): Buffer[] {
  const size = Math.ceil(data.length / n);
  return Array.from({ length: n }, (_, i) => data.subarray(i * size, Math.min(data.length, (i + 1) * size)));
}

describe('upload settings', () => {
  const base = { DATA_DIR: join(tmpdir(), 'console-upload-config'), APP_KEY: `base64:${Buffer.alloc(32, 3).toString('base64')}` };
  test('defaults: 1 GB a file, no folder limits, 24 hours, 4 GB an admin a day', () => {
    expect(loadConfig(base).uploads).toEqual({ maxBytes: 1024 ** 3, folderMaxBytes: {}, staleMs: 24 * 3600_000, dailyBytes: 4 * 1024 ** 3 });
  });
  test('UPLOAD_MAX_MB, UPLOAD_LIMITS (folder:MB pairs of known folders), UPLOAD_STALE_HOURS and UPLOAD_DAILY_MB', () => {
    const config = loadConfig({ ...base, UPLOAD_MAX_MB: '300', UPLOAD_LIMITS: 'health_literacy_contents:1024, promotional:200', UPLOAD_STALE_HOURS: '6', UPLOAD_DAILY_MB: '500' });
    expect(config.uploads).toEqual({ maxBytes: 300 * 1024 ** 2, folderMaxBytes: { health_literacy_contents: 1024 ** 3, promotional: 200 * 1024 ** 2 }, staleMs: 6 * 3600_000, dailyBytes: 500 * 1024 ** 2 });
    for (const bad of ['promotional', 'promotional:0', 'promotional:-5', 'promotional:big', 'nowhere:10', '../etc:10']) {
      expect(() => loadConfig({ ...base, UPLOAD_LIMITS: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...base, UPLOAD_MAX_MB: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, UPLOAD_DAILY_MB: '-1' })).toThrow(ConfigError);
  });
});

describe.each(DIALECTS)('chunked media upload on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // promotional files of at most 1 MB here, any other folder the default (1 GB)
    t = await startTestApp(dialect, { UPLOAD_LIMITS: 'promotional:1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const uploadsDir = () => join(t.config.dataDir, 'uploads');
  const partFolders = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).filter((n) => /^[0-9a-f]{64}(\.assembling)?$/.test(n)) : []);
  const storedIn = (folder: string) => {
    const dir = join(t.config.dataDir, 'storage', folder);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  let seq = 0;
  const newTimestamp = () => `${Date.now()}${++seq}`;

  /**
   * Sends one chunk as the console does (fields as text, then the file part named by the file: the
   * server can write it in place as it arrives); `fileFirst` puts the file part first, as other
   * clients may (the server then goes through a temporary file).
   */
  function send(fields: ChunkFields, token: string | null = t.rootToken, { fileFirst = false } = {}) {
    const form: Parameters<typeof multipart>[0] = {};
    const file = fields.chunk ? { filename: `file.${fields.fileExtension ?? 'bin'}`, contentType: 'application/octet-stream', data: fields.chunk } : null;
    if (file && fileFirst) form.chunk = file;
    for (const key of ['index', 'totalChunks', 'timestamp', 'fileExtension', 'mimeType', 'folder', 'sha256'] as const) {
      if (fields[key] !== undefined) form[key] = String(fields[key]);
    }
    if (file && !fileFirst) form.chunk = file;
    const { payload, headers } = multipart(form);
    return call(t, { method: 'POST', url: URL, payload, headers, token });
  }

  /** The status query of an upload (what a resuming client asks first). */
  function status(fields: ChunkFields, token: string | null = t.rootToken) {
    const names = ['totalChunks', 'timestamp', 'fileExtension', 'mimeType', 'folder'] as const;
    const query = new URLSearchParams(names.filter((k) => fields[k] !== undefined).map((k): [string, string] => [k, String(fields[k])]));
    return call(t, { method: 'GET', url: `${URL}?${query}`, token });
  }

  /**
   * The bytes of a finished upload, read from storage: it is registered as the uploading admin's,
   * held by no record, and therefore not served at /storage.
   */
  async function fetchStored(path: string, by = rootId): Promise<Buffer> {
    const stored = path.replace(/^\/storage\//, '');
    expect(await t.db.db.selectFrom('stored_files').select(['uploaded_by', 'holders']).where('path', '=', stored).executeTakeFirst()).toEqual({ uploaded_by: by, holders: 0 });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    return readFileSync((t.app.ctx.storage as LocalStorage).fullPath(stored)!);
  }
  let rootId: number;
  beforeAll(async () => {
    rootId = (await t.inject({ method: 'GET', url: '/api/admin/me', token: t.rootToken })).json().data.id;
  });
  /** An admin who may upload into the folder (and nothing else): the first permission that opens it. */
  const uploaderFor = (folder: string) => adminWith(t, [uploadPermissions(registry.resources, [PROMOTIONAL_FILES]).get(folder)![0]!]);

  test('three chunks out of order, one sent twice, assemble into the identical file', async () => {
    const data = mp4Like(3 * 1024 * 1024 + 12345);
    const chunks = split(data, 3);
    const base = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'hlc' };
    const since = await lastAuditId(t);

    const first = await send({ ...base, index: 2, chunk: chunks[2] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Chunk received.', code: 'chunk_received', data: { received: 1, total: 3 } });
    expect((await send({ ...base, index: 0, chunk: chunks[0] })).json().data).toEqual({ received: 2, total: 3 });
    // the same chunk again (a retry): overwritten, still two parts
    expect((await send({ ...base, index: 0, chunk: chunks[0] })).json().data).toEqual({ received: 2, total: 3 });
    expect(partFolders()).toHaveLength(1);

    const last = await send({ ...base, index: 1, chunk: chunks[1] });
    expect(last.statusCode).toBe(200);
    const body = last.json();
    expect(body).toMatchObject({ success: true, message: 'File uploaded.', file: { mimeType: 'video/mp4' }, data: { mimeType: 'video/mp4' } });
    expect(body.file.path).toMatch(/^\/storage\/hlc\/[0-9a-f]{32}\.mp4$/);
    expect(body.data.path).toBe(body.file.path);
    expect((await fetchStored(body.file.path)).equals(data)).toBe(true);
    expect(partFolders()).toEqual([]);

    const rows = await auditSince(t, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'upload', resource: 'media', record_id: null });
    expect(JSON.parse(rows[0]!.changes!)).toEqual({ path: body.file.path, mimeType: 'video/mp4', size: data.length });

    // a chunk re-sent after completion (the answer was lost) gets the same file, not a new upload
    const again = await send({ ...base, index: 1, chunk: chunks[1] });
    expect(again.json().file).toEqual(body.file);
    expect(await auditSince(t, since)).toHaveLength(1);
    expect(partFolders()).toEqual([]);
  });

  test('a PNG in three chunks, last chunk first (kept aside until the chunk size is known), with a chunk re-sent mid-way', async () => {
    const png = tinyPng([10, 200, 30, 255]);
    const chunks = split(png, 3);
    const base = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'png', folder: 'promotional' };
    await send({ ...base, index: 2, chunk: chunks[2] });
    await send({ ...base, index: 1, chunk: randomBytes(chunks[1]!.length) });
    await send({ ...base, index: 1, chunk: chunks[1] });
    const done = await send({ ...base, index: 0, chunk: chunks[0] });
    expect(done.statusCode).toBe(200);
    expect(done.json().file.mimeType).toBe('image/png');
    expect(done.json().file.path).toMatch(/^\/storage\/promotional\/[0-9a-f]{32}\.png$/);
    expect((await fetchStored(done.json().file.path)).equals(png)).toBe(true);
  });

  test('a file of exactly one chunk, typed by mimeType alone', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const res = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), mimeType: 'application/pdf', folder: 'reports', chunk: pdf });
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toEqual({ path: expect.stringMatching(/^\/storage\/reports\/[0-9a-f]{32}\.pdf$/), mimeType: 'application/pdf' });
    expect((await fetchStored(res.json().file.path)).equals(pdf)).toBe(true);
  });

  test('jpeg and mp3 are taken, checked by their first bytes', async () => {
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(100)]);
    const jpgRes = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'JPEG', folder: 'profile', chunk: jpg });
    expect(jpgRes.json().file).toEqual({ path: expect.stringMatching(/\.jpg$/), mimeType: 'image/jpeg' });
    const mp3 = Buffer.concat([Buffer.from('ID3', 'latin1'), randomBytes(100)]);
    const mp3Res = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'mp3', mimeType: 'audio/mpeg', folder: 'media', chunk: mp3 });
    expect(mp3Res.json().file).toEqual({ path: expect.stringMatching(/^\/storage\/media\/.+\.mp3$/), mimeType: 'audio/mpeg' });
  });

  test('text declared as PNG is refused on assembly and nothing is left behind', async () => {
    const before = storedIn('hlc');
    const since = await lastAuditId(t);
    const text = Buffer.from('This is plain text pretending to be an image. '.repeat(20));
    const chunks = split(text, 2);
    const base = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'png', mimeType: 'image/png', folder: 'hlc' };
    expect((await send({ ...base, index: 0, chunk: chunks[0] })).statusCode).toBe(200);
    const res = await send({ ...base, index: 1, chunk: chunks[1] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('File format not supported.');
    expect(fieldErrors(res)).toEqual({ chunk: ['File format not supported.'] });
    expect(storedIn('hlc')).toEqual(before);
    expect(partFolders()).toEqual([]);
    expect(await auditSince(t, since)).toHaveLength(0);
    // the same upload retried keeps its answer
    expect((await send({ ...base, index: 1, chunk: chunks[1] })).statusCode).toBe(422);
  });

  test('a type outside jpg, jpeg, png, mp4, mp3 and pdf is refused before anything is stored', async () => {
    const res = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'gif', mimeType: 'image/gif', folder: 'hlc', chunk: Buffer.from('GIF89a') });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('File format not supported.');
    expect(fieldErrors(res)).toEqual({ fileExtension: ['File format not supported.'] });
    const none = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), folder: 'hlc', chunk: Buffer.from('x') });
    expect(none.statusCode).toBe(422);
    expect(partFolders()).toEqual([]);
  });

  test('an unknown folder is refused', async () => {
    const res = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', folder: '../etc', chunk: tinyPng() });
    expect(res.statusCode).toBe(422);
    // the folders are the document's enum: refused by the schema, as any field is
    expect(res.json().message).toBe('The given data was invalid.');
    expect(fieldErrors(res)).toEqual({ folder: ['Unknown folder.'] });
    const missing = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', chunk: tinyPng() });
    expect(fieldErrors(missing)).toEqual({ folder: ['Unknown folder.'] });
  });

  test('without a token: 401', async () => {
    const res = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc', chunk: tinyPng() }, null);
    expect(res.statusCode).toBe(401);
    expect(partFolders()).toEqual([]);
  });

  test('uploading needs a permission of a form that takes files from the folder: none at all is a 403 before the body is read', async () => {
    const chunk = (folder: string) => ({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', folder, chunk: tinyPng() });
    const usage = async (email: string) => anyDb(t).selectFrom('upload_usage as u').innerJoin('admins as a', 'a.id', 'u.admin_id').select('u.bytes').where('a.email', '=', email).execute();
    // no permission, or permissions of modules without files: refused, sending and asking alike, and nothing counted
    for (const permissions of [[], ['view_hlc', 'view_setting', 'view_app_user', 'create_location', 'edit_sub_admin']]) {
      const nobody = await adminWith(t, permissions);
      const since = await lastAuditId(t);
      for (const folder of ['hlc', 'promotional', 'media']) {
        const res = await send(chunk(folder), nobody.token);
        expect([permissions, folder, res.statusCode, res.json().message]).toEqual([permissions, folder, 403, 'This action is unauthorized.']);
        expect((await status({ ...chunk(folder), chunk: undefined }, nobody.token)).statusCode).toBe(403);
      }
      expect(await usage(nobody.email)).toEqual([]);
      expect(await auditSince(t, since)).toEqual([]);
    }
    // health literacy's permission opens its folders, not the landing site's (nothing of the refused chunk is kept)
    const hlc = await adminWith(t, ['create_hlc']);
    expect((await send(chunk('health_literacy_contents'), hlc.token)).json().message).toBe('File uploaded.');
    expect((await send(chunk('hlc'), hlc.token)).json().message).toBe('File uploaded.');
    const before = storedIn('promotional');
    for (const fileFirst of [false, true]) {
      const refused = await send(chunk('promotional'), hlc.token, { fileFirst });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Uploading into the promotional folder needs the permission to add or edit the records whose files go there.');
    }
    expect(storedIn('promotional')).toEqual(before);
    expect(partFolders()).toEqual([]);
    // the landing site's permission opens its folder; editing a module's records opens that module's
    const setting = await adminWith(t, ['edit_setting']);
    expect((await send(chunk('promotional'), setting.token)).json().message).toBe('File uploaded.');
    expect((await send(chunk('hlc'), setting.token)).statusCode).toBe(403);
    const clinical = await adminWith(t, ['edit_app_user']);
    expect((await send({ ...chunk('reports'), fileExtension: 'mp3', chunk: Buffer.concat([Buffer.from('ID3'), randomBytes(50)]) }, clinical.token)).json().message).toBe('File uploaded.');
  });

  test('each upload folder is opened by the create and edit permissions of the modules whose file fields take from it', () => {
    const byFolder = Object.fromEntries(uploadPermissions(registry.resources, [PROMOTIONAL_FILES]));
    expect(byFolder.promotional).toEqual(['create_setting', 'edit_setting']);
    for (const folder of ['health_literacy_contents', 'hlc', 'health-literacy']) expect(byFolder[folder]).toEqual(['create_hlc', 'edit_hlc']);
    expect(byFolder.reports).toEqual(['create_app_user', 'edit_app_user']);
    // every upload folder is some form's; media is every module's with files but the landing site's and health literacy's
    for (const folder of UPLOAD_FOLDERS) expect([folder, byFolder[folder]!.length > 0]).toEqual([folder, true]);
    expect(byFolder.media).not.toContain('edit_setting');
    expect(byFolder.media).not.toContain('edit_hlc');
    expect(byFolder.media).toEqual(expect.arrayContaining(['create_chw', 'edit_chw', 'create_app_user', 'edit_doctor']));
  });

  test('bad counts and indexes: 422 with field messages', async () => {
    const base = { timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc', chunk: tinyPng() };
    expect(Object.keys(fieldErrors(await send({ ...base, index: 0, totalChunks: 0 })))).toEqual(['totalChunks']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: 0, totalChunks: 2001 })))).toEqual(['totalChunks']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: 0, totalChunks: 'many' })))).toEqual(['totalChunks']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: -1, totalChunks: 2 })))).toEqual(['index']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: 2, totalChunks: 2 })))).toEqual(['index']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: 0, totalChunks: 2, chunk: undefined })))).toEqual(['chunk']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: 0, totalChunks: 2, timestamp: undefined })))).toEqual(['timestamp']);
    expect(partFolders()).toEqual([]);
  });

  test('a chunk contradicting the chunk count of its upload is refused', async () => {
    const base = { timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc' };
    expect((await send({ ...base, index: 0, totalChunks: 3, chunk: Buffer.from('aaaa') })).statusCode).toBe(200);
    const res = await send({ ...base, index: 1, totalChunks: 2, chunk: Buffer.from('bbbb') });
    expect(fieldErrors(res)).toEqual({ totalChunks: ['This upload has 3 chunks.'] });
  });

  test('two admins using the same timestamp do not share parts', async () => {
    const other = await uploaderFor('hlc');
    const png = tinyPng();
    const [a, b] = split(png, 2);
    const base = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc' };
    expect((await send({ ...base, index: 0, chunk: a })).json().data).toEqual({ received: 1, total: 2 });
    // the other admin's chunk 1 does not complete the root admin's upload
    expect((await send({ ...base, index: 1, chunk: b }, other.token)).json().data).toEqual({ received: 1, total: 2 });
    const done = await send({ ...base, index: 1, chunk: b });
    expect((await fetchStored(done.json().file.path)).equals(png)).toBe(true);
  });

  test('the last two chunks arriving at once assemble one file, once', async () => {
    const data = mp4Like(600_000);
    const chunks = split(data, 4);
    const base = { totalChunks: 4, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
    const before = storedIn('media').length;
    const foldersBefore = partFolders();
    const since = await lastAuditId(t);
    await send({ ...base, index: 0, chunk: chunks[0] });
    await send({ ...base, index: 3, chunk: chunks[3] });
    const answers = await Promise.all([send({ ...base, index: 1, chunk: chunks[1] }), send({ ...base, index: 2, chunk: chunks[2] })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const uploaded = answers.filter((r) => r.json().message === 'File uploaded.');
    expect(uploaded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(uploaded.map((r) => r.json().file.path)).size).toBe(1);
    expect(storedIn('media').length).toBe(before + 1);
    expect((await fetchStored(uploaded[0]!.json().file.path)).equals(data)).toBe(true);
    expect(await auditSince(t, since)).toHaveLength(1);
    expect(partFolders()).toEqual(foldersBefore);
  });

  test('a chunk over 10 MB is refused with 413, never a 500; exactly 10 MB is taken', async () => {
    const base = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'hlc' };
    const tooBig = await send({ ...base, index: 0, chunk: Buffer.alloc(10 * 1024 * 1024 + 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ success: false, message: 'The chunk is too large: at most 10 MB.' });
    const exact = await send({ ...base, index: 0, chunk: mp4Like(10 * 1024 * 1024) });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data).toEqual({ received: 1, total: 2 });
    // other errors on this route still get the app's envelope
    const unknownFolder = await send({ ...base, index: 1, folder: 'nowhere', chunk: Buffer.alloc(10) });
    expect(unknownFolder.json()).toEqual({ success: false, message: 'The given data was invalid.', code: 'invalid_data', error: { folder: ['Unknown folder.'] }, codes: { folder: ['folder_unknown'] } });
  });

  test('part folders untouched for 24 hours are swept away', async () => {
    const stale = join(uploadsDir(), 'a'.repeat(64));
    const fresh = join(uploadsDir(), 'b'.repeat(64));
    for (const dir of [stale, fresh]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '0.part'), 'x');
    }
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(stale, dayAgo, dayAgo);
    // housekeeping runs at most once a minute: make the last run look old
    const stamp = join(uploadsDir(), '.last-sweep');
    writeFileSync(stamp, '');
    const minuteAgo = new Date(Date.now() - 61_000);
    utimesSync(stamp, minuteAgo, minuteAgo);
    await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc', chunk: tinyPng() });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
  test('a finished upload is not served until a record holds it; one no record took goes after UPLOAD_STALE_HOURS', async () => {
    const api = client(t);
    const category = await sampler(api).ref('categories');
    const png = tinyPng([1, 2, 3, 255]);
    const [taken, left] = [await uploaded(t, t.rootToken, { data: png, kind: 'png', folder: 'hlc' }), await uploaded(t, t.rootToken, { data: png, kind: 'png', folder: 'hlc' })];
    for (const path of [taken, left]) expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const item = dataOf(await api.post('/api/admin/health-literacy-content', { title: 'Kept', type: 'image', category_id: category.id, desc: 'x', tags: ['a'], file: taken }));
    expect(item.file.path).toBe(taken);
    const served = await t.app.inject({ method: 'GET', url: taken });
    expect([served.statusCode, served.rawPayload.equals(png)]).toEqual([200, true]);
    expect((await t.app.inject({ method: 'GET', url: left })).statusCode).toBe(404);

    // a day and an hour later (both uploads): the sweep takes the one nobody holds, file and row
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await t.db.db.updateTable('stored_files').set({ uploaded_at: dayAgo }).where('path', 'in', [taken, left].map((p) => p.slice('/storage/'.length))).execute();
    const stamp = join(uploadsDir(), '.last-sweep');
    const minuteAgo = new Date(Date.now() - 61_000);
    utimesSync(stamp, minuteAgo, minuteAgo);
    await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc', chunk: tinyPng() });
    const rows = await t.db.db.selectFrom('stored_files').select('path').where('path', 'in', [taken, left].map((p) => p.slice('/storage/'.length))).execute();
    expect(rows.map((r) => `/storage/${r.path}`)).toEqual([taken]);
    expect(existsSync((t.app.ctx.storage as LocalStorage).fullPath(left.slice('/storage/'.length))!)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: taken })).statusCode).toBe(200);
    // naming the swept upload says so
    expect(fieldErrors(await api.post('/api/admin/health-literacy-content', { title: 'Late', type: 'image', category_id: category.id, desc: 'x', tags: ['a'], file: left }))).toEqual({ file: [FILE_MESSAGES.expired] });
  });

  test('the status query names the chunks received, in order, then the assembled file', async () => {
    const data = mp4Like(700_000);
    const chunks = split(data, 5);
    const base = { totalChunks: 5, timestamp: newTimestamp(), fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'health_literacy_contents' };
    const before = storedIn('health_literacy_contents');
    const empty = await status(base);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ success: true, data: { received: [], total: 5, file: null } });
    for (const i of [3, 0, 4]) expect((await send({ ...base, index: i, chunk: chunks[i] })).statusCode).toBe(200);
    // a chunk is missing: the gap shows, nothing is assembled
    expect((await status(base)).json().data).toEqual({ received: [0, 3, 4], total: 5, file: null });
    expect(storedIn('health_literacy_contents')).toEqual(before);
    // the status query is answered for the same upload only: another chunk count is refused
    expect(fieldErrors(await status({ ...base, totalChunks: 6 }))).toEqual({ totalChunks: ['This upload has 5 chunks.'] });

    await send({ ...base, index: 1, chunk: chunks[1] });
    expect((await status(base)).json().data).toEqual({ received: [0, 1, 3, 4], total: 5, file: null });
    const done = await send({ ...base, index: 2, chunk: chunks[2] });
    expect(done.json().file.path).toMatch(/^\/storage\/health_literacy_contents\/[0-9a-f]{32}\.mp4$/);
    const after = await status(base);
    expect(after.json()).toMatchObject({ success: true, message: 'File uploaded.', data: { received: [0, 1, 2, 3, 4], total: 5, file: done.json().file } });
    expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
  });

  test('the status query refuses what a chunk would: unknown folder, type, bad counts, no token', async () => {
    const base = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'hlc' };
    expect(fieldErrors(await status({ ...base, folder: '../hlc' }))).toEqual({ folder: ['Unknown folder.'] });
    expect(fieldErrors(await status({ ...base, fileExtension: 'exe' }))).toEqual({ fileExtension: ['File format not supported.'] });
    expect(Object.keys(fieldErrors(await status({ ...base, totalChunks: 0 })))).toEqual(['totalChunks']);
    expect(Object.keys(fieldErrors(await status({ ...base, timestamp: undefined })))).toEqual(['timestamp']);
    expect((await status(base, null)).statusCode).toBe(401);
  });

  test("another admin neither sees nor completes someone's upload", async () => {
    const other = await uploaderFor('media');
    const data = mp4Like(300_000);
    const chunks = split(data, 3);
    const base = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
    await send({ ...base, index: 0, chunk: chunks[0] });
    await send({ ...base, index: 1, chunk: chunks[1] });
    expect((await status(base, other.token)).json().data).toEqual({ received: [], total: 3, file: null });
    // its own chunk 2 starts an upload of its own
    expect((await send({ ...base, index: 2, chunk: chunks[2] }, other.token)).json().data).toEqual({ received: 1, total: 3 });
    expect((await status(base)).json().data).toEqual({ received: [0, 1], total: 3, file: null });
    const done = await send({ ...base, index: 2, chunk: chunks[2] });
    // the finished file is not shown to the other admin either
    expect((await status(base, other.token)).json().data).toEqual({ received: [2], total: 3, file: null });
    expect((await status(base)).json().data.file).toEqual(done.json().file);
  });

  test('the index must lie within the chunk count, on the edge too', async () => {
    const base = { timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'hlc', chunk: mp4Like(100) };
    expect(fieldErrors(await send({ ...base, index: 3, totalChunks: 3 }))).toEqual({ index: ['The index must be below the total chunks.'] });
    expect(Object.keys(fieldErrors(await send({ ...base, index: 2000, totalChunks: 2000 })))).toEqual(['index']);
    expect(Object.keys(fieldErrors(await send({ ...base, index: 1.5, totalChunks: 3 })))).toEqual(['index']);
    expect((await send({ ...base, index: 1999, totalChunks: 2000 })).statusCode).toBe(200);
    expect(partFolders().length).toBeGreaterThan(0);
  });

  test('a chunk sent twice: the same bytes change nothing, other bytes replace the first (last write wins)', async () => {
    const data = mp4Like(300_000);
    const chunks = split(data, 3);
    const base = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
    await send({ ...base, index: 0, chunk: chunks[0] });
    expect((await send({ ...base, index: 0, chunk: chunks[0] })).json().data).toEqual({ received: 1, total: 3 });
    // other bytes for chunk 1, then the right ones: the last write is kept
    expect((await send({ ...base, index: 1, chunk: randomBytes(chunks[1]!.length) })).json().data).toEqual({ received: 2, total: 3 });
    expect((await send({ ...base, index: 1, chunk: chunks[1] }, t.rootToken, { fileFirst: true })).json().data).toEqual({ received: 2, total: 3 });
    expect((await status(base)).json().data.received).toEqual([0, 1]);
    const done = await send({ ...base, index: 2, chunk: chunks[2] });
    expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
  });

  test('PNG bytes declared as MP4 are refused on assembly', async () => {
    const png = tinyPng();
    const base = { totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'mp4', mimeType: 'video/mp4', folder: 'health_literacy_contents' };
    const before = storedIn('health_literacy_contents');
    const res = await send({ ...base, index: 0, chunk: png });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: 'File format not supported.', code: 'file_format', error: { chunk: ['File format not supported.'] }, codes: { chunk: ['file_format'] } });
    expect(storedIn('health_literacy_contents')).toEqual(before);
    // the status query tells a resuming client the same
    expect((await status(base)).json().message).toBe('File format not supported.');
  });

  test('names cannot leave the upload folders: traversal in folder, timestamp and extension', async () => {
    const chunk = tinyPng();
    const base = { index: 0, totalChunks: 1, fileExtension: 'png', folder: 'hlc', chunk };
    for (const folder of ['../hlc', '/etc', 'hlc/../../etc', '%2e%2e%2fhlc', '..%2Fhlc', 'hlc/', '.', '..', 'C:\\Windows']) {
      expect(fieldErrors(await send({ ...base, timestamp: newTimestamp(), folder }))).toEqual({ folder: ['Unknown folder.'] });
    }
    for (const timestamp of ['../../etc/passwd', '/etc/passwd', '..', '%2e%2e%2f', 'a/b', 'a\\b', '.hidden']) {
      expect(Object.keys(fieldErrors(await send({ ...base, timestamp })))).toEqual(['timestamp']);
      expect(Object.keys(fieldErrors(await status({ totalChunks: 1, fileExtension: 'png', folder: 'hlc', timestamp })))).toEqual(['timestamp']);
    }
    // an extension is a type, never a name: the stored name is the server's own
    const res = await send({ ...base, timestamp: newTimestamp(), fileExtension: '../../x.png' });
    expect(fieldErrors(res)).toEqual({ fileExtension: ['File format not supported.'] });
    const viaMime = await send({ ...base, timestamp: newTimestamp(), fileExtension: undefined, mimeType: 'image/png' });
    expect(viaMime.json().file.path).toMatch(/^\/storage\/hlc\/[0-9a-f]{32}\.png$/);
    // nothing was written outside the uploads and storage folders
    expect(readdirSync(t.config.dataDir).filter((n) => !['uploads', 'storage'].includes(n)).every((n) => !/passwd|etc|x\.png/.test(n))).toBe(true);
    expect(partFolders().every((n) => /^[0-9a-f]{64}(\.assembling)?$/.test(n))).toBe(true);
  });

  test("each folder's size limit (UPLOAD_LIMITS): a promotional file over 1 MB is refused, elsewhere taken", async () => {
    const over = mp4Like(1024 * 1024 + 1);
    const chunks = split(over, 2);
    const base = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'promotional' };
    const before = storedIn('promotional');
    expect((await send({ ...base, index: 0, chunk: chunks[0] })).statusCode).toBe(200);
    const res = await send({ ...base, index: 1, chunk: chunks[1] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The file is too large: at most 1 MB.' });
    expect(storedIn('promotional')).toEqual(before);
    expect((await status(base)).statusCode).toBe(413);
    // exactly 1 MB fits; the same bytes go to a folder of the default limit
    const exact = await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'promotional', chunk: over.subarray(0, 1024 * 1024) });
    expect(exact.statusCode).toBe(200);
    const elsewhere = await send({ ...base, folder: 'health_literacy_contents', index: 0, chunk: chunks[0] });
    expect(elsewhere.statusCode).toBe(200);
    expect((await send({ ...base, folder: 'health_literacy_contents', index: 1, chunk: chunks[1] })).json().message).toBe('File uploaded.');
  });

  test('a SHA-256 of the whole file is checked on assembly: a mismatch stores nothing (422)', async () => {
    const data = mp4Like(400_000);
    const chunks = split(data, 3);
    const good = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data).toUpperCase() };
    for (const i of [1, 2]) await send({ ...good, index: i, chunk: chunks[i] });
    const ok = await send({ ...good, index: 0, chunk: chunks[0] });
    expect(ok.statusCode).toBe(200);
    expect((await fetchStored(ok.json().file.path)).equals(data)).toBe(true);

    const before = storedIn('media');
    const foldersBefore = partFolders();
    const since = await lastAuditId(t);
    const damaged = Buffer.from(chunks[1]!);
    damaged[100] = damaged[100]! ^ 0xff;
    // the checksum on the last chunk only, as a client computing it while sending would
    const bad = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
    await send({ ...bad, index: 0, chunk: chunks[0] });
    await send({ ...bad, index: 1, chunk: damaged });
    const res = await send({ ...bad, index: 2, chunk: chunks[2], sha256: sha256(data) });
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ sha256: ['The file arrived damaged (its SHA-256 does not match); please upload it again.'] });
    expect(storedIn('media')).toEqual(before);
    expect(await auditSince(t, since)).toHaveLength(0);
    expect(partFolders()).toEqual(foldersBefore);

    // a second, different checksum for one upload is refused; a malformed one too
    const twice = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
    await send({ ...twice, index: 0, chunk: chunks[0], sha256: sha256(data) });
    expect(fieldErrors(await send({ ...twice, index: 1, chunk: chunks[1], sha256: sha256(chunks[1]!) }))).toEqual({ sha256: ['This upload was announced with another SHA-256.'] });
    expect(fieldErrors(await send({ ...twice, index: 1, chunk: chunks[1], sha256: 'abc' }))).toEqual({ sha256: ['The SHA-256 must be 64 hexadecimal digits.'] });
  });

  test('twenty chunks sent at once, in shuffled order, assemble one identical file', async () => {
    const data = mp4Like(2 * 1024 * 1024 + 7);
    const chunks = split(data, 20);
    const base = { totalChunks: 20, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data) };
    const before = storedIn('media').length;
    const since = await lastAuditId(t);
    const order = chunks.map((_, i) => i).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(order.map((i) => send({ ...base, index: i, chunk: chunks[i] })));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const files = answers.filter((r) => r.json().message === 'File uploaded.').map((r) => r.json().file.path);
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(new Set(files).size).toBe(1);
    expect(storedIn('media').length).toBe(before + 1);
    expect((await fetchStored(files[0])).equals(data)).toBe(true);
    expect(await auditSince(t, since)).toHaveLength(1);
    expect((await status(base)).json().data.file.path).toBe(files[0]);
  });
  test('a chunk is streamed to disk and moved into place: nothing of it is left behind, accepted or refused', async () => {
    const incoming = () => (existsSync(join(uploadsDir(), '.incoming')) ? readdirSync(join(uploadsDir(), '.incoming')) : []);
    const base = { totalChunks: 2, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
    const data = mp4Like(2 * 1024 * 1024);
    const [a, b] = split(data, 2);
    expect((await send({ ...base, index: 0, chunk: a })).statusCode).toBe(200);
    expect(incoming()).toEqual([]);
    // refused after the body was read: bad folder, bad index, too large
    expect((await send({ ...base, folder: 'nowhere', index: 1, chunk: b })).statusCode).toBe(422);
    expect((await send({ ...base, index: 7, chunk: b })).statusCode).toBe(422);
    expect((await send({ ...base, index: 1, chunk: Buffer.alloc(10 * 1024 * 1024 + 1) })).statusCode).toBe(413);
    expect(incoming()).toEqual([]);
    const done = await send({ ...base, index: 1, chunk: b });
    expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
    expect(incoming()).toEqual([]);
    // one left by a stopped node goes with the sweep
    const stale = join(uploadsDir(), '.incoming', 'left.incoming');
    mkdirSync(join(uploadsDir(), '.incoming'), { recursive: true });
    writeFileSync(stale, 'x');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(stale, dayAgo, dayAgo);
    const stamp = join(uploadsDir(), '.last-sweep');
    const minuteAgo = new Date(Date.now() - 61_000);
    utimesSync(stamp, minuteAgo, minuteAgo);
    await send({ index: 0, totalChunks: 1, timestamp: newTimestamp(), fileExtension: 'png', folder: 'hlc', chunk: tinyPng() });
    expect(existsSync(stale)).toBe(false);
  });

  describe('each chunk written at its offset of one file', () => {
    /** The upload folder a first chunk created (the only one new since `before`). */
    const newFolder = (before: string[]) => {
      const added = partFolders().filter((n) => !before.includes(n));
      expect(added).toHaveLength(1);
      return join(uploadsDir(), added[0]!);
    };
    const region = (folder: string, offset: number, length: number) => {
      const data = readFileSync(join(folder, 'data'));
      return data.subarray(offset, offset + length);
    };

    test('out of order, the chunks land at index × chunk size and the file matches its SHA-256', async () => {
      const data = mp4Like(5 * 65536 + 999);
      const size = 65536;
      const chunks = Array.from({ length: 6 }, (_, i) => data.subarray(i * size, (i + 1) * size));
      const base = { totalChunks: 6, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data) };
      const before = partFolders();
      expect((await send({ ...base, index: 3, chunk: chunks[3] })).json().data).toEqual({ received: 1, total: 6 });
      const folder = newFolder(before);
      expect(readFileSync(join(folder, 'chunk-size'), 'utf8')).toBe(String(size));
      for (const i of [5, 1]) expect((await send({ ...base, index: i, chunk: chunks[i] })).statusCode).toBe(200);
      // written where they belong, the gaps still empty
      expect(region(folder, 3 * size, size).equals(chunks[3]!)).toBe(true);
      expect(region(folder, 1 * size, size).equals(chunks[1]!)).toBe(true);
      expect(region(folder, 5 * size, 999).equals(chunks[5]!)).toBe(true);
      expect(region(folder, 2 * size, size).equals(Buffer.alloc(size))).toBe(true);
      expect(readdirSync(folder).filter((n) => n.endsWith('.held')).sort()).toEqual(['1.held', '3.held', '5.held']);
      expect((await status(base)).json().data.received).toEqual([1, 3, 5]);

      for (const i of [4, 0]) expect((await send({ ...base, index: i, chunk: chunks[i] })).statusCode).toBe(200);
      const done = await send({ ...base, index: 2, chunk: chunks[2] });
      expect(done.json().message).toBe('File uploaded.');
      expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
      expect(existsSync(folder)).toBe(false);
    });

    test('a chunk re-sent overwrites its own region with the same bytes; chunks in order and re-sent both verify', async () => {
      const data = mp4Like(4 * 40_000 + 17);
      const chunks = split(data, 5);
      const base = { totalChunks: 5, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data) };
      const before = partFolders();
      for (const i of [0, 1, 2]) await send({ ...base, index: i, chunk: chunks[i] });
      const folder = newFolder(before);
      const firstWrite = readFileSync(join(folder, 'data'));
      // chunk 2 again, then chunk 1 again after it (out of order from then on)
      expect((await send({ ...base, index: 2, chunk: chunks[2] })).json().data).toEqual({ received: 3, total: 5 });
      expect(readFileSync(join(folder, 'data')).equals(firstWrite)).toBe(true);
      expect((await send({ ...base, index: 1, chunk: chunks[1] }, t.rootToken, { fileFirst: true })).json().data).toEqual({ received: 3, total: 5 });
      expect(readFileSync(join(folder, 'data')).equals(firstWrite)).toBe(true);
      await send({ ...base, index: 3, chunk: chunks[3] });
      const done = await send({ ...base, index: 4, chunk: chunks[4] });
      expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);

      // in order throughout, with one byte damaged on the way: the checksum catches it
      const damaged = Buffer.from(chunks[3]!);
      damaged[7] = damaged[7]! ^ 1;
      const bad = { ...base, timestamp: newTimestamp() };
      for (const i of [0, 1, 2]) await send({ ...bad, index: i, chunk: chunks[i] });
      await send({ ...bad, index: 3, chunk: damaged });
      const refused = await send({ ...bad, index: 4, chunk: chunks[4] });
      expect(fieldErrors(refused)).toEqual({ sha256: ['The file arrived damaged (its SHA-256 does not match); please upload it again.'] });
    });

    test('once the layout is known, chunks sent at once (one of them twice) are written in place into one identical file', async () => {
      const data = mp4Like(15 * 32_768 + 5);
      const chunks = split(data, 16);
      const base = { totalChunks: 16, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data) };
      const since = await lastAuditId(t);
      await send({ ...base, index: 0, chunk: chunks[0] });
      const order = [...chunks.keys()].slice(1).concat([7]).sort(() => Math.random() - 0.5);
      const answers = await Promise.all(order.map((i) => send({ ...base, index: i, chunk: chunks[i] })));
      expect(answers.map((r) => r.statusCode)).toEqual(order.map(() => 200));
      const files = new Set(answers.filter((r) => r.json().message === 'File uploaded.').map((r) => r.json().file.path));
      expect(files.size).toBe(1);
      const file = (await status(base)).json().data.file;
      expect((await fetchStored(file.path)).equals(data)).toBe(true);
      expect(await auditSince(t, since)).toHaveLength(1);
    });

    test('a last chunk re-sent with another length leaves the file exactly as long as the last one sent', async () => {
      const data = mp4Like(3 * 50_000 + 123);
      const chunks = split(data, 4);
      const base = { totalChunks: 4, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media' };
      await send({ ...base, index: 0, chunk: chunks[0] });
      await send({ ...base, index: 3, chunk: Buffer.concat([chunks[3]!, randomBytes(5000)]) });
      await send({ ...base, index: 3, chunk: chunks[3] });
      await send({ ...base, index: 1, chunk: chunks[1] });
      const done = await send({ ...base, index: 2, chunk: chunks[2] });
      expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
    });

    test("a chunk of another length than the upload's chunk size is refused, in place or not, and nothing else changes", async () => {
      const data = mp4Like(2 * 30_000 + 500);
      const chunks = split(data, 3);
      const size = chunks[0]!.length;
      const base = { totalChunks: 3, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data) };
      const before = partFolders();
      await send({ ...base, index: 0, chunk: chunks[0] });
      await send({ ...base, index: 2, chunk: chunks[2] });
      const folder = newFolder(before);
      const message = `Every chunk but the last must have ${size} bytes, like this upload's others.`;
      // longer, written in place: cut off at the chunk size, so chunk 2's bytes stay
      const longer = await send({ ...base, index: 1, chunk: randomBytes(size + 70_000) });
      expect(longer.statusCode).toBe(422);
      expect(fieldErrors(longer)).toEqual({ chunk: [message] });
      expect(region(folder, 2 * size, chunks[2]!.length).equals(chunks[2]!)).toBe(true);
      // shorter, in place; longer, through a temporary file
      expect(fieldErrors(await send({ ...base, index: 1, chunk: randomBytes(size - 1) }))).toEqual({ chunk: [message] });
      expect(fieldErrors(await send({ ...base, index: 1, chunk: randomBytes(size + 1) }, t.rootToken, { fileFirst: true }))).toEqual({ chunk: [message] });
      expect((await status(base)).json().data.received).toEqual([0, 2]);
      expect(region(folder, 0, size).equals(chunks[0]!)).toBe(true);
      expect(region(folder, 2 * size, chunks[2]!.length).equals(chunks[2]!)).toBe(true);
      // the last chunk over 10 MB, in place: 413 as through a temporary file, and no longer held
      const tooLarge = await send({ ...base, index: 2, chunk: Buffer.alloc(10 * 1024 * 1024 + 1) });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ success: false, message: 'The chunk is too large: at most 10 MB.' });
      expect((await status(base)).json().data.received).toEqual([0]);
      expect((await send({ ...base, index: 2, chunk: chunks[2] })).json().data).toEqual({ received: 2, total: 3 });
      const done = await send({ ...base, index: 1, chunk: chunks[1] });
      expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
    });

    test('a chunk cut off mid-stream is not held: neither a new one nor one being sent again', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const data = mp4Like(3 * 200_000 + 1000);
      const chunks = split(data, 4);
      const base = { totalChunks: 4, timestamp: newTimestamp(), fileExtension: 'mp4', folder: 'media', sha256: sha256(data) };
      const before = partFolders();
      await send({ ...base, index: 0, chunk: chunks[0] });
      await send({ ...base, index: 1, chunk: chunks[1] });
      const folder = newFolder(before);

      /** Sends the fields and half of a chunk over a real connection, then drops it. */
      const cutOff = (index: number) =>
        new Promise<void>((resolve) => {
          const fields: Record<string, string | { filename: string; contentType: string; data: Buffer }> = {};
          for (const [k, v] of Object.entries({ ...base, index })) fields[k] = String(v);
          fields.chunk = { filename: 'file.mp4', contentType: 'application/octet-stream', data: chunks[index]! };
          const { payload, headers } = multipart(fields);
          const req = httpRequest(`${address}${URL}`, { method: 'POST', headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${t.rootToken}` } });
          req.on('error', () => resolve());
          req.write(payload.subarray(0, payload.length - chunks[index]!.length / 2), () => setTimeout(() => req.destroy(), 100));
          req.on('close', () => resolve());
        });
      const heldNow = async () => (await status(base)).json().data.received as number[];
      const settle = async (expected: number[]) => {
        for (let i = 0; i < 50 && JSON.stringify(await heldNow()) !== JSON.stringify(expected); i++) await new Promise((r) => setTimeout(r, 50));
        expect(await heldNow()).toEqual(expected);
      };

      await cutOff(2); // a new chunk, cut off
      await settle([0, 1]);
      await cutOff(1); // a held chunk sent again, cut off: its region is no longer whole
      await settle([0]);
      expect(readdirSync(folder).filter((n) => n.endsWith('.held')).sort()).toEqual(['0.held']);
      // the client sends them again: the file is whole
      for (const i of [1, 2]) expect((await send({ ...base, index: i, chunk: chunks[i] })).statusCode).toBe(200);
      const done = await send({ ...base, index: 3, chunk: chunks[3] });
      expect(done.json().message).toBe('File uploaded.');
      expect((await fetchStored(done.json().file.path)).equals(data)).toBe(true);
    });
  });
});

describe.each(DIALECTS)('the daily upload allowance on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { UPLOAD_DAILY_MB: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  let seq = 0;
  const chunkOf = (bytes: number) => {
    const { payload, headers } = multipart({
      index: '0', totalChunks: '1', timestamp: `allowance-${String(++seq).padStart(4, '0')}`, folder: 'media', fileExtension: 'mp4',
      chunk: { filename: 'part.mp4', contentType: 'application/octet-stream', data: mp4Like(bytes) },
    });
    return { payload, headers, length: payload.length };
  };
  const sendAs = (token: string, chunk: ReturnType<typeof chunkOf>) => call(t, { method: 'POST', url: URL, payload: chunk.payload, headers: chunk.headers, token });
  const usage = async (email: string) => {
    const row = await anyDb(t).selectFrom('upload_usage as u').innerJoin('admins as a', 'a.id', 'u.admin_id').select(['u.bytes', 'u.day']).where('a.email', '=', email).executeTakeFirst();
    return row ? { bytes: Number(row.bytes), day: row.day } : null;
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const limitMessage = (sent: number) => `This upload would pass your daily allowance of 1 MB (${Math.floor((sent / 1024 / 1024) * 10) / 10} MB sent today). Uploads can go on tomorrow (UTC).`;

  test('every byte sent counts against the admin\'s day; past UPLOAD_DAILY_MB a chunk is refused (422) before it is read, and another admin goes on', async () => {
    const a = await adminWith(t, ['create_campaign']);
    const [first, second, third] = [chunkOf(400_000), chunkOf(400_000), chunkOf(400_000)];
    expect((await sendAs(a.token, first)).json().message).toBe('File uploaded.');
    expect((await sendAs(a.token, second)).json().message).toBe('File uploaded.');
    expect(await usage(a.email)).toEqual({ bytes: first.length + second.length, day: today() });
    const files = readdirSync(join(t.config.dataDir, 'storage', 'media')).length;
    const refused = await sendAs(a.token, third);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, message: limitMessage(first.length + second.length), code: 'upload_allowance', values: expect.any(Object), error: { chunk: [limitMessage(first.length + second.length)] }, codes: { chunk: ['upload_allowance'] } });
    // nothing of it was kept or counted
    expect(readdirSync(join(t.config.dataDir, 'storage', 'media')).length).toBe(files);
    expect(await usage(a.email)).toEqual({ bytes: first.length + second.length, day: today() });
    // a small one still fits
    expect((await sendAs(a.token, chunkOf(10_000))).json().message).toBe('File uploaded.');
    const b = await adminWith(t, ['create_campaign']);
    expect((await sendAs(b.token, chunkOf(400_000))).json().message).toBe('File uploaded.');
  });

  test('chunks sent at once never pass the allowance together: the count is one atomic update', async () => {
    const a = await adminWith(t, ['create_campaign']);
    const chunks = Array.from({ length: 6 }, () => chunkOf(300_000));
    const answers = await Promise.all(chunks.map((c) => sendAs(a.token, c)));
    // three fit into 1 MB, a fourth would not
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 422, 422, 422]);
    expect((await usage(a.email))!.bytes).toBe(chunks[0]!.length * 3);
  });

  test('the count is the database\'s, shared by every node; yesterday\'s does not count', async () => {
    const a = await adminWith(t, ['create_campaign']);
    const id = Number((await anyDb(t).selectFrom('admins').select('id').where('email', '=', a.email).executeTakeFirstOrThrow()).id);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.db.db.insertInto('upload_usage').values({ admin_id: id, day: yesterday, bytes: 10 * 1024 ** 3 }).execute();
    const chunk = chunkOf(100_000);
    expect((await sendAs(a.token, chunk)).json().message).toBe('File uploaded.');
    // another node counted most of today's allowance meanwhile
    await t.db.db.updateTable('upload_usage').set({ bytes: 1024 * 1024 - 1000 }).where('admin_id', '=', id).where('day', '=', today()).execute();
    expect(fieldErrors(await sendAs(a.token, chunkOf(100_000)))).toEqual({ chunk: [limitMessage(1024 * 1024 - 1000)] });
  });
});
