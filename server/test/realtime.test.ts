/**
 * Real time over the Pusher protocol, end to end: the real pusher-js client (its Node build) connects
 * to the embedded endpoint of a listening server, is authorised by POST /api/admin/broadcasting/auth
 * and receives what the real `pusher` SDK publishes through the signed HTTP events API. Raw `ws`
 * clients check what pusher-js never sends: forged signatures, pings, a wrong key, idle sockets.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import http from 'node:http';
import PusherServer from 'pusher';
import PusherClient from 'pusher-js';
import WebSocket from 'ws';
import { Realtime } from '../src/realtime';
import { registerEmbeddedEndpoint } from '../src/realtime/embedded';
import { channelAuth, embeddedCredentials, signApiRequest, verifyChannelAuth } from '../src/realtime/protocol';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { call, fieldErrors } from './helpers/http';
import { freePort } from './helpers/serverProcess';
import { until, WAIT_CEILING_MS } from './helpers/until';

jest.setTimeout(180_000);

type Frame = { event: string; channel?: string; data?: unknown };

/** How long a frame may be awaited before the test fails. */
const FRAME_CEILING_MS = WAIT_CEILING_MS;

/** A raw WebSocket that queues every frame it receives, for step-by-step protocol checks. */
interface RawClient {
  ws: WebSocket;
  /** the next frame (of the given event, skipping others), or an error once the ceiling has passed */
  next(event?: string, timeoutMs?: number): Promise<Frame>;
  send(frame: Frame): void;
  /** every frame received so far */
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
}

function rawClient(url: string): Promise<RawClient> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  let cursor = 0;
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  // a ceiling, not a wait (a frame is taken as it comes): a machine busy with other work may be slow to send it
  const next = (event?: string, timeoutMs = FRAME_CEILING_MS) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event ?? 'frame'} within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
      const look = () => {
        while (cursor < frames.length) {
          const frame = frames[cursor++]!;
          if (!event || frame.event === event) {
            clearTimeout(timer);
            return resolve(frame);
          }
        }
        waiters.push(look);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next, frames, closed, send: (frame) => ws.send(JSON.stringify(frame)) }));
    ws.once('error', reject);
  });
}

