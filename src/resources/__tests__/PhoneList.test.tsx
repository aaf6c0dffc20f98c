/**
 * Lists on a phone (390 px, under MUI's `sm` breakpoint): a simple list of the records instead of a
 * table whose columns would be cut off, with the module's representation and second line, and the
 * row actions still at hand.
 */
import { render, screen, within } from '@testing-library/react';
import { TestMemoryRouter, type I18nProvider } from 'react-admin';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, inMemoryLists } from '../../testing/AdminTestContext';
import { resources } from '..';

/** matchMedia for a viewport of the given width: (min-width) and (max-width) conditions, joined by "and". */
const viewport = (width: number) => (query: string): MediaQueryList => {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  const matches = conditions.length > 0 && conditions.every(([, bound, px]) => (bound === 'min' ? width >= Number(px) : width <= Number(px)));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
};

const admins = [
  { id: 'a-1', f_name: 'Amina', l_name: 'Khan', email: 'amina@example.org', role: 'Editor', phone: '03001234567', status: 1 },
  { id: 'a-2', f_name: 'Bilal', l_name: null, email: 'bilal@example.org', role: 'Editor', phone: null, status: 2 },
];
const tehsils = [{ id: 't-1', title: 'Havelian', district: { id: 7, title: 'Abbottabad' } }];
const cities = [{ id: 'c-1', title: 'Lahore' }];

let i18nProvider: I18nProvider;
const realMatchMedia = window.matchMedia;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const renderList = (resource: 'admins' | 'tehsils' | 'cities', width: number) => {
  window.matchMedia = viewport(width);
  const List = resources[resource].list;
  const module = { admins: 'sub_admin', tehsils: 'location', cities: 'location' }[resource];
  render(
    <TestMemoryRouter initialEntries={[`/${resource}`]}>
      <AdminTestContext
        i18nProvider={i18nProvider}
        dataProvider={appTestDataProvider({ getList: inMemoryLists({ admins, tehsils, cities }) })}
        permissions={['view', 'create', 'edit', 'delete'].map((action) => `${action}_${module}`)}
        resource={resource}
      >
        <List />
      </AdminTestContext>
    </TestMemoryRouter>,
  );
};

describe('lists on a phone', () => {
  it('show each admin as a line: name, email, and the row actions, with no table', async () => {
    renderList('admins', 390);

    const amina = (await screen.findByText('Amina Khan')).closest('li') as HTMLElement;
    expect(within(amina).getByText('amina@example.org')).toBeInTheDocument();
    // the row actions are reachable, each named (their words are drawn beside their icons at this width)
    expect(await within(amina).findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admins/a-1');
    expect(within(amina).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(await within(amina).findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(within(amina).getByRole('link', { name: 'Change Password' })).toBeInTheDocument();
    const bilal = screen.getByText('Bilal').closest('li') as HTMLElement;
    expect(await within(bilal).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("show a related record's field as the second line", async () => {
    renderList('tehsils', 390);
    const havelian = (await screen.findByText('Havelian')).closest('li') as HTMLElement;
    expect(within(havelian).getByText('Abbottabad')).toBeInTheDocument();
  });

  it('keep a module without a second line to its representation and row actions', async () => {
    renderList('cities', 390);
    const lahore = (await screen.findByText('Lahore')).closest('li') as HTMLElement;
    expect(await within(lahore).findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("say 'Data not found' when there is nothing to show", async () => {
    window.matchMedia = viewport(390);
    const List = resources.cities.list;
    render(
      <TestMemoryRouter initialEntries={['/cities']}>
        <AdminTestContext
          i18nProvider={i18nProvider}
          dataProvider={appTestDataProvider({ getList: inMemoryLists({}) })}
          permissions={['view_location']}
          resource="cities"
        >
          <List />
        </AdminTestContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByText('Data not found')).toBeInTheDocument();
  });

  it('are tables again from the sm breakpoint on', async () => {
    renderList('admins', 600);
    const row = (await screen.findByText('Amina Khan')).closest('tr') as HTMLElement;
    expect(within(row).getByText('amina@example.org')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
  });
});
