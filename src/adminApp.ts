/** The react-admin application chunk; imported lazily so the sign-in screens load without it. */
const RELOADED = 'chunk_reload';

/**
 * After a new release the old chunk names are gone: a tab opened before it fails to load the admin
 * chunk. Reload once to pick up the new index.html; a second failure is a real error.
 */
export const loadAdminApp = () =>
  import('./App').then(
    (module) => {
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
