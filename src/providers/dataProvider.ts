/**
 * react-admin's DataProvider for /api/admin, in layers like ra-data-simple-rest: a base provider
 * built from (apiUrl, http), then the custom calls of this console. Conventions: docs/API-CONTRACT.md.
 */
import { HttpError } from 'ra-core';
import type {
  CreateResult,
  DataProvider,
  DeleteManyResult,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyReferenceResult,
  GetManyResult,
  GetOneResult,
  Identifier,
  RaRecord,
  SortPayload,
  UpdateManyResult,
  UpdateResult,
} from 'ra-core';
import type { PageLink } from '../../contract/api';
import type { DutySlot } from '../../contract/dutyRoster';
import type { PermissionModule } from '../../contract/permissions';
import {
  ApiError,
  apiFetch,
  apiUrl as defaultApiUrl,
  isRecord,
  toFormData,
  toHttps,
  type ApiFetchOptions,
  type ApiResponse,
  type QueryParams,
} from './http';
import { readDashboard, type DashboardData } from './dashboard';
import { readSearch, type SearchGroup } from './search';
import { CHANNEL_OF, readBell, readSentNotification, type BellData, type SendValues, type SentNotificationResult } from './notifications';
import { readRealtimeConfig, type ChannelAuthorization, type ChannelAuthorizationRequest, type RealtimeConfig } from './realtime';
import { getEncryptedId, getPusherId, getUid, updateSessionProfile } from './session';

export type HttpClient = <T = unknown>(path: string, options?: ApiFetchOptions) => Promise<ApiResponse<T>>;

/**
 * Server validation errors become HttpError 422 with body.errors, which react-admin's forms show
 * under each input. The older server also answered success:false with field errors on HTTP 200.
 */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 422 || Object.keys(error.fieldErrors).length > 0) {
    return new HttpError(error.message, 422, { errors: error.fieldErrors });
  }
  return new HttpError(error.message, error.status, error.body);
}

async function request<T>(http: HttpClient, path: string, options?: ApiFetchOptions): Promise<ApiResponse<T>> {
  try {
    return await http<T>(path, options);
  } catch (error) {
    throw toHttpError(error);
  }
}

const identifierOf = (value: unknown): Identifier | undefined =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? value : undefined;

/** The encrypted id is react-admin's id (routes take it); the numeric id stays as numeric_id for foreign keys. */
export function normaliseRecord(raw: unknown): RaRecord {
  const id = isRecord(raw) ? (identifierOf(raw.encrypted_id) ?? identifierOf(raw.id)) : undefined;
  if (!isRecord(raw) || id === undefined) throw new HttpError('The server answered without a record.', 500, raw);
  return { ...raw, id, numeric_id: raw.id };
}

const ID_KEYS = new Set(['id', 'numeric_id', 'encrypted_id']);

/** react-admin's FileInput and ImageInput hold { rawFile, src, title }; the server wants the file. */
const unwrapFile = (value: unknown): unknown => (isRecord(value) && value.rawFile instanceof Blob ? value.rawFile : value);

/** A file as the server presented it ({ path, type, mimeType }): already stored, so not sent again. */
const isStoredFile = (value: unknown): value is { path: string } =>
  isRecord(value) && typeof value.path === 'string' && typeof value.mimeType === 'string';

/**
 * A write sends the form values without any of the ids (the route carries the id). A stored file left
 * as it was is not sent; in a list of files it is named by its path, so the server keeps it.
 */
export function toWriteBody(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (ID_KEYS.has(key) || isStoredFile(value)) continue;
    body[key] = Array.isArray(value) ? value.map((item) => (isStoredFile(item) ? item.path : unwrapFile(item))) : unwrapFile(value);
  }
  return body;
}

export interface ListPage {
  data: RaRecord[];
  /** Absent in the older server's simple paginator. */
  total?: number;
  current_page?: number;
  last_page?: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  links: PageLink[];
}

const urlOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function readPage(data: unknown): ListPage {
  if (!isRecord(data) || !Array.isArray(data.data)) throw new HttpError('The server answered without a list.', 500, data);
  return {
    data: data.data.map(normaliseRecord),
    total: typeof data.total === 'number' ? data.total : undefined,
    current_page: typeof data.current_page === 'number' ? data.current_page : undefined,
    last_page: typeof data.last_page === 'number' ? data.last_page : undefined,
    next_page_url: urlOrNull(data.next_page_url),
    prev_page_url: urlOrNull(data.prev_page_url),
    links: Array.isArray(data.links) ? (data.links as PageLink[]) : [],
  };
}

/** A paged answer, or a plain array when paginate=false. */
function readList(data: unknown): GetListResult<RaRecord> {
  if (Array.isArray(data)) {
    const records = data.map(normaliseRecord);
    return { data: records, total: records.length };
  }
  const page = readPage(data);
  if (page.total !== undefined) return { data: page.data, total: page.total };
  return {
    data: page.data,
    pageInfo: { hasNextPage: page.next_page_url !== null, hasPreviousPage: page.prev_page_url !== null },
  };
}

function sortQuery(sort: SortPayload | undefined): QueryParams {
  if (!sort?.field) return {};
  return { sort: sort.field === 'numeric_id' ? 'id' : sort.field, order: sort.order.toLowerCase() };
}

/** Extra query parameters a caller passes as meta.query (detail fetches of some modules take them). */
const metaQuery = (meta: unknown): QueryParams => (isRecord(meta) && isRecord(meta.query) ? meta.query : {});

function filterQuery(filter: unknown): QueryParams {
  if (!isRecord(filter)) return {};
  const { q, ...rest } = filter;
  return { ...rest, search: q };
}

function listQuery(params: GetListParams): QueryParams {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  return {
    ...filterQuery(params.filter),
    ...metaQuery(params.meta),
    ...sortQuery(params.sort),
    page,
    per_page: perPage,
  };
}

const encodeId = (id: Identifier): string => encodeURIComponent(String(id));

/** Lists served somewhere else than GET /{resource}. */
const LIST_PATHS: Record<string, () => string> = {
  // The admin list is asked for on behalf of the signed-in admin, who is left out of it.
  admins: () => {
    const encryptedId = getEncryptedId();
    if (!encryptedId) throw new HttpError('Not signed in.', 401);
    return `admins/admin/${encodeURIComponent(encryptedId)}`;
  },
};

export function createBaseDataProvider(apiUrl: string = defaultApiUrl, http: HttpClient = apiFetch): DataProvider {
  const resourcePath = (resource: string): string => `${apiUrl}/${resource}`;
  const recordPath = (resource: string, id: Identifier): string => `${resourcePath(resource)}/${encodeId(id)}`;
  const listPath = (resource: string): string => {
    const custom = LIST_PATHS[resource];
    return custom ? `${apiUrl}/${custom()}` : resourcePath(resource);
  };

  const getList = async (resource: string, params: GetListParams): Promise<GetListResult<RaRecord>> => {
    // the choices of a select (meta.choices): GET /{resource}/choices, open to every signed-in admin
    const choices = isRecord(params.meta) && params.meta.choices === true;
    const { choices: _choices, ...meta } = isRecord(params.meta) ? params.meta : {};
    const { data } = await request<unknown>(http, choices ? `${resourcePath(resource)}/choices` : listPath(resource), {
      query: listQuery({ ...params, meta }),
      signal: params.signal,
    });
    return readList(data);
  };

  const writeRecord = async (method: 'PUT' | 'POST', path: string, body: Record<string, unknown>): Promise<RaRecord> => {
    const { data } = await request<unknown>(http, path, { method, body });
    return normaliseRecord(data);
  };

  return {
    getList: async (resource, params) => (await getList(resource, params)) as GetListResult,

    getOne: async (resource, params) => {
      const { data } = await request<unknown>(http, recordPath(resource, params.id), {
        query: metaQuery(params.meta),
        signal: params.signal,
      });
      return { data: normaliseRecord(data) } as GetOneResult;
    },

    getMany: async (resource, params) => {
      const { data } = await request<unknown>(http, resourcePath(resource), {
        query: { ...metaQuery(params.meta), paginate: false, ids: params.ids },
        signal: params.signal,
      });
      return { data: readList(data).data } as GetManyResult;
    },

    getManyReference: async (resource, params) => {
      const filter = { ...(isRecord(params.filter) ? params.filter : {}), [params.target]: params.id };
      return (await getList(resource, { ...params, filter })) as GetManyReferenceResult;
    },

    create: async (resource, params) => {
      const uid = getUid();
      const body = { ...toWriteBody(params.data as Record<string, unknown>), ...(uid === null ? {} : { created_by: uid }) };
      return { data: await writeRecord('POST', resourcePath(resource), body) } as CreateResult;
    },

    update: async (resource, params) => {
      const body = toWriteBody(params.data as Record<string, unknown>);
      return { data: await writeRecord('PUT', recordPath(resource, params.id), body) } as UpdateResult;
    },

    updateMany: async (resource, params) => {
      const body = toWriteBody(params.data as Record<string, unknown>);
      await Promise.all(params.ids.map((id) => request(http, recordPath(resource, id), { method: 'PUT', body })));
      return { data: params.ids } as UpdateManyResult;
    },

    delete: async (resource, params) => {
      const { data } = await request<unknown>(http, recordPath(resource, params.id), { method: 'DELETE' });
      const deleted = isRecord(data) && identifierOf(data.encrypted_id ?? data.id) !== undefined ? normaliseRecord(data) : null;
      return { data: deleted ?? params.previousData ?? { id: params.id } } as DeleteResult;
    },

    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => request(http, recordPath(resource, id), { method: 'DELETE' })));
      return { data: params.ids } as DeleteManyResult;
    },
  };
}

