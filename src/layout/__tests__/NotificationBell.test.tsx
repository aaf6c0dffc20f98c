import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { NotificationBell } from '../NotificationBell';
import { adminChannel, createMemoryTransport, setRealtimeForTests, type MemoryTransport } from '../../providers/realtime';
import { pathOf, restoreFetch, stubFetch, type SentRequest } from '../../test/recorded-http';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

const notification = (id: number, title: string, isRead: boolean, createdAt = '2026-03-05T10:00:00.000Z') => ({
  id,
  type: 'admin',
  body: { title, body: `${title} body` },
  data: null,
  is_read: isRead,
  created_at: createdAt,
});

let i18nProvider: I18nProvider;
let transport: MemoryTransport;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('pusher_id', 'p-1');
  transport = createMemoryTransport();
  setRealtimeForTests(transport);
});
afterEach(() => {
  restoreFetch();
  setRealtimeForTests(undefined);
});

/** The bell endpoint answers from `state`; mark-read marks everything read there. */
const serve = (state: { notifications: ReturnType<typeof notification>[] }) =>
  stubFetch((request: SentRequest) => {
    const path = pathOf(request.url);
    if (request.method === 'GET' && path === '/api/admin/notifications/web/admin/p-1') {
      return {
        body: {
          success: true,
          data: { notifications: state.notifications, count: state.notifications.filter((n) => !n.is_read).length },
        },
      };
    }
    if (request.method === 'POST' && path === '/api/admin/notifications/mark-read') {
      const marked = state.notifications.filter((n) => !n.is_read).length;
      state.notifications = state.notifications.map((n) => ({ ...n, is_read: true }));
      return { body: { success: true, data: { marked, count: 0 }, message: 'Marked as read.' } };
    }
    return { status: 404, body: { success: false, message: 'Not found.' } };
  });

const renderBell = () =>
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})}>
      <NotificationBell />
    </AdminTestContext>,
  );

describe('Notification bell', () => {
  it('shows the unread count, and a pushed notification goes on top and raises it', async () => {
    const user = userEvent.setup();
    const state = { notifications: [notification(2, 'Second', false), notification(1, 'First', true)] };
    const sent = serve(state);
    renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(sent[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(transport.subscribedChannels()).toEqual([adminChannel('p-1')]);

    act(() => {
      transport.emit(adminChannel('p-1'), 'notification', notification(3, 'Pushed', false, new Date().toISOString()));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBe(bell);
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/^(Pushed|Second|First)$/)[0]?.textContent)).toEqual([
      'Pushed',
      'Second',
      'First',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Pushed body')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('now')).toBeInTheDocument();
    // Older than a week: the en-GB date.
    expect(within(items[2] as HTMLElement).getByText(/5 March 2026/)).toBeInTheDocument();
    // No reload happened: the only request is the first fetch.
    expect(sent).toHaveLength(1);
  });

  it("'Mark all as read' calls the endpoint and clears the badge", async () => {
    const user = userEvent.setup();
    const state = { notifications: [notification(2, 'Second', false), notification(1, 'First', false)] };
    const sent = serve(state);
    renderBell();

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    // The open popover hides the app bar from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Notifications, 0 unread', hidden: true })).toBeInTheDocument();
    const markRead = sent.find((request) => pathOf(request.url) === '/api/admin/notifications/mark-read');
    expect(markRead?.method).toBe('POST');
    expect(markRead?.json).toEqual({});
    // Refetched after marking.
    await waitFor(() => expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2));
  });

  it("says 'No notifications' when there are none, and keeps working without real time", async () => {
    const user = userEvent.setup();
    setRealtimeForTests(null);
    serve({ notifications: [] });
    renderBell();

    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('refetches after the socket reconnected', async () => {
    const state = { notifications: [notification(1, 'First', false)] };
    const sent = serve(state);
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    state.notifications = [notification(2, 'Missed', false), ...state.notifications];
    act(() => transport.reconnect());

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });
});
