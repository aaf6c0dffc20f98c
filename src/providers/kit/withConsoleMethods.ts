/**
 * `withConsoleMethods(dataProvider, options)`: a console over any react-admin data provider. The
 * console's own calls (AppDataProviderMethods) are derived from react-admin's nine standard ones where
 * they can be (CONSOLE_METHODS says how each is, or that it cannot be); `options.methods` gives the ones
 * the backend answers itself, and they win. A call that can be neither rejects with a 501 whose message
 * the screens show ("This backend does not offer this feature."). The standard calls are passed on, with
 * the console's list conventions applied (conventions.ts): status words as stored values, `paginate` left
 * out (a whole list is asked for as a page of `perPage`), the signed-in admin left out of the admin list.
 */
import { HttpError, type CreateParams, type DataProvider, type GetListParams, type GetListResult, type Identifier, type RaRecord, type UpdateParams } from 'ra-core';
import { PERMISSION_MODULES } from '../../../contract/permissions';
import type { AppDataProviderMethods, BulkResult } from '../consoleMethods';
import type { DashboardData } from '../dashboard';
import type { Audience } from '../notifications';
import { SEARCH_RESOURCES, type SearchGroup } from '../search';
import { SELF_EXCLUDED_LISTS, STATUS, statusValue } from './conventions';
import { downloadLink, nameOf, spreadsheetFile, toTable, type ExportFormat } from './spreadsheet';
import { unsupported } from './unsupported';

/** The list each audience of a notification is (conventions: the console's resource names). */
export const AUDIENCE_LISTS: Record<Audience, string> = { admin: 'admins', doctor: 'doctors', patient: 'app-users' };

export type ConsoleMethodName = keyof AppDataProviderMethods;

/** How each console call is had from a stock provider: `derived` (and from what), or `unsupported` (and what the screen does). */
export const CONSOLE_METHODS: Record<ConsoleMethodName, { how: 'derived' | 'unsupported'; from: string }> = {
  updateStatus: { how: 'derived', from: 'getOne, then update with the new `status`' },
  exportList: { how: 'derived', from: 'getList (every page), a CSV or XLSX built in the browser and downloaded' },
  bulkAction: { how: 'derived', from: 'delete, or getOne and update with `status` 1/2, for each id; a refusal is reported with its status' },
  exportRecord: { how: 'derived', from: "getOne: the record's `submissions` as a file built in the browser" },
  getRecordList: { how: 'derived', from: "getOne: the record's list field, paged in the browser" },
  getDutySlots: { how: 'unsupported', from: 'the Working Hours calendar says the backend does not offer it' },
  getOpenSlots: { how: 'unsupported', from: 'booking and rescheduling say the backend does not offer them' },
  rescheduleAppointment: { how: 'unsupported', from: 'Reschedule says the backend does not offer it' },
  uploadChunked: { how: 'derived', from: "a plain upload: the file goes with the record's create or update, as react-admin's `{ rawFile, src, title }`" },
  getPermissionModules: { how: 'derived', from: "the console's own list (contract/permissions.ts)" },
  changePassword: { how: 'unsupported', from: 'Change Password says the backend does not offer it (a password is the auth provider\'s business)' },
  getProfile: { how: 'derived', from: "getOne('admins', the identity's id)" },
  updateProfile: { how: 'derived', from: "getOne, then update of the signed-in admin's record" },
  getDashboard: { how: 'derived', from: 'getList: totals, and the charts counted from the lists' },
  search: { how: 'derived', from: 'getList with `q` on the searched modules, five hits each' },
  getAuditFacets: { how: 'derived', from: "getList('audit-log'): the resources and actions it holds (none without one)" },
  getNotifications: { how: 'derived', from: 'an empty bell (no inbox of one\'s own without the backend\'s)' },
  markNotificationsRead: { how: 'derived', from: 'nothing to mark' },
  countNotificationAudience: { how: 'derived', from: "getList's total of the audience's active records (`status` 1: admins, doctors, app-users)" },
  sendNotification: { how: 'derived', from: "create('notifications') with the audience counted as countNotificationAudience counts it; nobody's bell rings" },
  getRealtimeConfig: { how: 'derived', from: 'real time off (lists and the bell do not follow changes live)' },
  authorizeChannel: { how: 'derived', from: 'real time off' },
  importLocations: { how: 'unsupported', from: 'Import locations says the backend does not offer it' },
  getPromotional: { how: 'unsupported', from: 'the Promotional screen says the backend does not offer it' },
  savePromotionalSection: { how: 'unsupported', from: 'the Promotional screen' },
  addPromotionalItem: { how: 'unsupported', from: 'the Promotional screen' },
  deletePromotionalItem: { how: 'unsupported', from: 'the Promotional screen' },
};

