/** react-admin's AuthProvider over the session store and the auth calls. */
import type { Identifier } from 'ra-core';
import type { ConsoleAuthProvider, ConsoleIdentity } from './kit/identity';
import { login, logout } from './authApi';
import { disconnectRealtime } from './realtime';
import { isRecord } from './http';
import { canAccess } from './permissions';
import { getEncryptedId, getFullName, getPermissions, getProfileImage, getPusherId, getUid, isSignedIn } from './session';
import { LOGIN_PATH } from './signInPath';

export { LOGIN_PATH };
export const UNAUTHORIZED_PATH = '/authorization';

export interface LoginParams {
  email: string;
  password: string;
  remember_me?: boolean;
}

const statusOf = (error: unknown): number | undefined =>
  isRecord(error) && typeof error.status === 'number' ? error.status : undefined;

export interface AuthProviderOptions {
  /**
   * How the data provider names admins, so the identity's id is the signed-in admin's record id: by the
   * server's encrypted id (ours, by default) or by its number (the in-browser demo's records).
   */
  recordIds?: 'encrypted' | 'numbers';
}

export const createAuthProvider = ({ recordIds = 'encrypted' }: AuthProviderOptions = {}): ConsoleAuthProvider => ({
  async login({ email, password, remember_me }: LoginParams) {
    await login(email, password, Boolean(remember_me));
  },

  /**
   * false: react-admin does not navigate. Clearing the session is what moves the visitor to the sign-in
   * form: the entry's RequireSession watches the session and takes react-admin away in one navigation
   * (react-admin redirecting too would add a second one, and lose the page to come back to).
   */
  async logout() {
    disconnectRealtime();
    await logout();
    return false;
  },

  async checkAuth() {
    // message: false — a visitor who is simply not signed in gets the login screen, not a warning.
    if (!isSignedIn()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    // The HTTP client has already cleared the session; react-admin logs out and goes to login.
    if (status === 401) throw { redirectTo: LOGIN_PATH };
    // A missing permission keeps the user signed in and shows the unauthorized screen.
    if (status === 403) throw { logoutUser: false, redirectTo: UNAUTHORIZED_PATH };
  },

  async getIdentity(): Promise<ConsoleIdentity> {
    const id: Identifier | null = recordIds === 'numbers' ? getUid() : (getEncryptedId() ?? getUid());
    if (!isSignedIn() || id === null) throw new Error('Not signed in');
    return { id, fullName: getFullName(), avatar: getProfileImage() ?? undefined, pusherId: getPusherId() };
  },

  async getPermissions() {
    return isSignedIn() ? getPermissions() : [];
  },

  async canAccess({ resource, action, record }) {
    return isSignedIn() && canAccess(getPermissions(), { resource, action, record });
  },
});

/** Ours: the stored session (session.ts) and the server's sign-in calls (authApi.ts). */
export const authProvider = createAuthProvider();

export default authProvider;
