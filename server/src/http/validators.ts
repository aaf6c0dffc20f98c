import type { FastifyServerOptions } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/* eslint-disable @typescript-eslint/no-explicit-any -- fastify's compiler factory, as it calls it */
type Validate = ((data: unknown) => any) & { errors?: unknown };
type CompileRoute = (route: { schema: any; method?: string; url?: string; httpPart?: string }) => Validate;
type BuildValidator = (externalSchemas: any, options: any) => CompileRoute;
/* eslint-enable @typescript-eslint/no-explicit-any */
/** as fastify's options type it (its types describe the compiler as taking a schema: it gets the route, as above) */
type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

/**
 * SERIALIZER_CODE_CACHE=<folder>, for the test suite only (scripts/test.mjs sets it): compiled code kept on
 * disk between the processes of one run (the answers' serialisers and the requests' validators here,
 * the OpenAPI document's validators in server/test/helpers/document.ts). Jest runs each test file in a
 * module registry of its own, so the per-process caches below start empty in every file. Never set in
 * production: the server would run code read from that folder.
 */
const codeCache = process.env.SERIALIZER_CODE_CACHE || null;

/* eslint-disable @typescript-eslint/no-explicit-any -- generated modules, as they export */
/**
 * The module of generated code kept in the run's folder under `key` (any text: it is hashed), made by
 * `make` when no process of the run has made it yet, and run with `requireFrom` as its `require`; null
 * when there is no such folder (production). A module is written whole or not at all (another process
 * may read it at once), and is the generator's own output (fast-json-stringify's or ajv's standalone code).
 */
export function throughCodeCache(key: string, make: () => string, requireFrom: NodeJS.Require): any {
  if (!codeCache) return null;
  const file = join(codeCache, `${createHash('sha256').update(key).digest('hex')}.js`);
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    code = make();
    mkdirSync(codeCache, { recursive: true });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  const module = { exports: {} as any };
  new Function('module', 'require', code)(module, requireFrom);
  return module.exports;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Fastify's own validator compiler (ajv), as fastify requires it: one ajv per set of options. */
const compilerRequire = createRequire(require.resolve('fastify'));
const fastifyAjvCompiler = compilerRequire('@fastify/ajv-compiler') as (() => BuildValidator) & { AjvReference: symbol };
const ajvRequire = createRequire(compilerRequire.resolve('@fastify/ajv-compiler'));
/* eslint-disable @typescript-eslint/no-explicit-any -- ajv's standalone code generator, as it is called */
const ajvStandalone = ajvRequire('ajv/dist/standalone').default as (ajv: any, validate: Validate) => string;
/* eslint-enable @typescript-eslint/no-explicit-any */
const ajvVersion = (ajvRequire('ajv/package.json') as { version: string }).version;
const pool = fastifyAjvCompiler();
const compiled = new WeakMap<CompileRoute, Map<string, Validate>>();

/**
 * With the run's code folder (tests), a route's validator is ajv's standalone code of it, compiled by
 * the first process of the run that needs it and loaded by the others: compiling the requests' schemas
 * cost about 1-1.5 s of CPU in every test file that builds an app. The same ajv, options and validator
 * (ajv's standalone code is the compiled function's own source, with its runtime helpers and formats
 * required from ajv and ajv-formats); `code.source` only keeps that source.
 */
const throughCache = new WeakMap<CompileRoute, CompileRoute>();
function compilingThroughCache(options: { customOptions?: object }): CompileRoute {
  const withSource = { ...options, customOptions: { ...options.customOptions, code: { source: true } } };
  const compile = pool({}, withSource);
  let cached = throughCache.get(compile);
  if (cached) return cached;
  const optionsKey = JSON.stringify({ ...withSource, ajvVersion });
  cached = (route) => {
    if (route.schema?.$id) return compile(route);
    return throughCodeCache(`ajv\n${optionsKey}\n${JSON.stringify(route.schema)}`, () => {
      const ajv = (compile as unknown as Record<symbol, { ajv: unknown }>)[fastifyAjvCompiler.AjvReference]!.ajv;
      return ajvStandalone(ajv, compile(route));
    }, ajvRequire) as Validate;
  };
  throughCache.set(compile, cached);
  return cached;
}

/**
 * Fastify's validator compiler with the compiled validators kept per process, by the schema's JSON:
 * compiling the ~250 routes' schemas is most of the cost of building an app (about a second), and a
 * process that builds more than one app (a test file builds one per dialect, some more) compiles
 * each distinct schema once. The same ajv and options as fastify's default
 * (`ajv` in the fastify options picks one per set of options); a compiled schema is a pure function
 * of its JSON, and fastify reads a validator's `errors` right after calling it, so apps may share one.
 */
const shared: BuildValidator = (_externalSchemas, options) => {
  // requests' schemas are whole (no $ref): the shared schemas are the answers' (http/responses.ts),
  // which ajv need not know. Passed on, fastify's pool would write them all out as its key for every route.
  const compile = codeCache ? compilingThroughCache(options) : pool({}, options);
  let cache = compiled.get(compile);
  if (!cache) compiled.set(compile, (cache = new Map()));
  return (route) => {
    const query = route.httpPart === 'querystring';
    const key = `${query ? 'query ' : ''}${JSON.stringify(route.schema)}`;
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = query ? readQuery(route.schema, compile(route)) : compile(route)));
    return validate;
  };
};

type QuerySchema = { properties?: Record<string, { type?: string; items?: { type?: string } }> };

