import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type Ajv from 'ajv';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { mkdirSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { type BaseSeedResult, seedBase } from './db/seeds/base';
import { registerAuthGuard } from './http/auth';
import { clientAborted, DEFAULT_MULTIPART_LIMITS, dropAborted, guardMultipart, JSON_BODY_LIMIT, limitJsonDepth, receiveFilePart } from './http/bodyLimits';
import { registerCrud, TITLE_TAKEN } from './http/crud';
import { registerFileRoutes, uploadPermissions } from './http/files';
import { loadSearchIndexes } from './db/search';
import { loadColumnTypes } from './db/columns';
import { registerExportRoute } from './http/exports';
import { fhirApi } from './fhir';
import { staticSecurityHeaders } from './http/securityHeaders';
import { limitBodyTime, serverTimeouts } from './http/timeouts';
import { HttpError, INVALID_DATA, malformedMultipart } from './http/errors';
import { withCodes } from './http/envelope';
import { messageText } from '../../contract/messages';
import { fieldErrorsFromAjv, normalizeBody } from './http/fields';
import { applyAliases, refuseUnknownFields } from './http/knownFields';
import { foldBrackets, recordsAsIds } from './http/readShapes';
import { IdCodec } from './http/ids';
import { type AcceptedKeys, DEFAULT_SECURITY, documentBodies, documentRoute, SECURITY_SCHEMES } from './http/openapi';
import { SHARED_SCHEMAS } from './http/responses';
import { sharedSerializerCompiler, sharedValidatorCompiler } from './http/validators';
import { Realtime } from './realtime';
import { registerRealtime } from './realtime/routes';
import { registry as defaultRegistry } from './resources/registry';
import type { Registry } from './http/resource';
import { registerAuthRoutes } from './routes/auth';
import { fieldApi } from './routes/field';
import { registerUserRoutes } from './routes/users';
import { registerLocationImport } from './routes/locationImport';
import { registerUploadRoutes } from './routes/uploads';
import { registerNotificationRoutes } from './routes/notifications';
import { registerAuditRoutes } from './routes/audit';
import { registerSearchRoutes } from './routes/search';
import { registerDashboardRoutes } from './routes/dashboard';
import { PROMOTIONAL_FILES, registerPromotionalRoutes } from './routes/promotional';
import { registerSiteRoutes } from './routes/site';
import { registerHealthRoutes } from './routes/health';
import { registerMailQueueRoutes } from './routes/mailQueue';
import { createMailer, type Mailer } from './services/mail';
import { MailQueue } from './services/mailQueue';
import { loadPasswordPolicy } from './services/passwordPolicy';
import { createStorage } from './services/storageDriver';
import { LocalStorage } from './services/storage';
import { MIME_TYPES } from './services/uploads';
import { sendStored } from './http/storedFiles';
import { isHeld } from './services/storedFiles';
import { Outages, RETRY_AFTER_SECONDS } from './services/outages';

/** What the handler answered, as JSON, kept for the check of its serialised answer (`checkAnswers`). */
const ANSWERED = Symbol('answered');

/**
 * The tests' check of every answer against its serialiser: the serialised answer must be the
 * handler's own, read back as JSON. The serialiser writes what the route's response schema declares,
 * so a field the schema forgot (dropped), a type it gets wrong (a number written as text) or a field
 * it requires that an answer lacks turns the answer into a 500 naming the difference, which fails the
 * test that met it.
 */
function checkAnswers(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, reply, payload) => {
    (reply as unknown as Record<symbol, string>)[ANSWERED] = JSON.stringify(payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const answered = (reply as unknown as Record<symbol, string | undefined>)[ANSWERED];
    if (answered === undefined || typeof payload !== 'string') return payload;
    const [sent, meant] = [JSON.parse(payload) as unknown, JSON.parse(answered) as unknown];
    if (isDeepStrictEqual(sent, meant)) return payload;
    const differences = answerDifferences(meant, sent).slice(0, 10);
    request.log.error({ differences }, 'an answer differs from its response schema');
    void reply.status(500);
    return JSON.stringify({ success: false, message: `The answer of ${request.method} ${request.routeOptions.url} (${reply.statusCode}) differs from its response schema: ${differences.join('; ')}`, code: null, error: null, codes: null });
  });
}

