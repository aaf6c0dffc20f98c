/**
 * The console's screens on a conformance module's providers (index.ts): every module's list shows the
 * backend's records, and each edit form opened on a record shows its values and saves a changed text,
 * which the provider reads back (as src/__tests__/moduleLists.test.tsx and moduleSaves.*.test.tsx do on
 * our two providers). The console is signed in through the module's own auth provider.
 */
import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { TestMemoryRouter, type RaRecord } from 'react-admin';
import { App } from '../../App';
import type { AppDataProvider, ConsoleAuthProvider } from '../../providers/kit';
import { RESOURCE_NAMES, type ResourceName } from '../../../contract/resources';
import { loadTestDemoData } from '../demoData';
import { at, FIND, typeAndSave, withView } from '../moduleScreens';
import { useLiveFetch } from './liveFetch';
import type { ConformanceBackend, ConformanceModule } from './types';

const ERROR = /Something went wrong|not found|does not offer/i;
/** The edit forms with no plain text input to type in (moduleSaves.*.test.tsx say the same). */
const NO_PLAIN_TEXT: readonly ResourceName[] = ['pages'];

export interface ScreenParts {
  /** every module's list */
  lists?: boolean;
  /** every edit form's save round trip */
  saves?: boolean;
}

/** Declares the screens of every module with `module`'s providers over its backend (started once for them all): the lists, the saves, or both. */
export function describeScreens(module: ConformanceModule, { lists = true, saves = true }: ScreenParts = {}): void {
  describe(`the console's screens on the ${module.name} provider${lists && saves ? '' : lists ? ': the lists' : ': the saves'}`, () => {
    let backend: ConformanceBackend | undefined;
    let dataProvider: AppDataProvider;
    let authProvider: ConsoleAuthProvider;
    let stopFetch = () => undefined as void;

    beforeAll(async () => {
      backend = await module.startBackend();
      if (backend.url) stopFetch = useLiveFetch(backend.url);
      ({ dataProvider, authProvider } = module.createProviders(backend));
    }, 180_000);
    beforeEach(async () => {
      localStorage.clear();
      await authProvider.login(module.credentials);
    });
    afterAll(async () => {
      stopFetch();
      await backend?.stop();
    });

    const renderAt = async (path: string) => {
      await act(async () => {
        render(
          <TestMemoryRouter initialEntries={[path]}>
            <Suspense fallback={null}>
              <App dataProvider={dataProvider} authProvider={authProvider} />
            </Suspense>
          </TestMemoryRouter>,
        );
      });
    };
    /** A record of the module as the provider lists it (the signed-in admin is not among the admins). */
    const firstRecord = async (resource: string): Promise<RaRecord> => {
      const { data } = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      if (!data[0]) throw new Error(`the ${module.name} provider lists no record of ${resource}`);
      return (await dataProvider.getOne(resource, { id: data[0].id })).data;
    };

    // the modules the demo data holds records of (every one)
    const listed = RESOURCE_NAMES.filter((resource) => (loadTestDemoData().resources[resource] ?? []).length > 0);
    it('covers every module (the demo data holds records of each)', () => expect(listed).toEqual(RESOURCE_NAMES));

    if (lists) it.each(listed)('the %s list shows its records', async (resource) => {
      await renderAt(`/${resource}`);
      if (resource === 'health-literacy-content') expect((await screen.findAllByRole('article', {}, FIND)).length).toBeGreaterThan(0);
      else expect((await screen.findAllByRole('row', {}, FIND)).length).toBeGreaterThan(1);
      expect(screen.queryByText(ERROR)).toBeNull();
    });

    if (saves) it.each(withView(RESOURCE_NAMES, 'edit').filter((resource) => !NO_PLAIN_TEXT.includes(resource)))('the %s edit form shows its record and saves a changed text', async (resource) => {
      const record = await firstRecord(resource);
      await renderAt(`/${resource}/${encodeURIComponent(String(record.id))}`);
      const { field, changed } = await typeAndSave(resource, record);
      // read back while the page goes on answering the backend's replies (inside waitFor, as testing-library's finds are)
      await waitFor(async () => expect(at((await dataProvider.getOne(resource, { id: record.id })).data, field)).toBe(changed), FIND);
    });
  });
}
