import type { Address, ContactPoint, HumanName, Identifier, Patient, Practitioner, PractitionerRole, RelatedPerson } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import type { Presented, Row } from '../../http/resource';
import { concept, GENDER, GENDER_CODES, isActive, MARITAL_STATUS, RELATIONSHIP, SYSTEMS } from '../codes';
import { defineMapping, specParam } from '../mapping';
import { column, contact, dates, fullName, references, referencesThrough, strings, stringsThrough, tokens } from '../narrowers';
import { type FhirCall, idOf, listSource, type Narrower, referenceTo } from '../source';

/**
 * People: patients and their family members (Patient, RelatedPerson), doctors and CHWs (Practitioner,
 * PractitionerRole). A family member is the subject of care of their own appointments and clinical
 * records, so they are Patients too (linked to their RelatedPerson), and `Patient` lists the patients,
 * then the family members, as the console's two lists do.
 */

/** The id keys of the records a patient reference may name: patients' and family members'. */
export const PATIENT_KEYS = ['app-users', 'family-members'] as const;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const fullNameOf = (r: Row): string => [r.f_name, r.l_name].filter((p) => typeof p === 'string' && p).join(' ');
const related = (r: Row, as: string): Row | null => (r[as] && typeof r[as] === 'object' ? (r[as] as Row) : null);

/** A patient reference of a record's `patient_id`, by whether the embedded person is a family member (has a `parent_id`). */
export function patientReference(fc: FhirCall, patientId: unknown, person: Row | null) {
  const key = person?.parent_id ? 'family-members' : 'app-users';
  return referenceTo(fc, 'Patient', key, Number(patientId), person ? fullNameOf(person) : null);
}

/** The name, contacts, gender, birth date and address every person carries. */
function personParts(r: Presented): { name: HumanName[]; telecom: ContactPoint[]; gender?: 'male' | 'female' | 'other'; birthDate?: string; address: Address[] } {
  const telecom: ContactPoint[] = [];
  if (text(r.phone_no)) telecom.push({ system: 'phone', value: String(r.phone_no), use: 'mobile' });
  if (text(r.email)) telecom.push({ system: 'email', value: String(r.email) });
  const city = related(r, 'city');
  const country = related(r, 'country');
  const district = related(r, 'district');
  return {
    name: [{ use: 'official', text: fullNameOf(r), family: text(r.l_name), given: [String(r.f_name)] }],
    telecom,
    gender: GENDER[r.gender as keyof typeof GENDER],
    birthDate: text(r.dob),
    address: [{ use: 'home', line: text(r.street) ? [String(r.street)] : [], city: text(city?.title), district: text(district?.title), state: text(r.state), postalCode: text(r.zipcode), country: text(country?.iso2) }],
  };
}

const cnic = (r: Row): Identifier[] => (text(r.cnic) ? [{ use: 'official', type: { text: 'CNIC' }, value: String(r.cnic) }] : []);
const meta = (r: Row) => ({ lastUpdated: String(r.updated_at) });

/** The search parameters of a person's record (every kind of person is a row of `users`). */
const PERSON_NARROW: Readonly<Record<string, Narrower>> = {
  name: strings([column('f_name'), column('l_name'), fullName()], { search: true }),
  family: strings([column('l_name')], { search: true }),
  given: strings([column('f_name')], { search: true }),
  gender: tokens('gender', SYSTEMS.gender, GENDER_CODES, { male: ['male'], female: ['female'], other: ['transgender'] }),
  phone: contact('phone_no', { search: true }),
  email: contact('email', { lowerCase: true, search: true }),
};

const PERSON_PARAMS = {
  family: { type: 'string', definition: specParam('individual-family'), description: 'The last name starts with the value (:exact, :contains).' },
  given: { type: 'string', definition: specParam('individual-given'), description: 'The first name starts with the value (:exact, :contains).' },
  gender: { type: 'token', definition: specParam('individual-gender'), description: 'male, female or other (our transgender).' },
  phone: { type: 'token', definition: specParam('individual-phone'), description: 'The phone number, exactly.' },
  email: { type: 'token', definition: specParam('individual-email'), description: 'The email address (case ignored).' },
} as const;

function patientOf(fc: FhirCall, r: Presented, key: 'app-users' | 'family-members'): Patient {
  return {
    resourceType: 'Patient',
    id: idOf(fc, key, r.id),
    meta: meta(r),
    identifier: cnic(r),
    active: isActive(r.status),
    ...personParts(r),
    maritalStatus: concept(SYSTEMS.maritalStatus, MARITAL_STATUS, r.marital_status),
    // a family member is also their RelatedPerson (their relation to the patient whose account holds them)
    link: key === 'family-members' ? [{ other: referenceTo(fc, 'RelatedPerson', 'family-members', r.id), type: 'seealso' }] : [],
  };
}

