import { ResourceCreate } from '../common/ResourceForms';
import { DistrictInputs } from './DistrictInputs';

export const DistrictCreate = () => (
  <ResourceCreate>
    <DistrictInputs />
  </ResourceCreate>
);