const socketIdOf = (frame: Frame) => (JSON.parse(frame.data as string) as { socket_id: string }).socket_id;
const closeRaw = async (c: RawClient) => {
  if (c.ws.readyState === WebSocket.OPEN || c.ws.readyState === WebSocket.CONNECTING) c.ws.close();
  await c.closed;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('realtime (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  let realtime: Realtime;
  let rootPusherId: string;
  let other: { token: string; pusherId: string };
  const clients: PusherClient[] = [];
  const raws: RawClient[] = [];

  const wsUrl = (key = realtime.embedded!.key, query = 'protocol=7&client=js&version=8.6.0&flash=false') => `ws://127.0.0.1:${port}/app/${key}?${query}`;
  const raw = async (url = wsUrl()) => {
    const c = await rawClient(url);
    raws.push(c);
    return c;
  };
  /** the console's way in: pusher-js, authorised by the server's auth route with a bearer token */
  const consoleClient = (token: string) => {
    const client = new PusherClient(realtime.publicConfig().key, {
      cluster: realtime.publicConfig().cluster,
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `http://127.0.0.1:${port}/api/admin/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${token}` },
      },
    });
    clients.push(client);
    return client;
  };
  const subscription = (channel: ReturnType<PusherClient['subscribe']>) =>
    new Promise<{ ok: true } | { ok: false; error: { type?: string; status?: number } }>((resolve) => {
      channel.bind('pusher:subscription_succeeded', () => resolve({ ok: true }));
      channel.bind('pusher:subscription_error', (error: { type?: string; status?: number }) => resolve({ ok: false, error }));
    });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    realtime = t.app.ctx.realtime;
    rootPusherId = (await t.inject({ method: 'GET', url: '/api/admin/me', token: t.rootToken })).json().data.pusher_id;
    const sub = await adminWith(t, []);
    other = { token: sub.token, pusherId: (await t.inject({ method: 'GET', url: '/api/admin/me', token: sub.token })).json().data.pusher_id };
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all(raws.map(closeRaw));
    await t?.close();
  });

  it('with no PUSHER_* settings the embedded endpoint serves, with credentials derived from APP_KEY', () => {
    expect(t.config.pusher).toBeNull();
    expect(realtime.mode).toBe('embedded');
    expect(realtime.embedded).toEqual(embeddedCredentials(t.config.appKey));
    expect(realtime.embedded!.key).not.toBe(realtime.embedded!.secret);
    expect(embeddedCredentials(Buffer.alloc(32, 8)).key).not.toBe(realtime.embedded!.key);
    // both admin routes are in the route table (so the authorization matrix walks them), open to any signed-in admin
    const routes = t.app.routeTable.filter((r) => r.url === '/api/admin/realtime/config' || r.url === '/api/admin/broadcasting/auth');
    expect(routes.map((r) => [r.method, r.url, r.access]).sort()).toEqual([
      ['GET', '/api/admin/realtime/config', {}],
      ['POST', '/api/admin/broadcasting/auth', {}],
    ]);
  });

  it('GET /realtime/config gives the key and connection settings, never the secret', async () => {
    expect((await call(t, { method: 'GET', url: '/api/admin/realtime/config' })).statusCode).toBe(401);
    const res = await call(t, { method: 'GET', url: '/api/admin/realtime/config', token: other.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { enabled: true, mode: 'embedded', key: realtime.embedded!.key, host: null, port: null, tls: null, authEndpoint: '/api/admin/broadcasting/auth' },
    });
    expect(typeof res.json().data.cluster).toBe('string');
    expect(res.body).not.toContain(realtime.embedded!.secret);
  });

  it('pusher-js receives, on its own private channel, what the pusher SDK publishes', async () => {
    const client = consoleClient(t.rootToken);
    const channelName = realtime.channelForAdmin(rootPusherId);
    expect(channelName).toBe(`private-admin.${rootPusherId}`);
    const channel = client.subscribe(channelName);
    expect(await subscription(channel)).toEqual({ ok: true });
    expect(realtime.hub!.subscribers(channelName)).toBe(1);

    const received = new Promise<unknown>((resolve) => channel.bind('notification.created', resolve));
    const payload = { title: 'Campaign approved', body: 'Ünïcödé ✓', id: 7 };
    expect(await realtime.publish(channelName, 'notification.created', payload)).toBe(true);
    expect(await received).toEqual(payload);

    // excluded socket: the publisher may skip the socket that caused the event (the SDK's socket_id)
    const skipped = jest.fn();
    channel.bind('skipped', skipped);
    expect(await realtime.publish(channelName, 'skipped', { x: 1 }, { socketId: client.connection.socket_id })).toBe(true);
    const after = new Promise<unknown>((resolve) => channel.bind('after', resolve));
    expect(await realtime.publish(channelName, 'after', 'plain text')).toBe(true);
    expect(await after).toBe('plain text');
    expect(skipped).not.toHaveBeenCalled();
  });

  it("subscribing to another admin's channel: the auth route says 403 and pusher-js reports a subscription error", async () => {
    const client = consoleClient(t.rootToken);
    const channel = client.subscribe(realtime.channelForAdmin(other.pusherId));
    const outcome = await subscription(channel);
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ type: 'AuthError', status: 403 }) });
    expect(realtime.hub!.subscribers(realtime.channelForAdmin(other.pusherId))).toBe(0);
  });

  describe('POST /broadcasting/auth', () => {
    const url = '/api/admin/broadcasting/auth';
    const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

    it('signs the own channel, as a form (pusher-js) or as JSON', async () => {
      const channel = realtime.channelForAdmin(other.pusherId);
      const asForm = await call(t, {
        method: 'POST', url, token: other.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ socket_id: '123.456', channel_name: channel }),
      });
      expect(asForm.statusCode).toBe(200);
      const asJson = await call(t, { method: 'POST', url, token: other.token, payload: { socket_id: '123.456', channel_name: channel } });
      expect(asJson.json()).toEqual(asForm.json());
      const { auth } = asForm.json() as { auth: string };
      expect(auth).toBe(channelAuth(realtime.embedded!, '123.456', channel));
      expect(verifyChannelAuth(realtime.embedded!, '123.456', channel, auth)).toBe(true);
      // the signature is bound to the socket and to the channel
      expect(verifyChannelAuth(realtime.embedded!, '123.457', channel, auth)).toBe(false);
      expect(verifyChannelAuth(realtime.embedded!, '123.456', realtime.channelForAdmin(rootPusherId), auth)).toBe(false);
    });

    it('refuses other channels (403), anonymous callers (401) and malformed input (422)', async () => {
      for (const channel_name of [realtime.channelForAdmin(rootPusherId), `private-admin.${other.pusherId}x`, 'private-admin.', 'public-news', `presence-admin.${other.pusherId}`]) {
        const res = await call(t, { method: 'POST', url, token: other.token, payload: { socket_id: '1.2', channel_name } });
        expect([channel_name, res.statusCode]).toEqual([channel_name, 403]);
        expect(res.json()).toMatchObject({ success: false, message: 'This action is unauthorized.' });
      }
      expect((await call(t, { method: 'POST', url, payload: { socket_id: '1.2', channel_name: realtime.channelForAdmin(other.pusherId) } })).statusCode).toBe(401);
      for (const socket_id of ['', 'abc', '1.2.3', '1:2', '1.2\n', '<script>']) {
        const errors = fieldErrors(await call(t, { method: 'POST', url, token: other.token, payload: { socket_id, channel_name: realtime.channelForAdmin(other.pusherId) } }));
        expect(Object.keys(errors)).toContain('socket_id');
      }
      expect(Object.keys(fieldErrors(await call(t, { method: 'POST', url, token: other.token, payload: { socket_id: '1.2' } })))).toEqual(['channel_name']);
      expect(Object.keys(fieldErrors(await call(t, {
        method: 'POST', url, token: other.token, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ channel_name: 'x' }),
      })))).toEqual(expect.arrayContaining(['socket_id']));
      expect((await call(t, { method: 'POST', url, token: other.token })).statusCode).toBe(422);
    });
  });

  describe('the WebSocket endpoint (raw ws)', () => {
    it('connection_established carries a socket id and the activity timeout; ping → pong', async () => {
      const c = await raw();
      const hello = await c.next();
      expect(hello.event).toBe('pusher:connection_established');
      expect(typeof hello.data).toBe('string');
      expect(JSON.parse(hello.data as string)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 30 });
      c.send({ event: 'pusher:ping', data: {} });
      expect(await c.next()).toEqual({ event: 'pusher:pong', data: {} });
      // garbage is ignored, the connection lives on
      c.ws.send('not json');
      c.ws.send(JSON.stringify([1, 2]));
      c.send({ event: 'pusher:ping', data: {} });
      expect((await c.next()).event).toBe('pusher:pong');
    });

    it('a forged or borrowed signature is refused and nothing is delivered; the server-signed one is accepted', async () => {
      const c = await raw();
      const socketId = socketIdOf(await c.next('pusher:connection_established'));
      const channel = realtime.channelForAdmin(other.pusherId);
      const forged = [
        `${realtime.embedded!.key}:${'0'.repeat(64)}`,
        channelAuth({ ...realtime.embedded!, secret: 'guessed-secret' }, socketId, channel),
        channelAuth(realtime.embedded!, '1.1', channel), // signed for another socket
        channelAuth(realtime.embedded!, socketId, `${channel}x`), // signed for another channel
        `other-key:${channelAuth(realtime.embedded!, socketId, channel).split(':')[1]}`, // right digest, wrong key
        'no-colon',
        '',
      ];
      for (const auth of forged) {
        c.send({ event: 'pusher:subscribe', data: { channel, auth } });
        const refusal = await c.next();
        expect(refusal).toEqual({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: expect.any(String), status: 401 } });
      }
      c.send({ event: 'pusher:subscribe', data: { channel } });
      expect((await c.next()).event).toBe('pusher:subscription_error');
      expect(realtime.hub!.subscribers(channel)).toBe(0);
      expect(await realtime.publish(channel, 'secret-event', { leak: true })).toBe(true);
      await sleep(200);
      expect(c.frames.filter((f) => f.event === 'secret-event')).toEqual([]);

      // the same socket with the server's own signature (from the auth route) gets in and receives events
      const res = await call(t, { method: 'POST', url: '/api/admin/broadcasting/auth', token: other.token, payload: { socket_id: socketId, channel_name: channel } });
      c.send({ event: 'pusher:subscribe', data: { channel, auth: res.json().auth } });
      expect(await c.next()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
      await realtime.publish(channel, 'hello', { n: 1 });
      expect(await c.next()).toEqual({ event: 'hello', channel, data: JSON.stringify({ n: 1 }) });
      c.send({ event: 'pusher:unsubscribe', data: { channel } });
      await until(() => realtime.hub!.subscribers(channel) === 0, 'the unsubscribed socket left the channel');
    });

    it('public channels need no signature; presence channels and client events are refused', async () => {
      const c = await raw();
      await c.next('pusher:connection_established');
      c.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
      expect(await c.next()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'news', data: '{}' });
      c.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: 'x:y', channel_data: '{}' } });
      expect(await c.next()).toMatchObject({ event: 'pusher:subscription_error', channel: 'presence-room', data: { type: 'UnsupportedChannel' } });
      c.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
      expect(await c.next()).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'InvalidChannel' } });
      c.send({ event: 'client-typing', channel: 'news', data: {} });
      expect(await c.next()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } });
      await realtime.publish(['news', 'elsewhere'], 'headline', { a: 1 });
      expect(await c.next()).toEqual({ event: 'headline', channel: 'news', data: '{"a":1}' });
    });

    it('a wrong app key → pusher:error 4001 and the socket is closed with 4001; so is an unsupported protocol (4007)', async () => {
      const c = await raw(wsUrl('not-the-key'));
      expect(await c.next()).toEqual({ event: 'pusher:error', data: { code: 4001, message: expect.stringContaining('does not exist') } });
      expect((await c.closed).code).toBe(4001);
      const old = await raw(wsUrl(undefined, 'protocol=4'));
      expect(await old.next()).toMatchObject({ event: 'pusher:error', data: { code: 4007 } });
      expect((await old.closed).code).toBe(4007);
    });
  });

  describe('the HTTP events API', () => {
    const path = () => `/apps/${realtime.embedded!.appId}/events`;
    const event = (channel = 'news') => JSON.stringify({ name: 'e', channels: [channel], data: '{}' });
    const post = (query: string, body: string, url = path()) =>
      t.inject({ method: 'POST', url: `${url}?${query}`, headers: { 'content-type': 'application/json' }, payload: body });

    it('the SDK with a wrong secret (or key) is refused with 401', async () => {
      const target = { host: '127.0.0.1', port: String(port), useTLS: false };
      const wrongSecret = new PusherServer({ ...realtime.embedded!, secret: 'not-the-secret', ...target });
      await expect(wrongSecret.trigger('news', 'e', {})).rejects.toMatchObject({ status: 401 });
      const wrongKey = new PusherServer({ ...realtime.embedded!, key: 'not-the-key', ...target });
      await expect(wrongKey.trigger('news', 'e', {})).rejects.toMatchObject({ status: 401 });
      const right = new PusherServer({ ...realtime.embedded!, ...target });
      expect((await right.trigger('news', 'e', {})).status).toBe(200);
      expect((await right.triggerBatch([{ channel: 'news', name: 'e', data: {} }, { channel: 'other', name: 'f', data: 'x' }])).status).toBe(200);
    });

    it('checks the timestamp, the body digest and the signature of every request', async () => {
      const creds = realtime.embedded!;
      const body = event();
      const signed = (extra: { timestamp?: number; body?: string; path?: string } = {}) =>
        signApiRequest(creds, { method: 'POST', path: extra.path ?? path(), body: extra.body ?? body, timestamp: extra.timestamp });
      expect((await post(signed(), body)).statusCode).toBe(200);
      expect((await post(signed(), body)).json()).toEqual({});
      // beyond the allowed 600 s either way, by a few seconds: the server reads its clock a moment later
      // (in the same second most of the time; a second later on a busy machine, when 601 s ahead is 600)
      const now = () => Math.floor(Date.now() / 1000);
      expect((await post(signed({ timestamp: now() - 605 }), body)).statusCode).toBe(401);
      expect((await post(signed({ timestamp: now() + 605 }), body)).statusCode).toBe(401);
      expect((await post(signed({ timestamp: now() - 500 }), body)).statusCode).toBe(200);
      // the body was changed after signing (and body_md5 kept)
      expect((await post(signed(), event('private-admin.someone'))).statusCode).toBe(401);
      // the signature covers the path: batch_events with an events signature
      expect((await post(signed(), body, `/apps/${creds.appId}/batch_events`)).statusCode).toBe(401);
      const query = signed();
      expect((await post(query.replace(/auth_signature=[0-9a-f]+/, `auth_signature=${'a'.repeat(64)}`), body)).statusCode).toBe(401);
      expect((await post(query.replace(/&auth_signature=[0-9a-f]+/, ''), body)).statusCode).toBe(401);
      expect((await post(`${query}&auth_key=${creds.key}`, body)).statusCode).toBe(401);
      expect((await post('', body)).statusCode).toBe(401);
      const refused = await post(signed({ timestamp: now() - 605 }), body);
      expect(refused.json()).toEqual({ error: expect.stringContaining('Timestamp'), code: 401 });
      expect(refused.body).not.toContain(creds.secret);
    });

    it('a signed request with a bad event → 400; oversized data → 413; an unknown app → 404', async () => {
      const creds = realtime.embedded!;
      const send = (payload: unknown, url = path()) => {
        const body = JSON.stringify(payload);
        return post(signApiRequest(creds, { method: 'POST', path: url, body }), body, url);
      };
      expect((await send({ name: 'e', channels: [], data: '{}' })).statusCode).toBe(400);
      expect((await send({ name: 'e', channels: ['bad name'], data: '{}' })).statusCode).toBe(400);
      expect((await send({ name: '', channels: ['news'], data: '{}' })).statusCode).toBe(400);
      expect((await send({ name: 'e', channels: ['news'], data: { not: 'a string' } })).statusCode).toBe(400);
      expect((await send({ name: 'e', channels: Array.from({ length: 101 }, (_, i) => `c${i}`), data: '{}' })).statusCode).toBe(400);
      expect((await send({ name: 'e', channels: ['news'], data: 'x'.repeat(10 * 1024 + 1) })).statusCode).toBe(413);
      expect((await send({ name: 'e', channels: ['news'], data: '{}' }, '/apps/1/events')).statusCode).toBe(404);
      expect((await send({ batch: [] }, `/apps/${creds.appId}/batch_events`)).statusCode).toBe(400);
      expect((await send({ batch: Array.from({ length: 11 }, () => ({ name: 'e', channel: 'news', data: '' })) }, `/apps/${creds.appId}/batch_events`)).statusCode).toBe(400);
      const body = 'not json';
      expect((await post(signApiRequest(creds, { method: 'POST', path: path(), body }), body)).statusCode).toBe(400);
    });
  });

  it('publishing never throws: not listening, or the service unreachable, is a logged false', async () => {
    const idle = new Realtime({ config: t.config, log: t.app.log, server: () => null });
    await expect(idle.publish('news', 'e', {})).resolves.toBe(false);
    idle.close();
    const unreachable = new Realtime({
      config: { ...t.config, pusher: { appId: '1', key: 'k', secret: 's', host: '127.0.0.1', port: 1, cluster: null, tls: false } },
      log: t.app.log,
      server: () => null,
    });
    await expect(unreachable.publish('news', 'e', {})).resolves.toBe(false);
    // an invalid channel name is the SDK's own error, also caught
    await expect(unreachable.publish('bad channel!', 'e', {})).resolves.toBe(false);
    // the embedded endpoint skips the HTTP call for a channel no socket listens to
    expect(realtime.hub?.subscribers('private-changes.nobody-listens')).toBe(0);
    await expect(realtime.publish('private-changes.nobody-listens', 'e', {})).resolves.toBe(true);
    unreachable.close();
  });
});