/** A slot open to booking, named by its encrypted id. */
export interface OpenSlot {
  encrypted_id: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  s_time: string;
  e_time: string;
}

export interface UploadedFile {
  path: string;
  mimeType?: string;
}

export interface ChunkedUploadOptions {
  folder: string;
  /** 5 MB for health literacy content (spec 1 section 7); the default elsewhere too. */
  chunkSizeMb?: number;
  /** Percent of the whole file sent, never decreasing, ending at 100 (a resumed upload starts at what the server holds). */
  onProgress?: (percent: number) => void;
  /** A chunk failed and is tried again (`offline`: waiting for the connection first); null once a chunk went through after that. */
  onRetry?: (retry: UploadRetry | null) => void;
  signal?: AbortSignal;
  /** Tries of one request before giving up (5). */
  attempts?: number;
  /** The first wait between tries, doubled each time up to 15 s (1 s). */
  retryDelayMs?: number;
  /** How long to wait for the browser to be online again before giving up (2 minutes). */
  offlineWaitMs?: number;
}

export interface UploadRetry {
  /** the try about to be made, from 2 */
  attempt: number;
  attempts: number;
  offline: boolean;
}

/** The message of an upload given up after its retries (spec 3 section 8), an i18n key. */
export const UPLOAD_FAILED = 'app.upload.failed';

export interface ExportParams {
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  format?: 'csv' | 'xlsx';
  /** the reader's language, time zone and labels (headers by field, status words as `status.1`), for the file's headers, words and dates */
  reader?: { lang: string; tz: string; labels: Record<string, string> };
}

/** What a bulk action did: the records done, and each refused one with its reason. */
export interface BulkResult {
  done: Identifier[];
  refused: { id: Identifier; status: number; message: string }[];
}

export interface ChangePasswordParams {
  /** Another admin's encrypted id; absent to change one's own password. */
  id?: Identifier;
  /** Required for one's own password. */
  oldPassword?: string;
  password: string;
  confirmPassword: string;
}

/** A call that can be cancelled (react-query hands its signal over). */
export interface SignalParams {
  signal?: AbortSignal;
}

/**
 * The calls of this console beyond react-admin's standard ones. Another backend plugged into App
 * implements these too (README, "Plugging in another backend").
 */
