import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { NotificationSend } from '../NotificationSend';
import { pathOf, restoreFetch, stubFetch } from '../../../test/recorded-http';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok-1');
});
afterEach(restoreFetch);

const renderForm = () =>
  render(
    <AdminTestContext
      i18nProvider={i18nProvider}
      dataProvider={appTestDataProvider({})}
      permissions={['view_notification', 'create_notification']}
    >
      <NotificationSend />
    </AdminTestContext>,
  );

describe('Send notification form', () => {
  it('offers admins, with doctors and patients disabled until their modules exist', async () => {
    const user = userEvent.setup();
    stubFetch([]);
    renderForm();

    const audience = await screen.findByRole('combobox', { name: /Audience/ });
    expect(audience).toHaveTextContent('Admins');
    expect(screen.getByText('Available when the doctors and patients modules are in place')).toBeInTheDocument();
    await user.click(audience);
    const options = within(await screen.findByRole('listbox'));
    expect(options.getByRole('option', { name: 'Admins' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(options.getByRole('option', { name: 'Doctors' })).toHaveAttribute('aria-disabled', 'true');
    expect(options.getByRole('option', { name: 'Patients' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks for a title and a message before sending anything', async () => {
    const user = userEvent.setup();
    const sent = stubFetch([]);
    renderForm();

    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please provide a title.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a message.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's field error under Title, then sends, toasts the server's message and resets", async () => {
    const user = userEvent.setup();
    const sent = stubFetch([
      {
        status: 422,
        body: { success: false, message: 'The given data was invalid.', error: { title: ['The title may not be longer than 150 characters.'] } },
      },
      { body: { success: true, data: { id: 7, encrypted_id: 'n-7', recipients: 3 }, message: 'Sent to 3 admins.' } },
    ]);
    renderForm();

    const title = await screen.findByRole('textbox', { name: /Title/ });
    const message = screen.getByRole('textbox', { name: /Message/ });
    await user.type(title, 'Clinic closed');
    await user.type(message, 'The clinic is closed on Friday.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('The title may not be longer than 150 characters.')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('The title may not be longer than 150 characters.');
    expect(title).toHaveValue('Clinic closed');

    // Editing the field clears the server's message; the second attempt succeeds.
    await user.type(title, ' Friday');
    expect(screen.queryByText('The title may not be longer than 150 characters.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Sent to 3 admins.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(pathOf(sent[1]?.url ?? '')).toBe('/api/admin/notifications/send');
    expect(sent[1]?.method).toBe('POST');
    expect(sent[1]?.json).toEqual({ sendTo: 'admin', title: 'Clinic closed Friday', body: 'The clinic is closed on Friday.' });
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Audience/ })).toHaveTextContent('Admins');
  });
});
