/**
 * Every module's list screen on both data providers (src/testing/backends.tsx): the /api/admin provider
 * over the real server's recorded answers, where the recording holds the module's list, and the
 * in-browser fake provider over the demo data. The list shows the backend's records as rows, with no
 * error; the fake provider sends nothing over the network.
 */
import { screen } from '@testing-library/react';
import { saveSession } from '../providers/session';
import { recordedCalls, restoreFetch } from '../test/recorded-http';
import { BACKENDS, createTestBackend, loadTestDemoData, renderConsole } from '../testing/backends';
import { RESOURCE_NAMES } from '../../contract/resources';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(60_000);

const FIND = { timeout: 10_000 };

beforeAll(() => {
  loadTestDemoData();
}, 180_000);

beforeEach(() => {
  localStorage.clear();
  saveSession(recordedCalls.login.body.data as Parameters<typeof saveSession>[0]);
});
afterEach(restoreFetch);

/** Each module whose list the backend holds records of: every module on the fake provider, those recorded on the api one. */
const cases = BACKENDS.flatMap((name) => {
  const backend = createTestBackend(name);
  const held = RESOURCE_NAMES.filter((resource) => backend.records(resource).length > 0);
  restoreFetch();
  return held.map((resource) => [name, resource] as const);
});

it('covers every module on the fake provider and the recorded lists on the api one', () => {
  expect(cases.filter(([name]) => name === 'fake').map(([, resource]) => resource)).toEqual(RESOURCE_NAMES);
  expect(cases.filter(([name]) => name === 'api').length).toBeGreaterThanOrEqual(2);
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
