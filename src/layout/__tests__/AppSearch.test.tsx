import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceDefinitionContextProvider, type I18nProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router';
import { AppSearch } from '../AppSearch';
import type { SearchGroup } from '../../providers/search';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const Where = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
};

const definitions = {
  'app-users': { name: 'app-users', hasList: true, hasShow: true, hasEdit: true, hasCreate: true },
  admins: { name: 'admins', hasList: true, hasShow: false, hasEdit: true, hasCreate: true },
};

const answer: SearchGroup[] = [
  { resource: 'app-users', hits: [{ id: 'p1', label: 'Amina Khan', detail: '03451112233' }, { id: 'p2', label: 'Amir Ali', detail: '03001112233' }], more: true },
  { resource: 'admins', hits: [{ id: 'a1', label: 'Amal Admin', detail: 'amal@example.org' }], more: false },
  // a module the console has no screen for is not shown
  { resource: 'campaigns', hits: [{ id: 'c1', label: 'Amla drive', detail: null }], more: false },
];

function renderSearch(search = jest.fn(async ({ q }: { q: string }) => ({ data: q.startsWith('zz') ? [] : answer }))) {
  render(
    // a plain router rather than a data router: jsdom has no fetch Request, which a data router's navigation makes
    <MemoryRouter initialEntries={['/dashboard']}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ search })}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <input aria-label="elsewhere" />
          <AppSearch />
          <Where />
        </ResourceDefinitionContextProvider>
      </AdminTestContext>
    </MemoryRouter>,
  );
  return search;
}

const location = () => screen.getByRole('status', { name: 'location' });

describe('the app bar search', () => {
  it('opens with Ctrl+K, asks the data provider once typing pauses, groups the results and opens one with the arrows and Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const search = renderSearch();
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(screen.getByText(/Type at least two characters/)).toBeInTheDocument();
    await user.type(box, 'Am');
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() => expect(within(results).getAllByRole('option')).toHaveLength(4));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0].q).toBe('Am');
    expect(within(results).getAllByRole('group').map((g) => g.firstChild?.textContent)).toEqual(['Patients', 'Admins']);
    const options = within(results).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Amina Khan03451112233', 'Amir Ali03001112233', 'All results in Patients', 'Amal Adminamal@example.org']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(results).getAllByRole('option')[3]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    // an admin has no page of its own: its edit form
    expect(location()).toHaveTextContent('/admins/a1');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('"/" opens it outside a text field; Esc closes it; nothing found says so; "All results" opens the list searched', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.click(screen.getByRole('textbox', { name: 'elsewhere' }));
    await user.keyboard('/');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'elsewhere' })).toHaveValue('/');
    await user.click(location());
    await user.keyboard('/');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'zzz');
    expect(await screen.findByText('Nothing found for "zzz".')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await user.type(await screen.findByRole('combobox'), 'Am');
    await user.click(await screen.findByRole('option', { name: 'All results in Patients' }));
    expect(location()).toHaveTextContent(`/app-users?filter=${encodeURIComponent('{"q":"Am"}')}`);
  });

  it('a hit opens its record page by its encrypted id', async () => {
    const user = userEvent.setup({ delay: null });
    renderSearch();
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await user.type(await screen.findByRole('combobox'), 'Amina');
    await user.click(await screen.findByRole('option', { name: /Amina Khan/ }));
    expect(location()).toHaveTextContent('/app-users/p1/show');
  });
});
