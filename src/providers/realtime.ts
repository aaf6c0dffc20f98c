/**
 * Real-time push (spec 1 section 7 "Real time", DESIGN section 5): one Pusher-protocol connection per
 * signed-in admin, opened on the first subscription. pusher-js is imported lazily so it stays out of
 * the sign-in bundle, and every failure (no config, realtime disabled, socket refused, channel not
 * authorised) is quiet. While no connection is up (`isRealtimeLive`: the service away, or real time off)
 * the bell and open lists ask the server themselves every 30 s (useResourceChanges.ts), and once it is up
 * again they read once more what they may have missed.
 *
 * Channels: `private-admin.{pusher_id}` (event `notification`) and `private-changes.{resource}`
 * (event `changed`), both authorised by the server. The config and each channel's signature come
 * through the data provider (getRealtimeConfig, authorizeChannel), which every subscriber hands in.
 */
import type { ChannelAuthorizationHandler, Options as PusherOptions } from 'pusher-js';
import type { AdminNotification } from '../../contract/api';
import { isRecord } from './http';
import { withDataId } from './notifications';

export type { AdminNotification };

export type ChangeAction = 'create' | 'update' | 'delete' | 'status';

/** What `changed` on `private-changes.{resource}` carries: the action and the record's encrypted id. */
export interface ResourceChange {
  action: ChangeAction;
  id: string;
  /** The writer's encrypted admin id, when the server says. */
  by?: string;
}

/** How the client connects (GET /realtime/config); host, port and tls null mean "as the page" (the embedded endpoint). */
export interface RealtimeConfig {
  key: string;
  host: string | null;
  port: number | null;
  tls: boolean | null;
  cluster: string | null;
}

/** A private channel the socket asks to join. */
export interface ChannelAuthorizationRequest {
  socketId: string;
  channelName: string;
}

/** The server's signature of one subscription (POST /broadcasting/auth). */
export interface ChannelAuthorization {
  auth: string;
  channel_data?: string;
}

/** What the connection needs from the data provider; AppDataProvider has both methods. */
export interface RealtimeBackend {
  /** null when real time is switched off. */
  getRealtimeConfig(): Promise<{ data: RealtimeConfig | null }>;
  /** null when the server refuses the channel (no permission): a quiet refusal, not an error screen. */
  authorizeChannel(params: ChannelAuthorizationRequest): Promise<{ data: ChannelAuthorization | null }>;
}

/** The socket underneath, reduced to what this module needs; tests put a memory one in its place. */
export interface RealtimeTransport {
  /** Starts receiving a channel's events (the transport leaves out its own `pusher:` events). */
  subscribe(channel: string, onEvent: (event: string, data: unknown) => void): void;
  unsubscribe(channel: string): void;
  disconnect(): void;
  /** The connection's socket id once connected (a server may leave the writer out of an echo). */
  socketId(): string | undefined;
  /** Called after the connection came back from an interruption (events may have been missed). */
  onReconnect(listener: () => void): void;
  /** Whether the connection is up now (absent: always). */
  isLive?(): boolean;
  /** Called when the connection goes up or down. */
  onLiveChange?(listener: (live: boolean) => void): void;
}

export const NOTIFICATION_EVENT = 'notification';
export const CHANGED_EVENT = 'changed';
export const adminChannel = (pusherId: string): string => `private-admin.${pusherId}`;
export const changesChannel = (resource: string): string => `private-changes.${resource}`;

/** A failed connection is tried again on a later subscription, but not more often than this. */
const RETRY_AFTER_MS = 30_000;

type Handler = (data: unknown) => void;

/** channel → event → handlers; kept while disconnected, so a subscription may come before the socket. */
const registry = new Map<string, Map<string, Set<Handler>>>();
const reconnectListeners = new Set<() => void>();
const liveListeners = new Set<() => void>();
let transport: RealtimeTransport | null = null;
/** the last liveness told to the listeners */
let liveNow = false;
let connecting: Promise<RealtimeTransport | null> | null = null;
let failedAt = 0;
/** Bumped by disconnectRealtime, so a connection that was still opening is dropped when it arrives. */
let generation = 0;
/** Set by setRealtimeForTests: no connection is ever opened, the given transport (or none) is used. */
let injected = false;

function dispatch(channel: string, event: string, data: unknown): void {
  const handlers = registry.get(channel)?.get(event);
  if (!handlers) return;
  for (const handler of [...handlers]) {
    try {
      handler(data);
    } catch {
      // One faulty listener must not stop the others.
    }
  }
}

/** Tells the liveness listeners when it changed. */
function liveChanged(): void {
  const live = transport !== null && (transport.isLive?.() ?? true);
  if (live === liveNow) return;
  liveNow = live;
  for (const listener of [...liveListeners]) listener();
}

function adopt(target: RealtimeTransport): void {
  target.onLiveChange?.(() => {
    if (transport === target) liveChanged();
  });
}

