import type { CodeableConcept, HealthcareService, Location } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import type { Presented, Row } from '../../http/resource';
import { isActive, SYSTEMS } from '../codes';
import { defineMapping, specParam } from '../mapping';
import { column, decodeAll, references, strings } from '../narrowers';
import type { ParsedOf } from '../params';
import { type FhirCall, idOf, listSource, type Narrower, referenceTo } from '../source';

/**
 * Places: districts › tehsils › VC areas (a `partOf` hierarchy of jurisdictions and areas) and the
 * facility centers in them (buildings, part of their VC area or else their tehsil), all as Location;
 * a facility's services as its HealthcareService (under the facility's id).
 */

const physical = (code: 'jdn' | 'area' | 'bu'): CodeableConcept => ({ coding: [{ system: SYSTEMS.locationPhysicalType, code }] });
const meta = (r: Row) => ({ lastUpdated: String(r.updated_at) });
const titleOf = (r: Row | null | undefined) => (typeof r?.title === 'string' ? r.title : null);
const position = (r: Row) => ({ latitude: Number(r.lat), longitude: Number(r.long) });
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const phone = (r: Row) => (typeof r.phone_no === 'string' && r.phone_no ? [{ system: 'phone' as const, value: r.phone_no, use: 'work' as const }] : []);

const place = (fc: FhirCall, key: string, r: Presented, physicalType: CodeableConcept): Location => ({
  resourceType: 'Location',
  id: idOf(fc, key, r.id),
  meta: meta(r),
  status: 'active',
  name: String(r.title),
  mode: 'instance',
  physicalType,
});

const byName = strings([column('title')], { search: true });

/** A facility's place: its VC area when it has one, else its tehsil (a parent given as either names it). */
const facilityPartOf: Narrower = (value, fc) => {
  const areas = decodeAll(fc, ['areas'], value as ParsedOf<'reference'>);
  const tehsils = decodeAll(fc, ['tehsils'], value as ParsedOf<'reference'>);
  if (!areas.length && !tehsils.length) return null;
  return {
    where: [(qb) => qb.where((eb) => eb.or([
      ...(areas.length ? [eb(sql.ref('area_id'), 'in', areas)] : []),
      ...(tehsils.length ? [eb.and([eb(sql.ref('tehsil_id'), 'in', tehsils), eb(sql.ref('area_id'), 'is', null)])] : []),
    ]))],
  };
};

export const locationMapping = defineMapping({
  type: 'Location',
  description: 'Districts, tehsils (part of their district), VC areas (part of their tehsil) and facility centers (part of their VC area, else their tehsil), in that order.',
  sources: [
    listSource({ resource: 'districts', toFhir: (fc, r) => place(fc, 'districts', r, physical('jdn')), narrow: { name: byName } }),
    listSource({
      resource: 'tehsils',
      toFhir: (fc, r) => ({ ...place(fc, 'tehsils', r, physical('jdn')), partOf: referenceTo(fc, 'Location', 'districts', Number(r.district_id), titleOf(r.district as Row)) }),
      narrow: { name: byName, partof: references('district_id', ['districts']) },
    }),
    listSource({
      resource: 'areas',
      toFhir: (fc, r) => ({ ...place(fc, 'areas', r, physical('area')), position: position(r), partOf: referenceTo(fc, 'Location', 'tehsils', Number(r.tehsil_id), titleOf(r.tehsil as Row)) }),
      narrow: { name: byName, partof: references('tehsil_id', ['tehsils']) },
    }),
    listSource({
      resource: 'facility-centers',
      toFhir: (fc, r): Location => ({
        ...place(fc, 'facility-centers', r, physical('bu')),
        status: isActive(r.status) ? 'active' : 'inactive',
        position: position(r),
        address: { text: String(r.location) },
        telecom: phone(r),
        hoursOfOperation: [{ daysOfWeek: [...WEEK], openingTime: `${String(r.open_time)}:00`, closingTime: `${String(r.close_time)}:00` }],
        partOf: r.area_id
          ? referenceTo(fc, 'Location', 'areas', Number(r.area_id), titleOf(r.area as Row))
          : referenceTo(fc, 'Location', 'tehsils', Number(r.tehsil_id), titleOf(r.tehsil as Row)),
      }),
      narrow: { name: byName, partof: facilityPartOf },
    }),
  ],
  params: {
    name: { type: 'string', definition: specParam('Location-name'), description: 'The name starts with the value (:exact, :contains).' },
    partof: { type: 'reference', targets: ['Location'], definition: specParam('Location-partof'), description: 'The place it is directly part of (a district\'s tehsils, a tehsil\'s VC areas and facilities without one, a VC area\'s facilities).' },
  },
});

export const healthcareServiceMapping = defineMapping({
  type: 'HealthcareService',
  description: 'The services of each facility center, under the id of the facility\'s Location, with its opening hours.',
  sources: [
    listSource({
      resource: 'facility-centers',
      toFhir: (fc, r): HealthcareService => ({
        resourceType: 'HealthcareService',
        id: idOf(fc, 'facility-centers', r.id),
        meta: meta(r),
        active: isActive(r.status),
        location: [referenceTo(fc, 'Location', 'facility-centers', r.id, String(r.title))],
        name: String(r.title),
        type: ((r.services as Row[] | undefined) ?? []).map((s) => ({ text: String(s.title) })),
        telecom: phone(r),
        availableTime: [{ daysOfWeek: [...WEEK], availableStartTime: `${String(r.open_time)}:00`, availableEndTime: `${String(r.close_time)}:00` }],
      }),
      narrow: { name: byName, location: references('id', ['facility-centers']) },
    }),
  ],
  params: {
    name: { type: 'string', definition: specParam('HealthcareService-name'), description: 'The facility\'s name starts with the value (:exact, :contains).' },
    location: { type: 'reference', targets: ['Location'], definition: specParam('HealthcareService-location'), description: 'The facility center (its Location).' },
  },
});
