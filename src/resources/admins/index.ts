import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import type { ResourceConfig } from '../types';
import { AdminCreate } from './AdminCreate';
import { AdminEdit } from './AdminEdit';
import { AdminList } from './AdminList';

const admins: ResourceConfig = {
  list: AdminList,
  create: AdminCreate,
  edit: AdminEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => [record.f_name, record.l_name].filter(Boolean).join(' '),
};

export default admins;
