import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { HttpError, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PlacedFile, removeStreamedFiles, StreamedFile, uploadRoute, type PlaceFile } from '../http/bodyLimits';
import { audit } from '../services/audit';
import {
  CHECKSUM_MISMATCH,
  ChunkedUploads,
  ChunkMismatch,
  declaredKind,
  type ChunkTicket,
  FORMAT_NOT_SUPPORTED,
  MAX_CHUNK_BYTES,
  MAX_CHUNKS,
  tooLargeMessage,
  UNKNOWN_FOLDER,
  UPLOAD_FOLDERS,
  type MediaKind,
  type RejectReason,
} from '../services/uploads';

const optionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

const TOTAL_CHUNKS = `The total chunks must be a whole number from 1 to ${MAX_CHUNKS}.`;

/** What names an upload: the same fields on every chunk and on the status query. */
const uploadFields = {
  totalChunks: Type.Integer({ minimum: 1, maximum: MAX_CHUNKS, 'x-message': TOTAL_CHUNKS }),
  timestamp: Type.String({ pattern: '^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$', description: "the client's id of this upload", 'x-message': 'Please provide the upload timestamp.' }),
  fileExtension: optionalText(20, 'jpg, jpeg, png, mp4, mp3 or pdf; decides the type when given'),
  mimeType: optionalText(100, 'used when fileExtension is absent or not one we take'),
  folder: Type.String({ maxLength: 64, description: UPLOAD_FOLDERS.join(', '), 'x-message': UNKNOWN_FOLDER }),
};

const SHA256_MESSAGE = 'The SHA-256 must be 64 hexadecimal digits.';

const ChunkBody = Type.Object(
  {
    chunk: Fields.any(`this chunk's bytes (a file part, at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB)`),
    index: Type.Integer({ minimum: 0, maximum: MAX_CHUNKS - 1, description: '0-based position of this chunk', 'x-message': 'The index must be a whole number from 0.' }),
    ...uploadFields,
    sha256: Type.Optional(
      Type.Union([Type.String({ pattern: '^[0-9A-Fa-f]{64}$' }), Type.Null()], {
        description: "the whole file's SHA-256 (hex), on any chunk: checked on assembly (a mismatch stores nothing)",
        'x-message': SHA256_MESSAGE,
      }),
    ),
  },
  { additionalProperties: false },
);

/** The same fields as a query (text: the query is not coerced). */
const StatusQuery = Type.Object(
  {
    ...uploadFields,
    totalChunks: Type.String({ pattern: '^[1-9][0-9]{0,3}$', 'x-message': TOTAL_CHUNKS }),
    fileExtension: Type.Optional(Type.String({ maxLength: 20 })),
    mimeType: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

interface UploadFields {
  totalChunks: number;
  timestamp: string;
  fileExtension?: string | null;
  mimeType?: string | null;
  folder: string;
}

interface ChunkFields extends UploadFields {
  chunk: unknown;
  index: number;
  sha256?: string | null;
}

const CHUNK_TOO_LARGE = `The chunk is too large: at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB.`;

/** 422 whose message and field error are the same text (the console shows either). */
const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] }, message);

/** The folder and declared type of an upload, or the 422 that refuses them. */
function uploadOf(fields: UploadFields): { folder: string; kind: MediaKind } {
  if (!(UPLOAD_FOLDERS as readonly string[]).includes(fields.folder)) throw invalid('folder', UNKNOWN_FOLDER);
  const kind = declaredKind(fields.fileExtension, fields.mimeType);
  if (!kind) throw invalid('fileExtension', FORMAT_NOT_SUPPORTED);
  return { folder: fields.folder, kind };
}

