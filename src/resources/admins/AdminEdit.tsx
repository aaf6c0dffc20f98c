import type { RaRecord } from 'react-admin';
import { ResourceEdit } from '../common/ResourceForms';
import { AdminInputs } from './AdminInputs';

/**
 * The form edits the role by name; the loaded record's role_id would otherwise win over a changed name.
 * The server remembers the replaced role itself (prevRole).
 */
const withoutRoleId = ({ role_id: _roleId, ...data }: RaRecord): RaRecord => data as RaRecord;

export const AdminEdit = () => (
  <ResourceEdit transform={withoutRoleId}>
    <AdminInputs mode="edit" />
  </ResourceEdit>
);