function attach(target: RealtimeTransport, channel: string): void {
  target.subscribe(channel, (event, data) => dispatch(channel, event, data));
}

/** The Pusher client's options from the server's config: an unset host, port or TLS means the page's. */
export function pusherOptions(config: RealtimeConfig, authorize: ChannelAuthorizationHandler, page: Location = window.location): PusherOptions {
  const forceTLS = config.tls ?? page.protocol === 'https:';
  const wsHost = config.host ?? page.hostname;
  const pagePort = page.port ? Number(page.port) : forceTLS ? 443 : 80;
  const port = config.port ?? (config.host === null ? pagePort : forceTLS ? 443 : 80);
  return {
    cluster: config.cluster || 'mt1',
    wsHost,
    wsPort: port,
    wssPort: port,
    forceTLS,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    // pusher-js would post to an endpoint itself; the data provider signs instead, with its own credentials.
    channelAuthorization: { customHandler: authorize },
  };
}

/** The server's answer to GET /realtime/config; null when real time is off or the answer is unusable. */
export const readRealtimeConfig = (data: unknown): RealtimeConfig | null =>
  isRecord(data) && data.enabled !== false && typeof data.key === 'string' && data.key !== ''
    ? {
        key: data.key,
        host: typeof data.host === 'string' && data.host !== '' ? data.host : null,
        port: typeof data.port === 'number' ? data.port : null,
        tls: typeof data.tls === 'boolean' ? data.tls : null,
        cluster: typeof data.cluster === 'string' ? data.cluster : null,
      }
    : null;

/** pusher-js's authorisation callback over the backend; a refusal or failure fails that one channel. */
const channelAuthorizer =
  (source: RealtimeBackend): ChannelAuthorizationHandler =>
  ({ socketId, channelName }, callback) => {
    source.authorizeChannel({ socketId, channelName }).then(
      ({ data }) => (data ? callback(null, data) : callback(new Error(`Not allowed to listen on ${channelName}`), null)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };

async function openPusher(source: RealtimeBackend): Promise<RealtimeTransport | null> {
  const { data: config } = await source.getRealtimeConfig();
  if (!config) return null;
  const module = await import('pusher-js');
  // The web build is a UMD bundle; depending on the interop its class is the default export or the module.
  const Pusher = (module.default ?? module) as unknown as typeof module.default;
  const pusher = new Pusher(config.key, pusherOptions(config, channelAuthorizer(source)));
  let wasConnected = false;
  let interrupted = false;
  const listeners: (() => void)[] = [];
  const liveListeners: ((live: boolean) => void)[] = [];
  pusher.connection.bind('state_change', (states: { previous: string; current: string }) => {
    if ((states.previous === 'connected') !== (states.current === 'connected')) for (const listener of liveListeners) listener(states.current === 'connected');
    if (states.current === 'connected') {
      if (wasConnected && interrupted) for (const listener of listeners) listener();
      wasConnected = true;
      interrupted = false;
    } else if (wasConnected) {
      interrupted = true;
    }
  });
  return {
    subscribe(channel, onEvent) {
      pusher.subscribe(channel).bind_global((event: string, payload: unknown) => {
        if (!event.startsWith('pusher:') && !event.startsWith('pusher_internal:')) onEvent(event, payload);
      });
    },
    unsubscribe(channel) {
      pusher.unsubscribe(channel);
    },
    disconnect() {
      pusher.disconnect();
    },
    socketId() {
      return pusher.connection.socket_id || undefined;
    },
    onReconnect(listener) {
      listeners.push(listener);
    },
    isLive: () => pusher.connection.state === 'connected',
    onLiveChange(listener) {
      liveListeners.push(listener);
    },
  };
}

function connect(source: RealtimeBackend): void {
  if (injected || transport || connecting || registry.size === 0) return;
  if (failedAt && Date.now() - failedAt < RETRY_AFTER_MS) return;
  const started = generation;
  connecting = openPusher(source)
    .catch(() => null)
    .then((opened) => {
      if (started !== generation) {
        opened?.disconnect();
        return null;
      }
      connecting = null;
      if (!opened) {
        failedAt = Date.now();
        return null;
      }
      failedAt = 0;
      transport = opened;
      opened.onReconnect(() => {
        for (const listener of [...reconnectListeners]) listener();
      });
      adopt(opened);
      for (const channel of registry.keys()) attach(opened, channel);
      liveChanged();
      return opened;
    });
}

function listen(source: RealtimeBackend, channel: string, event: string, handler: Handler): () => void {
  let events = registry.get(channel);
  const isNewChannel = !events;
  if (!events) {
    events = new Map();
    registry.set(channel, events);
  }
  let handlers = events.get(event);
  if (!handlers) {
    handlers = new Set();
    events.set(event, handlers);
  }
  handlers.add(handler);
  if (transport && isNewChannel) attach(transport, channel);
  connect(source);

  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = registry.get(channel);
    const set = current?.get(event);
    set?.delete(handler);
    if (set && set.size === 0) current?.delete(event);
    if (current && current.size === 0) {
      registry.delete(channel);
      transport?.unsubscribe(channel);
    }
  };
}

const isNotification = (value: unknown): value is AdminNotification =>
  isRecord(value) && typeof value.id === 'number' && isRecord(value.body);

const CHANGE_ACTIONS: readonly string[] = ['create', 'update', 'delete', 'status'];
const isChange = (value: unknown): value is ResourceChange & Record<string, unknown> =>
  isRecord(value) && typeof value.action === 'string' && CHANGE_ACTIONS.includes(value.action);

/** Pusher delivers JSON text when the server sent text; accept both. */
const parsed = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
};

