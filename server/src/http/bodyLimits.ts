import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, INVALID_DATA } from './errors';
import { requestOver } from './inFlight';

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

/**
 * A file part written straight to disk while the body is read (a route's `streamFilesTo`), instead of
 * gathered into one Buffer: the body field holds this. The file is the handler's to move; whatever is
 * left at the end of the request is removed.
 */
export class StreamedFile {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {}
}

/**
 * A file part written straight into place while the body is read (a route's `placeFile` said where,
 * from the fields sent before the file): the body field holds this, with the route's ticket. Nothing
 * of it is removed at the end of the request; what the bytes count for is the handler's to decide.
 */
export class PlacedFile<T = unknown> {
  constructor(
    readonly path: string,
    readonly offset: number,
    readonly size: number,
    readonly ticket: T,
  ) {}
}

/** Where a route wants a file part written: a region of an existing or new file. */
export interface FilePlace<T = unknown> {
  path: string;
  offset: number;
  /** more bytes than this stop the request with `tooLarge()` (nothing beyond the region is written) */
  maxBytes: number;
  tooLarge: () => Error;
  /** sees every piece, in order, as it is written */
  observe?: (piece: Buffer) => void;
  ticket: T;
}

/**
 * A route's `placeFile`: given the text fields that came before a file part, where to write it, or
 * null for the route's `streamFilesTo` folder (or a Buffer).
 */
export type PlaceFile = (request: FastifyRequest, fields: Record<string, string>) => Promise<FilePlace | null>;

/** Bytes of a placed file part waiting for the disk before the body is read on. */
const MAX_QUEUED_BYTES = 1024 * 1024;

const fileTooLarge = () => Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });

/** The text fields of a multipart body read so far (a repeated field: its first value). */
function textFields(fields: MultipartFile['fields']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first && first.type === 'field' && typeof first.value === 'string') out[name] = first.value;
  }
  return out;
}

/**
 * Writes a file part at its place as it arrives: one positioned write in flight at a time, the pieces
 * arriving meanwhile going together in the next writev (at most MAX_QUEUED_BYTES wait: then the body
 * is read on once the disk caught up).
 */
async function writeInPlace(part: MultipartFile, place: FilePlace): Promise<number> {
  const fh = await open(place.path, constants.O_WRONLY | constants.O_CREAT);
  let size = 0;
  let written = 0;
  let queued: Buffer[] = [];
  let queuedBytes = 0;
  let writing: Promise<void> | null = null;
  let failed: unknown = null;
  const flush = () => {
    const pieces = queued;
    const at = place.offset + written;
    queued = [];
    written += queuedBytes;
    queuedBytes = 0;
    writing = fh.writev(pieces, at).then(
      () => {
        writing = queued.length > 0 ? flush() : null;
      },
      (e: unknown) => {
        failed = e;
        writing = null;
      },
    );
    return writing;
  };
  try {
    for await (const piece of part.file as AsyncIterable<Buffer>) {
      if (failed) throw failed;
      size += piece.length;
      if (size > place.maxBytes) throw place.tooLarge();
      place.observe?.(piece);
      queued.push(piece);
      queuedBytes += piece.length;
      if (!writing) void flush();
      else if (queuedBytes >= MAX_QUEUED_BYTES) while (writing) await writing; // the disk is behind: wait for it
    }
    while (writing) await writing;
    if (failed) throw failed;
    if (part.file.truncated) throw fileTooLarge();
    return size;
  } finally {
    while (writing) await (writing as Promise<void>).catch(() => undefined);
    await fh.close();
  }
}

/**
 * The multipart plugin's onFile: a route whose config has `placeFile` gets its file parts written
 * where that says (PlacedFile); else a route whose config names a folder (`streamFilesTo`) gets them
 * as StreamedFile (64 KB pieces written as they come, never the whole part in memory); every other
 * route gets a Buffer, as without onFile. The part's size limit holds either way.
 */
