/**
 * The console works under the server's Content Security Policy: signed in, the main screens, a photo
 * preview (blob: image), the real-time socket and the API docs open in real Chromium with no CSP
 * violation reported, neither as a `securitypolicyviolation` event nor as a console error.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { signIn } from './helpers/page';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server';
import { tinyPng } from '../server/test/helpers/http';

/** The console's screens opened after signing in (lists, forms, custom pages). */
const SCREENS = [
  '/dashboard', '/districts', '/districts/create', '/tehsils', '/admins', '/roles', '/roles/create', '/patients',
  '/chws', '/notifications', '/notifications/send', '/locations/import', '/admins/profile', '/qualifications',
];

describeJourney('content security policy (Chromium, real server)', { timeout: 120_000 }, (journey) => {
  /** Every violation the pages of the context report, through a binding that outlives navigations. */
  async function watchViolations(page: Page): Promise<string[]> {
    const violations: string[] = [];
    await page.context().exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
    await page.context().addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
        report(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    return violations;
  }

  async function openScreen(page: Page, path: string) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === path);
    const main = page.locator('#main-content');
    await main.waitFor({ state: 'visible' });
    // the screen has rendered something of its own (a blocked script or style would leave it blank)
    await page.waitForFunction(() => (document.querySelector('#main-content') as HTMLElement | null)?.innerText.trim().length, null);
    await page.waitForLoadState('networkidle');
  }

  test('signed in, the main screens, a photo preview, the real-time socket and the docs: no CSP violation', () =>
    journey.withPage('csp-journey', async ({ page, pageErrors }) => {
      const violations = await watchViolations(page);
      // the socket of the embedded real-time endpoint (connect-src) comes up after signing in
      const connected = new Promise<void>((resolve) =>
        page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).includes('pusher:connection_established') && resolve())),
      );
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await connected;

      // the page's own policy is the server's
      const response = await page.goto('/dashboard');
      expect(response?.headers()['content-security-policy']).toMatch(/default-src 'self'/);

      for (const path of SCREENS) await openScreen(page, path);

      // a chosen photo is previewed from a blob: URL (img-src blob:)
      await openScreen(page, '/admins/profile');
      await page.locator('input[type=file]').first().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
      await page.waitForFunction(() => [...document.querySelectorAll('#main-content img')].some((img) => (img as HTMLImageElement).src.startsWith('blob:') && (img as HTMLImageElement).complete));
      await screenshot(page, 'csp-photo-preview');

      // the API docs (Swagger UI) run under the same policy
      await page.goto('/api/docs');
      await page.locator('.swagger-ui .info').first().waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');

      const cspErrors = pageErrors.filter((e) => /Content[- ]Security[- ]Policy|Refused to/i.test(e));
      expect({ violations, cspErrors }).toEqual({ violations: [], cspErrors: [] });
    }));

  test('the policy is enforced: an inline script injected into the page does not run and is reported', () =>
    journey.withPage('csp-enforced', async ({ page }) => {
      const violations = await watchViolations(page);
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
      });
      expect(ran).toBe(false);
      // the report reaches us through the binding, a moment after the event
      for (let i = 0; i < 100 && violations.length === 0; i++) await page.waitForTimeout(50);
      expect(violations[0]).toMatch(/script-src/);
    }));
});
