import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db';
import type { ColumnTypes } from './db/columns';
import type { SearchIndexes } from './db/search';
import type { Database } from './db/schema';
import type { IdCodec } from './http/ids';
import type { Realtime } from './realtime';
import type { MailQueue } from './services/mailQueue';
import type { Outages } from './services/outages';
import type { Storage } from './services/storage';

/**
 * What every route and hook can reach: built once in buildApp and hung on the Fastify instance.
 * `registry` (every declared resource, by name) is added to it by http/resource.ts: the declarations'
 * hooks take this context, so this file cannot name them without an import cycle.
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  ids: IdCodec;
  /** outgoing mail: queued in a write's transaction, sent by whichever node is up (services/mailQueue.ts) */
  mail: MailQueue;
  storage: Storage;
  /** publishes over the Pusher protocol (embedded endpoint or PUSHER_* service) */
  realtime: Realtime;
  /** the search index of each table and the columns it covers, as migrations left them */
  searchIndexes: SearchIndexes;
  /** every table's columns and their JSON types, as migrations left them (the records' schemas: http/responses.ts) */
  columnTypes: ColumnTypes;
  /** which of the database and the file store are down, since when (services/outages.ts) */
  outages: Outages;
}

/** The signed-in admin, resolved from the bearer token on every authenticated request. */
export interface Principal {
  id: number;
  tokenId: number;
  f_name: string;
  email: string;
  roleId: number;
  isSuper: boolean;
  permissions: ReadonlySet<string>;
  /** the districts this admin is limited to; null: every district */
  districtIds: readonly number[] | null;
  pusherId: string;
}

/** Per-route options read by the auth hook and by the authorization matrix test. */
export interface RouteAccess {
  /** false: public route (no token needed) */
  auth?: boolean;
  /** permission the caller must hold; undefined: any signed-in admin */
  permission?: string;
  /** at least one of these (a route acting on several kinds of record, each checked again by kind) */
  anyPermission?: readonly string[];
  /**
   * A field apps' route (under /api/field, `auth: false` for the admin guard) for these kinds of
   * account, signed in by the auth guard before the body is read (`fieldRoute` in routes/field/shared.ts,
   * http/fieldAuth.ts): such routes are in the route table, so the authorization matrix and the
   * fuzzer walk them too.
   */
  field?: readonly string[];
  /**
   * PostgreSQL: a cached session may be checked against `auth_epoch` within the handler's own statement
   * rather than by a round trip of its own before it (a list's page: http/auth.ts `sessionReadAt`)
   */
  epochInStatement?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** every /api/admin and /api/public route, and the field routes that name their kinds of account (access.field), with its access, body and query schemas and whether it takes form data (the authorization matrix and the fuzzer walk it) */
    routeTable: { method: string; url: string; access: RouteAccess; body?: unknown; querystring?: unknown; multipart: boolean }[];
  }
  interface FastifyRequest {
    admin: Principal | null;
    /** the `auth_epoch` a cached session was read at, while it is still to be checked (http/auth.ts `sessionReadAt`); else null */
    sessionEpoch: string | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** body keys this route accepts and drops, each with why it is not stored (http/knownFields.ts) */
    ignoredFields?: Readonly<Record<string, string>>;
    /** body keys of the record as presented that this route does not take: accepted when unchanged (an update compares them with the record) */
    readOnlyFields?: readonly string[];
    /** the spec's name of a body field → the project's name of it (http/knownFields.ts) */
    aliases?: Readonly<Record<string, string>>;
    /** the route counts calls against a limit (sign-in, resets, password checks) and may answer 429 */
    throttled?: boolean;
    /** body fields whose rows are presented exactly as their schema (a declaration's child rows): a key inside them that the schema does not list is refused too */
    strictRows?: readonly string[];
  }
}
