/**
 * The embedded Pusher-protocol endpoint, on when no PUSHER_* settings are given:
 *   GET  /app/:key                  WebSocket, protocol 7 (what pusher-js connects to)
 *   POST /apps/:appId/events        the HTTP API the official `pusher` SDK publishes through
 *   POST /apps/:appId/batch_events
 * Subscriptions live in this process's memory, as in any socket server. On one node (SQLite, or
 * PostgreSQL without a bus) an event given to the HTTP API goes to this process's sockets. With a bus
 * (PostgreSQL: pgBus.ts) it goes to every node's sockets: the API hands it to the bus, and each
 * node's hub delivers what the bus brings, the publishing node's included (never both paths).
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  ACTIVITY_TIMEOUT_S, CHANNEL_NAME, channelKind, encode, ERROR, MAX_EVENT_NAME, MIN_PROTOCOL_VERSION, newSocketId,
  parseClientMessage, PROTOCOL_VERSION, type PusherCredentials, SOCKET_ID, verifyApiRequest, verifyChannelAuth,
} from './protocol';
import type { BusEvent } from './pgBus';

/** Carries events to every node (PgBus); absent on one node. */
export interface EventBus {
  onEvent(handler: (event: BusEvent) => void): void;
  /** throws when the events could not be handed over */
  publish(events: readonly BusEvent[]): Promise<void>;
}

export interface EmbeddedOptions {
  credentials: PusherCredentials;
  /** seconds; the server pings after this much silence and closes after twice it */
  activityTimeoutS?: number;
  /** with one, events reach the sockets of every node through it */
  bus?: EventBus | null;
}

/** Pusher Channels' own limits, so what works here works there too */
const MAX_CHANNELS_PER_SOCKET = 100;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH = 10;
const MAX_DATA_BYTES = 10 * 1024;
const MAX_API_BODY = 1024 * 1024;
/** a client that cannot keep up (this much unsent) is closed with 4100, and reconnects after a back-off */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_FRAME_BYTES = 64 * 1024;

interface Connection {
  id: string;
  socket: WebSocket;
  channels: Set<string>;
  timer: NodeJS.Timeout | null;
}

/** Who is subscribed to what, in this process. */
export class EmbeddedHub {
  readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();

  join(conn: Connection, channel: string): void {
    let members = this.channels.get(channel);
    if (!members) this.channels.set(channel, (members = new Set()));
    members.add(conn);
    conn.channels.add(channel);
  }

  leave(conn: Connection, channel: string): void {
    const members = this.channels.get(channel);
    members?.delete(conn);
    if (members?.size === 0) this.channels.delete(channel);
    conn.channels.delete(channel);
  }

  drop(conn: Connection): void {
    for (const channel of [...conn.channels]) this.leave(conn, channel);
    this.connections.delete(conn);
    if (conn.timer) clearTimeout(conn.timer);
    conn.timer = null;
  }

  subscribers(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  /** Sends an event to every socket on each channel but the excluded one; returns how many frames went out. */
  deliver(channels: readonly string[], event: string, data: string, exceptSocketId?: string): number {
    let sent = 0;
    for (const channel of channels) {
      const members = this.channels.get(channel);
      if (!members) continue;
      const frame = encode(event, data, channel);
      for (const conn of members) {
        if (conn.id === exceptSocketId || conn.socket.readyState !== conn.socket.OPEN) continue;
        if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          conn.socket.close(ERROR.overCapacity, 'Over capacity');
          continue;
        }
        conn.socket.send(frame);
        sent++;
      }
    }
    return sent;
  }
}

