/**
 * App takes its data and auth providers as props: another backend plugs in without touching the
 * screens. Here every call the console makes is answered by plain functions, with no HTTP at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Suspense } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter, useLogin } from 'react-admin';
import { App } from '../App';
import { appMethodNames, appTestDataProvider, testAuthProvider } from '../testing/AdminTestContext';
import { CONSOLE_METHODS } from '../providers/kit';

// jsdom draws no charts; the dashboard's lazy chart is not what this test is about.
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));

const noFetch = jest.fn(() => Promise.reject(new Error('no HTTP in this test')));
beforeEach(() => {
  localStorage.clear();
  (globalThis as { fetch?: unknown }).fetch = noFetch;
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const otherBackend = () =>
  appTestDataProvider({
    getDashboard: jest.fn(async () => ({
      data: { total_users: 42, admins: 2, doctors: 15, patients: 25, cities: [], appointments: [], tasks: [] },
    })),
    getNotifications: jest.fn(async () => ({
      data: {
        notifications: [
          { id: 1, type: 'admin', body: { title: 'From elsewhere', body: 'Hello' }, data: null, is_read: false, created_at: '2026-03-05T10:00:00.000Z' },
        ],
        count: 1,
      },
    })),
    getList: jest.fn(async () => ({ data: [{ id: 'r-1', name: 'Field Supervisor', permissions: ['view_role'] }], total: 1 })),
  });

/** App suspends on its dictionary first, hence the awaited act. */
const renderApp = async (path: string, dataProvider = otherBackend()) => {
  await act(async () => {
    render(
      <TestMemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <App dataProvider={dataProvider} authProvider={testAuthProvider(['view_role', 'edit_role', 'create_role'])} />
        </Suspense>
      </TestMemoryRouter>,
    );
  });
  return dataProvider;
};

describe('App with another backend', () => {
  it('shows the dashboard and the bell from the given data provider', async () => {
    const user = userEvent.setup({ delay: null });
    const dataProvider = await renderApp('/dashboard');

    expect(await screen.findByTestId('total-sum', {}, { timeout: 30_000 })).toHaveTextContent('42');
    expect(await screen.findByText('Welcome, Test Admin')).toBeInTheDocument();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(await screen.findByText('From elsewhere')).toBeInTheDocument();
    expect(dataProvider.getDashboard).toHaveBeenCalledTimes(1);
    expect(noFetch).not.toHaveBeenCalled();
  });

  it("lists a resource from the given data provider, within the given auth provider's permissions", async () => {
    const dataProvider = await renderApp('/roles');

    const row = (await screen.findByText('Field Supervisor', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('roles', expect.objectContaining({ pagination: { page: 1, perPage: 25 } }));
    expect(noFetch).not.toHaveBeenCalled();
  });

  it('opens on the dashboard at the bare address', async () => {
    const dataProvider = await renderApp('/');
    expect(await screen.findByTestId('total-sum', {}, { timeout: 30_000 })).toHaveTextContent('42');
    expect(dataProvider.getDashboard).toHaveBeenCalled();
  });

  it('shows the given sign-in page to a signed-out visitor, and the dashboard once signed in', async () => {
    const user = userEvent.setup({ delay: null });
    let signedIn = false;
    const authProvider = {
      ...testAuthProvider(['view_role']),
      checkAuth: async () => {
        if (!signedIn) throw new Error('signed out');
      },
      login: async () => {
        signedIn = true;
      },
    };
    const SignIn = () => {
      const login = useLogin();
      return <button onClick={() => void login({})}>Partner sign-in</button>;
    };
    await act(async () => {
      render(
        <TestMemoryRouter initialEntries={['/']}>
          <Suspense fallback={null}>
            <App dataProvider={otherBackend()} authProvider={authProvider} loginPage={SignIn} />
          </Suspense>
        </TestMemoryRouter>,
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Partner sign-in' }, { timeout: 30_000 }));
    expect(await screen.findByTestId('total-sum', {}, { timeout: 30_000 })).toHaveTextContent('42');
  });
});

test("the README's 'Plugging in another backend' names every method another backend must implement", () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.split('## Plugging in another backend')[1]?.split('\n## ')[0] ?? '';
  const tableRows = section.split('\n').filter((line) => line.startsWith('| `'));
  const documented = tableRows.flatMap((line) => [...line.split('|')[1]!.matchAll(/`(\w+)\(/g)].map((match) => match[1]));
  expect([...documented].sort()).toEqual([...appMethodNames].sort());
});

test("the README's table says, for each method, what withConsoleMethods does without the backend's (kit's CONSOLE_METHODS)", () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.split('## Plugging in another backend')[1]?.split('\n## ')[0] ?? '';
  const said = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      const cells = line.split('|');
      const how = cells.at(-2)!.trim().startsWith('derived') ? 'derived' : cells.at(-2)!.trim() === 'not offered' ? 'unsupported' : cells.at(-2)!.trim();
      return [...cells[1]!.matchAll(/`(\w+)\(/g)].map((match) => [match[1], how]);
    });
  expect(Object.fromEntries(said)).toEqual(Object.fromEntries(Object.entries(CONSOLE_METHODS).map(([name, { how }]) => [name, how])));
});
