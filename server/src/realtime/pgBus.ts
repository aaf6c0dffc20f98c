/**
 * The embedded endpoint across nodes, on PostgreSQL: every node LISTENs on one channel through one
 * dedicated connection, and an event given to any node's HTTP events API goes out with pg_notify.
 * Each node (the publishing one included) hands what it hears to its own sockets, so a socket gets
 * an event exactly once, from the NOTIFY, whichever node it is connected to.
 *
 * A NOTIFY payload is at most 8000 bytes. An event (up to 10 KB of data, up to 100 channel names)
 * is sent as one notification when it fits, else split into numbered pieces sent in one transaction
 * (delivered together, in order) and put back together by the listeners.
 *
 * Events published while a node's listening connection is down do not reach that node's sockets
 * (as for a socket that is reconnecting); the connection comes back with a growing back-off (logged
 * once when lost and once when back, not at each try).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Client } from 'pg';
import type { Database } from '../db/schema';

export const BUS_CHANNEL = 'realtime_events';
/** PostgreSQL's limit is 8000 bytes; the header of a piece takes a few dozen */
export const MAX_PIECE_BYTES = 7800;
/** pieces of an event still missing after this long are dropped */
const REASSEMBLY_TIMEOUT_MS = 30_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** One event as the HTTP events API takes it (data already a string). */
export interface BusEvent {
  channels: string[];
  name: string;
  data: string;
  socketId?: string;
}

/** Splits a string into pieces of at most maxBytes UTF-8 bytes, never inside a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > maxBytes && current) {
      pieces.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  if (current || pieces.length === 0) pieces.push(current);
  return pieces;
}

/** The NOTIFY payloads of one event: `<id> <index> <count> <piece of the event's JSON>`. */
export function encodeEvent(event: BusEvent, maxBytes = MAX_PIECE_BYTES): string[] {
  const json = JSON.stringify({ c: event.channels, n: event.name, d: event.data, ...(event.socketId ? { s: event.socketId } : {}) });
  const pieces = splitUtf8(json, maxBytes);
  const id = randomBytes(8).toString('hex');
  return pieces.map((piece, i) => `${id} ${i} ${pieces.length} ${piece}`);
}

function decodeEvent(json: string): BusEvent | null {
  try {
    const v = JSON.parse(json) as { c?: unknown; n?: unknown; d?: unknown; s?: unknown };
    if (!Array.isArray(v.c) || !v.c.every((c) => typeof c === 'string') || typeof v.n !== 'string' || typeof v.d !== 'string') return null;
    return { channels: v.c as string[], name: v.n, data: v.d, ...(typeof v.s === 'string' ? { socketId: v.s } : {}) };
  } catch {
    return null;
  }
}

/** Puts pieces back together; answers each whole event once. */
export class Reassembler {
  private readonly partial = new Map<string, { pieces: (string | undefined)[]; got: number; timer: NodeJS.Timeout }>();

  accept(payload: string): BusEvent | null {
    const m = /^([0-9a-f]{16}) (\d{1,4}) (\d{1,4}) /.exec(payload);
    if (!m) return null;
    const [, id, indexText, countText] = m;
    const index = Number(indexText);
    const count = Number(countText);
    const piece = payload.slice(m[0].length);
    if (count < 1 || index >= count) return null;
    if (count === 1) return decodeEvent(piece);
    let entry = this.partial.get(id!);
    if (!entry) {
      const timer = setTimeout(() => this.partial.delete(id!), REASSEMBLY_TIMEOUT_MS);
      timer.unref();
      this.partial.set(id!, (entry = { pieces: new Array<string | undefined>(count), got: 0, timer }));
    }
    if (entry.pieces.length !== count || entry.pieces[index] !== undefined) return null;
    entry.pieces[index] = piece;
    if (++entry.got < count) return null;
    clearTimeout(entry.timer);
    this.partial.delete(id!);
    return decodeEvent(entry.pieces.join(''));
  }

  get pending(): number {
    return this.partial.size;
  }

  clear(): void {
    for (const entry of this.partial.values()) clearTimeout(entry.timer);
    this.partial.clear();
  }
}

export interface PgBusOptions {
  connectionString: string;
  /** the app's database: notifications are sent through its pool */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  channel?: string;
}

export class PgBus {
  private client: Client | null = null;
  private handler: ((event: BusEvent) => void) | null = null;
  private readonly reassembler = new Reassembler();
  private readonly channel: string;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private timer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  /** since when the listening connection has been down (logged once, and once when it is back) */
  private downSince: number | null = null;

  constructor(private readonly opts: PgBusOptions) {
    this.channel = opts.channel ?? BUS_CHANNEL;
  }

  /** true while the listening connection is up */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Who receives every event heard (this node's hub). */
  onEvent(handler: (event: BusEvent) => void): void {
    this.handler = handler;
  }

  /** Connects and LISTENs; a failure is logged and retried in the background (the app starts anyway). */
  async start(): Promise<void> {
    await this.connect();
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new Client({ connectionString: this.opts.connectionString });
      let gone = false;
      const lost = (err?: Error) => {
        if (gone) return;
        gone = true;
        if (this.client === client) this.client = null;
        client.removeAllListeners('notification');
        void client.end().catch(() => undefined);
        if (this.closed) return;
        if (this.downSince === null) {
          this.downSince = Date.now();
          this.opts.log.warn({ err: err?.message }, 'realtime: the LISTEN connection to PostgreSQL was lost; reconnecting');
        } else {
          this.opts.log.debug({ err: err?.message, retryMs: this.retryMs }, 'realtime: LISTEN not back yet');
        }
        this.schedule();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (msg) => {
        if (msg.channel !== this.channel || msg.payload === undefined) return;
        const event = this.reassembler.accept(msg.payload);
        if (!event) return;
        try {
          this.handler?.(event);
        } catch (err) {
          this.opts.log.warn({ err }, 'realtime: delivering an event failed');
        }
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
      } catch (err) {
        lost(err as Error);
        return;
      }
      if (this.closed) {
        gone = true;
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.retryMs = RECONNECT_MIN_MS;
      if (this.downSince !== null) {
        this.opts.log.warn({ downForSeconds: Math.round((Date.now() - this.downSince) / 100) / 10 }, 'realtime: the LISTEN connection to PostgreSQL is back');
        this.downSince = null;
      }
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
    this.timer.unref();
  }

  /** Sends events to every node (this one too); throws when PostgreSQL refused them. */
  async publish(events: readonly BusEvent[]): Promise<void> {
    const payloads = events.flatMap((e) => encodeEvent(e));
    if (payloads.length === 1) {
      await sql`SELECT pg_notify(${this.channel}, ${payloads[0]!})`.execute(this.opts.db);
      return;
    }
    // one transaction: the pieces (and the events of a batch) arrive together and in order
    await this.opts.db.transaction().execute(async (trx) => {
      for (const payload of payloads) await sql`SELECT pg_notify(${this.channel}, ${payload})`.execute(trx);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    this.reassembler.clear();
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  }
}
