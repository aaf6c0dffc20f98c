import type { RaRecord } from 'react-admin';
import { ResourceEdit } from '../common/ResourceForms';
import { AdminInputs } from './AdminInputs';

/** A changed role travels with the role it replaces (spec 1 section 4). */
const withPreviousRole = (data: RaRecord, options?: { previousData?: RaRecord }): RaRecord => {
  const previousRole: unknown = options?.previousData?.role;
  return previousRole && previousRole !== data.role ? { ...data, prevRole: previousRole } : data;
};

export const AdminEdit = () => (
  <ResourceEdit transform={withPreviousRole}>
    <AdminInputs mode="edit" />
  </ResourceEdit>
);