export interface AppDataProviderMethods {
  /** A status change: the account status (1, 2) or a named one, with what it needs (a cancellation reason). */
  updateStatus(resource: string, params: { id: Identifier; status: number | string; cancel_reason_id?: number }): Promise<{ data: RaRecord }>;
  /** Asks for a download link and sends the browser to it; resolves with the link. */
  exportList(resource: string, params?: ExportParams): Promise<{ data: string }>;
  /** Deletes, blocks or unblocks the selected records, each on its own (POST /{resource}/bulk/{action}). */
  bulkAction(resource: string, params: { action: 'delete' | 'block' | 'unblock'; ids: Identifier[] }): Promise<{ data: BulkResult; message: string }>;
  /** What one record holds, as a file (a survey form's submissions): asks for its download link and sends the browser to it. */
  exportRecord(resource: string, params: { id: Identifier; format?: 'csv' | 'xlsx' }): Promise<{ data: string }>;
  /** A record's own paged list, GET /{resource}/{id}/{list} (a message's recipients). */
  getRecordList(resource: string, params: { id: Identifier; list: string; page?: number; perPage?: number; signal?: AbortSignal }): Promise<GetListResult<RaRecord>>;
  /** A doctor's stored duty-roster slots of one month (YYYY-MM), for the Working Hours calendar. */
  getDutySlots(params: { doctorId: number; month: string; signal?: AbortSignal }): Promise<{ data: DutySlot[] }>;
  /** A doctor's slots of one month (YYYY-MM) open to booking and not started yet, by date and time. */
  getOpenSlots(params: { doctorId: number; month: string; signal?: AbortSignal }): Promise<{ data: OpenSlot[] }>;
  /** Moves a booked appointment to another open slot (of the same or another doctor) in one step: the old slot opens, or nothing changes. */
  rescheduleAppointment(params: { id: Identifier; slotId: string }): Promise<{ data: RaRecord }>;
  uploadChunked(file: File, options: ChunkedUploadOptions): Promise<UploadedFile>;
  getPermissionModules(): Promise<{ data: PermissionModule[] }>;
  changePassword(params: ChangePasswordParams): Promise<{ message: string }>;
  getProfile(): Promise<{ data: RaRecord }>;
  /** Sends f_name, l_name, phone, email and a new photo (file) as multipart; refreshes the stored name and photo. */
  updateProfile(data: Record<string, unknown>): Promise<{ data: RaRecord }>;
  /** The dashboard's totals and chart series. */
  getDashboard(params?: SignalParams): Promise<{ data: DashboardData }>;
  /** The app bar's search: people, admins, campaigns and forms matching `q`, a group per module the admin may view (none under two characters). */
  search(params: { q: string; signal?: AbortSignal }): Promise<{ data: SearchGroup[] }>;
  /** The resources and actions the audit log holds (the audit viewer's filters). */
  getAuditFacets(params?: SignalParams): Promise<{ data: { resources: string[]; actions: string[] } }>;
  /** The signed-in admin's newest notifications (the bell) and how many are unread. */
  getNotifications(params?: SignalParams): Promise<{ data: BellData }>;
  /** Marks the given notifications read, or all of one's own when no ids are given. */
  markNotificationsRead(params?: { ids?: number[] }): Promise<{ data: { marked: number } }>;
  /** Sends a notification to an audience; the message says how many received it. */
  sendNotification(params: SendValues): Promise<{ data: SentNotificationResult; message: string | undefined }>;
  /** How the real-time socket connects; null when real time is off. */
  getRealtimeConfig(params?: SignalParams): Promise<{ data: RealtimeConfig | null }>;
  /** Signs a private channel subscription of the socket; null when the server refuses that channel. */
  authorizeChannel(params: ChannelAuthorizationRequest): Promise<{ data: ChannelAuthorization | null }>;
  /** Checks (dryRun) or imports a CSV of districts, tehsils and VC areas; a refused import rejects with the rows' problems. */
  importLocations(file: File, dryRun: boolean): Promise<{ data: LocationImportResult; message: string | undefined }>;
}

/** What a location import checked or did: rows read, what it adds, and each bad row (line and problem). */
export interface LocationImportResult {
  dry_run: boolean;
  rows: number;
  districts: number;
  tehsils: number;
  areas: number;
  errors: { line: number; message: string }[];
}

export type AppDataProvider = DataProvider & AppDataProviderMethods;

