import { ResourceCreate } from '../common/ResourceForms';
import { CityInputs } from './CityInputs';

export const CityCreate = () => (
  <ResourceCreate>
    <CityInputs />
  </ResourceCreate>
);
