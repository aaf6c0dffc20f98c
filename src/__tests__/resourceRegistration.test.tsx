/**
 * A sign-in draws the console once with its resource definitions: react-admin registers all 31
 * resources in an effect after its first render and then unregisters and registers them all again
 * whenever the permissions' answer arrives (ra-core's useConfigureAdminRouterFromChildren), each round a
 * new definitions object and the menu, breadcrumbs and every other reader drawn again
 * (layout/StableResourceDefinitions.tsx keeps them).
 */
import { Suspense, useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ResourceDefinitionContextProvider, TestMemoryRouter, useResourceDefinitionContext, useResourceDefinitions, type ResourceDefinitions } from 'react-admin';
import { App } from '../App';
import { StableResourceDefinitions } from '../layout/StableResourceDefinitions';
import { resourceNames } from '../resources';
import { appTestDataProvider, testAuthProvider } from '../testing/AdminTestContext';

jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));

/** Every definitions object the shell's footer was drawn with, in order. */
const seen: ResourceDefinitions[] = [];
jest.mock('../layout/Footer', () => ({
  __esModule: true,
  Footer: () => {
    const definitions = useResourceDefinitions();
    if (seen.at(-1) !== definitions) seen.push(definitions);
    return null;
  },
}));

const noFetch = jest.fn(() => Promise.reject(new Error('no HTTP in this test')));
beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  (globalThis as { fetch?: unknown }).fetch = noFetch;
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('the console is drawn with all its resource definitions from the first render, and they do not change while react-admin registers them again', async () => {
  let answerPermissions: (permissions: string[]) => void = () => undefined;
  const permissions = new Promise<string[]>((resolve) => (answerPermissions = resolve));
  const authProvider = { ...testAuthProvider(['view_role']), getPermissions: () => permissions };
  const dataProvider = appTestDataProvider({
    getDashboard: jest.fn(async () => ({ data: { total_users: 42, admins: 2, doctors: 15, patients: 25, cities: [], appointments: [], tasks: [] } })),
    getNotifications: jest.fn(async () => ({ data: { notifications: [], count: 0 } })),
  });
  await act(async () => {
    render(
      <TestMemoryRouter initialEntries={['/dashboard']}>
        <Suspense fallback={null}>
          <App dataProvider={dataProvider} authProvider={authProvider} />
        </Suspense>
      </TestMemoryRouter>,
    );
  });
  expect(await screen.findByTestId('total-sum', {}, { timeout: 30_000 })).toHaveTextContent('42');
  // the permissions' answer: react-admin makes a new array of its resources and registers them all again
  await act(async () => answerPermissions(['view_role']));
  expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();

  expect(seen.length).toBe(1);
  expect(Object.keys(seen[0]!).sort()).toEqual([...resourceNames].sort());
});

/** Registers `names` in an effect that runs again on every change of `round`, as react-admin's does. */
const Registrar = ({ names, round }: { names: string[]; round: number }) => {
  const { register, unregister } = useResourceDefinitionContext();
  useEffect(() => {
    const definitions = names.map((name) => ({ name, hasList: true, hasEdit: false, hasShow: false, hasCreate: false }));
    definitions.forEach(register);
    return () => definitions.forEach(unregister);
  }, [names, round, register, unregister]);
  return null;
};

const Outer = ({ onDefinitions }: { onDefinitions: (definitions: ResourceDefinitions) => void }) => {
  onDefinitions(useResourceDefinitions());
  return null;
};

test('StableResourceDefinitions keeps the definitions through an unregistration and registration of the same ones, and removes what is really gone', async () => {
  const outerSeen: ResourceDefinitions[] = [];
  const innerSeen: ResourceDefinitions[] = [];
  let setRound: (round: number) => void = () => undefined;
  let setNames: (names: string[]) => void = () => undefined;
  const Harness = () => {
    const [round, changeRound] = useState(0);
    const [names, changeNames] = useState(['a', 'b']);
    setRound = changeRound;
    setNames = changeNames;
    return (
      <ResourceDefinitionContextProvider>
        <Outer onDefinitions={(d) => outerSeen.at(-1) !== d && outerSeen.push(d)} />
        <StableResourceDefinitions>
          <Outer onDefinitions={(d) => innerSeen.at(-1) !== d && innerSeen.push(d)} />
          <Registrar names={names} round={round} />
        </StableResourceDefinitions>
      </ResourceDefinitionContextProvider>
    );
  };
  await act(async () => {
    render(<Harness />);
  });
  expect(Object.keys(outerSeen.at(-1)!)).toEqual(['a', 'b']);
  const registered = outerSeen.length;
  const innerRegistered = innerSeen.length;

  // the same resources unregistered and registered again: nothing changes, outside or inside
  await act(async () => setRound(1));
  await act(async () => setRound(2));
  expect(outerSeen.length).toBe(registered);
  expect(innerSeen.length).toBe(innerRegistered);

  // one really gone: removed once the effect's microtasks have run
  await act(async () => setNames(['a']));
  expect(Object.keys(outerSeen.at(-1)!)).toEqual(['a']);
  expect(Object.keys(innerSeen.at(-1)!)).toEqual(['a']);
});
