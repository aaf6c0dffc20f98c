import { createHash, randomBytes, type Hash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { imageType, type LocalStorage } from './storage';

/**
 * Resumable chunked uploads (POST /api/admin/media-file/upload-chunk) with STORAGE=local, kept on disk
 * only so that any node sharing DATA_DIR can take any chunk (STORAGE=s3: services/s3Uploads.ts):
 *
 *   DATA_DIR/uploads/<key>/data             the file itself: each chunk written at its offset (index × chunk size)
 *   DATA_DIR/uploads/<key>/<index>.held     a chunk fully written: its length and a write id (written after its bytes)
 *   DATA_DIR/uploads/<key>/total            the upload's chunk count, fixed by its first chunk
 *   DATA_DIR/uploads/<key>/chunk-size       the length of every chunk but the last, fixed by the first of those to arrive
 *   DATA_DIR/uploads/<key>/last.part        the last chunk, when it came before the chunk size was known (placed on assembly)
 *   DATA_DIR/uploads/<key>/sha256           the whole file's SHA-256 when the client gave one (checked on assembly)
 *   DATA_DIR/uploads/<key>.assembling/      the upload's folder, renamed by the one request that assembles
 *   DATA_DIR/uploads/<key>.done.json        the outcome, for late or repeated requests (kept 24 h)
 *
 * key = sha256(admin id, timestamp, folder, type): the same admin resuming the same upload finds its
 * chunks; another admin never shares them. The rename to `.assembling` is the lock: exactly one request
 * wins it, the others wait for `.done.json`. Finishing writes nothing twice: the data file is cut to
 * its length, checked, and renamed into storage.
 *
 * A chunk is written where it belongs as it arrives when the layout is known (`placement`, called
 * while the request body is read, the fields before the file part) or copied there from the
 * request's temporary file otherwise. Its `.held` marker is removed before its bytes are written and
 * created only after the last of them is: a chunk cut off mid-stream is never listed as held, and the
 * request that assembles counts the markers again after taking the lock (a chunk being re-sent at that
 * moment sends it back to waiting). A chunk sent again overwrites its own region: a retry after a
 * cut-off request sends the same bytes; every chunk but the last must have the upload's chunk size.
 * Two requests sending different bytes for one index at the same moment leave that region undefined;
 * the optional SHA-256 guards the whole file.
 *
 * The SHA-256 is computed as the chunks arrive when they arrive in order at one node (every write id
 * still the one hashed when the file is finished); otherwise the finished file is read once to hash it.
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

const DEFAULT_STALE_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const SWEEP_STAMP = '.last-sweep';

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
type Marker = { status: 'done'; file: UploadedMedia } | { status: 'rejected'; reason: RejectReason };

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

/** A SHA-256 fed with the chunks in order, as they arrive at this node. */
interface RunningHash {
  hash: Hash;
  /** the index of the next chunk it takes */
  next: number;
  /** the write id of each chunk it took */
  ids: string[];
  /** a chunk is being fed to it (a second one, or a request that never finished, spoils it) */
  busy: boolean;
}

const errno = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | null)?.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HELD = /^(\d+)\.held$/;
const heldName = (index: number) => `${index}.held`;
const DATA = 'data';
const PARKED = 'last.part';
const CHUNK_SIZE = 'chunk-size';
/** Reads and writes of whole files go in pieces of this size (one buffer a request, reused). */
const IO_BYTES = 1024 * 1024;
/** The running hashes kept at most (uploads in progress at once on one node). */
const MAX_RUNNING = 256;
/** The folder was renamed away (assembling) or removed (finished) while a chunk was being stored. */
class UploadMoved extends Error {}

async function writeAtomic(path: string, data: Buffer | string): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** Writes `value` to `file` unless it exists (atomically: the first writer wins); answers what the file holds. */
async function fixOnce(file: string, value: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if (errno(e) !== 'ENOENT') throw e;
  }
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, value);
  try {
    await link(tmp, file); // atomic create-if-absent
    return value;
  } catch (err) {
    if (errno(err) !== 'EEXIST') throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  return readFile(file, 'utf8');
}

