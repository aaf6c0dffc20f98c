/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). A journey that fails
 * leaves a screenshot and the page's console errors under test-results/. No Chromium at CHROMIUM_PATH
 * fails the journeys (launchBrowser throws), with or without CI: they are never skipped. `npm test`
 * installs Debian's chromium first when it can (scripts/prerequisites.mjs).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const RESULTS_DIR = join(ROOT, 'test-results');

/** Default bound of every Playwright wait (actions, expectations, navigations). */
export const WAIT_MS = 15_000;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium; npm test does it as root) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    timeout: 30_000,
  });
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 80);

/**
 * Saves a screenshot as test-results/<name>.png and returns its path. The viewport by default:
 * a full-page capture of a tall page scrolls react-admin's hide-on-scroll app bar half away.
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${slug(name)}.png`);
  // Let the app bar finish sliding back in (react-admin hides it on scroll), when there is one.
  await page
    .waitForFunction(() => { const bar = document.querySelector('header'); return !bar || bar.getBoundingClientRect().top >= 0; }, null, { timeout: 2_000 })
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage, timeout: WAIT_MS });
  return file;
}

/**
 * CSS animations and transitions finish at once in the journeys (as Playwright's screenshots do with
 * `animations: 'disabled'`): a spinner, a skeleton's pulse or a menu's slide otherwise has Chromium
 * drawing frames while a journey waits, and Playwright waits for a moving element to stand still before
 * it clicks. Measured on the whole e2e project, one run each, the machine otherwise idle: 501 s of CPU
 * (Chromium's most) with them, 476 s without; accessibility alone 124 s → 112 s. What a screen shows
 * is unchanged: MUI times its transitions' ends itself, not by CSS events.
 */
const STILL = () => {
  const css = '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;animation-iteration-count:1!important;transition-duration:0s!important;transition-delay:0s!important}';
  document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.appendChild(style);
  });
};

/** A device other than the default desktop window: a phone's size, touch screen (no hover) and mobile layout. */
export type Device = Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile'>;

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught exceptions of the page so far */
  pageErrors: string[];
}

/**
 * Runs `fn` in a fresh browser context (its own localStorage) at `baseURL`. On failure it saves a
 * screenshot of every open page plus the page errors, and rethrows with their paths added.
 */
export async function withPage(browser: Browser, baseURL: string, name: string, fn: (j: Journey) => Promise<void>, device: Device = {}): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, locale: 'en-GB', ...device });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  await context.addInitScript(STILL);
  const pageErrors: string[] = [];
  context.on('page', (p) => watch(p, pageErrors));
  const page = await context.newPage();
  try {
    await fn({ context, page, pageErrors });
  } catch (error) {
    const saved: string[] = [];
    for (const [i, p] of context.pages().entries()) {
      try {
        saved.push(`${await screenshot(p, `FAILED-${name}${i ? `-${i}` : ''}`, true)} (${p.url()})`);
      } catch {
        // the page may be gone
      }
    }
    if (pageErrors.length) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(join(RESULTS_DIR, `FAILED-${slug(name)}.log`), pageErrors.join('\n'));
    }
    if (error instanceof Error) {
      error.message += `\n\nscreenshots: ${saved.join(', ') || 'none'}` + (pageErrors.length ? `\npage errors:\n  ${pageErrors.slice(-10).join('\n  ')}` : '');
    }
    throw error;
  } finally {
    await context.close().catch(() => undefined);
  }
}

function watch(page: Page, sink: string[]) {
  page.on('pageerror', (err) => sink.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') sink.push(`console.error: ${msg.text()}`);
  });
}
