import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { USER_STATUS } from '../../../../contract/enums';
import { permissionName } from '../../../../contract/permissions';
import { RESOURCES } from '../../../../contract/resources';
import { ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { defineResource, dynamic, type Row, type WriteContext } from '../../http/resource';
import type { AppContext } from '../../context';
import { referenceList } from '../../http/readShapes';
import { embedded, fileLink, oneOfTypes } from '../../http/responses';
import {
  accountFields, accountUpdateFields, addFullNames, addressFields, addUserStatus, PERSON_COLUMNS, PERSON_READ_ONLY, PERSON_SEARCH, personFields, personValues, PHOTO, revokeUserTokens, SAMPLE_PHOTO,
  sendCredentialsLater, USER_STATUS_PRESENTS, USER_STATUS_READ,
} from './accounts';

/**
 * Doctors (spec 2): accounts of `users` (type doctor) with a profile (qualification) and at least one
 * specialization; their duty roster and appointments are their own resources. A doctor's rating out of
 * 5 is the average of the patients' feedback ratings (whichever route wrote them), kept with their
 * count in `doctor_ratings` by triggers in the writing transaction (migration 0029), never computed
 * from the feedback on a read.
 */

declare module '../../db/schema' {
  interface Database {
    doctor_profiles: { id: number; qualification_id: number };
    doctor_specializations: { doctor_id: number; specialization_id: number };
    /** per doctor: the number of feedback ratings and their sum */
    doctor_ratings: { doctor_id: number; n: number; total: number };
  }
}

/** A doctor's rating as presented: the average rounded to one decimal, 0 when nobody has rated them. */
export const ratingOf = (kept: { n: number | string; total: number | string } | undefined): { rating: number; ratings_count: number } => {
  const n = Number(kept?.n ?? 0);
  return { rating: n > 0 ? Math.round((Number(kept!.total) / n) * 10) / 10 : 0, ratings_count: n };
};

/** The kept ratings of some doctors, by doctor. */
export async function ratingsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, { rating: number; ratings_count: number }>> {
  const rows = ids.length ? await db.selectFrom('doctor_ratings').select(['doctor_id', 'n', 'total']).where('doctor_id', 'in', [...ids]).execute() : [];
  const kept = new Map(rows.map((r) => [Number(r.doctor_id), r]));
  return new Map(ids.map((id) => [id, ratingOf(kept.get(id))]));
}

const DOCTOR = {
  qualification: 'Please select a qualification',
  specializations: 'Please select at least one specialization.',
};

const doctorFields = {
  qualification_id: Fields.reference(DOCTOR.qualification),
  specializationIds: referenceList(DOCTOR.specializations, { minItems: 1, maxItems: 20 }),
};

const createSchema = Type.Object({ ...personFields, ...accountFields, ...addressFields, ...doctorFields }, { additionalProperties: false });
const updateSchema = Type.Partial(Type.Object({ ...personFields, ...accountUpdateFields, ...addressFields, ...doctorFields }), { additionalProperties: false });

/** The qualification and the specializations named exist. */
async function professionValues({ db }: WriteContext, input: { qualification_id?: unknown; specializationIds?: unknown }) {
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = {};
  if (input.qualification_id !== undefined) {
    const known = typeof input.qualification_id === 'number' && (await db.selectFrom('qualifications').select('id').where('id', '=', input.qualification_id).executeTakeFirst());
    if (!known) errors.qualification_id = [DOCTOR.qualification];
    else values.qualification_id = input.qualification_id;
  }
  if (Array.isArray(input.specializationIds)) {
    const ids = [...new Set(input.specializationIds as number[])];
    const known = ids.length ? await db.selectFrom('specializations').select('id').where('id', 'in', ids).execute() : [];
    if (!ids.length || known.length !== ids.length) errors.specializationIds = [DOCTOR.specializations];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return values;
}

/** The most appointments a doctor's page lists in each of its tabs. */
export const DOCTOR_TAB_LIMIT = 100;

/** The spec's appointment tabs of a doctor's page, each the key it reads them from and its appointments. */
const TABS = [
  // Upcoming: the booked ones, soonest first (one whose day passed uncompleted first of all)
  { key: 'ongoing_appointments', status: 'Booked', order: 'asc' },
  { key: 'doctor_cancelled_appointments', status: 'Cancelled', order: 'desc' },
  { key: 'doctor_completed_appointments', status: 'Completed', order: 'desc' },
] as const;

const textOrNull = () => oneOfTypes('string', 'null');
/** An appointment of a tab, as `doctorTabs` presents it (only to a reader who may read appointments). */
const TAB_APPOINTMENT = Type.Object({
  id: Type.Integer(), encrypted_id: Type.String(), date: Type.String(), s_time: Type.String(), e_time: Type.String(), status: Type.String(), created_at: Type.String(),
  doctor: Type.Object({ id: Type.Integer(), encrypted_id: Type.String(), full_name: Type.String(), file: fileLink(), specializations: Type.Array(Type.Object({ title: Type.String() })) }),
  patient: Type.Object({
    id: Type.Integer(), encrypted_id: Type.String(), f_name: Type.String(), l_name: textOrNull(), gender: textOrNull(), age: oneOfTypes('integer', 'null'),
    parent_id: oneOfTypes('integer', 'null'), relation: textOrNull(), short_bio: textOrNull(), full_name: Type.String(),
  }),
});

/**
 * A doctor's appointments in the spec's shape (document 2, Appointment: date, s_time, created_at,
 * doctor and patient), for each tab of the doctor's page: those of patients within the caller's
 * districts (a family member's place is their patient's), at most DOCTOR_TAB_LIMIT each.
 */
async function doctorTabs(ctx: AppContext, record: Row, districtIds: readonly number[] | null): Promise<void> {
  const doctorId = Number(record.id);
  const photo = record.photo as { path?: unknown } | null;
  const doctor = {
    id: doctorId,
    encrypted_id: record.encrypted_id,
    full_name: record.full_name,
    file: photo && typeof photo.path === 'string' ? { path: photo.path } : null,
    specializations: ((record.specializations as { title: string }[] | undefined) ?? []).map((sp) => ({ title: sp.title })),
  };
  const lists = await Promise.all(TABS.map(({ status, order }) => {
    let q = ctx.db
      .selectFrom('appointments as a')
      .innerJoin('users as p', 'p.id', 'a.patient_id')
      .leftJoin('patient_profiles as pp', (join) => join.on((eb) => eb('pp.id', '=', eb.fn.coalesce('p.parent_id', 'p.id'))))
      .select(['a.id', 'a.date', 'a.s_time', 'a.e_time', 'a.status', 'a.created_at', 'p.id as patient_id', 'p.f_name', 'p.l_name', 'p.gender', 'p.age', 'p.parent_id', 'p.relation', 'p.short_bio'])
      .where('a.doctor_id', '=', doctorId)
      .where('a.status', '=', status);
    if (districtIds) q = q.where('pp.district_id', 'in', districtIds.length ? [...districtIds] : [0]);
    return q.orderBy('a.date', order).orderBy('a.s_time', order).orderBy('a.id', order).limit(DOCTOR_TAB_LIMIT).execute();
  }));
  TABS.forEach(({ key }, i) => {
    record[key] = lists[i]!.map((a) => {
      const patient: Row = { id: a.patient_id, encrypted_id: ctx.ids.encode(a.parent_id ? 'family-members' : 'app-users', a.patient_id), f_name: a.f_name, l_name: a.l_name, gender: a.gender, age: a.age, parent_id: a.parent_id, relation: a.relation, short_bio: a.short_bio };
      addFullNames([patient]);
      return { id: a.id, encrypted_id: ctx.ids.encode('appointments', a.id), date: a.date, s_time: a.s_time, e_time: a.e_time, status: a.status, created_at: a.created_at, doctor, patient };
    });
  });
}

export const doctors = defineResource<'users', 'doctor_profiles'>()({
  name: 'doctors',
  ignored: {
    ...PERSON_READ_ONLY,
    rating: 'read-only: the average of the patients\' ratings',
    ratings_count: 'read-only: how many ratings the average is of',
    specializations: 'read-only: the specializations of specializationIds',
    patients: 'read-only: the doctor\'s patients, asked for with ?patient=true',
    ongoing_appointments: 'read-only: the doctor\'s booked appointments, read with the doctor',
    doctor_cancelled_appointments: 'read-only: the doctor\'s cancelled appointments, read with the doctor',
    doctor_completed_appointments: 'read-only: the doctor\'s completed appointments, read with the doctor',
  },
  readOnly: USER_STATUS_READ,
  table: 'users',
  module: 'doctor',
  subset: { column: 'type', value: 'doctor' },
  columns: [...PERSON_COLUMNS],
  label: 'f_name',
  createSchema,
  updateSchema,
  profile: { table: 'doctor_profiles', columns: ['qualification_id'] },
  files: { photo: PHOTO },
  searchable: [...PERSON_SEARCH],
  sortable: ['f_name', 'l_name', 'email', 'phone_no', 'age', 'status', 'created_at', 'id', 'qualification.title'],
  // the doctor select of prescriptions and the appointments list's doctor filter: names only, to whoever
  // may list doctors, write a patient's prescriptions or list appointments
  choices: ['f_name', 'l_name'],
  choicesFor: ['view_doctor', 'create_app_user', 'edit_app_user', 'view_app_user'],
  defaultSort: { field: 'created_at', order: 'desc' },
  dateRange: 'created_at',
  filters: { city_id: 'integer' },
  via: {
    specialization_id: { column: 'id', table: 'doctor_specializations', key: 'doctor_id', parentColumn: 'specialization_id' },
    qualification_id: { column: 'id', table: 'doctor_profiles', parentColumn: 'qualification_id' },
  },
  status: { kind: 'user' },
  belongsTo: [
    { as: 'qualification', column: 'qualification_id', resource: 'qualifications', table: 'qualifications', columns: ['title'] },
    { as: 'country', column: 'country_id', resource: 'countries', table: 'countries', columns: ['country', 'iso2'] },
    { as: 'city', column: 'city_id', resource: 'cities', table: 'cities', columns: ['title'] },
  ],
  referencedBy: [
    { table: 'duty_rosters', column: 'doctor_id', noun: 'duty_roster' },
    { table: 'appointments', column: 'doctor_id', noun: 'appointment' },
    { table: 'prescriptions', column: 'doctor_id', noun: 'prescription' },
    { table: 'feedbacks', column: 'doctor_id', noun: 'feedback_entry' },
  ],
  exportColumns: ['id', 'f_name', 'l_name', 'email', 'phone_no', 'dob', 'age', 'gender', 'status', 'created_at'],
  // the appointment tabs: on the record's page only (hooks.read), for a reader who may read appointments
  recordOnly: ['patients_count', 'ongoing_appointments', 'doctor_cancelled_appointments', 'doctor_completed_appointments'],
  presents: {
    ...USER_STATUS_PRESENTS,
    ...Object.fromEntries(TABS.map(({ key }) => [key, Type.Optional(Type.Array(TAB_APPOINTMENT))])),
    full_name: Type.String(),
    rating: Type.Number(),
    ratings_count: Type.Integer(),
    specializations: embedded({ title: Type.String() }),
    specializationIds: Type.Array(Type.Integer()),
    patients_count: Type.Integer(),
    // GET /doctors/{id}?patient=true
    patients: Type.Optional(Type.Array(Type.Object({
      id: Type.Integer(), f_name: Type.String(), l_name: oneOfTypes('string', 'null'), gender: oneOfTypes('string', 'null'), age: oneOfTypes('integer', 'null'),
      phone_no: oneOfTypes('string', 'null'), parent_id: oneOfTypes('integer', 'null'), relation: oneOfTypes('string', 'null'), full_name: Type.String(), encrypted_id: Type.String(),
    }))),
  },
  expand: {
    // the spec's `GET /doctors/{id}?patient=true`: the patients and family members of the doctor's
    // appointments, as the patients' list would show them to the caller (view_app_user, within its districts)
    patient: {
      as: 'patients',
      shows: ['appointments', 'app-users', 'family-members'],
      async load({ ctx, within }, record) {
        const db = dynamic(ctx.db);
        const seen = db.selectFrom('appointments').select('patient_id').where('doctor_id', '=', record.id).where(within('appointments'));
        const rows: Row[] = await db
          .selectFrom('users')
          .select(['id', 'f_name', 'l_name', 'gender', 'age', 'phone_no', 'parent_id', 'relation'])
          .where('id', 'in', seen)
          .where((eb) => eb.or([within('app-users')(eb), within('family-members')(eb)]))
          .orderBy('f_name')
          .orderBy('id')
          .limit(1000)
          .execute();
        addFullNames(rows);
        return rows.map((r) => ({ ...r, encrypted_id: ctx.ids.encode(r.parent_id ? 'family-members' : 'app-users', Number(r.id)) }));
      },
    },
  },
  hooks: {
    async prepare(w, input, existing) {
      const person = await personValues(w, input, existing, { account: true, ageOnEdit: true, defaultCountry: true });
      return { ...person, ...(await professionValues(w, input)) };
    },
    async afterWrite(w, row, input, existing) {
      await sendCredentialsLater(w, input, row, 'doctor', existing);
      if (!Array.isArray(input.specializationIds)) return;
      await w.db.deleteFrom('doctor_specializations').where('doctor_id', '=', row.id).execute();
      const ids = [...new Set(input.specializationIds)];
      await w.db.insertInto('doctor_specializations').values(ids.map((specialization_id) => ({ doctor_id: row.id, specialization_id }))).execute();
    },
    async afterStatus({ db }, row, status) {
      if (status === USER_STATUS.blocked) await revokeUserTokens(db, Number(row.id));
    },
    // the spec's tabs of the doctor's page (Upcoming, Cancel, Completed), with the doctor read on its own
    // they show appointments and their patients: only to a reader who may read appointments (the rule of
    // `expand`), else the doctor is read without them
    read: async (ctx, record, request) => {
      if (request.admin?.permissions.has(permissionName('view', RESOURCES.appointments.module))) await doctorTabs(ctx, record, request.admin.districtIds ?? null);
    },
    async enrich(ctx, rows, use) {
      addFullNames(rows);
      addUserStatus(rows);
      const ids = rows.map((r) => r.id);
      if (!ids.length) return;
      const [specs, patients, ratings] = await Promise.all([
        ctx.db
          .selectFrom('doctor_specializations as ds')
          .innerJoin('specializations as s', 's.id', 'ds.specialization_id')
          .select(['ds.doctor_id', 's.id', 's.title'])
          .where('ds.doctor_id', 'in', ids)
          .orderBy('s.title')
          .execute(),
        // a doctor's page shows how many patients they have seen; the list does not, and counting the
        // distinct patients of 25 doctors' appointments cost 1.4 ms a page at 1,000,000 appointments
        use === 'record'
          ? ctx.db
              .selectFrom('appointments')
              .select(['doctor_id', (eb) => eb.fn.count<number>('patient_id').distinct().as('n')])
              .where('doctor_id', 'in', ids)
              .groupBy('doctor_id')
              .execute()
          : null,
        ratingsOf(ctx.db, ids),
      ]);
      for (const r of rows) {
        Object.assign(r, ratings.get(r.id));
        const mine = specs.filter((s) => s.doctor_id === r.id);
        r.specializations = mine.map((s) => ({ id: s.id, title: s.title, encrypted_id: ctx.ids.encode('specializations', s.id) }));
        r.specializationIds = mine.map((s) => s.id);
        if (patients) r.patients_count = Number(patients.find((p) => p.doctor_id === r.id)?.n ?? 0);
      }
    },
  },
  sample: async (n, ref) => {
    const [qualification, specialization] = [await ref('qualifications'), await ref('specializations')];
    return {
      photo: SAMPLE_PHOTO,
      f_name: `Doctor${n}`,
      l_name: 'Sample',
      email: `doctor${n}.${Date.now()}@example.org`,
      phone_no: '03211234567',
      password: 'stethoscope garden 5',
      confirmPassword: 'stethoscope garden 5',
      dob: '1980-06-15',
      age: 46,
      gender: 'male',
      qualification_id: qualification.id,
      specializationIds: [specialization.id],
      short_bio: 'General practice.',
    };
  },
  invalidSamples: [
    { f_name: 'No specialization', email: 'nospec@example.org', phone_no: '03211234567', password: 'stethoscope garden 5', confirmPassword: 'stethoscope garden 5', dob: '1980-01-01', qualification_id: 1, specializationIds: [] },
    { f_name: 'No qualification', email: 'noqual@example.org', phone_no: '03211234567', password: 'stethoscope garden 5', confirmPassword: 'stethoscope garden 5', dob: '1980-01-01', specializationIds: [1] },
  ],
});
