import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type I18nProvider } from 'react-admin';
import { NotificationSend } from '../NotificationSend';
import type { AppDataProviderMethods } from '../../../providers/dataProvider';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
type Send = AppDataProviderMethods['sendNotification'];

/** The form sends through its data provider's sendNotification(). */
const renderForm = (sendNotification: Send = jest.fn<ReturnType<Send>, Parameters<Send>>()) => {
  render(
    <AdminTestContext
      i18nProvider={i18nProvider}
      dataProvider={appTestDataProvider({ sendNotification })}
      permissions={['view_notification', 'create_notification']}
    >
      <NotificationSend />
    </AdminTestContext>,
  );
  return sendNotification;
};

describe('Send notification form', () => {
  it('offers admins (the default), doctors and patients, and says where each sees it; a patient send goes out as such', async () => {
    const user = userEvent.setup({ delay: null });
    const send = renderForm(jest.fn<ReturnType<Send>, Parameters<Send>>().mockResolvedValue({
      data: { id: 8, encrypted_id: 'n-8', recipients: 1200, delivered: 0, status: 'sending', channel: 'mobile' }, message: 'Sending to 1200 patients.',
    }));

    const audience = await screen.findByRole('combobox', { name: /Audience/ });
    expect(audience).toHaveTextContent('Admins');
    expect(screen.getByText("Admins see it in their bell (web); doctors and patients in their app's inbox (mobile)")).toBeInTheDocument();
    await user.click(audience);
    const options = within(await screen.findByRole('listbox'));
    for (const name of ['Admins', 'Doctors', 'Patients']) expect(options.getByRole('option', { name })).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(options.getByRole('option', { name: 'Patients' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Polio drops');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Monday at the health house.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Sending to 1200 patients.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ sendTo: 'patient', title: 'Polio drops', body: 'Monday at the health house.' });
  });

  it('asks for a title and a message before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const send = renderForm();

    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please provide a title.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a message.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the server's field error under Title, then sends, toasts the server's message and resets", async () => {
    const user = userEvent.setup({ delay: null });
    const invalid = new HttpError('The given data was invalid.', 422, { errors: { title: 'The title may not be longer than 150 characters.' } });
    // react-admin's data provider logs a failed call outside production; this one is expected.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = jest
      .fn<ReturnType<Send>, Parameters<Send>>()
      .mockRejectedValueOnce(invalid)
      .mockResolvedValueOnce({ data: { id: 7, encrypted_id: 'n-7', recipients: 3, delivered: 0, status: 'sending', channel: 'web' }, message: 'Sent to 3 admins.' });
    renderForm(send);

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
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ sendTo: 'admin', title: 'Clinic closed Friday', body: 'The clinic is closed on Friday.' });
    expect(logged.mock.calls).toEqual([[invalid]]);
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Audience/ })).toHaveTextContent('Admins');
  });
});
