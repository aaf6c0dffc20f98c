import fp from 'fastify-plugin';

/**
 * CSP, nosniff, referrer policy, HSTS over https... on every answer (http/securityHeaders.ts), worked out
 * once from the configuration (@fastify/helmet would build helmet's middleware, CSP parsing included,
 * again for every request). Set on the raw response as helmet does, so a route's own header (the
 * stricter CSP of /storage) still wins. Registered first: every route's answers carry them.
 */
export const securityHeaders = fp<{ headers: Record<string, string> }>(async (app, { headers }) => {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}, { name: 'security-headers' });
