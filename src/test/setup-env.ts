/**
 * Runs before the test framework in every console test file: fills the gaps of jsdom that
 * react-admin, react-router and MUI rely on.
 */
import * as React from 'react';
import { TextDecoder, TextEncoder } from 'util';

const globals = globalThis as Record<string, unknown>;

// react-router 7 encodes URLs with these; jsdom does not expose them.
if (globals.TextEncoder === undefined) globals.TextEncoder = TextEncoder;
if (globals.TextDecoder === undefined) globals.TextDecoder = TextDecoder;

// jsdom reports "Not implemented: window.scrollTo" through console.error, which fails tests here;
// react-admin scrolls to the top on navigation.
window.scrollTo = () => undefined;

// MUI's useMediaQuery and the sidebar's collapse widths query the viewport.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// Charts and autosizing text areas observe element sizes; jsdom has no layout, so nothing ever changes.
class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
if (globals.ResizeObserver === undefined) globals.ResizeObserver = NoopObserver;
if (globals.IntersectionObserver === undefined) globals.IntersectionObserver = NoopObserver;

// react-router's data router makes a fetch Request for each navigation (a save that opens the new
// record); jsdom has none. No route here has a loader, so the URL, method and signal are all it reads.
if (globals.Request === undefined) {
  globals.Request = class Request {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | null;
    readonly headers: Headers | undefined;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal | null } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? null;
      this.headers = undefined;
    }
  };
}

// React's development build captures a stack (an Error) for every element it creates, to name the owner
// components in its warnings: a fifth of a screen test's time in jsdom. Off here by holding React's
// per-render count of captured stacks at its limit; REACT_OWNER_STACKS=1 turns them back on, for a
// warning whose origin is unclear.
if (process.env.REACT_OWNER_STACKS !== '1') {
  const internals = (React as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: object }).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals) Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });
}
