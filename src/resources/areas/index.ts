import AreaIcon from '@mui/icons-material/HolidayVillage';
import type { ResourceConfig } from '../types';
import { AreaCreate } from './AreaCreate';
import { AreaEdit } from './AreaEdit';
import { AreaList } from './AreaList';

/** VC (village council) areas. */
const areas: ResourceConfig = {
  list: AreaList,
  create: AreaCreate,
  edit: AreaEdit,
  icon: AreaIcon,
  recordRepresentation: 'title',
};

export default areas;
