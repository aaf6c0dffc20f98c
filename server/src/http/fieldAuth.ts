import type { FastifyRequest } from 'fastify';
import { messageText } from '../../../contract/messages';
import { USER_STATUS } from '../../../contract/enums';
import type { AppContext } from '../context';
import { hit } from '../services/throttle';
import { hashToken, now } from '../services/tokens';
import { forbidden, tooManyRequests, unauthenticated } from './errors';

/** calls a minute one field account may make to the field routes that need a session */
export const FIELD_RATE = 300;

/** The kinds of account that sign in to the field apps (family members have no password). */
export const FIELD_KINDS = ['patient', 'chw', 'doctor'] as const;

/** The signed-in field user, resolved from the bearer token by the guard (`access.field`). */
export interface FieldUser {
  id: number;
  tokenId: number;
  type: string;
  email: string;
  f_name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: FieldUser | null;
  }
}

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

/**
 * Signs in the caller of a field route of these kinds of account: 401 without an active field
 * session, 429 past the account's FIELD_RATE calls a minute, 403 for another kind. The auth guard
 * (http/auth.ts) runs it in onRequest, before the body is read or validated, as for the admin routes.
 */
export async function requireFieldUser(ctx: AppContext, request: FastifyRequest, kinds: readonly string[]): Promise<void> {
  const token = bearer(request);
  const row = token
    ? await ctx.db
        .selectFrom('user_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id as token_id', 'u.id', 'u.type', 'u.email', 'u.f_name', 'u.status'])
        .where('t.token_hash', '=', hashToken(token))
        .where('t.expires_at', '>', now())
        .executeTakeFirst()
    : undefined;
  if (!row || row.status !== USER_STATUS.active || !row.email) throw unauthenticated();
  // one app may not flood the server: FIELD_RATE calls a minute per account
  const wait = await hit(ctx.db, [{ key: `field-calls:${row.id}`, max: FIELD_RATE, windowMs: 60_000 }]);
  if (wait !== null) throw tooManyRequests(messageText('requests_throttled', { seconds: wait }), wait);
  request.user = { id: row.id, tokenId: row.token_id, type: row.type, email: row.email, f_name: row.f_name };
  if (!kinds.includes(row.type)) throw forbidden();
}
