/**
 * The signed-in session as kept in localStorage (spec 1 section 3). Deliberately free of
 * react-admin: the small login bundle uses it too.
 */
import type { Session } from '../../contract/api';

export const SESSION_KEYS = {
  token: 'token',
  uid: 'uid',
  encryptedId: 'encrypted_id',
  pusherId: 'pusher_id',
  fName: 'f_name',
  profileImage: 'profile_image',
  permissions: 'permissions',
  rememberMe: 'remember_me',
} as const;

/** Preferences of the browser rather than of the user: they survive signing out. */
export const PREFERENCE_KEYS = ['primary_color', 'secondary_color', 'theme_mode', 'currentLanguage', 'pins'] as const;

const setOrRemove = (key: string, value: string | null | undefined): void => {
  if (value === null || value === undefined || value === '') localStorage.removeItem(key);
  else localStorage.setItem(key, value);
};

const listeners = new Set<() => void>();
const notify = (): void => {
  for (const listener of [...listeners]) listener();
};
/** Another tab signed in or out: its localStorage changes arrive as storage events (key null: cleared). */
const onStorage = (event: StorageEvent): void => {
  if (event.key === null || event.key === SESSION_KEYS.token) notify();
};

/**
 * Calls `listener` whenever the session may have started or ended: here (sign-in, sign-out, a 401
 * that cleared it) or in another tab. For useSyncExternalStore with isSignedIn.
 */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.uid, String(session.id));
  localStorage.setItem(SESSION_KEYS.encryptedId, session.encrypted_id);
  setOrRemove(SESSION_KEYS.pusherId, session.pusher_id);
  setOrRemove(SESSION_KEYS.rememberMe, session.remember_me_token);
  updateSessionProfile(session);
  notify();
}

/** What GET /me and a profile update may refresh without a new token. */
export interface SessionProfile {
  f_name?: string;
  permissions?: string[];
  file?: { path: string } | null;
}

export function updateSessionProfile(profile: SessionProfile): void {
  if (profile.f_name !== undefined) localStorage.setItem(SESSION_KEYS.fName, profile.f_name);
  if (profile.file !== undefined) setOrRemove(SESSION_KEYS.profileImage, profile.file?.path);
  if (profile.permissions !== undefined) {
    localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(profile.permissions));
  }
}

/** Signing out (or any 401) clears all local storage except the browser's preferences. */
export function clearSession(): void {
  const kept = PREFERENCE_KEYS.flatMap((key) => {
    const value = localStorage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  localStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
  notify();
}

export const getToken = (): string | null => localStorage.getItem(SESSION_KEYS.token) || null;

export const isSignedIn = (): boolean => getToken() !== null;

export function getPermissions(): string[] {
  const raw = localStorage.getItem(SESSION_KEYS.permissions);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** The signed-in admin's numeric id (sent as created_by). */
export function getUid(): number | null {
  const raw = localStorage.getItem(SESSION_KEYS.uid);
  const uid = raw ? Number(raw) : NaN;
  return Number.isInteger(uid) ? uid : null;
}

export const getEncryptedId = (): string | null => localStorage.getItem(SESSION_KEYS.encryptedId) || null;

export const getPusherId = (): string | null => localStorage.getItem(SESSION_KEYS.pusherId) || null;

export const getFullName = (): string => localStorage.getItem(SESSION_KEYS.fName) ?? '';

export const getProfileImage = (): string | null => localStorage.getItem(SESSION_KEYS.profileImage) || null;
