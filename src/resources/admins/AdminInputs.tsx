import { DateInput, PasswordInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { GENDERS } from '../../../contract/enums';
import { CheckboxInput } from '../common/CheckboxInput';
import { ReferenceSelect } from '../common/ReferenceSelect';
import { cnicDigits, phoneDigits } from '../common/inputs';
import { adminValidators, today } from './validation';

const genderChoices = GENDERS.map((gender) => ({ id: gender, name: `app.gender.${gender}` }));

/** Add Sub Admin asks for passwords and offers to mail the credentials; Edit does not (spec 1 section 2.6). */
export const AdminInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <TextInput source="f_name" validate={adminValidators.f_name} />
    <TextInput source="l_name" />
    <TextInput source="email" type="email" validate={adminValidators.email} />
    <TextInput
      source="phone"
      parse={phoneDigits}
      validate={adminValidators.phone}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
    {mode === 'create' ? (
      <>
        <PasswordInput source="password" validate={adminValidators.password} autoComplete="new-password" />
        <PasswordInput source="confirmPassword" validate={adminValidators.confirmPassword} autoComplete="new-password" />
      </>
    ) : null}
    <DateInput source="dob" validate={adminValidators.dob} slotProps={{ htmlInput: { max: today() } }} />
    <TextInput
      source="cnic"
      parse={cnicDigits}
      validate={adminValidators.cnic}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
    {/* The admin's role travels by name (spec 1 section 3, field role). */}
    <ReferenceSelect source="role" reference="roles" optionText="name" optionValue="name" validate={adminValidators.role} />
    <RadioButtonGroupInput source="gender" choices={genderChoices} />
    {mode === 'create' ? <CheckboxInput source="send_credentials" /> : null}
  </>
);
