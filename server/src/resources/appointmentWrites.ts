import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { conflict, notFound, ValidationError } from '../http/errors';
import { MAX_ID } from '../http/fields';
import { isWithin } from '../http/list';
import { CHANGED_EVENT } from '../realtime';
import { audit, diff } from '../services/audit';
import { now } from '../services/tokens';
import { slotHasBegun } from '../../../contract/dutyRoster';
import { USER_STATUS } from '../../../contract/enums';
import { OPEN_SLOT_STATUSES, SLOT_IDS } from './dutyRosters';

/**
 * The writes an appointment goes through from request to completion, shared by the console's routes
 * and the field apps' (each in the caller's transaction): a slot is taken by one conditional update
 * (of bookings arriving at once exactly one wins); a reschedule takes its new slot the same way and
 * frees the old one; a request is handled by the booking made for it. Every write announces itself
 * on `private-changes.appointments` (and `.appointment-requests`) once committed.
 */

export const BOOKING = {
  slot: 'Please select a time slot.',
  past: 'This slot is in the past.',
  taken: 'This slot is no longer available.',
  same: 'The appointment is already in this slot.',
  notBooked: (status: string) => `Only a booked appointment can change; this one is ${status}.`,
  changed: 'The appointment changed meanwhile; reload and try again.',
  request: 'Please choose an appointment request.',
  handled: 'This request has already been handled.',
  requestPatient: 'Please choose the patient of the request or one of their family members.',
  notBegun: 'An appointment can be completed once its time has begun.',
  doctorAway: 'This doctor is not taking appointments.',
};

/** Refuses to complete an appointment whose slot has not begun (a visit cannot have happened yet). */
export function checkCompletable(appointment: { date: string; s_time: string }): void {
  if (!hasStarted(appointment)) throw ValidationError.field('status', BOOKING.notBegun);
}

type Slot = Selectable<Database['duty_slots']>;

/** The slot a body names: its encrypted id (as lists give it) or its number; null when it names none. */
export function slotIdOf(ctx: AppContext, value: unknown): number | null {
  if (typeof value !== 'string') return null;
  if (/^[0-9]{1,10}$/.test(value)) {
    const n = Number(value);
    return n >= 1 && n <= MAX_ID ? n : null;
  }
  return ctx.ids.decode(SLOT_IDS, value);
}

/** `HH:MM` of the server's clock (UTC, as every date the server keeps). */
const clock = (at: Date) => at.toISOString().slice(0, 16);

/** Whether a slot has begun: its day and start (read on the server's UTC clock) are not after now. */
export const hasStarted = slotHasBegun;

/** Today (UTC) and the time of day, for queries of slots that have not begun. */
export function notStartedBound(at = new Date()): { day: string; time: string } {
  const stamp = clock(at);
  return { day: stamp.slice(0, 10), time: stamp.slice(11, 16) };
}

/**
 * The slot named (encrypted id or number), checked: it exists and has not begun. Field errors under
 * `field` (slot_id) otherwise. Its openness is left to `claimSlot`, the one check that cannot go stale.
 */
export async function slotToTake(ctx: AppContext, db: Kysely<Database>, value: unknown, field = 'slot_id'): Promise<Slot> {
  const id = slotIdOf(ctx, value);
  const slot = id !== null ? await db.selectFrom('duty_slots').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!slot) throw ValidationError.field(field, BOOKING.slot);
  if (hasStarted(slot)) throw ValidationError.field(field, BOOKING.past);
  // a blocked doctor's slots are not booked, from the console or the apps
  const doctor = await db.selectFrom('users').select('status').where('id', '=', slot.doctor_id).executeTakeFirst();
  if (doctor?.status !== USER_STATUS.active) throw ValidationError.field(field, BOOKING.doctorAway);
  return slot;
}

