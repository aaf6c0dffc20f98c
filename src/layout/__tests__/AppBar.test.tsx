import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { AppBar } from '../AppBar';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

// The bell has its own tests; here it would open a real-time connection.
jest.mock('../NotificationBell', () => ({ NotificationBell: () => <button type="button">Notifications</button> }));

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderAppBar = () =>
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})}>
      <AppBar />
    </AdminTestContext>,
  );

describe('AppBar', () => {
  it('shows the logo, the bell, the theme settings and the refresh button', async () => {
    renderAppBar();

    expect(screen.getByRole('link', { name: 'Admin Console' })).toHaveAttribute('href', '#/dashboard');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Theme settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Profile' })).toBeInTheDocument();
  });

  it("shows the admin's initial whole in the avatar, with no fallback icon over it", async () => {
    renderAppBar();
    const button = await screen.findByRole('button', { name: 'Profile' });
    await waitFor(() => expect(button.querySelector('[data-initial]')).toHaveAttribute('data-initial', 'T'));
    expect(button.querySelector('.MuiAvatar-fallback')).toBeNull();
    expect(button.querySelector('[data-testid="PersonIcon"]')).toBeNull();
  });

  it('has a profile menu with Profile, Change Password and Log out', async () => {
    const user = userEvent.setup({ delay: null });
    renderAppBar();

    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Change Password',
      'Log out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '#/admins/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute('href', '#/admins/changePassword');
  });
});
