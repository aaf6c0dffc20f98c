import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { ALL_PERMISSIONS } from '../../../contract/permissions';
import { USER_STATUS } from '../../../contract/enums';
import { messageText } from '../../../contract/messages';
import type { AppContext, Principal, RouteAccess } from '../context';
import type { Database } from '../db/schema';
import { hashToken, now } from '../services/tokens';
import { withCodes } from './envelope';
import { forbidden, unauthenticated } from './errors';
import { requireFieldUser } from './fieldAuth';

const ALL = new Set(ALL_PERMISSIONS);

export async function permissionsOfRole(ctx: AppContext, roleId: number, isSuper: boolean): Promise<Set<string>> {
  if (isSuper) return ALL;
  const rows = await ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
  return new Set(rows.map((r) => r.permission));
}

/** The districts an admin is limited to (admin_districts), or null when it is not limited. */
export async function districtsOfAdmin(ctx: AppContext, adminId: number): Promise<number[] | null> {
  const rows = await ctx.db.selectFrom('admin_districts').select('district_id').where('admin_id', '=', adminId).execute();
  return rows.length ? rows.map((r) => r.district_id) : null;
}

const compileTokenQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('auth_tokens as t')
    .innerJoin('admins as a', 'a.id', 't.admin_id')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['t.id as token_id', 't.expires_at', 'a.id', 'a.f_name', 'a.email', 'a.role_id', 'a.status', 'a.pusher_id', 'r.is_super'])
    .where('t.token_hash', '=', '') // parameter 1
    .where('t.expires_at', '>', '') // parameter 2
    .compile();
/**
 * The token lookup runs whenever a session is not cached (below), always the same SQL: it is compiled
 * once per database handle and only its parameters change.
 */
const tokenQueries = new WeakMap<Kysely<Database>, ReturnType<typeof compileTokenQuery>>();
type TokenRow = ReturnType<typeof compileTokenQuery> extends CompiledQuery<infer R> ? R : never;

const compileEpochQuery = (db: Kysely<Database>) => db.selectFrom('auth_epoch').select('n').where('id', '=', 1).compile();
type EpochRow = ReturnType<typeof compileEpochQuery> extends CompiledQuery<infer R> ? R : never;

interface CachedSession {
  principal: Principal;
  expiresAt: string;
  epoch: string;
}

/** Sessions kept per process; beyond this many tokens the oldest entry goes first. */
export const SESSION_CACHE_SIZE = 10_000;

/**
 * What each token stood for when last read, per database handle, with the `auth_epoch` it was read
 * at. Every write that can change a session (a sign-out, a token revoked, an admin edited or blocked,
 * a role or its permissions or an admin's districts changed) bumps the epoch in its own transaction
 * (migration 0023), so a request reads that one number and reuses its session only while nothing of
 * the kind happened since: on every node, since the number lives in the database.
 */
const sessionCaches = new WeakMap<Kysely<Database>, Map<string, CachedSession>>();

const epochQueries = new WeakMap<Kysely<Database>, ReturnType<typeof compileEpochQuery>>();

async function currentEpoch(ctx: AppContext): Promise<string> {
  let query = epochQueries.get(ctx.db);
  if (!query) epochQueries.set(ctx.db, (query = compileEpochQuery(ctx.db)));
  const row = (await ctx.db.executeQuery<EpochRow>(query)).rows[0];
  return String(row?.n ?? '');
}

