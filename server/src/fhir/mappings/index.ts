import type { FhirMapping } from '../mapping';
import { conditionMapping, medicationRequestMapping, medicationStatementMapping } from './clinical';
import { patientMapping, practitionerMapping, practitionerRoleMapping, relatedPersonMapping } from './people';
import { healthcareServiceMapping, locationMapping } from './places';
import { appointmentMapping, scheduleMapping, slotMapping } from './scheduling';
import { questionnaireMapping, questionnaireResponseMapping } from './surveys';

/** Every FHIR resource type served, in the CapabilityStatement's order. */
export const MAPPINGS: readonly FhirMapping[] = [
  patientMapping,
  relatedPersonMapping,
  practitionerMapping,
  practitionerRoleMapping,
  locationMapping,
  healthcareServiceMapping,
  scheduleMapping,
  slotMapping,
  appointmentMapping,
  conditionMapping,
  medicationStatementMapping,
  medicationRequestMapping,
  questionnaireMapping,
  questionnaireResponseMapping,
];
