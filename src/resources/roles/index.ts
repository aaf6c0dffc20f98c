import RoleIcon from '@mui/icons-material/AdminPanelSettings';
import { defineModule } from '../module';
import { RoleInputs } from './RoleInputs';
import { RoleList } from './RoleList';

export default defineModule({
  list: RoleList,
  inputs: RoleInputs,
  defaultValues: { permissions: [] },
  icon: RoleIcon,
  recordRepresentation: 'name',
  menu: { group: 'main', order: 20 },
});
