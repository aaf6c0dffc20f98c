import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimpleForm, type I18nProvider } from 'react-admin';
import { PersonInputs } from '../PersonInputs';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const PERSON = { id: 'p-1', f_name: 'Amna', email: 'amna@example.org', phone_no: '03001112233', dob: '1990-01-01', gender: 'female' };

const renderEdit = (onSubmit: jest.Mock, passwordOnEdit: boolean) =>
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})} resource="app-users">
      <SimpleForm record={PERSON} onSubmit={onSubmit}>
        <PersonInputs mode="edit" passwordOnEdit={passwordOnEdit} />
      </SimpleForm>
    </AdminTestContext>,
  );

describe('a person form on edit', () => {
  it('offers an optional new password for the field app: empty keeps it, a new one needs its confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    renderEdit(onSubmit, true);
    expect(await screen.findByText('Leave empty to keep the current password. A new password signs the person out of the app.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Last Name/), 'Bibi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].password).toBeUndefined();

    await user.type(screen.getByLabelText(/^Password/), 'meadow-signal-19');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please provide a confirm password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Confirm Password/), 'meadow-signal-18');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Confirm Password/));
    await user.type(screen.getByLabelText(/Confirm Password/), 'meadow-signal-19');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ password: 'meadow-signal-19', confirmPassword: 'meadow-signal-19' });
  });

  it('offers none where the kind has no password on edit (admins: Change Password)', async () => {
    renderEdit(jest.fn(), false);
    expect(await screen.findByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });
});
