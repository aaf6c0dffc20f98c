import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { HttpError, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { answers, envelope, refusal as refusalAnswer } from '../http/responses';
import { unlink } from 'node:fs/promises';
import { clientAborted, dropAborted, PlacedFile, removeStreamedFiles, StreamedFile, uploadRoute, type PlaceFile } from '../http/bodyLimits';
import { forbidden } from '../http/errors';
import type { Principal } from '../context';
import { audit } from '../services/audit';
import { S3Storage } from '../services/s3Storage';
import { ChunkedUploads } from '../services/diskUploads';
import { S3ChunkedUploads } from '../services/s3Uploads';
import type { LocalStorage } from '../services/storage';
import { countUpload, registerUpload, sweepUnheld, usedToday } from '../services/storedFiles';
import {
  CHECKSUM_MISMATCH,
  type ChunkedUploadsOptions,
  ChunkMismatch,
  type ChunkStore,
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
  folder: Type.String({ enum: [...UPLOAD_FOLDERS], description: 'the folder of the records whose file this is', 'x-message': UNKNOWN_FOLDER }),
};

/** An assembled upload: the /storage path a record's file field takes, and its type. */
const UPLOADED = { type: 'object', required: ['path', 'mimeType'], properties: { path: { type: 'string' }, mimeType: { type: 'string' } } };
/** A chunk's answer: the chunks received so far, or the file once the last one made it whole (also as `file`, beside `data`). */
const CHUNK_ANSWER = (() => {
  const answer = envelope({ anyOf: [Type.Object({ received: Type.Integer({ description: 'how many of its chunks are held' }), total: Type.Integer() }), UPLOADED] }, 'The chunk is received; with the last one, the file.');
  answer.properties.file = { ...UPLOADED, description: 'the file, once assembled (as data)' };
  return answer;
})();

const SHA256_MESSAGE = 'The SHA-256 must be 64 hexadecimal digits.';

const ChunkBody = Type.Object(
  {
    chunk: Fields.filePart(`this chunk's bytes (a file part, at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB)`),
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

/** The same fields as a query. */
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

/** "1 GB", "200 MB", "3.5 MB" */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${Math.floor(mb * 10) / 10} MB`;
}

/** How often each node looks for abandoned uploads (at most once a minute across nodes: the stamp file). */
const HOUSEKEEPING_MS = 5 * 60_000;

/**
 * The chunked upload. Uploading needs a permission of a form that takes files from the upload's
 * folder (`permissionsByFolder`, from the declarations' file fields and the landing site's: the create
 * or edit permission of its module); an admin holding none of them is refused before the body is
 * read, one without the folder's as soon as the folder is known. Each admin may send
 * UPLOAD_DAILY_MB a UTC day, counted in the database before a chunk is read. A finished file is
 * registered as the admin's upload, which no record holds yet: not served until a write takes it, and
 * removed after UPLOAD_STALE_HOURS if none does.
 */
export function registerUploadRoutes(app: FastifyInstance, permissionsByFolder: ReadonlyMap<string, readonly string[]>): void {
  const ctx = app.ctx;
  const options: ChunkedUploadsOptions = {
    ...ctx.config.uploads,
    sweepAlso: async (staleMs, now) => {
      try {
        await sweepUnheld(ctx.db, ctx.storage, staleMs, now);
      } catch (err) {
        app.log.error({ err }, 'sweeping unheld uploads failed');
      }
    },
  };
  // chunks in DATA_DIR (shared by the nodes that share it), or in the bucket with their state in the database
  const uploads: ChunkStore = ctx.storage instanceof S3Storage ? new S3ChunkedUploads(ctx.db, ctx.storage, options) : new ChunkedUploads(ctx.config.dataDir, ctx.storage as LocalStorage, options);
  // abandoned uploads go even when nobody uploads for a while
  const housekeeping = setInterval(() => void uploads.sweepIfDue().catch((err: unknown) => app.log.error({ err }, 'upload housekeeping failed')), HOUSEKEEPING_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  /** whoever holds one of these may reach the upload routes at all */
  const anyUploadPermission = [...new Set([...permissionsByFolder.values()].flat())].sort();
  const mayUploadTo = (admin: Principal, folder: string) => (permissionsByFolder.get(folder) ?? []).some((p) => admin.permissions.has(p));
  const refusedFolder = (folder: string) => forbidden(`Uploading into the ${folder} folder needs the permission to add or edit the records whose files go there.`);

  /** The folder and declared type of an upload, or the 422 (or 403) that refuses them. */
  function uploadOf(admin: Principal, fields: UploadFields): { folder: string; kind: MediaKind } {
    if (!(UPLOAD_FOLDERS as readonly string[]).includes(fields.folder)) throw invalid('folder', UNKNOWN_FOLDER);
    if (!mayUploadTo(admin, fields.folder)) throw refusedFolder(fields.folder);
    const kind = declaredKind(fields.fileExtension, fields.mimeType);
    if (!kind) throw invalid('fileExtension', FORMAT_NOT_SUPPORTED);
    return { folder: fields.folder, kind };
  }

  const dailyLimit = ctx.config.uploads.dailyBytes;
  /** the most a chunk's request can carry, counted when it says no length */
  let requestLimit = 0;
  /**
   * Counts a chunk's request against its admin's daily allowance before its body is read (its
   * declared length: every byte sent counts, whatever becomes of it), or refuses it with a 422 that
   * says when uploads can go on.
   */
  const countAgainstAllowance = async (request: FastifyRequest) => {
    const admin = requireAdmin(request);
    const declared = Number(request.headers['content-length']);
    const bytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : requestLimit;
    if (await countUpload(ctx.db, admin.id, bytes, dailyLimit)) return;
    const used = await usedToday(ctx.db, admin.id);
    throw invalid('chunk', `This upload would pass your daily allowance of ${sizeText(dailyLimit)} (${sizeText(used)} sent today). Uploads can go on tomorrow (UTC).`);
  };

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
    if (!mayUploadTo(admin, fields.folder!)) throw refusedFolder(fields.folder!); // before a byte of it is written
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
      config: { access: { anyPermission: anyUploadPermission } },
      schema: {
        tags: ['media'],
        summary: "What the server holds of one's own upload, to resume it: the chunk indexes received, or the file once assembled",
        querystring: StatusQuery,
        response: {
          ...answers(Type.Object({ received: Type.Array(Type.Integer()), total: Type.Integer(), file: Type.Unsafe({ ...UPLOADED, type: ['object', 'null'] }) }), 'The chunks received, and the file once assembled.'),
          413: refusalAnswer(413),
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const raw = request.query as Omit<UploadFields, 'totalChunks'> & { totalChunks: string };
      const query: UploadFields = { ...raw, totalChunks: Number(raw.totalChunks) };
      if (query.totalChunks > MAX_CHUNKS) throw invalid('totalChunks', TOTAL_CHUNKS);
      const { folder, kind } = uploadOf(admin, query);
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

  const chunkRoute = uploadRoute({ fileBytes: MAX_CHUNK_BYTES, files: 1 }, { access: { anyPermission: anyUploadPermission }, streamFilesTo: uploads.incomingDir, placeFile });
  requestLimit = chunkRoute.bodyLimit;
  app.post(
    '/api/admin/media-file/upload-chunk',
    {
      // the chunk is written to disk as it arrives (never gathered in memory): in place when the upload's
      // layout is known, else to a temporary file that the handler copies into place
      ...chunkRoute,
      // after the auth guard, before the body is read
      onRequest: countAgainstAllowance,
      onResponse: removeStreamedFiles,
      // a part over the multipart fileSize limit is cut off while parsing: say so in the API's words
      errorHandler(error: FastifyError, request, reply) {
        // a chunk its client dropped mid-body: as the app's handler does (said here, not thrown on: no answer is tried)
        if (clientAborted(error, request)) return dropAborted(error, request, reply);
        if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error; // the app's handler takes the rest
        return reply.status(413).send({ success: false, message: CHUNK_TOO_LARGE, error: { chunk: [CHUNK_TOO_LARGE] } });
      },
      schema: {
        tags: ['media'],
        summary: 'Resumable chunked upload: chunks in any order, idempotent per chunk; the file is assembled and verified when the last one arrives',
        body: ChunkBody,
        consumes: ['multipart/form-data'],
        response: { 200: CHUNK_ANSWER, 413: refusalAnswer(413) },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const body = request.body as ChunkFields;
      const { kind } = uploadOf(admin, body);
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
          const stored = path.replace(/^\/storage\//, '');
          if (outcome.fresh) {
            // the admin's upload, which no record holds yet: registered with its audit row
            await ctx.db.transaction().execute(async (trx) => {
              await registerUpload(trx, { path: stored, size, adminId: admin.id });
              await audit(trx, { actorId: admin.id, action: 'upload', resource: 'media', recordId: null, changes: { path, mimeType, size }, ip: request.ip, requestId: request.id });
            });
          } else {
            // answered again (a retry, a late request): registered if the first answer's request stopped before it was
            if ((await ctx.storage.size(stored)) !== null) await registerUpload(ctx.db, { path: stored, size, adminId: admin.id });
          }
          return reply.send({ success: true, message: 'File uploaded.', file: { path, mimeType }, data: { path, mimeType } });
        }
      }
    },
  );
}
