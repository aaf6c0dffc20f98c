import { Type } from '@sinclair/typebox';
import { BLOOD_GROUPS, MARITAL_STATUSES, PERSON_GENDERS, RELATIONS, USER_STATUS } from '../../../../contract/enums';
import type { AppContext } from '../../context';
import { Fields } from '../../http/fields';
import { idTitles, oneOfTypes } from '../../http/responses';
import { ValidationError } from '../../http/errors';
import { referenceList } from '../../http/readShapes';
import { defineResource, type Presentation, type Row, type WriteContext } from '../../http/resource';
import { PLACE, placeValues } from '../programme/place';
import '../programme/schema';
import { accountFields, accountUpdateFields, addFullNames, addressFields, addUserStatus, bodyFields, MESSAGES, PERSON_COLUMNS, PERSON_READ_ONLY, PERSON_SEARCH, personFields, personValues, PHOTO, revokeUserTokens, SAMPLE_PHOTO, sendCredentialsLater, USER_STATUS_PRESENTS, USER_STATUS_READ } from './accounts';

/** Patients (the spec's app users) and their family members: rows of `users`, with a patient profile. */

const profileFields = bodyFields;
/** Where a patient lives and what they are interested in: what the programme's messages are sent by (spec 3). Optional. */
const reachFields = {
  district_id: Type.Optional(Fields.optionalReference(PLACE.district)),
  tehsil_id: Type.Optional(Fields.optionalReference(PLACE.tehsil)),
  interest_ids: Type.Optional(referenceList('Please select interests from the list.', { maxItems: 100 })),
};
const PROFILE = { table: 'patient_profiles', columns: ['blood_group', 'height', 'weight', 'marital_status', 'district_id', 'tehsil_id'] } as const;

const patientSchema = Type.Object({ ...personFields, ...accountFields, ...addressFields, ...profileFields, ...reachFields }, { additionalProperties: false });
const patientUpdate = Type.Partial(Type.Object({ ...personFields, ...accountUpdateFields, ...addressFields, ...profileFields, ...reachFields }), { additionalProperties: false });

const profileValues = (input: Row): Row => Object.fromEntries(PROFILE.columns.filter((c) => input[c] !== undefined).map((c) => [c, input[c]]));

const belongsTo = [
  { as: 'country', column: 'country_id', resource: 'countries', table: 'countries', columns: ['country', 'iso2'] },
  { as: 'city', column: 'city_id', resource: 'cities', table: 'cities', columns: ['title'] },
] as const;

/** Age, or the country when no age is known (the list's "Age or country" column); the diseases of the person's medical histories. */
const presentPerson = async (ctx: AppContext, rows: Row[], use: Presentation) => {
  addFullNames(rows);
  addUserStatus(rows);
  for (const r of rows) r.age_or_country = r.age ?? (r.country as { country?: string } | null)?.country ?? null;
  // the diseases show in a person's profile header, not in lists (recordOnly)
  if (use !== 'record') return;
  const ids = rows.map((r) => Number(r.id));
  const diseases = ids.length
    ? await ctx.db.selectFrom('medical_histories').select(['patient_id', 'disease_name']).distinct().where('patient_id', 'in', ids).orderBy('disease_name').execute()
    : [];
  for (const r of rows) r.diseases = diseases.filter((d) => d.patient_id === r.id).map((d) => d.disease_name);
};

