import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Generated } from 'kysely';
import { requireAdmin } from '../http/auth';
import { ok, MESSAGES } from '../http/envelope';
import { notFound, ValidationError } from '../http/errors';
import { Fields, MAX_ID } from '../http/fields';
import { defineResource, type CrudHelpers, type Row } from '../http/resource';
import { answers, fileLink, idTitles, oneOfTypes, recordId, ref, rowSchema } from '../http/responses';
import { announce, BOOKING, checkCompletable, handleRequest, notStartedBound, releaseSlot, requestToHandle, rescheduleAppointment, takeSlot } from './appointmentWrites';
import { OPEN_SLOT_STATUSES, ROSTER, SLOT_IDS } from './dutyRosters';
import { addFullNames } from './people/accounts';
import { USER_STATUS } from '../../../contract/enums';

/**
 * Appointments (spec 2): a patient (or a family member) in an open slot of a doctor's roster. Booking
 * claims the slot in one conditional update, so of two concurrent bookings of one slot exactly one
 * wins; a booking may handle an appointment request in the same transaction; a Booked appointment is
 * rescheduled to another open slot (the same claim), completed, or cancelled with a reason from the
 * cancellation reasons (which opens the slot again); Completed and Cancelled are final. Reads are
 * audited (clinical records). Appointment requests come from the patient app (routes/field/appointments.ts)
 * and are read-only here, but for the booking that handles them. The writes themselves are shared with
 * the field apps' routes (appointmentWrites.ts).
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
    appointment_requests: {
      id: Generated<number>;
      patient_id: number;
      detail: string;
      is_emergency: Generated<number>;
      dated_at: string;
      /** the booking that handled the request (null while open, or when that booking was deleted) */
      appointment_id: number | null;
      handled_at: string | null;
      created_at: string;
      updated_at: string;
    };
    /** the field app's bookings by client key: what each key first booked (idempotent bookings) */
    appointment_keys: { user_id: number; client_key: string; slot_id: number; patient_id: number; appointment_id: number; created_at: string };
  }
}

export const NO_REASON = 'No reason given.';
export const REQUEST_DETAIL = 'Please describe the request.';
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
  uniqueTitle: { column: 'name' },
  sample: (n) => ({ name: `Reason ${n}` }),
  invalidSamples: [{ name: '' }],
});

const person = ['f_name', 'l_name', 'gender', 'age', 'parent_id', 'relation', 'short_bio', 'photo'] as const;

