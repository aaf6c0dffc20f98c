import LocationCityIcon from '@mui/icons-material/LocationCity';
import type { ResourceConfig } from '../types';
import { CityCreate } from './CityCreate';
import { CityEdit } from './CityEdit';
import { CityList } from './CityList';

const cities: ResourceConfig = {
  list: CityList,
  create: CityCreate,
  edit: CityEdit,
  icon: LocationCityIcon,
  recordRepresentation: 'title',
};

export default cities;
