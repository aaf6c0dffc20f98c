import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { PERMISSION_MODULES } from '../../../contract/permissions';
import roles from '../roles';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

const RoleCreate = roles.create!;

const modules = PERMISSION_MODULES.filter((module) => ['sub_admin', 'role', 'activity'].includes(module.key));

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

describe('Role form', () => {
  it('groups the permission checkboxes by module, each with a select-all', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 'r-5', number: 5 },
    }));
    const dataProvider = appTestDataProvider({ getPermissionModules: async () => ({ data: modules }), create });
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={['view_role', 'create_role']} resource="roles">
        <RoleCreate />
      </AdminTestContext>,
    );

    const admins = await screen.findByRole('group', { name: 'Admins' });
    const roles = screen.getByRole('group', { name: 'Roles' });
    const activity = screen.getByRole('group', { name: 'Activity' });
    expect(within(admins).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(activity).getByRole('checkbox', { name: 'View doctor' })).toBeInTheDocument();
    expect(within(activity).getByRole('checkbox', { name: 'View CHW' })).toBeInTheDocument();

    await user.click(within(roles).getByRole('checkbox', { name: 'Select all' }));
    for (const name of ['View', 'Create', 'Edit', 'Delete']) {
      expect(within(roles).getByRole('checkbox', { name })).toBeChecked();
      expect(within(admins).getByRole('checkbox', { name })).not.toBeChecked();
    }
    await user.click(within(admins).getByRole('checkbox', { name: 'Edit' }));
    expect(within(admins).getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('data-indeterminate', 'true');

    await user.type(screen.getByLabelText(/Name/), 'Editor');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(/^.+ added\.$/)).toBeInTheDocument();
    const sent = create.mock.calls[0]?.[1].data;
    expect(sent?.name).toBe('Editor');
    expect([...((sent?.permissions as string[]) ?? [])].sort()).toEqual(
      ['create_role', 'delete_role', 'edit_role', 'edit_sub_admin', 'view_role'].sort(),
    );
  });
});
