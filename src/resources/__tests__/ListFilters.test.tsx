/**
 * The filters of the daily lists (patients by district, tehsil and blood group; doctors by
 * specialization; appointments by status and doctor), the saved filters that bring them back, the
 * Back link every list has, and a phone's selection for the bulk actions.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter, type GetListParams, type I18nProvider, type RaRecord, type Store } from 'react-admin';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, inMemoryLists } from '../../testing/AdminTestContext';
import { resources } from '..';
import { consoleStore } from '../../providers/store';

// many selects opened one after another: slow on a busy machine
jest.setTimeout(480_000);

const lists: Record<string, RaRecord[]> = {
  'app-users': [
    { id: 'p-1', f_name: 'Amna', l_name: 'Bibi', email: 'amna@example.org', status: 1 },
    { id: 'p-2', f_name: 'Zara', l_name: 'Khan', email: 'zara@example.org', status: 1 },
  ],
  districts: [
    { id: 'd-1', title: 'Abbottabad' },
    { id: 'd-2', title: 'Swat' },
  ],
  tehsils: [
    { id: 't-1', title: 'Havelian', district_id: 'd-1' },
    { id: 't-2', title: 'Mingora', district_id: 'd-2' },
  ],
  specializations: [{ id: 's-1', title: 'Cardiology' }],
  doctors: [{ id: 'doc-1', f_name: 'Sana', l_name: 'Malik', email: 'sana@example.org', status: 1 }],
  appointments: [],
  chw: [{ id: 'c-1', f_name: 'Hina', l_name: 'Shah', email: 'hina@example.org', status: 1 }],
};

/** matchMedia for a viewport of the given width (min-width and max-width conditions). */
const viewport = (width: number) => (query: string): MediaQueryList => {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  const matches = conditions.length > 0 && conditions.every(([, bound, px]) => (bound === 'min' ? width >= Number(px) : width <= Number(px)));
  return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
};

let i18nProvider: I18nProvider;
const realMatchMedia = window.matchMedia;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  localStorage.clear();
});

const renderList = (resource: 'app-users' | 'doctors' | 'appointments' | 'chw', width = 1280, store?: Store) => {
  window.matchMedia = viewport(width);
  const memory = inMemoryLists(lists);
  const getList = jest.fn((name: string, params: GetListParams) => memory(name, params));
  const List = resources[resource].list;
  const module = { 'app-users': 'app_user', doctors: 'doctor', appointments: 'app_user', chw: 'chw' }[resource];
  render(
    <TestMemoryRouter initialEntries={[`/${resource}`]}>
      <AdminTestContext
        i18nProvider={i18nProvider}
        dataProvider={appTestDataProvider({ getList })}
        permissions={['view', 'create', 'edit', 'delete'].map((action) => `${action}_${module}`)}
        resource={resource}
        store={store}
      >
        <List />
      </AdminTestContext>
    </TestMemoryRouter>,
  );
  /** the filter of the list's last request */
  const lastFilter = () => (getList.mock.calls.filter(([name]) => name === resource).at(-1)?.[1].filter ?? {}) as Record<string, unknown>;
  return { getList, lastFilter };
};

/** The saved filters, opened from their button of the filter bar. */
const openSaved = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Saved filters' }));
  return screen.findByRole('dialog', { name: 'Saved filters' });
};

