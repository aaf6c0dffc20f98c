import { messageText } from '../../../contract/messages';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { USER_STATUS } from '../../../contract/enums';
import type { Session } from '../../../contract/api';
import type { AppContext } from '../context';
import { permissionsOfRole, requireAdmin } from '../http/auth';
import { ok, MESSAGES } from '../http/envelope';
import { forbidden, tooManyRequests, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { answers, fileLink, oneOfTypes, refusal } from '../http/responses';
import { audit } from '../services/audit';
import { assertPasswordAllowed } from '../services/passwordPolicy';
import { dummyHash, hashPassword, verifyPassword } from '../services/passwords';
import { accountTurn, alertDue, endResetLinks, failedSignInsMail, loginLimits, tooManyAttempts } from '../services/signIn';
import { clearAccount, hit, mayMailReset, resetLimits, signedIn } from '../services/throttle';
import { hashToken, inMs, newToken, now } from '../services/tokens';

const RESET_TTL_MS = 60 * 60_000;
/** Reset emails: 3 per address per 15 minutes to one inbox, 10 per client address. */

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const INVALID_TOKEN = 'Invalid token';
export const RESET_SENT = 'If that email is registered, a reset link has been sent.';

const LoginBody = Type.Object(
  {
    email: Fields.email('Please provide a valid email.'),
    password: Fields.text('Please provide a password.', 128),
    remember_me: Type.Optional(Fields.boolean()),
  },
  { additionalProperties: false },
);
const EmailBody = Type.Object({ email: Fields.email('Please provide a valid email.') }, { additionalProperties: false });
const TokenBody = Type.Object({ token: Fields.text(INVALID_TOKEN, 200) }, { additionalProperties: false });
const ResetBody = Type.Object(
  // the spec's call sends the token and the password; the console's form sends the confirmation too, which must match
  { token: Fields.text(INVALID_TOKEN, 200), password: Fields.password(), confirmPassword: Type.Optional(Fields.text("Password didn't match.", 128)) },
  { additionalProperties: false },
);

const publicRoute = { access: { auth: false } };
/** a public route that counts attempts (services/throttle.ts): it may answer 429 */
const throttledRoute = { ...publicRoute, throttled: true };

/** The session POST /login answers (contract/api.ts Session). */
export const SessionReply = Type.Object({
  token: Type.String(),
  encrypted_id: Type.String(),
  id: Type.Integer(),
  f_name: Type.String(),
  l_name: oneOfTypes('string', 'null'),
  email: Type.String(),
  roles: Type.Array(Type.Object({ name: Type.String() })),
  permissions: Type.Array(Type.String()),
  pusher_id: Type.String(),
  remember_me_token: oneOfTypes('string', 'null'),
  file: fileLink(),
  expires_at: Type.String(),
});
const tags = ['auth'];

export async function sessionOf(ctx: AppContext, adminId: number, token: string, expiresAt: string): Promise<Session> {
  const a = await ctx.db
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['a.id', 'a.f_name', 'a.l_name', 'a.email', 'a.pusher_id', 'a.profile_image', 'a.role_id', 'r.name as role', 'r.is_super'])
    .where('a.id', '=', adminId)
    .executeTakeFirstOrThrow();
  return {
    token,
    encrypted_id: ctx.ids.encode('admins', a.id),
    id: a.id,
    f_name: a.f_name,
    l_name: a.l_name,
    email: a.email,
    roles: [{ name: a.role }],
    permissions: [...(await permissionsOfRole(ctx, a.role_id, Boolean(a.is_super)))],
    pusher_id: a.pusher_id,
    remember_me_token: null,
    file: a.profile_image ? { path: ctx.storage.url(a.profile_image)! } : null,
    expires_at: expiresAt,
  };
}