describe('realtime with PUSHER_* settings (Pusher Channels or Soketi)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { PUSHER_APP_ID: '42', PUSHER_KEY: 'soketi-key', PUSHER_SECRET: 'soketi-secret', PUSHER_HOST: 'soketi.internal', PUSHER_PORT: '6001', PUSHER_TLS: 'false' });
  });
  afterAll(() => t?.close());

  it('the embedded endpoint is off; the console is told to connect to the service; the auth route signs with its secret', async () => {
    expect(t.app.ctx.realtime.mode).toBe('external');
    expect(t.app.ctx.realtime.embedded).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/app/soketi-key?protocol=7' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/apps/42/events', payload: {} })).statusCode).toBe(404);
    const config = await t.inject({ method: 'GET', url: '/api/admin/realtime/config', token: t.rootToken });
    expect(config.json().data).toEqual({
      enabled: true, mode: 'external', key: 'soketi-key', host: 'soketi.internal', port: 6001, tls: false, cluster: 'mt1', authEndpoint: '/api/admin/broadcasting/auth',
    });
    expect(config.body).not.toContain('soketi-secret');
    const pusherId = (await t.inject({ method: 'GET', url: '/api/admin/me', token: t.rootToken })).json().data.pusher_id;
    const channel = `private-admin.${pusherId}`;
    const res = await t.inject({ method: 'POST', url: '/api/admin/broadcasting/auth', token: t.rootToken, payload: { socket_id: '5.6', channel_name: channel } });
    expect(res.json()).toEqual({ auth: new PusherServer({ appId: '42', key: 'soketi-key', secret: 'soketi-secret', host: 'x' }).authorizeChannel('5.6', channel).auth });
    expect(verifyChannelAuth({ appId: '42', key: 'soketi-key', secret: 'soketi-secret' }, '5.6', channel, res.json().auth)).toBe(true);
  });
});

