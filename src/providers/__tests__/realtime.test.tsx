import type { ReactNode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext } from 'ra-core';
import {
  adminChannel,
  changesChannel,
  createMemoryTransport,
  disconnectRealtime,
  isRealtimeLive,
  pusherOptions,
  setRealtimeForTests,
  subscribeChanges,
  subscribeNotifications,
  type ChannelAuthorization,
  type ChannelAuthorizationRequest,
  type RealtimeBackend,
  type RealtimeConfig,
} from '../realtime';
import { isOwnWrite, POLL_MS, useResourceChanges } from '../useResourceChanges';
import { appTestDataProvider } from '../../testing/AdminTestContext';

/** A stand-in for pusher-js: records what the client was built with and lets a test push events. */
const pusher = {
  instances: [] as { key: string; options: Record<string, unknown>; channels: Map<string, (event: string, data: unknown) => void>; disconnected: boolean }[],
};
jest.mock('pusher-js', () => {
  class FakePusher {
    key: string;
    options: Record<string, unknown>;
    channels = new Map<string, (event: string, data: unknown) => void>();
    disconnected = false;
    connection = { bind: () => undefined, socket_id: '123.456' };
    constructor(key: string, options: Record<string, unknown>) {
      this.key = key;
      this.options = options;
      pusher.instances.push(this);
    }
    subscribe(name: string) {
      return { bind_global: (callback: (event: string, data: unknown) => void) => this.channels.set(name, callback) };
    }
    unsubscribe(name: string) {
      this.channels.delete(name);
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  return { __esModule: true, default: FakePusher };
});

const config: RealtimeConfig = {
  key: 'app-key',
  host: null,
  port: null,
  tls: null,
  cluster: null,
};

/** The data provider's two real-time calls, answering from the given config and signing every channel. */
const backendWith = (answer: () => Promise<RealtimeConfig | null>) => {
  const authorized: ChannelAuthorizationRequest[] = [];
  const backend: RealtimeBackend = {
    getRealtimeConfig: jest.fn(async () => ({ data: await answer() })),
    authorizeChannel: jest.fn(async (request: ChannelAuthorizationRequest) => {
      authorized.push(request);
      return { data: { auth: `key:${request.channelName}` } satisfies ChannelAuthorization };
    }),
  };
  return { backend, authorized };
};

/** pusher-js's authorisation handler of a built client, as a promise. */
const authorize = (options: Record<string, unknown>, request: ChannelAuthorizationRequest) =>
  new Promise<unknown>((resolve, reject) => {
    const handler = (options.channelAuthorization as { customHandler: (r: ChannelAuthorizationRequest, cb: (e: Error | null, d: unknown) => void) => void })
      .customHandler;
    handler(request, (error, data) => (error ? reject(error) : resolve(data)));
  });

const page = (href: string): Location => new URL(href) as unknown as Location;

beforeEach(() => {
  localStorage.clear();
  pusher.instances = [];
});
afterEach(() => {
  disconnectRealtime();
  setRealtimeForTests(undefined);
});

const signNothing = async () => ({ data: null });

describe('pusherOptions', () => {
  it("uses the page's host, port and protocol when the server leaves them unset", () => {
    const sign = jest.fn();
    const options = pusherOptions(config, sign, page('https://console.example.org/dashboard'));
    expect(options).toMatchObject({
      cluster: 'mt1',
      wsHost: 'console.example.org',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      channelAuthorization: { customHandler: sign },
    });
    expect(pusherOptions(config, sign, page('http://localhost:5173/'))).toMatchObject({ wsHost: 'localhost', wsPort: 5173, forceTLS: false });
  });

  it("takes the server's host, port, TLS and cluster when given", () => {
    const sign = jest.fn();
    const options = pusherOptions({ ...config, host: 'ws.example.org', port: 6001, tls: false, cluster: 'eu' }, sign, page('https://a.example/'));
    expect(options).toMatchObject({ wsHost: 'ws.example.org', wsPort: 6001, wssPort: 6001, forceTLS: false, cluster: 'eu' });
    expect(pusherOptions({ ...config, host: 'ws.example.org', tls: true }, sign, page('http://localhost:5173/'))).toMatchObject({
      wsPort: 443,
      forceTLS: true,
    });
  });
});

describe('the connection', () => {
  it('connects after sign-in on the first subscription, to the private channels, and closes on sign-out', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('pusher_id', 'p-1');
    const { backend, authorized } = backendWith(async () => config);
    const notifications: unknown[] = [];
    const changes: unknown[] = [];
    subscribeNotifications(backend, 'p-1', (n) => notifications.push(n));
    subscribeChanges(backend, 'cities', (c) => changes.push(c));

    await waitFor(() => expect(pusher.instances).toHaveLength(1));
    // The config and the channel signatures come from the data provider, not from a fetch of its own.
    expect(backend.getRealtimeConfig).toHaveBeenCalledTimes(1);
    const client = pusher.instances[0]!;
    expect(client.key).toBe('app-key');
    await expect(authorize(client.options, { socketId: '1.2', channelName: adminChannel('p-1') })).resolves.toEqual({
      auth: `key:${adminChannel('p-1')}`,
    });
    expect(authorized).toEqual([{ socketId: '1.2', channelName: adminChannel('p-1') }]);
    expect([...client.channels.keys()].sort()).toEqual([adminChannel('p-1'), changesChannel('cities')].sort());
    expect(adminChannel('p-1')).toBe('private-admin.p-1');
    expect(changesChannel('cities')).toBe('private-changes.cities');

    const pushed = { id: 9, type: 'admin', body: { title: 'Hi', body: 'There' }, data: null, is_read: false, created_at: '2026-01-01T00:00:00Z' };
    client.channels.get(adminChannel('p-1'))?.('notification', pushed);
    client.channels.get(adminChannel('p-1'))?.('pusher:subscription_succeeded', {});
    client.channels.get(changesChannel('cities'))?.('changed', JSON.stringify({ action: 'update', id: 'c-1' }));
    client.channels.get(changesChannel('cities'))?.('changed', { action: 'explode', id: 'c-1' });
    expect(notifications).toEqual([pushed]);
    expect(changes).toEqual([{ action: 'update', id: 'c-1' }]);

    disconnectRealtime();
    expect(client.disconnected).toBe(true);
  });

  it('stays quiet when real time is disabled or the config cannot be fetched', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('pusher_id', 'p-1');
    const disabled = backendWith(async () => null).backend;
    const unsubscribe = subscribeNotifications(disabled, 'p-1', () => undefined);
    await waitFor(() => expect(disabled.getRealtimeConfig).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pusher.instances).toHaveLength(0);
    unsubscribe();

    disconnectRealtime();
    const failing = backendWith(() => Promise.reject(new Error('Server Error'))).backend;
    subscribeChanges(failing, 'cities', () => undefined);
    await waitFor(() => expect(failing.getRealtimeConfig).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pusher.instances).toHaveLength(0);
  });

  it('a channel the server refuses fails alone, quietly', async () => {
    localStorage.setItem('pusher_id', 'p-1');
    const backend: RealtimeBackend = { getRealtimeConfig: async () => ({ data: config }), authorizeChannel: signNothing };
    subscribeChanges(backend, 'roles', () => undefined);
    await waitFor(() => expect(pusher.instances).toHaveLength(1));
    await expect(authorize(pusher.instances[0]!.options, { socketId: '1.2', channelName: changesChannel('roles') })).rejects.toThrow(
      'Not allowed to listen on private-changes.roles',
    );
  });

  it('has no channel of its own to listen on without a signed-in admin', async () => {
    const { backend } = backendWith(async () => config);
    expect(subscribeNotifications(backend, null, () => undefined)).toEqual(expect.any(Function));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(backend.getRealtimeConfig).not.toHaveBeenCalled();
  });
});

