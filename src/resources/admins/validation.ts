import { required } from 'react-admin';
import { personValidators } from '../common/PersonInputs';

export const adminValidators = {
  f_name: personValidators.f_name,
  email: personValidators.email,
  phone: personValidators.phoneUpTo11,
  role: [required('app.validation.role_required')],
};

export const passwordChangeValidators = {
  oldPassword: [required('app.validation.old_password_required')],
  password: personValidators.password,
  confirmPassword: [required('app.validation.confirm_required'), (value: unknown, values: Record<string, unknown>) => (value && value !== values.password ? 'app.validation.password_mismatch' : undefined)],
};