/** The place, if given, a chain (the tehsil in the district, both or neither); the interests known. */
async function checkReach({ db }: WriteContext, input: Row, existing: Row | null) {
  const errors: Record<string, string[]> = {};
  const pick = (key: string) => (input[key] !== undefined ? input[key] : existing?.[key]);
  if (input.district_id !== undefined || input.tehsil_id !== undefined) {
    if (pick('district_id') !== null || pick('tehsil_id') !== null) await placeValues(db, input, existing, errors);
  }
  const interests = input.interest_ids as number[] | undefined;
  if (interests?.length) {
    const found = await db.selectFrom('interests').select('id').where('id', 'in', interests).execute();
    if (found.length !== interests.length) errors.interest_ids = ['Please select interests from the list.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

async function writeInterests({ db }: WriteContext, userId: number, interests: number[]) {
  await db.deleteFrom('patient_interests').where('user_id', '=', userId).execute();
  if (interests.length) await db.insertInto('patient_interests').values(interests.map((interest_id) => ({ user_id: userId, interest_id }))).execute();
}

/** What `presentPerson` adds to a person. */
const PERSON_PRESENTS = { ...USER_STATUS_PRESENTS, full_name: Type.String(), age_or_country: oneOfTypes('integer', 'string', 'null'), diseases: Type.Array(Type.String()) };

const day = (offsetYears: number) => new Date(Date.now() - offsetYears * 365.25 * 86_400_000).toISOString().slice(0, 10);

export const patients = defineResource<'users', 'patient_profiles'>()({
  name: 'app-users',
  ignored: { ...PERSON_READ_ONLY, age_or_country: 'read-only: the age, else the country, for the list', as: 'read-only: the kind of account (User)' },
  readOnly: USER_STATUS_READ,
  table: 'users',
  module: 'app_user',
  subset: { column: 'type', value: 'patient' },
  columns: [...PERSON_COLUMNS],
  label: 'f_name',
  createSchema: patientSchema,
  updateSchema: patientUpdate,
  profile: PROFILE,
  files: { photo: PHOTO },
  // the district of their profile: a patient with none is seen only by admins of every district
  district: { table: 'patient_profiles', column: 'district_id' },
  searchable: [...PERSON_SEARCH],
  sortable: ['f_name', 'l_name', 'email', 'phone_no', 'age', 'status', 'created_at', 'id', 'city.title'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { city_id: 'integer', gender: PERSON_GENDERS },
  dateRange: 'created_at',
  status: { kind: 'user' },
  belongsTo: [
    ...belongsTo,
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title'] },
  ],
  linked: { interest_ids: { link: 'patient_interests', key: 'user_id', linkKey: 'interest_id', table: 'interests', columns: ['title'], orderBy: 'title' } },
  via: {
    district_id: { column: 'id', table: 'patient_profiles', parentColumn: 'district_id' },
    tehsil_id: { column: 'id', table: 'patient_profiles', parentColumn: 'tehsil_id' },
    blood_group: { column: 'id', table: 'patient_profiles', parentColumn: 'blood_group', values: BLOOD_GROUPS },
    interest_id: { column: 'id', table: 'patient_interests', parentColumn: 'interest_id', key: 'user_id' },
  },
  referencedBy: [
    { table: 'users', column: 'parent_id', noun: 'family_member', by: 'family-members' },
    // a patient's clinical record and what they asked of the programme stay: their rows name them
    { table: 'medical_histories', column: 'patient_id', noun: 'medical_history' },
    { table: 'prescriptions', column: 'patient_id', noun: 'prescription' },
    { table: 'appointments', column: 'patient_id', noun: 'appointment' },
    { table: 'appointment_requests', column: 'patient_id', noun: 'appointment_request' },
    { table: 'feedbacks', column: 'user_id', noun: 'feedback_entry' },
  ],
  exportColumns: ['id', 'f_name', 'l_name', 'email', 'phone_no', 'dob', 'age', 'gender', 'blood_group', 'marital_status', 'status', 'created_at'],
  recordOnly: ['diseases'],
  presents: { ...PERSON_PRESENTS, interest_ids: idTitles(), as: Type.Literal('User') },
  hooks: {
    async prepare(w, input, existing) {
      const values = await personValues(w, input, existing, { account: true, ageOnEdit: true, defaultCountry: true });
      await checkReach(w, input as Row, existing);
      return { ...values, ...profileValues(input) };
    },
    async afterWrite(w, row, input, existing) {
      if (input.interest_ids) await writeInterests(w, Number(row.id), input.interest_ids);
      await sendCredentialsLater(w, input, row, 'patient', existing);
    },
    async afterStatus({ db }, row, status) {
      if (status === USER_STATUS.blocked) await revokeUserTokens(db, Number(row.id));
    },
    async enrich(ctx, rows, use) {
      await presentPerson(ctx, rows, use);
      for (const r of rows) r.as = 'User';
    },
  },
  sample: async (n, ref) => ({
    country_id: (await ref('countries')).id,
    city_id: (await ref('cities')).id,
    ...(await ref('tehsils').then((t) => ({ district_id: t.district_id, tehsil_id: t.id }))),
    interest_ids: [(await ref('interests')).id],
    photo: SAMPLE_PHOTO,
    f_name: `Patient${n}`,
    l_name: 'Sample',
    email: `patient${n}.${Date.now()}@example.org`,
    phone_no: '03001234567',
    password: 'lantern orchard 42',
    confirmPassword: 'lantern orchard 42',
    dob: day(30),
    age: 30,
    gender: 'female',
    blood_group: 'O+',
    marital_status: 'Married',
    height: 162,
    weight: 58.5,
    street: `${n} Mall Road`,
  }),
  invalidSamples: [
    { f_name: 'No phone', email: 'nophone@example.org', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob: day(20) },
    { f_name: 'Short phone', email: 'short@example.org', phone_no: '0300', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob: day(20) },
    { f_name: 'Mismatch', email: 'mismatch@example.org', phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'other one 43', dob: day(20) },
    { f_name: 'Future', email: 'future@example.org', phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob: '2999-01-01' },
    { f_name: 'Common', email: 'common@example.org', phone_no: '03001234567', password: '12345678', confirmPassword: '12345678', dob: day(20) },
    { f_name: 'No dob', email: 'nodob@example.org', phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42' },
    { f_name: 'Bad blood', email: 'blood@example.org', phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob: day(20), blood_group: 'Z' },
  ],
});

const familySchema = Type.Object(
  {
    ...personFields,
    age: Fields.integer(MESSAGES.age, 0, 130),
    email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 191 }), Type.Null()], { 'x-message': MESSAGES.email })),
    relation: Fields.enumOf(RELATIONS, 'Please select a relation.'),
    ...addressFields,
    ...profileFields,
    marital_status: Fields.enumOf(MARITAL_STATUSES, 'Please choose a marital status.'),
  },
  { additionalProperties: false },
);

