import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Duplex } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { messageText } from '../../../contract/messages';
import { clientAborted, dropAborted } from '../http/bodyLimits';
import { TITLE_TAKEN } from '../http/crud';
import { withCodes } from '../http/envelope';
import { HttpError, INVALID_DATA, malformedMultipart, unreadableJson } from '../http/errors';
import { fieldErrorsFromAjv } from '../http/fields';
import { RETRY_AFTER_SECONDS } from '../services/outages';

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
 * security headers (no route hook runs for them): Fastify's `frameworkErrors`.
 */
export const envelopeRouterError = (headers: Record<string, string>) => (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const tooLong = error.statusCode === 414;
  void reply.headers(headers).status(tooLong ? 414 : 400).send(withCodes({ success: false, message: messageText(tooLong ? 'address_too_long' : 'address_invalid'), error: null }));
};

/**
 * What the HTTP parser refuses before Fastify sees a request (headers too large, a timeout, garbage):
 * answered in the envelope too, as Node itself would (then the connection closes). Fastify's `clientErrorHandler`.
 */
export const envelopeClientError = (headers: Record<string, string>) => (err: NodeJS.ErrnoException, socket: Duplex): void => {
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

/**
 * Every answer in the API's envelope: the refusals (field messages of a failed validation, a dependency
 * that is down as a 503 with Retry-After, our HttpErrors, the database's constraints as 4xx, anything
 * else a logged 500), the codes of its texts (contract/messages.ts) on every envelope, and in tests
 * (`checkAnswers`) every answer checked against its serialiser.
 */
export const answers = fp<{ checkAnswers?: boolean }>(async (app, opts) => {
  const { outages } = app.ctx;
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
    const known = error instanceof HttpError ? error : constraintError(error) ?? malformedMultipart(error) ?? unreadableJson(error);
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
  app.addHook('preSerialization', async (_request, _reply, payload) => withCodes(payload));
  if (opts.checkAnswers) checkAnswers(app);
}, { name: 'answers', dependencies: ['context'] });
