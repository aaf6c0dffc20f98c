import { Type } from '@sinclair/typebox';
import type { Generated } from 'kysely';
import { ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { defineResource, type Row } from '../http/resource';
import { OPEN_SLOT_STATUSES, SLOT_IDS } from './dutyRosters';
import { addFullNames } from './people/accounts';

/**
 * Appointments (spec 2): a patient (or a family member) in an open slot of a doctor's roster. Booking
 * claims the slot in one conditional update, so of two concurrent bookings of one slot exactly one
 * wins; cancelling (with a reason from the cancellation reasons) opens the slot again. Reads are
 * audited (clinical records). Appointment requests come from the patient app and are read-only here.
 */

declare module '../db/schema' {
  interface Database {
    cancellation_reasons: { id: Generated<number>; name: string; created_at: string; updated_at: string };
    appointments: {
      id: Generated<number>;
      patient_id: number;
      doctor_id: number;
      slot_id: number | null;
      date: string;
      s_time: string;
      e_time: string;
      status: Generated<string>;
      cancel_reason_id: number | null;
      detail: string | null;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    appointment_months: { month: string; n: number };
    appointment_requests: { id: Generated<number>; patient_id: number; detail: string; is_emergency: Generated<number>; dated_at: string; created_at: string; updated_at: string };
  }
}

export const NO_REASON = 'No reason given.';
const today = () => new Date().toISOString().slice(0, 10);

export const cancellationReasons = defineResource<'cancellation_reasons'>()({
  name: 'cancellation-reasons',
  table: 'cancellation_reasons',
  module: 'app_user',
  columns: ['name', 'created_at', 'updated_at'],
  createSchema: Type.Object({ name: Fields.text('Please provide a reason.', 191) }, { additionalProperties: false }),
  searchable: ['name'],
  sortable: ['name', 'id'],
  defaultSort: { field: 'name', order: 'asc' },
  choices: ['name'],
  sample: (n) => ({ name: `Reason ${n}` }),
  invalidSamples: [{ name: '' }],
});

const person = ['f_name', 'l_name', 'gender', 'age', 'parent_id', 'relation', 'short_bio', 'photo'] as const;

export const appointments = defineResource<'appointments'>()({
  name: 'appointments',
  table: 'appointments',
  module: 'app_user',
  columns: ['patient_id', 'doctor_id', 'slot_id', 'date', 's_time', 'e_time', 'status', 'cancel_reason_id', 'detail', 'created_by', 'created_at', 'updated_at'],
  label: 'date',
  createSchema: Type.Object(
    {
      patient_id: Fields.reference('Please select a patient.'),
      slot_id: Type.String({ minLength: 1, maxLength: 64, 'x-message': 'Please select a time slot.' }),
      detail: Type.Optional(Fields.optionalText(2000)),
    },
    { additionalProperties: false },
  ),
  updateSchema: Type.Object({ detail: Type.Optional(Fields.optionalText(2000)) }, { additionalProperties: false }),
  searchable: ['detail'],
  sortable: ['date', 's_time', 'status', 'created_at', 'id', 'doctor.f_name', 'patient.f_name'],
  defaultSort: { field: 'date', order: 'desc' },
  filters: { doctor_id: 'integer', patient_id: 'integer' },
  dateRange: 'date',
  status: {
    kind: 'named',
    column: 'status',
    values: ['Booked', 'Completed', 'Cancelled'],
    initial: 'Booked',
    transitions: { Booked: ['Completed', 'Cancelled'], Completed: [], Cancelled: [] },
    reasons: { Cancelled: { column: 'cancel_reason_id', table: 'cancellation_reasons', message: 'Please choose one reason.' } },
  },
  belongsTo: [
    { as: 'doctor', column: 'doctor_id', resource: 'doctors', table: 'users', columns: ['f_name', 'l_name', 'photo'] },
    { as: 'patient', column: 'patient_id', resource: 'app-users', table: 'users', columns: [...person, 'email', 'phone_no'] },
    { as: 'reason', column: 'cancel_reason_id', resource: 'cancellation-reasons', table: 'cancellation_reasons', columns: ['name'] },
  ],
  district: { through: 'patient_id', resources: ['app-users', 'family-members'], message: 'Please select a patient.' },
  auditReads: true,
  hooks: {
    async prepare({ ctx, db }, input, existing) {
      if (existing) return input.detail !== undefined ? { detail: input.detail } : {};
      const errors: Record<string, string[]> = {};
      const patient = typeof input.patient_id === 'number'
        ? await db.selectFrom('users').select('id').where('id', '=', input.patient_id).where('type', 'in', ['patient', 'family']).executeTakeFirst()
        : undefined;
      if (!patient) errors.patient_id = ['Please select a patient.'];
      const slotId = typeof input.slot_id === 'string' ? (/^\d+$/.test(input.slot_id) ? Number(input.slot_id) : ctx.ids.decode(SLOT_IDS, input.slot_id)) : null;
      const slot = slotId !== null ? await db.selectFrom('duty_slots').selectAll().where('id', '=', slotId).executeTakeFirst() : undefined;
      if (!slot) errors.slot_id = ['Please select a time slot.'];
      else if (slot.date < today()) errors.slot_id = ['This slot is in the past.'];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      // the claim: only one booking turns an open slot Booked; a concurrent one finds it taken
      const claimed = await db.updateTable('duty_slots').set({ status: 'Booked', updated_at: new Date().toISOString() })
        .where('id', '=', slot!.id).where('status', 'in', [...OPEN_SLOT_STATUSES]).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw ValidationError.field('slot_id', 'This slot is no longer available.');
      return { patient_id: input.patient_id, doctor_id: slot!.doctor_id, slot_id: slot!.id, date: slot!.date, s_time: slot!.s_time, e_time: slot!.e_time, detail: input.detail ?? null };
    },
    async afterStatus({ db }, row, status) {
      // a cancelled appointment opens its slot again (Cancelled slots are open, spec 2)
      if (status === 'Cancelled' && typeof row.slot_id === 'number') {
        await db.updateTable('duty_slots').set({ status: 'Cancelled', updated_at: new Date().toISOString() }).where('id', '=', row.slot_id).where('status', '=', 'Booked').execute();
      }
    },
    async beforeDelete({ db }, row) {
      // a deleted booking frees its slot (the presented record names the slot by its encrypted id: read the stored one)
      const stored = await db.selectFrom('appointments').select(['slot_id', 'status']).where('id', '=', row.id).executeTakeFirst();
      if (stored?.status === 'Booked' && stored.slot_id !== null) {
        await db.updateTable('duty_slots').set({ status: 'Available', updated_at: new Date().toISOString() }).where('id', '=', stored.slot_id).where('status', '=', 'Booked').execute();
      }
    },
    async enrich(ctx, rows) {
      const doctorIds = [...new Set(rows.map((r) => r.doctor_id))];
      const specs = doctorIds.length
        ? await ctx.db.selectFrom('doctor_specializations as ds').innerJoin('specializations as s', 's.id', 'ds.specialization_id')
          .select(['ds.doctor_id', 's.title']).where('ds.doctor_id', 'in', doctorIds).orderBy('s.title').execute()
        : [];
      const day = today();
      for (const r of rows) {
        const doctor = r.doctor as Row | null;
        const patient = r.patient as Row | null;
        if (doctor) {
          addFullNames([doctor]);
          doctor.specializations = specs.filter((s) => s.doctor_id === r.doctor_id).map((s) => ({ title: s.title }));
          doctor.file = typeof doctor.photo === 'string' ? { path: ctx.storage.url(doctor.photo) } : null;
        }
        if (patient) addFullNames([patient]);
        // 'Booking for': the family member's relation, or Self
        r.booking_for = patient?.parent_id ? (patient.relation ?? null) : 'Self';
        r.is_new = r.date >= day;
        r.cancel_reason = r.status === 'Cancelled' ? ((r.reason as Row | null)?.name ?? NO_REASON) : null;
        // the slot as bodies name it: by its encrypted id
        (r as Row).slot_id = typeof r.slot_id === 'number' ? ctx.ids.encode(SLOT_IDS, r.slot_id) : null;
      }
    },
  },
  sample: async (n, ref) => {
    const [patient, roster] = [await ref('app-users'), await ref('duty-roasters')];
    const slots = (roster.dutyRoasters as { appointments: { encrypted_id: string }[] }[])[0]!.appointments;
    return { patient_id: patient.id, slot_id: slots[n % slots.length]!.encrypted_id, detail: `Fever and cough for ${n} days` };
  },
  invalidSamples: [{ patient_id: 1, slot_id: 'not-a-slot' }, { slot_id: 'x' }],
});

export const appointmentRequests = defineResource<'appointment_requests'>()({
  name: 'appointment-requests',
  table: 'appointment_requests',
  module: 'app_user',
  columns: ['patient_id', 'detail', 'is_emergency', 'dated_at', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    {
      patient_id: Fields.reference('Please select a patient.'),
      detail: Fields.text('Please describe the request.', 2000),
      is_emergency: Type.Optional(Fields.boolean()),
      dated_at: Type.Optional(Fields.date('Please provide a valid date.')),
    },
    { additionalProperties: false },
  ),
  searchable: ['detail'],
  // emergencies first, then the newest
  sortable: ['is_emergency', 'dated_at', 'id'],
  defaultSort: { field: 'is_emergency', order: 'desc' },
  filters: { patient_id: 'integer' },
  district: { through: 'patient_id', resources: ['app-users', 'family-members'], message: 'Please select a patient.' },
  belongsTo: [{ as: 'patient', column: 'patient_id', resource: 'app-users', table: 'users', columns: ['f_name', 'l_name'] }],
  hooks: {
    async prepare({ db }, input, existing) {
      const patientId = input.patient_id ?? existing?.patient_id;
      const patient = typeof patientId === 'number' && (await db.selectFrom('users').select('id').where('id', '=', patientId).where('type', 'in', ['patient', 'family']).executeTakeFirst());
      if (!patient) throw ValidationError.field('patient_id', 'Please select a patient.');
      const values: Row = {};
      if (input.patient_id !== undefined) values.patient_id = input.patient_id;
      if (input.detail !== undefined) values.detail = input.detail;
      if (input.is_emergency !== undefined) values.is_emergency = input.is_emergency ? 1 : 0;
      if (!existing || input.dated_at !== undefined) values.dated_at = input.dated_at ?? today();
      return values;
    },
    async enrich(_ctx, rows) {
      for (const r of rows) {
        (r as Row).is_emergency = Boolean(r.is_emergency);
        if (r.patient) addFullNames([r.patient as Row]);
      }
    },
  },
  sample: async (n, ref) => ({ patient_id: (await ref('app-users')).id, detail: `Needs a home visit ${n}`, is_emergency: n % 2 === 0 }),
  invalidSamples: [{ patient_id: 1, detail: '' }],
});
