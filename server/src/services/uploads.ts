import { createHash } from 'node:crypto';
import { imageType } from './storage';

/**
 * Resumable chunked uploads (POST /api/admin/media-file/upload-chunk): what every store of chunks
 * shares. The media rules (kinds, first bytes, limits), the answers, and `ChunkStoreBase`, the protocol
 * of an upload whatever holds it: the layout fixed by the first chunk that says it, the limit checked
 * before and after a chunk is kept, one request winning the lock and assembling, the others waiting
 * for its outcome, the outcome kept for late or repeated requests. A store is only where the chunks
 * and that state live: `ChunkedUploads` (STORAGE=local, services/diskUploads.ts: files under
 * DATA_DIR/uploads) and `S3ChunkedUploads` (STORAGE=s3, services/s3Uploads.ts: objects in the bucket,
 * state in the database).
 */
export const MAX_CHUNK_BYTES = 10 * 1024 * 1024;
export const MAX_CHUNKS = 2000;
/** The default largest file (UPLOAD_MAX_MB). */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** Folders an upload may land in (the first segment of its /storage path). */
export const UPLOAD_FOLDERS = ['health_literacy_contents', 'hlc', 'health-literacy', 'promotional', 'media', 'reports', 'profile'] as const;

export const FORMAT_NOT_SUPPORTED = 'File format not supported.';
export const UNKNOWN_FOLDER = 'Unknown folder.';
export const CHECKSUM_MISMATCH = 'The file arrived damaged (its SHA-256 does not match); please upload it again.';

