/**
 * The storage drivers (services/storage.ts, s3Storage.ts, s3Uploads.ts): the same cases against the
 * local disk and an S3-compatible bucket (s3rver, a real S3 wire protocol on this machine, nothing
 * mocked between the server and it). Public files of records (a category image, a landing-site
 * video), private clinical files (signed links only), chunked uploads with chunks out of order, range
 * reads, removal with the record, and, with S3, nothing written under DATA_DIR but the database.
 * S3 on SQLite and on PostgreSQL (the chunked upload's state lives in the database).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import type { Dialect } from '../src/db';
import { backup, restoreFiles } from '../src/cli/backup';
import { registry } from '../src/resources/registry';
import { S3Storage } from '../src/services/s3Storage';
import { S3ChunkedUploads } from '../src/services/s3Uploads';
import { ADMIN_EMAIL, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, multipart, type Row, sampler, tinyPng, uploaded } from './helpers/http';
import { type S3Server, startS3 } from './helpers/s3';

jest.setTimeout(360_000);

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

const dataUrl = (data: Buffer, type: string) => `data:${type};base64,${data.toString('base64')}`;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const stored = (path: string) => path.replace(/^\/storage\//, '');

/** An MP4-like payload: a real `ftyp` box header, then random bytes. */
function mp4Like(size: number): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(12)]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

/** a clinical report: an image (PNG) with some bytes after its end, so that ranges have room */
const REPORT = Buffer.concat([tinyPng([5, 6, 7, 255]), randomBytes(2000)]);

describe('STORAGE setting', () => {
  const base = { DATA_DIR: join(tmpdir(), 'console-storage-config'), APP_KEY: `base64:${Buffer.alloc(32, 3).toString('base64')}` };
  test('local by default; s3 with its bucket, prefix, endpoint (path-style), region and keys', () => {
    expect(loadConfig(base).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'media', S3_PREFIX: 'console', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000', AWS_REGION: 'eu-west-3', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' }).storage,
    ).toEqual({ driver: 's3', s3: { bucket: 'media', prefix: 'console/', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', accessKeyId: 'id', secretAccessKey: 'secret' } });
    // AWS itself: no endpoint, the SDK's own credentials chain
    expect(loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'media' }).storage).toEqual({ driver: 's3', s3: { bucket: 'media', prefix: '', endpoint: null, region: 'us-east-1', accessKeyId: null, secretAccessKey: null } });
  });
  test('refused: another driver, s3 without a bucket, a malformed endpoint, half a key pair', () => {
    for (const env of [{ STORAGE: 'ftp' }, { STORAGE: 's3' }, { STORAGE: 's3', S3_BUCKET: 'm', AWS_ENDPOINT_URL_S3: 'minio:9000' }, { STORAGE: 's3', S3_BUCKET: 'm', AWS_ACCESS_KEY_ID: 'id' }]) {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    }
  });
});

const CASES: [driver: 'local' | 's3', dialect: Dialect][] = [
  ['local', 'sqlite'],
  ['s3', 'sqlite'],
  ['s3', 'postgres'],
];

