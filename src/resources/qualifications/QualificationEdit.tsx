import { ResourceEdit } from '../common/ResourceForms';
import { QualificationInputs } from './QualificationInputs';

export const QualificationEdit = () => (
  <ResourceEdit>
    <QualificationInputs />
  </ResourceEdit>
);
