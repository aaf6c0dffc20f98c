/**
 * The embedded endpoint across nodes (realtime/pgBus.ts): on PostgreSQL an event given to the HTTP
 * events API goes out by NOTIFY and every node's hub delivers it, this node's once; an event over
 * NOTIFY's 8000 bytes goes in pieces and arrives whole; a second bus on the same database (another
 * node) hears it too; a dropped LISTEN connection comes back. On SQLite there is no bus.
 */
import { Client } from 'pg';
import WebSocket from 'ws';
import { PgBus, Reassembler, encodeEvent, splitUtf8, type BusEvent } from '../src/realtime/pgBus';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { until } from './helpers/until';

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pieces of an event', () => {
  it('splits text at character boundaries, each piece within the byte limit', () => {
    const text = 'aé✓😀'.repeat(500);
    const pieces = splitUtf8(text, 100);
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(100);
    expect(splitUtf8('', 100)).toEqual(['']);
  });

  it('a small event is one payload; a big one is several under 8000 bytes, put back together in any order, once', () => {
    const small: BusEvent = { channels: ['private-admin.x'], name: 'notification', data: '{"id":1}' };
    expect(encodeEvent(small)).toHaveLength(1);
    const r = new Reassembler();
    expect(r.accept(encodeEvent(small)[0]!)).toEqual(small);

    const big: BusEvent = { channels: Array.from({ length: 100 }, (_, i) => `private-changes.resource-${i}`), name: 'changed', data: 'Ünïcödé ✓ '.repeat(900), socketId: '123.456' };
    const payloads = encodeEvent(big);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const other = encodeEvent({ ...big, name: 'other' });
    // interleaved with another event's pieces, last piece first, one piece repeated before the end
    const order = [payloads.at(-1)!, other[0]!, payloads[0]!, ...payloads.slice(0, -1), ...other.slice(1)];
    const out = order.map((p) => r.accept(p)).filter(Boolean);
    expect(out).toEqual([big, { ...big, name: 'other' }]);
    expect(r.pending).toBe(0);
    expect(r.accept('not a payload')).toBeNull();
    expect(r.accept('0123456789abcdef 0 1 {not json')).toBeNull();
  });
});

describe.each(DIALECTS)('the bus (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  const sockets: WebSocket[] = [];

  /** a raw socket on the endpoint, subscribed to a public channel; the events it gets */
  async function listen(channel: string): Promise<{ events: { event: string; data: string }[] }> {
    const key = t.app.ctx.realtime.embedded!.key;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`);
    sockets.push(ws);
    const events: { event: string; data: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { event: string; data: string; channel?: string };
        if (frame.event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
        else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
        else if (frame.event === 'pusher:subscription_error') reject(new Error(`subscription to ${channel} refused: ${frame.data}`));
        else if (!frame.event.startsWith('pusher')) events.push({ event: frame.event, data: frame.data });
      });
    });
    return { events };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.close();
    await t?.close();
  });

  it(dialect === 'postgres' ? 'is on: a publish reaches the socket once, through NOTIFY, however big' : 'is off on SQLite: events go to this process only', async () => {
    const realtime = t.app.ctx.realtime;
    expect(realtime.bus !== null).toBe(dialect === 'postgres');
    const { events } = await listen('news');
    const data = { text: 'Ünïcödé ✓ '.repeat(550) };
    expect(Buffer.byteLength(JSON.stringify(data))).toBeGreaterThan(8000);
    expect(await realtime.publish('news', 'big', data)).toBe(true);
    expect(await realtime.publish('news', 'small', { n: 1 })).toBe(true);
    await until(() => events.length >= 2, 'both events');
    await sleep(300);
    expect(events.map((e) => e.event)).toEqual(['big', 'small']);
    expect(JSON.parse(events[0]!.data)).toEqual(data);
  });

  if (dialect !== 'postgres') return;

  it('another node (a second bus on the same database) hears what this node publishes, and this node hears it', async () => {
    const realtime = t.app.ctx.realtime;
    const { events } = await listen('district-news');
    const other = new PgBus({ connectionString: t.config.databaseUrl!, db: t.db.db, log: t.app.log });
    const heard: BusEvent[] = [];
    other.onEvent((e) => heard.push(e));
    await other.start();
    try {
      // published on this node (no subscriber here would once have skipped it)
      expect(await realtime.publish('private-changes.nobody-here', 'changed', { id: 'x' })).toBe(true);
      await until(() => heard.some((e) => e.channels.includes('private-changes.nobody-here')), 'the other node hears');
      // published by the other node: this node's socket gets it once
      await other.publish([{ channels: ['district-news'], name: 'changed', data: '{"id":"y"}' }]);
      await until(() => events.length > 0, 'this node delivers');
      await sleep(300);
      expect(events).toEqual([{ event: 'changed', data: '{"id":"y"}' }]);
    } finally {
      await other.close();
    }
  });

  it('a dropped LISTEN connection comes back, and events flow again', async () => {
    const realtime = t.app.ctx.realtime;
    const { events } = await listen('reconnect');
    const admin = new Client({ connectionString: t.config.databaseUrl! });
    await admin.connect();
    try {
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN realtime_events' AND pid <> pg_backend_pid()`);
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      await until(() => !realtime.bus!.listening, 'the drop is noticed');
      await until(() => realtime.bus!.listening, 'the connection is back');
      expect(await realtime.publish('reconnect', 'again', { ok: true })).toBe(true);
      await until(() => events.length > 0, 'the event after the reconnect');
      expect(events).toEqual([{ event: 'again', data: '{"ok":true}' }]);
    } finally {
      await admin.end();
    }
  });
});
