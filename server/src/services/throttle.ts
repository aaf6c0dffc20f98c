import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isIPv4, isIPv6 } from 'node:net';
import type { Database } from '../db/schema';

/** At most `max` hits on `key` in a window of `windowMs` that starts with the first hit. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Rows whose window ended this long ago are of no use; cleared now and then. */
const STALE_MS = 86_400_000;

/**
 * Counts one hit against each limit, each in one atomic upsert (a counter in a row, not a count of
 * rows), so parallel requests see 1, 2, 3, ... and never all "0 so far". The table is shared, so
 * every node counts together. Answers the seconds to wait when any limit is now exceeded, else null.
 * The hit is counted before the work it guards (a password check), so a slow check cannot be run
 * many times in parallel; `release` takes a hit back when the attempt turned out well.
 */
export async function hit(db: Kysely<Database>, limits: readonly Limit[], at = Date.now()): Promise<number | null> {
  let wait: number | null = null;
  for (const limit of limits) {
    const start = new Date(at).toISOString();
    const expired = new Date(at - limit.windowMs).toISOString();
    const row = await db
      .insertInto('throttle')
      .values({ key: limit.key, hits: 1, window_start: start })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN throttle.window_start <= ${expired} THEN 1 ELSE throttle.hits + 1 END`,
          window_start: sql<string>`CASE WHEN throttle.window_start <= ${expired} THEN ${start} ELSE throttle.window_start END`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    if (Number(row.hits) > limit.max) {
      const seconds = Math.max(1, Math.ceil((Date.parse(row.window_start) + limit.windowMs - at) / 1000));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  if (Math.random() < 0.01) await db.deleteFrom('throttle').where('window_start', '<', new Date(at - STALE_MS).toISOString()).execute();
  return wait;
}

/** Takes back one hit of each key (a sign-in that succeeded is not a failure). */
export async function release(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  for (const key of keys) await db.updateTable('throttle').set({ hits: sql<number>`hits - 1` }).where('key', '=', key).where('hits', '>', 0).execute();
}

/** Forgets a key altogether (the account signed in: its failures are over). */
export async function clear(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}

/**
 * The part of a client address that one client controls: an IPv4 address as it is, an IPv6 address
 * cut to its /64 (the network of one subscriber, who may pick any of its 2^64 addresses at will, so a
 * limit per IPv6 address would bind nobody). An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is
 * the IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase(); // a zone index (fe80::1%eth0) names the interface, not the client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':') : []);
  // an embedded IPv4 tail (64:ff9b::10.0.0.1) is two groups, and never in the first four
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length - right.filter((g) => g.includes('.')).length;
  const full = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return `${full.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}

/** Sign-in attempts a minute: per account from one client network, and per client network whatever the account. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS = 5;
export const SIGN_IN_PER_ADDRESS = 20;
const SIGN_IN_WINDOW_MS = 60_000;

/**
 * The limits of a sign-in (or of a check of a signed-in account's current password): the account
 * together with the client's network, then the network alone. A guesser's failures lock only their
 * own network out of the account, never the owner signing in from elsewhere; one network spraying
 * guesses across many accounts meets the second limit. `scope` keeps the console's and the field
 * apps' accounts apart (`login`, `field-login`). The first limit is the account's: a good password
 * clears it, and takes its hit back from the second.
 */
export function signInLimits(scope: string, account: string, ip: string): [Limit, Limit] {
  const network = clientNetwork(ip);
  return [
    { key: `${scope}:${account}|${network}`, max: SIGN_IN_PER_ACCOUNT_AND_ADDRESS, windowMs: SIGN_IN_WINDOW_MS },
    { key: `${scope}-ip:${network}`, max: SIGN_IN_PER_ADDRESS, windowMs: SIGN_IN_WINDOW_MS },
  ];
}

/** After a good password: the account's failures from this network are over, and this attempt is no failure of the network. */
export async function signedIn(db: Kysely<Database>, [account, address]: readonly [Limit, Limit]): Promise<void> {
  await clear(db, account.key);
  await release(db, [address.key]);
}

/** Reset requests in 15 minutes: per inbox from one client network, per client network, and reset mails per inbox. */
export const RESET_PER_INBOX_AND_ADDRESS = 3;
export const RESET_PER_ADDRESS = 10;
export const RESET_MAILS_PER_INBOX = 3;
const RESET_WINDOW_MS = 15 * 60_000;

/**
 * The limits of a reset request (`scope`: `reset` for the console, `field-reset` for the apps), like a
 * sign-in's: the inbox together with the client's network, then the network alone. A stranger asking
 * for someone's links locks only their own network out of that inbox, never the owner asking from
 * elsewhere. Counted whether or not the email is known, so the limit tells nothing either.
 */
export function resetLimits(scope: string, email: string, ip: string): [Limit, Limit] {
  const network = clientNetwork(ip);
  return [
    { key: `${scope}:${email}|${network}`, max: RESET_PER_INBOX_AND_ADDRESS, windowMs: RESET_WINDOW_MS },
    { key: `${scope}-ip:${network}`, max: RESET_PER_ADDRESS, windowMs: RESET_WINDOW_MS },
  ];
}

/**
 * Whether a reset mail may go to this inbox now: at most RESET_MAILS_PER_INBOX in 15 minutes, whoever
 * asks from wherever (so requests from many networks do not flood it). A request past that answers as
 * any other and sends nothing: the inbox already holds a link of the last few minutes, the newest, which
 * works.
 */
export async function mayMailReset(db: Kysely<Database>, scope: string, email: string): Promise<boolean> {
  return (await hit(db, [{ key: `${scope}-mail:${email}`, max: RESET_MAILS_PER_INBOX, windowMs: RESET_WINDOW_MS }])) === null;
}

/** Failed sign-ins of one account, from any networks, before its attempts are spaced out. */
export const ACCOUNT_FAILURES_BEFORE_SLOWDOWN = 10;
/** the longest wait between two attempts of a slowed account */
export const ACCOUNT_DELAY_MAX_SECONDS = 60;
/** an account's count lapses after this long without an attempt that reached the password check */
const ACCOUNT_QUIET_MS = 15 * 60_000;
/** at most one mail an hour to an account of failures on it */
const ALERT_EVERY_MS = 60 * 60_000;

/** The wait after an account's `hits`-th counted attempt: none before the threshold, then 1 s, 2 s, 4 s ... at most a minute. */
export function accountDelaySeconds(hits: number): number {
  return hits < ACCOUNT_FAILURES_BEFORE_SLOWDOWN ? 0 : Math.min(ACCOUNT_DELAY_MAX_SECONDS, 2 ** (hits - ACCOUNT_FAILURES_BEFORE_SLOWDOWN));
}

const accountKey = (scope: string, account: string) => `${scope}-account:${account}`;

/** What the account-wide count says of an attempt: wait that long (not counted), or go on as the `hits`-th. */
export type AccountAttempt = { wait: number } | { hits: number };

/**
 * The account-wide slowdown of sign-ins (`scope`: `login`, `field-login`), whatever the networks the
 * attempts come from: the first ACCOUNT_FAILURES_BEFORE_SLOWDOWN attempts in a row go through as ever
 * (the per-network limits hold them), and each later one must come a growing delay after the
 * previous one that reached the password check (1 s, 2 s, 4 s ... at most a minute); one inside the
 * delay is refused with the seconds left and is not counted, so a stream of refused attempts never
 * pushes the owner's turn further off. Nobody is locked out for longer than a minute, and a good
 * password or a completed reset clears the count (`clearAccount`). Counted for every email, known or
 * not, before the check, in one conditional upsert on the shared `throttle` table (its `window_start`
 * holding the last counted attempt), so parallel attempts cannot all pass one free turn and every node
 * counts together. The count lapses after 15 minutes without a counted attempt.
 */
export async function accountAttempt(db: Kysely<Database>, scope: string, account: string, at = Date.now()): Promise<AccountAttempt> {
  const key = accountKey(scope, account);
  const stamp = new Date(at).toISOString();
  const quiet = new Date(at - ACCOUNT_QUIET_MS).toISOString();
  const N = ACCOUNT_FAILURES_BEFORE_SLOWDOWN;
  // the turns as plain comparisons (no power function is common to both dialects): hits = N + k waits 2^k s, up to the cap
  const turns: RawBuilder<unknown>[] = [];
  for (let k = 0; 2 ** k < ACCOUNT_DELAY_MAX_SECONDS; k++) {
    turns.push(sql`(throttle.hits = ${N + k} AND throttle.window_start <= ${new Date(at - 2 ** k * 1000).toISOString()})`);
  }
  const capped = sql`(throttle.hits >= ${N + turns.length} AND throttle.window_start <= ${new Date(at - ACCOUNT_DELAY_MAX_SECONDS * 1000).toISOString()})`;
  const row = await db
    .insertInto('throttle')
    .values({ key, hits: 1, window_start: stamp })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql<number>`CASE WHEN throttle.window_start <= ${quiet} THEN 1 ELSE throttle.hits + 1 END`,
          window_start: stamp,
        })
        .where(sql<boolean>`(throttle.hits < ${N} OR throttle.window_start <= ${quiet} OR ${sql.join([...turns, capped], sql` OR `)})`),
    )
    .returning('hits')
    .executeTakeFirst();
  if (row) return { hits: Number(row.hits) };
  // not this attempt's turn: the seconds until the next one
  const held = await db.selectFrom('throttle').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!held) return { wait: 1 };
  const due = Date.parse(held.window_start) + accountDelaySeconds(Number(held.hits)) * 1000;
  return { wait: Math.max(1, Math.ceil((due - at) / 1000)) };
}

/** The account signed in or reset its password: its failures are over, wherever they came from. */
export async function clearAccount(db: Kysely<Database>, scope: string, account: string): Promise<void> {
  await clear(db, accountKey(scope, account));
}

/**
 * Whether the owner is to be told now of failures on their account: asked when a failed attempt is the
 * one that starts the slowdown, and yes at most once an hour (however often the count starts again).
 * Counted for every email, known or not, so both do the same work.
 */
export async function mayAlertAccount(db: Kysely<Database>, scope: string, account: string): Promise<boolean> {
  return (await hit(db, [{ key: `${scope}-alert:${account}`, max: 1, windowMs: ALERT_EVERY_MS }])) === null;
}
