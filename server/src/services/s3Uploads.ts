import type { Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../db/schema';
import type { S3Storage } from './s3Storage';
import {
  ChunkMismatch,
  type ChunkedUploadsOptions,
  type ChunkInput,
  type ChunkOutcome,
  type ChunkPlace,
  type ChunkStore,
  contentMatches,
  MAX_FILE_BYTES,
  MIME_TYPES,
  type RejectReason,
  type UploadedMedia,
  type UploadStatus,
  uploadKey,
} from './uploads';

declare module '../db/schema' {
  interface Database {
    /** a chunked upload kept in the bucket (STORAGE=s3): its layout, state and outcome */
    chunk_uploads: { key: string; total: number; chunk_size: number | null; sha256: string | null; state: 'open' | 'assembling' | 'done' | 'rejected'; outcome: string | null; touched_at: string };
    /** a chunk of one, stored as the object `.chunks/<key>/<idx>.<write_id>` */
    chunk_parts: { key: string; idx: number; bytes: number; write_id: string };
  }
}

type Db = Kysely<Database>;
type Outcome = { status: 'done'; file: UploadedMedia } | { status: 'rejected'; reason: RejectReason };

const DEFAULT_STALE_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60_000;
/** An assembly that has not moved on for this long lost its node: the next chunk sent takes it over. */
const ASSEMBLY_STALE_MS = 2 * 60_000;
const HEAD_BYTES = 64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stamp = (at = Date.now()) => new Date(at).toISOString();
const CHUNKS = '.chunks/';
const chunkObject = (key: string, index: number, writeId: string) => `${CHUNKS}${key}/${index}.${writeId}`;

/**
 * The chunked upload over an S3-compatible bucket (STORAGE=s3): the same answers as the local one
 * (services/uploads.ts), with nothing on a node's disk, so a chunk sent to node A and the next to
 * node B assemble. Each chunk is an object of its own (`.chunks/<key>/<index>.<write id>`, written
 * whole before its row says it is held); the upload's layout, state and outcome are rows of
 * chunk_uploads and chunk_parts (migration 0030).
 *
 * The chunk count, chunk size and SHA-256 are each fixed by the first chunk that says them (one
 * conditional update). When the last chunk is held, one conditional update from `open` to
 * `assembling` is the lock: exactly one request assembles, the others wait for its outcome. It streams
 * the chunks in order (one at a time, through the SHA-256) into the file's object (a multipart upload
 * of the bucket), checks size, first bytes and checksum, records the outcome and removes the chunks.
 * A chunk sent again while it assembles is a new object under a new write id: the assembly reads the
 * ones it listed when it took the lock, which stay whole. The assembly touches its row with every
 * chunk it streams; one untouched for ASSEMBLY_STALE_MS lost its node, and the next chunk sent takes
 * it over.
 */
export class S3ChunkedUploads implements ChunkStore {
  /** chunks a request receives are written here while its body is read (the machine's temp folder, not DATA_DIR) */
  readonly incomingDir = join(tmpdir(), 'health-console-incoming');
  private readonly waitMs: number;
  private readonly maxBytes: number;
  private readonly folderMaxBytes: Record<string, number>;
  private readonly staleMs: number;
  private readonly sweepAlso: ChunkedUploadsOptions['sweepAlso'];
  private lastSweep = 0;

  constructor(private readonly db: Db, private readonly storage: S3Storage, opts: ChunkedUploadsOptions = {}) {
    this.waitMs = opts.waitMs ?? 30_000;
    this.maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
    this.folderMaxBytes = opts.folderMaxBytes ?? {};
    this.staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
    this.sweepAlso = opts.sweepAlso;
  }

  limitOf(folder: string): number {
    return this.folderMaxBytes[folder] ?? this.maxBytes;
  }

  private row(key: string) {
    return this.db.selectFrom('chunk_uploads').select(['key', 'total', 'chunk_size', 'sha256', 'state', 'outcome']).where('key', '=', key).executeTakeFirst();
  }

  private parts(key: string, total: number) {
    return this.db.selectFrom('chunk_parts').select(['idx', 'bytes', 'write_id']).where('key', '=', key).where('idx', '<', total).orderBy('idx').execute();
  }

  async status(input: Pick<ChunkInput, 'adminId' | 'timestamp' | 'folder' | 'kind' | 'totalChunks'>): Promise<UploadStatus> {
    const key = uploadKey(input);
    let row = await this.row(key);
    if (row?.state === 'assembling') {
      await this.awaitOutcome(key, input.totalChunks);
      row = await this.row(key);
    }
    if (!row) return { state: 'open', received: [], total: input.totalChunks };
    if (row.outcome) {
      const o = JSON.parse(row.outcome) as Outcome;
      return o.status === 'done' ? { state: 'done', file: o.file } : { state: 'rejected', reason: o.reason };
    }
    if (Number(row.total) !== input.totalChunks) throw new ChunkMismatch('totalChunks', `This upload has ${row.total} chunks.`);
    const received = (await this.parts(key, input.totalChunks)).map((p) => Number(p.idx));
    return { state: 'open', received, total: input.totalChunks };
  }

  /** Chunks go to the bucket whole, never written in place while their request is read. */
  placement(): Promise<ChunkPlace | null> {
    return Promise.resolve(null);
  }

  async receive(input: ChunkInput): Promise<ChunkOutcome> {
    await this.sweepIfDue();
    const key = uploadKey(input);
    if ('placed' in input.data) throw new ChunkMismatch('chunk', 'Please send the chunk again, its fields before the file.');
    for (let attempt = 0; ; attempt++) {
      const row = await this.row(key);
      if (row?.outcome) return this.fromOutcome(row.outcome);
      if (row?.state === 'assembling') {
        // its node stopped mid-way (the assembly touches the row with every chunk it streams): take it over
        const takenOver = await this.db
          .updateTable('chunk_uploads')
          .set({ touched_at: stamp() })
          .where('key', '=', key)
          .where('state', '=', 'assembling')
          .where('touched_at', '<', stamp(Date.now() - ASSEMBLY_STALE_MS))
          .executeTakeFirst();
        if (Number(takenOver.numUpdatedRows) === 1) return this.assemble(key, input);
        const outcome = await this.awaitOutcome(key, input.totalChunks);
        if (outcome.state !== 'waiting' || attempt >= 3) return outcome;
        continue;
      }
      const stored = await this.store(key, input);
      if (stored === 'too large') return this.finish(key, { status: 'rejected', reason: 'size' });
      if (stored.count < input.totalChunks) return { state: 'waiting', received: stored.count, total: input.totalChunks };
      // the lock: one request wins, whatever order the chunks came in
      const taken = await this.db.updateTable('chunk_uploads').set({ state: 'assembling', touched_at: stamp() }).where('key', '=', key).where('state', '=', 'open').executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return this.awaitOutcome(key, input.totalChunks);
      return this.assemble(key, input);
    }
  }

  /** Stores one chunk as its object, then its row; answers how many are held and the file's least size. */
  private async store(key: string, input: ChunkInput): Promise<{ count: number; bytes: number } | 'too large'> {
    const { index, totalChunks: total } = input;
    const last = index === total - 1;
    const data = Buffer.isBuffer(input.data) ? input.data : 'path' in input.data ? await readFile(input.data.path) : null;
    if (!data) throw new ChunkMismatch('chunk', 'Please send the chunk again.');
    const size = data.length;
    await this.db
      .insertInto('chunk_uploads')
      .values({ key, total, chunk_size: null, sha256: null, state: 'open', outcome: null, touched_at: stamp() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    let row = (await this.row(key))!;
    if (Number(row.total) !== total) throw new ChunkMismatch('totalChunks', `This upload has ${row.total} chunks.`);
    if (input.sha256) {
      const sha = input.sha256.toLowerCase();
      if (row.sha256 === null) {
        await this.db.updateTable('chunk_uploads').set({ sha256: sha }).where('key', '=', key).where('sha256', 'is', null).execute();
        row = (await this.row(key))!;
      }
      if (row.sha256 !== sha) throw new ChunkMismatch('sha256', 'This upload was announced with another SHA-256.');
    }
    let chunkSize: number | null = row.chunk_size === null ? null : Number(row.chunk_size);
    if (!last) {
      if (chunkSize === null) {
        await this.db.updateTable('chunk_uploads').set({ chunk_size: size }).where('key', '=', key).where('chunk_size', 'is', null).execute();
        row = (await this.row(key))!;
        chunkSize = Number(row.chunk_size);
      }
      if (chunkSize !== size) throw new ChunkMismatch('chunk', `Every chunk but the last must have ${chunkSize} bytes, like this upload's others.`);
    } else if (chunkSize === null && total === 1) chunkSize = 0;
    const limit = this.limitOf(input.folder);
    if (chunkSize !== null && (total - 1) * chunkSize + (last ? size : 0) > limit) return 'too large';

    const writeId = randomBytes(8).toString('hex');
    await this.storage.putObject(chunkObject(key, index, writeId), data);
    await this.db
      .insertInto('chunk_parts')
      .values({ key, idx: index, bytes: size, write_id: writeId })
      .onConflict((oc) => oc.columns(['key', 'idx']).doUpdateSet({ bytes: size, write_id: writeId }))
      .execute();
    await this.db.updateTable('chunk_uploads').set({ touched_at: stamp() }).where('key', '=', key).execute();

    const parts = await this.parts(key, total);
    const lastPart = parts.find((p) => Number(p.idx) === total - 1);
    const bytes = (total - 1) * (chunkSize ?? 0) + (lastPart ? Number(lastPart.bytes) : 0);
    if (bytes > limit) return 'too large';
    return { count: parts.length, bytes };
  }

  /**
   * Streams the chunks in order into the file's object, through the SHA-256; checks the file's size,
   * first bytes and checksum; records the outcome. A failure on the way gives the lock back (the next
   * chunk sent again assembles).
   */
  private async assemble(key: string, input: ChunkInput): Promise<ChunkOutcome> {
    const total = input.totalChunks;
    let target: string | null = null;
    try {
      const row = (await this.row(key))!;
      const parts = await this.parts(key, total);
      if (parts.length < total) {
        await this.db.updateTable('chunk_uploads').set({ state: 'open' }).where('key', '=', key).where('state', '=', 'assembling').execute();
        return { state: 'waiting', received: parts.length, total };
      }
      const chunkSize = total === 1 ? 0 : Number(row.chunk_size);
      const size = (total - 1) * chunkSize + Number(parts[total - 1]!.bytes);
      const first = await this.storage.readObject(chunkObject(key, 0, parts[0]!.write_id), { start: 0, end: Math.max(0, Math.min(HEAD_BYTES, Number(parts[0]!.bytes)) - 1) });
      const head = first ? await collect(first.body) : Buffer.alloc(0);
      const early: RejectReason | null = size > this.limitOf(input.folder) ? 'size' : !contentMatches(input.kind, head) ? 'format' : null;
      if (early) return this.finish(key, { status: 'rejected', reason: early });

      const hash = createHash('sha256');
      const storage = this.storage;
      const db = this.db;
      async function* chunks() {
        for (const p of parts) {
          // still at work: nobody takes the assembly over
          await db.updateTable('chunk_uploads').set({ touched_at: stamp() }).where('key', '=', key).where('state', '=', 'assembling').execute();
          const got = await storage.readObject(chunkObject(key, Number(p.idx), p.write_id));
          if (!got) throw new Error(`chunk ${p.idx} of upload ${key} is missing from the bucket`);
          for await (const piece of got.body) {
            hash.update(piece as Buffer);
            yield piece as Buffer;
          }
        }
      }
      target = `${input.folder}/${randomBytes(16).toString('hex')}.${input.kind}`;
      await this.storage.putObject(target, Readable.from(chunks()));
      const digest = hash.digest('hex');
      if (row.sha256 !== null && row.sha256 !== digest) {
        await this.storage.remove(target);
        target = null;
        return this.finish(key, { status: 'rejected', reason: 'checksum' });
      }
      const file: UploadedMedia = { path: this.storage.url(target)!, mimeType: MIME_TYPES[input.kind], size };
      const outcome = await this.finish(key, { status: 'done', file });
      return outcome.state === 'done' ? { ...outcome, fresh: true } : outcome;
    } catch (e) {
      if (target) await this.storage.remove(target).catch(() => undefined);
      await this.db.updateTable('chunk_uploads').set({ state: 'open' }).where('key', '=', key).where('state', '=', 'assembling').execute().catch(() => undefined);
      throw e;
    }
  }

  /** Records an upload's outcome (kept for late or repeated requests), then lets its chunks go. */
  private async finish(key: string, outcome: Outcome): Promise<ChunkOutcome> {
    await this.db
      .updateTable('chunk_uploads')
      .set({ state: outcome.status, outcome: JSON.stringify(outcome), touched_at: stamp() })
      .where('key', '=', key)
      .execute();
    await this.db.deleteFrom('chunk_parts').where('key', '=', key).execute();
    // the outcome stands even if the bucket goes away now: chunks left behind are swept once stale
    // (never the file: a failure here must not send `assemble` to remove the file the outcome names)
    await this.storage.removeAll(`${CHUNKS}${key}/`).catch(() => undefined);
    return outcome.status === 'done' ? { state: 'done', file: outcome.file, fresh: false } : { state: 'rejected', reason: outcome.reason };
  }

  private fromOutcome(text: string): ChunkOutcome {
    const o = JSON.parse(text) as Outcome;
    return o.status === 'done' ? { state: 'done', file: o.file, fresh: false } : { state: 'rejected', reason: o.reason };
  }

  /** Another request holds the assembly: wait for its outcome (or answer "still waiting" after waitMs). */
  private async awaitOutcome(key: string, total: number): Promise<ChunkOutcome> {
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const row = await this.row(key);
      if (row?.outcome) return this.fromOutcome(row.outcome);
      if (!row || row.state !== 'assembling' || Date.now() >= deadline) break;
      await sleep(100);
    }
    const count = (await this.parts(key, total)).length;
    return { state: 'waiting', received: count, total };
  }

  /** Housekeeping at most once a minute on each node (the database and bucket are shared: any node's sweep serves all). */
  async sweepIfDue(now = Date.now()): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.sweep(now);
  }

  /**
   * Removes uploads untouched for staleMs (UPLOAD_STALE_HOURS) with their chunks, and chunk objects
   * no upload row names any longer (a chunk that arrived after its upload finished); then `sweepAlso`.
   */
  async sweep(now = Date.now()): Promise<number> {
    const before = stamp(now - this.staleMs);
    const stale = await this.db.selectFrom('chunk_uploads').select('key').where('touched_at', '<', before).limit(500).execute();
    let removed = 0;
    for (const { key } of stale) {
      const gone = await this.db.deleteFrom('chunk_uploads').where('key', '=', key).where('touched_at', '<', before).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) continue;
      await this.db.deleteFrom('chunk_parts').where('key', '=', key).execute();
      await this.storage.removeAll(`${CHUNKS}${key}/`);
      removed++;
    }
    const orphans: string[] = [];
    for await (const o of this.storage.list(CHUNKS)) {
      if (o.modified && now - o.modified.getTime() >= this.staleMs) orphans.push(o.path);
    }
    for (const path of orphans) {
      const key = path.slice(CHUNKS.length).split('/')[0]!;
      const live = await this.db.selectFrom('chunk_uploads').select('key').where('key', '=', key).where('state', 'in', ['open', 'assembling']).executeTakeFirst();
      if (!live) await this.storage.removeAll(path);
    }
    await this.sweepAlso?.(this.staleMs, now);
    return removed;
  }
}

async function collect(body: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of body) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}
