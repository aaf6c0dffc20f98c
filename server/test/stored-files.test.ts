/**
 * Stored files and who holds them (services/storedFiles.ts, migration 0027): a body names only a fresh
 * upload of its own admin's or its record's own file; a file goes only when no record holds it; the
 * landing site's files cannot be taken by a campaign or a clinical record; two writes naming one
 * upload at once leave it with one of them; files held before the bookkeeping existed are registered
 * by the migration (shared ones with every holder) and keep being served. On SQLite and PostgreSQL.
 * The same rules over every declaration with files are in the contract suite.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../src/db/migrations';
import { registry } from '../src/resources/registry';
import { FILE_MESSAGES } from '../src/services/storedFiles';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, fieldErrors, MEDIA_SAMPLES, multipart, type Row, sampler, tinyPng, uploaded } from './helpers/http';
import type { LocalStorage } from '../src/services/storage';

jest.setTimeout(360_000);

const dataUrl = (data: Buffer, type = 'image/png') => `data:${type};base64,${data.toString('base64')}`;
const png = () => dataUrl(tinyPng([Math.floor(Math.random() * 256), 40, 80, 255]));
const stored = (path: string) => path.replace(/^\/storage\//, '');

describe.each(DIALECTS)('stored files (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref, sampleOf } = sampler(api));
  });
  afterAll(() => t?.close());

  const served = async (path: string) => (await call(t, { method: 'GET', url: path, token: null })).statusCode;
  const onDisk = (path: string) => existsSync((t.app.ctx.storage as LocalStorage).fullPath(stored(path))!);
  const holders = async (path: string) => Number((await t.db.db.selectFrom('stored_files').select('holders').where('path', '=', stored(path)).executeTakeFirst())?.holders ?? -1);
  const privateFiles = () => {
    const dir = (t.app.ctx.storage as LocalStorage).privateRoot;
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.\w+$/.test(f)).sort() : [];
  };
  const def = (name: string) => registry.byName.get(name)!;

  it("the landing site's files stay its own: a campaign, a clinical record, a slider or another section naming them is refused, and nothing moves", async () => {
    const logo = dataOf(await api.post('/api/admin/promotional/logo/store', { file: png() })).file.path as string;
    const banner = dataOf(await api.post('/api/admin/promotional/banner/store', { desc: 'Care near you', background_image: png(), center_image: png(), person_image: png() }));
    const background = banner.background_image.path as string;

    // a campaign taking the logo (the probe: deleting that campaign then deleted the logo)
    const campaign = await ref('campaigns');
    const campaignBody = await sampleOf(def('campaigns'));
    expect(fieldErrors(await api.post('/api/admin/campaigns', { ...campaignBody, file: logo }))).toEqual({ file: [FILE_MESSAGES.inUse] });
    expect(fieldErrors(await api.put(`/api/admin/campaigns/${campaign.encrypted_id}`, { file: logo }))).toEqual({ file: [FILE_MESSAGES.inUse] });
    // a medical history taking the banner (the probe: it moved the banner into the private area)
    const history = await ref('medical-histories');
    const historyBody = await sampleOf(def('medical-histories'));
    const privateBefore = privateFiles();
    expect(fieldErrors(await api.post('/api/admin/medical-histories', { ...historyBody, reports: [background] }))).toEqual({ reports: [FILE_MESSAGES.inUse] });
    expect(fieldErrors(await api.put(`/api/admin/medical-histories/${history.encrypted_id}`, { reports: [background] }))).toEqual({ reports: [FILE_MESSAGES.inUse] });
    expect(privateFiles()).toEqual(privateBefore);
    // the landing site's own forms may not swap files between sections either
    expect(fieldErrors(await api.post('/api/admin/promotional/slider/store', { file: logo }))).toEqual({ file: [FILE_MESSAGES.inUse] });
    expect(fieldErrors(await api.post('/api/admin/promotional/banner/store', { desc: 'Care near you', background_image: logo }))).toEqual({ background_image: [FILE_MESSAGES.inUse] });
    expect(fieldErrors(await api.post('/api/admin/promotional/how-it-works/store', { title: 'T', desc: 'D', video: background }))).toEqual({ video: [FILE_MESSAGES.inUse] });

    // deleting the campaign takes its own file only
    const campaignFile = campaign.file as Row;
    dataOf(await api.del(`/api/admin/campaigns/${campaign.encrypted_id}`));
    expect([await served(String(campaignFile.path)), onDisk(String(campaignFile.path))]).toEqual([404, false]);
    for (const path of [logo, background]) expect([path, await served(path), onDisk(path), await holders(path)]).toEqual([path, 200, true, 1]);
    const site = (await call(t, { method: 'GET', url: '/api/public/promotional', token: null })).json().data;
    expect([site.logo.file.path, site.banner.background_image.path]).toEqual([logo, background]);
  });

  it("the landing site takes its own admin's fresh upload, not another admin's, and serves it once taken", async () => {
    const video = MEDIA_SAMPLES.mp4();
    const editor = await adminWith(t, ['edit_setting']);
    const theirs = await uploaded(t, editor.token, { data: video, kind: 'mp4', folder: 'promotional' });
    expect(fieldErrors(await api.post('/api/admin/promotional/how-it-works/store', { title: 'How', desc: 'Steps', video: theirs }))).toEqual({ video: [FILE_MESSAGES.otherAdmin] });
    expect(await served(theirs)).toBe(404);
    const section = dataOf(await client(t, editor.token).post('/api/admin/promotional/how-it-works/store', { title: 'How', desc: 'Steps', video: theirs }));
    expect(section.video.path).toBe(theirs);
    expect(await served(theirs)).toBe(200);
  });

  it('two writes naming one fresh upload at once: one takes it, the other is refused and keeps nothing it stored', async () => {
    const category = await ref('categories');
    const upload = await uploaded(t, t.rootToken, { data: MEDIA_SAMPLES.mp4(), kind: 'mp4', folder: 'health_literacy_contents' });
    const folder = join((t.app.ctx.storage as LocalStorage).root, 'health_literacy_contents');
    const filesBefore = readdirSync(folder).length;
    const item = (n: number) => ({ title: `Race ${n}`, type: 'video', category_id: category.id, desc: 'x', tags: ['race'], file: upload, thumbnail: png() });
    const answers = await Promise.all([api.post('/api/admin/health-literacy-content', item(1)), api.post('/api/admin/health-literacy-content', item(2))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().data;
    expect(fieldErrors(answers.find((r) => r.statusCode === 422)!)).toEqual({ file: [FILE_MESSAGES.inUse] });
    expect(winner.file.path).toBe(upload);
    // the winner's thumbnail is the only new file: the loser's went with its refusal
    expect(readdirSync(folder).length).toBe(filesBefore + 1);
    expect(await holders(upload)).toBe(1);
    expect(await served(upload)).toBe(200);
    expect(await served(winner.thumbnail.path)).toBe(200);

    // the same for a private field: the upload moves into the private area once, for the winner
    const report = await uploaded(t, t.rootToken, { data: MEDIA_SAMPLES.mp3(), kind: 'mp3', folder: 'reports' });
    const bodies = [await sampleOf(def('medical-histories')), await sampleOf(def('medical-histories'))];
    const results = await Promise.all(bodies.map((b) => api.post('/api/admin/medical-histories', { ...b, reports: [report] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const taken = results.find((r) => r.statusCode === 200)!.json().data;
    const link = String(taken.reports[0].path);
    expect(link).toMatch(/^\/api\/admin\/files\//);
    expect((await call(t, { method: 'GET', url: link })).statusCode).toBe(200);
    expect(onDisk(report)).toBe(false);
    expect(await holders(`private/${stored(report)}`)).toBe(1);
  });

  it('a refused write keeps the upload it named for a later one, and removes only the files it stored itself', async () => {
    const category = await ref('categories');
    const upload = await uploaded(t, t.rootToken, { data: MEDIA_SAMPLES.png(), kind: 'png', folder: 'health_literacy_contents' });
    const folder = join((t.app.ctx.storage as LocalStorage).root, 'health_literacy_contents');
    const before = readdirSync(folder).sort();
    // refused inside the write (an unknown category) after the thumbnail was stored and the upload named
    const refused = await api.post('/api/admin/health-literacy-content', { title: 'No', type: 'image', category_id: 2_000_000_000, desc: 'x', tags: ['a'], file: upload, thumbnail: png() });
    expect(fieldErrors(refused)).toEqual({ category_id: [expect.any(String)] });
    expect(readdirSync(folder).sort()).toEqual(before);
    expect(await holders(upload)).toBe(0);
    const item = dataOf(await api.post('/api/admin/health-literacy-content', { title: 'Yes', type: 'image', category_id: category.id, desc: 'x', tags: ['a'], file: upload }));
    expect(item.file.path).toBe(upload);
  });

  it('an admin replacing a profile photo: the new one is held and served, the old one goes', async () => {
    const me = async (file: Buffer) => {
      const { payload, headers } = multipart({ f_name: 'Root', email: 'root@example.org', file: { filename: 'me.png', contentType: 'image/png', data: file } });
      return dataOf(await call(t, { method: 'POST', url: '/api/admin/admins/profile', token: t.rootToken, payload, headers }));
    };
    const first = await me(tinyPng([1, 1, 1, 255]));
    const firstPath = String(first.file.path);
    expect(await served(firstPath)).toBe(200);
    await me(tinyPng([2, 2, 2, 255]));
    expect([await served(firstPath), onDisk(firstPath)]).toEqual([404, false]);
  });

  it('files held before the bookkeeping existed are registered by the migration with every holder; each goes only when the last lets go', async () => {
    const logo = dataOf(await api.post('/api/admin/promotional/logo/store', { file: png() })).file.path as string;
    const [a, b, c] = [await ref('campaigns'), await ref('campaigns'), await ref('campaigns')];
    const category = await ref('categories');
    const history = await ref('medical-histories');
    const shared = String((b.file as Row).path);

    // as the data was before migration 0027: a campaign that took the logo, two campaigns sharing a
    // file (as the demo's do), and the other records' own files
    const migration = MIGRATIONS['0027_stored_files']!;
    await migration.down(t.db.db, t.db.dialect);
    await anyDb(t).updateTable('campaigns').set({ file: stored(logo) }).where('id', '=', a.id).execute();
    await anyDb(t).updateTable('campaigns').set({ file: stored(shared) }).where('id', '=', c.id).execute();
    await migration.up(t.db.db, t.db.dialect);

    // every file a record names is served again (the private one through its record's signed link)
    for (const path of [logo, shared, String((category.file as Row).path)]) expect([path, await served(path)]).toEqual([path, 200]);
    const report = dataOf(await api.get(`/api/admin/medical-histories/${history.encrypted_id}`)).reports[0].path;
    expect((await call(t, { method: 'GET', url: report })).statusCode).toBe(200);
    expect([await holders(logo), await holders(shared)]).toEqual([2, 2]);

    // the campaign that took the logo goes: the logo stays, the site's
    dataOf(await api.del(`/api/admin/campaigns/${a.encrypted_id}`));
    expect([await served(logo), onDisk(logo), await holders(logo)]).toEqual([200, true, 1]);
    // a new logo: the old one has no holder left and goes
    dataOf(await api.post('/api/admin/promotional/logo/store', { file: png() }));
    expect([await served(logo), onDisk(logo)]).toEqual([404, false]);
    // the shared file goes with the last of its two campaigns
    dataOf(await api.del(`/api/admin/campaigns/${b.encrypted_id}`));
    expect([await served(shared), onDisk(shared)]).toEqual([200, true]);
    dataOf(await api.del(`/api/admin/campaigns/${c.encrypted_id}`));
    expect([await served(shared), onDisk(shared)]).toEqual([404, false]);
  });
});