export async function receiveFilePart(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const config = this.routeOptions.config as { streamFilesTo?: string; placeFile?: PlaceFile };
  const place = config.placeFile ? await config.placeFile(this, textFields(part.fields)) : null;
  if (place) {
    const size = await writeInPlace(part, place);
    (part as unknown as { value: PlacedFile }).value = new PlacedFile(place.path, place.offset, size, place.ticket);
    return;
  }
  const folder = config.streamFilesTo;
  if (!folder) {
    await part.toBuffer();
    return;
  }
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomBytes(12).toString('hex')}.incoming`);
  let size = 0;
  try {
    part.file.on('data', (piece: Buffer) => (size += piece.length));
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) throw fileTooLarge();
  } catch (e) {
    await unlink(path).catch(() => undefined);
    throw e;
  }
  (part as unknown as { value: StreamedFile }).value = new StreamedFile(path, size);
}

/**
 * A route's onResponse that removes the streamed files its handler did not move away. Also of a body
 * whose reading stopped part way (the parser's parts, each holding its value).
 */
export async function removeStreamedFiles(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object') return;
  for (const entry of Object.values(body as Record<string, unknown>)) {
    for (const item of [entry].flat()) {
      const value = item instanceof StreamedFile ? item : (item as { value?: unknown } | null)?.value;
      if (value instanceof StreamedFile) await unlink(value.path).catch(() => undefined);
    }
  }
}

/** What busboy, @fastify/multipart and Node's streams say of a body whose sender went away. */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Whether a request failed because its client dropped it before the body was read (closed the
 * connection mid-upload): the connection is gone and the error is one of reading the body.
 */
export function clientAborted(error: { code?: string; message?: string }, request: FastifyRequest): boolean {
  const gone = (request.raw as { aborted?: boolean }).aborted === true || request.raw.socket?.destroyed === true;
  return gone && (ABORT_CODES.has(error.code ?? '') || /premature close|aborted|unexpected end of form/i.test(error.message ?? ''));
}

/**
 * A request its client dropped mid-body: logged at info (an expected event, not a fault of ours), no
 * answer tried (there is no connection to write it to), and what its body had streamed to disk
 * removed (a part written in place counts for nothing until its handler records it). Nothing else was
 * written: a handler runs only on a whole body.
 */
export function dropAborted(error: { code?: string; message?: string }, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code, url: request.url }, 'the client closed the connection before its request was read');
  reply.hijack();
  requestOver(request);
  void removeStreamedFiles(request);
}

/** Route options of a route that takes files: its `config` plus multipart limits, and a JSON limit big enough for data URLs. */
export function uploadRoute<C extends object>(limits: UploadLimits, config: C) {
  // a data URL is base64: 4 bytes of text for 3 of file, plus the rest of the body
  const dataUrlBytes = Math.ceil((limits.fileBytes * 4) / 3) + 64;
  return {
    bodyLimit: dataUrlBytes * limits.files + JSON_BODY_LIMIT,
    config: {
      ...config,
      // files may take longer to arrive than a form (http/timeouts.ts)
      slowBody: true,
      multipartOptions: {
        limits: { fileSize: limits.fileBytes, files: limits.files, fields: MAX_FIELDS, fieldSize: Math.max(FIELD_LIMIT, dataUrlBytes), parts: MAX_FIELDS + limits.files },
      },
    },
  };
}

/**
 * Route options of a route that takes a form without files: its `config` plus the limits of a multipart
 * body of text fields only (the spec's clients send their payloads as form data, document 3 §7); a
 * file part is refused. JSON keeps its usual limit.
 */
export function formRoute<C extends object>(config: C) {
  return {
    config: {
      ...config,
      multipartOptions: { limits: { fileSize: 1, files: 0, fields: MAX_FIELDS, fieldSize: FIELD_LIMIT, parts: MAX_FIELDS } },
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

/** How deeply a JSON body may nest: a form's body is a record of values, lists and child rows (depth 3 or 4). */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = 'The request body is nested too deeply.';

/** Whether JSON text opens more than `limit` arrays or objects inside one another (one pass, no recursion). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them (prototype and constructor poisoning refused), but no deeper than
 * MAX_JSON_DEPTH (422, like any body refused for what it holds): whatever a handler does with a body (re-serialise it to pass it on, diff it
 * for the audit log, validate it) then never recurses a stack away. Found by the fuzzer: a body nested
 * 20,000 lists deep passed on by PUT /users overflowed JSON.stringify (a 500).
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new HttpError(422, INVALID_DATA, { _: [TOO_DEEP] }), undefined);
    parse(request, body as string, done);
  });
}
