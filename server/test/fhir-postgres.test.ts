/** The FHIR API on PostgreSQL (the suite: helpers/fhirSuite.ts; the other dialect has a file of its own, run side by side). */
import { fhirSuite } from './helpers/fhirSuite';

fhirSuite('postgres');
