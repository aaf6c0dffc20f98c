import { localStorageStore, memoryStore, type Store } from 'react-admin';

/** Whether a store key holds a list's selected rows (react-admin's `<resource>.selectedIds…`). */
export const isSelectionKey = (key: string): boolean => /\.selectedIds(\.|$)/.test(key);

/**
 * The console's store: react-admin's local storage (a list's sort, filters and columns are kept across
 * visits), but for the rows selected in a list, held in memory: a reload or a new tab starts with nothing
 * selected, so a bulk action never acts on rows the admin no longer sees as chosen.
 */
export function consoleStore(persistent: Store = localStorageStore(), transient: Store = memoryStore()): Store {
  const pick = (key: string) => (isSelectionKey(key) ? transient : persistent);
  return {
    setup: () => {
      persistent.setup();
      transient.setup();
      // what an earlier version kept in local storage is let go
      for (const key of Object.keys(globalThis.localStorage ?? {})) if (key.startsWith('RaStore.') && isSelectionKey(key)) globalThis.localStorage.removeItem(key);
    },
    teardown: () => {
      persistent.teardown();
      transient.teardown();
    },
    getItem: (key, defaultValue) => pick(key).getItem(key, defaultValue),
    setItem: (key, value) => pick(key).setItem(key, value),
    removeItem: (key) => pick(key).removeItem(key),
    removeItems: (prefix) => {
      persistent.removeItems(prefix);
      transient.removeItems(prefix);
    },
    reset: () => {
      persistent.reset();
      transient.reset();
    },
    subscribe: (key, callback) => pick(key).subscribe(key, callback),
  };
}
