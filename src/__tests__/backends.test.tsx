/**
 * The same screens against both data providers (src/testing/backends.tsx): the /api/admin provider over
 * the real server's recorded answers, and the in-browser fake provider over the demo generator's data.
 * Lists of roles and districts, a role's form with an edit, and an added role run on both; the screens whose
 * calls the recording does not hold (patients, doctors, the dashboard counted from the data) run on the
 * fake provider only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordedCalls } from '../test/recorded-http';
import { BACKENDS, createTestBackend, renderConsole, type TestBackend, useTestBackends } from '../testing/backends';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

const FIND = { timeout: 60_000 };

useTestBackends();

describe.each(BACKENDS)('screens on the %s provider', (name) => {
  let backend: TestBackend;
  beforeEach(() => {
    backend = createTestBackend(name);
  });

  it('lists roles', async () => {
    const [first] = backend.records('roles');
    await renderConsole('/roles', backend);
    expect(await screen.findByRole('cell', { name: String(first?.name) }, FIND)).toBeInTheDocument();
    if (name === 'fake') expect(backend.sent).toEqual([]);
  });

  it('lists districts', async () => {
    const [first] = backend.records('districts');
    await renderConsole('/districts', backend);
    expect(await screen.findByRole('cell', { name: String(first?.title) }, FIND)).toBeInTheDocument();
  });

  it("opens a role's form, saves an edit and shows the saved name", async () => {
    const user = userEvent.setup({ delay: null });
    const role = name === 'api' ? { ...(recordedCalls.role.body.data as Record<string, unknown>), id: recordedCalls.role.body.data.encrypted_id } : backend.records('roles').find((r) => !r.is_super);
    await renderConsole(`/roles/${String(role?.id)}`, backend);
    const input = await screen.findByLabelText(/^Name/, {}, FIND);
    await waitFor(() => expect(input).toHaveValue(String(role?.name)));
    await user.clear(input);
    await user.type(input, 'Auditors');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Successfully updated.', {}, FIND)).toBeInTheDocument();
    if (name === 'api') {
      expect(backend.sent.some((r) => r.method === 'PUT' && (r.json as { name?: string }).name === 'Auditors')).toBe(true);
    } else {
      // the backend holds the new name
      const { data } = await backend.dataProvider.getOne('roles', { id: role!.id });
      expect(data.name).toBe('Auditors');
    }
  });

  it('adds a role with one permission', async () => {
    const user = userEvent.setup({ delay: null });
    await renderConsole('/roles/create', backend);
    const roles = await screen.findByRole('group', { name: 'Roles' }, FIND);
    await user.click(within(roles).getByRole('checkbox', { name: 'View' }));
    await user.type(screen.getByLabelText(/^Name/), 'Supervisors');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/^.+ added\.$/, {}, FIND)).toBeInTheDocument();
    if (name === 'api') {
      expect(backend.sent.find((r) => r.method === 'POST')?.json).toMatchObject({ name: 'Supervisors', permissions: ['view_role'] });
    } else {
      const { data } = await backend.dataProvider.getList('roles', { filter: { q: 'Supervisors' }, pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' } });
      expect(data.map((role) => [role.name, role.permissions])).toEqual([['Supervisors', ['view_role']]]);
    }
  });
});

describe('screens on the fake provider only', () => {
  let backend: TestBackend;
  beforeEach(() => {
    backend = createTestBackend('fake');
  });

  it('counts the dashboard from the records', async () => {
    await renderConsole('/dashboard', backend);
    const patients = backend.records('app-users').length;
    expect(patients).toBeGreaterThan(0);
    expect(await screen.findByTestId('total-patients', {}, FIND)).toHaveTextContent(String(patients));
  });

  it('lists patients', async () => {
    await renderConsole('/app-users', backend);
    // the newest first, as the list sorts them
    const [patient] = [...backend.records('app-users')].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id));
    expect(patient).toBeDefined();
    expect(await screen.findByText(String(patient!.email), {}, FIND)).toBeInTheDocument();
  });

  it("opens a patient's profile", async () => {
    const patient = backend.records('app-users')[0]!;
    await renderConsole(`/app-users/${String(patient.id)}/show`, backend);
    expect((await screen.findAllByText(String(patient.email), {}, FIND)).length).toBeGreaterThan(0);
  });

  it("lists doctors and shows a doctor's name", async () => {
    const doctor = backend.records('doctors')[0]!;
    await renderConsole('/doctors', backend);
    const cell = await screen.findByText(new RegExp(String(doctor.f_name)), {}, FIND);
    expect(within(cell.closest('tr') as HTMLElement).getByText(new RegExp(String(doctor.l_name)))).toBeInTheDocument();
  });
});
