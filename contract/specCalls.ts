/**
 * The spec's calls (document 1 §7, document 2 §7, document 3's calls) as data: route, method, the
 * permission the server asks for, and bodies exactly as the spec writes them (its keys, no others; its
 * values: "Male", "United States"), as JSON or as the form data its shared helper makes. The server's
 * generated test (server/test/spec-routes.test.ts) sends each call as written, on SQLite and
 * PostgreSQL: every one answers, every body is accepted and reads back with the same meaning. What
 * the spec asks and the product does otherwise is in SPEC_DEVIATIONS, each with its reason, and the
 * call that meets it expects the answer the deviation gives; the README's deviations section must
 * list each of them (the same test checks it).
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
  /** a record of that resource (made from its sample, one per call, shared by its path, query, body and answers): its numeric `id`, or the named field */
  | { $ref: ResourceName | 'duty-slots'; field?: string }
  /** a stored record found by its list (a seeded country): the first whose fields are `where`'s, its named field */
  | { $find: ResourceName; where: Record<string, string>; field: string }
  /** a password-reset token, fresh, of an admin the test makes (it is emailed, not answered) */
  | { $resetToken: true }
  /** a day counted from today (YYYY-MM-DD) */
  | { $day: number };

export interface SpecCall {
  /** where the spec lists it */
  doc: '1 §7' | '2 §7' | '3 §7';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** under /api/admin, as the spec writes it; `{id}` is filled from `params.id` */
  path: string;
  /** the permission the server needs for it (every permission passes for the super admin the test signs in as); `public` for a call made without signing in */
  permission: string;
  params?: { id: SpecValue };
  query?: Record<string, SpecValue>;
  body?: Record<string, SpecValue>;
  /**
   * Sent as multipart form data, as the spec's shared helper converts payloads (document 3 §7): text
   * fields, nested values in the bracket notation form data gives them (`person_ids[0][id]`).
   */
  form?: boolean;
  /** a call made first, which must answer 200 (a seeded country removed, so the spec's add of it is new) */
  first?: { method: 'DELETE'; path: string; params: { id: SpecValue } };
  /**
   * Where the written record shows a body field, when not under the same key (`city` → `city.id`);
   * null: not read back as sent (a password, a value the server derives or spells its way: `answers` says how). Fields not named read back as sent.
   */
  reads?: Record<string, string | null>;
  /** what the answer's data must hold (paths → values) */
  answers?: Record<string, SpecValue>;
  /**
   * The answer when it is not a 200: a refusal the spec's own rules ask for (a charge off its 0.1 step),
   * or the one a deviation of SPEC_DEVIATIONS lists (`deviation`, its `what`). Nothing is written.
   */
  refused?: { status: number; error: Record<string, string[]>; deviation?: string };
}

const day = (n: number): SpecValue => ({ $day: n });
const ref = (resource: ResourceName | 'duty-slots', field = 'id'): SpecValue => ({ $ref: resource, field });
const PASSWORD = 'lantern orchard 42';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** The person fields of the spec's people forms, with its values (gender "Male", its form's default). */
const person = (n: string) => ({
  f_name: n, l_name: 'Spec', phone_no: '03001234567', dob: day(-30 * 365), age: 30, gender: 'Male', short_bio: 'From the spec',
  password: PASSWORD, confirmPassword: PASSWORD, send_credentials: false, created_by: 1,
});
const SECRET = { password: null, confirmPassword: null, send_credentials: null, created_by: null } as const;
/** The spec's capitalised gender reads back as stored (a listed deviation). */
const MALE = { gender: 'male' } as const;

/** The spec's patient body (document 2 §3), with its default country. */
const patient = (n: string, email: string) => ({
  ...person(n), email, blood_group: 'O+', height: 160, weight: 60, marital_status: 'Married', country: 'United States', city: ref('cities'), state: 'Punjab', zipcode: '54000', street: '1 Mall Road',
});
/** A task as the spec writes it (document 3 §3): its CHWs as the list reads them, `[{ id, name }]`. */
const task = (title: string) => ({
  title, type: 'General', note: 'Visit every house of the street', person_ids: [{ id: ref('chw'), name: ref('chw', 'name_with_area') }],
  s_date: day(1), e_date: day(6), district_id: ref('chw', 'district_id'), tehsil_id: ref('chw', 'tehsil_id'), desc: 'From the spec', file: PNG, created_by: 1,
});
/** A message as the spec writes it (document 3 §3): its interests as read, `[{ id, title }]`. */
const message = (title: string) => ({
  type: 'General', title, text: 'Bring the vaccination card.', interest_ids: [{ id: ref('interests'), title: ref('interests', 'title') }],
  from_age: 18, to_age: 60, district_id: ref('tehsils', 'district_id'), tehsil_id: ref('tehsils'), created_by: 1,
});
const ROSTER_DAYS = (date: SpecValue, times: [string, string][]) => [{ date, appointments: times.map(([s_time, e_time]) => ({ s_time, e_time })) }];

