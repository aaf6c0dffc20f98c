import type { Condition, MedicationRequest, MedicationStatement, Timing } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { idsWithinDistricts } from '../../http/list';
import type { Row } from '../../http/resource';
import { SYSTEMS, whenOf } from '../codes';
import { defineMapping, specParam } from '../mapping';
import { references, referencesThrough } from '../narrowers';
import { type FhirCall, idOf, listSource, referenceTo, tableSource } from '../source';
import { PATIENT_KEYS, patientReference } from './people';

/**
 * Clinical records: a medical history is a Condition (the disease and its period) and a
 * MedicationStatement (the medicine taken for it), both under the history's id; each medicine of a
 * prescription is a MedicationRequest (its prescription as the group identifier, the doctor as requester).
 */

const meta = (r: Row) => ({ lastUpdated: String(r.updated_at) });
const ITEM_IDS = 'prescription-items';

/** How long and when a medicine is taken: its days, its times of day and before or after food. */
const timing = (days: unknown, ...when: unknown[]): Timing => ({
  repeat: {
    boundsDuration: { value: Number(days), unit: 'd', system: SYSTEMS.ucum, code: 'd' },
    when: whenOf(...when),
  },
});

const PATIENT_PARAM = { patient: { type: 'reference', targets: ['Patient'], definition: specParam('clinical-patient'), description: 'The patient (or family member) it is about.' } } as const;

export const conditionMapping = defineMapping({
  type: 'Condition',
  description: 'Medical histories: the disease, from when, and until when once that day has passed (then resolved, else active).',
  sources: [
    listSource({
      resource: 'medical-histories',
      toFhir: (fc, r): Condition => {
        const resolved = String(r.to_date) < fc.today;
        return {
          resourceType: 'Condition',
          id: idOf(fc, 'medical-histories', r.id),
          meta: meta(r),
          clinicalStatus: { coding: [{ system: SYSTEMS.conditionClinical, code: resolved ? 'resolved' : 'active' }] },
          category: [{ coding: [{ system: SYSTEMS.conditionCategory, code: 'problem-list-item' }] }],
          code: { text: String(r.disease_name) },
          subject: patientReference(fc, r.patient_id, r.patient as Row | null),
          onsetDateTime: String(r.from_date),
          abatementDateTime: resolved ? String(r.to_date) : undefined,
          recordedDate: String(r.created_at),
          note: [{ text: String(r.detail) }, { text: String(r.note) }],
        };
      },
      narrow: { patient: references('patient_id', PATIENT_KEYS) },
    }),
  ],
  params: PATIENT_PARAM,
});

export const medicationStatementMapping = defineMapping({
  type: 'MedicationStatement',
  description: 'The medicine of each medical history, under the history\'s id: taken from its date for some days, at some times; active while still used.',
  sources: [
    listSource({
      resource: 'medical-histories',
      toFhir: (fc, r): MedicationStatement => ({
        resourceType: 'MedicationStatement',
        id: idOf(fc, 'medical-histories', r.id),
        meta: meta(r),
        status: r.still_using === 'Yes' ? 'active' : 'completed',
        medicationCodeableConcept: { text: String(r.m_name) },
        subject: patientReference(fc, r.patient_id, r.patient as Row | null),
        effectivePeriod: { start: String(r.c_date) },
        dateAsserted: String(r.created_at),
        reasonReference: [referenceTo(fc, 'Condition', 'medical-histories', r.id, String(r.disease_name))],
        dosage: [{ timing: timing(r.days, r.m_times, r.to_be_taken) }],
      }),
      narrow: { patient: references('patient_id', PATIENT_KEYS) },
    }),
  ],
  params: PATIENT_PARAM,
});

/** A page of prescription medicines: their prescriptions with the patient and the doctor, in one query. */
async function loadPrescriptions(fc: FhirCall, rows: Row[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => Number(r.prescription_id)))];
  const found = await fc.ctx.db
    .selectFrom('prescriptions as p')
    .leftJoin('users as u', 'u.id', 'p.patient_id')
    .leftJoin('users as d', 'd.id', 'p.doctor_id')
    .select(['p.id', 'p.patient_id', 'p.doctor_id', 'p.disease_name', 'p.from_date', 'p.to_date', 'p.detail', 'p.updated_at', 'u.f_name', 'u.l_name', 'u.parent_id', 'd.f_name as doctor_f_name', 'd.l_name as doctor_l_name'])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const r of rows) r.prescription = byId.get(Number(r.prescription_id)) ?? null;
}

export const medicationRequestMapping = defineMapping({
  type: 'MedicationRequest',
  description: 'The medicines of prescriptions, one each: what, when and for how many days, for which disease, prescribed by which doctor; active while still used.',
  sources: [
    tableSource({
      key: ITEM_IDS,
      resource: 'prescriptions',
      table: 'prescription_items',
      // a prescription is kept where its patient lives (their district, for an admin limited to some)
      within: (fc) => {
        const prescriptions = idsWithinDistricts(fc.ctx, fc.ctx.registry.byName.get('prescriptions')!, fc.request.admin?.districtIds ?? null);
        return prescriptions ? (qb) => qb.where('prescription_id', 'in', prescriptions) : null;
      },
      order: [],
      updated: sql`(select p.updated_at from prescriptions p where p.id = prescription_items.prescription_id)`,
      load: loadPrescriptions,
      toFhir: (fc, r): MedicationRequest => {
        const p = r.prescription as Row;
        return {
          resourceType: 'MedicationRequest',
          id: idOf(fc, ITEM_IDS, Number(r.id)),
          meta: meta(p),
          status: Number(r.still_using) === 1 ? 'active' : 'completed',
          intent: 'order',
          groupIdentifier: { value: idOf(fc, 'prescriptions', Number(p.id)) },
          medicationCodeableConcept: { text: String(r.m_name) },
          subject: patientReference(fc, p.patient_id, p),
          authoredOn: String(r.c_date),
          requester: referenceTo(fc, 'Practitioner', 'doctors', Number(p.doctor_id), [p.doctor_f_name, p.doctor_l_name].filter(Boolean).join(' ')),
          reasonCode: [{ text: String(p.disease_name) }],
          note: [{ text: String(r.note) }, { text: String(p.detail) }],
          dosageInstruction: [{ sequence: 1, timing: timing(r.days, r.m_time, r.to_be_taken) }],
          dispenseRequest: { validityPeriod: { start: String(p.from_date), end: String(p.to_date) } },
        };
      },
      narrow: {
        patient: referencesThrough('prescription_id', 'prescriptions', 'patient_id', PATIENT_KEYS),
        requester: referencesThrough('prescription_id', 'prescriptions', 'doctor_id', ['doctors']),
      },
    }),
  ],
  params: {
    ...PATIENT_PARAM,
    requester: { type: 'reference', targets: ['Practitioner'], definition: specParam('MedicationRequest-requester'), description: 'The doctor who prescribed it.' },
  },
});
