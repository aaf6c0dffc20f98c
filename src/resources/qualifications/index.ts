import SchoolIcon from '@mui/icons-material/School';
import type { ResourceConfig } from '../types';
import { QualificationCreate } from './QualificationCreate';
import { QualificationEdit } from './QualificationEdit';
import { QualificationList } from './QualificationList';

const qualifications: ResourceConfig = {
  list: QualificationList,
  create: QualificationCreate,
  edit: QualificationEdit,
  icon: SchoolIcon,
  recordRepresentation: 'title',
};

export default qualifications;
