import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { registerAuthGuard } from '../http/auth';
import { DEFAULT_MULTIPART_LIMITS, guardMultipart, limitJsonDepth, receiveFilePart } from '../http/bodyLimits';
import { normalizeBody } from '../http/fields';
import { applyAliases, refuseUnknownFields } from '../http/knownFields';
import { foldBrackets, recordsAsIds } from '../http/readShapes';
import { limitBodyTime } from '../http/timeouts';

/**
 * What a request goes through before a route's handler: other origins only when listed, the body's time,
 * depth and size limits, form data, who signs it (http/auth.ts), and its body read as each field's
 * declared type with unknown fields refused (http/fields.ts, knownFields.ts).
 */
export const requests = fp(async (app) => {
  const { config } = app.ctx;
  // other origins may call the API only when listed (CORS_ORIGINS); nothing is reflected from the request
  await app.register(fastifyCors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: false, maxAge: 600 });
  // before the auth guard's hook: a body is timed from when its headers were read
  limitBodyTime(app, config);
  limitJsonDepth(app);
  guardMultipart(app);
  // file parts as Buffers, or written straight to disk for routes that say where (config.streamFilesTo)
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: DEFAULT_MULTIPART_LIMITS, onFile: receiveFilePart });
  registerAuthGuard(app);
  app.addHook('preValidation', async (request) => {
    applyAliases(request);
    const schema = request.routeOptions.schema?.body;
    const form = request.isMultipart();
    if (form) foldBrackets(request.body, schema);
    normalizeBody(request.body, schema, form);
    recordsAsIds(request.body, schema, form);
    refuseUnknownFields(request);
  });
}, { name: 'requests', dependencies: ['context'] });
