import type { Resource } from '@medplum/fhirtypes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageText } from '../../../contract/messages';
import type { RouteAccess } from '../context';
import { HttpError } from '../http/errors';
import { RETRY_AFTER_SECONDS } from '../services/outages';
import type { CrudHelpers } from '../http/resource';
import { capabilityStatement } from './capability';
import type { FhirMapping } from './mapping';
import { MAPPINGS } from './mappings';
import { FhirError, issueOfStatus, outcome } from './outcome';
import { checkPlainQuery, everything, type FhirTypes, permissionOf, type Query, readOne, search } from './search';
import type { FhirCall, Source } from './source';

/**
 * The FHIR R4 API under /fhir (registered by app.ts): read and search of every mapping
 * (`mappings/`), `Patient/{id}/$everything` and `metadata`, in `application/fhir+json`, behind the
 * console's bearer tokens and each source's view permission and district scope (the sources read
 * through the declarations' own lists and read paths). Every refusal is an OperationOutcome; a request
 * that failed for want of the database or the file store is a 503 with Retry-After (issue `transient`).
 * The routes stay out of the OpenAPI document (`hide`): the CapabilityStatement at /fhir/metadata
 * describes them.
 */

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

const send = (reply: FastifyReply, status: number, body: Resource) => reply.status(status).type(FHIR_JSON).send(body);

/** The mappings whose sources' declarations this app serves (an app built with a test registry serves fewer). */
function servedTypes(crud: ReadonlyMap<string, CrudHelpers>): FhirTypes {
  const list = MAPPINGS.map((m) => ({ ...m, sources: m.sources.filter((s: Source) => crud.has(s.resource)) })).filter((m) => m.sources.length);
  return { list, byType: new Map(list.map((m) => [m.type, m])) };
}

export function fhirApi(crud: ReadonlyMap<string, CrudHelpers>) {
  return async (api: FastifyInstance): Promise<void> => {
    const { ctx } = api;
    const base = `${ctx.config.publicUrl}/fhir`;
    const types = servedTypes(crud);
    const metadata = capabilityStatement(base, types, new Date().toISOString());
    const call = (request: FastifyRequest): FhirCall => ({ ctx, request, crud, base, today: new Date().toISOString().slice(0, 10) });
    const hide = { hide: true };

    api.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof FhirError) return send(reply, error.statusCode, outcome(error.issue, error.message));
      // the database or the file store is down (the same classifier as the console API's): try again soon
      if (ctx.outages.unavailable(error)) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return send(reply, 503, outcome('transient', messageText('service_unavailable')));
      }
      const status = error instanceof HttpError ? error.statusCode : error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 401) reply.header('www-authenticate', 'Bearer');
      if (status >= 500) request.log.error({ err: error }, 'unhandled error');
      const text = error instanceof HttpError ? error.message : messageText(status >= 500 ? 'server_error' : 'request_failed');
      return send(reply, status, outcome(issueOfStatus(status), text));
    });
    api.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        reply.header('allow', 'GET, HEAD');
        return send(reply, 405, outcome('not-supported', messageText('fhir_read_only')));
      }
      const type = /^\/fhir\/([A-Z][A-Za-z]+)(?:[/?]|$)/.exec(request.url)?.[1];
      if (type && !types.byType.has(type)) return send(reply, 404, outcome('not-supported', messageText('fhir_type_unknown', { type })));
      return send(reply, 404, outcome('not-found', messageText('not_found')));
    });

    api.get('/metadata', { config: { access: { auth: false } }, schema: hide }, async (request, reply) => {
      checkPlainQuery(request.query as Query);
      return send(reply, 200, metadata);
    });

    for (const mapping of types.list) {
      // signed in with the view permission of at least one of its sources; each source is checked again
      const access: RouteAccess = { anyPermission: [...new Set(mapping.sources.map((s) => permissionOf(ctx, s)))] };
      const route = { config: { access }, schema: hide };
      api.get(`/${mapping.type}`, route, async (request, reply) => send(reply, 200, await search(call(request), types, mapping, request.query as Query)));
      api.get(`/${mapping.type}/:id`, route, async (request, reply) => {
        checkPlainQuery(request.query as Query);
        return send(reply, 200, await readOne(call(request), mapping as FhirMapping, (request.params as { id: string }).id));
      });
      if (mapping.everything) {
        api.get(`/${mapping.type}/:id/$everything`, route, async (request, reply) => {
          checkPlainQuery(request.query as Query);
          return send(reply, 200, await everything(call(request), types, mapping, (request.params as { id: string }).id));
        });
      }
    }
  };
}
