import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { USER_STATUS } from '../../../contract/enums';
import type { AppContext } from '../context';
import type { Dialect } from '../db';
import type { Database } from '../db/schema';
import { NOTIFICATION_EVENT, notificationJson } from './notify';
import { now } from './tokens';

/**
 * Sending a notification to an audience (POST /notifications/send) without holding the request open:
 * the send is stored with its audience counted (`recipients`) and status `sending`, the request answers,
 * and this stores each recipient's copy in batches, recipients in id order, one transaction a batch that
 * also moves the send's `cursor` and `delivered`. Admins' copies go to their bells and are pushed, ten
 * events to a Pusher batch call; doctors' and patients' copies land in their inboxes (user_notifications),
 * which the field apps read.
 *
 * A server that stops mid-way (or dies) leaves the send `sending` with its cursor: the next server to
 * start carries on after the cursor. A lease (`claimed_at`, renewed by every batch) keeps two servers on
 * one database from working on the same send; a copy is unique per (send, recipient), so a batch done
 * twice stores nothing twice.
 */

export const AUDIENCES = ['admin', 'doctor', 'patient'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** copies stored per transaction */
export const FANOUT_BATCH = 1000;
/** a send whose lease is older than this is taken over (its server stopped) */
const LEASE_MS = 60_000;
/** rows per INSERT (under SQLite's and PostgreSQL's bound-parameter limits at 8 columns) */
const ROWS_PER_INSERT = 500;

interface SendRow {
  id: number;
  send_to: string;
  title: string;
  body: string;
  created_at: string;
  cursor: number;
  district_ids: string | null;
}

/**
 * A send of an admin limited to some districts reaches the admins limited to (some of) those districts
 * and the patients placed in them; doctors serve every district, so such an admin cannot notify them
 * (the send route refuses it). `districtIds` null: no limit.
 */
function adminsWithin<Q extends SelectQueryBuilder<Database, 'admins', object>>(qb: Q, districtIds: readonly number[] | null): Q {
  if (!districtIds) return qb;
  const ids = districtIds.length ? [...districtIds] : [0];
  return qb.where((eb) => eb.exists(eb.selectFrom('admin_districts as d').select('d.admin_id').whereRef('d.admin_id', '=', 'admins.id').where('d.district_id', 'in', ids))) as Q;
}
function peopleWithin<Q extends SelectQueryBuilder<Database, 'users', object>>(db: Kysely<Database>, qb: Q, districtIds: readonly number[] | null): Q {
  if (!districtIds) return qb;
  const ids = districtIds.length ? [...districtIds] : [0];
  return qb.where('users.id', 'in', db.selectFrom('patient_profiles').select('patient_profiles.id').where('patient_profiles.district_id', 'in', ids)) as Q;
}
const districtsOf = (send: Pick<SendRow, 'district_ids'>): number[] | null => (send.district_ids ? (JSON.parse(send.district_ids) as number[]) : null);

/**
 * Which sent notifications an admin may read (the sent list, its search and count, and the audit log's
 * values of a send): an admin of every district reads all of them; one limited to some districts reads
 * those it sent and those whose audience lay within its districts (sent by an admin limited to some of
 * them), never another district's text nor a programme-wide send (to doctors, or by an admin of every
 * district). A condition on `sent_notifications as s`; null: no limit.
 */
export function readableSends(dialect: Dialect, viewer: { id: number; districtIds: readonly number[] | null }): RawBuilder<SqlBool> | null {
  if (!viewer.districtIds) return null;
  const ids = sql.join((viewer.districtIds.length ? [...viewer.districtIds] : [0]).map((id) => sql`${id}`));
  // a district of the send's audience outside the viewer's
  const outside = dialect === 'postgres'
    ? sql`SELECT 1 FROM json_array_elements_text(s.district_ids::json) AS d(value) WHERE d.value::integer NOT IN (${ids})`
    : sql`SELECT 1 FROM json_each(s.district_ids) AS d WHERE d.value NOT IN (${ids})`;
  return sql<SqlBool>`(s.sent_by = ${viewer.id} OR (s.district_ids IS NOT NULL AND NOT EXISTS (${outside})))`;
}

interface Recipient {
  id: number;
  /** an admin's channel for its bell; null for the apps' users */
  pusherId: string | null;
}
interface StoredCopy extends Recipient {
  /** the copy's id */
  copy: number;
}

/** How one audience is reached: who is in it, where its copies are stored, whether they are pushed. */
interface AudienceRoute {
  channel: 'web' | 'mobile';
  /** the copies' type */
  type: 'admin' | 'user';
  /** active members within the districts (null: everywhere): counted, or the next `limit` after id `after` in id order */
  count(db: Kysely<Database>, districtIds: readonly number[] | null): Promise<number>;
  next(db: Kysely<Database>, districtIds: readonly number[] | null, after: number, limit: number): Promise<Recipient[]>;
  /** stores a copy of the send for each (none twice for one send); the copies stored now */
  store(trx: Kysely<Database>, send: SendRow, recipients: readonly Recipient[]): Promise<StoredCopy[]>;
  /** the copies go to the bells live once stored */
  pushed: boolean;
}

const copyOf = (send: SendRow, type: AudienceRoute['type']) =>
  ({ type, title: send.title, body: send.body, data: null, is_read: 0, sent_notification_id: send.id, created_at: send.created_at });
const counted = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

const activeAdmins = (db: Kysely<Database>, districtIds: readonly number[] | null) => adminsWithin(db.selectFrom('admins').where('status', '=', 1), districtIds);

/** admins: their bells, pushed */
const ADMINS: AudienceRoute = {
  channel: 'web',
  type: 'admin',
  pushed: true,
  count: async (db, districtIds) => counted(await activeAdmins(db, districtIds).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
  next: async (db, districtIds, after, limit) =>
    (await activeAdmins(db, districtIds).select(['id', 'pusher_id']).where('id', '>', after).orderBy('id').limit(limit).execute()).map((a) => ({ id: a.id, pusherId: a.pusher_id })),
  store: async (trx, send, recipients) => {
    const rows = await trx.insertInto('admin_notifications')
      .values(recipients.map((a) => ({ admin_id: a.id, ...copyOf(send, 'admin') })))
      .onConflict((oc) => oc.columns(['sent_notification_id', 'admin_id']).doNothing())
      .returning(['id', 'admin_id']).execute();
    const pusherOf = new Map(recipients.map((a) => [a.id, a.pusherId]));
    return rows.map((r) => ({ copy: r.id, id: r.admin_id, pusherId: pusherOf.get(r.admin_id) ?? null }));
  },
};

/** doctors or patients: their inboxes, which the field apps read */
const people = (kind: 'doctor' | 'patient'): AudienceRoute => {
  const active = (db: Kysely<Database>, districtIds: readonly number[] | null) =>
    peopleWithin(db, db.selectFrom('users').where('type', '=', kind).where('status', '=', USER_STATUS.active), districtIds);
  return {
    channel: 'mobile',
    type: 'user',
    pushed: false,
    count: async (db, districtIds) => counted(await active(db, districtIds).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()),
    next: async (db, districtIds, after, limit) =>
      (await active(db, districtIds).select('id').where('id', '>', after).orderBy('id').limit(limit).execute()).map((u) => ({ id: u.id, pusherId: null })),
    store: async (trx, send, recipients) => {
      const rows = await trx.insertInto('user_notifications')
        .values(recipients.map((u) => ({ user_id: u.id, ...copyOf(send, 'user') })))
        .onConflict((oc) => oc.columns(['sent_notification_id', 'user_id']).doNothing())
        .returning(['id', 'user_id']).execute();
      return rows.map((r) => ({ copy: r.id, id: r.user_id, pusherId: null }));
    },
  };
};

const ROUTES: Record<Audience, AudienceRoute> = { admin: ADMINS, doctor: people('doctor'), patient: people('patient') };
/** admins are told on the web (the bell), doctors and patients on mobile (their inbox) */
export const CHANNEL_OF = Object.fromEntries(AUDIENCES.map((a) => [a, ROUTES[a].channel])) as Record<Audience, 'web' | 'mobile'>;
export const TYPE_OF = Object.fromEntries(AUDIENCES.map((a) => [a, ROUTES[a].type])) as Record<Audience, 'admin' | 'user'>;

export interface FanOutOptions {
  batchSize?: number;
  log?: FastifyBaseLogger;
}

const isAudience = (value: string): value is Audience => (AUDIENCES as readonly string[]).includes(value);

/**
 * What the fan-out needs of the server: its database, and where admins' copies are pushed (null: nowhere,
 * as when the demo seed sends its notifications before any console is open).
 */
export interface FanOutContext {
  db: AppContext['db'];
  realtime: Pick<AppContext['realtime'], 'publishBatch' | 'channelForAdmin'> | null;
}

export class NotificationFanOut {
  private readonly running = new Map<number, Promise<void>>();
  private queue: Promise<void> = Promise.resolve();
  private stopping = false;
  private readonly batchSize: number;

  constructor(private readonly ctx: FanOutContext, private readonly opts: FanOutOptions = {}) {
    this.batchSize = opts.batchSize ?? FANOUT_BATCH;
  }

  /**
   * How many would receive a notification sent to the audience now (`db`: the caller's transaction, if
   * any), within the sender's districts when it is limited to some (`districtIds`).
   */
  async audienceSize(audience: Audience, db: Kysely<Database> = this.ctx.db, districtIds: readonly number[] | null = null): Promise<number> {
    return ROUTES[audience].count(db, districtIds);
  }

  /**
   * Starts the fan-out of a stored send in the background (once per send in this process). Sends go out
   * one after another, in the order they were started, so every bell lists them in the order sent.
   */
  start(id: number): void {
    if (this.stopping || this.running.has(id)) return;
    const job = this.queue
      .then(() => this.run(id))
      .catch((err: unknown) => this.opts.log?.error({ err, sentNotificationId: id }, 'notification fan-out failed; a restart carries on'))
      .finally(() => this.running.delete(id));
    this.queue = job;
    this.running.set(id, job);
  }

  /** Carries on every send left `sending` whose lease has lapsed (a server stopped mid-way). */
  async resumePending(): Promise<number> {
    const rows = await this.ctx.db.selectFrom('sent_notifications').select('id').where('status', '=', 'sending').orderBy('id').execute();
    for (const { id } of rows) this.start(id);
    return rows.length;
  }

  /** Resolves when every fan-out running in this process has finished (or stopped). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /** Stops after the batch in progress; what is left is carried on by the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  private async run(id: number): Promise<void> {
    // the request that queued the send answers first
    await new Promise((resolve) => setImmediate(resolve));
    let lease = await this.claim(id, null);
    while (lease && !this.stopping) {
      const next = await this.batch(id, lease);
      if (next === 'done' || next === null) return;
      lease = next;
    }
  }

  /** Takes the send's lease (a lapsed one, or renews our own); null when it is done or another server holds it. */
  private async claim(id: number, ours: string | null): Promise<string | null> {
    const stamp = `${now()}#${randomBytes(4).toString('hex')}`;
    const staleBefore = new Date(Date.now() - LEASE_MS).toISOString();
    const result = await this.ctx.db
      .updateTable('sent_notifications')
      .set({ claimed_at: stamp })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where((eb) => (ours ? eb('claimed_at', '=', ours) : eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)])))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? stamp : null;
  }

  /** Stores the next batch of copies; the renewed lease, 'done' when none were left, null when the lease was lost. */
  private async batch(id: number, lease: string): Promise<string | 'done' | null> {
    const { db } = this.ctx;
    const send = await db.selectFrom('sent_notifications').select(['id', 'send_to', 'title', 'body', 'created_at', 'cursor', 'district_ids'])
      .where('id', '=', id).executeTakeFirst() as SendRow | undefined;
    if (!send || !isAudience(send.send_to)) return null;
    const route = ROUTES[send.send_to];
    const renewed = `${now()}#${randomBytes(4).toString('hex')}`;

    const outcome = await db.transaction().execute(async (trx) => {
      const stored: StoredCopy[] = [];
      const targets = await route.next(trx, districtsOf(send), send.cursor, this.batchSize);
      for (let i = 0; i < targets.length; i += ROWS_PER_INSERT) stored.push(...(await route.store(trx, send, targets.slice(i, i + ROWS_PER_INSERT))));
      const last = targets.at(-1)?.id ?? send.cursor;
      const finished = last === send.cursor;
      // the progress moves with the copies, and only while this server still holds the lease
      const progress = await trx.updateTable('sent_notifications')
        .set((eb) => ({
          cursor: last,
          delivered: eb('delivered', '+', stored.length),
          claimed_at: finished ? null : renewed,
          updated_at: now(),
          ...(finished ? { status: 'sent' } : {}),
        }))
        .where('id', '=', id).where('claimed_at', '=', lease).executeTakeFirst();
      if (Number(progress.numUpdatedRows) !== 1) throw new LeaseLost();
      return { stored, finished };
    }).catch((e: unknown) => {
      if (e instanceof LeaseLost) return null;
      throw e;
    });
    if (!outcome) return null;
    if (route.pushed && outcome.stored.length) await this.push(send, outcome.stored);
    return outcome.finished ? 'done' : renewed;
  }

  private async push(send: SendRow, stored: StoredCopy[]): Promise<void> {
    const { realtime } = this.ctx;
    if (!realtime) return;
    await realtime.publishBatch(
      stored.filter((s) => s.pusherId).map((s) => ({
        channel: realtime.channelForAdmin(s.pusherId!),
        name: NOTIFICATION_EVENT,
        data: notificationJson({ id: s.copy, type: ADMINS.type, title: send.title, body: send.body, data: null, is_read: 0, created_at: send.created_at }),
      })),
    );
  }
}

class LeaseLost extends Error {}
