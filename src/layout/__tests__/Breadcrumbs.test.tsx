import { render, screen, within } from '@testing-library/react';
import { TestMemoryRouter, type GetOneParams, type I18nProvider } from 'react-admin';
import { Breadcrumbs } from '../Breadcrumbs';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderAt = (path: string, permissions: string[], getOne = jest.fn()) => {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getOne })} permissions={permissions}>
        <Breadcrumbs />
      </AdminTestContext>
    </TestMemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Breadcrumb' });
};

const crumbs = (nav: HTMLElement) => within(nav).getAllByRole('listitem').map((item) => item.textContent);

describe('Breadcrumbs', () => {
  it('shows Home › Districts › the open record’s title on /districts/<id>', async () => {
    const getOne = jest.fn(async (_resource: string, { id }: GetOneParams) => ({ data: { id, title: 'Peshawar' } }));
    const nav = renderAt('/districts/d-7', ['view_location'], getOne);

    expect(await within(nav).findByText('Peshawar')).toHaveAttribute('aria-current', 'page');
    expect(crumbs(nav)).toEqual(['Home', 'Districts', 'Peshawar']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Districts' })).toHaveAttribute('href', '/districts');
    expect(getOne).toHaveBeenCalledWith('districts', expect.objectContaining({ id: 'd-7' }));
  });

  it('uses the resource’s recordRepresentation on a show page', async () => {
    const getOne = jest.fn(async () => ({ data: { id: 'a-1', f_name: 'Amina', l_name: 'Khan', email: 'a@example.org' } }));
    const nav = renderAt('/admins/a-1/show', ['view_sub_admin'], getOne);

    await within(nav).findByText(/Amina/);
    expect(crumbs(nav)).toHaveLength(3);
    expect(crumbs(nav).slice(0, 2)).toEqual(['Home', 'Admins']);
  });

  it('names screens instead of records', () => {
    expect(crumbs(renderAt('/districts/create', ['view_location']))).toEqual(['Home', 'Districts', 'Create']);
  });

  it('names the add screen under a parent record, and asks for no record called "add"', () => {
    const getOne = jest.fn();
    expect(crumbs(renderAt('/prescriptions/add/p-9', ['view_app_user', 'create_app_user'], getOne))).toEqual(['Home', 'Prescriptions', 'Create']);
    expect(getOne).not.toHaveBeenCalled();
  });

  it('shows the own profile screen', () => {
    expect(crumbs(renderAt('/admins/profile', []))).toEqual(['Home', 'Admins', 'Profile']);
  });

  it('shows the change-password screen', () => {
    expect(crumbs(renderAt('/admins/changePassword', []))).toEqual(['Home', 'Admins', 'Change Password']);
  });

  it('shows Home › Dashboard on the dashboard', () => {
    expect(crumbs(renderAt('/dashboard', []))).toEqual(['Home', 'Dashboard']);
  });

  it('uses a resource’s menu label', () => {
    expect(crumbs(renderAt('/cities', ['view_location']))).toEqual(['Home', 'City']);
  });

  it('humanizes the segments of screens that are not resources', () => {
    expect(crumbs(renderAt('/help-desk/getting-started', []))).toEqual(['Home', 'Help-desks', 'Getting started']);
  });

  it("names a module's own screens (the footer's /pages/privacy-policy) instead of asking for a record", () => {
    const getOne = jest.fn();
    expect(crumbs(renderAt('/pages/privacy-policy', ['view_page'], getOne))).toEqual(['Home', 'Pages', 'Privacy Policy']);
    expect(getOne).not.toHaveBeenCalled();
  });

  it('does not load a record the user may not view', async () => {
    const getOne = jest.fn();
    const nav = renderAt('/roles/r-1', [], getOne);

    expect(await within(nav).findByText('r-1')).toBeInTheDocument();
    expect(getOne).not.toHaveBeenCalled();
  });
});
