import { ResourceCreate } from '../common/ResourceForms';
import { TehsilInputs } from './TehsilInputs';

export const TehsilCreate = () => (
  <ResourceCreate>
    <TehsilInputs />
  </ResourceCreate>
);
