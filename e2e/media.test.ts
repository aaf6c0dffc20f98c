/**
 * A large video for health literacy content in real Chromium against the real server, over a weak
 * connection: a playable 30 MB MP4 (recorded by Chromium's own MediaRecorder, padded with an MP4 `free`
 * box) goes up in 5 MB chunks; a few chunk requests are cut off mid-way and the upload retries, says so
 * and reaches 100 % without sending again what the server already holds; the item is saved and its
 * page plays the stored file (served as video/mp4, with range requests). Then a page reload in the
 * middle of an upload: the same file chosen again resumes from the chunks the server holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { tinyPng } from '../server/test/helpers/http';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';
import { choose, field, menuEntry, seeText, signIn } from './helpers/page';

interface One<T> {
  data: T;
}
interface Paged<T> {
  data: { data: T[]; total: number };
}

const MB = 1024 * 1024;
const CHUNKS = 6; // 30 MB in the console's 5 MB chunks

/** A short playable MP4 recorded from a canvas by Chromium (H.264), or null when this Chromium cannot record MP4. */
async function recordMp4(page: Page): Promise<Buffer | null> {
  const base64 = await page.evaluate(async () => {
    const type = ['video/mp4;codecs=avc1.42E01E', 'video/mp4;codecs=avc1', 'video/mp4'].find((t) => MediaRecorder.isTypeSupported(t));
    if (!type) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const g = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: type });
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    let frame = 0;
    const timer = setInterval(() => {
      g.fillStyle = `hsl(${(frame += 12) % 360}, 70%, 50%)`;
      g.fillRect(0, 0, 160, 120);
    }, 40);
    recorder.start();
    await new Promise((r) => setTimeout(r, 1500));
    await new Promise((r) => {
      recorder.onstop = r;
      recorder.stop();
    });
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return base64 ? Buffer.from(base64, 'base64') : null;
}

/** `video` followed by an MP4 `free` box (which players skip) up to `size` bytes; a bare `ftyp` box when there is no recording. */
function paddedMp4(video: Buffer | null, size: number): Buffer {
  const head = video ?? Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);
  const free = Buffer.alloc(size - head.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  for (let i = 8; i < free.length; i += 4096) free[i] = i & 0xff; // not all zeros
  return Buffer.concat([head, free]);
}

/** The index field of a chunk request's multipart body. */
function indexOf(request: Request): number {
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  const m = /name="index"\r\n\r\n(\d+)\r\n/.exec(body);
  return m ? Number(m[1]) : -1;
}

/** The chunk address, for page.route (and unroute, which needs the same function) */
const chunkUrl = (url: URL) => url.pathname.endsWith('/media-file/upload-chunk');
const isChunkPost = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/media-file/upload-chunk');
const progressOf = (page: Page) => page.getByRole('progressbar', { name: /^Upload of / });

