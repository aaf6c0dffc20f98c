/**
 * The console's calls beyond react-admin's standard ones (README, "Plugging in another backend"), as
 * /api/admin answers them. The standard ones are in baseDataProvider.ts; dataProvider.ts joins both.
 */
import { HttpError } from 'ra-core';
import type { GetListResult, Identifier, RaRecord, SortPayload } from 'ra-core';
import type { DutySlot } from '../../contract/dutyRoster';
import type { PermissionModule } from '../../contract/permissions';
import { apiFetch, apiUrl as defaultApiUrl, isRecord, toFormData, toHttps, withHttpsFileLinks } from './http';
import { encodeId, filterQuery, idLookup, LIST_PATHS, normaliseRecord, readList, request, sortQuery, unwrapFile, type HttpClient } from './baseDataProvider';
import { isKeptFile, withFileValues } from './files';
import { uploadChunked, type ChunkedUploadOptions, type UploadedFile } from './chunkedUpload';
import { readDashboard, type DashboardData } from './dashboard';
import { readSearch, type SearchGroup } from './search';
import { PROMOTIONAL_PATHS, readPromotional, readSlider, readTestimonial, type PromotionalCollection, type PromotionalData, type PromotionalItem, type PromotionalSection, type PromotionalValues } from './promotional';
import { CHANNEL_OF, readBell, readSentNotification, type Audience, type BellData, type SendValues, type SentNotificationResult } from './notifications';
import { readRealtimeConfig, type ChannelAuthorization, type ChannelAuthorizationRequest, type RealtimeConfig } from './realtime';
import { toServerKeys } from './references';
import { serverMessageKey } from './serverMessages';
import { getPusherId, updateSessionProfile } from './session';

/** A slot open to booking: its id is what a booking's `slot_id` and a reschedule's `slotId` take. */
export interface OpenSlot {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  s_time: string;
  e_time: string;
}

export interface ExportParams {
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  format?: 'csv' | 'xlsx';
  /** the reader's language, time zone and labels (headers by field, status words as `status.1`), for the file's headers, words and dates */
  reader?: { lang: string; tz: string; labels: Record<string, string> };
}

/**
 * What a bulk action did: the records done, and each refused one with its reason. The reason is a
 * message to translate: the server's text, or its catalogue key (`server.<code>`, serverMessages.ts).
 */
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
  updateStatus(resource: string, params: { id: Identifier; status: number | string; cancel_reason_id?: Identifier }): Promise<{ data: RaRecord }>;
  /** Asks for a download link and sends the browser to it; resolves with the link. */
  exportList(resource: string, params?: ExportParams): Promise<{ data: string }>;
  /** Deletes, blocks or unblocks the selected records, each on its own (POST /{resource}/bulk/{action}). */
  bulkAction(resource: string, params: { action: 'delete' | 'block' | 'unblock'; ids: Identifier[] }): Promise<{ data: BulkResult; message: string }>;
  /** What one record holds, as a file (a survey form's submissions): asks for its download link and sends the browser to it. */
  exportRecord(resource: string, params: { id: Identifier; format?: 'csv' | 'xlsx' }): Promise<{ data: string }>;
  /** A record's own paged list, GET /{resource}/{id}/{list} (a message's recipients). */
  getRecordList(resource: string, params: { id: Identifier; list: string; page?: number; perPage?: number; signal?: AbortSignal }): Promise<GetListResult<RaRecord>>;
  /** A doctor's stored duty-roster slots of one month (YYYY-MM), for the Working Hours calendar. */
  getDutySlots(params: { doctorId: Identifier; month: string; signal?: AbortSignal }): Promise<{ data: DutySlot[] }>;
  /** A doctor's slots of one month (YYYY-MM) open to booking and not started yet, by date and time. */
  getOpenSlots(params: { doctorId: Identifier; month: string; signal?: AbortSignal }): Promise<{ data: OpenSlot[] }>;
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
  /** How many a notification sent now to the audience would reach (the send form's count before its confirmation). */
  countNotificationAudience(params: { sendTo: Audience; signal?: AbortSignal }): Promise<{ data: { recipients: number } }>;
  /** Sends a notification to an audience; the message says how many received it. */
  sendNotification(params: SendValues): Promise<{ data: SentNotificationResult; message: string | undefined }>;
  /** How the real-time socket connects; null when real time is off. */
  getRealtimeConfig(params?: SignalParams): Promise<{ data: RealtimeConfig | null }>;
  /** Signs a private channel subscription of the socket; null when the server refuses that channel. */
  authorizeChannel(params: ChannelAuthorizationRequest): Promise<{ data: ChannelAuthorization | null }>;
  /** Checks (dryRun) or imports a CSV of districts, tehsils and VC areas; a refused import rejects with the rows' problems. */
  importLocations(file: File, dryRun: boolean): Promise<{ data: LocationImportResult; message: string | undefined }>;
  /** The landing site's content (the Promotional screen): four sections, the sliders and the testimonials. */
  getPromotional(params?: SignalParams): Promise<{ data: PromotionalData }>;
  /**
   * Stores one section: its texts, a new file as a File, a removed file as null (a field left out keeps
   * its stored file). `onProgress`: percent of the body sent.
   */
  savePromotionalSection(section: PromotionalSection, values: PromotionalValues, options?: { onProgress?: (percent: number) => void }): Promise<{ data: PromotionalValues; message: string | undefined }>;
  /** Adds a slider (`{ file }`) or a testimonial (`{ name, text }`). */
  addPromotionalItem(collection: PromotionalCollection, values: Record<string, unknown>): Promise<{ data: PromotionalItem | null; message: string | undefined }>;
  deletePromotionalItem(collection: PromotionalCollection, id: string): Promise<{ data: { id: string } }>;
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

