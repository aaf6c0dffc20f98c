import { HttpError } from 'ra-core';

/** The i18n key of the message a screen shows for a call the backend does not offer. */
export const UNSUPPORTED_MESSAGE = 'app.backend.unsupported';

/** A call the backend does not offer: a 501 whose message the screens translate ("This backend does not offer this feature."). */
export const unsupported = (method: string) => (): Promise<never> => Promise.reject(new HttpError(UNSUPPORTED_MESSAGE, 501, { method }));

export const isUnsupported = (error: unknown): boolean => error instanceof HttpError && error.status === 501;