export const patientMapping = defineMapping({
  type: 'Patient',
  description: 'Patients (the console\'s patients), then their family members, who are patients of their own appointments and clinical records.',
  sources: [
    listSource({ resource: 'app-users', toFhir: (fc, r) => patientOf(fc, r, 'app-users'), narrow: { ...PERSON_NARROW, birthdate: dates(sql.ref('dob'), 'date'), 'address-city': stringsThrough('city_id', 'cities', 'title') } }),
    listSource({ resource: 'family-members', toFhir: (fc, r) => patientOf(fc, r, 'family-members'), narrow: { ...PERSON_NARROW, birthdate: dates(sql.ref('dob'), 'date'), 'address-city': stringsThrough('city_id', 'cities', 'title') } }),
  ],
  params: {
    name: { type: 'string', definition: specParam('Patient-name'), description: 'The first, last or full name starts with the value (:exact, :contains).' },
    ...PERSON_PARAMS,
    birthdate: { type: 'date', definition: specParam('individual-birthdate'), description: 'The date of birth, with a prefix eq, ne, gt, lt, ge or le.' },
    'address-city': { type: 'string', definition: specParam('individual-address-city'), description: 'The city\'s name starts with the value.' },
  },
  everything: true,
});

export const relatedPersonMapping = defineMapping({
  type: 'RelatedPerson',
  description: 'Family members, with their relationship to the patient whose account holds them.',
  sources: [
    listSource({
      resource: 'family-members',
      toFhir: (fc, r): RelatedPerson => ({
        resourceType: 'RelatedPerson',
        id: idOf(fc, 'family-members', r.id),
        meta: meta(r),
        active: isActive(r.status),
        patient: referenceTo(fc, 'Patient', 'app-users', Number(r.parent_id), related(r, 'parent') ? fullNameOf(related(r, 'parent')!) : null),
        relationship: [concept(SYSTEMS.roleCode, RELATIONSHIP, r.relation)].filter((c) => c !== undefined),
        ...personParts(r),
      }),
      narrow: { patient: references('parent_id', ['app-users']), name: PERSON_NARROW.name! },
    }),
  ],
  params: {
    patient: { type: 'reference', targets: ['Patient'], definition: specParam('RelatedPerson-patient'), description: 'The patient whose family member this is.' },
    name: { type: 'string', definition: specParam('RelatedPerson-name'), description: 'The first, last or full name starts with the value (:exact, :contains).' },
  },
});

const qualification = (r: Row) => {
  const q = related(r, 'qualification');
  return text(q?.title) ? [{ code: { text: String(q!.title) } }] : [];
};

function practitionerOf(fc: FhirCall, r: Presented, key: 'doctors' | 'chw'): Practitioner {
  return { resourceType: 'Practitioner', id: idOf(fc, key, r.id), meta: meta(r), identifier: cnic(r), active: isActive(r.status), ...personParts(r), qualification: qualification(r) };
}

export const practitionerMapping = defineMapping({
  type: 'Practitioner',
  description: 'Doctors, then community health workers (CHWs), with their qualification.',
  sources: [
    listSource({ resource: 'doctors', toFhir: (fc, r) => practitionerOf(fc, r, 'doctors'), narrow: PERSON_NARROW }),
    listSource({ resource: 'chw', toFhir: (fc, r) => practitionerOf(fc, r, 'chw'), narrow: PERSON_NARROW }),
  ],
  params: {
    name: { type: 'string', definition: specParam('Practitioner-name'), description: 'The first, last or full name starts with the value (:exact, :contains).' },
    ...PERSON_PARAMS,
  },
});

export const practitionerRoleMapping = defineMapping({
  type: 'PractitionerRole',
  description: 'What each practitioner does here, under the practitioner\'s id: a doctor with their specializations, a CHW with the VC area they serve.',
  sources: [
    listSource({
      resource: 'doctors',
      toFhir: (fc, r): PractitionerRole => ({
        resourceType: 'PractitionerRole',
        id: idOf(fc, 'doctors', r.id),
        meta: meta(r),
        active: isActive(r.status),
        practitioner: referenceTo(fc, 'Practitioner', 'doctors', r.id, fullNameOf(r)),
        code: [{ coding: [{ system: SYSTEMS.practitionerRole, code: 'doctor' }] }],
        specialty: ((r.specializations as Row[] | undefined) ?? []).map((s) => ({ text: String(s.title) })),
      }),
      narrow: { practitioner: references('id', ['doctors']) },
    }),
    listSource({
      resource: 'chw',
      toFhir: (fc, r): PractitionerRole => ({
        resourceType: 'PractitionerRole',
        id: idOf(fc, 'chw', r.id),
        meta: meta(r),
        active: isActive(r.status),
        practitioner: referenceTo(fc, 'Practitioner', 'chw', r.id, fullNameOf(r)),
        code: [{ text: 'CHW' }],
        location: r.area_id ? [referenceTo(fc, 'Location', 'areas', Number(r.area_id), text(related(r, 'area')?.title))] : [],
      }),
      narrow: {
        practitioner: references('id', ['chw']),
        location: referencesThrough('id', 'chw_profiles', 'area_id', ['areas']),
      },
    }),
  ],
  params: {
    practitioner: { type: 'reference', targets: ['Practitioner'], definition: specParam('PractitionerRole-practitioner'), description: 'The practitioner whose role this is.' },
    location: { type: 'reference', targets: ['Location'], definition: specParam('PractitionerRole-location'), description: 'The VC area a CHW serves.' },
  },
});
