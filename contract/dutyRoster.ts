/**
 * The duty roster's arithmetic, one source for the server (which stores the slots) and the console
 * (which previews them before saving): slots from the start in session steps, a remainder shorter
 * than a session left out; the fee of a session is its minutes times the charge a minute.
 */

/** A session is at least 10 minutes (spec 2, "Duty roster"). */
export const MIN_SESSION_MINUTES = 10;
/** The charge a minute is at least 1, entered in steps of 0.1. */
export const MIN_CHARGE = 1;
export const CHARGE_STEP = 0.1;
/** Whether a charge is a whole number of steps (2.3 is, though its binary value is not exact; 1.05 is not). */
export const onChargeStep = (charge: number): boolean => Math.abs(charge / CHARGE_STEP - Math.round(charge / CHARGE_STEP)) < 1e-9;

/**
 * Whether a slot (or the appointment in it) has begun: its day and start are not after now on the
 * server's clock, UTC, as every date the server keeps. Begun slots are not booked; an appointment is
 * completed only once its slot has begun.
 */
export const slotHasBegun = (slot: { date: string; s_time: string }, at: Date = new Date()): boolean => `${slot.date}T${slot.s_time}` <= at.toISOString().slice(0, 16);

/** Minutes since midnight of a 'HH:MM' time. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** 'HH:MM' of minutes since midnight. */
export const timeOf = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export interface SlotTime {
  s_time: string;
  e_time: string;
}

/** The slots of one day: from `from` in steps of `session` minutes, each wholly before `to`. */
export function slotTimes(from: string, to: string, session: number): SlotTime[] {
  const out: SlotTime[] = [];
  if (!(session > 0)) return out;
  const end = minutesOf(to);
  for (let t = minutesOf(from); t + session <= end; t += session) out.push({ s_time: timeOf(t), e_time: timeOf(t + session) });
  return out;
}

/** The fee of one session, rounded to cents. */
export const totalFee = (session: number, charge: number): number => Math.round(session * charge * 100) / 100;

/** A stored slot of a doctor's month, as GET /duty-roasters/slots answers. */
export interface DutySlot extends SlotTime {
  id: number;
  encrypted_id: string;
  roster_id: number;
  roster_encrypted_id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Available, Cancelled, Booked or Reserved */
  status: string;
  /** Available and Cancelled are open to booking */
  open: boolean;
}