describe('useResourceChanges', () => {
  const Watcher = ({ resource }: { resource: string }) => {
    useResourceChanges(resource);
    return null;
  };
  const wrap = (queryClient: QueryClient, children: ReactNode) => (
    <CoreAdminContext queryClient={queryClient} dataProvider={appTestDataProvider({})}>
      {children}
    </CoreAdminContext>
  );

  it("refetches the resource's lists when another admin writes to it", async () => {
    const transport = createMemoryTransport();
    setRealtimeForTests(transport);
    const queryClient = new QueryClient();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const { unmount } = render(wrap(queryClient, <Watcher resource="cities" />));
    expect(transport.subscribedChannels()).toEqual(['private-changes.cities']);

    act(() => {
      transport.emit('private-changes.cities', 'changed', { action: 'create', id: 'c-9' });
      transport.emit('private-changes.cities', 'changed', { action: 'update', id: 'c-8' });
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    const filters = invalidate.mock.calls[0]?.[0] as unknown as { predicate: (query: { queryKey: unknown[] }) => boolean };
    expect(filters.predicate({ queryKey: ['cities', 'getList', {}] })).toBe(true);
    expect(filters.predicate({ queryKey: ['cities', 'getMany', {}] })).toBe(true);
    expect(filters.predicate({ queryKey: ['cities', 'getOne', {}] })).toBe(false);
    expect(filters.predicate({ queryKey: ['districts', 'getList', {}] })).toBe(false);

    unmount();
    expect(transport.subscribedChannels()).toEqual([]);
  });

  it('while the socket is down, reads the lists every 30 s, and once more when it is back; not while it is up', async () => {
    jest.useFakeTimers();
    try {
      const transport = createMemoryTransport();
      setRealtimeForTests(transport);
      expect(isRealtimeLive()).toBe(true);
      const queryClient = new QueryClient();
      const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
      const { unmount } = render(wrap(queryClient, <Watcher resource="cities" />));
      act(() => jest.advanceTimersByTime(POLL_MS * 2));
      expect(invalidate).not.toHaveBeenCalled();

      act(() => transport.setLive(false));
      expect(isRealtimeLive()).toBe(false);
      act(() => jest.advanceTimersByTime(POLL_MS));
      expect(invalidate).toHaveBeenCalledTimes(1);
      const filters = invalidate.mock.calls[0]?.[0] as unknown as { predicate: (query: { queryKey: unknown[] }) => boolean };
      expect(filters.predicate({ queryKey: ['cities', 'getList', {}] })).toBe(true);
      expect(filters.predicate({ queryKey: ['cities', 'getOne', {}] })).toBe(false);
      expect(filters.predicate({ queryKey: ['districts', 'getList', {}] })).toBe(false);
      act(() => jest.advanceTimersByTime(POLL_MS));
      expect(invalidate).toHaveBeenCalledTimes(2);

      // back: once more at once (what was pushed meanwhile was missed), then no more polling
      act(() => transport.setLive(true));
      expect(invalidate).toHaveBeenCalledTimes(3);
      act(() => jest.advanceTimersByTime(POLL_MS * 2));
      expect(invalidate).toHaveBeenCalledTimes(3);
      unmount();
    } finally {
      jest.useRealTimers();
    }
  });

  it('without real time at all, reads the lists every 30 s', () => {
    jest.useFakeTimers();
    try {
      setRealtimeForTests(null);
      expect(isRealtimeLive()).toBe(false);
      const queryClient = new QueryClient();
      const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
      const { unmount } = render(wrap(queryClient, <Watcher resource="cities" />));
      act(() => jest.advanceTimersByTime(POLL_MS - 1));
      expect(invalidate).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(invalidate).toHaveBeenCalledTimes(1);
      unmount();
      act(() => jest.advanceTimersByTime(POLL_MS * 2));
      expect(invalidate).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("recognises the echo of this tab's own write", async () => {
    const queryClient = new QueryClient();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: ['cities', 'update', { id: 'c-1', data: {} }], mutationFn: async () => ({ id: 'c-1' }) })
      .execute({ id: 'c-1', data: {} });
    expect(isOwnWrite(queryClient, 'cities', { action: 'update', id: 'c-1' })).toBe(true);
    expect(isOwnWrite(queryClient, 'cities', { action: 'update', id: 'c-2' })).toBe(false);
    expect(isOwnWrite(queryClient, 'districts', { action: 'update', id: 'c-1' })).toBe(false);
    expect(isOwnWrite(queryClient, 'cities', { action: 'update', id: 'c-1' }, Date.now() + 60_000)).toBe(false);
  });
});
