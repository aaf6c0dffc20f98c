import type { Appointment, AppointmentParticipant, Resource, Schedule, Slot } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import type { Row } from '../../http/resource';
import { SLOT_IDS } from '../../resources/dutyRosters';
import { APPOINTMENT_STATUS, APPOINTMENT_STATUS_CODES, instantOf, SLOT_STATUS, SLOT_STATUS_CODES, SYSTEMS } from '../codes';
import { toFhirId } from '../ids';
import { defineMapping, specParam } from '../mapping';
import { dayAndTime, references, tokens } from '../narrowers';
import { idOf, listSource, referenceTo, tableSource } from '../source';
import { PATIENT_KEYS, patientReference } from './people';

/**
 * Care: doctors' duty rosters (Schedule) and their slots (Slot, free or busy), and appointments
 * (Appointment: the patient, the doctor and the slot as participants and references).
 */

const meta = (r: Row) => ({ lastUpdated: String(r.updated_at) });
const nameOf = (r: unknown): string | null => {
  const p = r as Row | null;
  return p ? [p.f_name, p.l_name].filter((x) => typeof x === 'string' && x).join(' ') : null;
};

export const scheduleMapping = defineMapping({
  type: 'Schedule',
  description: 'Doctors\' duty rosters: the working hours laid over some dates, whose sessions are the Slots.',
  sources: [
    listSource({
      resource: 'duty-roasters',
      toFhir: (fc, r): Schedule => {
        const days = (r.dates as string[] | undefined) ?? [];
        return {
          resourceType: 'Schedule',
          id: idOf(fc, 'duty-roasters', r.id),
          meta: meta(r),
          active: true,
          actor: [referenceTo(fc, 'Practitioner', 'doctors', Number(r.doctor_id), nameOf(r.doctor))],
          planningHorizon: days.length ? { start: instantOf(days[0], r.s_time), end: instantOf(days[days.length - 1], r.e_time) } : undefined,
          comment: typeof r.label === 'string' ? r.label : undefined,
        };
      },
      narrow: { actor: references('doctor_id', ['doctors']) },
    }),
  ],
  params: {
    actor: { type: 'reference', targets: ['Practitioner'], definition: specParam('Schedule-actor'), description: 'The doctor whose roster it is.' },
  },
});

export const slotMapping = defineMapping({
  type: 'Slot',
  description: 'The sessions of the duty rosters: free (open to booking: available, or its booking cancelled), busy (booked) or busy-unavailable (reserved).',
  sources: [
    tableSource({
      key: SLOT_IDS,
      resource: 'duty-roasters',
      table: 'duty_slots',
      // doctors and their rosters are no district's: every admin who may read rosters reads their slots
      within: () => null,
      order: [],
      updated: sql.ref('duty_slots.updated_at'),
      toFhir: (fc, r): Slot => ({
        resourceType: 'Slot',
        id: idOf(fc, SLOT_IDS, Number(r.id)),
        meta: meta(r),
        schedule: referenceTo(fc, 'Schedule', 'duty-roasters', Number(r.roster_id)),
        status: SLOT_STATUS[r.status as keyof typeof SLOT_STATUS],
        start: instantOf(r.date, r.s_time),
        end: instantOf(r.date, r.e_time),
      }),
      narrow: {
        schedule: references('roster_id', ['duty-roasters']),
        start: dayAndTime('date', 's_time'),
        status: tokens('status', SYSTEMS.slotStatus, SLOT_STATUS_CODES, { free: ['Available', 'Cancelled'], busy: ['Booked'], 'busy-unavailable': ['Reserved'] }),
      },
    }),
  ],
  params: {
    schedule: { type: 'reference', targets: ['Schedule'], definition: specParam('Slot-schedule'), description: 'The roster it belongs to.' },
    start: { type: 'date', definition: specParam('Slot-start'), description: 'When it starts (UTC), with a prefix eq, ne, gt, lt, ge or le.' },
    status: { type: 'token', definition: specParam('Slot-status'), description: 'free, busy or busy-unavailable.' },
  },
});

const actors = (resource: Resource, type: string) =>
  ((resource as Appointment).participant ?? []).map((p) => p.actor).filter((a): a is NonNullable<typeof a> => Boolean(a?.reference?.startsWith(`${type}/`)));

export const appointmentMapping = defineMapping({
  type: 'Appointment',
  description: 'Appointments of patients (or family members) with doctors: booked, fulfilled (completed) or cancelled (with the reason).',
  sources: [
    listSource({
      resource: 'appointments',
      toFhir: (fc, r): Appointment => {
        const participant: AppointmentParticipant[] = [
          { actor: patientReference(fc, r.patient_id, r.patient as Row | null), required: 'required', status: 'accepted' },
          { actor: referenceTo(fc, 'Practitioner', 'doctors', Number(r.doctor_id), nameOf(r.doctor)), required: 'required', status: 'accepted' },
        ];
        // presented with the slot's encrypted id (appointments.ts)
        const slot = typeof r.slot_id === 'string' ? toFhirId(r.slot_id) : null;
        const reason = r.status === 'Cancelled' ? (r.reason as Row | null)?.name : null;
        return {
          resourceType: 'Appointment',
          id: idOf(fc, 'appointments', r.id),
          meta: meta(r),
          status: APPOINTMENT_STATUS[r.status as keyof typeof APPOINTMENT_STATUS],
          cancelationReason: typeof reason === 'string' ? { text: reason } : undefined,
          description: typeof r.detail === 'string' ? r.detail : undefined,
          start: instantOf(r.date, r.s_time),
          end: instantOf(r.date, r.e_time),
          slot: slot ? [{ reference: `Slot/${slot}` }] : [],
          created: String(r.created_at),
          participant,
        };
      },
      narrow: {
        patient: references('patient_id', PATIENT_KEYS),
        practitioner: references('doctor_id', ['doctors']),
        date: dayAndTime('date', 's_time'),
        status: tokens('status', SYSTEMS.appointmentStatus, APPOINTMENT_STATUS_CODES, { booked: ['Booked'], fulfilled: ['Completed'], cancelled: ['Cancelled'] }),
      },
    }),
  ],
  params: {
    patient: { type: 'reference', targets: ['Patient'], definition: specParam('Appointment-patient'), description: 'The patient (or family member) it is for.' },
    practitioner: { type: 'reference', targets: ['Practitioner'], definition: specParam('Appointment-practitioner'), description: 'The doctor.' },
    date: { type: 'date', definition: specParam('Appointment-date'), description: 'When it starts (UTC), with a prefix eq, ne, gt, lt, ge or le.' },
    status: { type: 'token', definition: specParam('Appointment-status'), description: 'booked, fulfilled or cancelled.' },
  },
  includes: {
    'Appointment:patient': { target: 'Patient', references: (r) => actors(r, 'Patient') },
    'Appointment:practitioner': { target: 'Practitioner', references: (r) => actors(r, 'Practitioner') },
  },
});