const readText = (path: string) =>
  readFile(path, 'utf8').catch((e: unknown) => {
    if (errno(e) === 'ENOENT') return null;
    throw e;
  });

async function readMarker(path: string): Promise<Marker | null> {
  const text = await readText(path);
  return text === null ? null : (JSON.parse(text) as Marker);
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** Opens a file for writing at offsets: created if absent, never truncated. */
const openForWriting = (path: string) => open(path, constants.O_WRONLY | constants.O_CREAT);

/** Copies a file (or bytes) into `target` at `offset`, showing each piece to `observe`; answers the byte count. */
async function copyAt(source: Buffer | string, target: string, offset: number, observe?: (piece: Buffer) => void): Promise<number> {
  const out = await openForWriting(target);
  try {
    if (Buffer.isBuffer(source)) {
      observe?.(source);
      await out.write(source, 0, source.length, offset);
      return source.length;
    }
    const input = await open(source, 'r');
    try {
      const buffer = Buffer.allocUnsafe(IO_BYTES);
      let done = 0;
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, done);
        if (bytesRead === 0) return done;
        const piece = buffer.subarray(0, bytesRead);
        observe?.(piece);
        await out.write(piece, 0, bytesRead, offset + done);
        done += bytesRead;
      }
    } finally {
      await input.close();
    }
  } finally {
    await out.close();
  }
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
 * What the chunked upload route needs of where chunks go: `ChunkedUploads` below (STORAGE=local, files
 * under DATA_DIR/uploads) or `S3ChunkedUploads` (STORAGE=s3, services/s3Uploads.ts: chunks in the
 * bucket, state in the database). Both answer alike.
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

export class ChunkedUploads implements ChunkStore {
  readonly dir: string;
  readonly incomingDir: string;
  private readonly waitMs: number;
  private readonly maxBytes: number;
  private readonly folderMaxBytes: Record<string, number>;
  private readonly staleMs: number;
  private readonly sweepAlso: ChunkedUploadsOptions['sweepAlso'];
  /** by upload key: the SHA-256 of the chunks received in order so far (this node only) */
  private readonly running = new Map<string, RunningHash>();

  constructor(dataDir: string, private readonly storage: LocalStorage, opts: ChunkedUploadsOptions = {}) {
    this.dir = join(dataDir, 'uploads');
    this.incomingDir = join(this.dir, '.incoming');
    this.waitMs = opts.waitMs ?? 30_000;
    this.maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
    this.folderMaxBytes = opts.folderMaxBytes ?? {};
    this.staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
    this.sweepAlso = opts.sweepAlso;
  }

  /** The largest file a folder takes. */
  limitOf(folder: string): number {
    return this.folderMaxBytes[folder] ?? this.maxBytes;
  }

  keyOf(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind'>): string {
    return uploadKey(input);
  }

  /** Which chunks of an upload are here (for a client resuming it), or its outcome once assembled or refused. */
  async status(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind' | 'totalChunks'>): Promise<UploadStatus> {
    const parts = join(this.dir, this.keyOf(input));
    const finished = await readMarker(`${parts}.done.json`);
    if (finished) return finished.status === 'done' ? { state: 'done', file: finished.file } : { state: 'rejected', reason: finished.reason };
    if (await exists(`${parts}.assembling`)) {
      const outcome = await this.awaitOutcome(parts, input.totalChunks);
      if (outcome.state === 'done') return { state: 'done', file: outcome.file };
      if (outcome.state === 'rejected') return outcome;
    }
    const stored = await readText(join(parts, 'total'));
    if (stored !== null && Number(stored) !== input.totalChunks) throw new ChunkMismatch('totalChunks', `This upload has ${stored} chunks.`);
    const received = (await this.heldIndexes(parts, input.totalChunks).catch(() => [])).sort((a, b) => a - b);
    return { state: 'open', received, total: input.totalChunks };
  }

