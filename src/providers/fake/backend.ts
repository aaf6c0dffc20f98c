/**
 * The in-browser demo's backend (vite.config.ts puts it in place of ../backend.ts in the `demo` mode):
 * the fake data provider over the demo data, fetched once; the console's own auth provider, whose calls
 * (../authApi.ts) are swapped for fake/authApi.ts, which accepts the demo admin, and whose identity names
 * the admin by the number the demo's records are named by.
 */
import type { AppDataProvider } from '../dataProvider';
import { createAuthProvider } from '../authProvider';
import { createFakeDataProvider } from './fakeDataProvider';
import { loadDemoData } from './demoData';

export const authProvider = createAuthProvider({ recordIds: 'numbers' });

let provider: Promise<AppDataProvider> | undefined;
const ready = () => (provider ??= loadDemoData().then((data) => createFakeDataProvider(data, { delay: 50, getIdentity: authProvider.getIdentity })));

/** Names react-admin and promises probe that are not calls. */
const NOT_METHODS = new Set(['then', 'supportAbortSignal', 'toJSON', '$$typeof']);

/** Every call waits for the demo data, then goes to the fake provider. */
export const dataProvider = new Proxy({} as AppDataProvider, {
  get: (_target, method) =>
    typeof method === 'string' && !NOT_METHODS.has(method)
      ? (...args: unknown[]) => ready().then((fake) => (fake[method as keyof AppDataProvider] as (...a: unknown[]) => unknown)(...args))
      : undefined,
});
