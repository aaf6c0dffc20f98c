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

/**
 * Chromium first (a missing one fails the journeys at once), then the servers. A start that fails
 * half-way stops what it had started: the caller never got it to stop, and a server process left
 * running would keep jest from ending.
 */
export async function startJourneyEnvironment(): Promise<JourneyEnvironment> {
  const started: Partial<JourneyEnvironment> = {};
  try {
    started.browser = await launchBrowser();
    started.smtp = await startSmtp();
    started.server = await startServer({ smtpUrl: started.smtp.url });
    const rootToken = await started.server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    return { ...(started as Omit<JourneyEnvironment, 'rootToken'>), rootToken };
  } catch (error) {
    await stopJourneyEnvironment(started);
    throw error;
  }
}

/** Stops what was started; tolerates a start that failed half-way. */
export async function stopJourneyEnvironment(env: Partial<JourneyEnvironment>): Promise<void> {
  await env.browser?.close().catch(() => undefined);
  await env.server?.stop();
  await env.smtp?.close();
}
