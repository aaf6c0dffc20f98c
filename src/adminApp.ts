import { preloadLanguageMenu } from './i18n/LanguageChooser';

/**
 * The signed-in console's chunk (react-admin, react-router and every screen: AdminRouter.tsx); imported
 * lazily so the sign-in screens load without it.
 */
const RELOADED = 'chunk_reload';

/**
 * After a new release the old chunk names are gone: a tab opened before it fails to load the admin
 * chunk. Reload once to pick up the new index.html; a second failure is a real error.
 */
let loaded: typeof import('./AdminRouter') | undefined;

/**
 * The console's component when its chunk has already run (fetched ahead while the sign-in form was
 * shown): drawn at once, without a Suspense fallback, which React 19 would keep on screen for at least
 * 300 ms before revealing what replaces it.
 */
export const loadedAdminApp = () => loaded?.default;

export const loadAdminApp = () =>
  import('./AdminRouter').then(
    (module) => {
      loaded = module;
      sessionStorage.removeItem(RELOADED);
      return module;
    },
    (error: unknown) => {
      if (sessionStorage.getItem(RELOADED)) throw error;
      sessionStorage.setItem(RELOADED, '1');
      window.location.reload();
      return new Promise<never>(() => undefined);
    },
  );

let preloading: Promise<unknown> | null = null;

/** Runs `task` once the browser is idle after the next paint (a timer where there is no requestIdleCallback). */
const whenIdle = (task: () => void) => {
  const idle = (window as Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
  requestAnimationFrame(() => {
    if (idle) idle(task, { timeout: 2_000 });
    else setTimeout(task, 200);
  });
};

/**
 * Fetches and runs the signed-in console while the sign-in form is shown: react-admin with every screen,
 * the dashboard's charts (recharts), the real-time client and the language menu, so a sign-in goes straight to drawing the
 * dashboard instead of first downloading and evaluating about 1.3 MB of script. Started after the form
 * is painted, never before it (the form's own bytes stay the only ones on its critical path); once per
 * page. A failure is left for the sign-in's own load to report.
 */
export const preloadAdminApp = (): void => {
  if (preloading) return;
  preloading = Promise.resolve();
  whenIdle(() => {
    preloading = Promise.all([
      import('./AdminRouter').then((module) => (loaded = module)),
      import('./pages/dashboard/BarChartView'),
      import('pusher-js'),
      preloadLanguageMenu(),
    ]).catch(() => undefined);
  });
};
