/**
 * Health literacy content in real Chromium against the real server: add a PDF item in the console
 * (type, category, title, description, typed tags, the file through the chunked upload), find it in
 * the card grid by a tag, open its page with the PDF in a frame (which the server lets the console,
 * and only the console, frame), edit its title; a file of another type is refused with the spec's
 * message. Screenshots of the grid, the add form and the page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { tinyPng } from '../server/test/helpers/http';
import { RESULTS_DIR, screenshot, WAIT_MS } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';
import { field, menuEntry, seeText, signIn } from './helpers/page';

/** a one-page PDF saying a line of text (a real one: the browser's viewer opens it) */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describeJourney('health literacy content journey (Chromium, real server)', { timeout: 180_000 }, (journey) => {
  const stamp = Date.now().toString(36);

  /** picks an option of a select by its combobox (the listbox of a select also carries its label) */
  const choose = async (page: Page, label: string, option: string) => {
    await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  };

  test('a PDF added with typed tags, found by a tag in the grid, shown in a frame, renamed; a PDF refused as an image', () =>
    journey.withPage('health-literacy-journey', async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (msg: ConsoleMessage) => {
        if (/frame|Content Security Policy|X-Frame-Options/i.test(msg.text())) problems.push(msg.text());
      });
      const category = await journey.server.api<{ data: { id: number } }>('POST', '/categories', journey.rootToken, { title: `Nutrition ${stamp}`, file: `data:image/png;base64,${tinyPng().toString('base64')}` });
      expect(category.status).toBe(200);
      mkdirSync(RESULTS_DIR, { recursive: true });
      const pdfPath = join(RESULTS_DIR, `ors-${stamp}.pdf`);
      writeFileSync(pdfPath, onePagePdf('Oral rehydration solution'));
      const title = `ORS at home ${stamp}`;
      const tag = `rehydration${stamp}`;

      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await menuEntry(page, 'Health Literacy Content').click();
      await seeText(page, 'Data not found'); // the empty grid, settled (its query parameters written) before leaving it
      await page.getByRole('link', { name: 'Add Content' }).first().click();
      await page.waitForURL('**/health-literacy-content/create');
      await seeText(page, 'Separate tags with commas; Enter or a comma adds them.');

      // a PDF is not an image: refused at once with the spec's message, nothing uploaded
      await choose(page, 'Type', 'Image');
      await page.locator('input[type=file]').first().setInputFiles(pdfPath);
      await seeText(page, 'File format not supported. JPG/JPEG/PNG');

      await choose(page, 'Type', 'PDF');
      await choose(page, 'Category', `Nutrition ${stamp}`);
      await field(page, 'Title').fill(title);
      await field(page, 'Description').fill('How to mix ORS with clean water and how much to give a child after each loose stool.');
      const tags = field(page, 'Tags');
      await tags.fill(` ${tag} , diarrhoea,, `);
      await tags.press('Enter');
      await tags.fill('children');
      await tags.press(',');
      const chips = page.getByRole('list', { name: 'Tags added' }).getByRole('listitem');
      await expect(chips.allInnerTexts()).resolves.toEqual([tag, 'diarrhoea', 'children']);
      await page.locator('input[type=file]').first().setInputFiles(pdfPath);
      await seeText(page, '100%');
      await screenshot(page, 'health-literacy-add');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, / added\.$/);

      // stored as sent: the file from the upload folder, the tags normalised
      const found = await journey.server.api<{ data: { data: { encrypted_id: string; title: string; tags: string[]; file: { path: string; type: string } }[] } }>('GET', `/health-literacy-content?search=${tag}`, journey.rootToken);
      expect(found.body.data.data).toHaveLength(1);
      const item = found.body.data.data[0]!;
      expect(item).toMatchObject({ title, tags: [tag, 'diarrhoea', 'children'], file: { type: 'pdf', path: expect.stringMatching(/^\/storage\/health_literacy_contents\//) } });

      // the grid, searched by the tag (the search waits for typing to stop)
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByPlaceholder('Type here to search...').fill(tag.toUpperCase());
      await page.waitForFunction(() => document.querySelectorAll('article').length === 1, undefined, { timeout: WAIT_MS });
      const card = page.locator('article').first();
      await seeText(page, title);
      await screenshot(page, 'health-literacy-grid');
      // Edit and View come with keyboard focus as with the pointer
      const actionsOpacity = () => card.getByRole('link', { name: 'Show' }).evaluate((el) => getComputedStyle(el.parentElement!).opacity);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      expect(await actionsOpacity()).toBe('0');
      await card.getByRole('link', { name: 'Edit' }).focus();
      await page.waitForTimeout(300);
      expect(await actionsOpacity()).toBe('1');
      const viewed = page.waitForResponse((r) => r.url().includes('/api/admin/files/'), { timeout: WAIT_MS });
      await card.getByRole('link', { name: 'Show' }).click();

      // the PDF in a frame through its short-lived link, which the console may frame
      const frame = page.locator(`iframe[title="${title}"]`);
      await frame.waitFor({ state: 'attached', timeout: WAIT_MS });
      expect(await frame.getAttribute('src')).toMatch(/^\/api\/admin\/files\//);
      const viewer = await viewed;
      expect([viewer.status(), viewer.headers()['content-type'], viewer.headers()['x-frame-options']]).toEqual([200, 'application/pdf', 'SAMEORIGIN']);
      await seeText(page, 'diarrhoea');
      await page.waitForTimeout(500);
      await screenshot(page, 'health-literacy-show');
      expect(problems).toEqual([]);

      // renamed from its page. The edit form opens on the record the page had, then resets to the record
      // read again (its PDF's viewer link is signed anew): a title typed before that read is back is undone
      const reread = page.waitForResponse(
        (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/admin/health-literacy-content/${item.encrypted_id}`,
        { timeout: WAIT_MS },
      );
      await page.getByRole('link', { name: 'Edit' }).click();
      await reread;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await field(page, 'Title').fill(`${title} (updated)`);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await seeText(page, 'Successfully updated.');
      const after = await journey.server.api<{ data: { title: string; file: { path: string } } }>('GET', `/health-literacy-content/${item.encrypted_id}`, journey.rootToken);
      expect(after.body.data).toMatchObject({ title: `${title} (updated)`, file: { path: item.file.path } });
    }));
});
