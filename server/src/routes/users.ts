import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { USER_TYPES, type UserType } from '../../../contract/enums';
import { messageText } from '../../../contract/messages';
import { permissionName, type Action } from '../../../contract/permissions';
import type { ResourceName } from '../../../contract/resources';
import { RESOURCES } from '../../../contract/resources';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { bodySchemas, listAnswers } from '../http/crud';
import { textEnum } from '../http/listQuery';
import type { CrudHelpers } from '../http/resource';
import { answers, recordId, ref } from '../http/responses';

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

  /** Passes the call on to the kind's route, as the same caller, and answers what it answered (as it was written). */
  const forward = async (request: FastifyRequest, reply: FastifyReply, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: request.headers.authorization ?? '', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      remoteAddress: request.ip,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    if (res.statusCode >= 400) {
      const { message, error } = res.json() as { message?: string; error?: Record<string, string[]> | null };
      throw new HttpError(res.statusCode, message ?? 'Request failed.', error ?? undefined);
    }
    return reply.status(res.statusCode).type('application/json; charset=utf-8').send(res.body);
  };
  const query = (request: FastifyRequest) => request.url.split('?')[1] ?? '';
  const Id = Type.Object({ id: Type.String({ description: "any person's encrypted id" }) });
  // the kind's route checks the call (its query, body and permission): these routes pass it on as it came,
  // and document it as each kind's route does (one source: the kinds' declarations)
  const passedOn = { validatorCompiler: () => () => true };
  /** the body passed on: an object, as the document says (null, a list or text is refused here, as a route's own schema would) */
  const objectBody = (request: FastifyRequest): Record<string, unknown> => {
    const body = request.body;
    if (body === undefined) return {};
    if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) throw new ValidationError({ _: [messageText('body_invalid')] });
    return body as Record<string, unknown>;
  };
  const defs = kinds.map(([kind, resource]) => [kind, crud.get(resource)!.def] as const);
  const person = { anyOf: defs.map(([, def]) => ref(recordId(def))) };
  const personAnswers = (description: string) => answers(person, description);
  const bodyOf = (which: 'create' | 'update') => ({
    anyOf: defs.map(([kind, def]) => {
      const schema = bodySchemas(def)[which];
      const type = Type.Literal(kind, { description: `${kind}: the body of ${which === 'create' ? 'POST' : 'PUT'} /${def.name}` });
      return Type.Object({ type: which === 'create' ? type : Type.Optional(type), ...schema.properties }, { additionalProperties: false });
    }),
  });
  const TypeQuery = Type.Object(
    { type: textEnum(kinds.map(([kind]) => kind), { description: "the kind of person; the other parameters are those of the kind's list (GET /app-users, /family-members, /chw, /doctors)", 'x-message': TYPE_MESSAGE }) },
    { additionalProperties: true },
  );

  app.get('/api/admin/users', { ...passedOn, config: { access: { anyPermission: permissionsOf('view') } }, schema: { tags, summary: 'People of one kind: ?type=patient|family|chw|doctor', querystring: TypeQuery, response: listAnswers(person) } }, async (request, reply) => {
    const resource = resourceOfType((request.query as { type?: unknown }).type);
    const params = new URLSearchParams(query(request));
    params.delete('type');
    return forward(request, reply, 'GET', `/api/admin/${resource}?${params.toString()}`);
  });
  app.get('/api/admin/users/:id', { ...passedOn, config: { access: { anyPermission: permissionsOf('view') } }, schema: { tags, params: Id, response: personAnswers('The person.') } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    return forward(request, reply, 'GET', `/api/admin/${resourceOfId(id)}/${encodeURIComponent(id)}`);
  });
  app.post('/api/admin/users', { ...passedOn, config: { access: { anyPermission: permissionsOf('create') } }, schema: { tags, summary: 'Adds a person of the body\'s type', body: bodyOf('create'), response: personAnswers('The person added.') } }, async (request, reply) => {
    const { type, ...body } = objectBody(request);
    return forward(request, reply, 'POST', `/api/admin/${resourceOfType(type)}`, body);
  });
  app.put('/api/admin/users/:id', { ...passedOn, config: { access: { anyPermission: permissionsOf('edit') } }, schema: { tags, params: Id, body: bodyOf('update'), response: personAnswers('The person as updated.') } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { type: _type, ...body } = objectBody(request);
    return forward(request, reply, 'PUT', `/api/admin/${resourceOfId(id)}/${encodeURIComponent(id)}`, body);
  });
  app.delete('/api/admin/users/:id', { ...passedOn, config: { access: { anyPermission: permissionsOf('delete') } }, schema: { tags, params: Id, response: personAnswers('The person deleted, as they were.') } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    return forward(request, reply, 'DELETE', `/api/admin/${resourceOfId(id)}/${encodeURIComponent(id)}`);
  });
}
