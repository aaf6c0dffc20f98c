import { ResourceCreate } from '../common/ResourceForms';
import { AreaInputs } from './AreaInputs';

export const AreaCreate = () => (
  <ResourceCreate>
    <AreaInputs />
  </ResourceCreate>
);
