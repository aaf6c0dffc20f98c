/**
 * The console's data provider in the browser, with no server: react-admin's standard calls from
 * ra-data-fakerest over the demo data (demoData.ts), the console's calls derived from them by the kit
 * (withConsoleMethods: exports built in the browser, the dashboard counted, the search, bulk actions),
 * and the ones the dump answers (the doctors' slots, the bell, the promotional content). The worked
 * example of plugging in another backend (README): records carry react-admin's `id` (here the server's
 * number, so references such as `doctor_id` name records by id), files are kept as object URLs.
 */
import fakeRestDataProvider from 'ra-data-fakerest';
import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'ra-core';
import type { AdminNotification } from '../../../contract/api';
import type { AppDataProvider } from '../dataProvider';
import type { LocationImportResult, OpenSlot } from '../consoleMethods';
import { isKeptFile, withFileValues, type FileValue } from '../files';
import { readBell, type Audience } from '../notifications';
import { readPromotional, type PromotionalData, type PromotionalSlider, type PromotionalTestimonial } from '../promotional';
import { updateSessionProfile } from '../session';
import { RELATION_FILTERS, STATUS, relationIds, statusValue } from '../kit/conventions';
import { nameOf } from '../kit/spreadsheet';
import { AUDIENCE_LISTS, withConsoleMethods } from '../kit/withConsoleMethods';
import type { DemoData, RawOpenSlot } from './demoData';

export interface FakeProviderOptions {
  /** Where downloads go (tests replace it); by default a link the browser follows. */
  download?: (url: string, fileName: string) => void;
  /** Object URLs for uploaded files (tests replace it: jsdom has none). */
  objectUrl?: (blob: Blob) => string;
  /** Milliseconds of pretend latency. */
  delay?: number;
  /** The signed-in admin's id (the auth provider's identity): left out of the admin list; his profile. */
  getIdentity?: () => Promise<{ id: Identifier }>;
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

/** fakerest's operators on a field (`age_gte`, `status_neq`, ...). */
const OPERATOR = /_(gte|lte|gt|lt|neq|eq|q|inc|ninc|inc_any)$/;

/** A reference given as text (a route's id, a select's value) as the number the records hold. */
const asReference = (key: string, value: unknown): unknown =>
  typeof value === 'string' && /^\d+$/.test(value) && (key === 'id' || key.endsWith('_id')) ? Number(value) : Array.isArray(value) ? value.map((v) => asId(v as Identifier)) : value;

/**
 * A list filter of the screens in fakerest's terms (the console's conventions, kit/conventions.ts): text
 * search as `q`, the date range (start_date, end_date) on created_at, status words as the stored values,
 * ids given as text as numbers, a relation held as a list (a doctor's specializations) by one of its ids;
 * keys naming no field of the records (the server's own conventions, such as paginate) are left out.
 */
export function toFakeFilter(filter: Record<string, unknown> | undefined, fields: Set<string>, resource = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === '' || value === null) continue;
    const relation = RELATION_FILTERS[resource]?.[key];
    if (key === 'q' || key === 'search') out.q = value;
    else if (key === 'start_date') out.created_at_gte = value;
    else if (key === 'end_date') out.created_at_lte = `${String(value)}T23:59:59.999Z`;
    else if (key === 'status') out.status = statusValue(value);
    else if (key === 'ids') out.id = asReference('id', value);
    else if (relation && fields.has(relation)) out[`${relation}_ids`] = asReference(key, value);
    else if (fields.has(key) || fields.has(key.replace(OPERATOR, ''))) out[key] = asReference(key, value);
  }
  return out;
}

/** fakerest's filter, and the relations held as lists to match by one of their ids (`specializationIds_ids: 5`), which fakerest cannot. */
const listFilter = (resource: string, filter: Record<string, unknown>) => {
  const fields = Object.values(RELATION_FILTERS[resource] ?? {});
  const isRelation = (key: string) => key.endsWith('_ids') && fields.includes(key.slice(0, -4));
  return {
    plain: Object.fromEntries(Object.entries(filter).filter(([key]) => !isRelation(key))),
    relations: Object.entries(filter).filter(([key]) => isRelation(key)).map(([key, value]) => [key.slice(0, -4), value] as const),
  };
};

