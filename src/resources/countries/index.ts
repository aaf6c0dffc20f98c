import PublicIcon from '@mui/icons-material/Public';
import type { ResourceConfig } from '../types';
import { CountryCreate } from './CountryCreate';
import { CountryEdit } from './CountryEdit';
import { CountryList } from './CountryList';

const countries: ResourceConfig = {
  list: CountryList,
  create: CountryCreate,
  edit: CountryEdit,
  icon: PublicIcon,
  recordRepresentation: 'country',
};

export default countries;
