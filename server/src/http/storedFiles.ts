import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, Storage } from '../services/storage';

/**
 * Sends a stored file through the server, whichever driver holds it, answering a Range header (one
 * range: a video's player seeks with them) with 206, a range past the end with 416, anything else
 * with the whole file. The caller has set the headers that say what the file is and who may keep it.
 */

/** The one byte range a Range header asks of a file of `size` bytes; null: the whole file; 'unsatisfiable': 416. */
export function rangeOf(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // absent, several ranges or another unit: the whole file
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Answers the file at `path` (or its range); false when there is none (the caller answers 404). */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, storage: Storage, path: string): Promise<boolean> {
  const size = await storage.size(path);
  if (size === null) return false;
  const range = rangeOf(request.headers.range, size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.removeHeader('content-disposition');
    await reply.status(416).send({ success: false, message: 'This range is not within the file.', error: null });
    return true;
  }
  if (request.method === 'HEAD') {
    reply.header('content-length', size);
    await reply.send();
    return true;
  }
  const read = await storage.read(path, range ?? undefined);
  if (!read) return false;
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else reply.header('content-length', size);
  await reply.send(read.body);
  return true;
}
