import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import { titledModule } from '../common/titled';

export default titledModule(MedicalServicesIcon, { group: 'setting', order: 20 });