export interface DataProviderOptions {
  apiUrl?: string;
  http?: HttpClient;
  /** Where export links are opened (tests replace it). */
  navigate?: (url: string) => void;
  /** The page's protocol, for toHttps (tests replace it). */
  pageProtocol?: () => string;
}

const PROFILE_FIELDS = ['f_name', 'l_name', 'phone', 'email'] as const;

function readUploadedFile(response: ApiResponse<unknown>): UploadedFile {
  const candidates: unknown[] = [response.body.file, isRecord(response.data) ? response.data.file : undefined, response.data];
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.path === 'string') {
      return typeof candidate.mimeType === 'string'
        ? { path: candidate.path, mimeType: candidate.mimeType }
        : { path: candidate.path };
    }
  }
  throw new HttpError('The server did not return the uploaded file.', 500, response.body);
}

/** Failures worth another try: no answer at all, a timeout, throttling, or the server's own trouble. */
const retryable = (error: unknown): boolean =>
  error instanceof HttpError && (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Resolves when the browser says it is online again (true), or false after `ms`. */
function untilOnline(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const done = (value: boolean) => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      signal?.removeEventListener('abort', abort);
      resolve(value);
    };
    const online = () => done(true);
    const abort = () => {
      done(false);
      reject(abortError());
    };
    const timer = setTimeout(() => done(navigator.onLine), ms);
    window.addEventListener('online', online);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The id of one file's upload, kept in sessionStorage so that choosing the same file again after a
 * dropped connection or a page reload resumes it (same name, size, date, folder and chunk size).
 */
const uploadIdStore = {
  keyOf: (file: File, folder: string, chunkSize: number) => `upload:${folder}:${chunkSize}:${file.size}:${file.lastModified}:${file.name}`,
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, id: string): void {
    try {
      sessionStorage.setItem(key, id);
    } catch {
      // storage full or refused: this upload just will not resume after a reload
    }
  },
  forget(key: string): void {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing to forget
    }
  },
};

