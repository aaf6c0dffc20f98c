import type Ajv from 'ajv';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import { createDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { type BaseSeedResult, seedBase } from './seeds/base';
import { JSON_BODY_LIMIT } from './http/bodyLimits';
import { staticSecurityHeaders } from './http/securityHeaders';
import { serverTimeouts } from './http/timeouts';
import { sharedSerializerCompiler, sharedValidatorCompiler } from './http/validators';
import type { Registry } from './http/resource';
import { registry as defaultRegistry } from './resources/registry';
import type { Mailer } from './services/mail';
import { loadPasswordPolicy } from './services/passwordPolicy';
import { answers, envelopeClientError, envelopeRouterError } from './plugins/answers';
import { api } from './plugins/api';
import { consoleSite } from './plugins/consoleSite';
import { appContext } from './plugins/context';
import { documentation } from './plugins/documentation';
import { securityHeaders } from './plugins/headers';
import { requests } from './plugins/requests';
import { storedFiles } from './plugins/storedFiles';

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

/**
 * Our annotations, which ajv must accept: `x-message`, a field's error text (see http/fields.ts),
 * `x-file`, what a file field takes (http/files.ts, for the document), and `x-rules`, the rules a
 * declaration's hooks check with their own messages, said to the document (http/openapi.ts).
 */
function addMessageKeyword(ajv: Ajv): Ajv {
  return ajv
    .addKeyword({ keyword: 'x-message', schemaType: 'string' })
    .addKeyword({ keyword: 'x-file', schemaType: 'object' })
    .addKeyword({ keyword: 'x-rules', schemaType: 'object' });
}

/**
 * The whole server: the database migrated and its base rows seeded, then Fastify with its plugins in
 * order (server/src/plugins): the context every route reaches, the security headers, the OpenAPI
 * document (which sees every route registered after it), the answers' envelope and error handling, what
 * a request goes through, the API's routes, the stored files, the console and the not-found answer.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.db ?? createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db, database.dialect);
  const seed = await seedBase(database, config);
  // the password estimator's dictionaries load now: the first password set does not wait for them
  loadPasswordPolicy();

  const headers = staticSecurityHeaders(config);
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
    frameworkErrors: envelopeRouterError(headers),
    clientErrorHandler: envelopeClientError(headers),
    ajv: {
      customOptions: { allErrors: true, removeAdditional: 'all', coerceTypes: false, useDefaults: true },
      plugins: [addMessageKeyword],
    },
    // fastify's ajv and answer serialisers, compiled once a process (http/validators.ts)
    schemaController: { compilersFactory: { buildValidator: sharedValidatorCompiler, buildSerializer: sharedSerializerCompiler } },
  });

  await app.register(appContext, { config, database, registry: opts.registry ?? defaultRegistry, mailer: opts.mailer, sharedDatabase: Boolean(opts.db) });
  await app.register(securityHeaders, { headers });
  await app.register(documentation);
  await app.register(answers, { checkAnswers: opts.checkAnswers });
  await app.register(requests);
  await app.register(api);
  await app.register(storedFiles);
  await app.register(consoleSite);
  await app.ready();
  return { app, seed };
}