export function registerUploadRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const uploads = new ChunkedUploads(ctx.config.dataDir, ctx.storage, ctx.config.uploads);

  /** The refusal of an upload, the same whether its last chunk or a later status query learns it. */
  const refusal = (reason: RejectReason, folder: string) => {
    if (reason === 'size') return new HttpError(413, tooLargeMessage(uploads.limitOf(folder)));
    if (reason === 'checksum') return invalid('sha256', CHECKSUM_MISMATCH);
    return invalid('chunk', FORMAT_NOT_SUPPORTED);
  };
  const mismatch = (e: unknown) => (e instanceof ChunkMismatch ? invalid(e.field, e.message) : e);

  /**
   * Where a chunk goes while its body is read, when the fields sent before it name a valid chunk of an
   * upload whose layout is known (the console sends them first): straight into the upload's file.
   * Anything else (fields after the file, the first chunk, an invalid field) goes through a temporary
   * file and the handler, which validates and refuses as usual.
   */
  const placeFile: PlaceFile = async (request, fields) => {
    const admin = request.admin;
    const index = Number(fields.index);
    const totalChunks = Number(fields.totalChunks);
    if (!admin || !/^\d{1,4}$/.test(fields.index ?? '') || !/^\d{1,4}$/.test(fields.totalChunks ?? '')) return null;
    if (totalChunks < 1 || totalChunks > MAX_CHUNKS || index >= totalChunks) return null;
    if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/.test(fields.timestamp ?? '')) return null;
    if (!(UPLOAD_FOLDERS as readonly string[]).includes(fields.folder ?? '')) return null;
    const kind = declaredKind(fields.fileExtension, fields.mimeType);
    if (!kind) return null;
    const place = await uploads.placement({ adminId: admin.id, timestamp: fields.timestamp!, folder: fields.folder!, kind, index, totalChunks });
    if (!place) return null;
    const size = place.maxBytes;
    return { ...place, tooLarge: () => invalid('chunk', `Every chunk but the last must have ${size} bytes, like this upload's others.`) };
  };

  app.get(
    '/api/admin/media-file/upload-chunk',
    {
      config: { access: {} },
      schema: {
        tags: ['media'],
        summary: "What the server holds of one's own upload, to resume it: the chunk indexes received, or the file once assembled",
        querystring: StatusQuery,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const raw = request.query as Omit<UploadFields, 'totalChunks'> & { totalChunks: string };
      const query: UploadFields = { ...raw, totalChunks: Number(raw.totalChunks) };
      if (query.totalChunks > MAX_CHUNKS) throw invalid('totalChunks', TOTAL_CHUNKS);
      const { folder, kind } = uploadOf(query);
      const status = await uploads
        .status({ adminId: admin.id, timestamp: query.timestamp, folder, kind, totalChunks: query.totalChunks })
        .catch((e: unknown) => {
          throw mismatch(e);
        });
      if (status.state === 'rejected') throw refusal(status.reason, folder);
      if (status.state === 'done') {
        const { path, mimeType } = status.file;
        const all = Array.from({ length: query.totalChunks }, (_, i) => i);
        return ok({ received: all, total: query.totalChunks, file: { path, mimeType } }, 'File uploaded.');
      }
      return ok({ received: status.received, total: status.total, file: null });
    },
  );

  app.post(
    '/api/admin/media-file/upload-chunk',
    {
      // the chunk is written to disk as it arrives (never gathered in memory): in place when the upload's
      // layout is known, else to a temporary file that the handler copies into place
      ...uploadRoute({ fileBytes: MAX_CHUNK_BYTES, files: 1 }, { access: {}, streamFilesTo: join(uploads.dir, '.incoming'), placeFile }),
      onResponse: removeStreamedFiles,
      // a part over the multipart fileSize limit is cut off while parsing: say so in the API's words
      errorHandler(error: FastifyError, _request, reply) {
        if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error; // the app's handler takes the rest
        return reply.status(413).send({ success: false, message: CHUNK_TOO_LARGE, error: { chunk: [CHUNK_TOO_LARGE] } });
      },
      schema: {
        tags: ['media'],
        summary: 'Resumable chunked upload: chunks in any order, idempotent per chunk; the file is assembled and verified when the last one arrives',
        body: ChunkBody,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const body = request.body as ChunkFields;
      const { kind } = uploadOf(body);
      const chunk = body.chunk;
      if (!(chunk instanceof StreamedFile) && !(chunk instanceof PlacedFile) && !Buffer.isBuffer(chunk)) throw invalid('chunk', 'Please provide the chunk as a file.');
      if ((Buffer.isBuffer(chunk) ? chunk.length : chunk.size) > MAX_CHUNK_BYTES) throw new HttpError(413, CHUNK_TOO_LARGE, { chunk: [CHUNK_TOO_LARGE] });
      if (body.index >= body.totalChunks) throw invalid('index', 'The index must be below the total chunks.');

      let outcome;
      try {
        outcome = await uploads.receive({
          adminId: admin.id,
          timestamp: body.timestamp,
          folder: body.folder,
          kind,
          index: body.index,
          totalChunks: body.totalChunks,
          data:
            chunk instanceof PlacedFile
              ? { placed: chunk.ticket as ChunkTicket, size: chunk.size }
              : chunk instanceof StreamedFile
                ? { path: chunk.path, size: chunk.size }
                : chunk,
          sha256: body.sha256 ?? null,
        });
      } catch (e) {
        throw mismatch(e);
      } finally {
        // copied into place by now (or refused): gone before the answer, not after it
        if (chunk instanceof StreamedFile) await unlink(chunk.path).catch(() => undefined);
      }

      switch (outcome.state) {
        case 'waiting':
          return ok({ received: outcome.received, total: outcome.total }, 'Chunk received.');
        case 'rejected':
          throw refusal(outcome.reason, body.folder);
        case 'done': {
          const { path, mimeType, size } = outcome.file;
          if (outcome.fresh) {
            await audit(ctx.db, { actorId: admin.id, action: 'upload', resource: 'media', recordId: null, changes: { path, mimeType, size }, ip: request.ip, requestId: request.id });
          }
          return reply.send({ success: true, message: 'File uploaded.', file: { path, mimeType }, data: { path, mimeType } });
        }
      }
    },
  );
}