/**
 * Family members of a patient (spec 2): listed and added under the patient (`parent_id`), never under
 * another family member. They have no account of their own (no password; the email is optional).
 */
export const familyMembers = defineResource<'users', 'patient_profiles'>()({
  name: 'family-members',
  ignored: { ...PERSON_READ_ONLY, age_or_country: 'read-only: the age, else the country, for the list' },
  readOnly: USER_STATUS_READ,
  table: 'users',
  module: 'app_user',
  subset: { column: 'type', value: 'family' },
  columns: [...PERSON_COLUMNS],
  label: 'f_name',
  createSchema: familySchema,
  profile: PROFILE,
  files: { photo: PHOTO },
  parent: { resource: 'app-users', table: 'users', column: 'parent_id', message: 'Please choose the patient.', subset: { column: 'type', value: 'patient' } },
  // a family member lives where their patient does
  district: { through: 'parent_id', resources: ['app-users'], message: 'Please choose the patient.' },
  searchable: [...PERSON_SEARCH],
  sortable: ['f_name', 'l_name', 'email', 'phone_no', 'relation', 'age', 'created_at', 'id'],
  defaultSort: { field: 'created_at', order: 'asc' },
  belongsTo: [...belongsTo, { as: 'parent', column: 'parent_id', resource: 'app-users', table: 'users', columns: ['f_name', 'l_name'] }],
  exportColumns: ['id', 'parent_id', 'f_name', 'l_name', 'relation', 'email', 'phone_no', 'dob', 'age', 'gender', 'blood_group', 'marital_status', 'created_at'],
  recordOnly: ['diseases'],
  presents: PERSON_PRESENTS,
  hooks: {
    async prepare(w, input, existing) {
      const values = await personValues(w, input, existing, { account: false, ageOnEdit: true, defaultCountry: true });
      if (input.relation !== undefined) values.relation = input.relation;
      return { ...values, ...profileValues(input) };
    },
    async enrich(ctx, rows, use) {
      await presentPerson(ctx, rows, use);
    },
  },
  sample: async (n, ref) => ({
    parent_id: (await ref('app-users')).id,
    photo: SAMPLE_PHOTO,
    f_name: `Relative${n}`,
    email: `relative${n}.${Date.now()}@example.org`,
    l_name: 'Sample',
    phone_no: '03007654321',
    dob: day(8),
    age: 8,
    relation: 'Son',
    marital_status: 'Unmarried',
    gender: 'male',
  }),
  invalidSamples: [
    { f_name: 'No relation', phone_no: '03007654321', dob: day(8), age: 8, marital_status: 'Unmarried' },
    { f_name: 'Bad relation', phone_no: '03007654321', dob: day(8), age: 8, marital_status: 'Unmarried', relation: 'Cousin' },
    { f_name: 'No age', phone_no: '03007654321', dob: day(8), marital_status: 'Unmarried', relation: 'Son' },
  ],
});