/** Saves the list's current filters under a name, from the saved filters' panel; the panel stays open. */
const saveAs = async (user: ReturnType<typeof userEvent.setup>, saved: HTMLElement, name: string) => {
  await user.click(within(saved).getByRole('button', { name: 'Save current query...' }));
  const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
  await user.type(within(dialog).getByRole('textbox', { name: 'Query name' }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await within(saved).findByText(name);
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('list filters', () => {
  it("patients: the tehsil waits for a district, offers that district's tehsils, and clears when the district changes; blood group", async () => {
    const user = userEvent.setup({ delay: null });
    const { getList, lastFilter } = renderList('app-users');
    await screen.findByText('Amna Bibi');

    const tehsil = screen.getByRole('combobox', { name: 'Tehsil' });
    expect(tehsil).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Choose a district first')).toBeInTheDocument();

    await choose(user, 'District', 'Abbottabad');
    await waitFor(() => expect(lastFilter()).toMatchObject({ district_id: 'd-1' }));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('tehsils', expect.objectContaining({ filter: expect.objectContaining({ district_id: 'd-1' }) })));
    await user.click(screen.getByRole('combobox', { name: 'Tehsil' }));
    expect(await screen.findByRole('option', { name: 'Havelian' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Mingora' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Havelian' }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ district_id: 'd-1', tehsil_id: 't-1' }));

    // another district: the tehsil of the first no longer applies
    await choose(user, 'District', 'Swat');
    await waitFor(() => expect(lastFilter()).toMatchObject({ district_id: 'd-2' }));
    expect(lastFilter()).not.toHaveProperty('tehsil_id');

    await choose(user, 'Blood group', 'AB-');
    await waitFor(() => expect(lastFilter()).toMatchObject({ district_id: 'd-2', blood_group: 'AB-' }));
    await choose(user, 'District', 'All districts');
    await waitFor(() => expect(lastFilter()).not.toHaveProperty('district_id'));
    expect(screen.getByRole('combobox', { name: 'Tehsil' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('doctors by specialization', async () => {
    const user = userEvent.setup({ delay: null });
    const doctors = renderList('doctors');
    await screen.findByText('Sana Malik');
    await choose(user, 'Specialization', 'Cardiology');
    await waitFor(() => expect(doctors.lastFilter()).toMatchObject({ specialization_id: 's-1' }));
  });

  it('CHWs: the district is chosen beside the dates and applies with them, by Filter (spec 2)', async () => {
    const user = userEvent.setup({ delay: null });
    const { getList, lastFilter } = renderList('chw');
    await screen.findByText('Hina Shah');
    await choose(user, 'District', 'Swat');
    const requests = getList.mock.calls.filter(([name]) => name === 'chw').length;
    expect(lastFilter()).not.toHaveProperty('district_id');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ district_id: 'd-2', start_date: '2026-01-01', isFiltered: true }));
    expect(getList.mock.calls.filter(([name]) => name === 'chw').length).toBeGreaterThan(requests);
    // back to every district: applied by Filter too
    await choose(user, 'District', 'All districts');
    expect(lastFilter()).toMatchObject({ district_id: 'd-2' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lastFilter()).not.toHaveProperty('district_id'));
  });

  it('appointments by status and doctor (named in full)', async () => {
    const user = userEvent.setup({ delay: null });
    const appointments = renderList('appointments');
    await screen.findByText('Data not found');
    await choose(user, 'Status', 'Cancelled');
    await waitFor(() => expect(appointments.lastFilter()).toMatchObject({ status: 'Cancelled' }));
    await choose(user, 'Doctor', 'Sana Malik');
    await waitFor(() => expect(appointments.lastFilter()).toMatchObject({ status: 'Cancelled', doctor_id: 'doc-1' }));
  });
});

describe('saved filters', () => {
  it('save the filters under a name, and bring them back after they were cleared', async () => {
    const user = userEvent.setup({ delay: null });
    const { lastFilter } = renderList('app-users');
    await screen.findByText('Amna Bibi');

    await choose(user, 'Blood group', 'O-');
    await choose(user, 'Status', 'Blocked');
    await waitFor(() => expect(lastFilter()).toMatchObject({ blood_group: 'O-', status: 2 }));
    const saved = await openSaved(user);
    await saveAs(user, saved, 'Blocked O-');
    fireEvent.keyDown(saved, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Saved filters' })).not.toBeInTheDocument());

    await choose(user, 'Blood group', 'All');
    await choose(user, 'Status', 'All');
    await waitFor(() => {
      expect(lastFilter()).not.toHaveProperty('blood_group');
      expect(lastFilter()).not.toHaveProperty('status');
    });

    await user.click(within(await openSaved(user)).getByText('Blocked O-'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Saved filters' })).not.toBeInTheDocument());
    await waitFor(() => expect(lastFilter()).toMatchObject({ blood_group: 'O-', status: 2 }));
    expect(screen.getByRole('combobox', { name: 'Blood group' })).toHaveTextContent('O-');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Blocked');
  });

  it('a saved filter kept from an earlier visit applies on its first pick once the list has loaded', async () => {
    const user = userEvent.setup({ delay: null });
    const value = { filter: { blood_group: 'O-', status: 2 }, sort: { field: 'created_at', order: 'DESC' }, perPage: 25, displayedFilters: {} };
    // the console's own store (local storage), as a reload finds it
    const store = consoleStore();
    store.setup();
    store.setItem('app-users.savedQueries', [{ label: 'Blocked O-', value }]);
    const { lastFilter } = renderList('app-users', 1280, store);
    await screen.findByText('Amna Bibi');
    await user.click(within(await openSaved(user)).getByText('Blocked O-'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Saved filters' })).not.toBeInTheDocument());
    await waitFor(() => expect(lastFilter()).toMatchObject({ blood_group: 'O-', status: 2 }));
    expect(screen.getByRole('combobox', { name: 'Blood group' })).toHaveTextContent('O-');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Blocked');
  });

  it('restore a saved date range into the date inputs', async () => {
    const user = userEvent.setup({ delay: null });
    const { lastFilter } = renderList('appointments');
    await screen.findByText('Data not found');
    await user.type(screen.getByLabelText('Start date'), '2026-03-01');
    await user.type(screen.getByLabelText('End date'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ start_date: '2026-03-01', end_date: '2026-03-31' }));
    const saved = await openSaved(user);
    await saveAs(user, saved, 'March');

    // pressing the applied saved query clears it, which empties the dates; pressing it again brings them back
    await user.click(within(saved).getByText('March'));
    await waitFor(() => expect(lastFilter()).not.toHaveProperty('start_date'));
    expect(screen.getByLabelText('Start date')).toHaveValue('');
    await user.click(within(await openSaved(user)).getByText('March'));
    await waitFor(() => expect(lastFilter()).toMatchObject({ start_date: '2026-03-01', end_date: '2026-03-31' }));
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-03-31');
  });

  it('on a phone too: the filter bar folds behind a Filters button, and its button opens them as a sheet', async () => {
    const user = userEvent.setup({ delay: null });
    renderList('app-users', 390);
    await screen.findByText('Amna Bibi');
    expect(screen.queryByText('Saved queries')).not.toBeInTheDocument();
    // the first screen shows the list: the filters wait behind their button
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Saved filters' })).toBeNull();
    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    const sheet = await openSaved(user);
    expect(within(sheet).getByText('Saved queries')).toBeVisible();
    expect(sheet.closest('.MuiDrawer-root')).not.toBeNull();
  });
});

describe('every list', () => {
  it('has a Back link at its top', async () => {
    renderList('doctors');
    await screen.findByText('Sana Malik');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('on a phone: each line has a box that selects it, and the selected lines have the bulk actions', async () => {
    const user = userEvent.setup({ delay: null });
    renderList('app-users', 390);
    await screen.findByText('Amna Bibi');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select this row: Amna Bibi' }));
    const bar = await screen.findByRole('toolbar', { name: '1 item selected' });
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Selected as CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select this row: Zara Khan' }));
    expect(await screen.findByRole('toolbar', { name: '2 items selected' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Unselect' }));
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });
});