describe.each(CASES)('files on %s storage (%s)', (driver, dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];
  beforeAll(async () => {
    const env = driver === 's3' ? (await s3.bucket('storage')).env : {};
    t = await startTestApp(dialect, env);
    api = client(t);
    ({ ref, sampleOf } = sampler(api));
  });
  afterAll(() => t?.close());

  const def = (name: string) => registry.byName.get(name)!;
  const get = (url: string, headers: Record<string, string> = {}) => call(t, { method: 'GET', url, headers, token: null });
  /** what the storage holds at a stored path (read through the driver), or null */
  const inStorage = async (path: string): Promise<Buffer | null> => {
    const read = await t.app.ctx.storage.read(path);
    if (!read) return null;
    const pieces: Buffer[] = [];
    for await (const piece of read.body) pieces.push(piece as Buffer);
    return Buffer.concat(pieces);
  };

  it('uses the configured driver', () => {
    expect(t.app.ctx.storage.driver).toBe(driver);
  });

  it("a record's public file is stored, served at /storage with the usual headers, and removed with the record", async () => {
    const png = tinyPng([1, 2, 3, 255]);
    const category = dataOf(await api.post('/api/admin/categories', { ...(await sampleOf(def('categories'))), file: dataUrl(png, 'image/png') }));
    const path = String((category.file as Row).path);
    expect(path).toMatch(/^\/storage\/categories\/[0-9a-f]{32}\.png$/);
    expect((await inStorage(stored(path)))?.equals(png)).toBe(true);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'same-origin',
      'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
    });
    expect(Number(res.headers['content-length'])).toBe(png.length);
    dataOf(await api.del(`/api/admin/categories/${category.encrypted_id}`));
    expect((await get(path)).statusCode).toBe(404);
    expect(await t.app.ctx.storage.size(stored(path))).toBeNull();
  });

  it('a chunked video upload, chunks out of order, assembles; once the landing site takes it, it is served with ranges', async () => {
    const video = mp4Like(3 * 1024 * 1024 + 4321);
    const size = Math.ceil(video.length / 3);
    const chunks = [0, 1, 2].map((i) => video.subarray(i * size, (i + 1) * size));
    const timestamp = `s${Date.now()}`;
    const send = (index: number, extra: Record<string, string> = {}) => {
      const { payload, headers } = multipart({ index: String(index), totalChunks: '3', timestamp, folder: 'promotional', fileExtension: 'mp4', mimeType: 'video/mp4', ...extra, chunk: { filename: 'v.mp4', contentType: 'application/octet-stream', data: chunks[index]! } });
      return call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', payload, headers, token: t.rootToken });
    };
    expect((await send(2)).json().data).toEqual({ received: 1, total: 3 });
    expect((await send(0)).json().data).toEqual({ received: 2, total: 3 });
    if (driver === 's3') {
      // the chunks wait in the bucket, the upload's state in the database
      const objects: string[] = [];
      for await (const o of (t.app.ctx.storage as S3Storage).list('.chunks/')) objects.push(o.path);
      expect(objects).toHaveLength(2);
    }
    const last = await send(1, { sha256: sha(video) });
    expect(last.statusCode).toBe(200);
    const path = String(last.json().file.path);
    expect((await inStorage(stored(path)))?.equals(video)).toBe(true);
    if (driver === 's3') {
      const objects: string[] = [];
      for await (const o of (t.app.ctx.storage as S3Storage).list('.chunks/')) objects.push(o.path);
      expect(objects).toEqual([]); // gone once assembled
    }
    // nobody's file until a record takes it
    expect((await get(path)).statusCode).toBe(404);
    dataOf(await api.post('/api/admin/promotional/how-it-works/store', { title: 'How', desc: 'Steps', video: path }));

    const whole = await get(path);
    expect([whole.statusCode, whole.headers['content-type'], whole.headers['accept-ranges'], Number(whole.headers['content-length'])]).toEqual([200, 'video/mp4', 'bytes', video.length]);
    expect(sha(whole.rawPayload)).toBe(sha(video));
    const middle = await get(path, { range: 'bytes=1000000-1999999' });
    expect([middle.statusCode, middle.headers['content-range'], Number(middle.headers['content-length'])]).toEqual([206, `bytes 1000000-1999999/${video.length}`, 1_000_000]);
    expect(middle.rawPayload.equals(video.subarray(1_000_000, 2_000_000))).toBe(true);
    const tail = await get(path, { range: 'bytes=-100' });
    expect([tail.statusCode, tail.headers['content-range']]).toEqual([206, `bytes ${video.length - 100}-${video.length - 1}/${video.length}`]);
    expect(tail.rawPayload.equals(video.subarray(-100))).toBe(true);
    const open = await get(path, { range: `bytes=${video.length - 10}-` });
    expect(open.rawPayload.equals(video.subarray(-10))).toBe(true);
    const beyond = await get(path, { range: `bytes=${video.length}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('six chunks sent at once assemble one file, once; a SHA-256 that does not match stores nothing', async () => {
    const video = mp4Like(6 * 64 * 1024);
    const timestamp = `burst${Date.now()}`;
    const send = (index: number, data: Buffer, sha256: string, stamp = timestamp) => {
      const { payload, headers } = multipart({ index: String(index), totalChunks: '6', timestamp: stamp, folder: 'media', fileExtension: 'mp4', mimeType: 'video/mp4', sha256, chunk: { filename: 'v.mp4', contentType: 'application/octet-stream', data } });
      return call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', payload, headers, token: t.rootToken });
    };
    const piece = (i: number) => video.subarray(i * 64 * 1024, (i + 1) * 64 * 1024);
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => send(i, piece(i), sha(video))));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const paths = new Set(answers.map((r) => r.json().file?.path).filter(Boolean));
    expect(paths.size).toBe(1);
    const [path] = [...paths] as string[];
    expect((await inStorage(stored(path!)))?.equals(video)).toBe(true);
    expect(await t.db.db.selectFrom('stored_files').select('path').where('path', 'like', 'media/%').where('uploaded_at', '>', new Date(Date.now() - 60_000).toISOString()).execute()).toEqual([{ path: stored(path!) }]);

    // the same bytes announced with another file's SHA-256: 422 on the last chunk, and nothing kept
    const before = await t.db.db.selectFrom('stored_files').select('path').execute();
    const other = `bad${Date.now()}`;
    for (const i of [0, 1, 2, 3, 4]) expect((await send(i, piece(i), sha(Buffer.from('another file')), other)).statusCode).toBe(200);
    const refused = await send(5, piece(5), sha(Buffer.from('another file')), other);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error)).toEqual(['sha256']);
    expect(await t.db.db.selectFrom('stored_files').select('path').execute()).toEqual(before);
    if (driver === 's3') {
      const objects: string[] = [];
      for await (const o of (t.app.ctx.storage as S3Storage).list('')) objects.push(o.path);
      expect(objects.filter((o) => o.startsWith('.chunks/') || (o.startsWith('media/') && o !== stored(path!)))).toEqual([]);
    }
  });

  it('a clinical report is private: not at /storage, served through its signed link (with ranges), gone with its record', async () => {
    const history = dataOf(await api.post('/api/admin/medical-histories', { ...(await sampleOf(def('medical-histories'))), reports: [dataUrl(REPORT, 'image/png')] }));
    const link = String((history.reports as Row[])[0]!.path);
    expect(link).toMatch(/^\/api\/admin\/files\//);
    const claim = t.app.ctx.storage.verifySigned(link.split('/').pop()!)!;
    expect(claim.path).toMatch(/^private\/reports\/[0-9a-f]{32}\.png$/);
    expect((await get(`/storage/${claim.path}`)).statusCode).toBe(404);
    const res = await get(link);
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect(res.rawPayload.equals(REPORT)).toBe(true);
    const part = await get(link, { range: 'bytes=1-3' });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.toString('latin1')]).toEqual([206, `bytes 1-3/${REPORT.length}`, 'PNG']);
    // a link whose signature does not match opens nothing
    expect((await get(`${link.slice(0, -3)}AAA`)).statusCode).toBe(410);
    dataOf(await api.del(`/api/admin/medical-histories/${history.encrypted_id}`));
    expect(await t.app.ctx.storage.size(claim.path)).toBeNull();
    expect((await get(link)).statusCode).toBe(404);
  });

  it('an upload a clinical record takes moves into the private area', async () => {
    const path = await uploaded(t, t.rootToken, { data: REPORT, kind: 'png', folder: 'reports' });
    const history = await ref('medical-histories');
    const updated = dataOf(await api.put(`/api/admin/medical-histories/${history.encrypted_id}`, { reports: [path] }));
    const claim = t.app.ctx.storage.verifySigned(String((updated.reports as Row[])[0]!.path).split('/').pop()!)!;
    expect(claim.path).toBe(`private/${stored(path)}`);
    expect(await t.app.ctx.storage.size(stored(path))).toBeNull();
    expect((await inStorage(claim.path))?.equals(REPORT)).toBe(true);
  });

  it("an admin's profile image and a content item's file and thumbnail go to the same storage", async () => {
    const png = tinyPng([9, 9, 9, 255]);
    const form = multipart({ f_name: 'Root', email: ADMIN_EMAIL, file: { filename: 'me.png', contentType: 'image/png', data: png } });
    const profile = await call(t, { method: 'POST', url: '/api/admin/admins/profile', payload: form.payload, headers: form.headers, token: t.rootToken });
    expect(profile.statusCode).toBe(200);
    const photo = /\/storage\/profile\/[0-9a-f]{32}\.png/.exec(profile.body)?.[0];
    expect((await inStorage(stored(photo!)))?.equals(png)).toBe(true);
    const video = mp4Like(200_000);
    const file = await uploaded(t, t.rootToken, { data: video, kind: 'mp4', folder: 'health_literacy_contents' });
    const item = dataOf(await api.post('/api/admin/health-literacy-content', { ...(await sampleOf(def('health-literacy-content'))), type: 'video', file, thumbnail: dataUrl(png, 'image/png') }));
    expect(String((item.file as Row).path)).toBe(file);
    for (const [path, bytes] of [[file, video], [String((item.thumbnail as Row).path), png]] as const) {
      expect((await get(path)).rawPayload.equals(bytes)).toBe(true);
      expect((await inStorage(stored(path)))?.equals(bytes)).toBe(true);
    }
  });

  it(driver === 's3' ? 'nothing is written under DATA_DIR but the database' : 'files are under DATA_DIR/storage and DATA_DIR/private', () => {
    const files = readdirSync(t.config.dataDir, { recursive: true }).map(String).filter((f) => !statSync(join(t.config.dataDir, f)).isDirectory());
    if (driver === 's3') expect(files.filter((f) => !/^app\.db(-wal|-shm|-journal)?$/.test(f))).toEqual([]);
    else expect(files.some((f) => f.startsWith('storage/')) && files.some((f) => f.startsWith('private/'))).toBe(true);
  });

  if (driver === 's3') {
    it('an assembly whose node stopped mid-way is taken over by the next chunk sent', async () => {
      const video = mp4Like(2 * 32 * 1024);
      const timestamp = `orphan${Date.now()}`;
      const send = (index: number) => {
        const { payload, headers } = multipart({ index: String(index), totalChunks: '2', timestamp, folder: 'media', fileExtension: 'mp4', mimeType: 'video/mp4', chunk: { filename: 'v.mp4', contentType: 'application/octet-stream', data: video.subarray(index * 32 * 1024, (index + 1) * 32 * 1024) } });
        return call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', payload, headers, token: t.rootToken });
      };
      expect((await send(0)).json().data).toEqual({ received: 1, total: 2 });
      // as a node leaves it when it dies after taking the lock: both chunks held, the row assembling, untouched for 5 minutes
      expect((await send(1)).statusCode).toBe(200);
      const key = (await t.db.db.selectFrom('chunk_uploads').select(['key', 'outcome']).orderBy('touched_at', 'desc').executeTakeFirstOrThrow()).key;
      await t.db.db.updateTable('chunk_uploads').set({ state: 'assembling', outcome: null, touched_at: new Date(Date.now() - 5 * 60_000).toISOString() }).where('key', '=', key).execute();
      const bucket = t.app.ctx.storage as S3Storage;
      await bucket.putObject(`.chunks/${key}/0.again`, video.subarray(0, 32 * 1024));
      await bucket.putObject(`.chunks/${key}/1.again`, video.subarray(32 * 1024));
      await t.db.db.insertInto('chunk_parts').values([{ key, idx: 0, bytes: 32 * 1024, write_id: 'again' }, { key, idx: 1, bytes: 32 * 1024, write_id: 'again' }]).execute();
      const retried = await send(1);
      expect(retried.statusCode).toBe(200);
      expect((await inStorage(stored(String(retried.json().file.path))))?.equals(video)).toBe(true);
    });

    it("an abandoned upload's chunks and rows are swept from the bucket and the database after UPLOAD_STALE_HOURS", async () => {
      const timestamp = `stale${Date.now()}`;
      const fields = { totalChunks: '2', timestamp, folder: 'media', fileExtension: 'mp4', mimeType: 'video/mp4' };
      const { payload, headers } = multipart({ ...fields, index: '0', chunk: { filename: 'v.mp4', contentType: 'application/octet-stream', data: mp4Like(4096) } });
      expect((await call(t, { method: 'POST', url: '/api/admin/media-file/upload-chunk', payload, headers, token: t.rootToken })).json().data).toEqual({ received: 1, total: 2 });
      const bucket = t.app.ctx.storage as S3Storage;
      const chunks = async () => {
        const found: string[] = [];
        for await (const o of bucket.list('.chunks/')) found.push(o.path);
        return found;
      };
      expect(await chunks()).toHaveLength(1);
      const uploads = new S3ChunkedUploads(t.db.db, bucket, { staleMs: 60_000 });
      expect(await uploads.sweep(Date.now())).toBe(0); // fresh: kept
      expect(await chunks()).toHaveLength(1);
      expect(await uploads.sweep(Date.now() + 120_000)).toBeGreaterThanOrEqual(1);
      expect(await chunks()).toEqual([]);
      const status = await call(t, { method: 'GET', url: `/api/admin/media-file/upload-chunk?${new URLSearchParams(fields)}`, token: t.rootToken });
      expect(status.json().data).toEqual({ received: [], total: 2, file: null });
    });
  }

  it('a backup copies the stored files laid out as a DATA_DIR (storage/, private/), and puts them back into the same storage', async () => {
    const png = tinyPng([3, 1, 4, 255]);
    const category = dataOf(await api.post('/api/admin/categories', { ...(await sampleOf(def('categories'))), file: dataUrl(png, 'image/png') }));
    const path = stored(String((category.file as Row).path));
    const history = dataOf(await api.post('/api/admin/medical-histories', { ...(await sampleOf(def('medical-histories'))), reports: [dataUrl(REPORT, 'image/png')] }));
    const report = t.app.ctx.storage.verifySigned(String((history.reports as Row[])[0]!.path).split('/').pop()!)!.path;
    const out = join(mkdtempSync(join(tmpdir(), 'storage-backup-')), 'copy');
    try {
      const result = await backup(t.config, out);
      expect(readFileSync(join(out, 'storage', path)).equals(png)).toBe(true);
      expect(readFileSync(join(out, 'private', report.slice('private/'.length))).equals(REPORT)).toBe(true);
      const copied = readdirSync(out, { recursive: true }).map(String).filter((f) => /^(storage|private)\/.*\.\w+$/.test(f.split(sep).join('/')));
      expect(result.files).toBe(copied.length);
      // every file of the storage is in the copy (not the chunks of uploads in progress)
      for (const f of copied) {
        const relative = f.split(sep).join('/');
        const storedPath = relative.startsWith('private/') ? relative : relative.slice('storage/'.length);
        expect([storedPath, (await inStorage(storedPath))?.equals(readFileSync(join(out, f)))]).toEqual([storedPath, true]);
      }
      // lost, then restored from the copy
      await t.app.ctx.storage.remove(path);
      await t.app.ctx.storage.remove(report);
      expect(await t.app.ctx.storage.size(path)).toBeNull();
      expect(await restoreFiles(t.config, out)).toBe(copied.length);
      expect((await inStorage(path))?.equals(png)).toBe(true);
      expect((await inStorage(report))?.equals(REPORT)).toBe(true);
      expect((await get(String((category.file as Row).path))).rawPayload.equals(png)).toBe(true);
    } finally {
      rmSync(dirname(out), { recursive: true, force: true });
    }
  });
});