/** Decimal text as the number it writes, or the text itself (then validation names the parameter). */
const numberOf = (value: unknown): unknown => {
  if (typeof value !== 'string' || !/^-?[0-9]{1,15}(\.[0-9]{1,15})?$/.test(value)) return value;
  return Number(value);
};

/**
 * A query's validator: a query is text, so its values are first read as the types its schema
 * declares: decimal text as a number where a number is declared (never `1e3`, `Infinity` or more
 * than 15 digits), one value as a list of one where a list is declared (`ids[]`); and a key given
 * twice is read as its first value, unless its parameter is a list (clients repeat keys by mistake,
 * and a scalar parameter has one value). Then the schema's own validator, as for a body.
 */
function readQuery(schema: QuerySchema, validate: Validate): Validate {
  const props = Object.entries(schema.properties ?? {});
  const wrapped = ((data: unknown) => {
    if (data && typeof data === 'object') {
      const query = data as Record<string, unknown>;
      for (const [key, prop] of props) {
        let value = query[key];
        if (value === undefined) continue;
        if (prop.type === 'array') {
          value = Array.isArray(value) ? value : [value];
          if (prop.items?.type === 'integer' || prop.items?.type === 'number') value = (value as unknown[]).map(numberOf);
        } else {
          if (Array.isArray(value)) value = value[0];
          if (prop.type === 'integer' || prop.type === 'number') value = numberOf(value);
        }
        query[key] = value;
      }
      // keys the schema does not declare are dropped by the validator (removeAdditional); a repeated one too
      for (const [key, value] of Object.entries(query)) if (Array.isArray(value) && !schema.properties?.[key]) query[key] = value[0];
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  }) as Validate;
  return wrapped;
}
export const sharedValidatorCompiler = shared as unknown as ValidatorFactory;

/* eslint-disable @typescript-eslint/no-explicit-any -- fastify's serializer factory, as it calls it */
type Serialize = (data: unknown) => string;
type BuildSerializer = (externalSchemas: any, options: any) => (route: { schema: any; httpStatus?: string }) => Serialize;
/* eslint-enable @typescript-eslint/no-explicit-any */
type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];
const fastifySerializerCompiler = createRequire(require.resolve('fastify'))('@fastify/fast-json-stringify-compiler') as () => BuildSerializer;
const serializerFactory = fastifySerializerCompiler();
const serializers = new Map<string, Serialize>();

/**
 * Fastify's answer serialiser (fast-json-stringify, from the routes' response schemas), compiled once
 * a process per schema and the shared schemas it may refer to: the ~330 routes' answers are a few
 * hundred schemas, most of them one refusal's, and an app built again (tests build many) compiles none.
 */
const schemaHashes = new WeakMap<object, string>();
/**
 * The shared schemas' identity as a short text: each shared schema's hash, worked out once for each
 * schema object (fastify hands the same objects over in a new container for every route).
 */
function sharedKey(externalSchemas: Record<string, object> | undefined): string {
  if (!externalSchemas) return '';
  return Object.values(externalSchemas)
    .map((schema) => {
      let hash = schemaHashes.get(schema);
      if (hash === undefined) schemaHashes.set(schema, (hash = createHash('sha256').update(JSON.stringify(schema)).digest('base64url').slice(0, 16)));
      return hash;
    })
    .join('');
}

const sharedSerializers: BuildSerializer = (externalSchemas, options) => {
  const compile = codeCache ? compileThroughCache(externalSchemas, options) : serializerFactory(externalSchemas, options);
  const shared = sharedKey(externalSchemas);
  return (route) => {
    const key = `${shared}\n${JSON.stringify(route.schema)}`;
    let serialize = serializers.get(key);
    if (!serialize) serializers.set(key, (serialize = compile(route)));
    return serialize;
  };
};

/*
 * The serialisers through the run's code folder (tests, see throughCodeCache): compiling the answers'
 * few hundred schemas (fast-json-stringify: checking each schema, resolving its references, writing its
 * code) cost about 4-5 s of CPU a file. fast-json-stringify's standalone mode writes the same code as a
 * module; a file compiles it once and every later file (and server process) of the run loads it.
 */
const fjsRequire = createRequire(compilerRequire.resolve('@fastify/fast-json-stringify-compiler'));
/* eslint-disable @typescript-eslint/no-explicit-any -- fast-json-stringify's build, as it is called */
const fastJsonStringify = fjsRequire('fast-json-stringify') as (schema: any, options: any) => string;
const fjsVersion = (fjsRequire('fast-json-stringify/package.json') as { version: string }).version;

function compileThroughCache(externalSchemas: any, options: any): (route: { schema: any }) => Serialize {
  // inlineValidators: the ajv validators of the answers' unions (anyOf, if/then/else) written into the
  // module as ajv's standalone code, not compiled again by every process that loads it
  const base = { ...options, schema: externalSchemas, mode: 'standalone', inlineValidators: true };
  const optionsKey = JSON.stringify({ ...options, inlineValidators: true, fjsVersion });
  return ({ schema }) => {
    // as @fastify/fast-json-stringify-compiler does: a schema is not its own external schema
    const opts = schema.$id && base.schema?.[schema.$id] ? { ...base, schema: Object.fromEntries(Object.entries(base.schema as object).filter(([id]) => id !== schema.$id)) } : base;
    return throughCodeCache(`${optionsKey}\n${sharedKey(opts.schema)}\n${JSON.stringify(schema)}`, () => fastJsonStringify(schema, opts), fjsRequire) as Serialize;
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */
export const sharedSerializerCompiler = sharedSerializers as unknown as SerializerFactory;
