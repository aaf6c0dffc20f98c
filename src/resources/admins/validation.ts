import { email, minLength, regex, required, type Validator } from 'react-admin';

/** Today as YYYY-MM-DD in the user's time zone, the format of date inputs. */
export const today = (): string => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const notInFuture: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && value > today() ? 'app.validation.dob_future' : undefined;

const samePasswordAs =
  (message: string): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    value && value !== values.password ? message : undefined;

export const adminValidators = {
  f_name: [required('app.validation.name_required')],
  email: [required('app.validation.email_invalid'), email('app.validation.email_invalid')],
  phone: [regex(/^\d{0,11}$/, 'app.validation.phone')],
  password: [required('app.validation.password_required'), minLength(8, 'app.validation.password_length')],
  confirmPassword: [required('app.validation.confirm_required'), samePasswordAs('app.validation.passwords_mismatch')],
  dob: [notInFuture],
  cnic: [required('app.validation.cnic'), regex(/^\d{13}$/, 'app.validation.cnic')],
  role: [required('app.validation.role_required')],
};

export const passwordChangeValidators = {
  oldPassword: [required('app.validation.old_password_required')],
  password: adminValidators.password,
  confirmPassword: [required('app.validation.confirm_required'), samePasswordAs('app.validation.password_mismatch')],
};
