import { type Kysely } from 'kysely';
import { messageText } from '../../../contract/messages';
import type { Database } from '../db/schema';
import { tooManyRequests } from '../http/errors';
import { accountAttempt, ACCOUNT_FAILURES_BEFORE_SLOWDOWN, mayAlertAccount, signInLimits } from './throttle';
import { now } from './tokens';

/**
 * What the console's sign-in (routes/auth.ts), the field apps' (routes/field/auth.ts) and an admin's own
 * current-password checks (resources/admins.ts) share: the limits, the account's turn, the owner's alert
 * and its mail, the end of a reset link.
 */

/**
 * The limits of a console sign-in (services/throttle.ts, `signInLimits`): 5 a minute for the account
 * from one client network, 20 a minute for the network. Also counted by the current-password checks
 * of a signed-in admin (own password or email change).
 */
export const loginLimits = (email: string, ip: string) => signInLimits('login', email, ip);
export const tooManyAttempts = (seconds: number) => tooManyRequests(messageText('sign_in_throttled', { seconds }), seconds);

/**
 * The account-wide turn of a sign-in (services/throttle.ts, `accountAttempt`), after the per-network
 * limits: 429 inside the account's delay, else the attempt's number in the account's count.
 */
export async function accountTurn(db: Kysely<Database>, scope: string, email: string): Promise<number> {
  const attempt = await accountAttempt(db, scope, email);
  if ('wait' in attempt) throw tooManyAttempts(attempt.wait);
  return attempt.hits;
}

/**
 * After a failed sign-in: whether to tell the owner now (the failure that starts the account's
 * slowdown, at most once an hour). Asked for unknown emails too, so both answers do the same work; the
 * caller mails only an account that exists, after the answer.
 */
export const alertDue = async (db: Kysely<Database>, scope: string, email: string, hits: number): Promise<boolean> =>
  hits === ACCOUNT_FAILURES_BEFORE_SLOWDOWN && (await mayAlertAccount(db, scope, email));

/** Ends every unused reset link of an admin (a newer link, a completed reset, a changed email). */
export async function endResetLinks(db: Kysely<Database>, adminId: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now() }).where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
}

/** The mail of many failed sign-ins, console and apps alike: what happened, what it means, what to do. */
export function failedSignInsMail(to: { email: string; f_name: string }, failures: number, where: string, resetBy: string) {
  return {
    to: to.email,
    subject: 'Failed sign-ins to your account',
    text:
      `Hello ${to.f_name},\n\nThere were ${failures} failed attempts to sign in to your account on ${where} with a wrong password ` +
      `(the last on ${new Date().toUTCString()}). Further attempts are now slowed down; your password was not changed.\n\n` +
      `If these were not yours, someone may be guessing your password: choose a new one that is hard to guess (${resetBy}).\n` +
      'Your next sign-in with the right password ends the slowdown.\n',
  };
}
