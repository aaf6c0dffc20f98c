/**
 * The sign-in calls of the in-browser demo (vite.config.ts puts this file in place of ../authApi.ts in
 * the `demo` mode): the demo admin signs in with the session the server answered when the demo data
 * was dumped; nothing leaves the browser.
 */
import type { Session } from '../../../contract/api';
import { ApiError } from '../http';
import { clearSession, getPermissions, saveSession, updateSessionProfile } from '../session';
import { loadDemoData } from './demoData';

export type Me = Omit<Session, 'token'>;

export async function login(email: string, password: string, remember_me = false): Promise<Session> {
  const { admin } = await loadDemoData();
  if (email.toLowerCase() !== admin.email.toLowerCase() || password !== admin.password) {
    throw new ApiError(422, 'These credentials do not match our records.', { message: 'These credentials do not match our records.' });
  }
  const session = { ...(admin.session as unknown as Me), token: 'demo-token', remember_me_token: remember_me ? 'demo-remember' : null } as Session;
  saveSession(session);
  return session;
}

export async function logout(): Promise<void> {
  clearSession();
}

export async function requestPasswordReset(): Promise<string> {
  return 'The demo sends no mail.';
}

export type ResetAccount = 'admin' | 'user';

export async function verifyResetToken(): Promise<boolean> {
  return false;
}

export async function resetPassword(): Promise<string> {
  throw new ApiError(422, 'The demo has no password reset.', { message: 'The demo has no password reset.' });
}

export async function fetchMe(): Promise<Me> {
  const { admin } = await loadDemoData();
  const me = { ...(admin.session as unknown as Me), permissions: getPermissions() };
  updateSessionProfile(me);
  return me;
}
