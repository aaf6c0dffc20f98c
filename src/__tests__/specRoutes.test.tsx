/**
 * The spec's addresses open the screen they name, as the console's own do, without a wasted request:
 * /x/edit/{id} and /x/show/{id} (the breadcrumbs name no record "edit"), an appointment's
 * /appointments/edit/{id} (its page, where it is changed), /appointments/add/{patient} (the patient's
 * page, booking), and /notifications/edit/{id} (the sent list: a sent notification is not edited).
 */
import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { TestMemoryRouter, type GetOneParams, type RaRecord } from 'react-admin';
import { App } from '../App';
import { appTestDataProvider, testAuthProvider } from '../testing/AdminTestContext';

jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(60_000);

beforeEach(() => localStorage.clear());

const records: Record<string, Record<string, RaRecord>> = {
  roles: { 'r-1': { id: 'r-1', name: 'Field Supervisor', permissions: ['view_role'] } },
  appointments: {
    'a-1': { id: 'a-1', number: 1, status: 'Booked', date: '2099-01-02', s_time: '10:00', e_time: '10:20', doctor: { id: 'd-1', f_name: 'Sara', l_name: 'Ahmed' }, patient: { id: 'p-1', f_name: 'Ayesha', l_name: 'Khan' } },
  },
  'app-users': { 'p-1': { id: 'p-1', number: 3, type: 'patient', f_name: 'Ayesha', l_name: 'Khan', status: 1 } },
};

const backend = () =>
  appTestDataProvider({
    getOne: jest.fn(async (resource: string, { id }: GetOneParams) => {
      const record = records[resource]?.[String(id)];
      if (!record) throw Object.assign(new Error('Not found.'), { status: 404 });
      return { data: record };
    }),
    getList: jest.fn(async () => ({ data: [], total: 0 })),
    getDashboard: jest.fn(async () => ({ data: { total_users: 0, admins: 0, doctors: 0, patients: 0, cities: [], appointments: [], tasks: [] } })),
    getNotifications: jest.fn(async () => ({ data: { notifications: [], count: 0 } })),
    getOpenSlots: jest.fn(async () => ({ data: [] })),
    getPermissionModules: jest.fn(async () => ({ data: [] })),
  });

const PERMISSIONS = ['view_role', 'edit_role', 'view_app_user', 'create_app_user', 'edit_app_user', 'view_notification', 'create_notification'];

const renderAt = async (path: string) => {
  const dataProvider = backend();
  await act(async () => {
    render(
      <TestMemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <App dataProvider={dataProvider} authProvider={testAuthProvider(PERMISSIONS)} />
        </Suspense>
      </TestMemoryRouter>,
    );
  });
  const asked = () => (dataProvider.getOne as jest.Mock).mock.calls.map(([resource, params]: [string, GetOneParams]) => `${resource}/${String(params.id)}`);
  return { dataProvider, asked };
};

describe("the spec's addresses", () => {
  it('/roles/edit/{id} opens the role\'s edit form, asking for that role only (never for a record "edit")', async () => {
    const { asked } = await renderAt('/roles/edit/r-1');
    expect(await screen.findByDisplayValue('Field Supervisor', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked()).not.toContain('roles/edit');
    expect(new Set(asked())).toEqual(new Set(['roles/r-1']));
  });

  it('/roles/show/{id} leads to the role the same way, with no request for a record "show"', async () => {
    const { asked } = await renderAt('/roles/show/r-1');
    await waitFor(() => expect(asked()).toContain('roles/r-1'), { timeout: 10_000 });
    expect(asked()).not.toContain('roles/show');
  });

  it("/appointments/edit/{id} opens the appointment's page, where it is rescheduled, completed or cancelled", async () => {
    const { asked } = await renderAt('/appointments/edit/a-1');
    expect(await screen.findByRole('heading', { name: 'Appointment Detail' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(asked()).not.toContain('appointments/edit');
  });

  it("/appointments/add/{patient} opens the patient's Health System tab with the booking dialog", async () => {
    await renderAt('/appointments/add/p-1');
    expect(await screen.findByRole('dialog', { name: 'Book an appointment' }, { timeout: 10_000 })).toBeInTheDocument();
    // behind the modal dialog (hidden from the accessibility tree meanwhile)
    expect(screen.getByRole('tab', { name: 'Health System', selected: true, hidden: true })).toBeInTheDocument();
  });

  it('/notifications/edit/{id} opens the sent notifications', async () => {
    const { dataProvider } = await renderAt('/notifications/edit/1');
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('notifications', expect.anything()), { timeout: 10_000 });
  });
});