/** Resolves a bearer token to its admin: unexpired, not revoked, admin active. */
export async function principalFromToken(ctx: AppContext, token: string): Promise<Principal | null> {
  const hash = hashToken(token);
  // the epoch first: a change committed after it is read makes the next request look again
  const epoch = await currentEpoch(ctx);
  let cache = sessionCaches.get(ctx.db);
  if (!cache) sessionCaches.set(ctx.db, (cache = new Map()));
  const cached = cache.get(hash);
  const at = now();
  if (cached && cached.epoch === epoch && cached.expiresAt > at) return cached.principal;
  if (cached) cache.delete(hash);
  const found = await lookUpToken(ctx, hash, at);
  if (!found) return null;
  cache.set(hash, { ...found, epoch });
  if (cache.size > SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return found.principal;
}

/** The token's cached session, unexpired, whatever has happened since it was cached (its epoch says when). */
function cachedSession(ctx: AppContext, token: string): CachedSession | null {
  const cached = sessionCaches.get(ctx.db)?.get(hashToken(token));
  return cached && cached.expiresAt > now() ? cached : null;
}

/**
 * PostgreSQL: `auth_epoch` as a column of a handler's own statement, read in the same snapshot as its
 * rows (a list's page, http/crud/list.ts), for `sessionReadAt`.
 */
export const epochColumn = (): RawBuilder<unknown> => sql`(select n from auth_epoch where id = 1)`;

/**
 * A request whose session came from the cache unchecked (`epochInStatement`): `epoch` is `auth_epoch`
 * as the handler's statement read it. The same as when the session was cached: nothing that shapes it
 * changed before the rows were read, and the answer stands (true). Else the session is looked up again
 * as any other request's and authorised again (401 or 403 thrown), and the handler must read again with
 * the admin now in `request.admin` (false).
 */
export async function sessionReadAt(ctx: AppContext, request: FastifyRequest, epoch: unknown): Promise<boolean> {
  const cachedAt = request.sessionEpoch;
  if (typeof cachedAt !== 'string') return true;
  request.sessionEpoch = null;
  if (String(epoch ?? '') === cachedAt) return true;
  await authenticate(ctx, request, request.routeOptions.config.access ?? {});
  return false;
}

/** The same check by a round trip of its own, for a handler that reads nothing the epoch could join: whether the session held. */
export async function confirmSession(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  return sessionUnchecked(request) ? sessionReadAt(ctx, request, await currentEpoch(ctx)) : true;
}

/** Whether the request's session came from the cache and is still to be checked (a request outside the guard's routes has none). */
export const sessionUnchecked = (request: FastifyRequest): boolean => typeof request.sessionEpoch === 'string';

/** Whether a principal may call a route of this access. */
const allowed = (principal: Principal, access: RouteAccess): boolean =>
  (!access.permission || principal.permissions.has(access.permission)) && (!access.anyPermission || access.anyPermission.some((p) => principal.permissions.has(p)));

/** The request's admin from its bearer token, read as of now, and authorised for the route (401, 403). */
async function authenticate(ctx: AppContext, request: FastifyRequest, access: RouteAccess): Promise<void> {
  const token = bearerToken(request);
  const principal = token ? await principalFromToken(ctx, token) : null;
  if (!principal) throw unauthenticated();
  request.admin = principal;
  if (!allowed(principal, access)) throw forbidden();
}

async function lookUpToken(ctx: AppContext, hash: string, at: string): Promise<{ principal: Principal; expiresAt: string } | null> {
  let query = tokenQueries.get(ctx.db);
  if (!query) tokenQueries.set(ctx.db, (query = compileTokenQuery(ctx.db)));
  const row = (await ctx.db.executeQuery<TokenRow>({ ...query, parameters: [hash, at] })).rows[0];
  if (!row || row.status !== USER_STATUS.active) return null;
  const isSuper = Boolean(row.is_super);
  const principal: Principal = Object.freeze({
    id: row.id,
    tokenId: row.token_id,
    f_name: row.f_name,
    email: row.email,
    roleId: row.role_id,
    isSuper,
    permissions: await permissionsOfRole(ctx, row.role_id, isSuper),
    pusherId: row.pusher_id,
    districtIds: await districtsOfAdmin(ctx, row.id),
  });
  return { principal, expiresAt: row.expires_at };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Every route under /api/admin is authenticated unless its config says `access: { auth: false }`;
 * a route with `access.permission` also needs that permission; a field apps' route (`access.field`)
 * needs a field session of one of its kinds (http/fieldAuth.ts). Runs before the body is parsed or
 * validated, so an anonymous or unauthorised caller learns nothing about the payload rules.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionEpoch', null);
  app.addHook('onRequest', async (request) => {
    // a route under /api/admin without access config needs sign-in (fail closed), as the route table says
    const access = request.routeOptions.config.access ?? (request.routeOptions.url?.startsWith('/api/admin') ? {} : undefined);
    // a field apps' route: a field session of one of its kinds of account
    if (access?.field) return requireFieldUser(app.ctx, request, access.field);
    if (!access || access.auth === false) return;
    // PostgreSQL: a cached session that may call the route is checked within the handler's statement
    // (sessionReadAt); one that may not is read again first, since a change may have given it the right
    if (access.epochInStatement && app.ctx.dialect === 'postgres') {
      const token = bearerToken(request);
      const cached = token ? cachedSession(app.ctx, token) : null;
      if (cached && allowed(cached.principal, access)) {
        request.admin = cached.principal;
        request.sessionEpoch = cached.epoch;
        return;
      }
    }
    await authenticate(app.ctx, request, access);
  });
  // fail closed: no success is sent on a session its handler left unchecked (a handler that forgot: a 500,
  // logged). An error answer carries no record, and may be the database's outage (a 503 that a check would
  // turn into a failed query): it goes as it is
  app.addHook('onSend', async (request, reply, payload) => {
    if (!sessionUnchecked(request)) return payload;
    request.sessionEpoch = null;
    if (reply.statusCode >= 400) return payload;
    request.log.error(`${request.method} ${request.routeOptions.url}: a cached session was never checked against auth_epoch`);
    void reply.status(500);
    return JSON.stringify(withCodes({ success: false, message: messageText('server_error'), error: null }));
  });
}

export function requireAdmin(request: FastifyRequest): Principal {
  if (!request.admin) throw unauthenticated();
  return request.admin;
}
