import type { RouteOptions } from 'fastify';

/**
 * The OpenAPI document (`/api/docs/json`, @fastify/swagger) is generated from the routes as they are
 * declared: their TypeBox schemas validate requests, and what this file adds to each route, from its
 * configuration, is what the document says beside them. One source: a route cannot say one thing to
 * the server and another to the document.
 */

/** The two kinds of session: an admin's (the console) and a field account's (the apps). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: "An admin's session: the `token` of `POST /api/admin/login`." },
  fieldBearer: { type: 'http', scheme: 'bearer', description: "A field account's session (patient, CHW, doctor): the `token` of `POST /api/field/login`." },
} as const;

/** What every operation needs unless its route says otherwise: an admin's session. */
export const DEFAULT_SECURITY = [{ bearer: [] }];

type RouteSchema = NonNullable<RouteOptions['schema']> & { hide?: boolean; security?: unknown[] };

/**
 * Completes a route's schema for the document (the `onRoute` hook in app.ts, before the route's
 * validators and serialisers are compiled): who may call it (`security`, from `config.access`).
 */
export function documentRoute(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as RouteSchema;
  if (schema.hide) return;
  const access = route.config?.access;
  if (schema.security === undefined) {
    if (access?.field) schema.security = [{ fieldBearer: [] }];
    else if (access?.auth === false) schema.security = [];
  }
}
