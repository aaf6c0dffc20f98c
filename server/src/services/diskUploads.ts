import { createHash, randomBytes, type Hash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocalStorage } from './storage';
import {
  type ChunkedUploadsOptions,
  type ChunkInput,
  type ChunkOutcome,
  type ChunkPlace,
  ChunkStoreBase,
  type ChunkTicket,
  type Held,
  MAX_CHUNK_BYTES,
  MIME_TYPES,
  type Outcome,
  SWEEP_EVERY_MS,
  type UploadedMedia,
  type UploadState,
  type UploadTarget,
  UploadMoved,
  uploadKey,
} from './uploads';

/**
 * Resumable chunked uploads (POST /api/admin/media-file/upload-chunk) with STORAGE=local, kept on disk
 * only so that any node sharing DATA_DIR can take any chunk (STORAGE=s3: services/s3Uploads.ts); the
 * protocol they share is `ChunkStoreBase` (services/uploads.ts), this is where the disk keeps things:
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
const HELD = /^(\d+)\.held$/;
const heldName = (index: number) => `${index}.held`;
const DATA = 'data';
const PARKED = 'last.part';
const CHUNK_SIZE = 'chunk-size';
/** Reads and writes of whole files go in pieces of this size (one buffer a request, reused). */
const IO_BYTES = 1024 * 1024;
/** The running hashes kept at most (uploads in progress at once on one node). */
const MAX_RUNNING = 256;
type Marker = Outcome;
const SWEEP_STAMP = '.last-sweep';

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

export class ChunkedUploads extends ChunkStoreBase {
  readonly dir: string;
  readonly incomingDir: string;
  protected readonly pollMs = 50;
  /** by upload key: the SHA-256 of the chunks received in order so far (this node only) */
  private readonly running = new Map<string, RunningHash>();

  constructor(dataDir: string, private readonly storage: LocalStorage, opts: ChunkedUploadsOptions = {}) {
    super(opts);
    this.dir = join(dataDir, 'uploads');
    this.incomingDir = join(this.dir, '.incoming');
  }

  keyOf(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind'>): string {
    return uploadKey(input);
  }

  /** The upload's folder of parts (renamed to `.assembling` by the request that assembles). */
  private partsOf(key: string): string {
    return join(this.dir, key);
  }

  protected async stateOf(key: string): Promise<UploadState> {
    const parts = this.partsOf(key);
    const finished = await readMarker(`${parts}.done.json`);
    if (finished) return finished;
    return (await exists(`${parts}.assembling`)) ? 'assembling' : 'open';
  }

  protected async received(key: string, total: number): Promise<number[]> {
    return (await this.heldIndexes(this.partsOf(key), total).catch(() => [])).sort((a, b) => a - b);
  }

  protected async storedTotal(key: string): Promise<number | null> {
    const stored = await readText(join(this.partsOf(key), 'total'));
    return stored === null ? null : Number(stored);
  }

  protected async begin(key: string, total: number): Promise<number> {
    const parts = this.partsOf(key);
    await mkdir(parts, { recursive: true });
    return Number(await fixOnce(join(parts, 'total'), String(total)));
  }

  protected fix(key: string, field: 'sha256' | 'chunkSize', value: string): Promise<string> {
    return fixOnce(join(this.partsOf(key), field === 'sha256' ? 'sha256' : CHUNK_SIZE), value);
  }

  protected async knownChunkSize(key: string): Promise<number | null> {
    const known = await readText(join(this.partsOf(key), CHUNK_SIZE));
    return known !== null ? Number(known) : null;
  }

  /** The folder renamed away (assembling) or removed (finished) under a chunk being kept. */
  protected moved(error: unknown): boolean {
    return super.moved(error) || errno(error) === 'ENOENT';
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

  /** Puts one chunk in place and marks it held. */
  protected async keep(key: string, input: ChunkInput, chunkSize: number | null, size: number): Promise<Held> {
    const { index, totalChunks: total } = input;
    const last = index === total - 1;
    const parts = this.partsOf(key);
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
    return { count: held.length, lastBytes };
  }

  /** The rename to `.assembling`: exactly one request wins it. */
  protected async lock(key: string): Promise<boolean> {
    const parts = this.partsOf(key);
    try {
      await rename(parts, `${parts}.assembling`);
      return true;
    } catch (e) {
      if (['ENOENT', 'EEXIST', 'ENOTEMPTY', 'EPERM', 'EACCES'].includes(errno(e) ?? '')) return false;
      throw e;
    }
  }

  /** Records the outcome, then the upload's folder goes (and its running hash). */
  protected async settle(key: string, outcome: Outcome): Promise<ChunkOutcome> {
    const parts = this.partsOf(key);
    await writeAtomic(`${parts}.done.json`, JSON.stringify(outcome satisfies Marker));
    await rm(parts, { recursive: true, force: true });
    this.running.delete(key);
    return outcome.status === 'done' ? { state: 'done', file: outcome.file, fresh: false } : { state: 'rejected', reason: outcome.reason };
  }

  protected async assemble(key: string, input: ChunkInput): Promise<ChunkOutcome> {
    const parts = this.partsOf(key);
    const assembling = `${parts}.assembling`;
    // a chunk whose marker went between the count and the lock is being written again: not yet
    const held = await this.heldIndexes(assembling, input.totalChunks);
    if (held.length < input.totalChunks) {
      await rename(assembling, parts).catch(() => undefined);
      return { state: 'waiting', received: held.length, total: input.totalChunks };
    }
    return this.finish(assembling, `${parts}.done.json`, key, input);
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

  /**
   * Finishes the file where it lies: the parked last chunk (if any) written at its offset, the file cut
   * to its length, its size, first bytes and SHA-256 checked, and the file renamed into storage. The
   * SHA-256 is the running one when every chunk was fed to it in order (and is still the write it saw),
   * else the file is read once (1 MB at a time).
   */
  private async finish(assembling: string, marker: string, key: string, input: ChunkInput): Promise<ChunkOutcome> {
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
      const reason = this.verdict(input, size, head, { expected, digest });
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
  }}

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
