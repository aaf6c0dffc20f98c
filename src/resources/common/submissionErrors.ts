import { HttpError, type useNotify } from 'react-admin';

type Notify = ReturnType<typeof useNotify>;

/**
 * For a custom form's onSubmit: server field errors go back to the form (react-admin shows them under
 * the inputs, with the invalid-form toast); any other failure becomes an error toast.
 */
export const submissionErrors = (failure: unknown, notify: Notify): Record<string, string> | undefined => {
  if (failure instanceof HttpError) {
    const body: unknown = failure.body;
    const errors = typeof body === 'object' && body !== null && 'errors' in body ? body.errors : undefined;
    if (typeof errors === 'object' && errors !== null && Object.keys(errors).length > 0) {
      return errors as Record<string, string>;
    }
  }
  notify(failure instanceof Error && failure.message ? failure.message : 'ra.notification.http_error', { type: 'error' });
  return undefined;
};