export const SPEC_CALLS: SpecCall[] = [
  // document 1 §7
  { doc: '1 §7', method: 'POST', path: '/reset-password', permission: 'public', body: { token: { $resetToken: true }, password: 'harbour lantern 58' } },
  { doc: '1 §7', method: 'POST', path: '/roles', permission: 'create_role', body: { name: 'Spec role', permissions: ['view_location'] } },
  { doc: '1 §7', method: 'GET', path: '/roles', permission: 'view_role' },
  { doc: '1 §7', method: 'GET', path: '/promotional', permission: 'view_setting' },
  { doc: '1 §7', method: 'GET', path: '/promotional/slider', permission: 'view_setting', query: { search: '' } },
  { doc: '1 §7', method: 'GET', path: '/promotional/testimonial', permission: 'view_setting', query: { search: '' } },
  {
    doc: '1 §7', method: 'PUT', path: '/promotional/{id}', permission: 'edit_setting', params: { id: 'logo' },
    body: { file: PNG },
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
    // the spec's country is a name and its ISO 3166 alpha-3 code: the two-letter code follows from it
    doc: '2 §7', method: 'POST', path: '/countries', permission: 'create_location', body: { country: 'Antarctica', iso3: 'ATA' },
    first: { method: 'DELETE', path: '/countries/{id}', params: { id: { $find: 'countries', where: { iso3: 'ATA' }, field: 'encrypted_id' } } },
    answers: { iso2: 'AQ' },
  },
  {
    doc: '2 §7', method: 'POST', path: '/countries', permission: 'create_location', body: { country: 'Spec land', iso3: 'QZZ' },
    refused: { status: 422, error: { iso2: ['Please provide a two-letter ISO code.'] }, deviation: 'A country whose `iso3` ISO 3166 does not know needs its `iso2` too' },
  },
  { doc: '2 §7', method: 'PUT', path: '/countries/{id}', permission: 'edit_location', params: { id: ref('countries', 'encrypted_id') }, body: { country: 'Spec renamed land', iso3: ref('countries', 'iso3') } },
  {
    doc: '2 §7', method: 'POST', path: '/app-users', permission: 'create_app_user',
    body: patient('Patient', 'spec.patient@example.org'),
    reads: { ...SECRET, city: 'city.id', country: null, gender: null },
    answers: { ...MALE, 'country.country': 'United States of America', 'user.status': 1 },
  },
  {
    // an edit sends the create body back, 'send credentials' included (document 2 §5: password and confirm optional)
    doc: '2 §7', method: 'PUT', path: '/app-users/{id}', permission: 'edit_app_user', params: { id: ref('app-users', 'encrypted_id') },
    body: patient('Edited', 'spec.patient.edit@example.org'),
    reads: { ...SECRET, city: 'city.id', country: null, gender: null },
    answers: { ...MALE, 'country.country': 'United States of America', f_name: 'Edited' },
  },
  { doc: '2 §7', method: 'GET', path: '/app-users/{id}', permission: 'view_app_user', params: { id: ref('app-users', 'encrypted_id') }, answers: { 'user.status': 1 } },
  {
    doc: '2 §7', method: 'POST', path: '/doctors', permission: 'create_doctor',
    body: { ...person('Doctor'), email: 'spec.doctor@example.org', qualification_id: ref('qualifications'), specializationIds: [ref('specializations')], country: 'United States', city: ref('cities'), state: 'Sindh', zipcode: '74000', street: '2 Clifton' },
    reads: { ...SECRET, city: 'city.id', country: null, gender: null, specializationIds: null },
    answers: { ...MALE, 'country.country': 'United States of America' },
  },
  {
    // the spec's CHW (document 2 §3): no address, and the body fields its model carries
    doc: '2 §7', method: 'POST', path: '/chw', permission: 'create_chw',
    body: {
      ...person('Worker'), email: 'spec.chw@example.org', cnic: '3520198765431', qualification_id: ref('qualifications'),
      district_id: ref('areas', 'district_id'), tehsil_id: ref('areas', 'tehsil_id'), area_id: ref('areas'),
      blood_group: 'B+', height: 158, weight: 52.5, marital_status: 'Unmarried',
    },
    reads: { ...SECRET, gender: null, district_id: null, tehsil_id: null, area_id: null },
    // added without a country, a CHW has none (not the patient form's default)
    answers: { ...MALE, country_id: null, country: null, 'user.status': 1 },
  },
  {
    doc: '2 §7', method: 'GET', path: '/doctors/{id}', permission: 'view_doctor', params: { id: ref('doctors', 'encrypted_id') }, query: { patient: 'true' },
    answers: { patients: [], ongoing_appointments: [], doctor_cancelled_appointments: [], doctor_completed_appointments: [], 'user.status': 1 },
  },
  {
    doc: '2 §7', method: 'POST', path: '/medical-histories', permission: 'create_app_user',
    body: { uid: ref('app-users'), disease_name: 'Asthma', from_date: '2026-01-01', to_date: '2026-02-01', detail: 'Wheezing', c_date: '2026-01-01', m_name: 'Salbutamol', days: 30, m_times: ['Morning', 'Night'], to_be_taken: 'After Food', still_using: 'No', note: 'Inhaler', created_by: 1 },
    reads: { uid: 'patient_id', created_by: null },
  },
  {
    // the spec's header (disease_name, from_date, to_date, detail, uid, created_by) and its medicines: no doctor
    doc: '2 §7', method: 'POST', path: '/prescriptions', permission: 'create_app_user',
    body: {
      uid: ref('app-users'), disease_name: 'Typhoid', from_date: '2026-03-01', to_date: '2026-03-14', detail: 'Complete the course', created_by: 1,
      items: [{ c_date: '2026-03-01', m_name: 'Azithromycin', days: 7, m_time: 'Morning', to_be_taken: 'After Food', still_using: true, note: 'Once daily' }],
    },
    refused: { status: 422, error: { doctor_id: ['Please select a doctor.'] }, deviation: 'A prescription names its doctor (`doctor_id`)' },
  },
  {
    doc: '2 §7', method: 'POST', path: '/duty-roasters', permission: 'create_doctor',
    body: { doctor_id: ref('doctors'), s_time: '09:00', e_time: '10:00', session: 30, charge: 2, total_fee: 60, created_by: 1, dutyRoasters: ROSTER_DAYS(day(45), [['09:00', '09:30'], ['09:30', '10:00']]) },
    reads: { created_by: null, total_fee: 'total_fee', dutyRoasters: 'dutyRoasters' },
  },
  {
    // the charge goes in steps of 0.1 (document 2 §9), held by the server as by the form
    doc: '2 §7', method: 'POST', path: '/duty-roasters', permission: 'create_doctor',
    body: { doctor_id: ref('doctors'), s_time: '09:00', e_time: '10:00', session: 30, charge: 1.05, total_fee: 31.5, created_by: 1, dutyRoasters: ROSTER_DAYS(day(46), [['09:00', '09:30'], ['09:30', '10:00']]) },
    refused: { status: 422, error: { charge: ['Please provide the charge in steps of 0.1.'] } },
  },
  {
    // an edit sends the roster's own doctor back (the schedule stays its doctor's)
    doc: '2 §7', method: 'PUT', path: '/duty-roasters/{id}', permission: 'edit_doctor', params: { id: ref('duty-roasters', 'encrypted_id') },
    body: { doctor_id: ref('duty-roasters', 'doctor_id'), s_time: '11:00', e_time: '12:00', session: 20, charge: 2.5, total_fee: 50, created_by: 1, dutyRoasters: ROSTER_DAYS(day(50), [['11:00', '11:20'], ['11:20', '11:40'], ['11:40', '12:00']]) },
    reads: { created_by: null, dutyRoasters: 'dutyRoasters' },
  },
  { doc: '2 §7', method: 'GET', path: '/duty-roasters/{id}', permission: 'view_doctor', params: { id: ref('doctors', 'encrypted_id') } },
  { doc: '2 §7', method: 'PUT', path: '/duty-roasters/status/{id}', permission: 'edit_doctor', params: { id: ref('duty-slots', 'encrypted_id') }, body: { status: 'Reserved' }, answers: { status: 'Reserved' } },
  { doc: '2 §7', method: 'PUT', path: '/app-users/status/{id}', permission: 'edit_app_user', params: { id: ref('app-users', 'encrypted_id') }, body: { status: 2 }, answers: { status: 2, 'user.status': 2 } },
  // document 3's calls
  {
    doc: '3 §7', method: 'POST', path: '/facility-centers', permission: 'create_facility_center',
    body: {
      title: 'Spec clinic', district_id: ref('tehsils', 'district_id'), tehsil_id: ref('tehsils'), phone_no: '04231234567', lat: 31.5, long: 74.3, location: 'Main road', manager: 'Dr. Ali',
      open_time: '08:00', close_time: '16:00', services: ['Vaccination', 'Mother and child health'], created_by: 1, file: PNG,
    },
    reads: { created_by: null, file: null, district_id: null, tehsil_id: null, services: null },
  },
  { doc: '3 §7', method: 'POST', path: '/tasks', permission: 'create_task', body: task('Spec visits'), reads: { created_by: null, file: null } },
  { doc: '3 §7', method: 'POST', path: '/tasks', permission: 'create_task', body: task('Spec visits as a form'), form: true, reads: { created_by: null, file: null } },
  { doc: '3 §7', method: 'GET', path: '/tasks', permission: 'view_task', query: { id: ref('tasks', 'encrypted_id') }, answers: { total: 1, 'data.0.id': ref('tasks') } },
  { doc: '3 §7', method: 'POST', path: '/user-messages', permission: 'create_chw', body: message('Spec reminder') , reads: { created_by: null } },
  { doc: '3 §7', method: 'POST', path: '/user-messages', permission: 'create_chw', body: message('Spec reminder as a form'), form: true, reads: { created_by: null } },
  { doc: '3 §7', method: 'GET', path: '/user-messages', permission: 'view_chw', query: { id: ref('user-messages', 'encrypted_id') }, answers: { total: 1, 'data.0.id': ref('user-messages') } },
  { doc: '3 §7', method: 'POST', path: '/interests', permission: 'create_chw', body: { title: 'Spec interest' } },
  { doc: '3 §7', method: 'POST', path: '/faqs', permission: 'create_faq', body: { question: 'Spec question?', answer: '<p>Spec answer.</p>' } },
];

