import { Type } from '@sinclair/typebox';
import type { Generated } from 'kysely';
import { FEEDBACK_STATUSES, SUPPORT_STATUSES } from '../../../contract/enums';
import { ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { defineResource, type Row } from '../http/resource';
import { checkDoctor, FEEDBACK, feedbackFields, SUPPORT } from './feedbackRules';
import { announce } from './appointmentWrites';
import { now } from '../services/tokens';
import { addFullNames, SAMPLE_PHOTO } from './people/accounts';
import { PLACE, placeValues } from './programme/place';

/**
 * Facility centers (spec 3): clinics with a place (district › tehsil › optional VC area, checked
 * together), a position, opening hours, a manager, an image and the services they offer (child rows).
 * Feedbacks and supports: what patients (feedback on a doctor) and any field user (a support request)
 * send from the apps (routes/field/feedback.ts); staff read them and keep their status and a note or
 * reply, never the sender's own words or rating.
 */

declare module '../db/schema' {
  interface Database {
    facility_centers: {
      id: Generated<number>;
      title: string;
      district_id: number;
      tehsil_id: number;
      area_id: number | null;
      phone_no: string | null;
      lat: number;
      long: number;
      location: string;
      manager: string;
      open_time: string;
      close_time: string;
      file: string | null;
      status: Generated<number>;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    facility_center_services: { id: Generated<number>; facility_center_id: number; title: string; position: number };
    feedbacks: {
      id: Generated<number>;
      user_id: number;
      doctor_id: number;
      msg: string;
      rating: number;
      /** the appointment this rating was given for (at most one feedback an appointment) */
      appointment_id: Generated<number | null>;
      dated_at: string;
      status: Generated<string>;
      note: string | null;
      created_at: string;
      updated_at: string;
    };
    supports: {
      id: Generated<number>;
      user_id: number;
      msg: string;
      status: Generated<string>;
      reply: string | null;
      replied_at: string | null;
      created_at: string;
      updated_at: string;
    };
  }
}

export const FACILITY = {
  title: 'Please provide a title.',
  area: 'Please select a VC area of the chosen tehsil.',
  // the spec's words (document 3 §5: "message: at least 11 digits"); the number is exactly 11 digits
  phone: 'Please provide a number atleast 11 digits.',
  lat: 'Please provide a valid latitude',
  long: 'Please provide a valid longitude',
  location: 'Please provide a location.',
  manager: 'Please provide a manager.',
  open: 'Please provide an opening time.',
  close: 'Please provide a closing time.',
  order: 'The closing time must be after the opening time.',
  service: 'Please provide a service.',
  services: 'Please add at least one service.',
  file: 'File format not supported. JPG/JPEG/PNG',
  fileRequired: 'Please select an image.',
};

const TIME = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const time = (message: string) => Type.String({ pattern: TIME, ...{ 'x-message': message } });

export const facilityCenters = defineResource<'facility_centers'>()({
  name: 'facility-centers',
  table: 'facility_centers',
  module: 'facility_center',
  columns: ['title', 'district_id', 'tehsil_id', 'area_id', 'phone_no', 'lat', 'long', 'location', 'manager', 'open_time', 'close_time', 'file', 'status', 'created_by', 'created_at', 'updated_at'],
  label: 'title',
  createSchema: Type.Object(
    {
      title: Fields.title(FACILITY.title),
      district_id: Fields.reference(PLACE.district),
      tehsil_id: Fields.reference(PLACE.tehsil),
      area_id: Type.Optional(Fields.optionalReference(FACILITY.area)),
      phone_no: Type.Optional(Fields.optionalDigits(11, 11, FACILITY.phone)),
      lat: Fields.number(FACILITY.lat, -90, 90),
      long: Fields.number(FACILITY.long, -180, 180),
      location: Fields.text(FACILITY.location, 500),
      manager: Fields.text(FACILITY.manager),
      open_time: time(FACILITY.open),
      close_time: time(FACILITY.close),
    },
    { additionalProperties: false },
  ),
  files: { file: { kinds: ['jpg', 'png'], folder: 'facility-centers', message: FACILITY.file, requiredMessage: FACILITY.fileRequired, maxBytes: 5 * 1024 * 1024 } },
  children: {
    services: {
      table: 'facility_center_services',
      foreignKey: 'facility_center_id',
      position: 'position',
      schema: Type.Object({ title: Fields.text(FACILITY.service, 191) }),
      min: 1,
      max: 50,
      minMessage: FACILITY.services,
    },
  },
  district: { column: 'district_id' },
  searchable: ['title', 'location', 'manager'],
  sortable: ['title', 'status', 'created_at', 'id', 'district.title'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { district_id: 'integer', tehsil_id: 'integer', area_id: 'integer', status: 'integer' },
  status: { kind: 'user' },
  belongsTo: [
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title'] },
    { as: 'area', column: 'area_id', resource: 'areas', table: 'areas', columns: ['title'] },
  ],
  hooks: {
    async prepare(w, input, existing) {
      const errors: Record<string, string[]> = {};
      const values: Row = await placeValues(w.db, input, existing, errors);
      const pick = <K extends keyof typeof input>(key: K) => (input[key] !== undefined ? input[key] : (existing as Row | null)?.[key]);
      // the VC area, when there is one, lies in the tehsil (checked again when the tehsil changes)
      const areaId = pick('area_id');
      if (typeof areaId === 'number' && !errors.tehsil_id) {
        const area = await w.db.selectFrom('areas').select('tehsil_id').where('id', '=', areaId).executeTakeFirst();
        if (!area || area.tehsil_id !== pick('tehsil_id')) errors.area_id = [FACILITY.area];
      }
      const open = pick('open_time');
      const close = pick('close_time');
      if (typeof open === 'string' && typeof close === 'string' && close <= open) errors.close_time = [FACILITY.order];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      for (const key of ['title', 'area_id', 'phone_no', 'lat', 'long', 'location', 'manager', 'open_time', 'close_time'] as const) {
        if (input[key] !== undefined) values[key] = key === 'title' || key === 'location' || key === 'manager' ? String(input[key]).trim() : input[key];
      }
      return values;
    },
  },
  sample: async (n, ref) => {
    const area = await ref('areas');
    return {
      title: `Basic Health Unit ${n}`,
      district_id: area.district_id,
      tehsil_id: area.tehsil_id,
      area_id: area.id,
      phone_no: '04235761234',
      lat: 31.5204,
      long: 74.3587,
      location: `Main Road ${n}, Model Town`,
      manager: 'Dr. Sana Iqbal',
      open_time: '08:00',
      close_time: '16:30',
      file: SAMPLE_PHOTO,
      services: [{ title: 'Vaccination' }, { title: 'Mother and child health' }],
    };
  },
  invalidSamples: [
    { title: 'Hours backwards', district_id: 1, tehsil_id: 1, lat: 31, long: 74, location: 'x', manager: 'x', open_time: '17:00', close_time: '09:00', file: SAMPLE_PHOTO, services: [{ title: 'x' }] },
    { title: 'No services', district_id: 1, tehsil_id: 1, lat: 31, long: 74, location: 'x', manager: 'x', open_time: '08:00', close_time: '09:00', file: SAMPLE_PHOTO, services: [] },
    { title: 'Blank service', district_id: 1, tehsil_id: 1, lat: 31, long: 74, location: 'x', manager: 'x', open_time: '08:00', close_time: '09:00', file: SAMPLE_PHOTO, services: [{ title: ' ' }] },
    { title: 'Short phone', district_id: 1, tehsil_id: 1, phone_no: '0300123', lat: 31, long: 74, location: 'x', manager: 'x', open_time: '08:00', close_time: '09:00', file: SAMPLE_PHOTO, services: [{ title: 'x' }] },
    { title: 'Latitude', district_id: 1, tehsil_id: 1, lat: 91, long: 74, location: 'x', manager: 'x', open_time: '08:00', close_time: '09:00', file: SAMPLE_PHOTO, services: [{ title: 'x' }] },
    { title: 'No image', district_id: 1, tehsil_id: 1, lat: 31, long: 74, location: 'x', manager: 'x', open_time: '08:00', close_time: '09:00', services: [{ title: 'x' }] },
    { title: 'Bad time', district_id: 1, tehsil_id: 1, lat: 31, long: 74, location: 'x', manager: 'x', open_time: '8 am', close_time: '09:00', file: SAMPLE_PHOTO, services: [{ title: 'x' }] },
  ],
});

const PERSON = ['f_name', 'l_name', 'type'] as const;

export const feedbacks = defineResource<'feedbacks'>()({
  name: 'feedbacks',
  table: 'feedbacks',
  module: 'feedback',
  columns: ['user_id', 'doctor_id', 'msg', 'rating', 'appointment_id', 'dated_at', 'status', 'note', 'created_at', 'updated_at'],
  label: 'msg',
  // staff record feedback given to them in person or by phone; the apps send their own (routes/field/feedback.ts)
  createSchema: Type.Object(
    { user_id: Fields.reference(FEEDBACK.user), ...feedbackFields, note: Type.Optional(Fields.optionalText(2000, FEEDBACK.note)) },
    { additionalProperties: false },
  ),
  // staff keep the status and their note; the patient's words and rating stay as sent
  updateSchema: Type.Object(
    { status: Type.Optional(Fields.enumOf(FEEDBACK_STATUSES, FEEDBACK.status)), note: Type.Optional(Fields.optionalText(2000, FEEDBACK.note)) },
    { additionalProperties: false },
  ),
  searchable: ['note', 'msg'],
  sortable: ['rating', 'dated_at', 'status', 'created_at', 'id', 'user.f_name', 'doctor.f_name'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { status: 'string', doctor_id: 'integer', user_id: 'integer', rating: 'integer' },
  // a patient's feedback is kept where the patient lives
  district: { through: 'user_id', resources: ['app-users'], message: FEEDBACK.user },
  dateRange: 'dated_at',
  belongsTo: [
    { as: 'user', column: 'user_id', resource: 'app-users', table: 'users', columns: PERSON },
    { as: 'doctor', column: 'doctor_id', resource: 'doctors', table: 'users', columns: PERSON },
  ],
  presents: { 'user.full_name': Type.String(), 'doctor.full_name': Type.String() },
  hooks: {
    async prepare(w, input, existing) {
      const values: Row = {};
      if (!existing) {
        const patient = typeof input.user_id === 'number' && (await w.db.selectFrom('users').select('id').where('id', '=', input.user_id).where('type', '=', 'patient').executeTakeFirst());
        if (!patient) throw ValidationError.field('user_id', FEEDBACK.user);
        await checkDoctor(w.db, input.doctor_id);
        Object.assign(values, { user_id: input.user_id, doctor_id: input.doctor_id, msg: String(input.msg).trim(), rating: input.rating, dated_at: now() });
      }
      const update = input as Row;
      if (update.status !== undefined) values.status = update.status;
      if (input.note !== undefined) values.note = input.note;
      return values;
    },
    async afterWrite(w, row, _input, existing) {
      // a new rating moves the doctor's (kept by triggers): open doctor pages refresh
      if (!existing) w.afterCommit(async () => announce(w.ctx, 'doctors', 'update', Number(row.doctor_id), w.admin.id));
    },
    async afterDelete(w, row) {
      w.afterCommit(async () => announce(w.ctx, 'doctors', 'update', row.doctor_id, w.admin.id));
    },
    async enrich(_ctx, rows) {
      for (const r of rows) for (const p of [r.user, r.doctor]) if (p) addFullNames([p as Row]);
    },
  },
  sample: async (n, ref) => ({
    user_id: (await ref('app-users')).id,
    doctor_id: (await ref('doctors')).id,
    note: `Called back on day ${n}`,
    msg: 'The doctor listened carefully and explained the medicines.',
    rating: (n % 5) + 1,
  }),
  invalidSamples: [
    { user_id: 1, doctor_id: 1, msg: 'Too good', rating: 6 },
    { user_id: 1, doctor_id: 1, msg: 'Too bad', rating: 0 },
    { user_id: 1, doctor_id: 1, msg: ' ', rating: 3 },
  ],
});

export const supports = defineResource<'supports'>()({
  name: 'supports',
  table: 'supports',
  module: 'support',
  // replied_at (when the reply was last written) is for the field apps' list
  columns: ['user_id', 'msg', 'status', 'reply', 'created_at', 'updated_at'],
  label: 'msg',
  // staff record requests made to them by phone; the apps send their own (routes/field/feedback.ts)
  createSchema: Type.Object(
    { user_id: Fields.reference(SUPPORT.user), msg: Fields.text(SUPPORT.msg, 2000), reply: Type.Optional(Fields.optionalText(2000, SUPPORT.reply)) },
    { additionalProperties: false },
  ),
  // staff answer and close it; the user's own words stay as sent
  updateSchema: Type.Object(
    { status: Type.Optional(Fields.enumOf(SUPPORT_STATUSES, SUPPORT.status)), reply: Type.Optional(Fields.optionalText(2000, SUPPORT.reply)) },
    { additionalProperties: false },
  ),
  searchable: ['reply', 'msg'],
  sortable: ['status', 'created_at', 'id', 'user.f_name'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { status: 'string', user_id: 'integer' },
  // a request is kept where its sender lives (a patient's or a CHW's district); doctors have none, so theirs reach admins of every district
  district: { through: 'user_id', resources: ['app-users', 'chw'], message: SUPPORT.user },
  dateRange: 'created_at',
  belongsTo: [{ as: 'user', column: 'user_id', resource: 'app-users', table: 'users', columns: PERSON }],
  presents: { 'user.full_name': Type.String() },
  hooks: {
    async prepare(w, input, existing) {
      const values: Row = {};
      if (!existing) {
        const user = typeof input.user_id === 'number' && (await w.db.selectFrom('users').select('id').where('id', '=', input.user_id).where('type', '!=', 'family').executeTakeFirst());
        if (!user) throw ValidationError.field('user_id', SUPPORT.user);
        Object.assign(values, { user_id: input.user_id, msg: String(input.msg).trim() });
      }
      const update = input as Row;
      if (update.status !== undefined) values.status = update.status;
      if (input.reply !== undefined) {
        values.reply = input.reply;
        if (input.reply !== (existing as Row | null)?.reply) values.replied_at = input.reply === null ? null : now();
      }
      return values;
    },
    async enrich(_ctx, rows) {
      for (const r of rows) if (r.user) addFullNames([r.user as Row]);
    },
  },
  sample: async (n, ref) => ({
    user_id: (await ref('chw')).id,
    reply: `We reset the app's data on day ${n}.`,
    msg: 'The app does not sync my submissions since yesterday.',
  }),
  invalidSamples: [
    { user_id: 1, msg: ' ' },
  ],
});
