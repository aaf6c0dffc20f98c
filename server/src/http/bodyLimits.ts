import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * How much a request body may carry. A JSON body is at most JSON_BODY_LIMIT unless its route takes
 * files (data URLs); a multipart body is accepted only by routes that declare
 * `consumes: ['multipart/form-data']` together with their own limits (`uploadRoute`), and only after
 * the caller is authenticated (the auth guard runs before any body is read). Public routes therefore
 * never buffer more than a small JSON body.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
const FIELD_LIMIT = 1024 * 1024;
const MAX_FIELDS = 200;

export interface UploadLimits {
  /** largest single file */
  fileBytes: number;
  /** files in one body */
  files: number;
}

/** Route options of a route that takes files: its `config` plus multipart limits, and a JSON limit big enough for data URLs. */
export function uploadRoute<C extends object>(limits: UploadLimits, config: C) {
  // a data URL is base64: 4 bytes of text for 3 of file, plus the rest of the body
  const dataUrlBytes = Math.ceil((limits.fileBytes * 4) / 3) + 64;
  return {
    bodyLimit: dataUrlBytes * limits.files + JSON_BODY_LIMIT,
    config: {
      ...config,
      multipartOptions: {
        limits: { fileSize: limits.fileBytes, files: limits.files, fields: MAX_FIELDS, fieldSize: Math.max(FIELD_LIMIT, dataUrlBytes), parts: MAX_FIELDS + limits.files },
      },
    },
  };
}

/** The registration limits of the multipart plugin: what applies if a route forgot its own (it cannot: see below). */
export const DEFAULT_MULTIPART_LIMITS = { fileSize: 1, files: 0, fields: MAX_FIELDS, fieldSize: FIELD_LIMIT, parts: MAX_FIELDS };

const takesMultipart = (consumes: unknown) => Array.isArray(consumes) && consumes.includes('multipart/form-data');

/**
 * Refuses a multipart body (415) on every route that does not declare it, before anything is read;
 * and refuses at start-up a route that declares multipart without its own limits.
 */
export function guardMultipart(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (takesMultipart(route.schema?.consumes) && !route.config?.multipartOptions) {
      throw new Error(`${route.method} ${route.url} takes multipart bodies but declares no limits: use uploadRoute()`);
    }
  });
  app.addHook('preParsing', async (request) => {
    const type = request.headers['content-type'];
    if (!type || !/^\s*multipart\//i.test(type)) return;
    if (!takesMultipart(request.routeOptions.schema?.consumes)) throw new HttpError(415, 'This address does not take multipart bodies; send JSON.');
  });
}
