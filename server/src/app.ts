import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type Ajv from 'ajv';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { type BaseSeedResult, seedBase } from './db/seeds/base';
import { registerAuthGuard } from './http/auth';
import { registerCrud } from './http/crud';
import { registerFileRoutes } from './http/files';
import { loadSearchIndexes } from './db/search';
import { registerExportRoute } from './http/exports';
import { HttpError, INVALID_DATA, malformedMultipart } from './http/errors';
import { fieldErrorsFromAjv, normalizeBody } from './http/fields';
import { IdCodec } from './http/ids';
import { Realtime, registerRealtime } from './realtime';
import { registry as defaultRegistry } from './resources/registry';
import type { Registry } from './http/resource';
import { registerAuthRoutes } from './routes/auth';
import { registerUploadRoutes } from './routes/uploads';
import { registerNotificationRoutes } from './routes/notifications';
import { registerDashboardRoutes } from './routes/dashboard';
import { createMailer, type Mailer } from './services/mail';
import { LocalStorage } from './services/storage';

export interface BuildOptions {
  /** an existing database handle (tests share one per suite) */
  db?: Db;
  mailer?: Mailer;
  logger?: boolean;
  /** the resources to serve (tests of the machinery add their own) */
  registry?: Registry;
}

export interface BuiltApp {
  app: FastifyInstance;
  seed: BaseSeedResult;
}

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Database errors that are the caller's fault, as 4xx: a unique clash (race past the hooks' checks) or a row still referenced. */
function constraintError(err: { code?: string; message?: string; detail?: string }): HttpError | null {
  const code = err.code ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') {
    const column = /UNIQUE constraint failed: \w+\.(\w+)/.exec(err.message ?? '')?.[1] ?? /Key \((\w+)\)/.exec(err.detail ?? '')?.[1] ?? '_';
    return new HttpError(422, INVALID_DATA, { [column]: [`The ${column.replace(/_/g, ' ')} has already been taken.`] });
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new HttpError(409, 'This record is still in use by other records, or refers to a record that does not exist.');
  }
  return null;
}

/** `x-message` is our annotation of a field's error text (see http/fields.ts); ajv must accept it. */
function addMessageKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.db ?? createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db, database.dialect);
  const seed = await seedBase(database, config);
  const registry = opts.registry ?? defaultRegistry;

  const app: FastifyInstance = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: MAX_UPLOAD_BYTES,
    // signed export links carry their claim in the path
    routerOptions: { maxParamLength: 1000 },
    ajv: {
      customOptions: { allErrors: true, removeAdditional: 'all', coerceTypes: false, useDefaults: true },
      plugins: [addMessageKeyword],
    },
  });

  mkdirSync(config.dataDir, { recursive: true });
  const storage = new LocalStorage(config.dataDir, config.appKey);
  mkdirSync(storage.root, { recursive: true });
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    ids: new IdCodec(config.appKey),
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    storage,
    realtime: new Realtime({ config, log: app.log, server: () => app.server }),
    searchIndexes: await loadSearchIndexes(database.db),
  };
  app.decorate('ctx', ctx);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, access: route.config?.access ?? { auth: true } });
    }
  });
  app.addHook('onClose', async () => {
    if (!opts.mailer) ctx.mailer.close();
    if (!opts.db) await database.destroy();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Health programme console API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: MAX_UPLOAD_BYTES, files: 5 } });

  app.setErrorHandler((error: FastifyError & { detail?: string }, request, reply) => {
    if (error.validation) {
      const schema = request.routeOptions.schema?.[error.validationContext as 'body' | 'querystring' | 'params'];
      return reply.status(422).send({ success: false, message: INVALID_DATA, error: fieldErrorsFromAjv(error.validation as never, schema) });
    }
    const known = error instanceof HttpError ? error : constraintError(error) ?? malformedMultipart(error);
    if (known) {
      return reply.status(known.statusCode).send({ success: false, message: known.message, error: known.fieldErrors ?? null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, error: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Something went wrong on the server.', error: null });
  });

  registerAuthGuard(app);
  app.addHook('preValidation', async (request) => {
    normalizeBody(request.body, request.routeOptions.schema?.body);
  });

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ctx.db.selectFrom('roles').select('id').limit(1).execute();
    return { status: 'ok', database: ctx.dialect };
  });

  registerAuthRoutes(app);
  registerUploadRoutes(app);
  registerNotificationRoutes(app);
  registerDashboardRoutes(app);
  await registerRealtime(app);
  const crud = new Map(registry.resources.map((def) => [def.name as string, registerCrud(app, def)]));
  registerExportRoute(app, crud);
  registerFileRoutes(app, registry.resources);

  await app.register(fastifyStatic, {
    root: storage.root, prefix: '/storage/', decorateReply: false, index: false,
    // stored files are what their magic bytes said when they were accepted: never sniffed as anything else
    setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
  });
  if (config.consoleDir) {
    await app.register(fastifyStatic, { root: config.consoleDir, prefix: '/', wildcard: false, index: 'index.html' });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (config.consoleDir && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/storage/')) {
      return reply.sendFile('index.html'); // the console's own routes (SPA fallback)
    }
    return reply.status(404).send({ success: false, message: 'Not found.', error: null });
  });

  await app.ready();
  return { app, seed };
}
