import { messageText } from '../../../../contract/messages';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { USER_STATUS } from '../../../../contract/enums';
import type { AppContext } from '../../context';
import { ok, MESSAGES } from '../../http/envelope';
import { forbidden, tooManyRequests, ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { answers, fileLink, oneOfTypes, refusal } from '../../http/responses';
import { FIELD_KINDS } from '../../http/fieldAuth';
import { endUserResetLinks } from '../../resources/people/accounts';
import { audit } from '../../services/audit';
import { assertPasswordAllowed } from '../../services/passwordPolicy';
import { dummyHash, hashPassword, verifyPassword } from '../../services/passwords';
import { clearAccount, hit, mayMailReset, resetLimits, signedIn, signInLimits } from '../../services/throttle';
import { accountTurn, alertDue, failedSignInsMail, tooManyAttempts } from '../../services/signIn';
import { hashToken, inMs, newToken, now } from '../../services/tokens';
import { fieldRoute, tags } from './shared';

/**
 * The field apps' accounts (patients, CHWs, doctors): sign-in, sign-out, who am I, and password
 * reset, under /api/field. One account table for every kind, so these work the same for all; a
 * blocked account cannot sign in and its sessions end when it is blocked. Later modules add the field
 * apps' own routes (task status, form submissions) as `fieldRoute(...kinds)` (shared.ts).
 */

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const INVALID_TOKEN = 'Invalid token';
const RESET_SENT = 'If that email is registered, a reset link has been sent.';
const SESSION_DAYS = 30;
const RESET_TTL_MS = 60 * 60_000;
/** a public route that counts attempts (services/throttle.ts): it may answer 429 */
const throttledRoute = { access: { auth: false }, throttled: true };

/** A field account as the apps read it (`me`). */
const FieldMe = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'patient, chw or doctor' }),
  email: oneOfTypes('string', 'null'),
  f_name: Type.String(),
  l_name: oneOfTypes('string', 'null'),
  phone_no: oneOfTypes('string', 'null'),
  photo: fileLink(),
  full_name: Type.String(),
});

const LoginBody = Type.Object(
  { email: Fields.email('Please provide a valid email.'), password: Fields.text('Please provide a password.', 128) },
  { additionalProperties: false },
);
const EmailBody = Type.Object({ email: Fields.email('Please provide a valid email.') }, { additionalProperties: false });
const ResetBody = Type.Object(
  { token: Fields.text(INVALID_TOKEN, 200), password: Fields.password(), confirmPassword: Fields.text("Password didn't match.", 128) },
  { additionalProperties: false },
);

async function me(ctx: AppContext, id: number) {
  const u = await ctx.db.selectFrom('users').select(['id', 'type', 'email', 'f_name', 'l_name', 'phone_no', 'photo']).where('id', '=', id).executeTakeFirstOrThrow();
  return { ...u, full_name: [u.f_name, u.l_name].filter(Boolean).join(' '), photo: u.photo ? { path: ctx.storage.url(u.photo) } : null };
}