/** Always under PUBLIC_URL: a forged Host or X-Forwarded-Host must not send the token elsewhere. */
function resetLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/auth/resetPassword?t=${encodeURIComponent(token)}`;
}

async function validReset(ctx: AppContext, token: string) {
  return ctx.db
    .selectFrom('password_resets as p')
    .innerJoin('admins as a', 'a.id', 'p.admin_id')
    .select(['p.id', 'p.admin_id', 'a.status', 'a.email', 'a.f_name', 'a.l_name'])
    .where('p.token_hash', '=', hashToken(token))
    .where('p.used_at', 'is', null)
    .where('p.expires_at', '>', now())
    .where('a.status', '=', USER_STATUS.active)
    .executeTakeFirst();
}

export function registerAuthRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db } = ctx;

  app.post('/api/admin/login', { config: throttledRoute, schema: { tags, body: LoginBody, response: { ...answers(SessionReply, 'Signed in: the session (its token is the bearer of every other call).'), 403: refusal(403) } } }, async (request) => {
    const body = request.body as { email: string; password: string; remember_me?: boolean };
    const email = body.email.trim().toLowerCase();
    // counted before the password is checked, atomically: parallel guesses cannot all pass a "0 so far" check
    const limits = loginLimits(email, request.ip);
    const wait = await hit(db, limits);
    if (wait !== null) throw tooManyAttempts(wait);
    // then the account's own count, whatever the network: spaced out after many failures (never locked)
    const hits = await accountTurn(db, 'login', email);
    const admin = await db.selectFrom('admins').select(['id', 'password_hash', 'status', 'email', 'f_name']).where('email', '=', email).executeTakeFirst();
    const valid = admin ? await verifyPassword(admin.password_hash, body.password) : (await verifyPassword(await dummyHash(ctx.config.argon2), body.password), false);
    if (!admin || !valid) {
      await audit(db, { actorId: admin?.id ?? null, action: 'login_failed', resource: 'auth', recordId: admin?.id ?? null, changes: { email }, ip: request.ip, requestId: request.id });
      if ((await alertDue(db, 'login', email, hits)) && admin) {
        setImmediate(() => {
          alertOwner(ctx, admin, hits).catch((err: unknown) => request.log.error({ err }, 'failed sign-ins email failed'));
        });
      }
      throw new ValidationError({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
    }
    // a good password: the account's failures are over (from here and from everywhere), and this attempt does not count against the address
    await signedIn(db, limits);
    await clearAccount(db, 'login', email);
    if (admin.status !== USER_STATUS.active) {
      await audit(db, { actorId: admin.id, action: 'login_blocked', resource: 'auth', recordId: admin.id, changes: { email }, ip: request.ip, requestId: request.id });
      throw forbidden('Your account is blocked.');
    }
    const token = newToken();
    const remember = Boolean(body.remember_me);
    const expiresAt = inMs(remember ? ctx.config.rememberTtlDays * 86_400_000 : ctx.config.tokenTtlHours * 3_600_000);
    await db.transaction().execute(async (trx) => {
      // expired tokens of this admin are of no use; drop them while we are here
      await trx.deleteFrom('auth_tokens').where('admin_id', '=', admin.id).where('expires_at', '<=', now()).execute();
      await trx.insertInto('auth_tokens').values({ admin_id: admin.id, token_hash: hashToken(token), remember: remember ? 1 : 0, expires_at: expiresAt, created_at: now(), ip: request.ip }).execute();
      await audit(trx, { actorId: admin.id, action: 'login', resource: 'auth', recordId: admin.id, changes: { remember_me: remember }, ip: request.ip, requestId: request.id });
    });
    return ok(await sessionOf(ctx, admin.id, token, expiresAt), 'Signed in.');
  });

  app.post('/api/admin/logout', { config: { access: {} }, schema: { tags, response: answers(Type.Null(), 'Signed out: the token no longer works.') } }, async (request) => {
    const admin = requireAdmin(request);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('auth_tokens').where('id', '=', admin.tokenId).execute();
      await audit(trx, { actorId: admin.id, action: 'logout', resource: 'auth', recordId: admin.id, ip: request.ip, requestId: request.id });
    });
    return ok(null, 'Signed out.');
  });

  app.get('/api/admin/me', { config: { access: {} }, schema: { tags, response: answers(Type.Omit(SessionReply, ['token']), 'The signed-in admin, as the sign-in answered it (without the token).') } }, async (request) => {
    const admin = requireAdmin(request);
    const t = await db.selectFrom('auth_tokens').select('expires_at').where('id', '=', admin.tokenId).executeTakeFirstOrThrow();
    const session = await sessionOf(ctx, admin.id, '', t.expires_at);
    return ok({ ...session, token: undefined });
  });

  app.post('/api/admin/verify-email', { config: throttledRoute, schema: { tags, body: EmailBody, response: answers(Type.String(), 'The same answer whether the email is registered or not; a registered one gets a reset link.') } }, async (request) => {
    const email = (request.body as { email: string }).email.trim().toLowerCase();
    // limited whether or not the email is known, so the limit tells nothing either
    const wait = await hit(db, resetLimits('reset', email, request.ip));
    if (wait !== null) throw tooManyRequests(messageText('reset_throttled', { minutes: Math.ceil(wait / 60) }), wait);
    // counted for every email, known or not: both answers do the same work
    const mailable = await mayMailReset(db, 'reset', email);
    const admin = await db.selectFrom('admins').select(['id', 'f_name', 'email', 'status']).where('email', '=', email).executeTakeFirst();
    if (admin && admin.status === USER_STATUS.active && mailable) {
      // after the answer: both answers do the same work before they go (a throttle count and one lookup)
      const { ip, id: requestId } = request;
      setImmediate(() => {
        sendResetLink(ctx, admin, ip, requestId).catch((err: unknown) => request.log.error({ err }, 'reset email failed'));
      });
    }
    return ok(RESET_SENT, RESET_SENT);
  });

  app.post('/api/admin/verify-reset-token', { config: throttledRoute, schema: { tags, body: TokenBody, response: answers(Type.Object({ valid: Type.Literal(true) }), 'The reset link is valid.') } }, async (request) => {
    const { token } = request.body as { token: string };
    if (!(await validReset(ctx, token))) throw new ValidationError({ token: [INVALID_TOKEN] }, INVALID_TOKEN);
    return ok({ valid: true });
  });

  app.post('/api/admin/reset-password', { config: throttledRoute, schema: { tags, body: ResetBody, response: answers(Type.Null(), 'The password is changed; every session of the account ended.') } }, async (request) => {
    const body = request.body as { token: string; password: string; confirmPassword?: string };
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) throw ValidationError.field('confirmPassword', "Password didn't match.");
    const reset = await validReset(ctx, body.token);
    if (!reset) throw new ValidationError({ token: [INVALID_TOKEN] }, INVALID_TOKEN);
    assertPasswordAllowed(body.password, { email: reset.email, names: [reset.f_name, reset.l_name] });
    const password_hash = await hashPassword(body.password, ctx.config.argon2);
    await db.transaction().execute(async (trx) => {
      // single use: the update only succeeds for the request that still sees it unused
      const used = await trx.updateTable('password_resets').set({ used_at: now() }).where('id', '=', reset.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new ValidationError({ token: [INVALID_TOKEN] }, INVALID_TOKEN);
      // the account's other reset links end with this one
      await endResetLinks(trx, reset.admin_id);
      await trx.updateTable('admins').set({ password_hash, updated_at: now() }).where('id', '=', reset.admin_id).execute();
      await trx.deleteFrom('auth_tokens').where('admin_id', '=', reset.admin_id).execute();
      await audit(trx, { actorId: reset.admin_id, action: 'password_reset', resource: 'auth', recordId: reset.admin_id, ip: request.ip, requestId: request.id });
    });
    // the owner proved the inbox: the account's slowdown is over
    await clearAccount(db, 'login', reset.email);
    return ok(null, MESSAGES.updated);
  });
}


/**
 * Stores a reset token for the admin and emails its link (run after the answer has gone). Only the
 * newest link works: the earlier unused ones end in the same transaction, which takes the admin's row
 * lock on PostgreSQL (SQLite runs one write at a time), so two requests at once leave one link.
 */
async function sendResetLink(ctx: AppContext, admin: { id: number; f_name: string; email: string }, ip: string, requestId: string): Promise<void> {
  const token = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await sql`select id from admins where id = ${admin.id} for update`.execute(trx);
    await endResetLinks(trx, admin.id);
    await trx.insertInto('password_resets').values({ admin_id: admin.id, token_hash: hashToken(token), expires_at: inMs(RESET_TTL_MS), used_at: null, created_at: now() }).execute();
    await audit(trx, { actorId: null, action: 'password_reset_requested', resource: 'auth', recordId: admin.id, ip, requestId });
    // queued with the token: a mail server away delays the link, never loses it
    await ctx.mail.queue(trx, 'reset', {
      to: admin.email,
      subject: 'Reset your password',
      text: `Hello ${admin.f_name},\n\nTo choose a new password, open this link within 60 minutes:\n\n${resetLink(ctx, token)}\n\nIf you did not ask for this, ignore this email.\n`,
    });
  });
  ctx.mail.kick();
}

/** Tells an admin that their account had many failed sign-ins (queued; sent after the failed attempt's answer). */
async function alertOwner(ctx: AppContext, admin: { email: string; f_name: string }, failures: number): Promise<void> {
  await ctx.mail.queue(ctx.db, 'sign_in_alert', failedSignInsMail(admin, failures, `the health programme console (${ctx.config.publicUrl})`, `the console's forgotten-password page, ${ctx.config.publicUrl}/auth/verifyEmail`));
  ctx.mail.kick();
}

