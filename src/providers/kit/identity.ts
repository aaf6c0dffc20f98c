/**
 * What the screens know of the signed-in admin, read through the auth provider (react-admin's
 * `useGetIdentity`), never from our session store: another backend's auth provider gives the same.
 */
import { useGetIdentity, type AuthProvider, type Identifier, type UserIdentity } from 'ra-core';

export interface ConsoleIdentity extends UserIdentity {
  /** The signed-in admin's record id, as the data provider names admins (`getOne('admins', { id })`). */
  id: Identifier;
  fullName?: string;
  avatar?: string;
  /** The key of the admin's private real-time channel (`private-admin.{pusherId}`); absent without real time. */
  pusherId?: string | null;
}

/**
 * The auth provider the console expects: react-admin's, whose `getIdentity` answers a ConsoleIdentity and
 * whose `getPermissions` answers the permission names of contract/permissions.ts (`view_role`, ...), which
 * the menu and the route guards compare (`canAccess` may answer from them: providers/permissions.ts).
 */
export interface ConsoleAuthProvider extends AuthProvider {
  getIdentity: () => Promise<ConsoleIdentity>;
  getPermissions: (params?: unknown) => Promise<string[]>;
}

/** The signed-in admin as the auth provider gives him (undefined while it is read). */
export function useConsoleIdentity(): ConsoleIdentity | undefined {
  return useGetIdentity().identity as ConsoleIdentity | undefined;
}
