/**
 * The console's data provider in the browser, with no server: react-admin's standard calls from
 * ra-data-fakerest over the demo data (demoData.ts), and the console's extra calls
 * (AppDataProviderMethods) answered from the same records in memory. The worked example of plugging in
 * another backend (README): records carry react-admin's `id` (here the server's number, so references
 * such as `doctor_id` name records by id), files are kept as object URLs, exports are built in the
 * browser and downloaded.
 */
import fakeRestDataProvider from 'ra-data-fakerest';
import { HttpError, type DataProvider, type GetListResult, type Identifier, type RaRecord } from 'ra-core';
import type { AdminNotification } from '../../../contract/api';
import type { AppDataProvider } from '../dataProvider';
import type { BulkResult, LocationImportResult, OpenSlot } from '../consoleMethods';
import type { DashboardData } from '../dashboard';
import { isKeptFile, withFileValues, type FileValue } from '../files';
import { readBell } from '../notifications';
import { readPromotional, type PromotionalData, type PromotionalSlider, type PromotionalTestimonial } from '../promotional';
import { SEARCH_RESOURCES, type SearchGroup } from '../search';
import { getUid, updateSessionProfile } from '../session';
import type { DemoData, RawOpenSlot } from './demoData';

export interface FakeProviderOptions {
  /** Where downloads go (tests replace it); by default a link the browser follows. */
  download?: (url: string, fileName: string) => void;
  /** Object URLs for uploaded files (tests replace it: jsdom has none). */
  objectUrl?: (blob: Blob) => string;
  /** Milliseconds of pretend latency. */
  delay?: number;
}

/** A number when the text is one (ids in routes are text), else the value as it is. */
const asId = (id: Identifier): Identifier => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * react-admin's record: the server's number as `id` (references such as `doctor_id` are those numbers
 * already), and as `number` for display (a ticket's "#12"), as the real provider gives it; stored
 * files as `{ src, title }` (files.ts), as the real provider gives them.
 */
const toRecord = (raw: Record<string, unknown>): RaRecord => ({
  ...withFileValues(raw),
  id: raw.id as Identifier,
  number: raw.id,
});

/** An open slot as the screens read it: the server's encrypted id, which names it in a booking, as its id. */
const openSlot = ({ encrypted_id, ...slot }: RawOpenSlot): OpenSlot => ({ ...slot, id: encrypted_id });

const defaultDownload = (url: string, fileName: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
};

const csvCell = (value: unknown): string => {
  const text = value == null ? '' : isRecord(value) || Array.isArray(value) ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows as CSV with a header of every plain field (objects and lists written as JSON). */
export function toCsv(rows: Record<string, unknown>[]): string {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((field) => field !== 'number');
  return [fields.map(csvCell).join(','), ...rows.map((row) => fields.map((field) => csvCell(row[field])).join(','))].join('\r\n');
}

const nameOf = (record: Record<string, unknown>): string =>
  [record.f_name, record.l_name].filter((part) => typeof part === 'string' && part).join(' ') ||
  String(record.title ?? record.name ?? record.email ?? record.id ?? '');

/** fakerest's operators on a field (`age_gte`, `status_neq`, ...). */
const OPERATOR = /_(gte|lte|gt|lt|neq|eq|q|inc|ninc|inc_any)$/;

/**
 * A list filter of the screens in fakerest's terms: text search as `q`, the date range (start_date,
 * end_date) on created_at, ids given as text as numbers; keys naming no field of the records (the
 * server's own conventions, such as paginate) are left out.
 */
export function toFakeFilter(filter: Record<string, unknown> | undefined, fields: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === '' || value === null) continue;
    if (key === 'q' || key === 'search') out.q = value;
    else if (key === 'start_date') out.created_at_gte = value;
    else if (key === 'end_date') out.created_at_lte = `${String(value)}T23:59:59.999Z`;
    else if (fields.has(key) || fields.has(key.replace(OPERATOR, ''))) {
      out[key] = typeof value === 'string' && /^\d+$/.test(value) && key.endsWith('_id') ? Number(value) : Array.isArray(value) ? value.map((v) => asId(v as Identifier)) : value;
    }
  }
  return out;
}

/** The resources the dashboard and the search read. */
const PATIENTS = 'app-users';

