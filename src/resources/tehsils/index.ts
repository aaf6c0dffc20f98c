import TehsilIcon from '@mui/icons-material/Apartment';
import { defineModule } from '../module';
import { TehsilInputs } from './TehsilInputs';
import { TehsilList } from './TehsilList';

export default defineModule({
  list: TehsilList,
  inputs: TehsilInputs,
  icon: TehsilIcon,
  recordRepresentation: 'title',
  secondaryText: 'district.title',
  menu: { group: 'location', order: 20 },
});