/** Takes an open slot (Available or Cancelled) in one conditional update: false when another write took it first. */
export async function claimSlot(db: Kysely<Database>, slotId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('duty_slots')
    .set({ status: 'Booked', updated_at: now() })
    .where('id', '=', slotId)
    .where('status', 'in', [...OPEN_SLOT_STATUSES])
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The slot checked and taken, or the field's message ("no longer available" when another booking won). */
export async function takeSlot(ctx: AppContext, db: Kysely<Database>, value: unknown, field = 'slot_id'): Promise<Slot> {
  const slot = await slotToTake(ctx, db, value, field);
  if (!(await claimSlot(db, slot.id))) throw ValidationError.field(field, BOOKING.taken);
  return slot;
}

/** Opens a booked slot again (a booking cancelled, moved or deleted): `to` is Available or Cancelled, both open. */
export async function releaseSlot(db: Kysely<Database>, slotId: number | null, to: 'Available' | 'Cancelled'): Promise<void> {
  if (slotId === null) return;
  await db.updateTable('duty_slots').set({ status: to, updated_at: now() }).where('id', '=', slotId).where('status', '=', 'Booked').execute();
}

/**
 * Takes the appointment's row for a change of a Booked appointment (one conditional update, so a
 * concurrent cancel or completion waits or is waited for, always appointment before slot) and
 * answers it as it now is; a 422 on `status` when it is no longer Booked.
 */
export async function lockBooked(db: Kysely<Database>, id: number) {
  const locked = await db.updateTable('appointments').set({ updated_at: now() }).where('id', '=', id).where('status', '=', 'Booked').executeTakeFirst();
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (Number(locked.numUpdatedRows) !== 1) throw ValidationError.field('status', BOOKING.notBooked(row.status));
  return row;
}

/**
 * Ends a Booked appointment (Completed, or Cancelled with a reason, which opens its slot again) in one
 * conditional update of its row, then its slot; a 422 on `status` when it is no longer Booked (of a
 * cancel and a completion arriving at once, exactly one wins). Answers the row as it was.
 */
export async function endBooking(db: Kysely<Database>, id: number, to: 'Completed' | 'Cancelled', reasonId: number | null = null) {
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (to === 'Completed' && row.status === 'Booked') checkCompletable(row);
  const ended = await db
    .updateTable('appointments')
    .set({ status: to, ...(to === 'Cancelled' ? { cancel_reason_id: reasonId } : {}), updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'Booked')
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) {
    const latest = await db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirst();
    throw ValidationError.field('status', BOOKING.notBooked(latest?.status ?? row.status));
  }
  if (to === 'Cancelled') await releaseSlot(db, row.slot_id, 'Cancelled');
  return row;
}

/**
 * Moves a Booked appointment to another open slot (of the same doctor or another), in the caller's
 * transaction: the new slot is taken by the same conditional update as a booking (a 422 when another
 * booking took it first, and then nothing has changed), the old one opens again (Available), and the
 * appointment takes the new doctor, slot, day and times; one audit row.
 */
export async function rescheduleAppointment(
  ctx: AppContext,
  db: Kysely<Database>,
  id: number,
  slotValue: unknown,
  by: { actorId: number | null; request: FastifyRequest },
): Promise<void> {
  const current = await lockBooked(db, id);
  const slot = await slotToTake(ctx, db, slotValue);
  if (slot.id === current.slot_id) throw ValidationError.field('slot_id', BOOKING.same);
  if (!(await claimSlot(db, slot.id))) throw ValidationError.field('slot_id', BOOKING.taken);
  await releaseSlot(db, current.slot_id, 'Available');
  const values = { doctor_id: slot.doctor_id, slot_id: slot.id, date: slot.date, s_time: slot.s_time, e_time: slot.e_time };
  const moved = await db.updateTable('appointments').set({ ...values, updated_at: now() }).where('id', '=', id).where('status', '=', 'Booked').executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict(BOOKING.changed);
  await audit(db, {
    actorId: by.actorId, action: 'reschedule', resource: 'appointments', recordId: id,
    changes: diff(current, values), ip: by.request.ip, requestId: by.request.id,
  });
}

/**
 * The request a booking is made for, checked: it exists (within the admin's districts, when limited),
 * is not handled yet, and the patient booked is its patient or one of that patient's family members.
 */
export async function requestToHandle(ctx: AppContext, db: Kysely<Database>, requestId: number, patientId: unknown, districtIds: readonly number[] | null) {
  const request = await db.selectFrom('appointment_requests').select(['id', 'patient_id', 'handled_at']).where('id', '=', requestId).executeTakeFirst();
  const def = ctx.registry.byName.get('appointment-requests');
  if (!request || (districtIds && def && !(await isWithin(ctx, db, def, request.id, districtIds)))) throw ValidationError.field('request_id', BOOKING.request);
  if (request.handled_at !== null) throw ValidationError.field('request_id', BOOKING.handled);
  const family =
    typeof patientId === 'number' &&
    (patientId === request.patient_id ||
      (await db.selectFrom('users').select('id').where('id', '=', patientId).where('type', '=', 'family').where('parent_id', '=', request.patient_id).executeTakeFirst()) !== undefined);
  if (!family) throw ValidationError.field('patient_id', BOOKING.requestPatient);
  return request;
}

/**
 * Marks the request handled by the appointment, in the booking's transaction: conditional on its being
 * unhandled still (a concurrent booking for the same request makes this one fail, and roll back).
 */
export async function handleRequest(db: Kysely<Database>, requestId: number, appointmentId: number, by: { actorId: number | null; request: FastifyRequest }): Promise<void> {
  const stamp = now();
  const handled = await db
    .updateTable('appointment_requests')
    .set({ appointment_id: appointmentId, handled_at: stamp, updated_at: stamp })
    .where('id', '=', requestId)
    .where('handled_at', 'is', null)
    .executeTakeFirst();
  if (Number(handled.numUpdatedRows) !== 1) throw ValidationError.field('request_id', BOOKING.handled);
  await audit(db, {
    actorId: by.actorId, action: 'handled', resource: 'appointment-requests', recordId: requestId,
    changes: { appointment_id: appointmentId, handled_at: stamp }, ip: by.request.ip, requestId: by.request.id,
  });
}

/** Tells open consoles that a record changed (after commit; never delays or fails the write). */
export function announce(ctx: AppContext, resource: 'appointments' | 'appointment-requests' | 'doctors' | 'feedbacks', action: string, id: number, by: number | null = null): void {
  void ctx.realtime.publish(ctx.realtime.channelForChanges(resource), CHANGED_EVENT, {
    action,
    id: ctx.ids.encode(resource, id),
    by: by === null ? null : ctx.ids.encode('admins', by),
  });
}
