import Alert from '@mui/material/Alert';
import { useResourceContext, useTranslate, type TranslateFunction } from 'react-admin';
import { useFormContext, useFormState, type FieldErrors } from 'react-hook-form';

/** Every message of a form's errors with its field's path ("items.1.m_name"). */
export function errorPaths(errors: FieldErrors, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out.push([path, message]);
    else out.push(...errorPaths(value as FieldErrors, path));
  }
  return out;
}

/** react-admin's own validators' errors reach the form as this prefix and JSON (a message, or `{ message, args }`), as its ValidationError reads them. */
const VALIDATOR_FORMAT = '@@react-admin@@';

/** A form error's message in the reader's language: a plain message (a server's) or a react-admin validator's. */
export function errorText(error: string, translate: TranslateFunction): string {
  if (error.startsWith(VALIDATOR_FORMAT)) {
    try {
      const parsed: unknown = JSON.parse(error.slice(VALIDATOR_FORMAT.length));
      if (typeof parsed === 'string') return translate(parsed, { _: parsed });
      const { message, args } = (parsed ?? {}) as { message?: unknown; args?: Record<string, unknown> };
      if (typeof message === 'string') return translate(message, { _: message, ...args });
    } catch {
      // not react-admin's format after all: shown as it is
    }
  }
  return translate(error, { _: error });
}

/** Whether an input of the form shows this path (itself, or a list input holding it). */
export const isShown = (path: string, mounted: ReadonlySet<string>): boolean =>
  mounted.has(path) || [...mounted].some((name) => path.startsWith(`${name}.`) || name.startsWith(`${path}.`));

/**
 * A form rule of the console's shells: a server's refusal names fields, and react-admin shows each
 * under its input; one the form does not display (a patient chosen elsewhere, a field of another
 * screen) would be lost behind "The form is not valid". Those are shown here, at the top of the form,
 * each with its field's name.
 */
export const UnshownErrors = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const unshown = errorPaths(errors).filter(([path]) => !isShown(path, control._names.mount));
  if (!unshown.length) return null;
  return (
    <Alert severity="error" role="alert" tabIndex={-1} data-unshown-errors="" sx={{ mb: 2, width: '100%' }}>
      {unshown.map(([path, message]) => {
        const field = path.split('.')[0]!;
        const label = translate(`resources.${resource ?? ''}.fields.${field}`, { _: field.replace(/_/g, ' ') });
        return <div key={path}>{`${label}: ${errorText(message, translate)}`}</div>;
      })}
    </Alert>
  );
};