export interface ConsoleMethodsOptions {
  /** The signed-in admin (usually the auth provider's getIdentity): left out of the admin list; his profile. */
  getIdentity?: () => Promise<{ id: Identifier }>;
  /** The calls the backend answers itself: they replace the derived ones. */
  methods?: Partial<AppDataProviderMethods>;
  /** Where a file built in the browser goes (default: a link clicked). */
  download?: (url: string, fileName: string) => void;
  /** A link to a file held in the browser (default: URL.createObjectURL). */
  objectUrl?: (blob: Blob) => string;
  /** Records a page when a whole list is read (exports, the dashboard): 1,000 by default. */
  pageSize?: number;
}

type Values = Record<string, unknown>;
const isRecord = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The console's list filter in stock terms: status words as stored values, `paginate` left out, `search` as `q`. */
export function stockFilter(filter: unknown): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(isRecord(filter) ? filter : {})) {
    if (key === 'paginate' || value === undefined) continue;
    if (key === 'search') out.q ??= value;
    else out[key] = key === 'status' ? statusValue(value) : value;
  }
  return out;
}

export function withConsoleMethods<P extends DataProvider>(dataProvider: P, options: ConsoleMethodsOptions = {}): P & AppDataProviderMethods {
  const { getIdentity, methods = {}, download = downloadLink, objectUrl = (blob: Blob) => URL.createObjectURL(blob), pageSize = 1000 } = options;
  const me = async (): Promise<Identifier> => {
    const identity = getIdentity ? await getIdentity().catch(() => null) : null;
    if (!identity) throw new HttpError('Not signed in.', 401);
    return identity.id;
  };

  const getList = async (resource: string, params: GetListParams): Promise<GetListResult> => {
    const result = await dataProvider.getList(resource, { ...params, filter: stockFilter(params.filter) });
    if (!SELF_EXCLUDED_LISTS.includes(resource) || !getIdentity) return result;
    const self = await me().catch(() => null);
    const data = result.data.filter((record) => String(record.id) !== String(self));
    return data.length === result.data.length ? result : { ...result, data, ...(result.total === undefined ? {} : { total: result.total - 1 }) };
  };

  /** Every record of a list (page after page). */
  const all = async (resource: string, filter: Values = {}, sort = { field: 'id', order: 'ASC' as 'ASC' | 'DESC' }): Promise<RaRecord[]> => {
    const records: RaRecord[] = [];
    for (let page = 1; ; page += 1) {
      const { data, total, pageInfo } = await getList(resource, { filter, sort, pagination: { page, perPage: pageSize } });
      records.push(...data);
      const more = total !== undefined ? records.length < total : Boolean(pageInfo?.hasNextPage);
      if (!more || data.length === 0) return records;
    }
  };
  /** How many records a list holds (all of them: the signed-in admin counts among the admins), with `filter` when given. */
  const total = async (resource: string, filter: Values = {}): Promise<number> => {
    const { data, total: counted } = await dataProvider.getList(resource, { filter: stockFilter(filter), sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 1 } });
    return counted ?? data.length;
  };
  /** Who a notification reaches: the audience's active records (the send and its count alike). */
  const audienceSize = (sendTo: Audience): Promise<number> => total(AUDIENCE_LISTS[sendTo], { status: STATUS.active });

  /** Files chosen for a plain upload, by the link uploadChunked answered: sent with the record's write. */
  const uploads = new Map<string, File>();
  const withUploads = (data: unknown): unknown => {
    if (typeof data === 'string' && uploads.has(data)) return { rawFile: uploads.get(data), src: data, title: uploads.get(data)!.name };
    if (Array.isArray(data)) return data.map(withUploads);
    return isRecord(data) && !(data.rawFile instanceof Blob) ? Object.fromEntries(Object.entries(data).map(([key, value]) => [key, withUploads(value)])) : data;
  };

  /** A record written back whole with a change (a stock PUT replaces the record). */
  const change = async (resource: string, id: Identifier, values: Values) => {
    const { data: record } = await dataProvider.getOne(resource, { id });
    return dataProvider.update(resource, { id, data: { ...record, ...values }, previousData: record });
  };

  const saveFile = (blob: Blob, fileName: string) => {
    const url = objectUrl(blob);
    download(url, fileName);
    return { data: url };
  };
  const today = () => new Date().toISOString().slice(0, 10);

  const derived: AppDataProviderMethods = {
    async updateStatus(resource, { id, status, ...rest }) {
      const { data } = await change(resource, id, { status, ...rest });
      return { data };
    },

    async exportList(resource, { filter, sort, format = 'csv', reader } = {}) {
      const records = await all(resource, filter, sort);
      return saveFile(spreadsheetFile(toTable(records, reader), format, reader), `${resource}-${today()}.${format}`);
    },

    async bulkAction(resource, { action, ids }) {
      const result: BulkResult = { done: [], refused: [] };
      for (const id of ids) {
        try {
          if (action === 'delete') await dataProvider.delete(resource, { id, previousData: { id } });
          else await change(resource, id, { status: action === 'block' ? STATUS.blocked : STATUS.active });
          result.done.push(id);
        } catch (error) {
          const status = error instanceof HttpError ? error.status : 500;
          result.refused.push({ id, status, message: error instanceof Error && error.message ? error.message : 'ra.notification.http_error' });
        }
      }
      return { data: result, message: '' };
    },

    async exportRecord(resource, { id, format = 'csv' }) {
      const { data: record } = await dataProvider.getOne(resource, { id });
      const rows = Array.isArray(record.submissions) ? (record.submissions as Values[]) : [record];
      return saveFile(spreadsheetFile(toTable(rows), format as ExportFormat), `${resource}-${String(id)}.${format}`);
    },

    async getRecordList(resource, { id, list, page = 1, perPage = 25 }) {
      const { data: record } = await dataProvider.getOne(resource, { id });
      const items = Array.isArray(record[list]) ? (record[list] as Values[]) : [];
      const rows = items.map((item, index) => ({ ...item, id: (item.id as Identifier | undefined) ?? index + 1 }));
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    },

    getDutySlots: unsupported('getDutySlots'),
    getOpenSlots: unsupported('getOpenSlots'),
    rescheduleAppointment: unsupported('rescheduleAppointment'),

    async uploadChunked(file, { onProgress }) {
      const src = objectUrl(file);
      uploads.set(src, file);
      onProgress?.(100);
      return { src, title: file.name, type: file.type };
    },

    async getPermissionModules() {
      return { data: PERMISSION_MODULES.map((module) => ({ ...module, permissions: [...module.permissions] })) };
    },

    changePassword: unsupported('changePassword'),

    async getProfile() {
      return dataProvider.getOne('admins', { id: await me() });
    },

    async updateProfile(values) {
      const { f_name, l_name, phone, email, file } = values;
      const fileValue = file instanceof Blob || (isRecord(file) && file.rawFile instanceof Blob) ? { file } : {};
      const { data } = await change('admins', await me(), { f_name, l_name, phone, email, ...fileValue });
      return { data };
    },

    async getDashboard() {
      const read = (resource: string) => all(resource).catch(() => [] as RaRecord[]);
      const count = (resource: string) => total(resource).catch(() => 0);
      const [admins, doctorCount, patientCount, chwCount, doctors, patients, cities, appointments, tasks] = await Promise.all([
        count('admins'), count('doctors'), count('app-users'), count('chw'), read('doctors'), read('app-users'), read('cities'), read('appointments'), read('tasks'),
      ]);
      return { data: dashboardOf({ admins, doctorCount, patientCount, chwCount, doctors, patients, cities, appointments, tasks }) };
    },

    async search({ q, signal }) {
      const text = q.trim();
      if (text.length < 2) return { data: [] };
      const groups = await Promise.all(
        SEARCH_RESOURCES.map(async (resource): Promise<SearchGroup | null> => {
          const found = await getList(resource, { filter: { q: text }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 5 }, signal }).catch(() => null);
          if (!found || found.data.length === 0) return null;
          const hits = found.data.map((record) => ({ id: String(record.id), label: nameOf(record), detail: typeof record.email === 'string' ? record.email : null }));
          return { resource, hits, more: (found.total ?? 0) > hits.length || Boolean(found.pageInfo?.hasNextPage) };
        }),
      );
      return { data: groups.filter((group): group is SearchGroup => group !== null) };
    },

    async getAuditFacets() {
      const rows = await all('audit-log').catch(() => [] as RaRecord[]);
      const distinct = (field: string) => [...new Set(rows.map((row) => row[field]).filter((value): value is string => typeof value === 'string'))];
      return { data: { resources: distinct('resource'), actions: distinct('action') } };
    },

    async getNotifications() {
      return { data: { notifications: [], count: 0 } };
    },

    async markNotificationsRead() {
      return { data: { marked: 0 } };
    },

    async countNotificationAudience({ sendTo }) {
      return { data: { recipients: await audienceSize(sendTo) } };
    },

    async sendNotification({ sendTo, title, body }) {
      const recipients = await audienceSize(sendTo).catch(() => 0);
      const channel = sendTo === 'admin' ? 'web' : 'mobile';
      const values = { send_to: sendTo, channel, title, body, recipients, delivered: recipients, status: 'sent', created_at: new Date().toISOString() };
      const { data } = await dataProvider.create('notifications', { data: values });
      const id = Number(data.id);
      return { data: { id, encrypted_id: String(data.id), recipients, delivered: recipients, status: 'sent', channel }, message: undefined };
    },

    async getRealtimeConfig() {
      return { data: null };
    },

    async authorizeChannel() {
      return { data: null };
    },

    importLocations: unsupported('importLocations'),
    getPromotional: unsupported('getPromotional'),
    savePromotionalSection: unsupported('savePromotionalSection'),
    addPromotionalItem: unsupported('addPromotionalItem'),
    deletePromotionalItem: unsupported('deletePromotionalItem'),
  };

  return {
    ...dataProvider,
    getList: (resource: string, params: GetListParams) => getList(resource, params),
    getManyReference: (resource, params) => dataProvider.getManyReference(resource, { ...params, filter: stockFilter(params.filter) }),
    create: (resource: string, params: CreateParams) => dataProvider.create(resource, { ...params, data: withUploads(params.data) as Values }),
    update: (resource: string, params: UpdateParams) => dataProvider.update(resource, { ...params, data: withUploads(params.data) as Values }),
    ...derived,
    ...methods,
  } as P & AppDataProviderMethods;
}

