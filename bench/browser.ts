/**
 * What a browser gets from the console, measured in headless Chromium against the running server:
 * bytes on the wire (as sent: compressed, headers included; Chrome's encodedDataLength) of the requests
 * begun before the sign-in form is first painted, of those begun while the form is shown (what the
 * console fetches ahead of the sign-in), and for the dashboard; the time from submitting the form to
 * the dashboard's charts drawn (median of a few fresh sign-ins: typed once the page is idle, as a person
 * takes a few seconds to type, and submitted the moment the form shows); the requests after the submit
 * as a waterfall; a second visit with the browser's cache: the JavaScript it still had to fetch; and the
 * switch to Arabic from the app bar (the click to the dashboard drawn right to left in Arabic with its
 * charts); saving a patient (the click on Submit on the edit form to its "Successfully updated."); and
 * opening Book on a doctor's Upcoming tab (the click to the booking dialog's calendar drawn with the
 * month's open slots). Each with the longest task of the main thread meanwhile (the page is frozen while
 * it runs).
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** One request after the submit: when it started and ended (ms after the click), what and how much. */
export interface WaterfallEntry {
  url: string;
  type: string;
  startMs: number;
  endMs: number;
  bytes: number;
}

export interface BrowserBenchResult {
  /** bytes on the wire of the requests begun before the sign-in form's first paint, and of those, JavaScript */
  beforeLoginBytes: number;
  beforeLoginJsBytes: number;
  /** the form's first paint (first contentful paint), ms after navigation start */
  formPaintMs: number;
  /** bytes of the requests begun while the form is shown, before it is submitted (fetched ahead) */
  whileFormBytes: number;
  whileFormJsBytes: number;
  /** bytes on the wire from submitting the form to the charts drawn */
  dashboardBytes: number;
  dashboardJsBytes: number;
  /** submit → charts drawn, ms, typed once the page is idle: each run and the median */
  loginToDashboardMs: number[];
  loginToDashboardMedianMs: number;
  /** the longest main-thread task of each of those sign-ins, and the median */
  loginLongestTaskMs: number[];
  loginLongestTaskMedianMs: number;
  /** the same, submitted as soon as the form shows (nothing fetched ahead yet) */
  immediateLoginToDashboardMs: number[];
  immediateLoginToDashboardMedianMs: number;
  /** the first run's requests after the submit */
  waterfall: WaterfallEntry[];
  /** a second visit (same browser, its cache kept, still signed in) until the charts are drawn */
  cachedVisitBytes: number;
  cachedVisitJsBytes: number;
  /** the app bar's language menu: choosing العربية on the dashboard until it is drawn right to left in Arabic, each run and the median */
  arabicSwitchMs: number[];
  arabicSwitchMedianMs: number;
  /** the longest main-thread task during each switch (Long Tasks API), and the median */
  arabicSwitchLongestTaskMs: number[];
  arabicSwitchLongestTaskMedianMs: number;
  /** a patient's edit form (its street changed): the click on Submit to "Successfully updated." shown, each run and the median */
  patientSaveMs: number[];
  patientSaveMedianMs: number;
  patientSaveLongestTaskMs: number[];
  patientSaveLongestTaskMedianMs: number;
  /** a doctor's Upcoming tab: the click on Book to the dialog's calendar drawn with the month's open slots */
  bookingCalendarMs: number[];
  bookingCalendarMedianMs: number;
  bookingCalendarLongestTaskMs: number[];
  bookingCalendarLongestTaskMedianMs: number;
  /** requests of the first visit whose responses were compressed (br or gzip) / all JS and CSS requests */
  compressed: string;
}

export const browserBenchAvailable = () => existsSync(CHROMIUM);

interface Request {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
  done: boolean;
}

/** Records the bytes every request of the page took on the wire. */
class WireMeter {
  readonly requests = new Map<string, Request>();
  private lastActivity = Date.now();
  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.lastActivity = Date.now();
      if (!this.requests.has(e.requestId)) this.requests.set(e.requestId, { url: e.request.url, type: e.type ?? '', encoding: '', bytes: 0, done: false });
    });
    cdp.on('Network.loadingFailed', (e) => {
      this.lastActivity = Date.now();
      const r = this.requests.get(e.requestId);
      if (r) r.done = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = this.requests.get(e.requestId);
      if (!r) return;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      r.type = e.type;
      r.encoding = headers['content-encoding'] ?? '';
    });
    cdp.on('Network.loadingFinished', (e) => {
      this.lastActivity = Date.now();
      const r = this.requests.get(e.requestId);
      if (!r) return;
      r.bytes = e.encodedDataLength;
      r.done = true;
    });
  }
  /**
   * Resolves once no request of the page has been open for `ms` (Playwright's 'networkidle' fires once
   * per page load, so it misses what a page fetches later, such as the console fetched ahead).
   */
  async quiet(ms = 500, timeout = 30_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      const open = [...this.requests.values()].some((r) => !r.done);
      if (!open && Date.now() - this.lastActivity >= ms) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the page's requests did not settle within ${timeout} ms`);
  }

  /** Takes the requests recorded so far, leaving the meter empty for the next phase. */
  take(): Request[] {
    const taken = [...this.requests.values()];
    this.requests.clear();
    return taken;
  }
}

