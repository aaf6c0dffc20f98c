import { forwardRef, useEffect, useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { ADDRESS_EVENTS, currentAddress, hrefOf } from './address';

/**
 * The sign-in bundle's router: the browser's address for the screens drawn before react-admin loads
 * (sign-in, forgot and reset password, the signed-out redirect), with the few pieces of react-router's
 * API they use. react-router itself (about 95 KB of script, 25 KB on the wire) comes with the signed-in
 * console (AdminRouter.tsx); once its router exists it drives the history, and navigations from here go
 * through it, so both always agree on the address.
 */

/** What drives the history once the console's router exists (react-router's data router). */
export interface HistoryDriver {
  navigate(to: string, options: { replace?: boolean; state?: unknown }): unknown;
  subscribe(listener: () => void): () => void;
}

let driver: HistoryDriver | null = null;
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  listeners.forEach((listener) => listener());
};

/** Hands the history to the console's router: navigations go through it and its changes are followed. */
export const setHistoryDriver = (next: HistoryDriver): void => {
  driver = next;
  next.subscribe(changed);
};

/** Re-renders a subscriber on every change of address (back and forward included). */
export const subscribeLocation = (listener: () => void): (() => void) => {
  listeners.add(listener);
  if (listeners.size === 1) for (const event of ADDRESS_EVENTS) window.addEventListener(event, changed);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) for (const event of ADDRESS_EVENTS) window.removeEventListener(event, changed);
  };
};

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to a path of the console (react-router's history entry shape, `usr` holding the state). */
export const navigate = (to: string, { replace = false, state = null }: NavigateOptions = {}): void => {
  if (driver) {
    void driver.navigate(to, { replace, state });
    return;
  }
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  const entry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: replace ? idx : idx + 1 };
  if (replace) window.history.replaceState(entry, '', hrefOf(to));
  else window.history.pushState(entry, '', hrefOf(to));
  changed();
};

export interface EntryLocation {
  pathname: string;
  search: string;
  hash: string;
  /** the state the navigation that led here carried */
  state: unknown;
}

const getVersion = () => version;

/** The current address, re-rendering the caller when it changes. */
export const useLocation = (): EntryLocation => {
  const current = useSyncExternalStore(subscribeLocation, getVersion);
  return useMemo(() => {
    const { pathname, search, hash } = currentAddress();
    // read again each time the address changes (`current` counts the changes)
    return { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null };
  }, [current]);
};

export const useNavigate = () => navigate;

export const useSearchParams = (): [URLSearchParams] => {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
};

/** Replaces the address once rendered, as react-router's <Navigate replace> does. */
export const Navigate = ({ to, replace = true, state }: { to: string; replace?: boolean; state?: unknown }) => {
  useEffect(() => navigate(to, { replace, state }), [to, replace, state]);
  return null;
};

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link within the console: a plain left click navigates without a reload; others act as links do. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, onClick, target, ...rest }, ref) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} ref={ref} href={hrefOf(to)} target={target} onClick={follow} />;
});