export function createFakeDataProvider(data: DemoData, options: FakeProviderOptions = {}): AppDataProvider {
  const { download = defaultDownload, objectUrl = (blob: Blob) => URL.createObjectURL(blob), delay } = options;
  const collections: Record<string, RaRecord[]> = Object.fromEntries(
    Object.entries(data.resources).map(([name, records]) => [name, records.map(toRecord)]),
  );
  // the audit log and the notifications are custom routes of the real server: empty collections here
  collections['audit-log'] ??= [];
  collections.notifications ??= [];
  const base: DataProvider = fakeRestDataProvider(collections, false, delay);
  /** The fields the records of each resource hold (for toFakeFilter). */
  const fieldsOf = (resource: string) => new Set([...(collections[resource] ?? []).flatMap((record) => Object.keys(record)), 'id']);

  /** A file value of a form (a File, or react-admin's { rawFile, src, title }) kept as an object URL, as `{ src, title, type }`. */
  const keepFile = (value: unknown): unknown => {
    if (value instanceof Blob) {
      const title = value instanceof File ? value.name : 'file';
      return { src: objectUrl(value), title, type: value.type } satisfies FileValue;
    }
    if (isRecord(value) && value.rawFile instanceof Blob) {
      const title = typeof value.title === 'string' ? value.title : value.rawFile instanceof File ? value.rawFile.name : 'file';
      return { src: objectUrl(value.rawFile), title, type: value.rawFile.type } satisfies FileValue;
    }
    return Array.isArray(value) ? value.map(keepFile) : value;
  };
  const withFiles = (values: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, keepFile(value)]));

  const all = async (resource: string, filter: Record<string, unknown> = {}, sort?: { field: string; order: 'ASC' | 'DESC' }) =>
    (await base.getList(resource, { filter: toFakeFilter(filter, fieldsOf(resource)), sort: sort ?? { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 1_000_000 } })).data;

  /** A notification's record named by the id this provider's getOne takes (the server's data names it by its encrypted id). */
  const withFakeDataId = (notification: AdminNotification): AdminNotification => {
    const { resource, encrypted_id: encryptedId } = notification.data ?? {};
    const record = typeof resource === 'string' ? collections[resource]?.find((r) => r.encrypted_id === encryptedId) : undefined;
    return record ? { ...notification, data: { ...notification.data, id: record.id } } : notification;
  };
  const notifications: AdminNotification[] = readBell(data.bell).notifications.map(withFakeDataId);
  let promotional: PromotionalData = withFileValues(readPromotional(data.promotional));
  let password = data.admin.password;
  let nextId = 1_000_000;

  const standard: DataProvider = {
    ...base,
    getList: async (resource, params) => {
      // the admin list leaves the signed-in admin out, as the server's does
      const uid = getUid();
      const filter = toFakeFilter(params.filter as Record<string, unknown>, fieldsOf(resource));
      return base.getList(resource, { ...params, filter: resource === 'admins' && uid !== null ? { ...filter, id_neq: uid } : filter });
    },
    getOne: (resource, params) => base.getOne(resource, { ...params, id: asId(params.id) }),
    getMany: (resource, params) => base.getMany(resource, { ...params, ids: params.ids.map(asId) }),
    getManyReference: (resource, params) =>
      base.getManyReference(resource, { ...params, id: asId(params.id), filter: toFakeFilter(params.filter as Record<string, unknown>, fieldsOf(resource)) }),
    create: async (resource, params) => {
      const now = new Date().toISOString();
      const { data: record } = await base.create(resource, { ...params, data: { created_at: now, updated_at: now, ...withFiles(params.data as Record<string, unknown>) } });
      // its number, as the records read have it
      await base.update(resource, { id: record.id, data: { number: record.id }, previousData: record });
      return { data: { ...record, number: record.id } };
    },
    update: async (resource, params) => {
      const values = withFiles(params.data as Record<string, unknown>);
      const { data: record } = await base.update(resource, { ...params, id: asId(params.id), data: { ...values, updated_at: new Date().toISOString() } });
      return { data: { ...record, number: record.id } };
    },
    updateMany: (resource, params) => base.updateMany(resource, { ...params, ids: params.ids.map(asId) }),
    delete: (resource, params) => base.delete(resource, { ...params, id: asId(params.id) }),
    deleteMany: (resource, params) => base.deleteMany(resource, { ...params, ids: params.ids.map(asId) }),
  };

  const exportRows = async (resource: string, rows: Record<string, unknown>[], fileName: string) => {
    const url = objectUrl(new Blob([toCsv(rows)], { type: 'text/csv' }));
    download(url, fileName);
    return { data: url };
  };

  return {
    ...(standard as AppDataProvider),

    async updateStatus(resource, { id, status, ...rest }) {
      const { data: record } = await base.update(resource, { id: asId(id), data: { status, ...rest }, previousData: { id } });
      return { data: record };
    },

    async exportList(resource, { filter, sort } = {}) {
      const rows = await all(resource, filter, sort);
      return exportRows(resource, rows, `${resource}-${new Date().toISOString().slice(0, 10)}.csv`);
    },

    async bulkAction(resource, { action, ids }) {
      const done: Identifier[] = [];
      const refused: BulkResult['refused'] = [];
      const held = new Set((await all(resource)).map((record) => record.id));
      for (const id of ids) {
        if (!held.has(asId(id))) {
          refused.push({ id, status: 404, message: 'Record not found.' });
          continue;
        }
        if (action === 'delete') await base.delete(resource, { id: asId(id) });
        else await base.update(resource, { id: asId(id), data: { status: action === 'block' ? 2 : 1 }, previousData: { id } });
        done.push(id);
      }
      return { data: { done, refused }, message: '' };
    },

    async exportRecord(resource, { id }) {
      const { data: record } = await base.getOne(resource, { id: asId(id) });
      const submissions = Array.isArray(record.submissions) ? (record.submissions as Record<string, unknown>[]) : [record];
      return exportRows(resource, submissions, `${resource}-${String(id)}.csv`);
    },

    async getRecordList(resource, { id, list, page = 1, perPage = 25 }) {
      const { data: record } = await base.getOne(resource, { id: asId(id) });
      const items = Array.isArray(record[list]) ? (record[list] as Record<string, unknown>[]) : [];
      const rows = items.map((item, index) => ({ ...item, id: (item.id as Identifier | undefined) ?? index + 1 }));
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length } as GetListResult<RaRecord>;
    },

    async getDutySlots({ doctorId, month }) {
      return { data: data.dutySlots[`${String(asId(doctorId))}:${month}`] ?? [] };
    },

    async getOpenSlots({ doctorId, month }) {
      return { data: (data.openSlots[`${String(asId(doctorId))}:${month}`] ?? []).map(openSlot) };
    },

    async rescheduleAppointment({ id, slotId }) {
      const slot = Object.values(data.openSlots).flat().map(openSlot).find((open) => open.id === slotId);
      if (!slot) throw new HttpError('That slot is not open any more.', 422, { errors: { slot_id: 'That slot is not open any more.' } });
      const { data: record } = await base.update('appointments', { id: asId(id), data: { date: slot.date, s_time: slot.s_time, e_time: slot.e_time }, previousData: { id } });
      return { data: record };
    },

    async uploadChunked(file, { onProgress }) {
      onProgress?.(100);
      return { src: objectUrl(file), title: file.name, type: file.type };
    },

    async getPermissionModules() {
      return { data: data.permissionModules };
    },

    async changePassword({ id, oldPassword, password: next, confirmPassword }) {
      if (next !== confirmPassword) throw new HttpError('The passwords do not match.', 422, { errors: { confirmPassword: 'The passwords do not match.' } });
      if (id === undefined || id === '') {
        if (oldPassword !== password) throw new HttpError('The current password is not right.', 422, { errors: { oldPassword: 'The current password is not right.' } });
        password = next;
      }
      return { message: 'Password changed.' };
    },

    async getProfile() {
      return base.getOne('admins', { id: getUid() ?? 0 });
    },

    async updateProfile(values) {
      const { f_name, l_name, phone, email, file } = values;
      const changes = withFiles({ f_name, l_name, phone, email, ...(file instanceof Blob || (isRecord(file) && file.rawFile instanceof Blob) ? { file } : {}) });
      const { data: record } = await base.update('admins', { id: getUid() ?? 0, data: changes, previousData: { id: getUid() ?? 0 } });
      updateSessionProfile({
        f_name: typeof record.f_name === 'string' ? record.f_name : undefined,
        file: isKeptFile(record.file) ? { path: record.file.src } : undefined,
      });
      return { data: record };
    },

    async getDashboard() {
      return { data: await dashboardOf(all) };
    },

    async search({ q }) {
      const text = q.trim().toLowerCase();
      if (text.length < 2) return { data: [] };
      const groups: SearchGroup[] = [];
      for (const resource of SEARCH_RESOURCES) {
        const matches = (collections[resource] ? await all(resource) : []).filter((record) => nameOf(record).toLowerCase().includes(text) || String(record.email ?? '').toLowerCase().includes(text));
        if (matches.length === 0) continue;
        groups.push({
          resource,
          hits: matches.slice(0, 5).map((record) => ({ id: String(record.id), label: nameOf(record), detail: typeof record.email === 'string' ? record.email : null })),
          more: matches.length > 5,
        });
      }
      return { data: groups };
    },

    async getAuditFacets() {
      const rows = await all('audit-log');
      const distinct = (field: string) => [...new Set(rows.map((row) => row[field]).filter((value): value is string => typeof value === 'string'))];
      return { data: { resources: distinct('resource'), actions: distinct('action') } };
    },

    async getNotifications() {
      return { data: { notifications: [...notifications], count: notifications.filter((n) => !n.is_read).length } };
    },

    async markNotificationsRead({ ids } = {}) {
      let marked = 0;
      for (const notification of notifications) {
        if (!notification.is_read && (!ids || ids.includes(notification.id))) {
          notification.is_read = true;
          marked += 1;
        }
      }
      return { data: { marked } };
    },

    async sendNotification({ sendTo, title, body }) {
      const audience = sendTo === 'admin' ? 'admins' : sendTo === 'doctor' ? 'doctors' : PATIENTS;
      const recipients = (await all(audience)).length;
      const id = (nextId += 1);
      const channel = sendTo === 'admin' ? 'web' : 'mobile';
      const me = (collections.admins ?? []).find((admin) => admin.id === getUid());
      await base.create('notifications', {
        data: { id, encrypted_id: String(id), send_to: sendTo, channel, title, body, recipients, delivered: recipients, status: 'sent', created_at: new Date().toISOString(), sent_by_name: me ? nameOf(me) : null },
      });
      if (sendTo === 'admin') {
        notifications.unshift({ id, type: 'broadcast', body: { title, body }, data: null, is_read: false, created_at: new Date().toISOString() });
      }
      return {
        data: { id, encrypted_id: String(id), recipients, delivered: recipients, status: 'sent', channel },
        message: `Sent to ${recipients}.`,
      };
    },

    async getRealtimeConfig() {
      return { data: null };
    },

    async authorizeChannel() {
      return { data: null };
    },

    async importLocations(file, dryRun) {
      const lines = (await file.text()).split(/\r?\n/).filter((line) => line.trim() !== '');
      const rows = Math.max(lines.length - 1, 0);
      const result: LocationImportResult = { dry_run: dryRun, rows, districts: 0, tehsils: 0, areas: 0, errors: [] };
      return { data: result, message: undefined };
    },

    async getPromotional() {
      return { data: promotional };
    },

    async savePromotionalSection(section, values, { onProgress } = {}) {
      const kept = withFiles(values);
      promotional = { ...promotional, [section]: { ...(promotional[section] ?? {}), ...kept } };
      onProgress?.(100);
      return { data: promotional[section] ?? {}, message: undefined };
    },

    async addPromotionalItem(collection, values) {
      const created_at = new Date().toISOString();
      const id = String((nextId += 1));
      if (collection === 'slider') {
        const file = keepFile(values.file);
        const item: PromotionalSlider = { id, created_at, file: isRecord(file) ? file : null };
        promotional = { ...promotional, sliders: [...promotional.sliders, item] };
        return { data: item, message: undefined };
      }
      const item: PromotionalTestimonial = { id, created_at, name: String(values.name ?? ''), text: String(values.text ?? '') };
      promotional = { ...promotional, testimonials: [...promotional.testimonials, item] };
      return { data: item, message: undefined };
    },

    async deletePromotionalItem(collection, id) {
      promotional =
        collection === 'slider'
          ? { ...promotional, sliders: promotional.sliders.filter((item) => item.id !== id) }
          : { ...promotional, testimonials: promotional.testimonials.filter((item) => item.id !== id) };
      return { data: { id } };
    },
  };
}

