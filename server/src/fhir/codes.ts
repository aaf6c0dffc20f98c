import type { CodeableConcept } from '@medplum/fhirtypes';

/**
 * Our values in FHIR's value sets (README, "FHIR API": the table). Each map is total over our enum
 * (contract/enums.ts), so a value added there without its code fails to compile here.
 */

export const SYSTEMS = {
  gender: 'http://hl7.org/fhir/administrative-gender',
  maritalStatus: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus',
  roleCode: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
  appointmentStatus: 'http://hl7.org/fhir/appointmentstatus',
  slotStatus: 'http://hl7.org/fhir/slotstatus',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  locationPhysicalType: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
  practitionerRole: 'http://terminology.hl7.org/CodeSystem/practitioner-role',
  publicationStatus: 'http://hl7.org/fhir/publication-status',
  ucum: 'http://unitsofmeasure.org',
} as const;

/** Person genders (PERSON_GENDERS) → AdministrativeGender (required binding: male | female | other | unknown). */
export const GENDER = { male: 'male', female: 'female', transgender: 'other' } as const satisfies Record<string, string>;
export const GENDER_CODES = ['male', 'female', 'other', 'unknown'] as const;

/** MARITAL_STATUSES → v3 MaritalStatus (Patient.maritalStatus, extensible binding). */
export const MARITAL_STATUS = { Married: 'M', Unmarried: 'U', Divorced: 'D', Separated: 'L' } as const satisfies Record<string, string>;

/** A family member's relation (RELATIONS) → v3 RoleCode, the kind of relative they are to the patient (RelatedPerson.relationship). */
export const RELATIONSHIP = { Father: 'FTH', Mother: 'MTH', Wife: 'WIFE', Son: 'SONC', Daughter: 'DAUC', Brother: 'BRO', Sister: 'SIS' } as const satisfies Record<string, string>;

/** APPOINTMENT_STATUSES → AppointmentStatus (required binding). */
export const APPOINTMENT_STATUS = { Booked: 'booked', Completed: 'fulfilled', Cancelled: 'cancelled' } as const satisfies Record<string, string>;
export const APPOINTMENT_STATUS_CODES = ['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist'] as const;

/** SLOT_STATUSES → SlotStatus (required): a cancelled booking leaves its slot open again, so free. */
export const SLOT_STATUS = { Available: 'free', Cancelled: 'free', Booked: 'busy', Reserved: 'busy-unavailable' } as const satisfies Record<string, string>;
export const SLOT_STATUS_CODES = ['busy', 'free', 'busy-unavailable', 'busy-tentative', 'entered-in-error'] as const;

/** MEDICINE_TIMES and TO_BE_TAKEN → EventTiming (Timing.repeat.when, required): the time of day, and before (AC) or after (PC) a meal. */
export const EVENT_TIMING = { Morning: 'MORN', Noon: 'NOON', Evening: 'EVE', Night: 'NIGHT', 'Before Food': 'AC', 'After Food': 'PC' } as const satisfies Record<string, string>;

/** Survey question types (QUESTION_TYPES) → Questionnaire item types; a checkbox is a choice that repeats. */
export const QUESTION_TYPE = { text: 'string', checkbox: 'choice', radio: 'choice', date: 'date' } as const satisfies Record<string, string>;

/** Account status 1 (active) / 2 (blocked) of people and facilities. */
export const isActive = (status: unknown): boolean => Number(status) === 1;

/** Our value with its code in a system: the code when we have one, our word as the text. */
export function concept<K extends string>(system: string, map: Readonly<Record<K, string>>, value: unknown): CodeableConcept | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const code = (map as Record<string, string | undefined>)[value];
  return code ? { coding: [{ system, code }], text: value } : { text: value };
}

/** The codes of EventTiming for a medicine's times and its food rule. */
export const whenOf = (...values: unknown[]): ('MORN' | 'NOON' | 'EVE' | 'NIGHT' | 'AC' | 'PC')[] =>
  values.flat().map((v) => (EVENT_TIMING as Record<string, (typeof EVENT_TIMING)[keyof typeof EVENT_TIMING] | undefined>)[String(v)]).filter((c) => c !== undefined);

/** A FHIR instant of a day and a time of day (HH:MM) on the server's UTC clock. */
export const instantOf = (day: unknown, time: unknown): string => `${String(day)}T${String(time).slice(0, 5)}:00Z`;
