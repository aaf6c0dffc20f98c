import { ResourceEdit } from '../common/ResourceForms';
import { CountryInputs } from './CountryInputs';

export const CountryEdit = () => (
  <ResourceEdit>
    <CountryInputs />
  </ResourceEdit>
);