const sum = (requests: Request[], js = false) => requests.filter((r) => !js || r.type === 'Script').reduce((n, r) => n + r.bytes, 0);

async function meter(context: BrowserContext, page: Page): Promise<WireMeter> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return new WireMeter(cdp);
}

const chartsDrawn = (page: Page) => page.locator('.recharts-surface').first().waitFor({ state: 'visible', timeout: 30_000 });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

/**
 * The addresses the page began to fetch before its first contentful paint (the sign-in form: the page
 * draws nothing before it), from the Resource Timing entries, which share the paint's clock.
 */
const beforeFirstPaint = async (page: Page) => {
  // no named functions inside: tsx would wrap them in a helper the page does not have
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 10_000 });
  const painted = await page.evaluate(() => {
    const at = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    return { at, urls: performance.getEntriesByType('resource').filter((e) => e.startTime < at).map((e) => e.name) };
  });
  return { at: painted.at, urls: painted.urls };
};

/**
 * What the page's functions use of its document (the bench's types are Node's, without the DOM). Functions
 * passed to waitForFunction, not strings: the console's Content-Security-Policy forbids eval.
 */
interface PageElement {
  querySelector(selector: string): PageElement | null;
}
interface PageDocument extends PageElement {
  documentElement: { dir: string };
  body: { innerText: string };
}

/** Starts recording the page's long tasks (the page's own script as text: the bench's types are Node's, no DOM, no 'longtask' entry type). */
const watchLongTasks = (page: Page) =>
  page.evaluate(`(() => {
    const tasks = (globalThis.benchLongTasks = []);
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask' });
  })()`);

/** The longest task recorded since watchLongTasks (a task still running when the page was drawn is reported once it ends). */
const longestTask = async (page: Page): Promise<number> => {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return page.evaluate(() => Math.max(0, ...(globalThis as unknown as { benchLongTasks: number[] }).benchLongTasks));
};

async function signIn(page: Page, email: string, password: string): Promise<{ ms: number; clickedAt: number; longestTaskMs: number }> {
  await page.getByLabel(/^Email Address/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await watchLongTasks(page);
  const clickedAt = await page.evaluate(() => performance.now());
  const started = performance.now();
  await signInButton(page).click();
  await page.waitForURL('**/dashboard');
  await chartsDrawn(page);
  const ms = performance.now() - started;
  return { ms, clickedAt, longestTaskMs: await longestTask(page) };
}

/** A user's answer in time: the click to what the person waits for, with the longest task meanwhile. */
interface Wait {
  ms: number;
  longestTaskMs: number;
}

/**
 * A patient's edit form (`/app-users/{encrypted_id}`), loaded and settled, its street changed: the click
 * on Submit until "Successfully updated." shows (the form stays open after a save).
 */
async function savePatient(page: Page, wire: WireMeter, patientId: string, street: string): Promise<Wait> {
  await page.goto(`/app-users/${encodeURIComponent(patientId)}`);
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await submit.waitFor({ timeout: 30_000 });
  const streetInput = page.locator('input[name="street"]');
  await streetInput.waitFor({ timeout: 30_000 });
  await wire.quiet();
  await streetInput.fill(street);
  await wire.quiet();
  await watchLongTasks(page);
  const started = performance.now();
  await submit.click();
  await page.getByText('Successfully updated.').first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = performance.now() - started;
  return { ms, longestTaskMs: await longestTask(page) };
}

/**
 * A doctor's profile on its Upcoming tab, settled: the click on Book until the booking dialog's calendar
 * has the month's open slots (a day enabled) or says the month has none.
 */
async function openBooking(page: Page, wire: WireMeter, doctorId: string): Promise<Wait> {
  await page.goto(`/doctors/${encodeURIComponent(doctorId)}/show`);
  await page.getByRole('tab', { name: 'Upcoming' }).click({ timeout: 30_000 });
  const book = page.getByRole('button', { name: 'Book appointment', exact: true });
  await book.waitFor({ timeout: 30_000 });
  await wire.quiet();
  await watchLongTasks(page);
  const started = performance.now();
  await book.click();
  await page.waitForFunction(
    () => {
      const dialog = (globalThis as unknown as { document: PageDocument }).document.querySelector('[role="dialog"]');
      return dialog !== null && (dialog.querySelector('button[data-day]:not([disabled])') !== null || dialog.querySelector('.MuiAlert-standardInfo') !== null);
    },
    null,
    { timeout: 30_000 },
  );
  const ms = performance.now() - started;
  return { ms, longestTaskMs: await longestTask(page) };
}

/** What a Resource Timing entry holds besides its name and start (the page's PerformanceResourceTiming). */
type ResourceEntry = { name: string; startTime: number; initiatorType: string; responseEnd: number; transferSize: number };

/** The page's requests from `since` (its performance clock) on, each relative to it. */
const waterfallSince = async (page: Page, origin: string, since: number): Promise<WaterfallEntry[]> =>
  (
    await page.evaluate(
      (t0) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= t0 - 1)
          .map((e) => {
            const r = e as unknown as ResourceEntry;
            return { url: r.name, type: r.initiatorType, startMs: Math.round(r.startTime - t0), endMs: Math.round(r.responseEnd - t0), bytes: r.transferSize };
          }),
      since,
    )
  ).map((w) => ({ ...w, url: w.url.replace(origin, '') }));

