import { ResourceCreate } from '../common/ResourceForms';
import { RoleInputs } from './RoleInputs';

export const RoleCreate = () => (
  <ResourceCreate defaultValues={{ permissions: [] }}>
    <RoleInputs />
  </ResourceCreate>
);
