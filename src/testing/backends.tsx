/**
 * Screen tests against either backend: the console (App, in a memory router) mounted at a path with
 *  - `api`: the /api/admin data provider (createDataProvider) over the real server's recorded answers
 *    (src/test/recorded-api.json, `npm run record-fixtures`), each request answered by the recorded call
 *    of the same method and route (ids in the path left out);
 *  - `fake`: the in-browser provider (src/providers/fake/) over the demo data as scripts/demo-data.ts
 *    dumps it from the demo generator (made once and kept in the temp folder, keyed by its sources).
 */
import { Suspense } from 'react';
import { act, render } from '@testing-library/react';
import { TestMemoryRouter, type Identifier, type RaRecord } from 'react-admin';
import { App } from '../App';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { createDataProvider, type AppDataProvider } from '../providers/dataProvider';
import { createFakeDataProvider } from '../providers/fake/fakeDataProvider';
import type { DemoData } from '../providers/fake/demoData';
import { saveSession } from '../providers/session';
import { recordedCalls, restoreFetch, stubFetch, pathOf, type Recorded, type SentRequest } from '../test/recorded-http';
import { testAuthProvider } from './AdminTestContext';
import { loadTestDemoData } from './demoData';

export { loadTestDemoData };

export const BACKENDS = ['api', 'fake'] as const;

export type BackendName = (typeof BACKENDS)[number];

export interface TestBackend {
  name: BackendName;
  dataProvider: AppDataProvider;
  /** The records a list of `resource` starts with, as the backend holds them. */
  records(resource: string): RaRecord[];
  /** The id of a record of `resource` the backend answers a read of (api: the one recorded alone, `one_<name>`; fake: its first, not the signed-in admin). */
  recordId(resource: string): Identifier | undefined;
  /** The requests sent over HTTP (api only; the fake sends none). */
  sent: SentRequest[];
}

/**
 * A recorded path with its ids (encrypted or numbers) as `:id`, for matching a request's route. Only a
 * last segment after the resource's (`/api/admin/<resource>/…`) is an id: a resource's own name may be as
 * long as an encrypted id (`health-literacy-content`).
 */
const route = (path: string) =>
  pathOf(`/api/admin${path}`)
    .split('/')
    .map((segment, index, all) => (index >= 4 && index === all.length - 1 && (/^\d+$/.test(segment) || /^[\w-]{20,}$/.test(segment)) ? ':id' : segment))
    .join('/');

/**
 * Answers each request with the recorded call of the same method and path, else the first of the same
 * method and route. A record read or written by an id not recorded is given the id asked for (react-admin
 * checks it).
 */
const replayByRoute = (request: SentRequest): Recorded => {
  const path = pathOf(request.url).replace(/^\/api\/admin/, '');
  const wanted = route(path);
  const calls = Object.values(recordedCalls).filter((c) => c.request.method === request.method && c.status === 200);
  const call = calls.find((c) => pathOf(`/api/admin${c.request.path}`) === pathOf(request.url)) ?? calls.find((c) => route(c.request.path) === wanted);
  if (!call) return { status: 404, body: { success: false, message: `nothing recorded for ${request.method} ${wanted}` } };
  const body = call.body as { data?: unknown };
  const data = body.data as Record<string, unknown> | undefined;
  if (wanted.endsWith('/:id') && data && typeof data === 'object' && !Array.isArray(data) && 'encrypted_id' in data) {
    return { status: call.status, body: { ...body, data: { ...data, encrypted_id: decodeURIComponent(path.split('/').pop() ?? '') } } };
  }
  return { status: call.status, body };
};

/** The encrypted id of the record of `resource` recorded alone (scripts/record-fixtures.ts). */
const recordedId = (resource: string): Identifier | undefined => {
  const call = (recordedCalls as Record<string, { body: unknown }>)[`one_${resource}`];
  return (call?.body as { data?: { encrypted_id?: string } } | undefined)?.data?.encrypted_id;
};

/** The first recorded list answer of `resource`. */
const recordedList = (resource: string): RaRecord[] => {
  const call = Object.values(recordedCalls).find((c) => c.request.method === 'GET' && route(c.request.path) === `/api/admin/${resource}`);
  const body = call?.body as { data?: unknown } | undefined;
  const data = Array.isArray(body?.data) ? body.data : ((body?.data as { data?: unknown[] } | undefined)?.data ?? []);
  return (data as Record<string, unknown>[]).map((record) => ({ ...record, id: record.encrypted_id as string }));
};

export function createTestBackend(name: BackendName): TestBackend {
  if (name === 'api') {
    const sent = stubFetch(replayByRoute);
    return { name, dataProvider: createDataProvider({ navigate: () => undefined }), records: recordedList, recordId: recordedId, sent };
  }
  const data = loadTestDemoData();
  const noFetch = stubFetch(() => ({ network: true }));
  let urls = 0;
  return {
    name,
    dataProvider: createFakeDataProvider(JSON.parse(JSON.stringify(data)) as DemoData, { objectUrl: () => `blob:test/${(urls += 1)}`, download: () => undefined, getIdentity: async () => ({ id: data.admin.session.id as number }) }),
    records: (resource) => (data.resources[resource] ?? []) as RaRecord[],
    // (not the demo admin's own: the admin list leaves the signed-in admin out, who edits himself on the profile page)
    recordId: (resource) => (data.resources[resource]?.find((record) => record.encrypted_id !== data.admin.session.encrypted_id) as RaRecord | undefined)?.id,
    sent: noFetch,
  };
}

/**
 * The set-up of a test file whose tests render the console on these backends: the demo data made once
 * (about 15 s, before any test's clock starts), the recording's admin signed in before each test (the api
 * provider names him in the admin list's route), `fetch` restored after each.
 */
export function useTestBackends(): void {
  beforeAll(() => {
    loadTestDemoData();
  }, 180_000);
  beforeEach(() => {
    localStorage.clear();
    saveSession(recordedCalls.login.body.data as Parameters<typeof saveSession>[0]);
  });
  afterEach(restoreFetch);
}

/** The console at `path` with this backend, signed in with every permission (App suspends on its dictionary first). */
export async function renderConsole(path: string, backend: TestBackend, permissions: readonly string[] = ALL_PERMISSIONS) {
  await act(async () => {
    render(
      <TestMemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <App dataProvider={backend.dataProvider} authProvider={testAuthProvider([...permissions])} />
        </Suspense>
      </TestMemoryRouter>,
    );
  });
}
