import { ApiError } from '../../providers/http';
import { translate, translateServerText } from '../../i18n/authTranslate';

export interface FormFailure {
  fields: Record<string, string>;
  general: string | null;
}

/** Splits a failed call into per-field messages and a general message, as the auth screens show them. */
export const describeFailure = (error: unknown): FormFailure => {
  if (error instanceof ApiError) {
    const body = (error.body ?? {}) as { code?: unknown; codes?: Record<string, unknown[]> | null; values?: unknown };
    const fields = Object.fromEntries(Object.entries(error.fieldErrors ?? {}).map(([field, text]) => [field, translateServerText(text, body.codes?.[field]?.[0])]));
    const general = Object.keys(fields).length > 0 ? null : translateServerText(error.message, body.code, body.values) || translate('app.auth.request_failed');
    return { fields, general };
  }
  return { fields: {}, general: translate('app.auth.request_failed') };
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => EMAIL.test(value.trim());