describe('an external real-time service that goes away and comes back', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // nothing listens on its port yet
    t = await startTestApp('sqlite', { PUSHER_APP_ID: '42', PUSHER_KEY: 'soketi-key', PUSHER_SECRET: 'soketi-secret', PUSHER_HOST: '127.0.0.1', PUSHER_PORT: String(port), PUSHER_TLS: 'false' });
  });
  afterAll(() => t?.close());

  it('writes and notifications succeed without it, its outage is said once; once it takes events again, the outage ends', async () => {
    const { realtime, outages } = t.app.ctx;
    expect(realtime.mode).toBe('external');
    const channel = realtime.channelForChanges('districts');
    expect(await realtime.publish(channel, 'changed', { action: 'update' })).toBe(false);
    expect(outages.downSince('realtime')).toBeInstanceOf(Date);
    const since = outages.downSince('realtime');
    // a write announces itself on its resource's channel: the write is taken, the failure only noted
    const created = await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title: 'Without real time' } });
    expect(created.statusCode).toBe(200);
    expect(await realtime.publish(channel, 'changed', { action: 'update' })).toBe(false);
    expect(outages.downSince('realtime')).toBe(since);

    // the service comes back on its address
    const received: string[] = [];
    const service = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(`${req.method} ${req.url?.split('?')[0]}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => service.listen(port, '127.0.0.1', resolve));
    try {
      expect(await realtime.publish(channel, 'changed', { action: 'update' })).toBe(true);
      expect(received).toContain('POST /apps/42/events');
      expect(outages.downSince('realtime')).toBeNull();
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });
});

describe('idle sockets', () => {
  let app: FastifyInstance;
  const creds = embeddedCredentials(Buffer.alloc(32, 3));
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await registerEmbeddedEndpoint(app, { credentials: creds, activityTimeoutS: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('a silent socket is pinged after the activity timeout and closed with 4201 after twice it; an answering one stays', async () => {
    const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/app/${creds.key}?protocol=7`;
    const silent = await rawClient(url);
    const answering = await rawClient(url);
    answering.ws.on('message', (data) => {
      if ((JSON.parse(data.toString()) as Frame).event === 'pusher:ping') answering.send({ event: 'pusher:pong', data: {} });
    });
    expect(JSON.parse((await silent.next('pusher:connection_established')).data as string).activity_timeout).toBe(1);
    const started = Date.now();
    // no upper bound in time: on a busy machine the server's timer fires late (3 s was once too little)
    expect(await silent.next('pusher:ping')).toEqual({ event: 'pusher:ping', data: {} });
    const { code } = await silent.closed;
    expect(code).toBe(4201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    expect(answering.frames.filter((f) => f.event === 'pusher:ping').length).toBeGreaterThanOrEqual(1);
    await closeRaw(answering);
  });
});