describeJourney('health literacy video over a weak connection (Chromium, real server)', { timeout: 240_000 }, (journey) => {
  let dir: string;
  const stamp = Date.now().toString(36);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'media-journey-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The add form with the type Video: through the menu, or at its address (the page already there, or a reload). */
  const openAddForm = async (page: Page, how: 'menu' | 'address' | 'here') => {
    if (how === 'menu') {
      const entry = menuEntry(page, 'Health Literacy Content');
      if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: 'Content', exact: true }).click();
      await entry.click();
      await page.getByRole('link', { name: 'Add Content', exact: true }).click();
    } else if (how === 'address') {
      await page.goto('/health-literacy-content/create');
    }
    await field(page, 'Tags').waitFor();
    // the form may render again while its selects load their choices: the open list can go with it
    for (let attempt = 1; ; attempt++) {
      try {
        await choose(page, 'Type', 'Video');
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await page.keyboard.press('Escape');
      }
    }
  };
  /** The file input of the chunked upload (the first file input; the thumbnail's comes after it). */
  const chunkedInput = (page: Page) => page.locator('input[type=file]').first();

  test('a 30 MB MP4 survives dropped chunk requests, is saved and plays from its page; a reload mid-upload resumes', () =>
    journey.withPage('media-journey', async ({ page }) => {
      const category = await journey.server.api<One<{ id: number; title: string }>>('POST', '/categories', journey.rootToken, {
        title: `Maternal health ${stamp}`,
        file: `data:image/png;base64,${tinyPng().toString('base64')}`,
      });
      expect(category.status).toBe(200);

      // --- start where a user starts: the bare address, signed out
      await journey.signInFromTheStart(page);

      const recorded = await recordMp4(page);
      const file = join(dir, 'lesson.mp4');
      writeFileSync(file, paddedMp4(recorded, 30 * MB));

      // --- the upload, with three chunk requests cut off once two chunks went through
      await openAddForm(page, 'menu');
      const sent: { index: number; ok: boolean }[] = [];
      let cut = 0;
      await page.route(
        chunkUrl,
        async (route: Route) => {
          const request = route.request();
          if (!isChunkPost(request)) return route.continue();
          const index = indexOf(request);
          if (sent.filter((s) => s.ok).length >= 2 && cut < 3) {
            cut += 1;
            sent.push({ index, ok: false });
            return route.abort('internetdisconnected');
          }
          sent.push({ index, ok: true });
          return route.continue();
        },
      );
      await chunkedInput(page).setInputFiles(file);
      // two 5 MB chunks go through the interception first: a wait on the upload, bounded like the one below
      await page.getByTestId('upload-retrying').waitFor({ timeout: 60_000 });
      await screenshot(page, 'media-upload-retrying');
      const retrying = await progressOf(page).getAttribute('aria-valuenow');
      expect(Number(retrying)).toBeGreaterThanOrEqual(Math.floor((2 * 5 * 100) / 30)); // the bar kept what went through
      await page.waitForFunction(() => document.querySelector('[role=progressbar][aria-valuenow="100"]'), null, { timeout: 60_000 });
      await page.getByTestId('upload-retrying').waitFor({ state: 'detached' });
      await page.unroute(chunkUrl);
      expect(cut).toBe(3);
      // every chunk went through exactly once; only the cut-off one was sent again
      const through = sent.filter((s) => s.ok).map((s) => s.index);
      expect([...through].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(sent.filter((s) => !s.ok).map((s) => s.index)).toEqual([2, 2, 2]);
      expect(sent).toHaveLength(CHUNKS + 3);
      await screenshot(page, 'media-upload-done');

      // --- the other fields, and save
      const title = `Safe delivery ${stamp}`;
      await choose(page, 'Category', category.body.data.title);
      await field(page, 'Title').fill(title);
      await field(page, 'Description').fill('Signs of labour and when to go to the clinic.');
      await field(page, 'Tags').fill('pregnancy');
      await page.keyboard.press('Enter');
      await page.locator('input[type=file]').nth(1).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: tinyPng([30, 120, 200, 255]) });
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, / added\.$/);
      const found = await journey.server.api<Paged<{ id: number; encrypted_id: string; file: { path: string } | string }>>(
        'GET', `/health-literacy-content?search=${encodeURIComponent(title)}`, journey.rootToken,
      );
      const item = found.body.data.data[0]!;
      expect(item).toBeDefined();

      // --- its page: the video points at the stored file, served as MP4 with range requests
      await page.goto(`/health-literacy-content/${item.encrypted_id}/show`);
      const video = page.locator('video');
      await video.waitFor();
      const src = (await video.getAttribute('src'))!;
      expect(src).toMatch(/\/storage\/health_literacy_contents\/[0-9a-f]{32}\.mp4/);
      const whole = await page.request.get(src);
      expect(whole.status()).toBe(200);
      expect(whole.headers()['content-type']).toMatch(/^video\/mp4/);
      expect(Number(whole.headers()['content-length'])).toBe(30 * MB);
      const range = await page.request.get(src, { headers: { Range: 'bytes=0-1023' } });
      expect(range.status()).toBe(206);
      expect(range.headers()['content-type']).toMatch(/^video\/mp4/);
      expect((await range.body()).length).toBe(1024);
      if (recorded) {
        // a real recording: Chromium reads the stored file's metadata
        await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, { timeout: 20_000 });
      }
      await screenshot(page, 'media-show-video');

      // --- a page reload in the middle of an upload: the same file again resumes
      await openAddForm(page, 'address');
      const firstPage: number[] = [];
      await page.route(
        chunkUrl,
        async (route: Route) => {
          const request = route.request();
          if (!isChunkPost(request)) return route.continue();
          if (firstPage.length >= 3) return route.abort('internetdisconnected'); // the connection drops for good
          firstPage.push(indexOf(request));
          return route.continue();
        },
      );
      const second = join(dir, 'lesson-two.mp4');
      writeFileSync(second, paddedMp4(recorded, 30 * MB - 12345));
      await chunkedInput(page).setInputFiles(second);
      await page.getByTestId('upload-retrying').waitFor({ timeout: 60_000 }); // after three chunks went through
      expect(firstPage).toEqual([0, 1, 2]);
      // the connection stays down until the page is gone: a retry of chunk 3 must not slip through first
      await page.reload();
      await page.unroute(chunkUrl);

      const afterReload: number[] = [];
      // through a route: a request's multipart body is readable there
      await page.route(chunkUrl, async (route: Route) => {
        if (isChunkPost(route.request())) afterReload.push(indexOf(route.request()));
        return route.continue();
      });
      await openAddForm(page, 'here');
      await chunkedInput(page).setInputFiles(second);
      await page.waitForFunction(() => document.querySelector('[role=progressbar][aria-valuenow="100"]'), null, { timeout: 60_000 });
      expect(afterReload).toEqual([3, 4, 5]);
    }));

  test('the add form with its progress bar on a phone and in Arabic', () =>
    journey.withPage('media-screens', async ({ page }) => {
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      const file = join(dir, 'screens.mp4');
      writeFileSync(file, paddedMp4(null, 12 * MB));
      /** the upload held at its second chunk, so the bar shows part-way */
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        chunkUrl,
        async (route: Route) => {
          if (isChunkPost(route.request()) && indexOf(route.request()) === 1) await held;
          return route.continue();
        },
      );
      const shoot = async (name: string, lang: 'en' | 'ar', width: number) => {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((l) => localStorage.setItem('currentLanguage', l), lang);
        await page.goto('/health-literacy-content/create');
        if (lang === 'ar') await page.waitForFunction(() => document.documentElement.dir === 'rtl');
        await field(page, lang === 'ar' ? 'النوع' : 'Type').click();
        await page.getByRole('option').nth(2).click(); // Video (image, PDF, video)
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        await chunkedInput(page).setInputFiles(file);
        await page.waitForFunction(() => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') ?? 0) > 0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.waitForTimeout(500); // the bar's own transition
        await screenshot(page, name);
      };
      await shoot('media-add-progress-desktop', 'en', 1280);
      await shoot('media-add-progress-phone', 'en', 375);
      await shoot('media-add-progress-desktop-ar', 'ar', 1280);
      await shoot('media-add-progress-phone-ar', 'ar', 375);
      release();
    }));
});
