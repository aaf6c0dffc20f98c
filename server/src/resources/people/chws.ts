import { Type } from '@sinclair/typebox';
import { USER_STATUS } from '../../../../contract/enums';
import { ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { defineResource, type Row, type WriteContext } from '../../http/resource';
import { accountFields, accountUpdateFields, addFullNames, ADDRESS_RELATIONS, addressFields, addUserStatus, BODY_COLUMNS, bodyFields, MESSAGES, PERSON_COLUMNS, PERSON_READ_ONLY, PERSON_SEARCH, personFields, personValues, PHOTO, revokeUserTokens, SAMPLE_PHOTO, sendCredentialsLater, USER_STATUS_PRESENTS, USER_STATUS_READ } from './accounts';

/**
 * Community health workers (spec 2): accounts of `users` with a profile holding their qualification
 * and their place (district › tehsil › VC area, each inside the one before). They belong to a
 * district, so an admin limited to some districts sees only theirs.
 */

const CHW = {
  qualification: 'Please select a qualification',
  district: 'Please select a district',
  tehsil: 'Please select a tehsil',
  area: 'Please select a VC',
  tehsilOutside: 'The tehsil must belong to the chosen district.',
  areaOutside: 'The VC must belong to the chosen tehsil.',
};

const placeFields = {
  qualification_id: Fields.reference(CHW.qualification),
  district_id: Fields.reference(CHW.district),
  tehsil_id: Fields.reference(CHW.tehsil),
  area_id: Fields.reference(CHW.area),
};

const chwPerson = {
  ...personFields,
  cnic: Fields.digits(13, 13, MESSAGES.cnic),
  age: Fields.integer(MESSAGES.age, 0, 130),
  // the model's, which the form does not show (spec 2 section 3)
  ...bodyFields,
};

const createSchema = Type.Object({ ...chwPerson, ...accountFields, ...placeFields, ...addressFields }, { additionalProperties: false });
const updateSchema = Type.Partial(Type.Object({ ...chwPerson, ...accountUpdateFields, ...placeFields, ...addressFields }), { additionalProperties: false });

const PROFILE = { table: 'chw_profiles', columns: ['qualification_id', 'district_id', 'tehsil_id', 'area_id', 'joining_date', ...BODY_COLUMNS] } as const;

/**
 * The qualification known, and the place a chain: the tehsil in the district, the VC area in the
 * tehsil (what the console's cascade offers; the server holds to it whatever the body says).
 */
async function placeValues({ db }: WriteContext, input: Row, existing: Row | null): Promise<Row> {
  const pick = (key: string) => (input[key] !== undefined ? input[key] : existing?.[key]);
  const errors: Record<string, string[]> = {};
  const values: Row = {};
  for (const key of ['qualification_id', 'district_id', 'tehsil_id', 'area_id', ...BODY_COLUMNS]) if (input[key] !== undefined) values[key] = input[key];
  const [qualificationId, districtId, tehsilId, areaId] = ['qualification_id', 'district_id', 'tehsil_id', 'area_id'].map(pick);
  const qualification = typeof qualificationId === 'number' && (await db.selectFrom('qualifications').select('id').where('id', '=', qualificationId).executeTakeFirst());
  if (!qualification) errors.qualification_id = [CHW.qualification];
  const district = typeof districtId === 'number' && (await db.selectFrom('districts').select('id').where('id', '=', districtId).executeTakeFirst());
  if (!district) errors.district_id = [CHW.district];
  const tehsil = typeof tehsilId === 'number' ? await db.selectFrom('tehsils').select(['id', 'district_id']).where('id', '=', tehsilId).executeTakeFirst() : undefined;
  if (!tehsil) errors.tehsil_id = [CHW.tehsil];
  else if (tehsil.district_id !== districtId) errors.tehsil_id = [CHW.tehsilOutside];
  const area = typeof areaId === 'number' ? await db.selectFrom('areas').select(['id', 'tehsil_id']).where('id', '=', areaId).executeTakeFirst() : undefined;
  if (!area) errors.area_id = [CHW.area];
  else if (area.tehsil_id !== tehsilId) errors.area_id = [CHW.areaOutside];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (!existing) values.joining_date = new Date().toISOString().slice(0, 10);
  return values;
}

export const chws = defineResource<'users', 'chw_profiles'>()({
  name: 'chw',
  ignored: { ...PERSON_READ_ONLY, name_with_area: 'read-only: the name with the VC area, for pickers' },
  readOnly: USER_STATUS_READ,
  table: 'users',
  module: 'chw',
  subset: { column: 'type', value: 'chw' },
  columns: [...PERSON_COLUMNS],
  label: 'f_name',
  createSchema,
  updateSchema,
  profile: PROFILE,
  files: { photo: PHOTO },
  district: { table: 'chw_profiles', column: 'district_id' },
  searchable: [...PERSON_SEARCH],
  // the CHW picker of a task (`/chw/choices?tehsil_id=..&status=Active`), for admins who may plan tasks but not list CHWs
  choices: ['f_name', 'l_name'],
  choicesFor: ['view_chw', 'create_task', 'edit_task'],
  sortable: ['f_name', 'l_name', 'email', 'phone_no', 'status', 'created_at', 'id', 'qualification.title', 'district.title'],
  defaultSort: { field: 'created_at', order: 'desc' },
  dateRange: 'created_at',
  via: {
    district_id: { column: 'id', table: 'chw_profiles', parentColumn: 'district_id' },
    // the spec's filtered list calls it `district`
    district: { column: 'id', table: 'chw_profiles', parentColumn: 'district_id' },
    tehsil_id: { column: 'id', table: 'chw_profiles', parentColumn: 'tehsil_id' },
    area_id: { column: 'id', table: 'chw_profiles', parentColumn: 'area_id' },
    qualification_id: { column: 'id', table: 'chw_profiles', parentColumn: 'qualification_id' },
  },
  status: { kind: 'user' },
  belongsTo: [
    { as: 'qualification', column: 'qualification_id', resource: 'qualifications', table: 'qualifications', columns: ['title'] },
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title'] },
    { as: 'area', column: 'area_id', resource: 'areas', table: 'areas', columns: ['title', 'lat', 'long'] },
    ...ADDRESS_RELATIONS,
  ],
  exportColumns: ['id', 'f_name', 'l_name', 'email', 'phone_no', 'cnic', 'dob', 'age', 'gender', 'joining_date', 'status', 'created_at'],
  presents: { ...USER_STATUS_PRESENTS, full_name: Type.String(), name_with_area: Type.String() },
  hooks: {
    async prepare(w, input, existing) {
      const person = await personValues(w, input, existing, { account: true });
      return { ...person, ...(await placeValues(w, input, existing)) };
    },
    async afterWrite(w, row, input, existing) {
      await sendCredentialsLater(w, input, row, 'chw', existing);
    },
    async afterStatus({ db }, row, status) {
      if (status === USER_STATUS.blocked) await revokeUserTokens(db, Number(row.id));
    },
    async enrich(_ctx, rows) {
      addFullNames(rows);
      addUserStatus(rows);
      for (const r of rows) {
        const area = r.area as { title?: string } | null;
        r.name_with_area = area?.title ? `${String(r.full_name)} (${area.title})` : r.full_name;
      }
    },
  },
  sample: async (n, ref) => {
    const area = await ref('areas');
    const qualification = await ref('qualifications');
    return {
      photo: SAMPLE_PHOTO,
      f_name: `Worker${n}`,
      l_name: 'Sample',
      email: `chw${n}.${Date.now()}@example.org`,
      phone_no: '03111234567',
      cnic: `35202${String(n % 10000).padStart(4, '0')}${String(Date.now() % 10000).padStart(4, '0')}`,
      password: 'tamarind season 7',
      confirmPassword: 'tamarind season 7',
      dob: '1992-04-01',
      age: 34,
      gender: 'female',
      qualification_id: qualification.id,
      district_id: area.district_id,
      tehsil_id: area.tehsil_id,
      area_id: area.id,
    };
  },
  invalidSamples: [
    { f_name: 'Short cnic', email: 'cnic@example.org', phone_no: '03111234567', cnic: '123', password: 'tamarind season 7', confirmPassword: 'tamarind season 7', dob: '1990-01-01', age: 30, qualification_id: 1, district_id: 1, tehsil_id: 1, area_id: 1 },
    { f_name: 'No place', email: 'place@example.org', phone_no: '03111234567', cnic: '3520212345678', password: 'tamarind season 7', confirmPassword: 'tamarind season 7', dob: '1990-01-01', age: 30 },
    { f_name: 'Unknown place', email: 'unknown@example.org', phone_no: '03111234567', cnic: '3520212345679', password: 'tamarind season 7', confirmPassword: 'tamarind season 7', dob: '1990-01-01', age: 30, qualification_id: 99999, district_id: 99999, tehsil_id: 99999, area_id: 99999 },
    { f_name: 'No age', email: 'noage@example.org', phone_no: '03111234567', cnic: '3520212345670', password: 'tamarind season 7', confirmPassword: 'tamarind season 7', dob: '1990-01-01', qualification_id: 1, district_id: 1, tehsil_id: 1, area_id: 1 },
  ],
});
