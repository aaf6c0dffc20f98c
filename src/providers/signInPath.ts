/**
 * Where the sign-in form is, and where a visitor goes once signed in: back to the page asked for.
 * No react-admin here: the login bundle decides this before react-admin is loaded.
 */
export const LOGIN_PATH = '/auth/login';
/** Where a sign-in leads when no page was asked for. */
export const HOME_PATH = '/dashboard';

/** The sign-in form for a signed-out visitor of `asked` (path, query and hash), remembering it as `next`. */
export function signInPath(asked: string): string {
  return asked === '/' || asked === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(asked)}`;
}

/**
 * The page to open after signing in: `next` from the sign-in form's query when it is a page of this
 * console (a path, not another site's address such as //host or https:, nor the sign-in screens).
 */
export function pathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /^\/auth(\/|\?|#|$)/.test(next)) {
    return HOME_PATH;
  }
  return next;
}
