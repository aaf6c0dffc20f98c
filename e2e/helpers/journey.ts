/**
 * A journey file's setup and teardown in one call. `describeJourney(title, { timeout }, (journey) => …)`
 * is a describe whose tests find, started before them and stopped after them, what every journey
 * needs (startJourneyEnvironment): Chromium, an SMTP server, the real server on a fresh data dir and
 * the first super admin's token. Each test still opens its own browser context (`journey.withPage`):
 * it starts signed out, at whatever address it goes to first.
 */
import type { Page } from 'playwright-core';
import { type Device, type Journey, withPage } from './browser';
import { type JourneyEnvironment, startJourneyEnvironment, stopJourneyEnvironment } from './environment';
import { signIn } from './page';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** How long the environment may take to start (a cold Chromium and a server build on a busy machine). */
const START_TIMEOUT_MS = 110_000;

export interface JourneyOptions {
  /** how long each test of the file may take (jest.setTimeout) */
  timeout: number;
}

export interface JourneySetup extends JourneyEnvironment {
  /**
   * A JSON call to /api/admin as the first super admin; anything but 200 fails the test, naming the
   * call and the answer. Returns the envelope's `data`.
   */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** `fn` in a fresh browser context (signed out) on this journey's server, a desktop window unless `device` says; a failure saves screenshots */
  withPage(name: string, fn: (j: Journey) => Promise<void>, device?: Device): Promise<void>;
  /** where a user starts: the bare address, signed out (it leads to the sign-in form); then signs in as the first super admin */
  signInFromTheStart(page: Page): Promise<void>;
}

/**
 * The environment's parts are read inside tests and hooks (they exist from the file's first
 * beforeAll on); reading one while the file is being collected fails at once.
 */
export function describeJourney(title: string, options: JourneyOptions, body: (journey: JourneySetup) => void): void {
  describe(title, () => {
    jest.setTimeout(options.timeout);
    let started: JourneyEnvironment | undefined;
    const environment = (): JourneyEnvironment => {
      if (!started) throw new Error('the journey environment is not started: read it inside a test or a hook');
      return started;
    };
    beforeAll(async () => {
      started = await startJourneyEnvironment();
    }, START_TIMEOUT_MS);
    afterAll(async () => {
      if (started) await stopJourneyEnvironment(started);
    });

    const journey: JourneySetup = {
      get smtp() {
        return environment().smtp;
      },
      get server() {
        return environment().server;
      },
      get browser() {
        return environment().browser;
      },
      get rootToken() {
        return environment().rootToken;
      },
      async api<T>(method: string, path: string, payload?: unknown): Promise<T> {
        const res = await environment().server.api<{ data: T }>(method, path, environment().rootToken, payload);
        expect([method, path, res.status, res.status === 200 ? null : res.body]).toEqual([method, path, 200, null]);
        return res.body.data;
      },
      withPage: (name, fn, device) => withPage(environment().browser, environment().server.url, name, fn, device),
      async signInFromTheStart(page) {
        await page.goto('/');
        await page.waitForURL('**/auth/login**');
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      },
    };
    body(journey);
  });
}
