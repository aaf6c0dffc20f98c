import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_TYPES, type UserType } from '../../../contract/enums';
import { permissionName, type Action } from '../../../contract/permissions';
import type { ResourceName } from '../../../contract/resources';
import { RESOURCES } from '../../../contract/resources';
import { HttpError, notFound, ValidationError } from '../http/errors';
import type { CrudHelpers } from '../http/resource';

/**
 * The spec's account calls (spec 1 section 7): `GET /users?type=`, `GET`, `PUT` and `DELETE
 * /users/{id}` and `POST /users` act on people of every kind, which are rows of one account table. Each
 * is answered by the kind's own resource route (app-users, family-members, chw, doctors), so that its
 * rules, permissions, district scope and audit rows apply unchanged: the request is passed on, with
 * the caller's own credentials, to that route. `{id}` is any person's encrypted id.
 */

/** The resource of each kind of person. */
const KIND_RESOURCES: Partial<Record<UserType, ResourceName>> = { patient: 'app-users', family: 'family-members', chw: 'chw', doctor: 'doctors' };

const TYPE_MESSAGE = `Please choose a type: ${USER_TYPES.join(', ')}.`;

export function registerUserRoutes(app: FastifyInstance, crud: Map<string, CrudHelpers>): void {
  const kinds = Object.entries(KIND_RESOURCES).filter((entry): entry is [UserType, ResourceName] => crud.has(entry[1] ?? ''));
  if (!kinds.length) return;
  const permissionsOf = (action: Action) => [...new Set(kinds.map(([, resource]) => permissionName(action, RESOURCES[resource].module)))];
  const tags = ['users'];

  const resourceOfType = (type: unknown): ResourceName => {
    const found = kinds.find(([kind]) => kind === type);
    if (!found) throw ValidationError.field('type', TYPE_MESSAGE);
    return found[1];
  };
  /** The kind whose resource decodes this encrypted id (each kind has its own key). */
  const resourceOfId = (id: string): ResourceName => {
    for (const [, resource] of kinds) if (app.ctx.ids.decode(resource, id) !== null) return resource;
    throw notFound();
  };

  /** Passes the call on to the kind's route, as the same caller, and answers what it answered. */
  const forward = async (request: FastifyRequest, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: request.headers.authorization ?? '', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      remoteAddress: request.ip,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const body: unknown = res.json();
    if (res.statusCode >= 400) {
      const { message, error } = body as { message?: string; error?: Record<string, string[]> | null };
      throw new HttpError(res.statusCode, message ?? 'Request failed.', error ?? undefined);
    }
    return body;
  };
  const query = (request: FastifyRequest) => request.url.split('?')[1] ?? '';
  const Id = Type.Object({ id: Type.String({ description: "any person's encrypted id" }) });

  app.get('/api/admin/users', { config: { access: { anyPermission: permissionsOf('view') } }, schema: { tags, summary: 'People of one kind: ?type=patient|family|chw|doctor' } }, async (request) => {
    const resource = resourceOfType((request.query as { type?: unknown }).type);
    const params = new URLSearchParams(query(request));
    params.delete('type');
    return forward(request, 'GET', `/api/admin/${resource}?${params.toString()}`);
  });
  app.get('/api/admin/users/:id', { config: { access: { anyPermission: permissionsOf('view') } }, schema: { tags, params: Id } }, async (request) => {
    const { id } = request.params as { id: string };
    return forward(request, 'GET', `/api/admin/${resourceOfId(id)}/${encodeURIComponent(id)}`);
  });
  app.post('/api/admin/users', { config: { access: { anyPermission: permissionsOf('create') } }, schema: { tags, summary: 'Adds a person of the body\'s type' } }, async (request) => {
    const { type, ...body } = (request.body ?? {}) as Record<string, unknown>;
    return forward(request, 'POST', `/api/admin/${resourceOfType(type)}`, body);
  });
  app.put('/api/admin/users/:id', { config: { access: { anyPermission: permissionsOf('edit') } }, schema: { tags, params: Id } }, async (request) => {
    const { id } = request.params as { id: string };
    const { type: _type, ...body } = (request.body ?? {}) as Record<string, unknown>;
    return forward(request, 'PUT', `/api/admin/${resourceOfId(id)}/${encodeURIComponent(id)}`, body);
  });
  app.delete('/api/admin/users/:id', { config: { access: { anyPermission: permissionsOf('delete') } }, schema: { tags, params: Id } }, async (request) => {
    const { id } = request.params as { id: string };
    return forward(request, 'DELETE', `/api/admin/${resourceOfId(id)}/${encodeURIComponent(id)}`);
  });
}
