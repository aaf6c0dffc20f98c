import { ApiError } from '../../providers/http';
import { translate } from '../../i18n/authTranslate';

export interface FormFailure {
  fields: Record<string, string>;
  general: string | null;
}

/** Splits a failed call into per-field messages and a general message, as the auth screens show them. */
export const describeFailure = (error: unknown): FormFailure => {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors ?? {};
    const general = Object.keys(fields).length > 0 ? null : error.message || translate('app.auth.request_failed');
    return { fields, general };
  }
  return { fields: {}, general: translate('app.auth.request_failed') };
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => EMAIL.test(value.trim());