export function createFakeDataProvider(data: DemoData, options: FakeProviderOptions = {}): AppDataProvider {
  const { download, objectUrl = (blob: Blob) => URL.createObjectURL(blob), delay, getIdentity } = options;
  const collections: Record<string, RaRecord[]> = Object.fromEntries(
    Object.entries(data.resources).map(([name, records]) => [name, records.map(toRecord)]),
  );
  // the audit log and the notifications are custom routes of the real server: empty collections here
  collections['audit-log'] ??= [];
  collections.notifications ??= [];
  const base: DataProvider = fakeRestDataProvider(collections, false, delay);
  /** The fields the records of each resource hold (for toFakeFilter). */
  const fieldsOf = (resource: string) => new Set([...(collections[resource] ?? []).flatMap((record) => Object.keys(record)), 'id']);
  const me = async (): Promise<Identifier> => {
    const identity = getIdentity ? await getIdentity() : null;
    if (!identity) throw new HttpError('Not signed in.', 401);
    return asId(identity.id);
  };

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

  /** A list read with the console's filter; a relation held as a list filtered here (fakerest matches a list by all of its values). */
  const list = async (resource: string, params: Parameters<DataProvider['getList']>[1]) => {
    const filter = listFilter(resource, toFakeFilter(params.filter as Record<string, unknown>, fieldsOf(resource), resource));
    if (filter.relations.length === 0) return base.getList(resource, { ...params, filter: filter.plain });
    const { data: rows } = await base.getList(resource, { ...params, filter: filter.plain, pagination: { page: 1, perPage: 1_000_000 } });
    const held = rows.filter((row) => filter.relations.every(([field, value]) => relationIds(row[field]).some((id) => String(id) === String(value))));
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    return { data: held.slice((page - 1) * perPage, page * perPage), total: held.length };
  };

  const all = async (resource: string, filter: Record<string, unknown> = {}) =>
    (await list(resource, { filter, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 1_000_000 } })).data;

  /** Who a notification reaches, as the server counts it: the audience's active records (the signed-in admin among the admins); the send and its count alike. */
  const audienceSize = async (sendTo: Audience) => (await all(AUDIENCE_LISTS[sendTo], { status: STATUS.active })).length;

  /** The slots open to booking, as the dump holds them, by doctor and month; a booked one is taken out. */
  const openSlots = new Map(Object.entries(data.openSlots).map(([key, slots]) => [key, slots.map(openSlot)]));
  const findSlot = (slotId: unknown) => {
    for (const [key, slots] of openSlots) {
      const slot = slots.find((open) => open.id === slotId);
      if (slot) return { slot, doctorId: Number(key.split(':')[0]), take: () => openSlots.set(key, slots.filter((open) => open !== slot)) };
    }
    return null;
  };
  const slotGone = () => new HttpError('That slot is not open any more.', 422, { errors: { slot_id: 'That slot is not open any more.' } });
  /** A person as an appointment embeds them (the timeline and the lists read the doctor's and patient's names). */
  const embedded = (record: RaRecord | undefined) =>
    record ? { id: record.id, f_name: record.f_name, l_name: record.l_name, full_name: nameOf(record), photo: record.photo ?? null, email: record.email ?? null, parent_id: record.parent_id ?? null } : null;
  const person = (id: unknown) => [...(collections['app-users'] ?? []), ...(collections['family-members'] ?? [])].find((record) => String(record.id) === String(id));
  const doctor = (id: unknown) => (collections.doctors ?? []).find((record) => String(record.id) === String(id));

  /**
   * What the server adds to a booking (POST /appointments with `patient_id` and `slot_id`): the slot's
   * doctor, day and times, the status Booked, the doctor and patient embedded; the slot is no longer open,
   * and a request it answers is handled.
   */
  const booking = (values: Record<string, unknown>): Record<string, unknown> => {
    const found = findSlot(values.slot_id);
    if (!found) throw slotGone();
    found.take();
    const { request_id: requestId, ...rest } = values;
    if (requestId != null) void base.update('appointment-requests', { id: asId(requestId as Identifier), data: { handled_at: new Date().toISOString() }, previousData: { id: requestId as Identifier } });
    const patientId = asId(rest.patient_id as Identifier);
    return {
      ...rest,
      patient_id: patientId,
      doctor_id: found.doctorId,
      date: found.slot.date,
      s_time: found.slot.s_time,
      e_time: found.slot.e_time,
      status: 'Booked',
      doctor: embedded(doctor(found.doctorId)),
      patient: embedded(person(patientId)),
      booking_for: person(patientId)?.parent_id ? 'Family' : 'Self',
      is_new: true,
    };
  };

  /** A record of `resource` with this id, or a 404 (as a server answers; fakerest's own error is logged as a crash). */
  const held = async (resource: string, id: Identifier) => {
    const { total } = await base.getList(resource, { filter: { id: asId(id) }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } });
    if (!total) throw new HttpError('ra.notification.item_doesnt_exist', 404, { message: 'Not found.' });
    return asId(id);
  };

  const standard: DataProvider = {
    ...base,
    getList: (resource, params) => list(resource, params),
    getOne: async (resource, params) => base.getOne(resource, { ...params, id: await held(resource, params.id) }),
    getMany: (resource, params) => base.getMany(resource, { ...params, ids: params.ids.map(asId) }),
    getManyReference: (resource, params) => list(resource, { ...params, filter: { ...(params.filter as Record<string, unknown>), [params.target]: asId(params.id) } }),
    create: async (resource, params) => {
      const now = new Date().toISOString();
      const values = withFiles(params.data as Record<string, unknown>);
      const { data: record } = await base.create(resource, { ...params, data: { created_at: now, updated_at: now, ...(resource === 'appointments' ? booking(values) : values) } });
      // its number, as the records read have it
      await base.update(resource, { id: record.id, data: { number: record.id }, previousData: record });
      if (resource === 'appointment-requests' || !isRecord(params.data) || params.data.request_id == null) return { data: { ...record, number: record.id } };
      // the request this booking answers points at it
      await base.update('appointment-requests', { id: asId(params.data.request_id as Identifier), data: { appointment_id: record.id }, previousData: { id: params.data.request_id as Identifier } });
      return { data: { ...record, number: record.id } };
    },
    update: async (resource, params) => {
      const values = withFiles(params.data as Record<string, unknown>);
      const { data: record } = await base.update(resource, { ...params, id: await held(resource, params.id), data: { ...values, updated_at: new Date().toISOString() } });
      return { data: { ...record, number: record.id } };
    },
    updateMany: (resource, params) => base.updateMany(resource, { ...params, ids: params.ids.map(asId) }),
    delete: async (resource, params) => base.delete(resource, { ...params, id: await held(resource, params.id) }),
    deleteMany: (resource, params) => base.deleteMany(resource, { ...params, ids: params.ids.map(asId) }),
  };

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

  return withConsoleMethods(standard, {
    getIdentity,
    download,
    objectUrl,
    // the calls the dump answers (the real server's slots, bell and landing site), or that change the demo's own state
    methods: {
      async getDutySlots({ doctorId, month }) {
        return { data: data.dutySlots[`${String(asId(doctorId))}:${month}`] ?? [] };
      },

      async getOpenSlots({ doctorId, month }) {
        return { data: openSlots.get(`${String(asId(doctorId))}:${month}`) ?? [] };
      },

      async rescheduleAppointment({ id, slotId }) {
        const found = findSlot(slotId);
        if (!found) throw slotGone();
        found.take();
        const changes = { doctor_id: found.doctorId, date: found.slot.date, s_time: found.slot.s_time, e_time: found.slot.e_time, slot_id: slotId, doctor: embedded(doctor(found.doctorId)) };
        const { data: record } = await base.update('appointments', { id: asId(id), data: changes, previousData: { id } });
        return { data: record };
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

      async updateProfile(values) {
        const { f_name, l_name, phone, email, file } = values;
        const changes = withFiles({ f_name, l_name, phone, email, ...(file instanceof Blob || (isRecord(file) && file.rawFile instanceof Blob) ? { file } : {}) });
        const id = await me();
        const { data: record } = await base.update('admins', { id, data: changes, previousData: { id } });
        updateSessionProfile({
          f_name: typeof record.f_name === 'string' ? record.f_name : undefined,
          file: isKeptFile(record.file) ? { path: record.file.src } : undefined,
        });
        return { data: record };
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

      async countNotificationAudience({ sendTo }) {
        return { data: { recipients: await audienceSize(sendTo) } };
      },

      async sendNotification({ sendTo, title, body }) {
        const recipients = await audienceSize(sendTo);
        const id = (nextId += 1);
        const channel = sendTo === 'admin' ? 'web' : 'mobile';
        const self = await me().catch(() => null);
        const sender = (collections.admins ?? []).find((admin) => admin.id === self);
        await base.create('notifications', {
          data: { id, encrypted_id: String(id), send_to: sendTo, channel, title, body, recipients, delivered: recipients, status: 'sent', created_at: new Date().toISOString(), sent_by_name: sender ? nameOf(sender) : null },
        });
        if (sendTo === 'admin') {
          notifications.unshift({ id, type: 'broadcast', body: { title, body }, data: null, is_read: false, created_at: new Date().toISOString() });
        }
        return {
          data: { id, encrypted_id: String(id), recipients, delivered: recipients, status: 'sent', channel },
          message: `Sent to ${recipients}.`,
        };
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
    },
  });
}
