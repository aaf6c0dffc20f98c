import { useRecordContext } from 'react-admin';
import { useConsoleIdentity } from '../../providers/kit/identity';
import { PersonInputs } from '../common/PersonInputs';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { CurrentPasswordForNewEmail } from './CurrentPasswordInput';
import { adminValidators } from './validation';
import { DistrictsInput } from './DistrictsInput';

/** Editing oneself: a new email asks for the current password, as on the profile page. */
const OwnEmailPassword = () => {
  const record = useRecordContext();
  const identity = useConsoleIdentity();
  return record && identity && String(record.id) === String(identity.id) ? <CurrentPasswordForNewEmail email={record.email} source="current_password" /> : null;
};

/** Add Sub Admin asks for passwords and offers to mail the credentials; Edit does not (spec 1 section 2.6). */
export const AdminInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <PersonInputs
    mode={mode}
    phoneSource="phone"
    phoneRule="upTo11"
    cnic="required"
    genders="two"
    afterEmail={mode === 'edit' ? <OwnEmailPassword /> : null}
  >
    {/* The admin's role travels by name (spec 1 section 3, field role). */}
    <ReferenceSelect source="role" reference="roles" optionText="name" optionValue="name" validate={adminValidators.role} />
    <DistrictsInput />
  </PersonInputs>
);
