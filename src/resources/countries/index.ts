import PublicIcon from '@mui/icons-material/Public';
import { defineModule } from '../module';
import { CountryInputs } from './CountryInputs';
import { CountryList } from './CountryList';

export default defineModule({
  list: CountryList,
  inputs: CountryInputs,
  icon: PublicIcon,
  recordRepresentation: 'country',
  secondaryText: 'iso2',
  menu: { group: 'location', order: 50 },
});
