/**
 * The spec's calls (document 1 §7, document 2 §7, document 3's calls) as data: route, method, the
 * permission the server asks for, and bodies with the fields as the spec names them. The server's
 * generated test (server/test/spec-routes.test.ts) sends each call as written, on SQLite and
 * PostgreSQL: every one answers, every body is accepted and reads back with the same meaning. What
 * the spec asks and the product does otherwise is in SPEC_DEVIATIONS, each with its reason; the
 * README's deviations section must list each of them (the same test checks it).
 */
import type { ResourceName } from './resources';

/** A value of a body or path: literal JSON, or a record the test makes first. */
export type SpecValue =
  | string
  | number
  | boolean
  | null
  | SpecValue[]
  | { [key: string]: SpecValue }
  /** a record of that resource (made from its sample, one per call): its numeric `id`, or the named field */
  | { $ref: ResourceName | 'duty-slots'; field?: string }
  /** a day counted from today (YYYY-MM-DD) */
  | { $day: number };

export interface SpecCall {
  /** where the spec lists it */
  doc: '1 §7' | '2 §7' | '3 §7';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** under /api/admin, as the spec writes it; `{id}` is filled from `params.id` */
  path: string;
  /** the permission the server needs for it (every permission passes for the super admin the test signs in as) */
  permission: string;
  params?: { id: SpecValue };
  query?: Record<string, string>;
  body?: Record<string, SpecValue>;
  /**
   * Where the written record shows a body field, when not under the same key (`city` → `city.id`);
   * null: not read back (a password, a value the server derives). Fields not named read back as sent.
   */
  reads?: Record<string, string | null>;
  /** what the answer's data must hold (paths → values) */
  answers?: Record<string, SpecValue>;
}

const day = (n: number): SpecValue => ({ $day: n });
const ref = (resource: ResourceName | 'duty-slots', field = 'id'): SpecValue => ({ $ref: resource, field });
const PASSWORD = 'lantern orchard 42';
const person = (n: string) => ({
  f_name: n, l_name: 'Spec', phone_no: '03001234567', dob: day(-30 * 365), age: 30, gender: 'female', short_bio: 'From the spec',
  password: PASSWORD, confirmPassword: PASSWORD, send_credentials: false, created_by: 1,
});
const SECRET = { password: null, confirmPassword: null, send_credentials: null, created_by: null } as const;

