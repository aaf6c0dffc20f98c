import { ResourceCreate } from '../common/ResourceForms';
import { SpecializationInputs } from './SpecializationInputs';

export const SpecializationCreate = () => (
  <ResourceCreate>
    <SpecializationInputs />
  </ResourceCreate>
);
