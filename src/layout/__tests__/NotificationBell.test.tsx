import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { NotificationBell } from '../NotificationBell';
import { adminChannel, createMemoryTransport, setRealtimeForTests, type MemoryTransport } from '../../providers/realtime';
import { POLL_MS } from '../../providers/useResourceChanges';
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
  transport = createMemoryTransport();
  setRealtimeForTests(transport);
});
afterEach(() => {
  setRealtimeForTests(undefined);
});

/** The data provider's bell calls over `state`: mark read marks everything read there. */
const serve = (state: { notifications: ReturnType<typeof notification>[] }) => {
  const calls = {
    getNotifications: jest.fn(async () => ({
      data: { notifications: state.notifications, count: state.notifications.filter((n) => !n.is_read).length },
    })),
    markNotificationsRead: jest.fn(async () => {
      const marked = state.notifications.filter((n) => !n.is_read).length;
      state.notifications = state.notifications.map((n) => ({ ...n, is_read: true }));
      return { data: { marked } };
    }),
  };
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider(calls)} identity={{ id: 1, fullName: 'Test Admin', pusherId: 'p-1' }}>
      <NotificationBell />
    </AdminTestContext>,
  );
  return calls;
};

describe('Notification bell', () => {
  it('names no count until the server has told it', async () => {
    let answer: (value: { data: { notifications: ReturnType<typeof notification>[]; count: number } }) => void = () => undefined;
    const getNotifications = jest.fn(() => new Promise<{ data: { notifications: ReturnType<typeof notification>[]; count: number } }>((resolve) => (answer = resolve)));
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getNotifications, markNotificationsRead: jest.fn() })} identity={{ id: 1, fullName: 'Test Admin', pusherId: 'p-1' }}>
        <NotificationBell />
      </AdminTestContext>,
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /unread/ })).toBeNull();
    await waitFor(() => expect(getNotifications).toHaveBeenCalled());
    act(() => answer({ data: { notifications: [notification(1, 'First', false)], count: 1 } }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('shows the unread count, and a pushed notification goes on top and raises it', async () => {
    const user = userEvent.setup({ delay: null });
    const state = { notifications: [notification(2, 'Second', false), notification(1, 'First', true)] };
    const calls = serve(state);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // subscribed once the identity (with its channel's key) is read, which may come after the count
    await waitFor(() => expect(transport.subscribedChannels()).toEqual([adminChannel('p-1')]));

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
    // No reload happened: the only call is the first one.
    expect(calls.getNotifications).toHaveBeenCalledTimes(1);
  });

  it("'Mark all as read' calls the endpoint and clears the badge", async () => {
    const user = userEvent.setup({ delay: null });
    const state = { notifications: [notification(2, 'Second', false), notification(1, 'First', false)] };
    const calls = serve(state);

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    // The open popover hides the app bar from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Notifications, 0 unread', hidden: true })).toBeInTheDocument();
    // All of them: no ids.
    expect(calls.markNotificationsRead).toHaveBeenCalledWith();
    // Refetched after marking.
    await waitFor(() => expect(calls.getNotifications).toHaveBeenCalledTimes(2));
  });

  it("says 'No notifications' when there are none, and keeps working without real time", async () => {
    const user = userEvent.setup({ delay: null });
    setRealtimeForTests(null);
    serve({ notifications: [] });

    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('asks the server every 30 s while the socket is down, and not while it is up', async () => {
    jest.useFakeTimers();
    try {
      const state = { notifications: [notification(1, 'First', false)] };
      const calls = serve(state);
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      // up: nothing is asked however long it stays so
      await act(async () => {
        jest.advanceTimersByTime(POLL_MS * 2);
      });
      expect(calls.getNotifications).toHaveBeenCalledTimes(1);

      act(() => transport.setLive(false));
      state.notifications = [notification(2, 'Not pushed', false), ...state.notifications];
      await act(async () => {
        jest.advanceTimersByTime(POLL_MS);
      });
      expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
      expect(calls.getNotifications).toHaveBeenCalledTimes(2);
      await act(async () => {
        jest.advanceTimersByTime(POLL_MS);
      });
      await waitFor(() => expect(calls.getNotifications).toHaveBeenCalledTimes(3));

      act(() => transport.setLive(true));
      await act(async () => {
        jest.advanceTimersByTime(POLL_MS * 2);
      });
      expect(calls.getNotifications).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refetches after the socket reconnected', async () => {
    const state = { notifications: [notification(1, 'First', false)] };
    const calls = serve(state);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    state.notifications = [notification(2, 'Missed', false), ...state.notifications];
    act(() => transport.reconnect());

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(calls.getNotifications).toHaveBeenCalledTimes(2);
  });
});
