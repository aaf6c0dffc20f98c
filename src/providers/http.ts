/**
 * The one HTTP client of the console for /api/admin (spec 1 section 7). No react-admin here: the
 * login bundle uses it as well. The data provider turns ApiError into react-admin's HttpError.
 */
import queryString from 'query-string';
import { API_BASE } from '../../contract/api';
import { clearSession, getToken } from './session';

export const apiUrl = API_BASE;

/** Field name → first server message (spec 1 section 8: the first message shows under each field). */
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, message: string, body: unknown = null, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
  }
}

/** A successful answer: the envelope's data and message, and the whole body for answers that put fields beside data. */
export interface ApiResponse<T> {
  data: T;
  message: string | undefined;
  body: Record<string, unknown>;
}

export type QueryParams = Record<string, unknown>;

export interface ApiFetchOptions {
  method?: string;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Percent of the request body sent; switches the request to XMLHttpRequest (fetch cannot report it). */
  onUploadProgress?: (percent: number) => void;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** false: a successful answer is not in the envelope and comes back whole as data (Pusher's channel authorisation). */
  envelope?: boolean;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/**
 * Paths are relative to apiUrl; a path that already starts with apiUrl, or a full URL (a link the
 * server supplied), is used as given.
 */
export function buildUrl(path: string, query?: QueryParams): string {
  const isAbsolute = /^[a-z][a-z\d+.-]*:\/\//i.test(path);
  const hasBase = path === apiUrl || path.startsWith(`${apiUrl}/`) || path.startsWith(`${apiUrl}?`);
  const base = isAbsolute || hasBase ? path : `${apiUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  const search = query
    ? queryString.stringify(query, { arrayFormat: 'bracket', skipNull: true, skipEmptyString: true })
    : '';
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/** True when a top-level value, or an item of a top-level array, is a File or Blob. */
export function containsFiles(values: Record<string, unknown>): boolean {
  return Object.values(values).some((value) => isBlob(value) || (Array.isArray(value) && value.some(isBlob)));
}

function formValue(value: unknown): string | Blob {
  if (isBlob(value)) return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function appendFormValue(form: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  const converted = formValue(value);
  if (typeof converted === 'string') form.append(key, converted);
  else form.append(key, converted, converted instanceof File ? converted.name : 'blob');
}

/**
 * Booleans become '1'/'0', arrays key[] entries, nested objects JSON text (Laravel's reading of forms).
 * A list of rows (objects: child rows such as prescription medicines) goes as one JSON text under its key.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && !isBlob(item))) {
      form.append(key, JSON.stringify(value));
    } else if (Array.isArray(value)) {
      for (const item of value) appendFormValue(form, `${key}[]`, item);
    } else {
      appendFormValue(form, key, value);
    }
  }
  return form;
}

interface EncodedBody {
  body?: FormData | string;
  contentType?: string;
}

function encodeBody(body: unknown): EncodedBody {
  if (body === undefined || body === null) return {};
  if (body instanceof FormData) return { body };
  if (isRecord(body) && containsFiles(body)) return { body: toFormData(body) };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

function firstMessages(errors: unknown): FieldErrors {
  if (!isRecord(errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') result[field] = first;
  }
  return result;
}

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

function failureMessage(body: unknown, fieldErrors: FieldErrors, status: number): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  return Object.values(fieldErrors)[0] ?? `Request failed with status ${status}`;
}

/** Success is `true` (this server) or `1` (the older one); anything else throws ApiError. */
function readEnvelope<T>(status: number, text: string, envelope: boolean): ApiResponse<T> {
  const body = parseBody(text);
  const ok = status >= 200 && status < 300;
  if (ok && body === null) return { data: null as T, message: undefined, body: {} };
  if (ok && !envelope && isRecord(body)) return { data: body as T, message: undefined, body };
  if (ok && isRecord(body) && (body.success === true || body.success === 1)) {
    return { data: body.data as T, message: typeof body.message === 'string' ? body.message : undefined, body };
  }
  if (status === 401) clearSession();
  // The older server answered `errors` in places; ours always answers `error`.
  const fieldErrors = isRecord(body) ? firstMessages(body.error ?? body.errors) : {};
  throw new ApiError(status, failureMessage(body, fieldErrors, status), body, fieldErrors);
}

interface RawResponse {
  status: number;
  text: string;
  /** Retry-After in seconds, when the answer gave one */
  retryAfter?: number;
}

/**
 * A 503 is the server saying that something it needs (its database, its file store) is briefly away,
 * with Retry-After. A read (GET) changes nothing, so it is asked again on its own, after each of these
 * waits or the server's Retry-After when longer; the last 503 is the caller's (its message says "try
 * again in a moment", in the reader's language). A write is never sent again on its own: after a lost
 * connection the server cannot always know whether its transaction committed (a create sent twice would
 * make two records), so the person sees the message and sends it again. The chunked upload's chunks are
 * the exception (chunkedUpload.ts): the server takes the same chunk twice as once.
 */
export const readRetry = {
  delaysMs: [1_000, 2_000, 4_000, 8_000],
  /** the longest Retry-After honoured */
  maxWaitMs: 30_000,
  wait: (ms: number, signal: AbortSignal | undefined): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('The request was aborted.', 'AbortError'));
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

const retryAfterOf = (value: string | null | undefined): number | undefined => {
  const seconds = value ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

function sendWithXhr(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: FormData | string | undefined,
  signal: AbortSignal | undefined,
  onProgress: (percent: number) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The request was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText, retryAfter: retryAfterOf(xhr.getResponseHeader?.('retry-after')) });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'Network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body ?? null);
  });
}

async function sendWithFetch(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: FormData | string | undefined,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  return { status: response.status, text: await response.text(), retryAfter: retryAfterOf(response.headers?.get('retry-after')) };
}

/**
 * Calls the API and unwraps the envelope. Throws ApiError when the HTTP status is not 2xx or
 * success is not true/1; a 401 also clears the stored session (spec 1 section 8).
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', query, signal, onUploadProgress, auth = true, envelope = true } = options;
  const url = buildUrl(path, query);
  const encoded = encodeBody(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const send = () =>
    onUploadProgress
      ? sendWithXhr(method, url, headers, encoded.body, signal, onUploadProgress)
      : sendWithFetch(method, url, headers, encoded.body, signal);
  let raw = await send();
  if (method === 'GET') {
    for (const delay of readRetry.delaysMs) {
      if (raw.status !== 503) break;
      await readRetry.wait(Math.max(delay, Math.min(readRetry.maxWaitMs, (raw.retryAfter ?? 0) * 1000)), signal);
      raw = await send();
    }
  }
  return readEnvelope<T>(raw.status, raw.text, envelope);
}

/** Sends form data with upload progress in percent. */
export function apiUpload<T = unknown>(
  path: string,
  formData: FormData,
  onProgress: (percent: number) => void,
  options: Omit<ApiFetchOptions, 'body' | 'onUploadProgress'> = {},
): Promise<ApiResponse<T>> {
  return apiFetch<T>(path, { method: 'POST', ...options, body: formData, onUploadProgress: onProgress });
}

/**
 * The older console rewrote every server link to https. We do it only when the console itself is
 * served over https (DESIGN section 5), so a plain-http local setup keeps working.
 */
export function toHttps(url: string, pageProtocol: string = window.location.protocol): string {
  return pageProtocol === 'https:' && url.startsWith('http://') ? `https://${url.slice('http://'.length)}` : url;
}

/**
 * The record with the links of its stored files (objects with a `path`, at any depth: `file`,
 * `reports[]`, an embedded doctor's `file`) given over https when the console is (toHttps). Other
 * texts stay as they are, so a form never writes back a changed value.
 */
export function withHttpsFileLinks<T>(value: T, pageProtocol: string = window.location.protocol): T {
  if (pageProtocol !== 'https:') return value;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) out[key] = walk(item);
    if (typeof v.path === 'string') {
      out.path = toHttps(v.path, pageProtocol);
      if (typeof v.viewer === 'string') out.viewer = toHttps(v.viewer, pageProtocol);
    }
    return out;
  };
  return walk(value) as T;
}
