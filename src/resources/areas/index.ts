import AreaIcon from '@mui/icons-material/HolidayVillage';
import { defineModule } from '../module';
import { AreaInputs } from './AreaInputs';
import { AreaList } from './AreaList';

/** VC (village council) areas. */
export default defineModule({
  list: AreaList,
  inputs: AreaInputs,
  icon: AreaIcon,
  recordRepresentation: 'title',
  secondaryText: 'tehsil.title',
  menu: { group: 'location', order: 30 },
});
