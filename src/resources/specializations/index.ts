import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import type { ResourceConfig } from '../types';
import { SpecializationCreate } from './SpecializationCreate';
import { SpecializationEdit } from './SpecializationEdit';
import { SpecializationList } from './SpecializationList';

const specializations: ResourceConfig = {
  list: SpecializationList,
  create: SpecializationCreate,
  edit: SpecializationEdit,
  icon: MedicalServicesIcon,
  recordRepresentation: 'title',
};

export default specializations;
