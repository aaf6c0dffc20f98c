import type { Session } from '../../../contract/api';
import {
  clearSession,
  getEncryptedId,
  getPermissions,
  getToken,
  getUid,
  isSignedIn,
  saveSession,
  updateSessionProfile,
} from '../session';
import login from './fixtures/ours/login.json';

const session = login.data as Session;

beforeEach(() => localStorage.clear());

test('saveSession stores the keys of the spec', () => {
  saveSession(session);
  expect({ ...localStorage }).toEqual({
    token: 'tok-7f3a9c',
    uid: '1',
    encrypted_id: 'eyJhZG1pbiI6MX0.k2',
    pusher_id: 'p-1',
    f_name: 'Amina',
    profile_image: '/storage/profiles/amina.png',
    permissions: JSON.stringify(session.permissions),
    remember_me: 'rm-55',
  });
  expect(getToken()).toBe('tok-7f3a9c');
  expect(getUid()).toBe(1);
  expect(getEncryptedId()).toBe('eyJhZG1pbiI6MX0.k2');
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