export interface DataProviderOptions {
  apiUrl?: string;
  http?: HttpClient;
  /** Where export links are opened (tests replace it). */
  navigate?: (url: string) => void;
  /** The page's protocol, for toHttps (tests replace it). */
  pageProtocol?: () => string;
}


const PROFILE_FIELDS = ['f_name', 'l_name', 'phone', 'email'] as const;

/** The console's calls beyond react-admin's standard ones, for /api/admin. */
export function createConsoleMethods(options: DataProviderOptions = {}): AppDataProviderMethods {
  const {
    apiUrl = defaultApiUrl,
    http = apiFetch,
    navigate = (url: string) => window.location.assign(url),
    pageProtocol = () => window.location.protocol,
  } = options;
  const path = (...segments: string[]): string => [apiUrl, ...segments].join('/');
  const lookup = idLookup(apiUrl, http);
  /** A doctor named by its id (encrypted) or the server's number, as the server's number. */
  const doctorKey = async (doctorId: Identifier) => (await toServerKeys({ doctor_id: doctorId }, lookup)).doctor_id;

  return {
    async updateStatus(resource, { id, status, ...rest }) {
      // references (a cancellation's reason) go as the server's numeric keys (references.ts)
      const { data } = await request<unknown>(http, path(resource, 'status', encodeId(id)), {
        method: 'PUT',
        body: { status, ...(await toServerKeys(rest, lookup)) },
      });
      return { data: isRecord(data) && (data.encrypted_id ?? data.id) != null ? normaliseRecord(data, resource) : { id, status } };
    },

    async importLocations(file, dryRun) {
      const { data, message } = await request<LocationImportResult>(http, path('locations', 'import'), {
        method: 'POST',
        body: toFormData({ file, dry_run: dryRun }),
      });
      return { data, message };
    },

    async bulkAction(resource, { action, ids }) {
      const { data, message } = await request<{ done: Identifier[]; refused: { id: Identifier; status: number; message: string; code?: unknown; values?: unknown }[] }>(http, path(resource, 'bulk', action), { method: 'POST', body: { ids } });
      // each reason in the user's language: its catalogue key when the server named its code (and its values' codes)
      const refused = data.refused.map(({ code, values, ...row }) => ({ ...row, message: serverMessageKey(row.message, code, values) }));
      return { data: { done: data.done, refused }, message: message ?? '' };
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
      const { data } = await request<unknown>(http, path('appointments', 'open-slots'), { query: { doctor_id: await doctorKey(doctorId), month }, signal });
      if (!Array.isArray(data)) throw new HttpError('The server answered without a list.', 500, data);
      // the server names an open slot by its encrypted id only: that is its id
      return { data: data.filter(isRecord).map(({ encrypted_id, ...slot }) => ({ ...slot, id: encrypted_id }) as OpenSlot) };
    },

    async rescheduleAppointment({ id, slotId }) {
      const { data } = await request<unknown>(http, path('appointments', 'reschedule', encodeId(id)), { method: 'PUT', body: { slot_id: slotId } });
      return { data: normaliseRecord(data, 'appointments') };
    },

    async getDutySlots({ doctorId, month, signal }) {
      const { data } = await request<unknown>(http, path('duty-roasters', 'slots'), { query: { doctor_id: await doctorKey(doctorId), month }, signal });
      if (!Array.isArray(data)) throw new HttpError('The server answered without a list.', 500, data);
      return { data: data as DutySlot[] };
    },

    /** The resumable uploader (chunkedUpload.ts) on this server's chunk route. */
    uploadChunked: (file, options) => uploadChunked(http, path('media-file', 'upload-chunk'), file, options),

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
      return { data: normaliseRecord(data, 'admins') };
    },

    async updateProfile(values) {
      const body: Record<string, unknown> = {};
      for (const field of PROFILE_FIELDS) body[field] = values[field];
      // the current password, asked for when the email changes
      if (typeof values.password === 'string' && values.password) body.password = values.password;
      // An unchanged photo is the stored { src, title }, which must not be sent back as a file.
      const file = unwrapFile(values.file);
      if (file instanceof Blob) body.file = file;
      const { data } = await request<unknown>(http, path('admins', 'profile'), { method: 'POST', body: toFormData(body) });
      const record = normaliseRecord(data, 'admins');
      updateSessionProfile({
        f_name: typeof record.f_name === 'string' ? record.f_name : undefined,
        file: isKeptFile(record.file) ? { path: record.file.src } : undefined,
      });
      return { data: record };
    },

    async getPromotional({ signal } = {}) {
      const { data } = await request<unknown>(http, path('promotional'), { signal });
      return { data: withFileValues(withHttpsFileLinks(readPromotional(data), pageProtocol())) };
    },

    async savePromotionalSection(section, values, { onProgress } = {}) {
      const { data, message } = await request<unknown>(http, path('promotional', PROMOTIONAL_PATHS[section], 'store'), {
        method: 'POST',
        body: values,
        onUploadProgress: onProgress,
      });
      return { data: withFileValues(withHttpsFileLinks(isRecord(data) ? data : {}, pageProtocol())), message };
    },

    async addPromotionalItem(collection, values) {
      const { data, message } = await request<unknown>(http, path('promotional', PROMOTIONAL_PATHS[collection], 'store'), { method: 'POST', body: values });
      return { data: withFileValues(withHttpsFileLinks(collection === 'slider' ? readSlider(data) : readTestimonial(data), pageProtocol())), message };
    },

    async deletePromotionalItem(collection, id) {
      await request(http, path('promotional', PROMOTIONAL_PATHS[collection], encodeId(id)), { method: 'DELETE' });
      return { data: { id } };
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

    async countNotificationAudience({ sendTo, signal }) {
      const { data } = await request<unknown>(http, path('notifications', 'audience'), { query: { sendTo, ...CHANNEL_OF[sendTo] }, signal });
      const recipients = isRecord(data) ? data.recipients : undefined;
      if (typeof recipients !== 'number') throw new HttpError('The server did not count the audience.', 500, data);
      return { data: { recipients } };
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
}
