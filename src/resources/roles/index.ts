import RoleIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceConfig } from '../types';
import { RoleCreate } from './RoleCreate';
import { RoleEdit } from './RoleEdit';
import { RoleList } from './RoleList';

const roles: ResourceConfig = {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  icon: RoleIcon,
  recordRepresentation: 'name',
};

export default roles;
