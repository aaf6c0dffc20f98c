import { ResourceEdit } from '../common/ResourceForms';
import { RoleInputs } from './RoleInputs';

export const RoleEdit = () => (
  <ResourceEdit>
    <RoleInputs />
  </ResourceEdit>
);