interface DashboardLists {
  admins: number;
  doctorCount: number;
  patientCount: number;
  chwCount: number;
  doctors: RaRecord[];
  patients: RaRecord[];
  cities: RaRecord[];
  appointments: RaRecord[];
  tasks: RaRecord[];
}

/** The dashboard's figures (GET /dashboard's shape, dashboard.ts), counted from the lists. */
export function dashboardOf({ admins, doctorCount, patientCount, chwCount, doctors, patients, cities, appointments, tasks }: DashboardLists): DashboardData {
  const cityOf = (record: RaRecord): unknown => record.city_id ?? (isRecord(record.city) ? record.city.id : undefined);
  const byMonth = new Map<string, number>();
  for (const appointment of appointments) {
    const month = String(appointment.date ?? appointment.created_at ?? '').slice(0, 7);
    if (/^\d{4}-\d{2}$/.test(month)) byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
  }
  return {
    total_users: doctorCount + patientCount + chwCount,
    admins,
    doctors: doctorCount,
    patients: patientCount,
    cities: cities
      .map((city) => ({
        city_name: nameOf(city),
        doctor_count: doctors.filter((doctor) => String(cityOf(doctor)) === String(city.id)).length,
        patient_count: patients.filter((patient) => String(cityOf(patient)) === String(city.id)).length,
      }))
      .filter((city) => city.doctor_count + city.patient_count > 0),
    appointments: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([appointment_month, total_appointments]) => ({ appointment_month, total_appointments })),
    tasks: tasks.map((task) => ({
      task_name: nameOf(task),
      submission_count: typeof task.submissions_count === 'number' ? task.submissions_count : Array.isArray(task.submissions) ? task.submissions.length : 0,
    })),
  };
}