/**
 * The signed-in admin's pushed notifications, on his channel (`pusherId`, the auth provider's identity
 * says it); returns the unsubscribe function. `source` (the data provider) opens the connection when this
 * is the first subscription.
 */
export function subscribeNotifications(source: RealtimeBackend, pusherId: string | null | undefined, handler: (notification: AdminNotification) => void): () => void {
  if (!pusherId) return () => undefined;
  return listen(source, adminChannel(pusherId), NOTIFICATION_EVENT, (data) => {
    const value = parsed(data);
    if (isNotification(value)) handler(withDataId(value));
  });
}

/** Writes to one resource by anyone (the server may leave out the writer's own socket). */
export function subscribeChanges(source: RealtimeBackend, resource: string, handler: (change: ResourceChange) => void): () => void {
  return listen(source, changesChannel(resource), CHANGED_EVENT, (data) => {
    const value = parsed(data);
    if (!isChange(value)) return;
    handler(typeof value.by === 'string' ? { action: value.action, id: String(value.id), by: value.by } : { action: value.action, id: String(value.id) });
  });
}

/** Called after the socket reconnected: what was pushed meanwhile is lost, so callers refetch. */
export function subscribeReconnect(handler: () => void): () => void {
  reconnectListeners.add(handler);
  return () => {
    reconnectListeners.delete(handler);
  };
}

/**
 * Whether pushed events arrive now: a connection is up. False before it opens, while the service is away
 * (pusher-js tries again by itself) and when real time is off: then screens ask the server themselves.
 */
export const isRealtimeLive = (): boolean => liveNow;

/** Called when isRealtimeLive changes (useSyncExternalStore's subscribe). */
export function subscribeLive(listener: () => void): () => void {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

/** The connection's socket id, for an `X-Socket-ID` header that lets the server skip the writer's echo. */
export const getRealtimeSocketId = (): string | undefined => transport?.socketId();

/** Closes the connection and forgets every subscription (sign-out). Safe to call at any time. */
export function disconnectRealtime(): void {
  generation += 1;
  connecting = null;
  failedAt = 0;
  if (transport) for (const channel of registry.keys()) transport.unsubscribe(channel);
  registry.clear();
  reconnectListeners.clear();
  if (!injected) {
    transport?.disconnect();
    transport = null;
  }
  liveChanged();
}

/**
 * Tests: replace the connection with the given transport (null: no real time at all), or restore the
 * normal behaviour with undefined. Subscriptions made so far move to the new transport.
 */
export function setRealtimeForTests(replacement: RealtimeTransport | null | undefined): void {
  generation += 1;
  connecting = null;
  failedAt = 0;
  injected = replacement !== undefined;
  transport = replacement ?? null;
  if (transport) {
    const target = transport;
    target.onReconnect(() => {
      for (const listener of [...reconnectListeners]) listener();
    });
    adopt(target);
    for (const channel of registry.keys()) attach(target, channel);
  }
  liveChanged();
}

/** A transport held in memory: `emit` plays a pushed event on a subscribed channel (tests, local demos). */
export interface MemoryTransport extends RealtimeTransport {
  emit(channel: string, event: string, data: unknown): void;
  /** Plays a reconnection after an interruption. */
  reconnect(): void;
  /** Plays the connection going down (false) or up again (true); it starts up. */
  setLive(live: boolean): void;
  subscribedChannels(): string[];
}

export function createMemoryTransport(): MemoryTransport {
  const channels = new Map<string, (event: string, data: unknown) => void>();
  const listeners: (() => void)[] = [];
  const liveListeners: ((live: boolean) => void)[] = [];
  let live = true;
  return {
    subscribe(channel, onEvent) {
      channels.set(channel, onEvent);
    },
    unsubscribe(channel) {
      channels.delete(channel);
    },
    disconnect() {
      channels.clear();
    },
    socketId: () => '1.1',
    onReconnect(listener) {
      listeners.push(listener);
    },
    emit(channel, event, data) {
      channels.get(channel)?.(event, data);
    },
    reconnect() {
      for (const listener of listeners) listener();
    },
    isLive: () => live,
    onLiveChange(listener) {
      liveListeners.push(listener);
    },
    setLive(next) {
      if (next === live) return;
      live = next;
      for (const listener of liveListeners) listener(live);
    },
    subscribedChannels: () => [...channels.keys()],
  };
}
