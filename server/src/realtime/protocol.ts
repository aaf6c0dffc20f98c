/**
 * The Pusher Channels protocol (version 7) as the embedded endpoint speaks it: credentials, the
 * private-channel signature, the HTTP API's request signature and the message shapes. Pure functions
 * only; the socket server is in embedded.ts.
 *
 * Message shapes follow what pusher-js 8 parses (src/core/connection/protocol/protocol.ts,
 * src/core/channels/channel.ts) and what Soketi sends (src/ws-handler.ts):
 *   server → client  pusher:connection_established  data: JSON string {socket_id, activity_timeout}
 *                    pusher:error                   data: {code, message}
 *                    pusher:ping / pusher:pong      data: {}
 *                    pusher_internal:subscription_succeeded  channel, data: "{}"
 *                    pusher:subscription_error      channel, data: {type, error, status}
 *                    <event>                        channel, data: the string the publisher sent
 *   client → server  pusher:ping, pusher:pong, pusher:subscribe {channel, auth?}, pusher:unsubscribe {channel}
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const PROTOCOL_VERSION = 7;
/** oldest protocol whose messages are the ones above (Pusher serves 5 to 7) */
export const MIN_PROTOCOL_VERSION = 5;
/** seconds of silence after which either side pings; the server closes after twice this */
export const ACTIVITY_TIMEOUT_S = 30;
/** the HTTP API's clock tolerance, as Pusher's */
export const MAX_CLOCK_SKEW_S = 600;
/** channel names: Pusher's alphabet; 200 characters as the official SDK's check */
export const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]{1,200}$/;
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;
export const MAX_EVENT_NAME = 200;

/** Pusher's close / error codes used here (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/#error-codes) */
export const ERROR = {
  /** 4001: the application does not exist */
  appNotFound: 4001,
  /** 4007: unsupported protocol version */
  unsupportedProtocol: 4007,
  /** 4009: connection is unauthorized */
  unauthorized: 4009,
  /** 4100: over capacity (the client backs off) */
  overCapacity: 4100,
  /** 4200: generic reconnect immediately (the server is going away) */
  reconnect: 4200,
  /** 4201: pong reply not received */
  pongTimeout: 4201,
  /** 4301: client event rejected */
  clientEventRejected: 4301,
} as const;

export interface PusherCredentials {
  appId: string;
  key: string;
  secret: string;
}

/**
 * The embedded endpoint's credentials, derived from APP_KEY with labelled HMACs: every node with the
 * same APP_KEY computes the same ones, nothing is stored, and the secret never leaves the server.
 * The key is public (the console connects with it); the app id only names the app in API paths.
 */
export function embeddedCredentials(appKey: Buffer): PusherCredentials {
  const derive = (label: string) => createHmac('sha256', appKey).update(`realtime:pusher:${label}`).digest();
  return {
    appId: String(1_000_000 + (derive('app-id').readUInt32BE(0) % 9_000_000)),
    key: derive('key').subarray(0, 10).toString('hex'),
    secret: derive('secret').toString('hex'),
  };
}

/** A Pusher-like socket id: two random integers joined by a dot. */
export const newSocketId = (): string => `${randomInt(1, 2 ** 40)}.${randomInt(1, 2 ** 40)}`;

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence';
export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('private-encrypted-')) return 'encrypted';
  if (channel.startsWith('private-')) return 'private';
  if (channel.startsWith('presence-')) return 'presence';
  return 'public';
}

const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data, 'utf8').digest('hex');

/** `<key>:<hex HMAC-SHA256(secret, "<socket_id>:<channel>")>`, as the SDK's authorizeChannel gives. */
export const channelAuth = (creds: PusherCredentials, socketId: string, channel: string): string =>
  `${creds.key}:${hmacHex(creds.secret, `${socketId}:${channel}`)}`;

/** Constant-time comparison of two hex digests (false for anything that is not one). */
function sameHexDigest(given: string, expected: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}

/** Checks a subscription's `auth` field for a private channel. */
export function verifyChannelAuth(creds: PusherCredentials, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon < 0 || auth.slice(0, colon) !== creds.key) return false;
  return sameHexDigest(auth.slice(colon + 1), hmacHex(creds.secret, `${socketId}:${channel}`));
}

/* ---------------- HTTP API request signatures ---------------- */

const md5Hex = (body: string) => createHash('md5').update(body, 'utf8').digest('hex');

/** The string the signature covers: method, path and the sorted query without auth_signature, as `key=value` of the decoded values. */
function stringToSign(method: string, path: string, params: [string, string][]): string {
  const sorted = params
    .filter(([k]) => k !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${sorted}`;
}

/** The query string the official SDK builds for a request (lib/requests.js createSignedQueryString); tests forge requests with it. */
export function signApiRequest(
  creds: Pick<PusherCredentials, 'key' | 'secret'>,
  request: { method: string; path: string; body?: string; timestamp?: number; params?: Record<string, string> },
): string {
  const params: Record<string, string> = {
    auth_key: creds.key,
    auth_timestamp: String(request.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...(request.body ? { body_md5: md5Hex(request.body) } : {}),
    ...request.params,
  };
  const entries = Object.entries(params);
  const signature = hmacHex(creds.secret, stringToSign(request.method, request.path, entries));
  return [...entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`), `auth_signature=${signature}`].join('&');
}

export type ApiVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Verifies a signed HTTP API request: auth_key, auth_version 1.0, a timestamp within 600 s,
 * body_md5 of the exact body, and auth_signature over method, path and the other parameters.
 */
export function verifyApiRequest(
  creds: PusherCredentials,
  request: { method: string; path: string; query: string; body: string; nowS?: number },
): ApiVerdict {
  const entries = [...new URLSearchParams(request.query)];
  const params = new Map<string, string>();
  for (const [k, v] of entries) {
    if (params.has(k)) return { ok: false, reason: `Duplicate query parameter ${k}.` };
    params.set(k, v);
  }
  for (const required of ['auth_key', 'auth_timestamp', 'auth_version', 'auth_signature']) {
    if (!params.get(required)) return { ok: false, reason: `Missing ${required}.` };
  }
  if (params.get('auth_key') !== creds.key) return { ok: false, reason: 'Unknown auth_key.' };
  if (params.get('auth_version') !== '1.0') return { ok: false, reason: 'Unsupported auth_version.' };
  const timestamp = Number(params.get('auth_timestamp'));
  const now = request.nowS ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > MAX_CLOCK_SKEW_S) {
    return { ok: false, reason: `Timestamp expired: given ${params.get('auth_timestamp')}, now ${now}; allowed skew ${MAX_CLOCK_SKEW_S} s.` };
  }
  if (request.body.length > 0 || params.has('body_md5')) {
    const given = params.get('body_md5') ?? '';
    if (!/^[0-9a-f]{32}$/i.test(given) || given.toLowerCase() !== md5Hex(request.body)) return { ok: false, reason: 'body_md5 does not match the body.' };
  }
  const expected = hmacHex(creds.secret, stringToSign(request.method, request.path, entries));
  if (!sameHexDigest(params.get('auth_signature')!, expected)) return { ok: false, reason: 'Invalid signature.' };
  return { ok: true };
}

/* ---------------- messages ---------------- */

export interface ClientMessage {
  event: string;
  channel?: unknown;
  data?: unknown;
}

/** A client frame as a message, or null when it is not one (not JSON, no event name). */
export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const message = value as Record<string, unknown>;
  return typeof message.event === 'string' ? (message as unknown as ClientMessage) : null;
}

export const encode = (event: string, data: unknown, channel?: string): string =>
  JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
