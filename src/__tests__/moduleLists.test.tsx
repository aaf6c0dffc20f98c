/**
 * Every module's list screen on both data providers (src/testing/backends.tsx): the /api/admin provider
 * over the real server's recorded answers (a first page of each module, with a record made from its
 * declaration's sample, and the choices its filters offer), and the in-browser fake provider over the
 * demo data. The list shows the backend's records as rows, with no
 * error; the fake provider sends nothing over the network.
 */
import { screen } from '@testing-library/react';
import { restoreFetch } from '../test/recorded-http';
import { BACKENDS, createTestBackend, renderConsole, useTestBackends } from '../testing/backends';
import { RESOURCE_NAMES } from '../../contract/resources';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

const FIND = { timeout: 60_000 };

useTestBackends();

/** Each module whose list the backend holds records of (every one, held by the test below). */
const cases = BACKENDS.flatMap((name) => {
  const backend = createTestBackend(name);
  const held = RESOURCE_NAMES.filter((resource) => backend.records(resource).length > 0);
  restoreFetch();
  return held.map((resource) => [name, resource] as const);
});

it('covers every module on both providers (api: run `npm run record-fixtures`; fake: the demo seed gives each module rows, from its sample when it names none: server/src/seeds/samples.ts)', () => {
  for (const name of BACKENDS) expect([name, cases.filter(([backend]) => backend === name).map(([, resource]) => resource)]).toEqual([name, RESOURCE_NAMES]);
});

it.each(cases)('on the %s provider, the %s list shows its records', async (name, resource) => {
  const backend = createTestBackend(name);
  await renderConsole(`/${resource}`, backend);
  // a table's rows (its header and at least one record), or the cards of a media list
  if (resource === 'health-literacy-content') expect((await screen.findAllByRole('article', {}, FIND)).length).toBeGreaterThan(0);
  else expect((await screen.findAllByRole('row', {}, FIND)).length).toBeGreaterThan(1);
  expect(screen.queryByText(/Something went wrong|nothing recorded/)).toBeNull();
  if (name === 'fake') expect(backend.sent).toEqual([]);
});
