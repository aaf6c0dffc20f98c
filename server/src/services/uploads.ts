import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageType, type LocalStorage } from './storage';

/**
 * Resumable chunked uploads (POST /api/admin/media-file/upload-chunk), kept on disk only so that any
 * node sharing DATA_DIR can take any chunk:
 *
 *   DATA_DIR/uploads/<key>/<index>.part     the parts received so far (each written atomically)
 *   DATA_DIR/uploads/<key>/total            the upload's chunk count, fixed by its first chunk
 *   DATA_DIR/uploads/<key>/sha256           the whole file's SHA-256 when the client gave one (checked on assembly)
 *   DATA_DIR/uploads/<key>.assembling/      the parts folder, renamed by the one request that assembles
 *   DATA_DIR/uploads/<key>.done.json        the outcome, for late or repeated requests (kept 24 h)
 *
 * key = sha256(admin id, timestamp, folder, type): the same admin resuming the same upload finds its
 * parts; another admin never shares them. The rename to `.assembling` is the lock: exactly one request
 * wins it, the others wait for `.done.json`.
 *
 * A chunk sent again replaces the stored one (last write wins): a retry after a cut-off request sends
 * the same bytes, and a client that sends different bytes for an index means them. What guards the
 * whole file is the optional SHA-256, checked while the parts are streamed into place.
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
  /** the bytes, or a file holding them (moved into place, on the same disk) */
  data: Buffer | { path: string };
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
  constructor(readonly field: 'totalChunks' | 'sha256', message: string) {
    super(message);
  }
}

const errno = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | null)?.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PART = /^(\d+)\.part$/;

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

async function readMarker(path: string): Promise<Marker | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Marker;
  } catch (e) {
    if (errno(e) === 'ENOENT') return null;
    throw e;
  }
}

const exists = (path: string) => stat(path).then(() => true, () => false);

export interface ChunkedUploadsOptions {
  /** how long a request that lost the assembly race waits for the winner's outcome */
  waitMs?: number;
  /** largest file by default (UPLOAD_MAX_MB) */
  maxBytes?: number;
  /** largest file of particular folders (UPLOAD_LIMITS) */
  folderMaxBytes?: Record<string, number>;
  /** how long untouched parts and outcomes are kept (UPLOAD_STALE_HOURS) */
  staleMs?: number;
}

export class ChunkedUploads {
  readonly dir: string;
  private readonly waitMs: number;
  private readonly maxBytes: number;
  private readonly folderMaxBytes: Record<string, number>;
  private readonly staleMs: number;

  constructor(dataDir: string, private readonly storage: LocalStorage, opts: ChunkedUploadsOptions = {}) {
    this.dir = join(dataDir, 'uploads');
    this.waitMs = opts.waitMs ?? 30_000;
    this.maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
    this.folderMaxBytes = opts.folderMaxBytes ?? {};
    this.staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  }

  /** The largest file a folder takes. */
  limitOf(folder: string): number {
    return this.folderMaxBytes[folder] ?? this.maxBytes;
  }

