/**
 * Real time over the Pusher protocol. The server publishes with the official `pusher` SDK, either to
 * the embedded endpoint of this process (no PUSHER_* settings; see embedded.ts) or to the Pusher
 * Channels / Soketi service that PUSHER_* names. The console subscribes with pusher-js to
 * `private-admin.{pusher_id}`, authorised by POST /api/admin/broadcasting/auth (routes.ts, which also
 * starts the embedded endpoint: this module is the publisher only, so anything may import it). On
 * PostgreSQL the embedded endpoints of all nodes share events through LISTEN/NOTIFY (pgBus.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher';
import type { Config } from '../config';
import type { Outages } from '../services/outages';
import { apiEvent, relayEvents, type EmbeddedHub } from './embedded';
import type { PgBus } from './pgBus';
import { embeddedCredentials, type PusherCredentials } from './protocol';

export const AUTH_ENDPOINT = '/api/admin/broadcasting/auth';
const ADMIN_CHANNEL_PREFIX = 'private-admin.';
/** the SDK gives up on a publish after this long; a publish never holds a request longer */
const PUBLISH_TIMEOUT_MS = 5_000;
/** the SDK's limit of channels per trigger */
const CHANNELS_PER_TRIGGER = 100;
/** the HTTP API's limit of events per batch call */
const EVENTS_PER_BATCH = 10;

/** What the console needs to connect (GET /api/admin/realtime/config); never the secret. */
export interface RealtimePublicConfig {
  enabled: true;
  /** embedded: this server's /app endpoint; external: Pusher Channels or Soketi */
  mode: 'embedded' | 'external';
  key: string;
  /** WebSocket host; null: the host of the page (embedded) */
  host: string | null;
  /** WebSocket port; null: the port of the page */
  port: number | null;
  /** wss or ws; null: whatever the page uses */
  tls: boolean | null;
  /** pusher-js requires one; it only matters for Pusher Channels without an explicit host */
  cluster: string;
  authEndpoint: string;
}

/** Where this server accepts connections, as the SDK's host (loopback for a wildcard address); null when not listening. */
export function loopbackOf(server: http.Server | null): { host: string; port: number } | null {
  if (!server?.listening) return null;
  const address = server.address();
  if (!address || typeof address === 'string') return null;
  const { address: ip, port, family } = address as AddressInfo;
  if (ip === '0.0.0.0') return { host: '127.0.0.1', port };
  if (ip === '::') return { host: '[::1]', port };
  return { host: family === 'IPv6' ? `[${ip}]` : ip, port };
}

export interface RealtimeOptions {
  config: Config;
  log: FastifyBaseLogger;
  /** the HTTP server the embedded endpoint runs on (its address is read at publish time) */
  server: () => http.Server | null;
  /** with an external service: its failures are logged there, once an outage (none: a warning each) */
  outages?: Outages;
}

/** an event's data as the SDK sends it: text as it is, anything else as JSON */
const jsonOf = (data: unknown): string => (typeof data === 'string' ? data : JSON.stringify(data));

export const CHANGES_PREFIX = 'private-changes.';
export const CHANGED_EVENT = 'changed';

export class Realtime {
  readonly mode: 'embedded' | 'external';
  /** credentials of the embedded endpoint (null with an external service) */
  readonly embedded: PusherCredentials | null;
  /** the embedded endpoint's subscriptions, once registered */
  hub: EmbeddedHub | null = null;
  /** PostgreSQL LISTEN/NOTIFY between the nodes' embedded endpoints, when on PostgreSQL */
  bus: PgBus | null = null;
  private readonly credentials: PusherCredentials;
  /** signs channel authorisations; never sends anything */
  private readonly signer: Pusher;
  private readonly agent: http.Agent;
  private publisher: { origin: string; client: Pusher } | null = null;

