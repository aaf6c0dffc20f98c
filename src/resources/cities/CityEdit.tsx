import { ResourceEdit } from '../common/ResourceForms';
import { CityInputs } from './CityInputs';

export const CityEdit = () => (
  <ResourceEdit>
    <CityInputs />
  </ResourceEdit>
);