export const appointments = defineResource<'appointments'>()({
  name: 'appointments',
  ignored: {
    booking_for: 'read-only: Self or the family member\'s relation',
    is_new: 'read-only: whether the day is today or later',
    cancel_reason: 'read-only: the name of cancel_reason_id',
  },
  table: 'appointments',
  module: 'app_user',
  columns: ['patient_id', 'doctor_id', 'slot_id', 'date', 's_time', 'e_time', 'status', 'cancel_reason_id', 'detail', 'created_by', 'created_at', 'updated_at'],
  label: 'date',
  createSchema: Type.Object(
    {
      patient_id: Fields.reference('Please select a patient.'),
      slot_id: Type.String({ minLength: 1, maxLength: 64, 'x-message': BOOKING.slot }),
      detail: Type.Optional(Fields.optionalText(2000)),
      request_id: Type.Optional(Fields.optionalReference(BOOKING.request)),
    },
    { additionalProperties: false },
  ),
  updateSchema: Type.Object({ detail: Type.Optional(Fields.optionalText(2000)) }, { additionalProperties: false }),
  searchable: ['detail'],
  // the list's search finds an appointment by its patient's or doctor's name (their own search index)
  searchThrough: [{ column: 'patient_id', resource: 'app-users' }, { column: 'doctor_id', resource: 'doctors' }],
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
    { as: 'patient', column: 'patient_id', resource: 'app-users', childResource: 'family-members', table: 'users', columns: [...person, 'email', 'phone_no'] },
    { as: 'reason', column: 'cancel_reason_id', resource: 'cancellation-reasons', table: 'cancellation_reasons', columns: ['name'] },
  ],
  // the doctor's specializations, read with the page (on PostgreSQL within its statement)
  linked: { 'doctor.specializations': { link: 'doctor_specializations', key: 'doctor_id', linkKey: 'specialization_id', table: 'specializations', columns: ['title'], orderBy: 'title', from: 'doctor_id' } },
  district: { through: 'patient_id', resources: ['app-users', 'family-members'], message: 'Please select a patient.' },
  auditReads: true,
  presents: {
    'doctor.full_name': Type.String(),
    'doctor.specializations': idTitles(),
    'doctor.file': fileLink(),
    'patient.full_name': Type.String(),
    booking_for: oneOfTypes('string', 'null'),
    is_new: Type.Boolean(),
    cancel_reason: oneOfTypes('string', 'null'),
    slot_id: oneOfTypes('string', 'null'),
  },
  hooks: {
    async prepare({ ctx, db, admin }, input, existing) {
      if (existing) return input.detail !== undefined ? { detail: input.detail } : {};
      const patient = typeof input.patient_id === 'number'
        ? await db.selectFrom('users').select('id').where('id', '=', input.patient_id).where('type', 'in', ['patient', 'family']).executeTakeFirst()
        : undefined;
      if (!patient) throw ValidationError.field('patient_id', 'Please select a patient.');
      if (typeof input.request_id === 'number') await requestToHandle(ctx, db, input.request_id, input.patient_id, admin.districtIds);
      // the claim: only one booking turns an open slot Booked; a concurrent one finds it taken
      const slot = await takeSlot(ctx, db, input.slot_id);
      return { patient_id: input.patient_id, doctor_id: slot.doctor_id, slot_id: slot.id, date: slot.date, s_time: slot.s_time, e_time: slot.e_time, detail: input.detail ?? null };
    },
    async afterWrite(w, row, input, existing) {
      // the request this booking was made for is handled by it, in the same transaction
      if (existing || typeof input.request_id !== 'number') return;
      const requestId = input.request_id;
      await handleRequest(w.db, requestId, Number(row.id), { actorId: w.admin.id, request: w.request });
      w.afterCommit(async () => announce(w.ctx, 'appointment-requests', 'update', requestId, w.admin.id));
    },
    async afterStatus({ db }, row, status) {
      // completed only once its time has begun (in the status change's transaction: refused, it changes nothing)
      if (status === 'Completed') checkCompletable(row);
      // a cancelled appointment opens its slot again (Cancelled slots are open, spec 2)
      if (status === 'Cancelled') await releaseSlot(db, typeof row.slot_id === 'number' ? row.slot_id : null, 'Cancelled');
    },
    async beforeDelete({ db }, row) {
      // a deleted booking frees its slot (the presented record names the slot by its encrypted id: read the stored one)
      const stored = await db.selectFrom('appointments').select(['slot_id', 'status']).where('id', '=', row.id).executeTakeFirst();
      if (stored?.status === 'Booked') await releaseSlot(db, stored.slot_id, 'Available');
    },
    async enrich(ctx, rows) {
      const day = today();
      for (const r of rows) {
        const doctor = r.doctor as Row | null;
        const patient = r.patient as Row | null;
        if (doctor) {
          addFullNames([doctor]);
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
  routes: registerAppointmentRoutes,
  sample: async (n, ref) => {
    const [patient, roster] = [await ref('app-users'), await ref('duty-roasters')];
    const slots = (roster.dutyRoasters as { appointments: { encrypted_id: string }[] }[])[0]!.appointments;
    return { patient_id: patient.id, slot_id: slots[n % slots.length]!.encrypted_id, detail: `Fever and cough for ${n} days` };
  },
  invalidSamples: [{ patient_id: 1, slot_id: 'not-a-slot' }, { slot_id: 'x' }],
});

export const appointmentRequests = defineResource<'appointment_requests'>()({
  name: 'appointment-requests',
  ignored: { appointment_encrypted_id: 'read-only: the encrypted id of appointment_id' },
  table: 'appointment_requests',
  module: 'app_user',
  // appointment_id and handled_at are set by the booking that handles the request, never by a body
  columns: ['patient_id', 'detail', 'is_emergency', 'dated_at', 'appointment_id', 'handled_at', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    {
      patient_id: Fields.reference('Please select a patient.'),
      detail: Fields.text(REQUEST_DETAIL, 2000),
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
  belongsTo: [{ as: 'patient', column: 'patient_id', resource: 'app-users', childResource: 'family-members', table: 'users', columns: ['f_name', 'l_name', 'parent_id'] }],
  presents: { is_emergency: Type.Boolean(), 'patient.full_name': Type.String(), appointment_encrypted_id: oneOfTypes('string', 'null') },
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
    async enrich(ctx, rows) {
      for (const r of rows) {
        (r as Row).is_emergency = Boolean(r.is_emergency);
        if (r.patient) addFullNames([r.patient as Row]);
        // the booking that handled it, as the console's links name it
        r.appointment_encrypted_id = typeof r.appointment_id === 'number' ? ctx.ids.encode('appointments', r.appointment_id) : null;
      }
    },
  },
  sample: async (n, ref) => ({ patient_id: (await ref('app-users')).id, detail: `Needs a home visit ${n}`, is_emergency: n % 2 === 0 }),
  invalidSamples: [{ patient_id: 1, detail: '' }],
});

const MONTH = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const OpenSlotsQuery = Type.Object({
  doctor_id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', 'x-message': ROSTER.doctor, description: "the doctor's numeric id" }),
  month: Type.String({ pattern: MONTH, 'x-message': 'Please give the month as YYYY-MM.', description: 'YYYY-MM' }),
});
const RescheduleBody = Type.Object(
  { slot_id: Type.String({ minLength: 1, maxLength: 64, 'x-message': BOOKING.slot, description: "the new slot's encrypted id" }) },
  { additionalProperties: false },
);

/**
 * The console's booking screens beside the CRUD routes: a doctor's open slots of a month
 * (`GET /appointments/open-slots`) and the move of a Booked appointment to another slot
 * (`PUT /appointments/reschedule/{id}`).
 */
function registerAppointmentRoutes(app: FastifyInstance, crud: CrudHelpers) {
  const { ctx } = app;
  const tags = ['appointments'];

  app.get(
    '/api/admin/appointments/open-slots',
    {
      config: { access: { anyPermission: ['create_app_user', 'edit_app_user'] } },
      schema: {
        tags,
        summary: "A doctor's open slots of a month that have not begun, by day and time (to book or reschedule into)",
        description: 'Available or Cancelled slots of the doctor in the month whose start (UTC) is still ahead (none while the doctor is blocked): `[{ encrypted_id, date, s_time, e_time }]`. 422 `doctor_id` (not a doctor) or `month` (not YYYY-MM).',
        querystring: OpenSlotsQuery,
        response: answers({ type: 'array', items: rowSchema(ctx.columnTypes, 'duty_slots', ['date', 's_time', 'e_time'], { encrypted_id: Type.String() }) }, 'The open slots.'),
      },
    },
    async (request) => {
      const query = request.query as { doctor_id: string; month: string };
      const doctorId = Number(query.doctor_id);
      const doctor = doctorId <= MAX_ID
        ? await ctx.db.selectFrom('users').select(['id', 'status']).where('id', '=', doctorId).where('type', '=', 'doctor').executeTakeFirst()
        : undefined;
      if (!doctor) throw ValidationError.field('doctor_id', ROSTER.doctor);
      // a blocked doctor takes no appointments: none of their slots is open
      if (doctor.status !== USER_STATUS.active) return ok([]);
      const { day, time } = notStartedBound();
      const from = `${query.month}-01` > day ? `${query.month}-01` : day;
      const slots = await ctx.db
        .selectFrom('duty_slots')
        .select(['id', 'date', 's_time', 'e_time'])
        .where('doctor_id', '=', doctorId)
        .where('date', '>=', from)
        .where('date', '<=', `${query.month}-31`)
        .where('status', 'in', [...OPEN_SLOT_STATUSES])
        .where((eb) => eb.or([eb('date', '>', day), eb('s_time', '>', time)]))
        .orderBy('date')
        .orderBy('s_time')
        .execute();
      return ok(slots.map(({ id, date, s_time, e_time }) => ({ encrypted_id: ctx.ids.encode(SLOT_IDS, id), date, s_time, e_time })));
    },
  );

  app.put(
    '/api/admin/appointments/reschedule/:id',
    {
      config: { access: { permission: 'edit_app_user' } },
      schema: {
        tags,
        summary: 'Moves a Booked appointment to another open slot (of the same doctor or another)',
        description:
          'One transaction: the new slot is taken by the same conditional update as a booking (422 `slot_id` "This slot is no longer available." when another booking took it first; then nothing has changed), ' +
          'the old slot opens again (Available), the appointment takes the new doctor, slot, date and times. 422 `status` for an appointment that is not Booked, `slot_id` for an unknown, begun or current slot. Answers the appointment.',
        params: Type.Object({ id: Type.String({ description: 'encrypted id' }) }),
        body: RescheduleBody,
        response: answers(ref(recordId(crud.def)), 'The appointment in its new slot.'),
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const id = crud.decodeId((request.params as { id: string }).id);
      const { slot_id } = request.body as { slot_id: string };
      await ctx.db.transaction().execute(async (trx) => {
        // within the admin's districts (through the patient), else a 404
        if (!(await crud.findRow(trx, id, request))) throw notFound();
        await rescheduleAppointment(ctx, trx, id, slot_id, { actorId: admin.id, request });
      });
      announce(ctx, 'appointments', 'update', id, admin.id);
      return ok(await crud.loadOne(id, request), MESSAGES.updated);
    },
  );
}
