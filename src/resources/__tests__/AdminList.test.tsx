import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { AdminList } from '../admins/AdminList';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, inMemoryLists } from '../../testing/AdminTestContext';

const admins = [
  { id: 'a-1', f_name: 'Amina', l_name: 'Khan', email: 'amina@example.org', role: 'Editor', phone: '03001234567', status: 1 },
  { id: 'a-2', f_name: 'Bilal', l_name: null, email: 'bilal@example.org', role: 'Editor', phone: null, status: 2 },
];

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderList = (lists: Record<string, typeof admins>, updateStatus = jest.fn()) => {
  const dataProvider = appTestDataProvider({ getList: jest.fn(inMemoryLists(lists)), updateStatus });
  render(
    <AdminTestContext
      i18nProvider={i18nProvider}
      dataProvider={dataProvider}
      permissions={['view_sub_admin', 'create_sub_admin', 'edit_sub_admin', 'delete_sub_admin']}
      resource="admins"
    >
      <AdminList />
    </AdminTestContext>,
  );
};

describe('Admin list', () => {
  it('shows name, email, role, mobile and status with the row actions', async () => {
    renderList({ admins });

    const row = (await screen.findByText('Amina Khan')).closest('tr') as HTMLElement;
    expect(within(row).getByText('amina@example.org')).toBeInTheDocument();
    expect(within(row).getByText('03001234567')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    // Row actions show once the permission check has answered.
    expect(await within(row).findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '#/admins/changePassword/a-1');
    const blocked = screen.getByText('Bilal').closest('tr') as HTMLElement;
    expect(within(blocked).getByText('Blocked')).toBeInTheDocument();
    expect(await within(blocked).findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type here to search...')).toBeInTheDocument();
  });

  it('blocks an admin after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const updateStatus = jest.fn(async () => ({ data: { ...admins[0], id: 'a-1', status: 2 } }));
    renderList({ admins }, updateStatus);

    const row = (await screen.findByText('Amina Khan')).closest('tr') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: 'Block' }));
    // the dialog names what happens to whom; "Keep it" and the red "Block" do not look alike
    const dialog = await screen.findByRole('dialog', { name: /^Block .+\?$/ });
    expect(within(dialog).getByText('Are you sure you want to block?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveClass('MuiButton-text');
    expect(within(dialog).getByRole('button', { name: 'Block' })).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('Successfully updated.')).toBeInTheDocument();
    expect(updateStatus).toHaveBeenCalledWith('admins', { id: 'a-1', status: 2 });
  });

  it("says 'Data not found' when there is nothing to show", async () => {
    renderList({ admins: [] });

    expect(await screen.findByText('Data not found')).toBeInTheDocument();
  });
});