/** The accounts' routes: sign-in, sign-out, me, password reset. */
export async function fieldAuthRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const { db } = ctx;

  app.post('/api/field/login', { config: throttledRoute, schema: { tags, body: LoginBody, response: { ...answers(Type.Object({ token: Type.String(), expires_at: Type.String(), user: FieldMe }), 'Signed in: the session (its token is the bearer of the field routes) and the account.'), 403: refusal(403) } } }, async (request) => {
    const body = request.body as { email: string; password: string };
    const email = body.email.trim().toLowerCase();
    // per account from one client network, and per network: a guesser cannot lock the owner out (services/throttle.ts)
    const limits = signInLimits('field-login', email, request.ip);
    const wait = await hit(db, limits);
    if (wait !== null) throw tooManyAttempts(wait);
    // then the account's own count, whatever the network: spaced out after many failures, never locked (as the console's)
    const hits = await accountTurn(db, 'field-login', email);
    const user = await db.selectFrom('users').select(['id', 'password_hash', 'status', 'email', 'f_name']).where('email', '=', email).executeTakeFirst();
    const valid = user?.password_hash ? await verifyPassword(user.password_hash, body.password) : (await verifyPassword(await dummyHash(ctx.config.argon2), body.password), false);
    if (!user || !valid) {
      await audit(db, { actorId: null, action: 'field_login_failed', resource: 'users', recordId: user?.id ?? null, changes: { email }, ip: request.ip, requestId: request.id });
      if ((await alertDue(db, 'field-login', email, hits)) && user?.password_hash) {
        const to = { email, f_name: user.f_name };
        setImmediate(() => {
          alertUser(ctx, to, hits).catch((err: unknown) => request.log.error({ err }, 'failed sign-ins email failed'));
        });
      }
      throw new ValidationError({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    }
    await signedIn(db, limits);
    await clearAccount(db, 'field-login', email);
    if (user.status !== USER_STATUS.active) throw forbidden('Your account is blocked.');
    const token = newToken();
    const expiresAt = inMs(SESSION_DAYS * 86_400_000);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_tokens').where('user_id', '=', user.id).where('expires_at', '<=', now()).execute();
      await trx.insertInto('user_tokens').values({ user_id: user.id, token_hash: hashToken(token), expires_at: expiresAt, created_at: now(), ip: request.ip }).execute();
      await audit(trx, { actorId: null, action: 'field_login', resource: 'users', recordId: user.id, ip: request.ip, requestId: request.id });
    });
    return ok({ token, expires_at: expiresAt, user: await me(ctx, user.id) }, 'Signed in.');
  });

  app.post('/api/field/logout', { ...fieldRoute(...FIELD_KINDS), schema: { tags, response: answers(Type.Null(), 'Signed out: the token no longer works.') } }, async (request) => {
    await db.deleteFrom('user_tokens').where('id', '=', request.user!.tokenId).execute();
    return ok(null, 'Signed out.');
  });

  app.get('/api/field/me', { ...fieldRoute(...FIELD_KINDS), schema: { tags, response: answers(FieldMe, 'The signed-in account.') } }, async (request) => ok(await me(ctx, request.user!.id)));

  app.post('/api/field/verify-email', { config: throttledRoute, schema: { tags, body: EmailBody, response: answers(Type.String(), 'The same answer whether the email is registered or not; a registered one gets a reset link.') } }, async (request) => {
    const email = (request.body as { email: string }).email.trim().toLowerCase();
    const wait = await hit(db, resetLimits('field-reset', email, request.ip));
    if (wait !== null) throw tooManyRequests(messageText('reset_throttled', { minutes: Math.ceil(wait / 60) }), wait);
    // counted for every email, known or not: both answers do the same work
    const mailable = await mayMailReset(db, 'field-reset', email);
    const user = await db.selectFrom('users').select(['id', 'f_name', 'email', 'status', 'password_hash']).where('email', '=', email).executeTakeFirst();
    if (user?.email && user.password_hash && user.status === USER_STATUS.active && mailable) {
      const { ip, id: requestId } = request;
      const to = { id: user.id, f_name: user.f_name, email: user.email };
      setImmediate(() => {
        sendUserResetLink(ctx, to, ip, requestId).catch((err: unknown) => request.log.error({ err }, 'reset email failed'));
      });
    }
    return ok(RESET_SENT, RESET_SENT);
  });

  app.post('/api/field/verify-reset-token', { config: throttledRoute, schema: { tags, body: Type.Object({ token: Fields.text(INVALID_TOKEN, 200) }, { additionalProperties: false }), response: answers(Type.Object({ valid: Type.Literal(true) }), 'The reset link is valid.') } }, async (request) => {
    const { token } = request.body as { token: string };
    const found = await db
      .selectFrom('user_password_resets as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.id')
      .where('p.token_hash', '=', hashToken(token))
      .where('p.used_at', 'is', null)
      .where('p.expires_at', '>', now())
      .where('u.status', '=', USER_STATUS.active)
      .executeTakeFirst();
    if (!found) throw new ValidationError({ token: [INVALID_TOKEN] }, INVALID_TOKEN);
    return ok({ valid: true });
  });

  app.post('/api/field/reset-password', { config: throttledRoute, schema: { tags, body: ResetBody, response: answers(Type.Null(), 'The password is changed; every session of the account ended.') } }, async (request) => {
    const body = request.body as { token: string; password: string; confirmPassword: string };
    if (body.password !== body.confirmPassword) throw ValidationError.field('confirmPassword', "Password didn't match.");
    const reset = await db
      .selectFrom('user_password_resets as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'u.email', 'u.f_name', 'u.l_name'])
      .where('p.token_hash', '=', hashToken(body.token))
      .where('p.used_at', 'is', null)
      .where('p.expires_at', '>', now())
      .where('u.status', '=', USER_STATUS.active)
      .executeTakeFirst();
    if (!reset) throw new ValidationError({ token: [INVALID_TOKEN] }, INVALID_TOKEN);
    assertPasswordAllowed(body.password, { email: reset.email, names: [reset.f_name, reset.l_name] });
    const password_hash = await hashPassword(body.password, ctx.config.argon2);
    await db.transaction().execute(async (trx) => {
      const used = await trx.updateTable('user_password_resets').set({ used_at: now() }).where('id', '=', reset.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new ValidationError({ token: [INVALID_TOKEN] }, INVALID_TOKEN);
      await endUserResetLinks(trx, reset.user_id);
      await trx.updateTable('users').set({ password_hash, updated_at: now() }).where('id', '=', reset.user_id).execute();
      await trx.deleteFrom('user_tokens').where('user_id', '=', reset.user_id).execute();
      await audit(trx, { actorId: null, action: 'field_password_reset', resource: 'users', recordId: reset.user_id, ip: request.ip, requestId: request.id });
    });
    // the owner proved the inbox: the account's slowdown is over
    if (reset.email) await clearAccount(db, 'field-login', reset.email.trim().toLowerCase());
    return ok(null, MESSAGES.updated);
  });
}

/**
 * Stores a reset token for a field user and emails the link (after the answer has gone). Only the
 * newest link works: the earlier unused ones end in the same transaction, under the account's row lock
 * on PostgreSQL (SQLite runs one write at a time).
 */
async function sendUserResetLink(ctx: AppContext, user: { id: number; f_name: string; email: string }, ip: string, requestId: string): Promise<void> {
  const token = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await sql`select id from users where id = ${user.id} for update`.execute(trx);
    await endUserResetLinks(trx, user.id);
    await trx.insertInto('user_password_resets').values({ user_id: user.id, token_hash: hashToken(token), expires_at: inMs(RESET_TTL_MS), used_at: null, created_at: now() }).execute();
    await audit(trx, { actorId: null, action: 'field_password_reset_requested', resource: 'users', recordId: user.id, ip, requestId });
    // the console's reset page serves field accounts too (`account=user`); queued with the token
    const link = `${ctx.config.publicUrl}/auth/resetPassword?account=user&t=${encodeURIComponent(token)}`;
    await ctx.mail.queue(trx, 'reset', {
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.f_name},\n\nTo choose a new password for the health programme app, open this link within 60 minutes:\n\n${link}\n\nIf you did not ask for this, ignore this email.\n`,
    });
  });
  ctx.mail.kick();
}

/** Tells a field account's owner of many failed sign-ins (queued; sent after the failed attempt's answer). */
async function alertUser(ctx: AppContext, user: { email: string; f_name: string }, failures: number): Promise<void> {
  await ctx.mail.queue(ctx.db, 'sign_in_alert', failedSignInsMail(user, failures, 'the health programme app', 'the app can email you a reset link'));
  ctx.mail.kick();
}