/**
 * Chooses Arabic in the app bar on the drawn dashboard, and waits until it is drawn right to left with its
 * Arabic title and its charts: the time from the click, and the longest main-thread task meanwhile.
 */
async function switchToArabic(page: Page): Promise<{ ms: number; longestTaskMs: number }> {
  await page.getByRole('button', { name: /Language$/ }).first().click();
  const arabic = page.getByRole('menuitem', { name: 'العربية' });
  await arabic.waitFor({ timeout: 30_000 });
  await watchLongTasks(page);
  const started = performance.now();
  await arabic.click();
  await page.waitForFunction(
    () => {
      const d = (globalThis as unknown as { document: PageDocument }).document;
      return d.documentElement.dir === 'rtl' && d.body.innerText.includes('لوحة المعلومات') && d.querySelector('.recharts-surface') !== null;
    },
    null,
    { timeout: 30_000 },
  );
  const ms = performance.now() - started;
  return { ms, longestTaskMs: await longestTask(page) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
};

/** The first patient and the first active doctor of the seeded data, by their encrypted ids (from the API, as the bench's admin). */
async function seededPeople(url: string, email: string, password: string): Promise<{ patientId: string; doctorId: string }> {
  const call = async (path: string, token: string | null, body?: unknown) => {
    const res = await fetch(new URL(path, url), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return ((await res.json()) as { data: unknown }).data;
  };
  const { token } = (await call('/api/admin/login', null, { email, password, remember_me: false })) as { token: string };
  const first = async (resource: string, filter = '') => {
    const list = (await call(`/api/admin/${resource}?sort=created_at&order=desc&page=1&per_page=25${filter}`, token)) as { data: { encrypted_id: string }[] };
    const row = list.data[0];
    if (!row) throw new Error(`no ${resource} were seeded`);
    return row.encrypted_id;
  };
  return { patientId: await first('app-users'), doctorId: await first('doctors', '&status=1') };
}

type Timed = 'loginToDashboardMs' | 'loginToDashboardMedianMs' | 'loginLongestTaskMs' | 'loginLongestTaskMedianMs' | 'immediateLoginToDashboardMs' | 'immediateLoginToDashboardMedianMs';
type Waits = `${'arabicSwitch' | 'patientSave' | 'bookingCalendar'}${'Ms' | 'MedianMs' | 'LongestTaskMs' | 'LongestTaskMedianMs'}`;

/** A wait's figures: each run and the median, of the wait and of its longest task. */
type WaitFigures<K extends string> = { [P in `${K}Ms` | `${K}LongestTaskMs`]: number[] } & { [P in `${K}MedianMs` | `${K}LongestTaskMedianMs`]: number };

/** Each run's figures and the medians, under the names of a wait (arabicSwitchMs, arabicSwitchMedianMs, ...). */
const summarise = <K extends string>(name: K, waits: Wait[]): WaitFigures<K> =>
  ({
    [`${name}Ms`]: waits.map((w) => Math.round(w.ms)),
    [`${name}MedianMs`]: median(waits.map((w) => w.ms)),
    [`${name}LongestTaskMs`]: waits.map((w) => Math.round(w.longestTaskMs)),
    [`${name}LongestTaskMedianMs`]: median(waits.map((w) => w.longestTaskMs)),
  }) as WaitFigures<K>;

export async function benchConsoleInBrowser(url: string, email: string, password: string, runs = 5, immediateRuns = 3): Promise<BrowserBenchResult> {
  const { patientId, doctorId } = await seededPeople(url, email, password);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const times: number[] = [];
    const loginTasks: number[] = [];
    const immediate: number[] = [];
    const switches: Wait[] = [];
    const saves: Wait[] = [];
    const bookings: Wait[] = [];
    let first: Omit<BrowserBenchResult, Timed | Waits> | null = null;
    for (let i = 0; i < runs + immediateRuns; i++) {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      const wire = await meter(context, page);
      await page.goto('/');
      await signInButton(page).waitFor({ timeout: 30_000 });
      if (i >= runs) {
        // submitted the moment the form shows: nothing fetched ahead of the sign-in yet
        immediate.push((await signIn(page, email, password)).ms);
        await context.close();
        continue;
      }
      // a person takes seconds to type: what the page fetches and runs ahead of the sign-in is done
      await wire.quiet();
      await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as { requestIdleCallback(callback: () => void, options: { timeout: number }): void }).requestIdleCallback(() => resolve(null), { timeout: 10_000 })));
      const painted = await beforeFirstPaint(page);
      const early = new Set(painted.urls);
      const onForm = wire.take();
      // the page itself is on the form's path; requests Resource Timing does not list (the favicon the
      // browser asks for after the load) go with the form's shown phase
      const isEarly = (r: Request) => r.type === 'Document' || early.has(r.url);
      const beforeForm = onForm.filter(isEarly);
      const whileForm = onForm.filter((r) => !isEarly(r));
      const signedIn = await signIn(page, email, password);
      times.push(signedIn.ms);
      loginTasks.push(signedIn.longestTaskMs);
      await wire.quiet();
      const dashboard = wire.take();
      if (!first) {
        const waterfall = (await waterfallSince(page, new URL(url).origin, signedIn.clickedAt)).sort((a, b) => a.startMs - b.startMs);
        const all = [...onForm, ...dashboard].filter((r) => r.type === 'Script' || r.type === 'Stylesheet' || r.type === 'Document');
        // the second visit: a new tab of the same browser (its cache and the signed-in session kept)
        const again = await context.newPage();
        const wire2 = await meter(context, again);
        await again.goto('/dashboard');
        await chartsDrawn(again);
        await wire2.quiet();
        const cached = wire2.take();
        first = {
          beforeLoginBytes: sum(beforeForm),
          beforeLoginJsBytes: sum(beforeForm, true),
          formPaintMs: Math.round(painted.at),
          whileFormBytes: sum(whileForm),
          whileFormJsBytes: sum(whileForm, true),
          dashboardBytes: sum(dashboard),
          dashboardJsBytes: sum(dashboard, true),
          waterfall,
          cachedVisitBytes: sum(cached),
          cachedVisitJsBytes: sum(cached, true),
          compressed: `${all.filter((r) => r.encoding === 'br' || r.encoding === 'gzip').length}/${all.length}`,
        };
        await again.close();
      }
      // the dashboard drawn and the page settled (a person reads it before reaching for the menu)
      await wire.quiet();
      switches.push(await switchToArabic(page));
      // back in English for the forms (the choice is the browser's, in localStorage)
      await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('currentLanguage', 'en'));
      saves.push(await savePatient(page, wire, patientId, `${i + 1} Bench Street ${Date.now() % 100_000}`));
      bookings.push(await openBooking(page, wire, doctorId));
      await context.close();
    }
    return {
      ...first!,
      loginToDashboardMs: times.map(Math.round),
      loginToDashboardMedianMs: median(times),
      loginLongestTaskMs: loginTasks.map(Math.round),
      loginLongestTaskMedianMs: median(loginTasks),
      immediateLoginToDashboardMs: immediate.map(Math.round),
      immediateLoginToDashboardMedianMs: median(immediate),
      ...summarise('arabicSwitch', switches),
      ...summarise('patientSave', saves),
      ...summarise('bookingCalendar', bookings),
    };
  } finally {
    await browser.close();
  }
}
