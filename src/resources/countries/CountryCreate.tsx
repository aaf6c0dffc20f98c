import { ResourceCreate } from '../common/ResourceForms';
import { CountryInputs } from './CountryInputs';

export const CountryCreate = () => (
  <ResourceCreate>
    <CountryInputs />
  </ResourceCreate>
);