/** Where two JSON values differ, by path: what the handler answered against what was sent. */
function answerDifferences(meant: unknown, sent: unknown, path = ''): string[] {
  if (isDeepStrictEqual(meant, sent)) return [];
  if (meant && sent && typeof meant === 'object' && typeof sent === 'object' && Array.isArray(meant) === Array.isArray(sent)) {
    const keys = new Set([...Object.keys(meant), ...Object.keys(sent)]);
    return [...keys].flatMap((k) => answerDifferences((meant as Record<string, unknown>)[k], (sent as Record<string, unknown>)[k], `${path}/${k}`));
  }
  const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 80));
  return [`${path || '/'}: answered ${show(meant)}, sent ${show(sent)}`];
}

export interface BuildOptions {
  /** an existing database handle (tests share one per suite) */
  db?: Db;
  mailer?: Mailer;
  logger?: boolean;
  /** where the log goes instead of stdout (tests read what the server logged), at LOG_LEVEL */
  logStream?: { write(line: string): void };
  /** the resources to serve (tests of the machinery add their own) */
  registry?: Registry;
  /** every answer checked against its serialiser (tests): one that differs is a 500 naming the difference */
  checkAnswers?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  seed: BaseSeedResult;
}

/** Database errors that are the caller's fault, as 4xx: a unique clash (race past the hooks' checks) or a row still referenced. */
function constraintError(err: { code?: string; message?: string; detail?: string; constraint?: string }): HttpError | null {
  const code = err.code ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') {
    // a title's unique index (migration 0031), named <table>__unique__<column>
    const title = /\w+__unique__(\w+)/.exec(`${err.message ?? ''} ${err.constraint ?? ''}`)?.[1];
    if (title) return new HttpError(422, INVALID_DATA, { [title]: [TITLE_TAKEN] });
    const column = /UNIQUE constraint failed: \w+\.(\w+)/.exec(err.message ?? '')?.[1] ?? /Key \((\w+)\)/.exec(err.detail ?? '')?.[1] ?? '_';
    return new HttpError(422, INVALID_DATA, { [column]: [messageText('taken', { field: column.replace(/_/g, ' ') })] });
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new HttpError(409, messageText('conflict_in_use'));
  }
  return null;
}

/**
 * The router's refusals (a malformed URL, an overlong path parameter) in the envelope, with the
 * security headers (no route hook runs for them).
 */
const envelopeRouterError = (headers: Record<string, string>) => (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const tooLong = error.statusCode === 414;
  void reply.headers(headers).status(tooLong ? 414 : 400).send(withCodes({ success: false, message: messageText(tooLong ? 'address_too_long' : 'address_invalid'), error: null }));
};

/**
 * What the HTTP parser refuses before Fastify sees a request (headers too large, a timeout, garbage):
 * answered in the envelope too, as Node itself would (then the connection closes).
 */