const textOf = (raw: RawData): string =>
  (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString('utf8');

/** `data` of a client message: an object, or (older clients) a JSON string of one. */
function dataObject(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      return dataObject(JSON.parse(data));
    } catch {
      return {};
    }
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

type ApiEvent = BusEvent;
class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** One event of the HTTP API (`channels` or `channel`, `name`, `data`, optional `socket_id`), checked against Pusher's limits. */
export function apiEvent(value: unknown, where = ''): ApiEvent {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, `${where}The event must be an object.`);
  const e = value as Record<string, unknown>;
  const channels = e.channels !== undefined ? e.channels : e.channel !== undefined ? [e.channel] : undefined;
  if (!Array.isArray(channels) || channels.length === 0) throw new ApiError(400, `${where}Missing channels.`);
  if (channels.length > MAX_CHANNELS_PER_EVENT) throw new ApiError(400, `${where}At most ${MAX_CHANNELS_PER_EVENT} channels per event.`);
  for (const c of channels) if (typeof c !== 'string' || !CHANNEL_NAME.test(c)) throw new ApiError(400, `${where}Invalid channel name.`);
  if (typeof e.name !== 'string' || e.name.length === 0 || e.name.length > MAX_EVENT_NAME) throw new ApiError(400, `${where}Invalid event name.`);
  if (typeof e.data !== 'string') throw new ApiError(400, `${where}The event data must be a string.`);
  if (Buffer.byteLength(e.data, 'utf8') > MAX_DATA_BYTES) throw new ApiError(413, `${where}The event data must be at most ${MAX_DATA_BYTES} bytes.`);
  if (e.socket_id !== undefined && (typeof e.socket_id !== 'string' || !SOCKET_ID.test(e.socket_id))) throw new ApiError(400, `${where}Invalid socket_id.`);
  return { channels: channels as string[], name: e.name, data: e.data, socketId: e.socket_id as string | undefined };
}

/**
 * Hands checked events to every node's sockets: through the bus when there is one (the hub of each
 * node, this one's included, delivers what the bus brings), else straight to this node's hub. When
 * the bus refuses them (PostgreSQL out of reach) this node's sockets still get them.
 */
export async function relayEvents(hub: EmbeddedHub, bus: EventBus | null, events: readonly ApiEvent[], log: FastifyBaseLogger): Promise<void> {
  if (bus) {
    try {
      await bus.publish(events);
      return;
    } catch (err) {
      log.warn({ err: (err as Error).message, events: events.length }, 'realtime: the bus refused events; delivered on this node only');
    }
  }
  for (const e of events) hub.deliver(e.channels, e.name, e.data, e.socketId);
}

