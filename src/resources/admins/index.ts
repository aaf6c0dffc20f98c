import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { defineModule } from '../module';
import { AdminInputs } from './AdminInputs';
import { emailChanged } from './CurrentPasswordInput';
import { AdminList } from './AdminList';

/**
 * On edit the form names the role; the loaded record's role_id would otherwise win over a changed name.
 * The server remembers the replaced role itself (prevRole). The current password goes only with a
 * changed email (typed, then the email put back, it stays home).
 */
const withoutRoleId = ({ role_id: _roleId, current_password: currentPassword, ...data }: RaRecord, options?: { previousData?: RaRecord }): RaRecord =>
  (options?.previousData && currentPassword && emailChanged(data.email, options.previousData.email) ? { ...data, current_password: currentPassword } : data) as RaRecord;

export default defineModule({
  list: AdminList,
  inputs: AdminInputs,
  defaultValues: { gender: 'male', send_credentials: false },
  transform: withoutRoleId,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => [record.f_name, record.l_name].filter(Boolean).join(' '),
  secondaryText: 'email',
  menu: { group: 'main', order: 10 },
});
