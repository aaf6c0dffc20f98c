import { PasswordInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { passwordChangeValidators } from './validation';

/** Whether the email typed is another than the stored one (letter case and spaces aside, as the server compares). */
export const emailChanged = (typed: unknown, stored: unknown): boolean =>
  typeof typed === 'string' && typed.trim().toLowerCase() !== String(stored ?? '').trim().toLowerCase();

/**
 * Password reset links go to the email, so changing one's own asks for the current password (the
 * server insists too). Shown once the email typed differs from `email`; `source` is the field the
 * route reads (the profile's `password`, the admin form's `current_password`).
 */
export const CurrentPasswordForNewEmail = ({ email, source }: { email: unknown; source: 'password' | 'current_password' }) => {
  const typed: unknown = useWatch({ name: 'email' });
  return emailChanged(typed, email) ? (
    <PasswordInput
      source={source}
      label="resources.admins.fields.current_password"
      helperText="resources.admins.helper.current_password"
      validate={passwordChangeValidators.oldPassword}
      autoComplete="current-password"
    />
  ) : null;
};
