import type { Reference, Resource, ResourceType } from '@medplum/fhirtypes';
import type { ParamType } from './params';
import type { Source } from './source';

/**
 * One declaration per FHIR resource type: where its records come from (sources, in paging order), the
 * search parameters it takes (each source says how a parameter narrows it), what `_include` follows,
 * and how each record becomes the resource (the sources' `toFhir`). The generic code reads these for
 * search, read, paging, `_include`, `$everything` and the CapabilityStatement; `server/test/helpers/fhirSuite.ts`
 * walks them.
 */
export interface ParamSpec {
  type: ParamType;
  /** what it matches here (the CapabilityStatement's documentation) */
  description: string;
  /** the specification's SearchParameter it implements (its canonical URL) */
  definition: string;
  /** a reference's resource types */
  targets?: readonly ResourceType[];
}

export interface IncludeSpec {
  /** the resource type it brings */
  target: ResourceType;
  /** the references it follows in a matched resource */
  references(resource: Resource): Reference[];
}

export interface FhirMapping {
  type: ResourceType;
  /** what the resources are here (the CapabilityStatement's documentation) */
  description: string;
  sources: Source[];
  /** the type's own search parameters (every type also takes `_id` and `_lastUpdated`) */
  params: Readonly<Record<string, ParamSpec>>;
  /** `_include` values: `Appointment:patient` → what it brings */
  includes?: Readonly<Record<string, IncludeSpec>>;
  /**
   * `{type}/{id}/$everything`: the record and every record of the types whose `patient` parameter names
   * it (Patient's, https://hl7.org/fhir/R4/patient-operation-everything.html)
   */
  everything?: boolean;
}

const SP = 'http://hl7.org/fhir/SearchParameter/';

/** The parameters every type takes: their meaning is the generic code's (ids of the type's sources, meta.lastUpdated). */
export const COMMON_PARAMS: Readonly<Record<'_id' | '_lastUpdated', ParamSpec>> = {
  _id: { type: 'token', definition: `${SP}Resource-id`, description: 'The resource id (a comma separates alternatives).' },
  _lastUpdated: { type: 'date', definition: `${SP}Resource-lastUpdated`, description: 'When the record last changed (meta.lastUpdated), with a prefix eq, ne, gt, lt, ge or le.' },
};

/** A SearchParameter of the specification by its id (`Patient-name`, `individual-family`, `clinical-patient`). */
export const specParam = (id: string): string => `${SP}${id}`;

export const defineMapping = (mapping: FhirMapping): FhirMapping => mapping;
