import InterestsIcon from '@mui/icons-material/Interests';
import { titledModule } from '../common/titled';

export default titledModule(InterestsIcon, { group: 'programme', order: 50 }, 'resources.interests.validation.title_required');
