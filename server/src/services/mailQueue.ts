/**
 * Outgoing email through a queue in the database (`mail_queue`, migration 0035), so that a reset link
 * or a first password is not lost when the mail server is away, nor when the node that queued it stops:
 * a message is a row, queued in the transaction of the write that asked for it, and the request answers
 * at once. Every node sends what is due: it claims a row (a conditional update: one node sends it) and
 * hands it to the mail transport (SMTP, or the .eml outbox); a failure puts the row off with a growing
 * wait (10 s, 20 s, 40 s ... at most 10 min) and keeps the mail server's words for the admins
 * (`GET /api/admin/mail-queue`). A mail server that cannot be reached stops the round (logged once as
 * an outage, probed every 2 s: see Outages), and when it answers again everything waiting is sent at
 * once; a refusal of one message (its recipient) only puts that message off.
 *
 * A body may hold a reset link or a first password: it is kept encrypted (AES-256-GCM under a key
 * derived from APP_KEY, which every node shares) and emptied once sent; the admins' view never shows it.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Mail, Mailer } from './mail';
import { NETWORK_CODES, type Outages, unavailableDependency } from './outages';

declare module '../db/schema' {
  interface Database {
    mail_queue: {
      id: Generated<number>;
      kind: MailKind;
      recipient: string;
      subject: string;
      /** the encrypted { text, html } while pending; null once sent */
      body: string | null;
      status: 'pending' | 'sent';
      attempts: number;
      next_attempt_at: string;
      /** a node is sending it until then */
      claimed_until: string | null;
      last_error: string | null;
      created_at: string;
      sent_at: string | null;
    };
  }
}

export const MAIL_KINDS = ['reset', 'credentials', 'email_changed', 'sign_in_alert'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** between two looks for due messages on each node (a message queued on this node is sent at once) */
const POLL_MS = 5_000;
/** how long a node may take to send one message before another may take it */
const CLAIM_MS = 60_000;
const BACKOFF_FIRST_MS = 10_000;
const BACKOFF_MAX_MS = 10 * 60_000;
/** messages sent are kept (without their body) this long for the admins' view */
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const BATCH = 20;

const stamp = (at = Date.now()) => new Date(at).toISOString();

/** the wait before the next try after `attempts` failed ones */
export const backoffMs = (attempts: number): number => Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));

export interface MailQueueOptions {
  db: Kysely<Database>;
  /** what delivers a message: SMTP or the outbox */
  transport: Mailer;
  appKey: Buffer;
  log: FastifyBaseLogger;
  outages: Outages;
  pollMs?: number;
}

/** One message of the admins' view: no body, the recipient partly hidden. */
export interface QueuedMailView {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string;
  status: 'pending' | 'sent';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MailQueueState {
  pending: number;
  /** pending messages that have failed at least once */
  failing: number;
  sent_last_day: number;
  oldest_pending_at: string | null;
  /** since when this node has found the mail server away; null while it answers */
  unavailable_since: string | null;
  recent: QueuedMailView[];
}

/** `amina.khan@example.org` → `a•••@example.org`: who it is for, without the whole address */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '•••' : `${address[0]}•••${address.slice(at)}`;
}

export class MailQueue {
  private readonly key: Buffer;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private lastPrune = 0;

  constructor(private readonly opts: MailQueueOptions) {
    this.key = createHmac('sha256', opts.appKey).update('mail-queue').digest();
    // the mail server answers again: what waits for it goes now
    opts.outages.onBack('mail', () => void this.sendWaitingNow());
  }

  /** Queues a message in the caller's transaction (or on the database); `kick()` after the commit sends it at once. */
  async queue(db: Kysely<Database>, kind: MailKind, mail: Mail): Promise<void> {
    const now = stamp();
    await db
      .insertInto('mail_queue')
      .values({ kind, recipient: mail.to, subject: mail.subject, body: this.seal({ text: mail.text, html: mail.html }), status: 'pending', attempts: 0, next_attempt_at: now, claimed_until: null, last_error: null, created_at: now, sent_at: null })
      .execute();
  }

