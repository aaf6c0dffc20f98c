import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermissions } from 'react-admin';
import { UNAUTHORIZED_PATH } from '../../providers/authProvider';

/**
 * The audit viewer: not a CRUD resource (contract/resources.ts does not list it), so App mounts it as a
 * custom route, /audit-log. Open to the activity permissions (the server's rule, routes/audit.ts).
 */
export { AuditLogList, changeRows, type AuditRow } from './AuditLogList';
export const AUDIT_PERMISSIONS = ['view_activity_doctor', 'create_activity_chw'] as const;

export const canSeeAudit = (permissions: readonly string[]): boolean => AUDIT_PERMISSIONS.some((p) => permissions.includes(p));

export const RequireAuditAccess = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  return canSeeAudit(Array.isArray(permissions) ? permissions : []) ? <>{children}</> : <Navigate to={UNAUTHORIZED_PATH} replace />;
};