/** The dashboard's figures, counted from the records (GET /dashboard's shape, dashboard.ts). */
async function dashboardOf(all: (resource: string) => Promise<RaRecord[]>): Promise<DashboardData> {
  const [admins, doctors, patients, chws, appointments, cities, tasks] = await Promise.all(
    ['admins', 'doctors', PATIENTS, 'chw', 'appointments', 'cities', 'tasks'].map((resource) => all(resource).catch(() => [] as RaRecord[])),
  );
  const cityOf = (record: RaRecord): unknown => record.city_id ?? (isRecord(record.city) ? record.city.id : undefined);
  const byMonth = new Map<string, number>();
  for (const appointment of appointments ?? []) {
    const date = String(appointment.date ?? appointment.created_at ?? '').slice(0, 7);
    if (/^\d{4}-\d{2}$/.test(date)) byMonth.set(date, (byMonth.get(date) ?? 0) + 1);
  }
  return {
    total_users: (doctors?.length ?? 0) + (patients?.length ?? 0) + (chws?.length ?? 0),
    admins: admins?.length ?? 0,
    doctors: doctors?.length ?? 0,
    patients: patients?.length ?? 0,
    cities: (cities ?? [])
      .map((city) => ({
        city_name: nameOf(city),
        doctor_count: (doctors ?? []).filter((doctor) => cityOf(doctor) === city.id).length,
        patient_count: (patients ?? []).filter((patient) => cityOf(patient) === city.id).length,
      }))
      .filter((city) => city.doctor_count + city.patient_count > 0),
    appointments: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([appointment_month, total_appointments]) => ({ appointment_month, total_appointments })),
    tasks: (tasks ?? []).map((task) => ({
      task_name: nameOf(task),
      submission_count: typeof task.submissions_count === 'number' ? task.submissions_count : Array.isArray(task.submissions) ? task.submissions.length : 0,
    })),
  };
}
