/**
 * Which screens and actions the stored permission list allows (spec 1 section 6). Pure, so it is
 * tested alone; authProvider.canAccess and the menu call it. The server enforces the same names.
 */
import { permissionName, type Action } from '../../contract/permissions';
import { RESOURCES } from '../../contract/resources';

/** react-admin's actions plus ours: 'status' (block/unblock) and 'export'. */
export type AccessAction = 'list' | 'show' | 'create' | 'clone' | 'edit' | 'delete' | 'status' | 'export';

export interface AccessRequest {
  resource: string;
  action: string;
  /** For 'change-password': the other admin whose password changes; absent for one's own. */
  record?: unknown;
}

/** Open to every signed-in user (the sidebar treats Dashboard as public). */
export const PUBLIC_RESOURCES: readonly string[] = ['dashboard'];

/** The signed-in user's own things: always allowed. */
export const SELF_RESOURCES: readonly string[] = ['profile', 'change-password'];

const ACTION_PERMISSION: Record<AccessAction, Action> = {
  list: 'view',
  show: 'view',
  export: 'view',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  status: 'edit',
  delete: 'delete',
};

const isAccessAction = (action: string): action is AccessAction => Object.hasOwn(ACTION_PERMISSION, action);

export function permissionFor(resource: string, action: string): string | null {
  if (!Object.hasOwn(RESOURCES, resource) || !isAccessAction(action)) return null;
  const { module } = RESOURCES[resource as keyof typeof RESOURCES];
  return permissionName(ACTION_PERMISSION[action], module);
}

export function canAccess(permissions: readonly string[], { resource, action, record }: AccessRequest): boolean {
  if (PUBLIC_RESOURCES.includes(resource)) return true;
  // Changing another admin's password is an edit of that admin.
  if (resource === 'change-password' && record != null) return canAccess(permissions, { resource: 'admins', action: 'edit' });
  if (SELF_RESOURCES.includes(resource)) return true;
  const needed = permissionFor(resource, action);
  return needed !== null && permissions.includes(needed);
}
