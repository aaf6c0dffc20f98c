import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type I18nProvider } from 'react-admin';
import { NotificationSend } from '../NotificationSend';
import type { AppDataProviderMethods } from '../../../providers/dataProvider';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';
import { createI18nProvider } from '../../../i18n/i18nProvider';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
type Send = AppDataProviderMethods['sendNotification'];
type Count = AppDataProviderMethods['countNotificationAudience'];
/** The backend's count of each audience. */
const SIZES = { admin: 1, doctor: 40, patient: 1200 };
const counting = () => jest.fn<ReturnType<Count>, Parameters<Count>>(async ({ sendTo }) => ({ data: { recipients: SIZES[sendTo] } }));

/** The form counts through its data provider's countNotificationAudience() and sends through its sendNotification(). */
const renderForm = (sendNotification: Send = jest.fn<ReturnType<Send>, Parameters<Send>>(), countNotificationAudience: Count = counting()) => {
  render(
    <AdminTestContext
      i18nProvider={i18nProvider}
      dataProvider={appTestDataProvider({ sendNotification, countNotificationAudience })}
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
    expect(await screen.findByText('This will reach 1 recipient')).toBeInTheDocument();
    expect(screen.getByText("Admins see it in their bell (web); doctors and patients in their app's inbox (mobile)")).toBeInTheDocument();
    await user.click(audience);
    const options = within(await screen.findByRole('listbox'));
    for (const name of ['Admins', 'Doctors', 'Patients']) expect(options.getByRole('option', { name })).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(options.getByRole('option', { name: 'Patients' }));
    // the count follows the audience
    expect(await screen.findByText('This will reach 1,200 recipients')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Polio drops');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Monday at the health house.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Submit asks first, naming how many it reaches; nothing is sent before the answer
    const dialog = within(await screen.findByRole('dialog', { name: 'Send “Polio drops”?' }));
    expect(dialog.getByText('It will reach 1,200 recipients (Patients).')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Send' }));

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
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The title may not be longer than 150 characters.')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('The title may not be longer than 150 characters.');
    expect(title).toHaveValue('Clinic closed');

    // Editing the field clears the server's message; the second attempt succeeds.
    await user.type(title, ' Friday');
    expect(screen.queryByText('The title may not be longer than 150 characters.')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send “Clinic closed Friday”?' })).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Sent to 3 admins.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ sendTo: 'admin', title: 'Clinic closed Friday', body: 'The clinic is closed on Friday.' });
    expect(logged.mock.calls).toEqual([[invalid]]);
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Audience/ })).toHaveTextContent('Admins');
  });

  it('sends nothing when the confirmation is cancelled, and keeps what was written', async () => {
    const user = userEvent.setup({ delay: null });
    const send = renderForm();

    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Clinic closed');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Closed on Friday.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send “Clinic closed”?' }));
    expect(dialog.getByText('It will reach 1 recipient (Admins).')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Clinic closed');
    // and Submit asks again
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Send “Clinic closed”?' })).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('says plainly when the backend cannot count the audience, and still asks before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const unsupported = new HttpError('This backend does not offer this feature.', 501);
    // react-admin's data provider logs a failed call outside production; these are expected.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = renderForm(
      jest.fn<ReturnType<Send>, Parameters<Send>>().mockResolvedValue({ data: { id: 9, encrypted_id: 'n-9', recipients: 4, delivered: 4, status: 'sent', channel: 'web' }, message: undefined }),
      jest.fn<ReturnType<Count>, Parameters<Count>>().mockRejectedValue(unsupported),
    );

    expect(await screen.findByText('The number of recipients is not available from this backend.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Staff meeting');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'At ten.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send “Staff meeting”?' }));
    expect(dialog.getByText('The number of recipients (Admins) is not available: it goes to every active one.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(send).toHaveBeenCalledWith({ sendTo: 'admin', title: 'Staff meeting', body: 'At ten.' }));
    expect(logged.mock.calls.every(([error]) => error === unsupported)).toBe(true);
  });
});

test('the count is said in each language, in Arabic with its plural forms', async () => {
  const say = (provider: I18nProvider, count: number) => provider.translate('app.notifications.will_reach', { smart_count: count, number: String(count) });
  const arabic = await createI18nProvider('ar');
  expect([0, 1, 2, 3, 11, 100].map((n) => say(arabic, n))).toEqual([
    'لن يصل إلى أي مستلم',
    'سيصل إلى مستلم واحد',
    'سيصل إلى مستلمَين',
    'سيصل إلى 3 مستلمين',
    'سيصل إلى 11 مستلمًا',
    'سيصل إلى 100 مستلم',
  ]);
  expect([1, 953].map((n) => say(i18nProvider, n))).toEqual(['This will reach 1 recipient', 'This will reach 953 recipients']);
  const german = await createI18nProvider('de');
  expect(say(german, 953)).toBe('Erreicht 953 Empfänger');
});
