import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GetListParams, I18nProvider } from 'react-admin';
import { NotificationList } from '../NotificationList';
import { RequireNotificationAccess, canAccessNotifications } from '../access';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../../testing/AdminTestContext';

const sentNotifications = [
  {
    id: 'n-2',
    number: 2,
    encrypted_id: 'n-2',
    send_to: 'admin',
    channel: 'web',
    title: 'Clinic closed',
    body: 'The clinic is closed on Friday.',
    recipients: 3,
    delivered: 3,
    status: 'sent',
    created_at: '2026-03-05T10:00:00.000Z',
    sent_by_name: 'Amina',
  },
];

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const renderList = (permissions: string[], rows = sentNotifications) => {
  const getList = jest.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: rows.length }));
  // A plain memory router: jsdom lacks the Request class react-router's data routers navigate with.
  render(
    <MemoryRouter initialEntries={['/notifications']}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList })} permissions={permissions}>
        <NotificationList />
      </AdminTestContext>
    </MemoryRouter>,
  );
  return getList;
};

describe('Sent notifications list', () => {
  it('lists what was sent with its audience, recipients, sender and en-GB date, and searches', async () => {
    const user = userEvent.setup({ delay: null });
    const getList = renderList(['view_notification', 'create_notification']);

    const row = (await screen.findByText('Clinic closed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('The clinic is closed on Friday.')).toBeInTheDocument();
    // the Back link of every list (document 3 §2)
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    expect(within(row).getByText('Admins')).toBeInTheDocument();
    expect(within(row).getByText('Delivered to 3 of 3')).toBeInTheDocument();
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(row).getByText('Amina')).toBeInTheDocument();
    expect(within(row).getByText(/^5 March 2026/)).toBeInTheDocument();
    for (const column of ['Title', 'Message', 'Audience', 'Delivered', 'Sent by', 'Sent at']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Send Notification' })).toHaveAttribute('href', '/notifications/send');
    expect(getList).toHaveBeenCalledWith('notifications', expect.objectContaining({ pagination: { page: 1, perPage: 25 } }));

    await user.type(screen.getByPlaceholderText('Type here to search...'), 'clinic');
    // The search box is debounced; the list is asked again with the text as q (search= on the wire).
    await waitFor(
      () => expect(getList).toHaveBeenLastCalledWith('notifications', expect.objectContaining({ filter: { q: 'clinic' } })),
      { timeout: 30_000 },
    );
    expect(await screen.findByText('Clinic closed')).toBeInTheDocument();
  });

  it('shows how far a send still going out has got, and asks again until it is done', async () => {
    const sending = [{ ...sentNotifications[0]!, send_to: 'patient', channel: 'mobile', recipients: 1200, delivered: 400, status: 'sending' }];
    const getList = renderList(['view_notification'], sending);

    const row = (await screen.findByText('Clinic closed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Patients')).toBeInTheDocument();
    expect(within(row).getByText('Sending… 400 of 1200')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Sending… 400 of 1200' })).toHaveAttribute('aria-valuenow', '33');
    const calls = getList.mock.calls.length;
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(calls), { timeout: 30_000 });
  });

  it("hides 'Send Notification' without create_notification and says 'Data not found' when empty", async () => {
    renderList(['view_notification'], []);

    expect(await screen.findByText('Data not found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send Notification' })).not.toBeInTheDocument();
  });
});

describe('Notification route guard', () => {
  it('maps the screens to view_notification and create_notification', () => {
    expect(canAccessNotifications(['view_notification'], 'list')).toBe(true);
    expect(canAccessNotifications(['view_notification'], 'create')).toBe(false);
    expect(canAccessNotifications(['create_notification'], 'create')).toBe(true);
    expect(canAccessNotifications(['view_task'], 'list')).toBe(false);
  });

  it('sends a user without the permission to the unauthorized screen', async () => {
    render(
      <MemoryRouter initialEntries={['/notifications/send']}>
        <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})} permissions={['view_notification']}>
          <Routes>
            <Route
              path="/notifications/send"
              element={
                <RequireNotificationAccess action="create">
                  <p>Send form</p>
                </RequireNotificationAccess>
              }
            />
            <Route path="/authorization" element={<p>Not authorized</p>} />
          </Routes>
        </AdminTestContext>
      </MemoryRouter>,
    );

    expect(await screen.findByText('Not authorized')).toBeInTheDocument();
    expect(screen.queryByText('Send form')).not.toBeInTheDocument();
  });
});
