import { ResourceCreate } from '../common/ResourceForms';
import { QualificationInputs } from './QualificationInputs';

export const QualificationCreate = () => (
  <ResourceCreate>
    <QualificationInputs />
  </ResourceCreate>
);
