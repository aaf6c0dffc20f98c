import { render, screen } from '@testing-library/react';
import type { I18nProvider } from 'react-admin';
import { Menu, MENU_TREE, visibleMenu } from '../Menu';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderMenu = (permissions: string[]) =>
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})} permissions={permissions}>
      <Menu />
    </AdminTestContext>,
  );

describe('Menu', () => {
  it('shows Dashboard to everyone and only the entries the permissions allow', async () => {
    renderMenu(['view_sub_admin', 'view_location']);

    expect(await screen.findByRole('menuitem', { name: 'Admins' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Setting')).toBeInTheDocument();
    expect(screen.getByText('Location Management')).toBeInTheDocument();
    for (const name of ['Districts', 'Tehsils', 'VC', 'City', 'Countries']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('menuitem', { name: 'Roles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Qualifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Specializations' })).not.toBeInTheDocument();
  });

  it('drops a group whose entries are all hidden', async () => {
    renderMenu(['view_role']);

    expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admins' })).not.toBeInTheDocument();
    expect(screen.queryByText('Setting')).not.toBeInTheDocument();
  });

  it('keeps Setting for qualifications alone', () => {
    expect(visibleMenu(MENU_TREE, ['view_qualification'])).toEqual([
      expect.objectContaining({ label: 'app.menu.setting', children: ['qualifications'] }),
    ]);
  });
});
