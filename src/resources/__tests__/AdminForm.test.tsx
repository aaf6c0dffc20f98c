import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import admins from '../admins';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, inMemoryLists } from '../../testing/AdminTestContext';

const AdminCreate = admins.create!;

const lists = {
  roles: [
    { id: 'r-1', numeric_id: 1, name: 'Super Admin', permissions: [] },
    { id: 'r-2', numeric_id: 2, name: 'Editor', permissions: [] },
  ],
};

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderAddSubAdmin = (create: jest.Mock) => {
  const dataProvider = appTestDataProvider({ getList: jest.fn(inMemoryLists(lists)), create });
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={['view_sub_admin', 'create_sub_admin']} resource="admins">
      <AdminCreate />
    </AdminTestContext>,
  );
};

const fillValidForm = async (user: ReturnType<typeof userEvent.setup>, cnic: string) => {
  await user.type(await screen.findByLabelText(/First Name/), 'Amina');
  await user.type(screen.getByLabelText(/Email/), 'amina@example.org');
  await user.type(screen.getByLabelText(/Phone/), '03001234567');
  await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
  await user.type(screen.getByLabelText(/Confirm Password/), 'secret-pass');
  await user.type(screen.getByLabelText(/CNIC/), cnic);
  await user.click(screen.getByRole('combobox', { name: /Role/ }));
  await user.click(await screen.findByRole('option', { name: 'Editor' }));
};

describe('Add Sub Admin form', () => {
  it('refuses a 12-digit CNIC and sends nothing', async () => {
    const user = userEvent.setup();
    const create = jest.fn();
    renderAddSubAdmin(create);

    await fillValidForm(user, '351021234567');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please provide a cnic atleast 13 digits.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the admin with its role name, male by default, once every field is valid', async () => {
    const user = userEvent.setup();
    const create = jest.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 'a-9', numeric_id: 9 },
    }));
    renderAddSubAdmin(create);

    await fillValidForm(user, '3510212345671');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Successfully added.')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(
      'admins',
      expect.objectContaining({
        data: expect.objectContaining({
          f_name: 'Amina',
          email: 'amina@example.org',
          phone: '03001234567',
          cnic: '3510212345671',
          role: 'Editor',
          gender: 'male',
          send_credentials: false,
        }),
      }),
    );
  });
});
