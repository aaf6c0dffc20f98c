import { localStorageStore, memoryStore } from 'react-admin';
import { consoleStore, isSelectionKey } from '../store';

describe('the console store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a list’s selected rows in memory and everything else in local storage', () => {
    const store = consoleStore(localStorageStore(), memoryStore());
    store.setup();
    store.setItem('chw.selectedIds', [3, 4]);
    store.setItem('chw.listParams', { sort: 'f_name' });
    expect(store.getItem('chw.selectedIds')).toEqual([3, 4]);
    expect(Object.keys(localStorage).filter((k) => k.includes('selectedIds'))).toEqual([]);
    expect(Object.keys(localStorage)).toContain('RaStore.chw.listParams');

    // a reload: a new store over the same local storage finds the list's parameters, not the selection
    const again = consoleStore(localStorageStore(), memoryStore());
    again.setup();
    expect(again.getItem('chw.selectedIds', [])).toEqual([]);
    expect(again.getItem('chw.listParams')).toEqual({ sort: 'f_name' });
  });

  it('lets go of selections an earlier version kept in local storage, and tells the keys apart', () => {
    localStorage.setItem('RaStore.app-users.selectedIds', '[1,2]');
    localStorage.setItem('RaStore.app-users.selectedIds.storeKeys', '["app-users"]');
    const store = consoleStore(localStorageStore(), memoryStore());
    store.setup();
    expect(localStorage.getItem('RaStore.app-users.selectedIds')).toBeNull();
    expect(localStorage.getItem('RaStore.app-users.selectedIds.storeKeys')).toBeNull();
    expect(store.getItem('app-users.selectedIds', [])).toEqual([]);
    expect([isSelectionKey('a.selectedIds'), isSelectionKey('a.selectedIds.storeKeys'), isSelectionKey('a.listParams'), isSelectionKey('selectedIdsX')]).toEqual([true, true, false, false]);
  });

  it('tells subscribers of the store that holds the key', () => {
    const store = consoleStore(localStorageStore(), memoryStore());
    store.setup();
    const heard: unknown[] = [];
    const stop = store.subscribe('x.selectedIds', (v) => heard.push(v));
    store.setItem('x.selectedIds', [9]);
    stop();
    expect(heard).toEqual([[9]]);
  });
});
