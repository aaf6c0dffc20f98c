import { ResourceEdit } from '../common/ResourceForms';
import { SpecializationInputs } from './SpecializationInputs';

export const SpecializationEdit = () => (
  <ResourceEdit>
    <SpecializationInputs />
  </ResourceEdit>
);
