/**
 * What a browser gets from the console, measured in headless Chromium against the running server:
 * bytes on the wire (as sent: compressed, headers included; Chrome's encodedDataLength) until the
 * sign-in form is shown, and for the dashboard; the time from submitting the form to the dashboard's
 * charts drawn (median of a few fresh sign-ins); and a second visit with the browser's cache: the
 * JavaScript it still had to fetch.
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface BrowserBenchResult {
  /** bytes on the wire until the sign-in form shows (all requests), and of those, JavaScript */
  beforeLoginBytes: number;
  beforeLoginJsBytes: number;
  /** bytes on the wire from submitting the form to the charts drawn */
  dashboardBytes: number;
  dashboardJsBytes: number;
  /** submit → charts drawn, ms: each run and the median */
  loginToDashboardMs: number[];
  loginToDashboardMedianMs: number;
  /** a second visit (same browser, its cache kept, still signed in) until the charts are drawn */
  cachedVisitBytes: number;
  cachedVisitJsBytes: number;
  /** requests of the first visit whose responses were compressed (br or gzip) / all JS and CSS requests */
  compressed: string;
}

export const browserBenchAvailable = () => existsSync(CHROMIUM);

/** Counts the bytes every request of the page took on the wire, per phase. */
class WireMeter {
  private byId = new Map<string, { url: string; type: string; encoding: string; cached: boolean }>();
  total = 0;
  js = 0;
  compressed = 0;
  compressible = 0;
  constructor(cdp: CDPSession) {
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      this.byId.set(e.requestId, {
        url: e.response.url,
        type: e.type,
        encoding: headers['content-encoding'] ?? '',
        cached: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker),
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = this.byId.get(e.requestId);
      this.total += e.encodedDataLength;
      if (r?.type === 'Script') this.js += e.encodedDataLength;
      if (r && (r.type === 'Script' || r.type === 'Stylesheet' || r.type === 'Document')) {
        this.compressible++;
        if (r.encoding === 'br' || r.encoding === 'gzip') this.compressed++;
      }
    });
  }
  reset() {
    this.total = 0;
    this.js = 0;
  }
}

async function meter(context: BrowserContext, page: Page): Promise<WireMeter> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return new WireMeter(cdp);
}

const chartsDrawn = (page: Page) => page.locator('.recharts-surface').first().waitFor({ state: 'visible', timeout: 30_000 });

async function signIn(page: Page, email: string, password: string): Promise<number> {
  await page.getByLabel(/^Email Address/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  const started = performance.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await chartsDrawn(page);
  return performance.now() - started;
}

export async function benchConsoleInBrowser(url: string, email: string, password: string, runs = 5): Promise<BrowserBenchResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const times: number[] = [];
    let first: Omit<BrowserBenchResult, 'loginToDashboardMs' | 'loginToDashboardMedianMs'> | null = null;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      const wire = await meter(context, page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const beforeLogin = { total: wire.total, js: wire.js };
      wire.reset();
      times.push(await signIn(page, email, password));
      await page.waitForLoadState('networkidle');
      const dashboard = { total: wire.total, js: wire.js };
      const compressed = `${wire.compressed}/${wire.compressible}`;
      if (!first) {
        // the second visit: a new tab of the same browser (its cache and the signed-in session kept)
        const again = await context.newPage();
        const wire2 = await meter(context, again);
        await again.goto('/dashboard');
        await chartsDrawn(again);
        await again.waitForLoadState('networkidle');
        first = {
          beforeLoginBytes: beforeLogin.total,
          beforeLoginJsBytes: beforeLogin.js,
          dashboardBytes: dashboard.total,
          dashboardJsBytes: dashboard.js,
          cachedVisitBytes: wire2.total,
          cachedVisitJsBytes: wire2.js,
          compressed,
        };
      }
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { ...first!, loginToDashboardMs: times.map(Math.round), loginToDashboardMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!) };
  } finally {
    await browser.close();
  }
}
