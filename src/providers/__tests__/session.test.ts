import type { Session } from '../../../contract/api';
import {
  clearSession,
  getEncryptedId,
  getPermissions,
  getToken,
  getUid,
  isSignedIn,
  saveSession,
  subscribeSession,
  updateSessionProfile,
} from '../session';
import { recordedCalls } from '../../test/recorded-http';

const session = recordedCalls.login.body.data as Session;

beforeEach(() => localStorage.clear());

test('saveSession stores the keys of the spec', () => {
  saveSession(session);
  expect({ ...localStorage }).toEqual({
    token: session.token,
    uid: String(session.id),
    encrypted_id: session.encrypted_id,
    pusher_id: session.pusher_id,
    f_name: session.f_name,
    profile_image: session.file?.path,
    permissions: JSON.stringify(session.permissions),
  });
  expect(getToken()).toBe(session.token);
  expect(getUid()).toBe(session.id);
  expect(getEncryptedId()).toBe(session.encrypted_id);
  expect(getPermissions()).toEqual(session.permissions);
  expect(isSignedIn()).toBe(true);
});

test('clearSession empties the storage but keeps theme, language and pins', () => {
  saveSession(session);
  localStorage.setItem('primary_color', '#7366ff');
  localStorage.setItem('secondary_color', '#f73164');
  localStorage.setItem('currentLanguage', 'ur');
  localStorage.setItem('pins', '["admins"]');
  localStorage.setItem('something_else', 'x');
  clearSession();
  expect({ ...localStorage }).toEqual({
    primary_color: '#7366ff',
    secondary_color: '#f73164',
    currentLanguage: 'ur',
    pins: '["admins"]',
  });
  expect(isSignedIn()).toBe(false);
  expect(getUid()).toBeNull();
});

test('a damaged permission list reads as no permissions', () => {
  localStorage.setItem('permissions', '{not json');
  expect(getPermissions()).toEqual([]);
  localStorage.setItem('permissions', '{"view_role":true}');
  expect(getPermissions()).toEqual([]);
  localStorage.setItem('permissions', '["view_role", 3]');
  expect(getPermissions()).toEqual(['view_role']);
});

test('updateSessionProfile changes only what it is given', () => {
  saveSession(session);
  updateSessionProfile({ f_name: 'Amina B.', file: null });
  expect(localStorage.getItem('f_name')).toBe('Amina B.');
  expect(localStorage.getItem('profile_image')).toBeNull();
  expect(getPermissions()).toEqual(session.permissions);
});

test('subscribers hear of sign-in, sign-out and another tab changing the session', () => {
  const heard = jest.fn();
  const unsubscribe = subscribeSession(heard);
  saveSession(session);
  clearSession();
  expect(heard).toHaveBeenCalledTimes(2);

  window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'tok-9' }));
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  // a preference changed in another tab is not about the session
  window.dispatchEvent(new StorageEvent('storage', { key: 'theme_mode', newValue: 'dark' }));
  expect(heard).toHaveBeenCalledTimes(4);

  unsubscribe();
  saveSession(session);
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
  expect(heard).toHaveBeenCalledTimes(4);
});
