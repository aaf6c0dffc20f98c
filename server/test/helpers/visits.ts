import type { TestApp } from './app';
import { anyDb } from './http';

/**
 * A completed appointment of the patient with the doctor, written as its row (a past visit the
 * programme recorded): what a patient's rating of the doctor from the app needs first. Answers its id.
 */
export async function completedVisit(t: TestApp, patientId: number, doctorId: number, date = '2026-01-15'): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await anyDb(t)
    .insertInto('appointments')
    .values({ patient_id: patientId, doctor_id: doctorId, slot_id: null, date, s_time: '09:00', e_time: '09:15', status: 'Completed', cancel_reason_id: null, detail: null, created_by: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
