import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests whose work is still running, so that a server told to stop closes its database only after
 * them (plugins/context.ts). Fastify's close waits for the connections to end, not for the handlers: a
 * client that gave up (a timeout, a closed tab, a load test that ended) leaves its handler running, and
 * that handler's next statement would meet a database already destroyed ("driver has already been
 * destroyed"), its work lost half-way for no reason of its own.
 *
 * A request counts from its first hook until its answer has gone (trackInFlight says when a request whose
 * client left stops counting). New requests are not counted once the server closes: Fastify answers them
 * 503 before any hook.
 */
export class InFlight {
  private running = 0;
  private waiting: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  enter(): void {
    this.running++;
  }

  leave(): void {
    this.running--;
    if (this.running === 0) for (const wake of this.waiting.splice(0)) wake();
  }

  /** Resolves true when nothing runs, or false when `timeoutMs` passed first (the count is then left as is). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiting.push(wake);
    });
  }
}

interface RequestState {
  /** the route's handler is running */
  handling: boolean;
  /** an answer is on its way (onSend ran: after it nothing reaches the database) */
  replying: boolean;
  /** the client went away before its answer had gone */
  aborted: boolean;
  /** no longer counted */
  left: boolean;
  /** the count it is in */
  inFlight: InFlight;
}

const states = new WeakMap<FastifyRequest, RequestState>();

/** The request's work is over though no answer goes out (a hijacked reply: http/bodyLimits.ts `dropAborted`). */
export function requestOver(request: FastifyRequest): void {
  const state = states.get(request);
  if (state && !state.left) {
    state.left = true;
    state.inFlight.leave();
  }
}

/**
 * Counts every request of `app` in `inFlight` (hooks on the root: call it before any route is added, as
 * onRoute sees only routes added after it). A request leaves the count when its answer has gone, or, when
 * its client went away first, once nothing of it can still reach the database: its handler has returned
 * and its answer (to nobody) is being written. A client that leaves while a hook (the auth guard reading
 * the database) is at work does not stop the request: Fastify runs the rest of its hooks and its handler.
 */
export function trackInFlight(app: FastifyInstance, inFlight: InFlight): void {
  app.addHook('onRequest', (request, _reply, done) => {
    states.set(request, { handling: false, replying: false, aborted: false, left: false, inFlight });
    inFlight.enter();
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const state = states.get(request);
    if (state) {
      state.replying = true;
      if (state.aborted && !state.handling) requestOver(request);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    requestOver(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const state = states.get(request);
    if (state) {
      state.aborted = true;
      if (state.replying && !state.handling) requestOver(request);
    }
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function counted(this: FastifyInstance, request, reply) {
      const state = states.get(request);
      // a handler that starts when its request is no longer counted counts for itself
      const own = !state || state.left;
      if (own) inFlight.enter();
      else state.handling = true;
      try {
        return await handler.call(this, request, reply);
      } finally {
        if (own) inFlight.leave();
        else {
          state.handling = false;
          if (state.aborted) requestOver(request);
        }
      }
    };
  });
}
