import { Type } from '@sinclair/typebox';
import type { Generated } from 'kysely';
import { MEDICINE_TIMES, TO_BE_TAKEN } from '../../../contract/enums';
import { ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { defineResource, type Row, type WriteContext } from '../http/resource';
import { addFullNames } from './people/accounts';

/**
 * Clinical records of a patient or family member (spec 2): medical histories (with private reports,
 * images or audio) and prescriptions (a header and its medicines, written in one transaction). Every
 * read of one is written to the audit log; their files are served only through short-lived signed links.
 */

declare module '../db/schema' {
  interface Database {
    medical_histories: {
      id: Generated<number>;
      patient_id: number;
      disease_name: string;
      from_date: string;
      to_date: string;
      detail: string;
      reports: string | null;
      c_date: string;
      m_name: string;
      days: number;
      m_times: string;
      to_be_taken: string | null;
      still_using: Generated<string>;
      note: string;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    prescriptions: {
      id: Generated<number>;
      patient_id: number;
      doctor_id: number;
      disease_name: string;
      from_date: string;
      to_date: string;
      detail: string;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    prescription_items: {
      id: Generated<number>;
      prescription_id: number;
      c_date: string;
      m_name: string;
      days: number;
      m_time: string | null;
      to_be_taken: string | null;
      still_using: Generated<number>;
      note: string;
      position: number;
    };
  }
}

export const CLINICAL = {
  disease: 'Please provide a disease.',
  from: 'Please provide a from date.',
  to: 'Please provide a to date.',
  detail: 'Please provide detail.',
  cDate: 'Please provide a current date.',
  medicine: 'Please provide an medicine name.',
  days: 'Please provide a days.',
  note: 'Please provide note.',
  patient: 'Please choose the patient.',
  doctor: 'Please select a doctor.',
  order: 'The to date must not be before the from date.',
  reports: 'File format not supported. JPG/JPEG/PNG/MP3',
};

const header = {
  disease_name: Fields.text(CLINICAL.disease, 191),
  from_date: Fields.requiredDate(CLINICAL.from),
  to_date: Fields.requiredDate(CLINICAL.to),
  detail: Fields.text(CLINICAL.detail, 5000),
};

const medicine = {
  c_date: Fields.requiredDate(CLINICAL.cDate),
  m_name: Fields.text(CLINICAL.medicine, 191),
  days: Fields.integer(CLINICAL.days, 1, 3650),
  to_be_taken: Type.Optional(Fields.optionalEnumOf(TO_BE_TAKEN, 'Please choose After Food or Before Food.')),
  note: Fields.text(CLINICAL.note, 2000),
};

/** A patient or a family member: the people clinical records are kept for. */
async function checkPatient({ db }: WriteContext, patientId: unknown) {
  const found = typeof patientId === 'number' && (await db.selectFrom('users').select('id').where('id', '=', patientId).where('type', 'in', ['patient', 'family']).executeTakeFirst());
  if (!found) throw ValidationError.field('patient_id', CLINICAL.patient);
}

const checkOrder = (input: Row, existing: Row | null) => {
  const from = String(input.from_date ?? existing?.from_date ?? '');
  const to = String(input.to_date ?? existing?.to_date ?? '');
  if (from && to && to < from) throw ValidationError.field('to_date', CLINICAL.order);
};

const parseList = (value: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
};

/** A clinical record is kept where its patient (or the family member's patient) lives. */
export const PATIENT_PLACE = { through: 'patient_id', resources: ['app-users', 'family-members'], message: CLINICAL.patient } as const;

const PATIENT = { as: 'patient', column: 'patient_id', resource: 'app-users', childResource: 'family-members', table: 'users', columns: ['f_name', 'l_name', 'parent_id'] } as const;

export const medicalHistories = defineResource<'medical_histories'>()({
  name: 'medical-histories',
  // the spec's console sends the patient as `uid` (and again as patient_id)
  aliases: { uid: 'patient_id' },
  table: 'medical_histories',
  module: 'app_user',
  columns: ['patient_id', 'disease_name', 'from_date', 'to_date', 'detail', 'reports', 'c_date', 'm_name', 'days', 'm_times', 'to_be_taken', 'still_using', 'note', 'created_by', 'created_at', 'updated_at'],
  label: 'disease_name',
  createSchema: Type.Object(
    {
      ...header,
      ...medicine,
      m_times: Type.Optional(Type.Array(Fields.enumOf(MEDICINE_TIMES, 'Please choose Morning, Noon, Evening or Night.'), { maxItems: 4, 'x-message': 'Please choose Morning, Noon, Evening or Night.' })),
      still_using: Type.Optional(Fields.enumOf(['Yes', 'No'] as const, 'Please choose Yes or No.')),
    },
    { additionalProperties: false },
  ),
  files: { reports: { kinds: ['jpg', 'png', 'mp3'], folder: 'reports', message: CLINICAL.reports, private: true, multiple: true } },
  parent: { resource: 'app-users', table: 'users', column: 'patient_id', message: CLINICAL.patient },
  district: PATIENT_PLACE,
  searchable: ['disease_name', 'm_name'],
  sortable: ['from_date', 'to_date', 'disease_name', 'm_name', 'created_at', 'id', 'patient.f_name'],
  defaultSort: { field: 'from_date', order: 'desc' },
  dateRange: 'from_date',
  belongsTo: [PATIENT],
  auditReads: true,
  presents: { m_times: Type.Array(Type.String()), 'patient.full_name': Type.String() },
  hooks: {
    async prepare(w, input, existing) {
      if (!existing) await checkPatient(w, (input as Row).patient_id);
      checkOrder(input, existing);
      const values: Row = {};
      for (const key of ['disease_name', 'from_date', 'to_date', 'detail', 'c_date', 'm_name', 'days', 'to_be_taken', 'note', 'still_using'] as const) {
        if (input[key] !== undefined) values[key] = input[key];
      }
      if (input.m_times !== undefined) values.m_times = JSON.stringify([...new Set(input.m_times ?? [])]);
      else if (!existing) values.m_times = '[]';
      if (!existing) values.still_using ??= 'No';
      return values;
    },
    async enrich(_ctx, rows) {
      for (const r of rows) {
        (r as Row).m_times = parseList(r.m_times);
        if (r.patient) addFullNames([r.patient as Row]);
      }
    },
  },
  sample: async (n, ref) => ({
    patient_id: (await ref('app-users')).id,
    disease_name: `Hypertension ${n}`,
    from_date: '2026-01-01',
    to_date: '2026-06-30',
    detail: 'Blood pressure 150/95 on three visits.',
    c_date: '2026-01-01',
    m_name: 'Amlodipine 5 mg',
    days: 30,
    m_times: ['Morning', 'Night'],
    to_be_taken: 'After Food',
    still_using: 'Yes',
    note: 'Check again in a month.',
    reports: ['data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='],
  }),
  invalidSamples: [
    { patient_id: 1, from_date: '2026-01-01', to_date: '2026-01-02', detail: 'x', c_date: '2026-01-01', m_name: 'x', days: 1, note: 'x' },
    { patient_id: 1, disease_name: 'Backwards', from_date: '2026-02-01', to_date: '2026-01-01', detail: 'x', c_date: '2026-01-01', m_name: 'x', days: 1, note: 'x' },
    { patient_id: 1, disease_name: 'Bad time', from_date: '2026-01-01', to_date: '2026-01-02', detail: 'x', c_date: '2026-01-01', m_name: 'x', days: 1, note: 'x', m_times: ['Midnight'] },
  ],
});

export const prescriptions = defineResource<'prescriptions'>()({
  name: 'prescriptions',
  aliases: { uid: 'patient_id' },
  table: 'prescriptions',
  module: 'app_user',
  columns: ['patient_id', 'doctor_id', 'disease_name', 'from_date', 'to_date', 'detail', 'created_by', 'created_at', 'updated_at'],
  label: 'disease_name',
  createSchema: Type.Object({ ...header, doctor_id: Fields.reference(CLINICAL.doctor) }, { additionalProperties: false }),
  parent: { resource: 'app-users', table: 'users', column: 'patient_id', message: CLINICAL.patient },
  district: PATIENT_PLACE,
  children: {
    items: {
      table: 'prescription_items',
      foreignKey: 'prescription_id',
      position: 'position',
      schema: Type.Object({
        ...medicine,
        m_time: Type.Optional(Fields.optionalEnumOf(MEDICINE_TIMES, 'Please choose Morning, Noon, Evening or Night.')),
        still_using: Type.Optional(Fields.boolean()),
      }),
      min: 1,
      max: 50,
      minMessage: 'Please add at least one medicine.',
    },
  },
  searchable: ['disease_name'],
  sortable: ['from_date', 'to_date', 'disease_name', 'created_at', 'id', 'doctor.f_name', 'patient.f_name'],
  defaultSort: { field: 'from_date', order: 'desc' },
  filters: { doctor_id: 'integer' },
  dateRange: 'from_date',
  belongsTo: [PATIENT, { as: 'doctor', column: 'doctor_id', resource: 'doctors', table: 'users', columns: ['f_name', 'l_name'] }],
  auditReads: true,
  presents: { 'patient.full_name': Type.String(), 'doctor.full_name': Type.String(), 'items.still_using': Type.Boolean() },
  hooks: {
    async prepare(w, input, existing) {
      if (!existing) await checkPatient(w, (input as Row).patient_id);
      checkOrder(input, existing);
      if (input.doctor_id !== undefined) {
        const doctor = typeof input.doctor_id === 'number' && (await w.db.selectFrom('users').select('id').where('id', '=', input.doctor_id).where('type', '=', 'doctor').executeTakeFirst());
        if (!doctor) throw ValidationError.field('doctor_id', CLINICAL.doctor);
      }
      const values: Row = {};
      for (const key of ['disease_name', 'from_date', 'to_date', 'detail', 'doctor_id'] as const) if (input[key] !== undefined) values[key] = input[key];
      return values;
    },
    async enrich(_ctx, rows) {
      for (const r of rows) {
        if (r.patient) addFullNames([r.patient as Row]);
        if (r.doctor) addFullNames([r.doctor as Row]);
        for (const item of (r.items as Row[] | undefined) ?? []) item.still_using = Boolean(item.still_using);
      }
    },
  },
  sample: async (n, ref) => ({
    patient_id: (await ref('app-users')).id,
    doctor_id: (await ref('doctors')).id,
    disease_name: `Typhoid ${n}`,
    from_date: '2026-03-01',
    to_date: '2026-03-14',
    detail: 'Complete the course.',
    items: [
      { c_date: '2026-03-01', m_name: 'Azithromycin 500 mg', days: 7, m_time: 'Morning', to_be_taken: 'After Food', still_using: true, note: 'Once daily' },
      { c_date: '2026-03-01', m_name: 'Paracetamol 500 mg', days: 5, m_time: 'Night', to_be_taken: 'After Food', still_using: false, note: 'If fever' },
    ],
  }),
  invalidSamples: [
    { patient_id: 1, doctor_id: 1, disease_name: 'No medicines', from_date: '2026-03-01', to_date: '2026-03-14', detail: 'x', items: [] },
    { patient_id: 1, doctor_id: 1, disease_name: 'Nameless medicine', from_date: '2026-03-01', to_date: '2026-03-14', detail: 'x', items: [{ c_date: '2026-03-01', days: 1, note: 'x' }] },
  ],
});
