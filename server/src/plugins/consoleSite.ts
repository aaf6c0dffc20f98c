import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { registerSiteRoutes } from '../routes/site';

/**
 * The built console (CONSOLE_DIR) and the public site's routes, and the last word on an address nothing
 * else answered: the console's own routes get index.html (the single-page fallback), the rest a 404 in
 * the envelope. Registered last.
 */
export const consoleSite = fp(async (app) => {
  const { consoleDir } = app.ctx.config;
  if (consoleDir) {
    await app.register(fastifyStatic, {
      root: consoleDir, prefix: '/', wildcard: false, index: 'index.html',
      // the build's .br and .gz beside each asset, sent to browsers that accept them (vite.config.ts)
      preCompressed: true,
      cacheControl: false,
      // hashed names never change: kept a year without asking again; the pages are asked for every time
      setHeaders: (res, path) => {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  registerSiteRoutes(app, consoleDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (consoleDir && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/storage/')) {
      return reply.sendFile('index.html'); // the console's own routes (SPA fallback)
    }
    return reply.status(404).send({ success: false, message: 'Not found.', error: null });
  });
}, { name: 'console-site', dependencies: ['context'] });
