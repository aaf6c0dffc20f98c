import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { HttpError, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { uploadRoute } from '../http/bodyLimits';
import { audit } from '../services/audit';
import {
  ChunkedUploads,
  ChunkMismatch,
  declaredKind,
  FORMAT_NOT_SUPPORTED,
  MAX_CHUNK_BYTES,
  MAX_CHUNKS,
  TOO_LARGE,
  UNKNOWN_FOLDER,
  UPLOAD_FOLDERS,
} from '../services/uploads';

const optionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

const ChunkBody = Type.Object(
  {
    chunk: Fields.any(`this chunk's bytes (a file part, at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB)`),
    index: Type.Integer({ minimum: 0, maximum: MAX_CHUNKS - 1, description: '0-based position of this chunk', 'x-message': 'The index must be a whole number from 0.' }),
    totalChunks: Type.Integer({ minimum: 1, maximum: MAX_CHUNKS, 'x-message': `The total chunks must be a whole number from 1 to ${MAX_CHUNKS}.` }),
    timestamp: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', description: "the client's id of this upload", 'x-message': 'Please provide the upload timestamp.' }),
    fileExtension: optionalText(20, 'jpg, jpeg, png, mp4, mp3 or pdf; decides the type when given'),
    mimeType: optionalText(100, 'used when fileExtension is absent or not one we take'),
    folder: Type.String({ maxLength: 64, description: UPLOAD_FOLDERS.join(', '), 'x-message': UNKNOWN_FOLDER }),
  },
  { additionalProperties: false },
);

interface ChunkFields {
  chunk: unknown;
  index: number;
  totalChunks: number;
  timestamp: string;
  fileExtension?: string | null;
  mimeType?: string | null;
  folder: string;
}

const CHUNK_TOO_LARGE = `The chunk is too large: at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB.`;

/** 422 whose message and field error are the same text (the console shows either). */
const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] }, message);

export function registerUploadRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const uploads = new ChunkedUploads(ctx.config.dataDir, ctx.storage);

  app.post(
    '/api/admin/media-file/upload-chunk',
    {
      ...uploadRoute({ fileBytes: MAX_CHUNK_BYTES, files: 1 }, { access: {} }),
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
      if (!(UPLOAD_FOLDERS as readonly string[]).includes(body.folder)) throw invalid('folder', UNKNOWN_FOLDER);
      const kind = declaredKind(body.fileExtension, body.mimeType);
      if (!kind) throw invalid('fileExtension', FORMAT_NOT_SUPPORTED);
      if (!Buffer.isBuffer(body.chunk)) throw invalid('chunk', 'Please provide the chunk as a file.');
      if (body.chunk.length > MAX_CHUNK_BYTES) throw new HttpError(413, CHUNK_TOO_LARGE, { chunk: [CHUNK_TOO_LARGE] });
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
          data: body.chunk,
        });
      } catch (e) {
        if (e instanceof ChunkMismatch) throw invalid('totalChunks', e.message);
        throw e;
      }

      switch (outcome.state) {
        case 'waiting':
          return ok({ received: outcome.received, total: outcome.total }, 'Chunk received.');
        case 'rejected':
          if (outcome.reason === 'size') throw new HttpError(413, TOO_LARGE);
          throw invalid('chunk', FORMAT_NOT_SUPPORTED);
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
