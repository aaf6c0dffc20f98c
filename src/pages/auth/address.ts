import { HASH_ROUTING } from '../../routing';

/** A console address: its path, query and fragment. */
export interface Address {
  pathname: string;
  search: string;
  hash: string;
}

/** The console's address now: the page's path, or with hash routing the path kept in its hash (routing.ts). */
export function currentAddress(): Address {
  if (!HASH_ROUTING) {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  }
  const kept = window.location.hash.replace(/^#/, '');
  const url = new URL(kept.startsWith('/') ? kept : `/${kept}`, 'http://console.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** The link of a console path (`/auth/login` or `#/auth/login`). */
export const hrefOf = (to: string): string => (HASH_ROUTING ? `#${to}` : to);

/** The browser events that say the address changed (a typed hash changes only the hash). */
export const ADDRESS_EVENTS: readonly string[] = HASH_ROUTING ? ['popstate', 'hashchange'] : ['popstate'];
