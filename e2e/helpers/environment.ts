/** What every journey file starts: a real SMTP server, the real server pointed at it, Chromium, a root token. */
import type { Browser } from 'playwright-core';
import { startSmtp } from '../../server/test/helpers/smtp';
import { launchBrowser } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './server';

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

export interface JourneyEnvironment {
  smtp: Smtp;
  server: RunningServer;
  browser: Browser;
  /** the first super admin's bearer token, for checks through the API */
  rootToken: string;
}

export async function startJourneyEnvironment(): Promise<JourneyEnvironment> {
  const smtp = await startSmtp();
  const server = await startServer({ smtpUrl: smtp.url });
  const rootToken = await server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const browser = await launchBrowser();
  return { smtp, server, browser, rootToken };
}

/** Stops what was started; tolerates a start that failed half-way. */
export async function stopJourneyEnvironment(env: Partial<JourneyEnvironment>): Promise<void> {
  await env.browser?.close().catch(() => undefined);
  await env.server?.stop();
  await env.smtp?.close();
}
