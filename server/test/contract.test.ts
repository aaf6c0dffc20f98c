/**
 * The resource contract over every declaration of the real registry, on both dialects: see
 * helpers/contract.ts for the checks, and machinery.test.ts for the behaviours no module uses yet.
 */
import { RESOURCE_NAMES } from '../../contract/resources';
import { registry, RESOURCE_DEFS } from '../src/resources/registry';
import { startTestApp } from './helpers/app';
import { describeResourceContract } from './helpers/contract';

jest.setTimeout(180_000);

it('the registry declares exactly the resources of contract/resources.ts', () => {
  expect(RESOURCE_DEFS.map((d) => d.name).sort()).toEqual([...RESOURCE_NAMES].sort());
});

describeResourceContract({ title: 'resource contract', registry, start: (dialect) => startTestApp(dialect) });
