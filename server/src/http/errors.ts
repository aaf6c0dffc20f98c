import { messageText, type StructuredValues } from '../../../contract/messages';

/** Errors a handler may throw; the error handler turns each into the envelope with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** headers of the answer (a 429's Retry-After) */
    readonly headers?: Record<string, string>,
    /** the message's values as the envelope sends them, when they are not to be read back from its text (codes of kinds of records) */
    readonly values?: StructuredValues,
  ) {
    super(message);
  }
}

/** 429 with the seconds to wait, in the text and in Retry-After. */
export const tooManyRequests = (message: string, seconds: number) => new HttpError(429, message, undefined, { 'retry-after': String(seconds) });

export const INVALID_DATA = messageText('invalid_data');

export class ValidationError extends HttpError {
  constructor(fieldErrors: Record<string, string[]>, message = INVALID_DATA) {
    super(422, message, fieldErrors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** A multipart body the parser (busboy) cannot read: its errors carry no status, so they are told by their origin. */
export function malformedMultipart(err: { stack?: string }): HttpError | null {
  return /[\\/]@fastify[\\/]busboy[\\/]/.test(err.stack ?? '') ? new HttpError(400, messageText('multipart_unreadable')) : null;
}

/** Fastify's JSON parser's refusals (text that is not JSON, a key reaching a prototype, no text at all), in the catalogue's words. */
export function unreadableJson(err: { code?: string }): HttpError | null {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return new HttpError(400, messageText('json_unreadable'));
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new HttpError(400, messageText('json_empty'));
  return null;
}

export const notFound = () => new HttpError(404, messageText('not_found'));
export const unauthenticated = () => new HttpError(401, messageText('unauthenticated'));
export const forbidden = (message = messageText('unauthorized')) => new HttpError(403, message);
/** 409; `values` are the envelope's values of the message when its text names kinds of records (see StructuredValues). */
export const conflict = (message: string, values?: StructuredValues) => new HttpError(409, message, undefined, undefined, values);
