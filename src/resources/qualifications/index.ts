import SchoolIcon from '@mui/icons-material/School';
import { titledModule } from '../common/titled';

export default titledModule(SchoolIcon, { group: 'setting', order: 10 });
