import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route takes files (`uploadRoute`): its body may take `UPLOAD_TIMEOUT_S` to arrive, once the caller is authenticated */
    slowBody?: boolean;
  }
}

/** How often Node looks for requests past their header or request time (its own default is every 30 s). */
const CHECK_INTERVAL_MS = 1000;

/**
 * The Fastify options that bound how long a connection may hold the server (`config.timeouts`):
 * headers must arrive within HEADERS_TIMEOUT_S, an idle keep-alive connection closes after
 * KEEP_ALIVE_TIMEOUT_S, and Node's own request limit is the longest a request can take at all,
 * headers and an upload's body together (the shorter limit of other bodies is `limitBodyTime`'s).
 * Node checks these every second instead of every 30 s, so a limit holds within a second.
 */
export function serverTimeouts(config: Config) {
  const { headersMs, keepAliveMs, uploadBodyMs } = config.timeouts;
  const requestTimeout = headersMs + uploadBodyMs;
  return {
    requestTimeout,
    keepAliveTimeout: keepAliveMs,
    http: { headersTimeout: headersMs, requestTimeout, keepAliveTimeout: keepAliveMs, connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, headersMs) },
  };
}

const timers = new WeakMap<IncomingMessage, NodeJS.Timeout>();

/**
 * A body that has not arrived in full within its time (from when its headers were read) is cut off:
 * a 408 in the envelope, as Node answers its own timeouts, and the connection closed. REQUEST_TIMEOUT_S
 * for every route, also while an early refusal (401, 403, 415) is drained; a route taking files
 * (`slowBody`) gets UPLOAD_TIMEOUT_S instead once the guard has let the caller through (its
 * preParsing): a chunk of several MB on a slow line, and never an anonymous slow body.
 */
export function limitBodyTime(app: FastifyInstance, config: Config): void {
  const { bodyMs, uploadBodyMs } = config.timeouts;
  const arm = (request: FastifyRequest, ms: number) => {
    const raw = request.raw;
    clearTimeout(timers.get(raw));
    // nothing more to wait for (no body, or all of it came); only a connection can be slow (not app.inject)
    if (raw.complete || !(raw.socket instanceof Socket)) return;
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      request.log.info({ limitMs: ms }, 'request body too slow: connection cut off');
      const err = Object.assign(new Error('The request body took too long.'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
      // as Node answers a request past its own limit: the server's clientError handler writes the 408 and closes
      if (app.server.listenerCount('clientError')) app.server.emit('clientError', err, raw.socket);
      else raw.socket.destroy(err);
    }, ms);
    timer.unref();
    timers.set(raw, timer);
    const disarm = () => clearTimeout(timer);
    raw.once('end', disarm);
    raw.once('close', disarm);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    arm(request, bodyMs);
    done();
  });
  app.addHook('preParsing', (request, _reply, payload, done) => {
    arm(request, request.routeOptions.config.slowBody ? uploadBodyMs : bodyMs);
    done(null, payload);
  });
}
