import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermissions } from 'react-admin';
import { UNAUTHORIZED_PATH } from '../../providers/authProvider';

/**
 * The Promotional screen: not a CRUD resource (contract/resources.ts does not list it), so App mounts
 * it as a custom route, /promotional. Guarded by the setting permissions (spec 1 section 6):
 * view_setting to open it; edit_setting, create_setting and delete_setting for its saves.
 */
export { PromotionalPage } from './PromotionalPage';
export const PROMOTIONAL_PERMISSION = 'view_setting';

export const RequirePromotionalAccess = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  return Array.isArray(permissions) && permissions.includes(PROMOTIONAL_PERMISSION) ? <>{children}</> : <Navigate to={UNAUTHORIZED_PATH} replace />;
};