const newUploadId = () => `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** The whole file's SHA-256 (hex) for files up to this size, checked by the server on assembly; larger files go without. */
const HASHED_UP_TO = 64 * 1024 * 1024;

async function sha256Of(file: File): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || file.size > HASHED_UP_TO || typeof file.arrayBuffer !== 'function') return null;
  try {
    const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export function createDataProvider(options: DataProviderOptions = {}): AppDataProvider {
  const {
    apiUrl = defaultApiUrl,
    http = apiFetch,
    navigate = (url: string) => window.location.assign(url),
    pageProtocol = () => window.location.protocol,
  } = options;
  const base = createBaseDataProvider(apiUrl, http);
  const path = (...segments: string[]): string => [apiUrl, ...segments].join('/');

  const custom: AppDataProviderMethods = {
    async updateStatus(resource, { id, status, ...rest }) {
      const { data } = await request<unknown>(http, path(resource, 'status', encodeId(id)), {
        method: 'PUT',
        body: { status, ...rest },
      });
      return { data: isRecord(data) && (data.encrypted_id ?? data.id) != null ? normaliseRecord(data) : { id, status } };
    },

    async importLocations(file, dryRun) {
      const { data, message } = await request<LocationImportResult>(http, path('locations', 'import'), {
        method: 'POST',
        body: toFormData({ file, dry_run: dryRun }),
      });
      return { data, message };
    },

    async bulkAction(resource, { action, ids }) {
      const { data, message } = await request<BulkResult>(http, path(resource, 'bulk', action), { method: 'POST', body: { ids } });
      return { data, message: message ?? '' };
    },

    async exportList(resource, { filter, sort, format, reader } = {}) {
      const listPath = LIST_PATHS[resource];
      const readerQuery = reader ? { lang: reader.lang, tz: reader.tz, labels: JSON.stringify(reader.labels) } : {};
      const { data } = await request<unknown>(http, listPath ? path(listPath()) : path(resource), {
        query: { ...filterQuery(filter), ...sortQuery(sort), format, download: true, ...readerQuery },
      });
      const link = typeof data === 'string' ? data : isRecord(data) && typeof data.url === 'string' ? data.url : null;
      if (!link) throw new HttpError('The server did not return a download link.', 500, data);
      const url = toHttps(link, pageProtocol());
      navigate(url);
      return { data: url };
    },

    async exportRecord(resource, { id, format }) {
      const { data } = await request<unknown>(http, path(resource, 'export', encodeId(id)), { query: { format } });
      if (typeof data !== 'string' || !data) throw new HttpError('The server did not return a download link.', 500, data);
      const url = toHttps(data, pageProtocol());
      navigate(url);
      return { data: url };
    },

    async getRecordList(resource, { id, list, page = 1, perPage = 25, signal }) {
      const { data } = await request<unknown>(http, path(resource, encodeId(id), list), { query: { page, per_page: perPage }, signal });
      return readList(data);
    },

    async getOpenSlots({ doctorId, month, signal }) {
      const { data } = await request<unknown>(http, path('appointments', 'open-slots'), { query: { doctor_id: doctorId, month }, signal });
      if (!Array.isArray(data)) throw new HttpError('The server answered without a list.', 500, data);
      return { data: data as OpenSlot[] };
    },

    async rescheduleAppointment({ id, slotId }) {
      const { data } = await request<unknown>(http, path('appointments', 'reschedule', encodeId(id)), { method: 'PUT', body: { slot_id: slotId } });
      return { data: normaliseRecord(data) };
    },

    async getDutySlots({ doctorId, month, signal }) {
      const { data } = await request<unknown>(http, path('duty-roasters', 'slots'), { query: { doctor_id: doctorId, month }, signal });
      if (!Array.isArray(data)) throw new HttpError('The server answered without a list.', 500, data);
      return { data: data as DutySlot[] };
    },

    /**
     * Sends a file in chunks, resumably: the upload's id is kept per file (sessionStorage), the server
     * is asked first which chunks it already holds and those are skipped; a chunk that fails for want
     * of a connection (or a server error) is tried again with growing waits, after waiting for the
     * browser to be online, and the upload is given up (UPLOAD_FAILED) after `attempts` tries. A
     * refusal (422, 413...) is final and answered as is.
     */
    async uploadChunked(file, { folder, chunkSizeMb = 5, onProgress, onRetry, signal, attempts = 5, retryDelayMs = 1000, offlineWaitMs = 120_000 }) {
      const chunkSize = Math.max(1, Math.floor(chunkSizeMb * 1024 * 1024));
      const totalChunks = Math.max(1, Math.ceil(file.size / chunkSize));
      const storeKey = uploadIdStore.keyOf(file, folder, chunkSize);
      let timestamp = uploadIdStore.get(storeKey) ?? newUploadId();
      uploadIdStore.set(storeKey, timestamp);
      const fileExtension = extensionOf(file.name);
      const endpoint = path('media-file', 'upload-chunk');
      const boundsOf = (index: number) => [index * chunkSize, Math.min(file.size, (index + 1) * chunkSize)] as const;

      let reported = -1;
      const report = (sentBytes: number) => {
        const percent = file.size === 0 ? 100 : Math.min(100, Math.floor((sentBytes / file.size) * 100));
        if (percent > reported) {
          reported = percent;
          onProgress?.(percent);
        }
      };

      /** One request, tried again while it fails for want of a connection. */
      const withRetries = async <T>(send: () => Promise<T>): Promise<T> => {
        let retried = false;
        for (let attempt = 1; ; attempt += 1) {
          try {
            const result = await send();
            if (retried) onRetry?.(null);
            return result;
          } catch (error) {
            if (isAbort(error) || !retryable(error)) throw error;
            if (attempt >= attempts) throw new HttpError(UPLOAD_FAILED, error instanceof HttpError ? error.status : 0, error instanceof HttpError ? error.body : null);
            retried = true;
            if (isOffline()) {
              onRetry?.({ attempt: attempt + 1, attempts, offline: true });
              if (!(await untilOnline(offlineWaitMs, signal))) throw new HttpError(UPLOAD_FAILED, 0, null);
            } else {
              onRetry?.({ attempt: attempt + 1, attempts, offline: false });
              await wait(Math.min(15_000, retryDelayMs * 2 ** (attempt - 1)), signal);
            }
          }
        }
      };

      const identity = () => ({ timestamp, folder, fileExtension, ...(file.type ? { mimeType: file.type } : {}), totalChunks });

      /** What the server holds of this upload: the indexes received, or the file when it is done. An older server without the query: nothing. */
      const askServer = async (): Promise<{ received: Set<number>; file: UploadedFile | null }> => {
        try {
          const response = await withRetries(() => request<unknown>(http, endpoint, { query: identity(), signal }));
          const data = isRecord(response.data) ? response.data : {};
          const received = Array.isArray(data.received) ? data.received.filter((i): i is number => typeof i === 'number' && i >= 0 && i < totalChunks) : [];
          return { received: new Set(received), file: isRecord(data.file) ? readUploadedFile(response) : null };
        } catch (error) {
          if (error instanceof HttpError && [404, 405].includes(error.status)) return { received: new Set(), file: null };
          throw error;
        }
      };

      const finish = (uploaded: UploadedFile) => {
        uploadIdStore.forget(storeKey);
        report(file.size);
        return uploaded;
      };

      try {
        let known = await askServer().catch((error: unknown) => {
          // the stored id belongs to an upload cut in other chunks: start a new one
          if (error instanceof HttpError && error.status === 422 && isRecord(error.body) && isRecord(error.body.errors) && 'totalChunks' in error.body.errors) return null;
          throw error;
        });
        if (!known) {
          timestamp = newUploadId();
          uploadIdStore.set(storeKey, timestamp);
          known = { received: new Set<number>(), file: null };
        }
        if (known.file) return finish(known.file);

        const received = known.received;
        let doneBytes = 0;
        for (const index of received) doneBytes += boundsOf(index)[1] - boundsOf(index)[0];
        report(doneBytes);
        const sha256 = await sha256Of(file);

        let last: ApiResponse<unknown> | undefined;
        for (let index = 0; index < totalChunks; index += 1) {
          if (received.has(index)) continue;
          const [start, end] = boundsOf(index);
          const before = doneBytes;
          last = await withRetries(() => {
            // the fields before the file part: the server then writes the chunk in place as it arrives
            const form = new FormData();
            form.append('index', String(index));
            form.append('totalChunks', String(totalChunks));
            form.append('timestamp', timestamp);
            form.append('fileExtension', fileExtension);
            if (file.type) form.append('mimeType', file.type);
            form.append('folder', folder);
            if (sha256) form.append('sha256', sha256);
            form.append('chunk', file.slice(start, end), file.name);
            return request<unknown>(http, endpoint, {
              method: 'POST',
              body: form,
              signal,
              onUploadProgress: onProgress ? (percent) => report(before + ((end - start) * percent) / 100) : undefined,
            });
          });
          received.add(index);
          doneBytes += end - start;
          report(doneBytes);
        }
        // every chunk was on the server already, but not yet assembled (its answer was lost): ask again
        if (!last) {
          const again = await askServer();
          if (again.file) return finish(again.file);
          throw new HttpError(UPLOAD_FAILED, 0, null);
        }
        return finish(readUploadedFile(last));
      } catch (error) {
        // a refusal or a give-up: the next try of this file starts afresh
        if (!isAbort(error)) uploadIdStore.forget(storeKey);
        throw error;
      }
    },

    async getPermissionModules() {
      const { data } = await request<unknown>(http, path('roles', 'modules'));
      if (!Array.isArray(data)) throw new HttpError('The server did not return the permission modules.', 500, data);
      return { data: data as PermissionModule[] };
    },

    async changePassword({ id, oldPassword, password, confirmPassword }) {
      const response =
        id === undefined || id === ''
          ? await request(http, path('admins', 'change-password'), {
              method: 'POST',
              body: { oldPassword, password, confirmPassword },
            })
          : await request(http, path('admins', 'change-password', encodeId(id)), {
              method: 'PUT',
              body: { password, confirmPassword },
            });
      return { message: response.message ?? '' };
    },

    async getProfile() {
      const { data } = await request<unknown>(http, path('admins', 'profile'));
      return { data: normaliseRecord(data) };
    },

    async updateProfile(values) {
      const body: Record<string, unknown> = {};
      for (const field of PROFILE_FIELDS) body[field] = values[field];
      // the current password, asked for when the email changes
      if (typeof values.password === 'string' && values.password) body.password = values.password;
      // An unchanged photo is the stored { path }, which must not be sent back as a file.
      const file = unwrapFile(values.file);
      if (file instanceof Blob) body.file = file;
      const { data } = await request<unknown>(http, path('admins', 'profile'), { method: 'POST', body: toFormData(body) });
      const record = normaliseRecord(data);
      updateSessionProfile({
        f_name: typeof record.f_name === 'string' ? record.f_name : undefined,
        file: isRecord(record.file) && typeof record.file.path === 'string' ? { path: record.file.path } : undefined,
      });
      return { data: record };
    },

    async getDashboard({ signal } = {}) {
      const { data } = await request<unknown>(http, path('dashboard'), { signal });
      return { data: readDashboard(data) };
    },

    async search({ q, signal }) {
      const { data } = await request<unknown>(http, path('search'), { query: { q }, signal });
      return { data: readSearch(data) };
    },

    async getAuditFacets({ signal } = {}) {
      const { data } = await request<unknown>(http, path('audit-log', 'facets'), { signal });
      const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
      return { data: { resources: texts(isRecord(data) ? data.resources : null), actions: texts(isRecord(data) ? data.actions : null) } };
    },

    async getNotifications({ signal } = {}) {
      // The bell is one's own: the route names the signed-in admin's pusher id.
      const pusherId = getPusherId();
      if (!pusherId) return { data: { notifications: [], count: 0 } };
      const { data } = await request<unknown>(http, path('notifications', 'web', 'admin', encodeURIComponent(pusherId)), { signal });
      return { data: readBell(data) };
    },

    async markNotificationsRead({ ids } = {}) {
      const { data } = await request<unknown>(http, path('notifications', 'mark-read'), { method: 'POST', body: ids ? { ids } : {} });
      return { data: { marked: isRecord(data) && typeof data.marked === 'number' ? data.marked : 0 } };
    },

    async sendNotification({ sendTo, title, body }) {
      const { data, message } = await request<unknown>(http, path('notifications', 'send'), {
        method: 'POST',
        body: { sendTo, title, body, ...CHANNEL_OF[sendTo] },
      });
      return { data: readSentNotification(data), message };
    },

    async getRealtimeConfig({ signal } = {}) {
      const { data } = await request<unknown>(http, path('realtime', 'config'), { signal });
      return { data: readRealtimeConfig(data) };
    },

    async authorizeChannel({ socketId, channelName }) {
      try {
        const { data } = await request<unknown>(http, path('broadcasting', 'auth'), {
          method: 'POST',
          body: { socket_id: socketId, channel_name: channelName },
          envelope: false,
        });
        if (!isRecord(data) || typeof data.auth !== 'string') throw new HttpError('The server did not sign the channel.', 500, data);
        return { data: typeof data.channel_data === 'string' ? { auth: data.auth, channel_data: data.channel_data } : { auth: data.auth } };
      } catch (error) {
        // A channel one may not listen on is refused quietly; anything else is an error.
        if (error instanceof HttpError && error.status === 403) return { data: null };
        throw error;
      }
    },
  };

  return { ...base, ...custom };
}

/** A 4xx answer will not change by asking again; anything else is retried twice (react-query's retry). */
export const retryUnlessClientError = (failures: number, error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return !(typeof status === 'number' && status >= 400 && status < 500) && failures < 2;
};

/** Follows a next/previous page link given by the server (spec 1 section 7). */
export async function fetchPageUrl(
  url: string,
  http: HttpClient = apiFetch,
  pageProtocol: string = window.location.protocol,
): Promise<ListPage> {
  const { data } = await request<unknown>(http, toHttps(url, pageProtocol));
  return readPage(data);
}

export const dataProvider: AppDataProvider = createDataProvider();

export default dataProvider;
