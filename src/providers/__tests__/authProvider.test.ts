import { HttpError } from 'ra-core';
import { restoreFetch, stubFetch } from '../../test/recorded-http';
import { authProvider } from '../authProvider';
import { getPermissions, getToken } from '../session';
import olderLogin from './fixtures/older/login.json';
import forbidden from './fixtures/ours/forbidden.json';
import wrongCredentials from './fixtures/ours/login-wrong-credentials.json';
import login from './fixtures/ours/login.json';

beforeEach(() => localStorage.clear());
afterEach(restoreFetch);

const signIn = async () => {
  stubFetch([{ body: login }]);
  await authProvider.login({ email: 'amina@example.org', password: 'secret', remember_me: true });
  restoreFetch();
};

describe('login', () => {
  test('posts the credentials without a token and stores the session', async () => {
    localStorage.setItem('token', 'stale');
    const sent = stubFetch([{ body: login }]);
    await authProvider.login({ email: 'amina@example.org', password: 'secret', remember_me: true });
    expect(sent[0]).toMatchObject({
      url: '/api/admin/login',
      method: 'POST',
      json: { email: 'amina@example.org', password: 'secret', remember_me: true },
    });
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    expect(getToken()).toBe('tok-7f3a9c');
    expect(getPermissions()).toEqual(login.data.permissions);
  });

  test("accepts the older server's answer", async () => {
    stubFetch([{ body: olderLogin }]);
    await authProvider.login({ email: 'zara@example.org', password: 'secret' });
    expect(getToken()).toBe('old-tok-1');
    expect(localStorage.getItem('profile_image')).toBeNull();
  });

  test('wrong credentials reject with the field message and store nothing', async () => {
    stubFetch([{ status: 422, body: wrongCredentials }]);
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { email: 'These credentials do not match our records.' },
    });
    expect(getToken()).toBeNull();
  });
});

describe('checkAuth', () => {
  test('rejects towards the login screen without a token', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth/login' });
  });

  test('resolves with a token', async () => {
    await signIn();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});

describe('checkError', () => {
  test('401 rejects, so react-admin logs out and goes to login', async () => {
    await expect(authProvider.checkError(new HttpError('Unauthenticated.', 401))).rejects.toMatchObject({
      redirectTo: '/auth/login',
    });
  });

  test('403 rejects without logging out, towards the unauthorized screen', async () => {
    await signIn();
    const error = new HttpError(forbidden.message, 403, forbidden);
    await expect(authProvider.checkError(error)).rejects.toEqual({ logoutUser: false, redirectTo: '/authorization' });
    expect(getToken()).toBe('tok-7f3a9c');
  });

  test('other errors resolve', async () => {
    await expect(authProvider.checkError(new HttpError('Not found.', 404))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('Invalid', 422, { errors: {} }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('boom'))).resolves.toBeUndefined();
  });
});

describe('identity and permissions', () => {
  test('getIdentity reads the stored session', async () => {
    await signIn();
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 1,
      fullName: 'Amina',
      avatar: '/storage/profiles/amina.png',
    });
  });

  test('getIdentity rejects when signed out', async () => {
    await expect(authProvider.getIdentity!()).rejects.toThrow('Not signed in');
  });

  test('getPermissions gives the stored list', async () => {
    await expect(authProvider.getPermissions!({})).resolves.toEqual([]);
    await signIn();
    await expect(authProvider.getPermissions!({})).resolves.toEqual(login.data.permissions);
  });

  test('canAccess uses the stored permissions', async () => {
    await signIn();
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'edit' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'delete' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'cities', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'roles', action: 'create' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'dashboard', action: 'list' })).resolves.toBe(true);
  });

  test('canAccess refuses everything when signed out', async () => {
    await expect(authProvider.canAccess!({ resource: 'dashboard', action: 'list' })).resolves.toBe(false);
  });
});

describe('logout', () => {
  test('revokes the token, clears the session, keeps preferences, goes to login', async () => {
    await signIn();
    localStorage.setItem('currentLanguage', 'ar');
    const sent = stubFetch([{ body: { success: true, data: null, message: 'Signed out.' } }]);
    await expect(authProvider.logout({})).resolves.toBe('/auth/login');
    expect(sent[0]).toMatchObject({ url: '/api/admin/logout', method: 'POST', headers: { Authorization: 'Bearer tok-7f3a9c' } });
    expect({ ...localStorage }).toEqual({ currentLanguage: 'ar' });
  });

  test('clears the session even when the server cannot be reached', async () => {
    await signIn();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await authProvider.logout({});
    expect(getToken()).toBeNull();
  });

  test('does not call the server when already signed out', async () => {
    const sent = stubFetch([]);
    await authProvider.logout({});
    expect(sent).toHaveLength(0);
  });
});
