import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermissions } from 'react-admin';
import { UNAUTHORIZED_PATH } from '../../providers/authProvider';
import { permissionFor } from '../../providers/permissions';

export type NotificationAction = 'list' | 'create';

/**
 * Notifications are not a CRUD resource of contract/resources.ts, so the shared mapping may not know
 * them; the spec's permission names (module `notification`) stand in until it does.
 */
const FALLBACK: Record<NotificationAction, string> = { list: 'view_notification', create: 'create_notification' };

export const notificationPermission = (action: NotificationAction): string =>
  permissionFor('notifications', action) ?? FALLBACK[action];

export const canAccessNotifications = (permissions: readonly string[], action: NotificationAction): boolean =>
  permissions.includes(notificationPermission(action));

/** The route guard of the notification screens: without the permission, the unauthorized screen. */
export const RequireNotificationAccess = ({ action, children }: { action: NotificationAction; children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  return canAccessNotifications(Array.isArray(permissions) ? permissions : [], action) ? (
    <>{children}</>
  ) : (
    <Navigate to={UNAUTHORIZED_PATH} replace />
  );
};
