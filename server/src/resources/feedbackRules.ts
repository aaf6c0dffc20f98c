import type { Kysely } from 'kysely';
import { FEEDBACK_STATUSES, SUPPORT_STATUSES } from '../../../contract/enums';
import type { Database } from '../db/schema';
import { ValidationError } from '../http/errors';
import { Fields } from '../http/fields';

/**
 * What a feedback and a support request must hold, and their messages: shared by their declarations
 * (facilities.ts, staff's screens) and the apps' routes that send them (routes/field/feedback.ts).
 */

export const FEEDBACK = {
  user: 'Please select a patient.',
  doctor: 'Please select a doctor.',
  msg: 'Please write a message.',
  rating: 'Please give a rating from 1 to 5.',
  status: `The status must be one of ${FEEDBACK_STATUSES.join(', ')}.`,
  note: 'At most 2000 characters.',
  afterVisit: 'You can rate a doctor once for each completed appointment with them.',
};

export const SUPPORT = {
  user: 'Please select a user of the apps.',
  msg: 'Please write a message.',
  status: `The status must be one of ${SUPPORT_STATUSES.join(', ')}.`,
  reply: 'At most 2000 characters.',
};

/** The fields a patient sends (from the app, or staff on their behalf). */
export const feedbackFields = {
  doctor_id: Fields.reference(FEEDBACK.doctor),
  msg: Fields.text(FEEDBACK.msg, 2000),
  rating: Fields.integer(FEEDBACK.rating, 1, 5),
};

/** A doctor of the programme, or the field message. */
export async function checkDoctor(db: Kysely<Database>, id: unknown): Promise<void> {
  const doctor = typeof id === 'number' && (await db.selectFrom('users').select('id').where('id', '=', id).where('type', '=', 'doctor').executeTakeFirst());
  if (!doctor) throw ValidationError.field('doctor_id', FEEDBACK.doctor);
}