  /**
   * Where a chunk can be written as its request is read, when the upload's layout says (its chunk
   * count and chunk size are fixed and the file is within its folder's limit): its `.held` marker is
   * removed first, so the chunk counts as held again only once its handler has seen every byte.
   * Null when it must go through a temporary file (the upload's first chunk, a last chunk before the
   * chunk size is known, an upload assembling or finished, anything contradicting the upload): the
   * handler then sorts it out as before.
   */
  async placement(input: UploadTarget): Promise<ChunkPlace | null> {
    const key = this.keyOf(input);
    const parts = join(this.dir, key);
    const [total, size] = await Promise.all([readText(join(parts, 'total')), readText(join(parts, CHUNK_SIZE))]);
    if (total === null || Number(total) !== input.totalChunks) return null;
    const chunkSize = size !== null ? Number(size) : input.totalChunks === 1 ? 0 : null;
    if (chunkSize === null || (input.totalChunks - 1) * chunkSize > this.limitOf(input.folder)) return null;
    if (!(await this.unmark(parts, input.index))) return null;
    const ticket: ChunkTicket = { key, index: input.index, writeId: randomBytes(8).toString('hex'), hashed: false };
    const running = this.feed(key, input.index);
    if (running) ticket.hashed = true;
    return {
      path: join(parts, DATA),
      offset: input.index * chunkSize,
      maxBytes: input.index === input.totalChunks - 1 ? MAX_CHUNK_BYTES : chunkSize,
      observe: running ? (piece) => running.hash.update(piece) : undefined,
      ticket,
    };
  }

  /** Stores one chunk; assembles and verifies the file when it was the last one missing. */
  async receive(input: ChunkInput): Promise<ChunkOutcome> {
    await mkdir(this.dir, { recursive: true });
    await this.sweepIfDue();
    const key = this.keyOf(input);
    const parts = join(this.dir, key);
    const assembling = `${parts}.assembling`;
    const marker = `${parts}.done.json`;
    if ('placed' in input.data && (input.data.placed.key !== key || input.data.placed.index !== input.index)) {
      // the fields after the file part named another upload than those before it
      throw new ChunkMismatch('chunk', 'Please send the chunk again, its fields before the file.');
    }

    // a request re-sending a chunk while another assembles sends that one back to waiting: try again then
    for (let attempt = 0; ; attempt++) {
      const finished = await readMarker(marker);
      if (finished) return this.fromMarker(finished);
      if (await exists(assembling)) {
        const outcome = await this.awaitOutcome(parts, input.totalChunks);
        if (outcome.state !== 'waiting' || attempt >= 3) return outcome;
        continue;
      }
      let stored: { count: number; bytes: number } | 'too large';
      try {
        stored = await this.store(parts, key, input);
      } catch (e) {
        // the folder was renamed away under us: another request is assembling this upload
        if (!(e instanceof UploadMoved) && errno(e) !== 'ENOENT') throw e;
        if (attempt < 3) continue;
        return this.awaitOutcome(parts, input.totalChunks);
      }
      if (stored === 'too large') {
        await writeAtomic(marker, JSON.stringify({ status: 'rejected', reason: 'size' } satisfies Marker));
        await rm(parts, { recursive: true, force: true });
        this.running.delete(key);
        return { state: 'rejected', reason: 'size' };
      }
      if (stored.count < input.totalChunks) return { state: 'waiting', received: stored.count, total: input.totalChunks };

      try {
        await rename(parts, assembling); // the lock: one request wins, whatever order the chunks came in
      } catch (e) {
        if (['ENOENT', 'EEXIST', 'ENOTEMPTY', 'EPERM', 'EACCES'].includes(errno(e) ?? '')) return this.awaitOutcome(parts, input.totalChunks);
        throw e;
      }
      // a chunk whose marker went between the count and the lock is being written again: not yet
      const held = await this.heldIndexes(assembling, input.totalChunks);
      if (held.length < input.totalChunks) {
        await rename(assembling, parts).catch(() => undefined);
        return { state: 'waiting', received: held.length, total: input.totalChunks };
      }
      return this.assemble(assembling, marker, key, input);
    }
  }

