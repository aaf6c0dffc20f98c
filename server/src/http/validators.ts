import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

/* eslint-disable @typescript-eslint/no-explicit-any -- fastify's compiler factory, as it calls it */
type Validate = ((data: unknown) => any) & { errors?: unknown };
type CompileRoute = (route: { schema: any; method?: string; url?: string; httpPart?: string }) => Validate;
type BuildValidator = (externalSchemas: any, options: any) => CompileRoute;
/* eslint-enable @typescript-eslint/no-explicit-any */
/** as fastify's options type it (its types describe the compiler as taking a schema: it gets the route, as above) */
type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

/** Fastify's own validator compiler (ajv), as fastify requires it: one ajv per set of options. */
const fastifyAjvCompiler = createRequire(require.resolve('fastify'))('@fastify/ajv-compiler') as () => BuildValidator;
const pool = fastifyAjvCompiler();
const compiled = new WeakMap<CompileRoute, Map<string, Validate>>();

/**
 * Fastify's validator compiler with the compiled validators kept per process, by the schema's JSON:
 * compiling the ~250 routes' schemas is most of the cost of building an app (about a second), and a
 * process that builds more than one app (a test file builds one per dialect, some more) compiles
 * each distinct schema once. The same ajv and options as fastify's default
 * (`ajv` in the fastify options picks one per set of options); a compiled schema is a pure function
 * of its JSON, and fastify reads a validator's `errors` right after calling it, so apps may share one.
 */
const shared: BuildValidator = (externalSchemas, options) => {
  const compile = pool(externalSchemas, options);
  let cache = compiled.get(compile);
  if (!cache) compiled.set(compile, (cache = new Map()));
  return (route) => {
    const key = JSON.stringify(route.schema);
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = compile(route)));
    return validate;
  };
};
export const sharedValidatorCompiler = shared as unknown as ValidatorFactory;