  /** Looks for due messages now (after a queueing transaction committed); never throws. */
  kick(): void {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.trouble(err))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no round of sending is under way (what a request queued and kicked has gone, or failed). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining.catch(() => undefined);
  }

  /** Starts looking every few seconds (each node). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops looking; waits for the message being sent, if any. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining?.catch(() => undefined);
  }

  /** Sends every due message this node can claim; stops at the first failure of the mail server. */
  async drain(): Promise<void> {
    const { db } = this.opts;
    await this.prune();
    for (;;) {
      const now = stamp();
      const due = await db
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) return;
      for (const { id } of due) {
        if (this.closed) return;
        if (!(await this.sendOne(id))) return;
      }
    }
  }

  /** Claims one message and sends it; false when the mail server failed (try the others later). */
  private async sendOne(id: number): Promise<boolean> {
    const { db, transport, outages } = this.opts;
    const now = Date.now();
    const claimed = await db
      .updateTable('mail_queue')
      .set({ claimed_until: stamp(now + CLAIM_MS) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp(now))]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return true; // another node has it
    const row = await db.selectFrom('mail_queue').select(['recipient', 'subject', 'body', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    const body = row.body ? this.open(row.body) : null;
    const attempts = Number(row.attempts) + 1;
    try {
      if (!body) throw new Error('the message could not be read (was APP_KEY changed?)');
      await transport.send({ to: row.recipient, subject: row.subject, text: body.text, ...(body.html ? { html: body.html } : {}) });
    } catch (err) {
      await db
        .updateTable('mail_queue')
        .set({ attempts, next_attempt_at: stamp(Date.now() + backoffMs(attempts)), claimed_until: null, last_error: errorText(err) })
        .where('id', '=', id)
        .execute();
      if (!serverAway(err)) return true; // this message's own trouble (a recipient refused): the others go on
      outages.failed('mail', err);
      return false;
    }
    await db
      .updateTable('mail_queue')
      .set({ status: 'sent', attempts, body: null, claimed_until: null, last_error: null, sent_at: stamp() })
      .where('id', '=', id)
      .execute();
    outages.answered('mail');
    return true;
  }

  /** Everything waiting is due now (the mail server is back), and this node sends it. */
  async sendWaitingNow(): Promise<void> {
    try {
      await this.opts.db.updateTable('mail_queue').set({ next_attempt_at: stamp() }).where('status', '=', 'pending').execute();
    } catch (err) {
      this.trouble(err);
    }
    this.kick();
  }

  /** What the admins see: counts, the oldest waiting, and the latest messages. */
  async state(limit = 50): Promise<MailQueueState> {
    const { db } = this.opts;
    const counts = await db
      .selectFrom('mail_queue')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('status', '=', 'pending').as('pending'),
        eb.fn.countAll<number>().filterWhere((w) => w.and([w('status', '=', 'pending'), w('attempts', '>', 0)])).as('failing'),
        eb.fn.countAll<number>().filterWhere((w) => w.and([w('status', '=', 'sent'), w('sent_at', '>=', stamp(Date.now() - 24 * 60 * 60_000))])).as('sent_last_day'),
        eb.fn.min<string | null>('created_at').filterWhere('status', '=', 'pending').as('oldest'),
      ])
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('mail_queue')
      .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'sent_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return {
      pending: Number(counts.pending),
      failing: Number(counts.failing),
      sent_last_day: Number(counts.sent_last_day),
      oldest_pending_at: counts.oldest ?? null,
      unavailable_since: this.opts.outages.downSince('mail')?.toISOString() ?? null,
      recent: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        recipient: maskAddress(r.recipient),
        subject: r.subject,
        status: r.status,
        attempts: Number(r.attempts),
        next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
        last_error: r.last_error,
        created_at: r.created_at,
        sent_at: r.sent_at,
      })),
    };
  }

  /** Messages sent long ago go (at most once an hour on each node). */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.opts.db.deleteFrom('mail_queue').where('status', '=', 'sent').where('sent_at', '<', stamp(Date.now() - KEEP_SENT_MS)).execute();
  }

  /** The database away while looking: said once by the outage log; anything else is logged. */
  private trouble(err: unknown): void {
    const dependency = unavailableDependency(err);
    if (dependency) this.opts.outages.failed(dependency, err);
    else this.opts.log.error({ err }, 'mail queue: sending failed');
  }

  private seal(body: { text: string; html?: string }): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  private open(text: string): { text: string; html?: string } | null {
    try {
      const raw = Buffer.from(text, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as { text: string; html?: string };
    } catch {
      return null;
    }
  }
}

/** nodemailer's codes of a mail server that cannot be reached or will not take our session */
const SERVER_AWAY_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** The mail server (or the outbox's disk) away, as against a refusal of one message (a 5xx for its recipient). */
function serverAway(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  return SERVER_AWAY_CODES.has(code) || NETWORK_CODES.has(code) || e?.responseCode === 421;
}

/** The mail server's words, short (no more than a line for the admins' view). */
function errorText(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return `${code}${typeof e?.message === 'string' ? e.message : String(err)}`.replace(/\s+/g, ' ').slice(0, 300);
}
