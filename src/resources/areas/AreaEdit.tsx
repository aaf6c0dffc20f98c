import { ResourceEdit } from '../common/ResourceForms';
import { AreaInputs } from './AreaInputs';

export const AreaEdit = () => (
  <ResourceEdit>
    <AreaInputs />
  </ResourceEdit>
);
