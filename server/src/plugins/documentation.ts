import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { type AcceptedKeys, DEFAULT_SECURITY, documentBodies, documentRoute, SECURITY_SCHEMES } from '../http/openapi';
import { SHARED_SCHEMAS } from '../http/responses';

/**
 * The OpenAPI document at /api/docs (and its page), written from every route's own schemas and
 * configuration as it is registered (http/openapi.ts), and `app.routeTable`: the admin API, the public
 * reads and the field routes that name their kinds of account, which the authorization matrix and the
 * fuzzer walk. Registered before any route.
 */
export const documentation = fp(async (app) => {
  // what answers share (the refusal's envelope, a page link, a stored file), components of the document
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  app.decorate('routeTable', []);
  const acceptedKeys: AcceptedKeys = new Map();
  app.addHook('onRoute', (route) => {
    documentRoute(route, acceptedKeys);
    const fieldKinds = route.url.startsWith('/api/field') && route.config?.access?.field;
    if (!route.url.startsWith('/api/admin') && !route.url.startsWith('/api/public') && !fieldKinds) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schema = route.schema as { body?: unknown; querystring?: unknown; consumes?: string[] } | undefined;
      app.routeTable.push({
        method, url: route.url, access: route.config?.access ?? { auth: true },
        body: schema?.body, querystring: schema?.querystring, multipart: schema?.consumes?.includes('multipart/form-data') ?? false,
      });
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Health programme console API', version: '1' },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: DEFAULT_SECURITY,
    },
    transformObject: (document) => documentBodies('openapiObject' in document ? document.openapiObject : {}, acceptedKeys),
    // shared schemas are named by their $id in the document (a client generated from it names its types so)
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}, { name: 'documentation' });
