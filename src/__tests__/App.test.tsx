/**
 * App takes its data and auth providers as props: another backend plugs in without touching the
 * screens. Here every call the console makes is answered by plain functions, with no HTTP at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Suspense } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter } from 'react-admin';
import { App } from '../App';
import { appMethodNames, appTestDataProvider, testAuthProvider } from '../testing/AdminTestContext';

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

    expect(await screen.findByTestId('total-sum', {}, { timeout: 5000 })).toHaveTextContent('42');
    expect(await screen.findByText('Welcome, Test Admin')).toBeInTheDocument();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(await screen.findByText('From elsewhere')).toBeInTheDocument();
    expect(dataProvider.getDashboard).toHaveBeenCalledTimes(1);
    expect(noFetch).not.toHaveBeenCalled();
  });

  it("lists a resource from the given data provider, within the given auth provider's permissions", async () => {
    const dataProvider = await renderApp('/roles');

    const row = (await screen.findByText('Field Supervisor', {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('roles', expect.objectContaining({ pagination: { page: 1, perPage: 25 } }));
    expect(noFetch).not.toHaveBeenCalled();
  });
});

test("the README's 'Plugging in another backend' names every method another backend must implement", () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.split('## Plugging in another backend')[1]?.split('\n## ')[0] ?? '';
  const tableRows = section.split('\n').filter((line) => line.startsWith('| `'));
  const documented = tableRows.flatMap((line) => [...line.split('|')[1]!.matchAll(/`(\w+)\(/g)].map((match) => match[1]));
  expect([...documented].sort()).toEqual([...appMethodNames].sort());
});