  constructor(private readonly opts: RealtimeOptions) {
    const external = opts.config.pusher;
    this.mode = external ? 'external' : 'embedded';
    this.embedded = external ? null : embeddedCredentials(opts.config.appKey);
    this.credentials = external ? { appId: external.appId, key: external.key, secret: external.secret } : this.embedded!;
    this.signer = new Pusher({ ...this.credentials, host: '127.0.0.1' });
    this.agent = external?.tls ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  /** where every write of a resource is announced, so open lists of it refresh (see http/crud/shared.ts) */
  channelForChanges(resource: string): string {
    return `${CHANGES_PREFIX}${resource}`;
  }

  channelForAdmin(pusherId: string): string {
    return ADMIN_CHANNEL_PREFIX + pusherId;
  }

  /** `{ auth }` for a socket's subscription to a private channel, signed as the SDK signs it (Pusher, Soketi and the embedded endpoint all check it). */
  authorizeChannel(socketId: string, channel: string): { auth: string } {
    return this.signer.authorizeChannel(socketId, channel);
  }

  publicConfig(): RealtimePublicConfig {
    const external = this.opts.config.pusher;
    if (!external) {
      return { enabled: true, mode: 'embedded', key: this.credentials.key, host: null, port: null, tls: null, cluster: 'mt1', authEndpoint: AUTH_ENDPOINT };
    }
    const cluster = external.cluster ?? 'mt1';
    return {
      enabled: true,
      mode: 'external',
      key: external.key,
      host: external.host ?? `ws-${cluster}.pusher.com`,
      port: external.port ?? (external.tls ? 443 : 80),
      tls: external.tls,
      cluster,
      authEndpoint: AUTH_ENDPOINT,
    };
  }

  /**
   * Publishes an event through the HTTP API (with a bus, straight to PostgreSQL). Never throws and never fails the caller's request: a
   * failure (service down, server not listening yet) is logged and the answer is false.
   */
  async publish(channel: string | readonly string[], event: string, data: unknown, opts: { socketId?: string } = {}): Promise<boolean> {
    let channels = typeof channel === 'string' ? [channel] : [...channel];
    // several nodes (a bus): another node's sockets may want any channel
    if (this.hub && this.bus) {
      const handed = await this.relay(channels.map((c) => ({ channel: c, name: event, data, socketId: opts.socketId })), 'one event');
      return handed === channels.length;
    }
    // one node: the embedded endpoint's sockets all live in this process, so a channel nobody listens
    // to needs no HTTP call (a write announces itself on its resource's channel whether or not a list is open)
    if (this.hub) channels = channels.filter((c) => this.hub!.subscribers(c) > 0);
    if (channels.length === 0) return true;
    const startedAt = Date.now();
    try {
      const client = this.publisherClient();
      if (!client) {
        this.opts.log.debug({ channels: channels.length, event }, 'realtime: not listening, event not published');
        return false;
      }
      for (let i = 0; i < channels.length; i += CHANNELS_PER_TRIGGER) {
        await client.trigger(channels.slice(i, i + CHANNELS_PER_TRIGGER), event, data, opts.socketId ? { socket_id: opts.socketId } : undefined);
      }
      this.served(startedAt);
      return true;
    } catch (err) {
      const e = err as { message?: string; status?: number; body?: string; error?: { message?: string } };
      this.failed(err, startedAt, { event, channels: channels.length, status: e.status, detail: e.body ?? e.error?.message ?? e.message });
      return false;
    }
  }

  /**
   * Publishes many events, each to its own channel, ten to a batch call (the HTTP API's limit). Like
   * publish, never throws; the answer is how many events were handed over.
   */
  async publishBatch(events: readonly { channel: string; name: string; data: unknown }[]): Promise<number> {
    if (this.hub && this.bus) return this.relay(events, 'each its own');
    const wanted = this.hub ? events.filter((e) => this.hub!.subscribers(e.channel) > 0) : [...events];
    if (wanted.length === 0) return 0;
    const client = this.publisherClient();
    if (!client) {
      this.opts.log.debug({ events: wanted.length }, 'realtime: not listening, events not published');
      return 0;
    }
    let handed = 0;
    for (let i = 0; i < wanted.length; i += EVENTS_PER_BATCH) {
      const batch = wanted.slice(i, i + EVENTS_PER_BATCH);
      const startedAt = Date.now();
      try {
        await client.triggerBatch(batch.map((e) => ({ channel: e.channel, name: e.name, data: e.data })));
        handed += batch.length;
        this.served(startedAt);
      } catch (err) {
        const e = err as { message?: string; status?: number; body?: string };
        this.failed(err, startedAt, { events: batch.length, status: e.status, detail: e.body ?? e.message });
      }
    }
    return handed;
  }

  /**
   * With a bus the embedded endpoint's events go to PostgreSQL directly (no HTTP call to this
   * process): checked as the events API checks them, sent as the SDK would send them (data as JSON
   * unless already text); a publish is one event on up to 100 channels, a batch ten events a NOTIFY
   * transaction.
   * Never throws; the answer is how many of the given events (or channels) were handed over.
   */
  private async relay(items: readonly { channel: string; name: string; data: unknown; socketId?: string }[], as: 'one event' | 'each its own'): Promise<number> {
    const per = as === 'one event' ? CHANNELS_PER_TRIGGER : EVENTS_PER_BATCH;
    let handed = 0;
    for (let i = 0; i < items.length; i += per) {
      const group = items.slice(i, i + per);
      try {
        const events =
          as === 'one event'
            ? [apiEvent({ channels: group.map((e) => e.channel), name: group[0]!.name, data: jsonOf(group[0]!.data), socket_id: group[0]!.socketId })]
            : group.map((e) => apiEvent({ channel: e.channel, name: e.name, data: jsonOf(e.data), socket_id: e.socketId }));
        await relayEvents(this.hub!, this.bus, events, this.opts.log);
        handed += group.length;
      } catch (err) {
        this.opts.log.warn({ events: group.length, detail: (err as Error).message }, 'realtime: publish failed');
      }
    }
    return handed;
  }

  /**
   * An external service that does not take an event: the outage log says so once (and once when it
   * takes one again); the write that published goes on, and consoles poll meanwhile (src/providers/realtime.ts).
   */
  private failed(err: unknown, startedAt: number, detail: Record<string, unknown>): void {
    if (this.mode === 'external' && this.opts.outages) this.opts.outages.failed('realtime', err, startedAt);
    else this.opts.log.warn(detail, 'realtime: publish failed');
  }

  private served(startedAt: number): void {
    if (this.mode === 'external') this.opts.outages?.answered('realtime', startedAt);
  }

  private publisherClient(): Pusher | null {
    const external = this.opts.config.pusher;
    if (external) {
      if (!this.publisher) {
        const options = {
          ...this.credentials,
          useTLS: external.tls,
          timeout: PUBLISH_TIMEOUT_MS,
          agent: this.agent,
          ...(external.host ? { host: external.host } : { cluster: external.cluster ?? 'mt1' }),
          ...(external.port ? { port: String(external.port) } : {}),
        } as Pusher.Options;
        this.publisher = { origin: 'external', client: new Pusher(options) };
      }
      return this.publisher.client;
    }
    // embedded: this very server, on whatever port it ended up listening
    const target = loopbackOf(this.opts.server());
    if (!target) return null;
    const origin = `${target.host}:${target.port}`;
    if (this.publisher?.origin !== origin) {
      this.publisher = {
        origin,
        client: new Pusher({ ...this.credentials, host: target.host, port: String(target.port), useTLS: false, timeout: PUBLISH_TIMEOUT_MS, agent: this.agent }),
      };
    }
    return this.publisher.client;
  }

  close(): void {
    this.agent.destroy();
  }
}
