/**
 * Keeps open lists current: a write to a resource by another admin (the server pushes `changed` on
 * `private-changes.{resource}`) refetches that resource's list queries. While real time is not live (the
 * service away, or off) they are read again every POLL_MS instead, and once more when it is back. Kept
 * apart from realtime.ts so the socket module stays free of React and react-query.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, useResourceContext } from 'ra-core';
import type { AppDataProvider } from './dataProvider';
import { isRealtimeLive, subscribeChanges, subscribeLive, type ResourceChange } from './realtime';

/** How often a screen asks the server itself while pushed events do not arrive. */
export const POLL_MS = 30_000;

/** Whether pushed events arrive now (see isRealtimeLive); a component re-renders when it changes. */
export function useRealtimeLive(): boolean {
  return useSyncExternalStore(subscribeLive, isRealtimeLive, isRealtimeLive);
}

/**
 * Calls `refresh` every POLL_MS while real time is not live, and once when it is live again after it
 * was down (what was pushed meanwhile was missed). The connection opening as a screen mounts misses
 * nothing the screen's own first read did not see.
 */
export function usePollWhileOffline(refresh: () => void): void {
  const live = useRealtimeLive();
  const latest = useRef(refresh);
  latest.current = refresh;
  const wasLive = useRef(live);
  const missed = useRef(false);
  useEffect(() => {
    if (live) {
      if (missed.current) latest.current();
      missed.current = false;
      wasLive.current = true;
      return undefined;
    }
    if (wasLive.current) missed.current = true;
    const timer = setInterval(() => {
      missed.current = true;
      latest.current();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live]);
}

/** react-admin's query keys are [resource, call, params]; these calls feed lists and reference inputs. */
const LIST_CALLS: readonly unknown[] = ['getList', 'getMany', 'getManyReference', 'getInfiniteList'];

/** A burst of writes (an import, a bulk delete) refetches once. */
const SETTLE_MS = 300;
/** How long after one's own write its echo is recognised as one's own. */
const OWN_WRITE_MS = 5_000;

const idOf = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as { id?: unknown; encrypted_id?: unknown; data?: unknown };
  if (typeof record.id === 'string' || typeof record.id === 'number') return String(record.id);
  if (typeof record.encrypted_id === 'string') return record.encrypted_id;
  return record.data === undefined ? undefined : idOf(record.data);
};

/**
 * True when this tab itself just wrote that record through a react-admin mutation (its key is
 * [resource, 'create' | 'update' | 'delete' | ..., params]); react-admin has refreshed after it already.
 */
export function isOwnWrite(queryClient: QueryClient, resource: string, change: ResourceChange, now = Date.now()): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: [resource] })
    .some((mutation) => {
      const { status, submittedAt, variables, data } = mutation.state;
      if (status !== 'pending' && now - submittedAt > OWN_WRITE_MS) return false;
      const key = mutation.options.mutationKey ?? [];
      const ids = [idOf(key[2]), idOf(variables), idOf(data)];
      const many = (key[2] as { ids?: unknown } | undefined)?.ids;
      return ids.includes(change.id) || (Array.isArray(many) && many.map(String).includes(change.id));
    });
}

/**
 * Refetches the lists of `resource` (by default the one of the resource context) when another admin
 * writes to it; without real time, every POLL_MS.
 */
export function useResourceChanges(resourceName?: string): void {
  const queryClient = useQueryClient();
  // the socket's config and channel signatures come from the data provider
  const dataProvider = useDataProvider<AppDataProvider>();
  const contextResource = useResourceContext();
  const resource = resourceName ?? contextResource;
  usePollWhileOffline(() => {
    if (resource) void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === resource && LIST_CALLS.includes(queryKey[1]) });
  });
  useEffect(() => {
    if (!resource) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeChanges(dataProvider, resource, (change) => {
      if (isOwnWrite(queryClient, resource, change)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({
          predicate: ({ queryKey }) => queryKey[0] === resource && LIST_CALLS.includes(queryKey[1]),
        });
      }, SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [resource, queryClient, dataProvider]);
}

/**
 * Reads a query again (the dashboard's figures) when any of these resources changes anywhere (a
 * booking from the app, another admin's write); a burst refetches once. Without real time, every POLL_MS.
 */
export function useChangesRefetch(resources: readonly string[], queryKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const names = resources.join(',');
  const key = JSON.stringify(queryKey);
  usePollWhileOffline(() => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = names.split(',').map((resource) =>
      subscribeChanges(dataProvider, resource, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] }), SETTLE_MS);
      }),
    );
    return () => {
      clearTimeout(timer);
      for (const stop of unsubscribe) stop();
    };
  }, [names, key, queryClient, dataProvider]);
}
