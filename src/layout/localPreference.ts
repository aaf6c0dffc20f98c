import { useSyncExternalStore } from 'react';

/**
 * A browser preference kept in one localStorage key under the exact name the spec gives (pins,
 * primary_color, ...), which react-admin's store cannot do: it prefixes its keys with "RaStore.".
 * Every component reading it re-renders on a change, and other tabs follow through the storage event.
 */
export interface LocalPreference<T> {
  read(): T;
  write(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function localPreference<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string | null,
): LocalPreference<T> {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs the same snapshot while the stored text is unchanged.
  let cache: { raw: string | null; value: T } | undefined;
  const notify = () => listeners.forEach((listener) => listener());
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  return {
    read() {
      const raw = localStorage.getItem(key);
      if (cache === undefined || cache.raw !== raw) cache = { raw, value: parse(raw) };
      return cache.value;
    },
    write(value) {
      const raw = serialize(value);
      if (raw === null) localStorage.removeItem(key);
      else localStorage.setItem(key, raw);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const usePreference = <T,>(preference: LocalPreference<T>): T =>
  useSyncExternalStore(preference.subscribe, preference.read, preference.read);
