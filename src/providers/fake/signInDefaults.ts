/** The in-browser demo's sign-in form comes filled with the demo admin (vite.config.ts swaps this in for ../signInDefaults.ts). */
import { DEMO_ADMIN } from './demoAdmin';

export const SIGN_IN_DEFAULTS: { email: string; password: string } = { ...DEMO_ADMIN };
