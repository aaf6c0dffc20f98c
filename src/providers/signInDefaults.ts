/**
 * What the sign-in form starts with: nothing. The in-browser demo (npm run demo:static) builds with
 * fake/signInDefaults.ts in its place, the demo admin's credentials.
 */
export const SIGN_IN_DEFAULTS: { email: string; password: string } = { email: '', password: '' };