  /** Puts one chunk in place and marks it held; answers how many are held and the file's least size. */
  private async store(parts: string, key: string, input: ChunkInput): Promise<{ count: number; bytes: number } | 'too large'> {
    const { index, totalChunks: total } = input;
    const last = index === total - 1;
    const size = Buffer.isBuffer(input.data) ? input.data.length : input.data.size;
    await mkdir(parts, { recursive: true });
    await this.fixTotal(parts, total);
    if (input.sha256) await this.fixChecksum(parts, input.sha256.toLowerCase());

    let chunkSize: number | null;
    if (!last) {
      chunkSize = Number(await fixOnce(join(parts, CHUNK_SIZE), String(size)));
      if (chunkSize !== size) throw new ChunkMismatch('chunk', `Every chunk but the last must have ${chunkSize} bytes, like this upload's others.`);
    } else {
      const known = await readText(join(parts, CHUNK_SIZE));
      chunkSize = known !== null ? Number(known) : total === 1 ? 0 : null;
    }
    if (chunkSize !== null && (total - 1) * chunkSize + (last ? size : 0) > this.limitOf(input.folder)) return 'too large';

    let ticket: ChunkTicket;
    if ('placed' in input.data) {
      ticket = input.data.placed; // written while the request was read
    } else {
      if (!(await this.unmark(parts, index))) throw new UploadMoved();
      ticket = { key, index, writeId: randomBytes(8).toString('hex'), hashed: false };
      const source = Buffer.isBuffer(input.data) ? input.data : input.data.path;
      if (chunkSize === null) {
        // the last chunk before any other: kept aside until the chunk size says where it goes
        if (Buffer.isBuffer(source)) await writeFile(join(parts, PARKED), source);
        else await copyAt(source, join(parts, PARKED), 0);
      } else {
        const running = this.feed(key, index);
        ticket.hashed = running !== null;
        await copyAt(source, join(parts, DATA), index * chunkSize, running ? (piece) => running.hash.update(piece) : undefined);
      }
    }
    if (last && chunkSize !== null) await rm(join(parts, PARKED), { force: true }); // written in place since
    await this.mark(parts, ticket, size);

    const held = await this.heldIndexes(parts, total);
    const lastBytes = held.includes(total - 1) ? (last ? size : await this.heldBytes(parts, total - 1)) : 0;
    const bytes = (total - 1) * (chunkSize ?? 0) + lastBytes;
    if (bytes > this.limitOf(input.folder)) return 'too large';
    return { count: held.length, bytes };
  }

  /** Removes a chunk's marker before its bytes are written; false when the upload's folder is gone (assembling). */
  private async unmark(parts: string, index: number): Promise<boolean> {
    await unlink(join(parts, heldName(index))).catch((e: unknown) => {
      if (errno(e) !== 'ENOENT') throw e;
    });
    // the folder still there after the marker went: a request assembling from now on counts it missing
    return exists(join(parts, 'total'));
  }

  /** Marks a chunk held (after its last byte was written), and moves its running hash on. */
  private async mark(parts: string, ticket: ChunkTicket, size: number): Promise<void> {
    try {
      await writeAtomic(join(parts, heldName(ticket.index)), `${size} ${ticket.writeId}`);
    } catch (e) {
      if (errno(e) === 'ENOENT') throw new UploadMoved();
      throw e;
    }
    const running = this.running.get(ticket.key);
    if (ticket.hashed && running?.busy && running.next === ticket.index) {
      running.ids[ticket.index] = ticket.writeId;
      running.next = ticket.index + 1;
      running.busy = false;
    }
  }