  /** Which parts of an upload are here (for a client resuming it), or its outcome once assembled or refused. */
  async status(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind' | 'totalChunks'>): Promise<UploadStatus> {
    const parts = join(this.dir, this.keyOf(input));
    const finished = await readMarker(`${parts}.done.json`);
    if (finished) return finished.status === 'done' ? { state: 'done', file: finished.file } : { state: 'rejected', reason: finished.reason };
    if (await exists(`${parts}.assembling`)) {
      const outcome = await this.awaitOutcome(parts, input.totalChunks);
      if (outcome.state === 'done') return { state: 'done', file: outcome.file };
      if (outcome.state === 'rejected') return outcome;
    }
    const stored = await readFile(join(parts, 'total'), 'utf8').catch(() => null);
    if (stored !== null && Number(stored) !== input.totalChunks) throw new ChunkMismatch('totalChunks', `This upload has ${stored} chunks.`);
    const names = await readdir(parts).catch(() => [] as string[]);
    const received = names
      .map((n) => PART.exec(n))
      .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) < input.totalChunks)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    return { state: 'open', received, total: input.totalChunks };
  }

  keyOf(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind'>): string {
    return createHash('sha256').update([input.adminId, input.timestamp, input.folder, input.kind].join('\n')).digest('hex');
  }

  /** Stores one chunk; assembles and verifies the file when it was the last one missing. */
  async receive(input: ChunkInput): Promise<ChunkOutcome> {
    await mkdir(this.dir, { recursive: true });
    await this.sweepIfDue();
    const key = this.keyOf(input);
    const parts = join(this.dir, key);
    const assembling = `${parts}.assembling`;
    const marker = `${parts}.done.json`;

    const finished = await readMarker(marker);
    if (finished) return this.fromMarker(finished);
    if (await exists(assembling)) return this.awaitOutcome(parts, input.totalChunks);

    let count: number;
    try {
      await mkdir(parts, { recursive: true });
      await this.fixTotal(parts, input.totalChunks);
      if (input.sha256) await this.fixChecksum(parts, input.sha256.toLowerCase());
      const part = join(parts, `${input.index}.part`);
      if (Buffer.isBuffer(input.data)) await writeAtomic(part, input.data);
      else await rename(input.data.path, part); // atomic, no copy
      const present = await this.partsIn(parts, input.totalChunks);
      if (present.bytes > this.limitOf(input.folder)) {
        await writeAtomic(marker, JSON.stringify({ status: 'rejected', reason: 'size' } satisfies Marker));
        await rm(parts, { recursive: true, force: true });
        return { state: 'rejected', reason: 'size' };
      }
      count = present.count;
    } catch (e) {
      // the folder was renamed away under us: another request is assembling this upload
      if (errno(e) === 'ENOENT') return this.awaitOutcome(parts, input.totalChunks);
      throw e;
    }
    if (count < input.totalChunks) return { state: 'waiting', received: count, total: input.totalChunks };

    try {
      await rename(parts, assembling); // the lock: one request wins, whatever order the parts came in
    } catch (e) {
      if (['ENOENT', 'EEXIST', 'ENOTEMPTY', 'EPERM', 'EACCES'].includes(errno(e) ?? '')) return this.awaitOutcome(parts, input.totalChunks);
      throw e;
    }
    return this.assemble(assembling, marker, input);
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

  private async partsIn(parts: string, total: number): Promise<{ count: number; bytes: number }> {
    const names = (await readdir(parts)).filter((n) => {
      const m = PART.exec(n);
      return m !== null && Number(m[1]) < total;
    });
    const sizes = await Promise.all(names.map((n) => stat(join(parts, n)).then((s) => s.size)));
    return { count: names.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  /**
   * Streams the parts into one file in order (a part at a time, in 1 MB reads: nothing holds the whole
   * file, nor a whole part), hashing on the way; then checks size, type and checksum before the file
   * is moved into storage.
   */
  private async assemble(assembling: string, marker: string, input: ChunkInput): Promise<ChunkOutcome> {
    const out = join(assembling, 'assembled');
    let target: string | null = null;
    try {
      let size = 0;
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      let headBytes = 0;
      const fh = await open(out, 'w');
      try {
        for (let i = 0; i < input.totalChunks; i++) {
          for await (const piece of createReadStream(join(assembling, `${i}.part`), { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
            if (headBytes < 64) {
              head.push(piece.subarray(0, 64 - headBytes));
              headBytes += Math.min(64 - headBytes, piece.length);
            }
            hash.update(piece);
            size += piece.length;
            await fh.write(piece);
          }
        }
      } finally {
        await fh.close();
      }
      const expected = await readFile(join(assembling, 'sha256'), 'utf8').catch(() => null);
      const limit = this.limitOf(input.folder);
      const reason: RejectReason | null =
        size > limit ? 'size' : !contentMatches(input.kind, Buffer.concat(head)) ? 'format' : expected !== null && expected !== hash.digest('hex') ? 'checksum' : null;
      if (reason) {
        await writeAtomic(marker, JSON.stringify({ status: 'rejected', reason } satisfies Marker));
        return { state: 'rejected', reason };
      }
      const relative = `${input.folder}/${randomBytes(16).toString('hex')}.${input.kind}`;
      await mkdir(join(this.storage.root, input.folder), { recursive: true });
      target = join(this.storage.root, relative);
      await rename(out, target).catch(async (e) => {
        if (errno(e) !== 'EXDEV') throw e;
        await copyFile(out, target!);
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
    const present = await this.partsIn(parts, total).catch(() => ({ count: 0, bytes: 0 }));
    return { state: 'waiting', received: present.count, total };
  }

  /**
   * Housekeeping: removes part folders, abandoned assemblies and outcomes untouched for staleMs
   * (UPLOAD_STALE_HOURS, 24 h by default). Runs at most
   * once a minute across every node sharing DATA_DIR (the stamp file's time says when it last ran).
   */
  async sweepIfDue(now = Date.now()): Promise<void> {
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
    return removed;
  }
}
