import LocationCityIcon from '@mui/icons-material/LocationCity';
import { titledModule } from '../common/titled';

export default titledModule(LocationCityIcon, { group: 'location', order: 40 });
