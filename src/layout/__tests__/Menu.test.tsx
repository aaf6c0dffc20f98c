import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { Menu, MENU_TREE, pinnedEntries, unpinnedMenu, visibleMenu } from '../Menu';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

beforeEach(() => localStorage.clear());

const ALL = [
  'view_sub_admin',
  'view_role',
  'view_notification',
  'view_qualification',
  'view_specialization',
  'view_location',
];

const renderMenu = (permissions: string[]) =>
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})} permissions={permissions}>
      <Menu />
    </AdminTestContext>,
  );

/** the entries (links), not the groups' headers */
const entryNames = () => screen.getAllByRole('menuitem').filter((item) => item.tagName === 'A').map((item) => item.textContent);

describe('Menu', () => {
  it('lists the entries in the spec order, grouped under Setting and Location Management', async () => {
    renderMenu(ALL);

    expect(await screen.findByRole('menuitem', { name: 'Admins' })).toBeInTheDocument();
    expect(entryNames()).toEqual([
      'Dashboard',
      'Admins',
      'Roles',
      'Send Notifications',
      'Qualifications',
      'Specializations',
      'Districts',
      'Tehsils',
      'VC',
      'City',
      'Countries',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Send Notifications' })).toHaveAttribute('href', '#/notifications');
    expect(screen.getByRole('menuitem', { name: 'Setting' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Location Management' })).toBeInTheDocument();
  });

  it('shows Dashboard to everyone and only the entries the permissions allow', async () => {
    renderMenu(['view_sub_admin', 'view_location']);

    expect(await screen.findByRole('menuitem', { name: 'Admins' })).toBeInTheDocument();
    expect(entryNames()).toEqual(['Dashboard', 'Admins', 'Districts', 'Tehsils', 'VC', 'City', 'Countries']);
    expect(screen.getByText('Setting')).toBeInTheDocument();
    expect(screen.getByText('Location Management')).toBeInTheDocument();
  });

  it('groups the programme and content modules (CHW permissions; pages and FAQs have their own)', async () => {
    renderMenu(['view_chw', 'view_page', 'view_faq']);

    expect(await screen.findByRole('menuitem', { name: 'Interests' })).toBeInTheDocument();
    expect(entryNames()).toEqual(['Dashboard', 'CHWs', 'User Messages', 'Interests', 'Categories', 'Pages', 'FAQs']);
    expect(screen.getByRole('menuitem', { name: 'Programme' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Content' })).toBeInTheDocument();
    expect(screen.queryByText('Setting')).not.toBeInTheDocument();
  });

  it('shows a content editor pages and FAQs without any CHW entry', async () => {
    renderMenu(['view_page', 'view_faq']);

    expect(await screen.findByRole('menuitem', { name: 'FAQs' })).toBeInTheDocument();
    expect(entryNames()).toEqual(['Dashboard', 'Pages', 'FAQs']);
  });

  it('places Promotional in Setting for view_setting', async () => {
    renderMenu(['view_setting']);

    expect(await screen.findByRole('menuitem', { name: 'Promotional' })).toHaveAttribute('href', '#/promotional');
    expect(entryNames()).toEqual(['Dashboard', 'Promotional']);
    expect(screen.getByText('Setting')).toBeInTheDocument();
  });

  it('drops a group whose entries are all hidden', async () => {
    renderMenu(['view_role']);

    expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();
    expect(entryNames()).toEqual(['Dashboard', 'Roles']);
    expect(screen.queryByText('Setting')).not.toBeInTheDocument();
  });

  it('collapses and expands a group from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderMenu(ALL);

    const location = await screen.findByRole('menuitem', { name: 'Location Management' });
    act(() => location.focus());
    await user.keyboard('{Enter}');
    expect(location).toHaveAttribute('aria-expanded', 'false');
    await screen.findByRole('menuitem', { name: 'Specializations' });
    expect(screen.queryByRole('menuitem', { name: 'Districts' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Districts' })).toBeInTheDocument();
  });

  it('moves a pinned entry to the Pinned group, and keeps it there after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderMenu(ALL);

    expect(screen.queryByRole('group', { name: 'Pinned' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Pin Districts' }));

    const pinned = screen.getByRole('group', { name: 'Pinned' });
    expect(within(pinned).getByRole('menuitem', { name: 'Districts' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem', { name: 'Districts' })).toHaveLength(1);
    expect(entryNames()[0]).toBe('Districts');
    expect(JSON.parse(localStorage.getItem('pins') ?? 'null')).toEqual(['/districts']);

    unmount();
    renderMenu(ALL);
    const again = await screen.findByRole('group', { name: 'Pinned' });
    expect(within(again).getByRole('menuitem', { name: 'Districts' })).toBeInTheDocument();

    await user.click(within(again).getByRole('menuitemcheckbox', { name: 'Unpin Districts' }));
    expect(screen.queryByRole('group', { name: 'Pinned' })).not.toBeInTheDocument();
    expect(entryNames()).toContain('Districts');
    expect(JSON.parse(localStorage.getItem('pins') ?? 'null')).toEqual([]);
  });

  it('does not show a pinned entry the permissions no longer allow', async () => {
    localStorage.setItem('pins', JSON.stringify(['/roles', '/districts']));
    renderMenu(['view_location']);

    const pinned = await screen.findByRole('group', { name: 'Pinned' });
    expect(within(pinned).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Districts']);
    expect(screen.queryByRole('menuitem', { name: 'Roles' })).not.toBeInTheDocument();
  });
});

describe('menu tree', () => {
  it('keeps Setting for qualifications alone', () => {
    expect(visibleMenu(MENU_TREE, ['view_qualification'])).toEqual([
      expect.objectContaining({ to: '/dashboard' }),
      expect.objectContaining({ label: 'app.menu.setting', children: ['qualifications'] }),
    ]);
  });

  it('takes pinned entries out of the tree in pin order and drops groups left empty', () => {
    const tree = visibleMenu(MENU_TREE, ['view_location']);
    const pins = ['/countries', '/districts', '/tehsils', '/areas', '/cities', '/unknown'];
    expect(pinnedEntries(tree, pins)).toEqual(['countries', 'districts', 'tehsils', 'areas', 'cities']);
    expect(unpinnedMenu(tree, pins)).toEqual([expect.objectContaining({ to: '/dashboard' })]);
  });

  it('ignores a corrupt pins value', async () => {
    localStorage.setItem('pins', '{not json');
    renderMenu(['view_role']);
    expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pinned' })).not.toBeInTheDocument();
  });
});
