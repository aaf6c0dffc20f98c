import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { COMMON_PARAMS } from './mapping';
import type { FhirTypes } from './search';

/** What the statement says of the server as a whole (module level: documentation, not answers). */
const IMPLEMENTATION = {
  description: 'The records of the telehealth and community-health programme, read-only, as its console shows them to the signed-in admin.',
};
const SECURITY = {
  description: 'Bearer tokens of the console (POST /api/admin/login): each resource type needs the view permission of the records behind it, and an admin limited to some districts sees their records only.',
};

const EVERYTHING = 'http://hl7.org/fhir/OperationDefinition/Patient-everything';

/**
 * GET /fhir/metadata: generated from the mappings, so it lists exactly what is served: each type with its
 * interactions (read, search-type), its search parameters (the common ones first), `_include` values
 * and operations. `server/test/helpers/fhirSuite.ts` derives its checks from it.
 */
export function capabilityStatement(base: string, types: FhirTypes, startedAt: string): CapabilityStatement {
  const resource = types.list.map((m): CapabilityStatementRestResource => ({
    type: m.type,
    profile: `http://hl7.org/fhir/StructureDefinition/${m.type}`,
    documentation: m.description,
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: Object.entries({ ...COMMON_PARAMS, ...m.params }).map(([name, p]) => ({ name, definition: p.definition, type: p.type, documentation: p.description })),
    ...(m.includes ? { searchInclude: Object.keys(m.includes) } : {}),
    ...(m.everything ? { operation: [{ name: 'everything', definition: EVERYTHING }] } : {}),
  }));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: startedAt,
    kind: 'instance',
    software: { name: 'health-console' },
    implementation: { description: IMPLEMENTATION.description, url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [{ mode: 'server', security: { description: SECURITY.description }, resource }],
  };
}