  /**
   * The running hash that takes chunk `index` next, claimed for it; null when the chunks came out of
   * order (or another request is feeding it). Chunk 0 starts it afresh.
   */
  private feed(key: string, index: number): RunningHash | null {
    let running = this.running.get(key);
    if (index === 0) {
      if (this.running.size >= MAX_RUNNING && !running) this.running.delete(this.running.keys().next().value!);
      running = { hash: createHash('sha256'), next: 0, ids: [], busy: false };
      this.running.set(key, running);
    }
    if (!running) return null;
    if (running.busy || index < running.next) {
      this.running.delete(key); // two at once, one that never finished, or an earlier chunk written again
      return null;
    }
    if (index > running.next) return null;
    running.busy = true;
    return running;
  }

  private async heldIndexes(parts: string, total: number): Promise<number[]> {
    return (await readdir(parts))
      .map((n) => HELD.exec(n))
      .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) < total)
      .map((m) => Number(m[1]));
  }

  private async heldBytes(parts: string, index: number): Promise<number> {
    return Number((await readFile(join(parts, heldName(index)), 'utf8')).split(' ')[0]);
  }

  /** The chunk count is fixed by the first chunk; a later chunk saying otherwise is refused. */
  private async fixTotal(parts: string, total: number): Promise<void> {
    const stored = await fixOnce(join(parts, 'total'), String(total));
    if (Number(stored) !== total) throw new ChunkMismatch('totalChunks', `This upload has ${stored} chunks.`);
  }

  /** The checksum is fixed by the first chunk that gives one; a chunk giving another is refused. */
  private async fixChecksum(parts: string, sha256: string): Promise<void> {
    const stored = await fixOnce(join(parts, 'sha256'), sha256);
    if (stored !== sha256) throw new ChunkMismatch('sha256', 'This upload was announced with another SHA-256.');
  }

  /**
   * Finishes the file where it lies: the parked last chunk (if any) written at its offset, the file cut
   * to its length, its size, first bytes and SHA-256 checked, and the file renamed into storage. The
   * SHA-256 is the running one when every chunk was fed to it in order (and is still the write it saw),
   * else the file is read once (1 MB at a time).
   */
  private async assemble(assembling: string, marker: string, key: string, input: ChunkInput): Promise<ChunkOutcome> {
    const total = input.totalChunks;
    const data = join(assembling, DATA);
    const running = this.running.get(key);
    this.running.delete(key);
    let target: string | null = null;
    try {
      const held = await Promise.all(
        Array.from({ length: total }, async (_, i) => {
          const [bytes, id] = (await readFile(join(assembling, heldName(i)), 'utf8')).split(' ');
          return { bytes: Number(bytes), id };
        }),
      );
      const chunkSize = total === 1 ? 0 : Number(await readFile(join(assembling, CHUNK_SIZE), 'utf8'));
      const size = (total - 1) * chunkSize + held[total - 1]!.bytes;
      const expected = await readText(join(assembling, 'sha256'));
      const head = Buffer.alloc(Math.min(64, size));
      let digest: string | null = null;
      const fh = await open(data, constants.O_RDWR | constants.O_CREAT);
      try {
        if (await exists(join(assembling, PARKED))) await copyAt(join(assembling, PARKED), data, (total - 1) * chunkSize);
        await fh.truncate(size);
        await fh.read(head, 0, head.length, 0);
        if (expected !== null) {
          if (running && !running.busy && running.next === total && held.every((h, i) => h.id === running.ids[i])) {
            digest = running.hash.digest('hex');
          } else {
            digest = await hashOf(fh, size);
          }
        }
      } finally {
        await fh.close();
      }
      const limit = this.limitOf(input.folder);
      const reason: RejectReason | null = size > limit ? 'size' : !contentMatches(input.kind, head) ? 'format' : expected !== null && expected !== digest ? 'checksum' : null;
      if (reason) {
        await writeAtomic(marker, JSON.stringify({ status: 'rejected', reason } satisfies Marker));
        return { state: 'rejected', reason };
      }
      const relative = `${input.folder}/${randomBytes(16).toString('hex')}.${input.kind}`;
      await mkdir(join(this.storage.root, input.folder), { recursive: true });
      target = join(this.storage.root, relative);
      await rename(data, target).catch(async (e) => {
        if (errno(e) !== 'EXDEV') throw e;
        await copyFile(data, target!);
      });
      const file: UploadedMedia = { path: this.storage.url(relative)!, mimeType: MIME_TYPES[input.kind], size };
      await writeAtomic(marker, JSON.stringify({ status: 'done', file } satisfies Marker));
      return { state: 'done', file, fresh: true };
    } catch (e) {
      if (target) await unlink(target).catch(() => undefined);
      throw e;
    } finally {
      // the marker is written before the folder goes, so a waiting request always finds one or the other
      await rm(assembling, { recursive: true, force: true });
    }
  }

  private fromMarker(m: Marker): ChunkOutcome {
    return m.status === 'done' ? { state: 'done', file: m.file, fresh: false } : { state: 'rejected', reason: m.reason };
  }

  /** Another request holds the assembly: wait for its outcome (or answer "still waiting" after waitMs). */
  private async awaitOutcome(parts: string, total: number): Promise<ChunkOutcome> {
    const marker = `${parts}.done.json`;
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const m = await readMarker(marker);
      if (m) return this.fromMarker(m);
      if (Date.now() >= deadline || !(await exists(`${parts}.assembling`))) break;
      await sleep(50);
    }
    const m = await readMarker(marker);
    if (m) return this.fromMarker(m);
    const count = await this.heldIndexes(parts, total).then((h) => h.length, () => 0);
    return { state: 'waiting', received: count, total };
  }

  /**
   * Housekeeping: removes upload folders, abandoned assemblies and outcomes untouched for staleMs
   * (UPLOAD_STALE_HOURS, 24 h by default), and this node's running hashes of uploads no longer here;
   * then `sweepAlso` (the finished uploads no record took in that time).
   * Runs at most once a minute across every node sharing DATA_DIR (the stamp file's time says when
   * it last ran).
   */
  async sweepIfDue(now = Date.now()): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const stamp = join(this.dir, SWEEP_STAMP);
    const last = await stat(stamp).then((s) => s.mtimeMs, () => 0);
    if (now - last < SWEEP_EVERY_MS) return;
    await writeFile(stamp, '');
    await this.sweep(now);
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    // chunks a request was receiving when its node stopped
    const incoming = join(this.dir, '.incoming');
    for (const name of await readdir(incoming).catch(() => [] as string[])) {
      const info = await stat(join(incoming, name)).catch(() => null);
      if (info && now - info.mtimeMs >= this.staleMs) await rm(join(incoming, name), { force: true });
    }
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const full = join(this.dir, name);
      const info = await stat(full).catch(() => null);
      if (!info || now - info.mtimeMs < this.staleMs) continue;
      await rm(full, { recursive: true, force: true });
      removed++;
    }
    for (const key of [...this.running.keys()]) {
      if (!(await exists(join(this.dir, key)))) this.running.delete(key);
    }
    await this.sweepAlso?.(this.staleMs, now);
    return removed;
  }
}

/** The SHA-256 of a file's first `size` bytes, read 1 MB at a time into one buffer. */
async function hashOf(fh: FileHandle, size: number): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(IO_BYTES);
  for (let done = 0; done < size; ) {
    const { bytesRead } = await fh.read(buffer, 0, Math.min(buffer.length, size - done), done);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
  return hash.digest('hex');
}
