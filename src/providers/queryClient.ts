import { QueryClient } from '@tanstack/react-query';

/** How many times react-query tries a failed read again by default (its own default, kept for what may pass on a retry). */
const RETRIES = 3;

/**
 * Whether a failed read is tried again: a refusal of the server (4xx: a record unknown or deleted, no
 * permission, bad input) answers the same every time, so it is shown at once (react-query's three
 * retries kept a 404's message back about 7 s); a network error or a 5xx may pass on another try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < RETRIES;
}

/** The console's react-query client: reads follow `shouldRetry`. */
export const createQueryClient = (): QueryClient => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
