import TehsilIcon from '@mui/icons-material/Apartment';
import type { ResourceConfig } from '../types';
import { TehsilCreate } from './TehsilCreate';
import { TehsilEdit } from './TehsilEdit';
import { TehsilList } from './TehsilList';

const tehsils: ResourceConfig = {
  list: TehsilList,
  create: TehsilCreate,
  edit: TehsilEdit,
  icon: TehsilIcon,
  recordRepresentation: 'title',
};

export default tehsils;
