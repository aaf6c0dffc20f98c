import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { mkdirSync } from 'node:fs';
import { sendStored } from '../http/storedFiles';
import { LocalStorage } from '../services/storage';
import { isHeld } from '../services/storedFiles';
import { MIME_TYPES } from '../services/uploads';

/** A stored path as its /storage URL names it (`folder/name.ext`, decoded as the file server decodes it), or null. */
function storedPathOf(url: string): string | null {
  const raw = url.split('?')[0]!.slice('/storage/'.length);
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(path) ? path : null;
}

/**
 * Stored files at /storage/<folder>/<name>: only files some record holds (stored_files), from the local
 * disk or read through the server from the bucket (which stays private).
 */
export const storedFiles = fp(async (app) => {
  const { db, storage } = app.ctx;
  await app.register(async (scope) => {
    // only files some record holds (stored_files): an upload no record took is nobody's to see, and a
    // file whose last record let go of it is gone. One primary-key read a request.
    scope.addHook('onRequest', async (request, reply) => {
      const path = storedPathOf(request.url);
      if (!path || !(await isHeld(db, path))) return reply.status(404).send({ success: false, message: 'Not found.', error: null });
    });
    // stored files are what their magic bytes said when they were accepted: never sniffed as anything
    // else, never a page of the console's origin (sandboxed, no script), and a PDF (which may also
    // parse as something else) is downloaded rather than shown. Names are random and a file never
    // changes: browsers may keep it, shared caches may not
    const storedHeaders = (reply: FastifyReply, path: string) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      reply.header('cross-origin-resource-policy', 'same-origin');
      if (!/\.(jpg|png|mp3|mp4)$/.test(path)) reply.header('content-disposition', 'attachment');
    };
    if (storage instanceof LocalStorage) {
      mkdirSync(storage.root, { recursive: true });
      await scope.register(fastifyStatic, {
        root: storage.root, prefix: '/storage/', decorateReply: false, index: false, dotfiles: 'deny',
        cacheControl: false,
        setHeaders: (res, path) => storedHeaders(res, path),
      });
    } else {
      // the bucket's objects, read through the server
      scope.get('/storage/*', { schema: { hide: true } }, async (request, reply) => {
        const path = storedPathOf(request.url)!;
        storedHeaders(reply, path);
        reply.header('content-type', MIME_TYPES[path.slice(path.lastIndexOf('.') + 1) as keyof typeof MIME_TYPES] ?? 'application/octet-stream');
        if (!(await sendStored(request, reply, storage, path))) return reply.status(404).send({ success: false, message: 'Not found.', error: null });
        return reply;
      });
    }
  });
}, { name: 'stored-files', dependencies: ['context'] });
