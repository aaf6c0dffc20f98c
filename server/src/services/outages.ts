/**
 * The services a node leans on going away and coming back: the database, the file store and the mail
 * server. A request that failed because the database or the file store is down is answered 503 with
 * Retry-After (app.ts's and the FHIR API's error handlers ask `Outages.unavailable`), never 500: the client did nothing
 * wrong and may try again (mail waits in its queue: services/mailQueue.ts). The log says which one is
 * down and since when once, and once when it answers again (`Outages`), not a line a request; while it
 * is down it is asked every few seconds whether it answers.
 */
import type { FastifyBaseLogger } from 'fastify';

export type Dependency = 'database' | 'storage' | 'mail' | 'realtime';
/** what a node needs to serve requests (the readiness route asks these); mail waits in its queue, real time is a bonus */
export const READINESS: readonly Dependency[] = ['database', 'storage'];

/** what a 503 asks the client to wait before trying again, in seconds */
export const RETRY_AFTER_SECONDS = 2;
/** between two probes of a dependency that is down */
const PROBE_EVERY_MS = 2_000;
/** a probe that has not answered by then counts as down */
export const PROBE_TIMEOUT_MS = 3_000;

/** A failure of a dependency, told as such by the code that called it (the S3 driver). */
export class Unavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable: ${(cause as Error | null)?.message ?? String(cause)}`, { cause });
    this.name = 'Unavailable';
  }
}

/** Errors of the network under a client: the other end is not there, or went away. */
export const NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
/** The local disk refusing a write: full, over quota, read-only, failing, or its folder not writable by the server. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES']);
/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve: class 08 (connection exception), 53 (insufficient
 * resources: disk full, out of memory, too many connections), 57P01-57P03 (shut down by an administrator,
 * crashed, cannot connect now: starting up or in recovery), 58000 and 58030 (system and I/O errors).
 */
const PG_DOWN = /^(08...|53...|57P0[123]|58000|58030)$/;
/** SQLite beyond its busy timeout (locked), out of disk, failing to read or write its file. */
const SQLITE_DOWN = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|PROTOCOL|NOMEM|READONLY)(_|$)/;
/** node-postgres' own errors of a connection it lost or could not make in time */
const PG_CLIENT_DOWN = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|Cannot use a pool after calling end)/;

/**
 * The dependency whose absence made this error, or null when it is an error of another kind (ours, or
 * the request's). An error told as `Unavailable` names its dependency; the local disk full or failing is
 * the file store; any other connection failure is the database's, the one service besides the file
 * store that a request waits on (mail is sent from a queue, real time never fails a request).
 */
export function unavailableDependency(err: unknown, depth = 0): Dependency | null {
  for (let e = err; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Unavailable) return e.dependency;
    // a connection tried on each address of a name (IPv4 and IPv6) fails with all of their errors
    if (e instanceof AggregateError) return e.errors.map((one) => unavailableDependency(one, depth + 1)).find((d) => d !== null) ?? null;
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (typeof code === 'string') {
      if (DISK_CODES.has(code)) return 'storage';
      if (NETWORK_CODES.has(code) || PG_DOWN.test(code) || SQLITE_DOWN.test(code)) return 'database';
    }
    if (typeof message === 'string' && PG_CLIENT_DOWN.test(message)) return 'database';
  }
  return null;
}

/** Races a probe against PROBE_TIMEOUT_MS. */
export async function probeWithin(probe: () => Promise<unknown>, ms = PROBE_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([probe().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export interface OutagesOptions {
  log: FastifyBaseLogger;
  /** asks a dependency whether it answers: resolves when it does, throws when not (none: only `answered` says it is back) */
  probes: Partial<Record<Dependency, () => Promise<unknown>>>;
  probeEveryMs?: number;
}

interface Down {
  since: Date;
  timer: NodeJS.Timeout | null;
  probing: boolean;
}

/** Which dependencies are down, since when; logs each change once and asks a down one until it answers. */
export class Outages {
  private readonly down = new Map<Dependency, Down>();
  /** when each dependency last answered a request (ms): a failure of a request begun before then is old news */
  private readonly lastAnswered = new Map<Dependency, number>();
  private readonly suspected = new Set<Dependency>();
  private readonly backListeners: { dependency: Dependency; listener: () => void }[] = [];
  private closed = false;

  constructor(private readonly opts: OutagesOptions) {}

  /** since when the dependency has been down; null while it answers */
  downSince(dependency: Dependency): Date | null {
    return this.down.get(dependency)?.since ?? null;
  }

  /**
   * A request failed for want of it: down from now (logged once), asked until it answers. `startedAt`
   * (ms), when the request began: a request begun before the dependency last answered another says
   * nothing new (several calls in flight when a service comes back: one answered, an older one failing
   * after it would log a second outage that is not one); a request begun later that fails is a new one.
   */
  failed(dependency: Dependency, err: unknown, startedAt?: number): void {
    if (this.closed || this.down.has(dependency)) return;
    if (startedAt !== undefined && startedAt < (this.lastAnswered.get(dependency) ?? -Infinity)) return;
    const since = new Date();
    this.down.set(dependency, { since, timer: null, probing: false });
    this.opts.log.warn({ dependency, since: since.toISOString(), reason: reasonOf(err) }, `${dependency} unavailable since ${since.toISOString()}`);
    this.schedule(dependency);
  }

  /**
   * The dependency whose absence made this error (`unavailableDependency`), then down from now; null
   * for an error of another kind. Both error handlers ask it (app.ts's and the FHIR API's), and answer
   * 503 with Retry-After when it names one.
   */
  unavailable(err: unknown): Dependency | null {
    const dependency = unavailableDependency(err);
    if (dependency) this.failed(dependency, err);
    return dependency;
  }

  /**
   * A hint that it may be down (PostgreSQL closed a connection: one ended by an administrator, or the
   * whole server gone): asked at once, and down only if it does not answer.
   */
  suspect(dependency: Dependency, err: unknown): void {
    const probe = this.opts.probes[dependency];
    if (this.closed || !probe || this.down.has(dependency) || this.suspected.has(dependency)) return;
    this.suspected.add(dependency);
    void probeWithin(probe).then((answers) => {
      this.suspected.delete(dependency);
      if (!answers) this.failed(dependency, err);
    });
  }

  /** Asks it now (the readiness route); a change is logged as any other. */
  async check(dependency: Dependency): Promise<boolean> {
    const probe = this.opts.probes[dependency];
    if (!probe) return !this.down.has(dependency);
    const answers = await probeWithin(probe);
    if (answers) this.answered(dependency);
    else this.failed(dependency, new Error('it did not answer a probe'));
    return answers;
  }

  /**
   * It served a request: back, if it was down (logged once). `startedAt` (ms), when the request began:
   * one begun before the outage was known (in flight across it) does not say the dependency is back.
   */
  answered(dependency: Dependency, startedAt?: number): void {
    this.lastAnswered.set(dependency, Date.now());
    const state = this.down.get(dependency);
    if (state && startedAt !== undefined && startedAt < state.since.getTime()) return;
    this.recovered(dependency);
  }

  /** Called each time the dependency comes back after being down. */
  onBack(dependency: Dependency, listener: () => void): void {
    this.backListeners.push({ dependency, listener });
  }

  close(): void {
    this.closed = true;
    for (const state of this.down.values()) if (state.timer) clearTimeout(state.timer);
    this.down.clear();
  }

  private recovered(dependency: Dependency): void {
    const state = this.down.get(dependency);
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    this.down.delete(dependency);
    const seconds = Math.round((Date.now() - state.since.getTime()) / 100) / 10;
    this.opts.log.warn({ dependency, since: state.since.toISOString(), downForSeconds: seconds }, `${dependency} available again, after ${seconds} s`);
    for (const back of this.backListeners) if (back.dependency === dependency) back.listener();
  }

  private schedule(dependency: Dependency): void {
    const state = this.down.get(dependency);
    const probe = this.opts.probes[dependency];
    if (!state || !probe || this.closed) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      if (state.probing) return;
      state.probing = true;
      void probeWithin(probe).then((answers) => {
        state.probing = false;
        if (this.down.get(dependency) !== state) return;
        if (answers) this.recovered(dependency);
        else this.schedule(dependency);
      });
    }, this.opts.probeEveryMs ?? PROBE_EVERY_MS);
    state.timer.unref();
  }
}

const reasonOf = (err: unknown): string => {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? `${e.code} ` : '';
  return `${code}${typeof e?.message === 'string' ? e.message : String(err)}`.slice(0, 300);
};