/** What the spec asks that the product does otherwise, each with its reason; the README lists each `what`. */
export const SPEC_DEVIATIONS: { what: string; why: string }[] = [
  { what: 'The spec\'s `PUT /promotional/{id}` takes a section\'s path as its id', why: 'the spec does not say what the id names; `PUT /promotional/logo|banner|about|how-it-works` saves that section as its store call does' },
  { what: 'the testimonial delete is `DELETE /promotional/testimonial/{id}`', why: 'the spec does not show the path' },
  { what: 'The about boxes are written as flat fields', why: 'multipart form data has no nesting (`box_1_title`, `box_1_file`, ...); the answer has both the flat names and the spec\'s `box_1: { title, desc, file }` and `box_analytic_1: { value, key }`' },
  { what: 'A duty roster\'s `dutyRoasters[].appointments` are not stored as sent', why: 'the slots always follow from s_time, e_time and session (spec 2 §5); the dates are taken' },
  { what: 'A prescription names its doctor (`doctor_id`)', why: 'the spec\'s header has no doctor, yet its page shows the prescribing doctor\'s name (spec 2: "As read: doctor (full_name)"); a prescription without a prescriber is not one to dispense, so the spec\'s body is refused with "Please select a doctor."' },
  { what: 'A country whose `iso3` ISO 3166 does not know needs its `iso2` too', why: 'people read their country as `{ country, iso2 }`; the spec\'s `{ country, iso3 }` is taken whole when the code is ISO 3166\'s (its `iso2` follows)' },
  { what: 'Genders read back in lower case (`male`, `female`, `transgender`)', why: 'the spec\'s people forms send Male, Female, Transgender and its admin form male and female: both spellings are taken, one is kept' },
  { what: 'A person\'s `country` reads back as the record `{ country, iso2 }`', why: 'the spec sends a country\'s name (its default "United States" is taken too, stored as the ISO name "United States of America"); a name, a code or `country_id` is taken on write, and the record read is sent back unchanged' },
];
