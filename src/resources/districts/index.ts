import MapIcon from '@mui/icons-material/Map';
import { titledModule } from '../common/titled';

export default titledModule(MapIcon, { group: 'location', order: 10 });
