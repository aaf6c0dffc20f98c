/**
 * Sign-in, sign-out and password reset calls (spec 1 section 7, "Authentication"). No react-admin
 * here: the login bundle uses these directly; authProvider wraps them for react-admin.
 */
import type { Session } from '../../contract/api';
import { ApiError, apiFetch, isRecord } from './http';
import { clearSession, getToken, saveSession, updateSessionProfile } from './session';

/** GET /me answers the session without a new token. */
export type Me = Omit<Session, 'token'>;

function assertMe(data: unknown): asserts data is Me {
  if (!isRecord(data) || typeof data.encrypted_id !== 'string' || !Array.isArray(data.permissions)) {
    throw new ApiError(500, 'The server answered without a session.', data);
  }
}

function assertSession(data: unknown): asserts data is Session {
  assertMe(data);
  if (typeof (data as { token?: unknown }).token !== 'string') {
    throw new ApiError(500, 'The server answered without a token.', data);
  }
}

export async function login(email: string, password: string, remember_me = false): Promise<Session> {
  const { data } = await apiFetch<unknown>('/login', {
    method: 'POST',
    body: { email, password, remember_me },
    auth: false,
  });
  assertSession(data);
  saveSession(data);
  return data;
}

/** Revokes the token on the server when it can; the local session goes in every case. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await apiFetch('/logout', { method: 'POST' });
  } catch {
    // Best effort: an expired token or an unreachable server must not keep anyone signed in.
  } finally {
    clearSession();
  }
}

/** POST /verify-email; resolves with the text to show (the server never says whether the email exists). */
export async function requestPasswordReset(email: string): Promise<string> {
  const { data, message } = await apiFetch<unknown>('/verify-email', { method: 'POST', body: { email }, auth: false });
  return typeof data === 'string' ? data : (message ?? '');
}

/** Whose password a reset link is for: an admin's, or a field app account's (a patient, CHW or doctor). */
export type ResetAccount = 'admin' | 'user';

/** The reset calls of admins live under /api/admin, those of field app accounts under /api/field. */
const resetPath = (account: ResetAccount, name: string) => (account === 'user' ? `${window.location.origin}/api/field/${name}` : `/${name}`);

/**
 * Resolves true for a valid reset token and false for a missing one or an answer saying
 * valid: false; rejects with ApiError ('Invalid token', field token) when the server refuses it.
 */
export async function verifyResetToken(token: string, account: ResetAccount = 'admin'): Promise<boolean> {
  if (!token) return false;
  const { data } = await apiFetch<unknown>(resetPath(account, 'verify-reset-token'), { method: 'POST', body: { token }, auth: false });
  return !(isRecord(data) && data.valid === false);
}

/** Resolves with the server's message. */
export async function resetPassword(token: string, password: string, confirmPassword: string, account: ResetAccount = 'admin'): Promise<string> {
  const { message } = await apiFetch<unknown>(resetPath(account, 'reset-password'), {
    method: 'POST',
    body: { token, password, confirmPassword },
    auth: false,
  });
  return message ?? '';
}

/** Reloads the signed-in admin and refreshes the stored permissions, name and photo. */
export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const { data } = await apiFetch<unknown>('/me', { signal });
  assertMe(data);
  updateSessionProfile(data);
  return data;
}
