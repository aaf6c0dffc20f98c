import MapIcon from '@mui/icons-material/Map';
import type { ResourceConfig } from '../types';
import { DistrictCreate } from './DistrictCreate';
import { DistrictEdit } from './DistrictEdit';
import { DistrictList } from './DistrictList';

const districts: ResourceConfig = {
  list: DistrictList,
  create: DistrictCreate,
  edit: DistrictEdit,
  icon: MapIcon,
  recordRepresentation: 'title',
};

export default districts;
