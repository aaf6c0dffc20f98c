import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import { ALL_PERMISSIONS } from '../../../contract/permissions';
import { USER_STATUS } from '../../../contract/enums';
import type { AppContext, Principal } from '../context';
import type { Database } from '../db/schema';
import { hashToken, now } from '../services/tokens';
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
  app.addHook('onRequest', async (request) => {
    // a route under /api/admin without access config needs sign-in (fail closed), as the route table says
    const access = request.routeOptions.config.access ?? (request.routeOptions.url?.startsWith('/api/admin') ? {} : undefined);
    // a field apps' route: a field session of one of its kinds of account
    if (access?.field) return requireFieldUser(app.ctx, request, access.field);
    if (!access || access.auth === false) return;
    const token = bearerToken(request);
    const principal = token ? await principalFromToken(app.ctx, token) : null;
    if (!principal) throw unauthenticated();
    request.admin = principal;
    if (access.permission && !principal.permissions.has(access.permission)) throw forbidden();
    if (access.anyPermission && !access.anyPermission.some((p) => principal.permissions.has(p))) throw forbidden();
  });
}

export function requireAdmin(request: FastifyRequest): Principal {
  if (!request.admin) throw unauthenticated();
  return request.admin;
}
