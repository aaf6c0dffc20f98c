import { ResourceCreate } from '../common/ResourceForms';
import { AdminInputs } from './AdminInputs';

const defaults = { gender: 'male', send_credentials: false };

export const AdminCreate = () => (
  <ResourceCreate defaultValues={defaults}>
    <AdminInputs mode="create" />
  </ResourceCreate>
);
