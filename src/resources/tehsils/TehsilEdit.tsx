import { ResourceEdit } from '../common/ResourceForms';
import { TehsilInputs } from './TehsilInputs';

export const TehsilEdit = () => (
  <ResourceEdit>
    <TehsilInputs />
  </ResourceEdit>
);
