import { HttpError } from 'ra-core';
import { recorded, recordedCalls as calls, restoreFetch, stubFetch } from '../../test/recorded-http';
import { authProvider, createAuthProvider } from '../authProvider';
import { getPermissions, getToken } from '../session';
import olderLogin from './fixtures/older/login.json';

beforeEach(() => localStorage.clear());
afterEach(restoreFetch);

const login = calls.login.body;

/** Signs in with the recorded answer, holding the given permissions instead of the super admin's. */
const signIn = async (permissions: string[] = login.data.permissions) => {
  stubFetch([{ body: { ...login, data: { ...login.data, permissions } } }]);
  await authProvider.login({ email: 'amina@example.org', password: 'secret', remember_me: true });
  restoreFetch();
};

describe('login', () => {
  test('posts the credentials without a token and stores the session', async () => {
    localStorage.setItem('token', 'stale');
    const sent = stubFetch([recorded('login')]);
    const { email, password } = calls.login.request.body;
    await authProvider.login({ email, password, remember_me: true });
    expect(sent[0]).toMatchObject({ url: `/api/admin${calls.login.request.path}`, method: 'POST', json: calls.login.request.body });
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    expect(getToken()).toBe(login.data.token);
    expect(getPermissions()).toEqual(login.data.permissions);
  });

  test("accepts the older server's answer", async () => {
    stubFetch([{ body: olderLogin }]);
    await authProvider.login({ email: 'zara@example.org', password: 'secret' });
    expect(getToken()).toBe('old-tok-1');
    expect(localStorage.getItem('profile_image')).toBeNull();
  });

  test('wrong credentials reject with the field message and store nothing', async () => {
    stubFetch([recorded('loginWrongCredentials')]);
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { email: calls.loginWrongCredentials.body.error.email[0] },
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
    const forbidden = calls.forbidden.body;
    const error = new HttpError(forbidden.message, 403, forbidden);
    await expect(authProvider.checkError(error)).rejects.toEqual({ logoutUser: false, redirectTo: '/authorization' });
    expect(getToken()).toBe(login.data.token);
  });

  test('other errors resolve', async () => {
    await expect(authProvider.checkError(new HttpError('Not found.', 404))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('Invalid', 422, { errors: {} }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('boom'))).resolves.toBeUndefined();
  });
});

describe('identity and permissions', () => {
  test('getIdentity reads the stored session: the admin by the id his record has, and his real-time channel', async () => {
    await signIn();
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: login.data.encrypted_id,
      fullName: login.data.f_name,
      avatar: login.data.file.path,
      pusherId: login.data.pusher_id,
    });
    // a backend whose records are named by the numbers (the in-browser demo)
    await expect(createAuthProvider({ recordIds: 'numbers' }).getIdentity()).resolves.toMatchObject({ id: login.data.id });
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
    await signIn(['view_sub_admin', 'create_sub_admin', 'edit_sub_admin', 'view_role', 'view_location']);
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
  test('revokes the token, clears the session and keeps preferences; the cleared session, not react-admin, leads to sign-in', async () => {
    await signIn();
    localStorage.setItem('currentLanguage', 'ar');
    const sent = stubFetch([recorded('loggedOut')]);
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(sent[0]).toMatchObject({ url: `/api/admin${calls.loggedOut.request.path}`, method: 'POST', headers: { Authorization: `Bearer ${login.data.token}` } });
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