export async function registerEmbeddedEndpoint(app: FastifyInstance, opts: EmbeddedOptions): Promise<EmbeddedHub> {
  const creds = opts.credentials;
  const activityMs = (opts.activityTimeoutS ?? ACTIVITY_TIMEOUT_S) * 1000;
  const hub = new EmbeddedHub();
  const bus = opts.bus ?? null;
  bus?.onEvent((e) => hub.deliver(e.channels, e.name, e.data, e.socketId));

  // before the plugin's own preClose (which closes every socket with no code): tell clients to reconnect
  app.addHook('preClose', (done) => {
    for (const conn of hub.connections) {
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      conn.socket.send(encode('pusher:error', { code: ERROR.reconnect, message: 'Server is closing. Please reconnect shortly.' }));
      conn.socket.close(ERROR.reconnect, 'Server is closing');
    }
    done();
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.get<{ Params: { key: string }; Querystring: Record<string, string | undefined> }>(
    '/app/:key',
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      const send = (frame: string) => {
        if (socket.readyState === socket.OPEN) socket.send(frame);
      };
      const refuse = (code: number, message: string) => {
        send(encode('pusher:error', { code, message }));
        socket.close(code, message.slice(0, 120));
      };
      if (request.params.key !== creds.key) return refuse(ERROR.appNotFound, `App key ${request.params.key.slice(0, 64)} does not exist.`);
      const protocol = Number(request.query.protocol);
      if (!Number.isInteger(protocol) || protocol < MIN_PROTOCOL_VERSION || protocol > PROTOCOL_VERSION) {
        return refuse(ERROR.unsupportedProtocol, `Unsupported protocol version ${request.query.protocol ?? '(none)'}.`);
      }

      const conn: Connection = { id: newSocketId(), socket, channels: new Set(), timer: null };
      hub.connections.add(conn);
      // silence for activityMs → a ping; no answer (or anything else) in another activityMs → closed with 4201
      const arm = () => {
        if (conn.timer) clearTimeout(conn.timer);
        conn.timer = setTimeout(() => {
          send(encode('pusher:ping', {}));
          conn.timer = setTimeout(() => socket.close(ERROR.pongTimeout, 'Pong reply not received'), activityMs);
          conn.timer.unref();
        }, activityMs);
        conn.timer.unref();
      };
      socket.on('close', () => hub.drop(conn));
      socket.on('error', (err) => request.log.debug({ err }, 'realtime socket error'));
      socket.on('pong', arm);
      socket.on('message', (raw, isBinary) => {
        arm();
        const message = isBinary ? null : parseClientMessage(textOf(raw));
        if (message) handle(message);
      });

      const subscriptionError = (channel: string | undefined, type: string, error: string, status: number) =>
        send(encode('pusher:subscription_error', { type, error, status }, channel));

      function subscribe(data: Record<string, unknown>) {
        const channel = data.channel;
        if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
          return subscriptionError(typeof channel === 'string' ? channel.slice(0, 200) : undefined, 'InvalidChannel', 'Invalid channel name.', 400);
        }
        const kind = channelKind(channel);
        if (kind === 'presence' || kind === 'encrypted') {
          return subscriptionError(channel, 'UnsupportedChannel', `${kind === 'presence' ? 'Presence' : 'Encrypted'} channels are not served by the embedded endpoint.`, 400);
        }
        if (kind === 'private' && !verifyChannelAuth(creds, conn.id, channel, data.auth)) {
          return subscriptionError(channel, 'AuthError', `Invalid signature for channel ${channel} and socket ${conn.id}.`, 401);
        }
        if (!conn.channels.has(channel) && conn.channels.size >= MAX_CHANNELS_PER_SOCKET) {
          return subscriptionError(channel, 'LimitReached', `At most ${MAX_CHANNELS_PER_SOCKET} channels per connection.`, 400);
        }
        hub.join(conn, channel);
        send(encode('pusher_internal:subscription_succeeded', '{}', channel));
      }

      function handle(message: { event: string; data?: unknown; channel?: unknown }) {
        switch (message.event) {
          case 'pusher:ping':
            return send(encode('pusher:pong', {}));
          case 'pusher:pong':
            return; // arm() above already counted it
          case 'pusher:subscribe':
            return subscribe(dataObject(message.data));
          case 'pusher:unsubscribe': {
            const channel = dataObject(message.data).channel;
            if (typeof channel === 'string') hub.leave(conn, channel);
            return;
          }
          case 'pusher:signin':
            return send(encode('pusher:error', { code: null, message: 'User authentication is not served by the embedded endpoint.' }));
          default:
            if (message.event.startsWith('client-')) {
              send(encode('pusher:error', { code: ERROR.clientEventRejected, message: 'Client events are not enabled.' }, typeof message.channel === 'string' ? message.channel : undefined));
            }
        }
      }

      arm();
      send(encode('pusher:connection_established', JSON.stringify({ socket_id: conn.id, activity_timeout: activityMs / 1000 })));
    },
  );

  // the HTTP API: its own scope, where a JSON body stays the exact string body_md5 was computed over
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_API_BODY }, (_request, body, done) => done(null, body));

    const api = (read: (body: unknown) => ApiEvent[]) => async (request: FastifyRequest<{ Params: { appId: string } }>, reply: FastifyReply) => {
      const url = request.raw.url ?? request.url;
      const q = url.indexOf('?');
      const verdict = verifyApiRequest(creds, {
        method: request.method,
        path: q < 0 ? url : url.slice(0, q),
        query: q < 0 ? '' : url.slice(q + 1),
        body: typeof request.body === 'string' ? request.body : '',
      });
      if (!verdict.ok) return reply.status(401).send({ error: verdict.reason, code: 401 });
      if (request.params.appId !== creds.appId) return reply.status(404).send({ error: 'Unknown app.', code: 404 });
      let events: ApiEvent[];
      try {
        let body: unknown;
        try {
          body = JSON.parse(typeof request.body === 'string' ? request.body : '');
        } catch {
          throw new ApiError(400, 'The body must be JSON.');
        }
        events = read(body);
      } catch (err) {
        if (err instanceof ApiError) return reply.status(err.status).send({ error: err.message, code: err.status });
        throw err;
      }
      await relayEvents(hub, bus, events, request.log);
      return {};
    };

    const route = { schema: { hide: true }, bodyLimit: MAX_API_BODY };
    scope.post('/apps/:appId/events', route, api((body) => [apiEvent(body)]));
    scope.post('/apps/:appId/batch_events', route, api((body) => {
      const batch = body && typeof body === 'object' ? (body as { batch?: unknown }).batch : undefined;
      if (!Array.isArray(batch) || batch.length === 0) throw new ApiError(400, 'Missing batch.');
      if (batch.length > MAX_BATCH) throw new ApiError(400, `At most ${MAX_BATCH} events per batch.`);
      return batch.map((e, i) => apiEvent(e, `batch[${i}]: `));
    }));
  });

  return hub;
}
