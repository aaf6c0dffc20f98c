import { createHash, randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageType, type LocalStorage } from './storage';

/**
 * Resumable chunked uploads (POST /api/admin/media-file/upload-chunk), kept on disk only so that any
 * node sharing DATA_DIR can take any chunk:
 *
 *   DATA_DIR/uploads/<key>/<index>.part     the parts received so far (each written atomically)
 *   DATA_DIR/uploads/<key>/total            the upload's chunk count, fixed by its first chunk
 *   DATA_DIR/uploads/<key>.assembling/      the parts folder, renamed by the one request that assembles
 *   DATA_DIR/uploads/<key>.done.json        the outcome, for late or repeated requests (kept 24 h)
 *
 * key = sha256(admin id, timestamp, folder, type): the same admin resuming the same upload finds its
 * parts; another admin never shares them. The rename to `.assembling` is the lock: exactly one request
 * wins it, the others wait for `.done.json`.
 */

export const MAX_CHUNK_BYTES = 10 * 1024 * 1024;
export const MAX_CHUNKS = 2000;
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** Folders an upload may land in (the first segment of its /storage path). */
export const UPLOAD_FOLDERS = ['hlc', 'health-literacy', 'promotional', 'media', 'reports', 'profile'] as const;

export const FORMAT_NOT_SUPPORTED = 'File format not supported.';
export const UNKNOWN_FOLDER = 'Unknown folder.';
export const TOO_LARGE = 'The file is too large: at most 1 GB.';

const STALE_MS = 24 * 60 * 60_000;
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
  data: Buffer;
}

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
  | { state: 'rejected'; reason: 'format' | 'size' };

type Marker = { status: 'done'; file: UploadedMedia } | { status: 'rejected'; reason: 'format' | 'size' };

/** Thrown when a chunk contradicts the upload it belongs to (a different chunk count). */
export class ChunkMismatch extends Error {}

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
}

export class ChunkedUploads {
  readonly dir: string;
  private readonly waitMs: number;

  constructor(dataDir: string, private readonly storage: LocalStorage, opts: ChunkedUploadsOptions = {}) {
    this.dir = join(dataDir, 'uploads');
    this.waitMs = opts.waitMs ?? 30_000;
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
      await writeAtomic(join(parts, `${input.index}.part`), input.data);
      const present = await this.partsIn(parts, input.totalChunks);
      if (present.bytes > MAX_FILE_BYTES) {
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
    const file = join(parts, 'total');
    let stored: string;
    try {
      stored = await readFile(file, 'utf8');
    } catch (e) {
      if (errno(e) !== 'ENOENT') throw e;
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, String(total));
      try {
        await link(tmp, file); // atomic create-if-absent
        return;
      } catch (err) {
        if (errno(err) !== 'EEXIST') throw err;
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
      stored = await readFile(file, 'utf8');
    }
    if (Number(stored) !== total) throw new ChunkMismatch(`This upload has ${stored} chunks.`);
  }

  private async partsIn(parts: string, total: number): Promise<{ count: number; bytes: number }> {
    const names = (await readdir(parts)).filter((n) => {
      const m = PART.exec(n);
      return m !== null && Number(m[1]) < total;
    });
    const sizes = await Promise.all(names.map((n) => stat(join(parts, n)).then((s) => s.size)));
    return { count: names.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  private async assemble(assembling: string, marker: string, input: ChunkInput): Promise<ChunkOutcome> {
    const out = join(assembling, 'assembled');
    let target: string | null = null;
    try {
      let size = 0;
      const fh = await open(out, 'w');
      try {
        for (let i = 0; i < input.totalChunks; i++) {
          const data = await readFile(join(assembling, `${i}.part`));
          size += data.length;
          await fh.write(data);
        }
      } finally {
        await fh.close();
      }
      const head = Buffer.alloc(64);
      const rh = await open(out, 'r');
      const { bytesRead } = await rh.read(head, 0, head.length, 0).finally(() => rh.close());
      if (size > MAX_FILE_BYTES || !contentMatches(input.kind, head.subarray(0, bytesRead))) {
        const reason = size > MAX_FILE_BYTES ? 'size' : 'format';
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
   * Housekeeping: removes part folders, abandoned assemblies and outcomes older than 24 h. Runs at most
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
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const full = join(this.dir, name);
      const info = await stat(full).catch(() => null);
      if (!info || now - info.mtimeMs < STALE_MS) continue;
      await rm(full, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}
