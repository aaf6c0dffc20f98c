import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The pages of the public landing site; each is the same document, which reads the public API. */
export const SITE_PAGES = ['privacy-policy', 'terms', 'faqs'] as const;
const SITE_INDEX = 'site/index.html';

/**
 * The public landing site (site/ in the sources, built by Vite beside the console): /site and its
 * pages, no sign-in. Served only when the built console holds it; an unknown page is a 404.
 */
export function registerSiteRoutes(app: FastifyInstance, consoleDir: string | null): void {
  if (!consoleDir || !existsSync(join(consoleDir, SITE_INDEX))) return;
  const send = (_request: unknown, reply: { sendFile(path: string): unknown }) => reply.sendFile(SITE_INDEX);
  app.get('/site', { schema: { hide: true } }, send);
  // /site/ is the static handler's (the folder's index.html)
  app.get('/site/:page', { schema: { hide: true } }, async (request, reply) => {
    if (!(SITE_PAGES as readonly string[]).includes((request.params as { page: string }).page)) {
      return reply.status(404).send({ success: false, message: 'Not found.', error: null });
    }
    return reply.sendFile(SITE_INDEX);
  });
}
