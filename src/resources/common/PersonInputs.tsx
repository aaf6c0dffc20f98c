import type { ReactNode } from 'react';
import { DateInput, PasswordInput, RadioButtonGroupInput, TextInput, email, minLength, regex, required, type Validator } from 'react-admin';
import { CheckboxInput } from './CheckboxInput';
import { cnicDigits, phoneDigits } from './inputs';

/** Today as YYYY-MM-DD in the user's time zone, the format of date inputs. */
export const today = (): string => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const notInFuture: Validator = (value: unknown) => (typeof value === 'string' && value !== '' && value > today() ? 'app.validation.dob_future' : undefined);

const samePasswordAs =
  (message: string): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    value && value !== values.password ? message : undefined;

/** A new password on edit needs its confirmation, the same. */
const confirmWhenGiven: Validator = (value: unknown, values: Record<string, unknown>) =>
  !values.password ? undefined : !value ? 'app.validation.confirm_required' : value !== values.password ? 'app.validation.passwords_mismatch' : undefined;

/** The checks of the person forms (spec 1 section 5, spec 2 section 5), shared by every kind of person. */
export const personValidators = {
  f_name: [required('app.validation.name_required')],
  email: [required('app.validation.email_invalid'), email('app.validation.email_invalid')],
  optionalEmail: [email('app.validation.email_invalid')],
  /** at most 11 digits (admins) */
  phoneUpTo11: [regex(/^\d{0,11}$/, 'app.validation.phone')],
  /** exactly 11 digits (patients, doctors, CHWs) */
  phone11: [required('app.validation.phone'), regex(/^\d{11}$/, 'app.validation.phone')],
  password: [required('app.validation.password_required'), minLength(8, 'app.validation.password_length')],
  confirmPassword: [required('app.validation.confirm_required'), samePasswordAs('app.validation.passwords_mismatch')],
  /** on edit: empty keeps the password */
  newPassword: [minLength(8, 'app.validation.password_length')],
  confirmNewPassword: [confirmWhenGiven],
  dob: [notInFuture],
  dobRequired: [required('app.validation.dob_required'), notInFuture],
  cnic: [required('app.validation.cnic'), regex(/^\d{13}$/, 'app.validation.cnic')],
};

export const GENDER_CHOICES = {
  twoGenders: [
    { id: 'male', name: 'app.gender.male' },
    { id: 'female', name: 'app.gender.female' },
  ],
  /** patients, family members and doctors (spec 2) */
  withTransgender: [
    { id: 'male', name: 'app.gender.male' },
    { id: 'female', name: 'app.gender.female' },
    { id: 'transgender', name: 'app.gender.transgender' },
  ],
};

export interface PersonInputsProps {
  mode: 'create' | 'edit';
  /** the phone field's name (admins: phone; the people of spec 2: phone_no) */
  phoneSource?: 'phone' | 'phone_no';
  /** exactly 11 digits and required (spec 2), or up to 11 (admins) */
  phoneRule?: 'exactly11' | 'upTo11';
  email?: 'required' | 'optional';
  cnic?: 'required' | 'none';
  dob?: 'required' | 'optional';
  genders?: 'two' | 'withTransgender';
  /** passwords and 'Send credentials' on add (accounts that sign in) */
  account?: boolean;
  /** an account whose edit may set a new password (the field apps' people; not admins, who have Change Password) */
  passwordOnEdit?: boolean;
  /** shown right after the email (the admin editing themself: the current password for a new email) */
  afterEmail?: ReactNode;
  /** inputs of the module's own, placed after CNIC and before gender (the admin's role) */
  children?: ReactNode;
}

/**
 * The person form of admins, patients, family members, doctors and CHWs: names, email, phone, CNIC,
 * date of birth (never in the future), gender, and on add the password pair and 'Send credentials'
 * (on edit, where the kind allows it, an optional new password pair).
 */
export const PersonInputs = ({
  mode,
  phoneSource = 'phone_no',
  phoneRule = 'exactly11',
  email: emailRule = 'required',
  cnic = 'none',
  dob = 'optional',
  genders = 'withTransgender',
  account = true,
  passwordOnEdit = false,
  afterEmail,
  children,
}: PersonInputsProps) => (
  <>
    <TextInput source="f_name" validate={personValidators.f_name} />
    <TextInput source="l_name" />
    <TextInput source="email" type="email" validate={emailRule === 'required' ? personValidators.email : personValidators.optionalEmail} />
    {afterEmail}
    <TextInput
      source={phoneSource}
      parse={phoneDigits}
      validate={phoneRule === 'exactly11' ? personValidators.phone11 : personValidators.phoneUpTo11}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
    {account && mode === 'create' ? (
      <>
        <PasswordInput source="password" validate={personValidators.password} autoComplete="new-password" />
        <PasswordInput source="confirmPassword" validate={personValidators.confirmPassword} autoComplete="new-password" />
      </>
    ) : null}
    {account && passwordOnEdit && mode === 'edit' ? (
      <>
        <PasswordInput source="password" validate={personValidators.newPassword} autoComplete="new-password" helperText="app.account.keep_password" />
        <PasswordInput source="confirmPassword" validate={personValidators.confirmNewPassword} autoComplete="new-password" />
      </>
    ) : null}
    <DateInput source="dob" validate={dob === 'required' ? personValidators.dobRequired : personValidators.dob} slotProps={{ htmlInput: { max: today() } }} />
    {cnic === 'required' ? (
      <TextInput source="cnic" parse={cnicDigits} validate={personValidators.cnic} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
    ) : null}
    {children}
    <RadioButtonGroupInput source="gender" choices={genders === 'two' ? GENDER_CHOICES.twoGenders : GENDER_CHOICES.withTransgender} />
    {account && mode === 'create' ? <CheckboxInput source="send_credentials" /> : null}
  </>
);
