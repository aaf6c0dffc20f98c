import { ResourceEdit } from '../common/ResourceForms';
import { DistrictInputs } from './DistrictInputs';

export const DistrictEdit = () => (
  <ResourceEdit>
    <DistrictInputs />
  </ResourceEdit>
);