const envelopeClientError = (headers: Record<string, string>) => (err: NodeJS.ErrnoException, socket: Duplex): void => {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', messageText('request_too_slow')]
    : err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', messageText('headers_too_large')]
    : [400, 'Bad Request', messageText('request_unreadable')];
  const body = JSON.stringify(withCodes({ success: false, message, error: null }));
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n${extra}Connection: close\r\n\r\n${body}`);
  socket.destroy(err);
};

/** A stored path as its /storage URL names it (`folder/name.ext`, decoded as the file server decodes it), or null. */
function storedPathOf(url: string): string | null {
  const raw = url.split('?')[0]!.slice('/storage/'.length);
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(path) ? path : null;
}

/**
 * Our annotations, which ajv must accept: `x-message`, a field's error text (see http/fields.ts), and
 * `x-file`, what a file field takes (http/files.ts, for the document).
 */
function addMessageKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' }).addKeyword({ keyword: 'x-file', schemaType: 'object' });
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.db ?? createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db, database.dialect);
  const seed = await seedBase(database, config);
  const registry = opts.registry ?? defaultRegistry;
  // the password estimator's dictionaries load now: the first password set does not wait for them
  loadPasswordPolicy();

  const securityHeaders = staticSecurityHeaders(config);
  const app: FastifyInstance = Fastify({
    logger: opts.logStream ? { level: config.logLevel, stream: opts.logStream } : opts.logger === false ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    // X-Forwarded-* only from the configured proxies (TRUST_PROXY); otherwise request.ip is the peer
    trustProxy: config.trustProxy,
    // JSON bodies; routes that take files raise it for themselves (http/bodyLimits.ts)
    bodyLimit: JSON_BODY_LIMIT,
    // how long headers, a request and an idle kept-alive connection may take (http/timeouts.ts)
    ...serverTimeouts(config),
    // signed export links carry their claim in the path
    routerOptions: { maxParamLength: 1000 },
    // the router's own refusals (a malformed URL, an overlong path parameter) in the API's envelope
    frameworkErrors: envelopeRouterError(securityHeaders),
    clientErrorHandler: envelopeClientError(securityHeaders),
    ajv: {
      customOptions: { allErrors: true, removeAdditional: 'all', coerceTypes: false, useDefaults: true },
      plugins: [addMessageKeyword],
    },
    // fastify's ajv and answer serialisers, compiled once a process (http/validators.ts)
    schemaController: { compilersFactory: { buildValidator: sharedValidatorCompiler, buildSerializer: sharedSerializerCompiler } },
  });

  mkdirSync(config.dataDir, { recursive: true });
  const storage = createStorage(config);
  const transport = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const outages = new Outages({
    log: app.log,
    probes: {
      database: () => database.db.selectFrom('roles').select('id').limit(1).execute(),
      storage: () => storage.ready(),
      ...(transport.verify ? { mail: () => transport.verify!() } : {}),
    },
  });
  // outgoing mail waits in the database, sent by whichever node is up (services/mailQueue.ts)
  const mail = new MailQueue({ db: database.db, transport, appKey: config.appKey, log: app.log, outages });
  // PostgreSQL closed a connection: one ended by an administrator, or the whole server going away
  database.onConnectionLost((err) => outages.suspect('database', err));
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    ids: new IdCodec(config.appKey),
    mail,
    storage,
    realtime: new Realtime({ config, log: app.log, server: () => app.server, outages }),
    searchIndexes: await loadSearchIndexes(database.db),
    columnTypes: await loadColumnTypes(database),
    registry,
    outages,
  };
  app.decorate('ctx', ctx);
  // what answers share (the refusal's envelope, a page link, a stored file), components of the document
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  app.decorate('routeTable', []);
  const acceptedKeys: AcceptedKeys = new Map();
  app.addHook('onRoute', (route) => {
    // what the OpenAPI document says of the route, from its configuration (http/openapi.ts)
    documentRoute(route, acceptedKeys);
    // the admin API, the public reads and the field routes that name their kinds of account: the
    // authorization matrix and the fuzzer walk this table
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
  app.addHook('onClose', async () => {
    outages.close();
    await mail.close();
    if (!opts.mailer) transport.close();
    if (!opts.db) await database.destroy();
  });

  // CSP, nosniff, referrer policy, HSTS over https... on every answer (http/securityHeaders.ts). helmet
  // works them out once, at start: they depend on the configuration only (@fastify/helmet would build
  // helmet's middleware, CSP parsing included, again for every request). Set on the raw response as
  // helmet does, so a route's own header (the stricter CSP of /storage) still wins.
  const headerEntries = Object.entries(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headerEntries) reply.raw.setHeader(name, value);
    done();
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
  // other origins may call the API only when listed (CORS_ORIGINS); nothing is reflected from the request
  await app.register(fastifyCors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: false, maxAge: 600 });
  // before the auth guard's hook: a body is timed from when its headers were read
  limitBodyTime(app, config);
  limitJsonDepth(app);
  guardMultipart(app);
  // file parts as Buffers, or written straight to disk for routes that say where (config.streamFilesTo)
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: DEFAULT_MULTIPART_LIMITS, onFile: receiveFilePart });

  app.setErrorHandler((error: FastifyError & { detail?: string }, request, reply) => {
    // the client dropped its request mid-body (an upload cut off): an expected event, and nobody to answer
    if (clientAborted(error, request)) return dropAborted(error, request, reply);
    if (error.validation) {
      const schema = request.routeOptions.schema?.[error.validationContext as 'body' | 'querystring' | 'params'];
      return reply.status(422).send({ success: false, message: INVALID_DATA, error: fieldErrorsFromAjv(error.validation as never, schema) });
    }
    // the database or the file store is down: not the client's fault nor a bug of ours; try again soon
    if (outages.unavailable(error)) {
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ success: false, message: messageText('service_unavailable'), error: null });
    }
    const known = error instanceof HttpError ? error : constraintError(error) ?? malformedMultipart(error);
    if (known) {
      if (known.headers) void reply.headers(known.headers);
      return reply.status(known.statusCode).send({ success: false, message: known.message, ...(known.values ? { values: known.values } : {}), error: known.fieldErrors ?? null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, error: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: messageText('server_error'), error: null });
  });
  // an answer sent before the request's body was read to its end (a refusal mid-upload, the disk full
  // while a chunk is written): the connection closes after it, so that a client reusing the connection
  // is not left waiting behind the unread rest of that body (light-my-request's requests say nothing: kept)
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
  // every envelope carries the codes of its texts (contract/messages.ts), whichever route or hook sent it
  app.addHook('preSerialization', async (_request, _reply, payload) => withCodes(payload));
  if (opts.checkAnswers) checkAnswers(app);

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

  registerHealthRoutes(app);
  registerMailQueueRoutes(app);

  registerAuthRoutes(app);
  registerUploadRoutes(app, uploadPermissions(registry.resources, [PROMOTIONAL_FILES]));
  registerNotificationRoutes(app);
  registerDashboardRoutes(app);
  registerPromotionalRoutes(app);
  await registerRealtime(app);
  const crud = new Map(registry.resources.map((def) => [def.name as string, registerCrud(app, def)]));
  registerExportRoute(app, crud);
  registerUserRoutes(app, crud);
  registerLocationImport(app);
  registerFileRoutes(app, registry.resources);
  await app.register(fieldApi((resource) => crud.has(resource)));
  registerAuditRoutes(app, registry);
  registerSearchRoutes(app);
  // the FHIR R4 API (server/src/fhir): its own error answers (OperationOutcome), kept out of /api/docs
  await app.register(fhirApi(crud), { prefix: '/fhir' });

  await app.register(async (scope) => {
    // only files some record holds (stored_files): an upload no record took is nobody's to see, and a
    // file whose last record let go of it is gone. One primary-key read a request.
    scope.addHook('onRequest', async (request, reply) => {
      const path = storedPathOf(request.url);
      if (!path || !(await isHeld(ctx.db, path))) return reply.status(404).send({ success: false, message: 'Not found.', error: null });
    });
    // stored files are what their magic bytes said when they were accepted: never sniffed as anything
    // else, never a page of the console's origin (sandboxed, no script), and a PDF (which may also
    // parse as something else) is downloaded rather than shown. Names are random and a file never
    // changes: browsers may keep it, shared caches may not
    const storedHeaders = (reply: FastifyReply, path: string) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      reply.header('cross-origin-resource-policy', 'same-origin');
      if (!/\.(jpg|png|mp3|mp4)$/.test(path)) reply.header('content-disposition', 'attachment');
    };
    if (storage instanceof LocalStorage) {
      mkdirSync(storage.root, { recursive: true });
      await scope.register(fastifyStatic, {
        root: storage.root, prefix: '/storage/', decorateReply: false, index: false, dotfiles: 'deny',
        cacheControl: false,
        setHeaders: (res, path) => storedHeaders(res, path),
      });
    } else {
      // the bucket's objects, read through the server (the bucket itself stays private)
      scope.get('/storage/*', { schema: { hide: true } }, async (request, reply) => {
        const path = storedPathOf(request.url)!;
        storedHeaders(reply, path);
        reply.header('content-type', MIME_TYPES[path.slice(path.lastIndexOf('.') + 1) as keyof typeof MIME_TYPES] ?? 'application/octet-stream');
        if (!(await sendStored(request, reply, storage, path))) return reply.status(404).send({ success: false, message: 'Not found.', error: null });
        return reply;
      });
    }
  });
  if (config.consoleDir) {
    await app.register(fastifyStatic, {
      root: config.consoleDir, prefix: '/', wildcard: false, index: 'index.html',
      // the build's .br and .gz beside each asset, sent to browsers that accept them (vite.config.ts)
      preCompressed: true,
      cacheControl: false,
      // hashed names never change: kept a year without asking again; the pages are asked for every time
      setHeaders: (res, path) => {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerSiteRoutes(app, config.consoleDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (config.consoleDir && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/storage/')) {
      return reply.sendFile('index.html'); // the console's own routes (SPA fallback)
    }
    return reply.status(404).send({ success: false, message: 'Not found.', error: null });
  });

  await app.ready();
  mail.start();
  return { app, seed };
}