export const SPEC_CALLS: SpecCall[] = [
  // document 1 §7
  { doc: '1 §7', method: 'POST', path: '/roles', permission: 'create_role', body: { name: 'Spec role', permissions: ['view_location'] } },
  { doc: '1 §7', method: 'GET', path: '/roles', permission: 'view_role' },
  { doc: '1 §7', method: 'GET', path: '/promotional', permission: 'view_setting' },
  { doc: '1 §7', method: 'GET', path: '/promotional/slider', permission: 'view_setting', query: { search: '' } },
  { doc: '1 §7', method: 'GET', path: '/promotional/testimonial', permission: 'view_setting', query: { search: '' } },
  {
    doc: '1 §7', method: 'PUT', path: '/promotional/{id}', permission: 'edit_setting', params: { id: 'logo' },
    body: { file: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' },
    answers: { 'file.type': 'image' },
  },
  { doc: '1 §7', method: 'POST', path: '/promotional/testimonial/store', permission: 'create_setting', body: { name: 'Amna', text: 'Kind doctors.' }, reads: { name: null, text: null } },
  { doc: '1 §7', method: 'GET', path: '/users', permission: 'view_doctor', query: { type: 'doctor' } },
  { doc: '1 §7', method: 'GET', path: '/users', permission: 'view_app_user', query: { type: 'patient' } },
  { doc: '1 §7', method: 'GET', path: '/cancellation-reasons', permission: 'view_app_user', query: { paginate: 'false' } },
  // document 2 §7
  { doc: '2 §7', method: 'POST', path: '/cities', permission: 'create_location', body: { title: 'Spec city' } },
  { doc: '2 §7', method: 'POST', path: '/districts', permission: 'create_location', body: { title: 'Spec district' } },
  { doc: '2 §7', method: 'POST', path: '/tehsils', permission: 'create_location', body: { title: 'Spec tehsil', district_id: ref('districts') } },
  { doc: '2 §7', method: 'POST', path: '/qualifications', permission: 'create_qualification', body: { title: 'Spec qualification' } },
  { doc: '2 §7', method: 'POST', path: '/specializations', permission: 'create_specialization', body: { title: 'Spec specialization' } },
  {
    doc: '2 §7', method: 'POST', path: '/app-users', permission: 'create_app_user',
    body: { ...person('Patient'), email: 'spec.patient@example.org', blood_group: 'O+', height: 160, weight: 60, marital_status: 'Married', country: 'Pakistan', city: ref('cities'), state: 'Punjab', zipcode: '54000', street: '1 Mall Road' },
    reads: { ...SECRET, city: 'city.id', country: 'country.country' },
  },
  {
    doc: '2 §7', method: 'POST', path: '/doctors', permission: 'create_doctor',
    body: { ...person('Doctor'), email: 'spec.doctor@example.org', qualification_id: ref('qualifications'), specializationIds: [ref('specializations')], country: 'Pakistan', city: ref('cities'), state: 'Sindh', zipcode: '74000', street: '2 Clifton' },
    reads: { ...SECRET, city: 'city.id', country: 'country.country', specializationIds: null },
  },
  {
    doc: '2 §7', method: 'POST', path: '/chw', permission: 'create_chw',
    body: { ...person('Worker'), email: 'spec.chw@example.org', cnic: '3520198765431', qualification_id: ref('qualifications'), district_id: ref('areas', 'district_id'), tehsil_id: ref('areas', 'tehsil_id'), area_id: ref('areas'), country: 'Pakistan', city: ref('cities') },
    reads: { ...SECRET, city: 'city.id', country: 'country.country', district_id: null, tehsil_id: null, area_id: null },
  },
  { doc: '2 §7', method: 'GET', path: '/doctors/{id}', permission: 'view_doctor', params: { id: ref('doctors', 'encrypted_id') }, query: { patient: 'true' }, answers: { patients: [] } },
  {
    doc: '2 §7', method: 'POST', path: '/medical-histories', permission: 'create_app_user',
    body: { uid: ref('app-users'), disease_name: 'Asthma', from_date: '2026-01-01', to_date: '2026-02-01', detail: 'Wheezing', c_date: '2026-01-01', m_name: 'Salbutamol', days: 30, m_times: ['Morning', 'Night'], to_be_taken: 'After Food', still_using: 'No', note: 'Inhaler', created_by: 1 },
    reads: { uid: 'patient_id', created_by: null },
  },
  {
    doc: '2 §7', method: 'POST', path: '/prescriptions', permission: 'create_app_user',
    body: {
      uid: ref('app-users'), doctor_id: ref('doctors'), disease_name: 'Typhoid', from_date: '2026-03-01', to_date: '2026-03-14', detail: 'Complete the course', created_by: 1,
      items: [{ c_date: '2026-03-01', m_name: 'Azithromycin', days: 7, m_time: 'Morning', to_be_taken: 'After Food', still_using: true, note: 'Once daily' }],
    },
    reads: { uid: 'patient_id', created_by: null, items: null },
  },
  {
    doc: '2 §7', method: 'POST', path: '/duty-roasters', permission: 'create_doctor',
    body: { doctor_id: ref('doctors'), s_time: '09:00', e_time: '10:00', session: 30, charge: 2, total_fee: 60, created_by: 1, dutyRoasters: [{ date: day(45), appointments: [{ s_time: '09:00', e_time: '09:30' }, { s_time: '09:30', e_time: '10:00' }] }] },
    reads: { created_by: null, total_fee: 'total_fee', dutyRoasters: 'dutyRoasters' },
  },
  { doc: '2 §7', method: 'GET', path: '/duty-roasters/{id}', permission: 'view_doctor', params: { id: ref('doctors', 'encrypted_id') } },
  { doc: '2 §7', method: 'PUT', path: '/duty-roasters/status/{id}', permission: 'edit_doctor', params: { id: ref('duty-slots', 'encrypted_id') }, body: { status: 'Reserved' }, answers: { status: 'Reserved' } },
  { doc: '2 §7', method: 'PUT', path: '/app-users/status/{id}', permission: 'edit_app_user', params: { id: ref('app-users', 'encrypted_id') }, body: { status: 2 }, answers: { status: 2 } },
  // document 3's calls
  {
    doc: '3 §7', method: 'POST', path: '/facility-centers', permission: 'create_facility_center',
    body: {
      title: 'Spec clinic', district_id: ref('tehsils', 'district_id'), tehsil_id: ref('tehsils'), phone_no: '04231234567', lat: 31.5, long: 74.3, location: 'Main road', manager: 'Dr. Ali',
      open_time: '08:00', close_time: '16:00', services: ['Vaccination', 'Mother and child health'], created_by: 1,
      file: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    },
    reads: { created_by: null, file: null, district_id: null, tehsil_id: null, services: null },
  },
  { doc: '3 §7', method: 'POST', path: '/interests', permission: 'create_chw', body: { title: 'Spec interest' } },
  { doc: '3 §7', method: 'POST', path: '/faqs', permission: 'create_faq', body: { question: 'Spec question?', answer: '<p>Spec answer.</p>' } },
];

/** What the spec asks that the product does otherwise, each with its reason; the README lists each `what`. */
export const SPEC_DEVIATIONS: { what: string; why: string }[] = [
  { what: 'The spec\'s `PUT /promotional/{id}` takes a section\'s path as its id', why: 'the spec does not say what the id names; `PUT /promotional/logo|banner|about|how-it-works` saves that section as its store call does' },
  { what: 'the testimonial delete is `DELETE /promotional/testimonial/{id}`', why: 'the spec does not show the path' },
  { what: 'The about boxes are written as flat fields', why: 'multipart form data has no nesting (`box_1_title`, `box_1_file`, ...); the answer has both the flat names and the spec\'s `box_1: { title, desc, file }` and `box_analytic_1: { value, key }`' },
  { what: 'A duty roster\'s `dutyRoasters[].appointments` are not stored as sent', why: 'the slots always follow from s_time, e_time and session (spec 2 §5); the dates are taken' },
];
