import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope, type JsonSchema } from './responses';

/**
 * The public read routes (`/api/public/...`, no sign-in): what the landing site and the apps show.
 * Answered in the envelope, cached for five minutes, with an ETag (a hash of the body) answered by 304
 * when the client already holds it.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, data: unknown) {
  const body = { success: true, data, message: null };
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  void reply.header('cache-control', 'public, max-age=300').header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  return reply.send(body);
}

/** The route config of a public read. */
export const PUBLIC = { access: { auth: false } } as const;

/** The answers of a public read: the envelope (its message null), or 304 when the client's copy is current (If-None-Match). */
export function publicAnswers(data: JsonSchema, description: string): Record<number, JsonSchema> {
  const ok = envelope(data, description);
  return {
    200: { ...ok, properties: { ...ok.properties, message: { type: 'null' } } },
    304: { type: 'null', description: 'Not modified: the copy whose ETag the request names is current.' },
  };
}
