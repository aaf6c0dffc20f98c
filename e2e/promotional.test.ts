/**
 * The Promotional screen and the landing site in real Chromium against the real server: from the bare
 * address signed out, sign in, open Promotional, write the banner (description and three images) and
 * add a slider image, open the site from "Preview site" and see both; change the banner's description
 * and see it on the site after a reload; a PNG renamed .mp4 refused with the spec's message; the site
 * without console errors or CSP violations, on a phone too. Screenshots of the tabs (desktop and
 * phone, English and Arabic) and of the site.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { tinyPng } from '../server/test/helpers/http';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { field, menuEntry, seeText, readInArabic } from './helpers/page';

const png = (rgba: [number, number, number, number]) => ({ name: 'image.png', mimeType: 'image/png', buffer: tinyPng(rgba) });

describeJourney('promotional journey (Chromium, real server)', { timeout: 180_000 }, (journey) => {
  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
  const fileInputs = (page: Page) => page.locator('[role=tabpanel] input[type=file]');
  const save = async (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

  /** the site's own problems: errors, failed loads and CSP refusals in its console */
  const watchSite = (site: Page) => {
    const problems: string[] = [];
    site.on('console', (msg: ConsoleMessage) => {
      if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
    });
    site.on('pageerror', (err) => problems.push(err.message));
    return problems;
  };

  test('banner and slider written in the console appear on /site; a PNG named .mp4 is refused', () =>
    journey.withPage('promotional-journey', async ({ context, page }) => {
      const stamp = Date.now().toString(36);
      const first = `Care close to home ${stamp}`;
      const second = `Doctors a call away ${stamp}`;
      // the site's text pages and an FAQ, written through the API (the content journey writes them in the console)
      for (const [path, body] of [
        ['/pages', { key: 'privacy_policy', value: '<p>We keep your records <strong>private</strong>.</p>' }],
        ['/pages', { key: 'terms', value: '<p>Use the service kindly.</p>' }],
        ['/faqs', { question: 'Is a call free?', answer: '<p>Yes, <em>always</em>.</p>' }],
      ] as const) {
        expect((await journey.server.api('POST', path, journey.rootToken, body)).status).toBe(200);
      }

      // --- where a user starts: the bare address, signed out
      await journey.signInFromTheStart(page);
      await menuEntry(page, 'Promotional').click();
      await page.waitForURL((url) => url.pathname === '/promotional');
      await tab(page, 'Logo').waitFor();
      await screenshot(page, 'promotional-logo');

      // --- the banner: a description and its three images
      await tab(page, 'Banner').click();
      await page.getByText('Background Image').waitFor();
      await field(page, 'Description').fill(first);
      for (const [i, colour] of ([[200, 30, 30, 255], [30, 200, 30, 255], [30, 30, 200, 255]] as const).entries()) {
        await fileInputs(page).nth(i).setInputFiles(png([...colour]));
      }
      await page.locator('[role=tabpanel] img').nth(2).waitFor();
      await save(page);
      await seeText(page, 'Successfully updated.');
      await screenshot(page, 'promotional-banner');

      // --- a slider image, listed in the table
      await tab(page, 'Sliders').click();
      const table = page.getByRole('table', { name: 'Sliders' });
      await table.getByText('Data not found').waitFor();
      await fileInputs(page).first().setInputFiles(png([250, 180, 20, 255]));
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await seeText(page, / added\.$/);
      await table.getByRole('img').first().waitFor();
      const sliderSrc = await table.getByRole('img').first().getAttribute('src');
      expect(sliderSrc).toMatch(/^\/storage\/promotional\/[0-9a-f]{32}\.png$/);
      await screenshot(page, 'promotional-sliders');

      // --- How It Works: a PNG renamed .mp4 passes the picker's type check (the browser calls it
      // video/mp4) and the server refuses it by its content, with the spec's message
      await tab(page, 'How It Works').click();
      await page.getByText('Video (MP4)').waitFor();
      await field(page, 'Title').fill('How it works');
      await field(page, 'Description').fill('Call, get seen, get better.');
      // a file the browser itself types as an image is refused by the console before any upload
      await fileInputs(page).first().setInputFiles(png([1, 2, 3, 255]));
      await seeText(page, 'File format not supported. MP4 Only');
      await page.getByText('File format not supported. MP4 Only').first().waitFor({ state: 'hidden' });
      await fileInputs(page).first().setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: tinyPng([1, 2, 3, 255]) });
      await save(page);
      await seeText(page, 'File format not supported. MP4 Only');
      await screenshot(page, 'promotional-how-it-works-refused');

      // --- the site, from Preview site: the banner's description and the slider image
      const [site] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /Preview site/ }).click()]);
      const problems = watchSite(site);
      await site.waitForLoadState();
      expect(new URL(site.url()).pathname).toBe('/site');
      await site.getByRole('heading', { level: 1, name: first }).waitFor();
      await site.locator(`img[src="${sliderSrc}"]`).waitFor({ state: 'attached' });
      await screenshot(site, 'site-desktop', true);

      // --- a new description in the console, seen on the site after a reload
      await tab(page, 'Banner').click();
      await page.getByText('Background Image').waitFor();
      await field(page, 'Description').fill(second);
      await save(page);
      await seeText(page, 'Successfully updated.');
      await site.reload();
      await site.getByRole('heading', { level: 1, name: second }).waitFor();
      await site.locator(`img[src="${sliderSrc}"]`).waitFor({ state: 'attached' });

      // --- the site's other pages, and a phone
      for (const [path, heading] of [['/site/privacy-policy', 'Privacy Policy'], ['/site/terms', 'Terms & Conditions'], ['/site/faqs', 'Frequently asked questions']] as const) {
        await site.goto(path);
        await site.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      await site.getByText('Is a call free?').click();
      await site.getByText('Yes, always.').waitFor();
      await site.setViewportSize({ width: 375, height: 800 });
      await site.goto('/site');
      await site.getByRole('heading', { level: 1, name: second }).waitFor();
      expect(await site.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(site, 'site-phone', true);
      expect(problems).toEqual([]);

      // --- the tabs on a phone and in Arabic
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/promotional?tab=about');
      await field(page, 'Heading').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'promotional-about-phone');
      await readInArabic(page, '/promotional?tab=sliders');
      await tab(page, 'الشرائح').waitFor();
      await screenshot(page, 'promotional-sliders-phone-ar');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/promotional?tab=banner');
      await tab(page, 'اللافتة').waitFor();
      await page.locator('[role=tabpanel] img').first().waitFor();
      await screenshot(page, 'promotional-banner-ar');
    }));
});