/** "The file is too large: at most 200 MB." (or "1 GB") */
export function tooLargeMessage(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const size = mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${Math.floor(mb * 10) / 10} MB`;
  return `The file is too large: at most ${size}.`;
}

/** How long untouched parts and outcomes are kept by default (UPLOAD_STALE_HOURS). */
export const DEFAULT_STALE_MS = 24 * 60 * 60_000;
/** Housekeeping runs at most this often. */
export const SWEEP_EVERY_MS = 60_000;

export type MediaKind = 'jpg' | 'png' | 'mp4' | 'mp3' | 'pdf';

export const MIME_TYPES: Record<MediaKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
};

const BY_EXTENSION: Record<string, MediaKind> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', mp4: 'mp4', mp3: 'mp3', pdf: 'pdf' };
const BY_MIME: Record<string, MediaKind> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpeg3': 'mp3',
  'audio/x-mpeg-3': 'mp3',
  'application/pdf': 'pdf',
};

/** The declared type: the file extension when it is one we take, else the MIME type; null if neither. */
export function declaredKind(fileExtension: string | null | undefined, mimeType: string | null | undefined): MediaKind | null {
  const ext = (fileExtension ?? '').trim().toLowerCase().replace(/^\./, '');
  const mime = (mimeType ?? '').trim().toLowerCase().split(';')[0]!.trim();
  return BY_EXTENSION[ext] ?? BY_MIME[mime] ?? null;
}

/** Whether the first bytes of a file are those of the declared type (names and client types are not trusted). */
export function contentMatches(kind: MediaKind, head: Buffer): boolean {
  switch (kind) {
    case 'jpg':
    case 'png':
      return imageType(head) === kind;
    case 'mp4':
      return head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp';
    case 'mp3':
      return (head.length >= 3 && head.subarray(0, 3).toString('latin1') === 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0);
    case 'pdf':
      return head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-';
  }
}

export interface ChunkInput {
  adminId: number;
  /** the client's id of this upload */
  timestamp: string;
  folder: string;
  kind: MediaKind;
  /** 0-based */
  index: number;
  totalChunks: number;
  /**
   * the bytes, or a file holding them (copied into place), or the ticket of a chunk already written
   * in place while the request was read (`placement`)
   */
  data: Buffer | { path: string; size: number } | { placed: ChunkTicket; size: number };
  /** the whole file's SHA-256 (hex), when the client gives it */
  sha256?: string | null;
}

/** What a client asks to resume an upload: which parts are there, or what became of it. */
export type UploadStatus =
  | { state: 'open'; received: number[]; total: number }
  | { state: 'done'; file: UploadedMedia }
  | { state: 'rejected'; reason: RejectReason };

export interface UploadedMedia {
  /** /storage/<folder>/<name> */
  path: string;
  mimeType: string;
  size: number;
}

export type ChunkOutcome =
  | { state: 'waiting'; received: number; total: number }
  /** fresh: this request assembled the file (the caller audits it once) */
  | { state: 'done'; file: UploadedMedia; fresh: boolean }
  | { state: 'rejected'; reason: RejectReason };

export type RejectReason = 'format' | 'size' | 'checksum';
/** An upload's outcome, kept for late or repeated requests. */
export type Outcome = { status: 'done'; file: UploadedMedia } | { status: 'rejected'; reason: RejectReason };


/** Thrown when a chunk contradicts the upload it belongs to (a different chunk count or checksum). */
export class ChunkMismatch extends Error {
  constructor(readonly field: 'totalChunks' | 'sha256' | 'chunk', message: string) {
    super(message);
  }
}

/** Where a chunk's bytes go while its request is read (see `ChunkedUploads.placement`). */
export interface ChunkPlace {
  /** the upload's data file (created if absent, never truncated) */
  path: string;
  offset: number;
  /** the most bytes the chunk may have: the chunk size, or MAX_CHUNK_BYTES for the last chunk */
  maxBytes: number;
  /** sees every piece, in order, as it is written */
  observe?: (piece: Buffer) => void;
  ticket: ChunkTicket;
}

/** What a placement was made for; the handler checks it against the fields it validated. */
export interface ChunkTicket {
  key: string;
  index: number;
  /** the id its `.held` marker will carry */
  writeId: string;
  /** the bytes went through the upload's running hash */
  hashed: boolean;
}

export interface ChunkedUploadsOptions {
  /** how long a request that lost the assembly race waits for the winner's outcome */
  waitMs?: number;
  /** largest file by default (UPLOAD_MAX_MB) */
  maxBytes?: number;
  /** largest file of particular folders (UPLOAD_LIMITS) */
  folderMaxBytes?: Record<string, number>;
  /** how long untouched parts and outcomes are kept (UPLOAD_STALE_HOURS) */
  staleMs?: number;
  /** more housekeeping of the same age, run with each sweep (the finished uploads no record took) */
  sweepAlso?: (staleMs: number, now: number) => Promise<unknown>;
}

export type UploadTarget = Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind' | 'index' | 'totalChunks'>;

/** The key of an upload: the same admin resuming the same upload finds its chunks; another admin never shares them. */
export function uploadKey(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind'>): string {
  return createHash('sha256').update([input.adminId, input.timestamp, input.folder, input.kind].join('\n')).digest('hex');
}

/**
 * What the chunked upload route needs of where chunks go: `ChunkedUploads` (STORAGE=local,
 * services/diskUploads.ts: files under DATA_DIR/uploads) or `S3ChunkedUploads` (STORAGE=s3,
 * services/s3Uploads.ts: chunks in the bucket, state in the database), both a `ChunkStoreBase`: they answer alike.
 */
export interface ChunkStore {
  /** where a request's chunk is written while its body is read, when it is not placed */
  readonly incomingDir: string;
  limitOf(folder: string): number;
  status(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind' | 'totalChunks'>): Promise<UploadStatus>;
  placement(input: UploadTarget): Promise<ChunkPlace | null>;
  receive(input: ChunkInput): Promise<ChunkOutcome>;
  sweepIfDue(now?: number): Promise<void>;
  sweep(now?: number): Promise<number>;
}

/** Where an upload stands in its store: its outcome, assembled by one request now, or open (or unknown). */
export type UploadState = Outcome | 'assembling' | 'open';

/** What a store holds of an upload once a chunk is kept: how many chunks, and the last one's length if it is one of them. */
export interface Held {
  count: number;
  lastBytes: number;
}

/** A store's state moved under a chunk being kept (another request took the upload to assemble it): try again. */
export class UploadMoved extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The protocol of a chunked upload, whatever holds its chunks and state (see the top of this file). A
 * store says where an upload stands (`stateOf`), keeps its layout (`begin`, `fix`, `known`), keeps a
 * chunk (`keep`), takes the lock (`lock`), assembles (`assemble`) and records an outcome reached
 * before assembly (`settle`).
 */
export abstract class ChunkStoreBase implements ChunkStore {
  abstract readonly incomingDir: string;
  protected readonly waitMs: number;
  protected readonly maxBytes: number;
  protected readonly folderMaxBytes: Record<string, number>;
  protected readonly staleMs: number;
  protected readonly sweepAlso: ChunkedUploadsOptions['sweepAlso'];
  /** how often a request waiting for another one's assembly looks again */
  protected abstract readonly pollMs: number;

  constructor(opts: ChunkedUploadsOptions = {}) {
    this.waitMs = opts.waitMs ?? 30_000;
    this.maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
    this.folderMaxBytes = opts.folderMaxBytes ?? {};
    this.staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
    this.sweepAlso = opts.sweepAlso;
  }

  abstract placement(input: UploadTarget): Promise<ChunkPlace | null>;
  abstract sweepIfDue(now?: number): Promise<void>;
  abstract sweep(now?: number): Promise<number>;

  /** Where the upload stands. */
  protected abstract stateOf(key: string): Promise<UploadState>;
  /** The indexes of the chunks held, in order (none when the upload is unknown). */
  protected abstract received(key: string, total: number): Promise<number[]>;
  /** The upload's chunk count, null when no chunk came yet. */
  protected abstract storedTotal(key: string): Promise<number | null>;
  /** Makes the upload if absent, its chunk count fixed by this first chunk; answers the chunk count it has. */
  protected abstract begin(key: string, total: number): Promise<number>;
  /** Fixes a value of the upload's layout unless one is (the first writer wins); answers the one it has. */
  protected abstract fix(key: string, field: 'sha256' | 'chunkSize', value: string): Promise<string>;
  /** The chunk size, when fixed. */
  protected abstract knownChunkSize(key: string): Promise<number | null>;
  /**
   * Keeps one chunk (`chunkSize` null: the last chunk came before the size is known) and marks it held;
   * answers what is held. Throws UploadMoved (or what `moved` says is one) when the upload was taken away.
   */
  protected abstract keep(key: string, input: ChunkInput, chunkSize: number | null, size: number): Promise<Held>;
  /** The lock: true for the one request that is to assemble. */
  protected abstract lock(key: string): Promise<boolean>;
  /** Assembles the file (the lock held); gives the lock back with "waiting" when a chunk went missing since. */
  protected abstract assemble(key: string, input: ChunkInput): Promise<ChunkOutcome>;
  /** Records an outcome reached before assembly (a file too large) and lets the upload's chunks go. */
  protected abstract settle(key: string, outcome: Outcome): Promise<ChunkOutcome>;

  /** An assembly whose node stopped, taken over by this request (stores that can tell). */
  protected takeOver(_key: string): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** A chunk written while its request was read belongs to this upload and index. */
  protected placedFor(key: string, input: ChunkInput): boolean {
    return 'placed' in input.data && input.data.placed.key === key && input.data.placed.index === input.index;
  }

  /** The error means the upload was taken away while a chunk was kept. */
  protected moved(error: unknown): boolean {
    return error instanceof UploadMoved;
  }

  /** The largest file a folder takes. */
  limitOf(folder: string): number {
    return this.folderMaxBytes[folder] ?? this.maxBytes;
  }

  protected answer(outcome: Outcome): ChunkOutcome {
    return outcome.status === 'done' ? { state: 'done', file: outcome.file, fresh: false } : { state: 'rejected', reason: outcome.reason };
  }

  /** What refuses a file: too large, not of its declared kind, or not the SHA-256 announced. */
  protected verdict(input: Pick<ChunkInput, 'folder' | 'kind'>, size: number, head: Buffer, checksum?: { expected: string | null; digest: string | null }): RejectReason | null {
    if (size > this.limitOf(input.folder)) return 'size';
    if (!contentMatches(input.kind, head)) return 'format';
    return checksum && checksum.expected !== null && checksum.expected !== checksum.digest ? 'checksum' : null;
  }

  /** Which chunks of an upload are here (for a client resuming it), or its outcome once assembled or refused. */
  async status(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind' | 'totalChunks'>): Promise<UploadStatus> {
    const key = uploadKey(input);
    const now = await this.stateOf(key);
    if (typeof now === 'object') return now.status === 'done' ? { state: 'done', file: now.file } : { state: 'rejected', reason: now.reason };
    if (now === 'assembling') {
      const outcome = await this.awaitOutcome(key, input.totalChunks);
      if (outcome.state === 'done') return { state: 'done', file: outcome.file };
      if (outcome.state === 'rejected') return outcome;
    }
    const stored = await this.storedTotal(key);
    if (stored !== null && stored !== input.totalChunks) throw new ChunkMismatch('totalChunks', `This upload has ${stored} chunks.`);
    return { state: 'open', received: await this.received(key, input.totalChunks), total: input.totalChunks };
  }

  /** Stores one chunk; assembles and verifies the file when it was the last one missing. */
  async receive(input: ChunkInput): Promise<ChunkOutcome> {
    await this.sweepIfDue();
    const key = uploadKey(input);
    if ('placed' in input.data && !this.placedFor(key, input)) {
      // the fields after the file part named another upload than those before it
      throw new ChunkMismatch('chunk', 'Please send the chunk again, its fields before the file.');
    }
    // a request re-sending a chunk while another assembles sends that one back to waiting: try again then
    for (let attempt = 0; ; attempt++) {
      const now = await this.stateOf(key);
      if (typeof now === 'object') return this.answer(now);
      if (now === 'assembling') {
        if (await this.takeOver(key)) return this.assemble(key, input);
        const outcome = await this.awaitOutcome(key, input.totalChunks);
        if (outcome.state !== 'waiting' || attempt >= 3) return outcome;
        continue;
      }
      let stored: Held | 'too large';
      try {
        stored = await this.store(key, input);
      } catch (e) {
        // the upload was taken away under us: another request is assembling it
        if (!this.moved(e)) throw e;
        if (attempt < 3) continue;
        return this.awaitOutcome(key, input.totalChunks);
      }
      if (stored === 'too large') return this.settle(key, { status: 'rejected', reason: 'size' });
      if (stored.count < input.totalChunks) return { state: 'waiting', received: stored.count, total: input.totalChunks };
      // the lock: one request wins, whatever order the chunks came in
      if (!(await this.lock(key))) return this.awaitOutcome(key, input.totalChunks);
      return this.assemble(key, input);
    }
  }

  /**
   * Keeps one chunk within the upload's layout (its chunk count, checksum and chunk size, each fixed by
   * the first chunk that says it; every chunk but the last of the chunk size); answers how many are
   * held, or 'too large' when the file would pass its folder's limit.
   */
  private async store(key: string, input: ChunkInput): Promise<Held | 'too large'> {
    const { index, totalChunks: total } = input;
    const last = index === total - 1;
    const size = Buffer.isBuffer(input.data) ? input.data.length : input.data.size;
    const stored = await this.begin(key, total);
    if (stored !== total) throw new ChunkMismatch('totalChunks', `This upload has ${stored} chunks.`);
    if (input.sha256) {
      const sha = input.sha256.toLowerCase();
      if ((await this.fix(key, 'sha256', sha)) !== sha) throw new ChunkMismatch('sha256', 'This upload was announced with another SHA-256.');
    }
    let chunkSize: number | null;
    if (!last) {
      chunkSize = Number(await this.fix(key, 'chunkSize', String(size)));
      if (chunkSize !== size) throw new ChunkMismatch('chunk', `Every chunk but the last must have ${chunkSize} bytes, like this upload's others.`);
    } else {
      chunkSize = (await this.knownChunkSize(key)) ?? (total === 1 ? 0 : null);
    }
    const limit = this.limitOf(input.folder);
    if (chunkSize !== null && (total - 1) * chunkSize + (last ? size : 0) > limit) return 'too large';
    const held = await this.keep(key, input, chunkSize, size);
    return (total - 1) * (chunkSize ?? 0) + held.lastBytes > limit ? 'too large' : held;
  }

  /** Another request holds the assembly: wait for its outcome (or answer "still waiting" after waitMs). */
  protected async awaitOutcome(key: string, total: number): Promise<ChunkOutcome> {
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const now = await this.stateOf(key);
      if (typeof now === 'object') return this.answer(now);
      if (now !== 'assembling' || Date.now() >= deadline) break;
      await sleep(this.pollMs);
    }
    const now = await this.stateOf(key);
    if (typeof now === 'object') return this.answer(now);
    return { state: 'waiting', received: (await this.received(key, total)).length, total };
  }
}
