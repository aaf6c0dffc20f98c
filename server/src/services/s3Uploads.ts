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
  ChunkStoreBase,
  type Held,
  MIME_TYPES,
  type Outcome,
  SWEEP_EVERY_MS,
  type UploadedMedia,
  type UploadState,
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

/** An assembly that has not moved on for this long lost its node: the next chunk sent takes it over. */
const ASSEMBLY_STALE_MS = 2 * 60_000;
const HEAD_BYTES = 64;
const stamp = (at = Date.now()) => new Date(at).toISOString();
const CHUNKS = '.chunks/';
const chunkObject = (key: string, index: number, writeId: string) => `${CHUNKS}${key}/${index}.${writeId}`;

/**
 * The chunked upload over an S3-compatible bucket (STORAGE=s3): the protocol of every store
 * (`ChunkStoreBase`, services/uploads.ts), as the local one (services/diskUploads.ts), with nothing
 * on a node's disk, so a chunk sent to node A and the next to node B assemble. Each chunk is an object of its own (`.chunks/<key>/<index>.<write id>`, written
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
export class S3ChunkedUploads extends ChunkStoreBase {
  /** chunks a request receives are written here while its body is read (the machine's temp folder, not DATA_DIR) */
  readonly incomingDir = join(tmpdir(), 'health-console-incoming');
  protected readonly pollMs = 100;
  private lastSweep = 0;

  constructor(private readonly db: Db, private readonly storage: S3Storage, opts: ChunkedUploadsOptions = {}) {
    super(opts);
  }

  private row(key: string) {
    return this.db.selectFrom('chunk_uploads').select(['key', 'total', 'chunk_size', 'sha256', 'state', 'outcome']).where('key', '=', key).executeTakeFirst();
  }

  private parts(key: string, total: number) {
    return this.db.selectFrom('chunk_parts').select(['idx', 'bytes', 'write_id']).where('key', '=', key).where('idx', '<', total).orderBy('idx').execute();
  }

  protected async stateOf(key: string): Promise<UploadState> {
    const row = await this.row(key);
    if (row?.outcome) return JSON.parse(row.outcome) as Outcome;
    return row?.state === 'assembling' ? 'assembling' : 'open';
  }

  protected async received(key: string, total: number): Promise<number[]> {
    return (await this.parts(key, total)).map((p) => Number(p.idx));
  }

  protected async storedTotal(key: string): Promise<number | null> {
    const row = await this.row(key);
    return row ? Number(row.total) : null;
  }

  /** Chunks go to the bucket whole, never written in place while their request is read. */
  placement(): Promise<ChunkPlace | null> {
    return Promise.resolve(null);
  }

  protected placedFor(): boolean {
    return false;
  }

  /** The upload's row, its chunk count fixed by the first chunk (an insert that does nothing after). */
  protected async begin(key: string, total: number): Promise<number> {
    await this.db
      .insertInto('chunk_uploads')
      .values({ key, total, chunk_size: null, sha256: null, state: 'open', outcome: null, touched_at: stamp() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return Number((await this.row(key))!.total);
  }

  /** One conditional update: the first chunk that says it fixes it. */
  protected async fix(key: string, field: 'sha256' | 'chunkSize', value: string): Promise<string> {
    const column = field === 'sha256' ? 'sha256' : 'chunk_size';
    const stored = (await this.row(key))![column];
    if (stored !== null) return String(stored);
    const set = field === 'sha256' ? { sha256: value } : { chunk_size: Number(value) };
    await this.db.updateTable('chunk_uploads').set(set).where('key', '=', key).where(column, 'is', null).execute();
    return String((await this.row(key))![column]);
  }

  protected async knownChunkSize(key: string): Promise<number | null> {
    const size = (await this.row(key))!.chunk_size;
    return size === null ? null : Number(size);
  }

  /** Stores one chunk as its object, then its row. */
  protected async keep(key: string, input: ChunkInput, _chunkSize: number | null, size: number): Promise<Held> {
    const { index, totalChunks: total } = input;
    const data = Buffer.isBuffer(input.data) ? input.data : 'path' in input.data ? await readFile(input.data.path) : null;
    if (!data) throw new ChunkMismatch('chunk', 'Please send the chunk again.');
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
    return { count: parts.length, lastBytes: lastPart ? Number(lastPart.bytes) : 0 };
  }

  /** One conditional update from `open` to `assembling`. */
  protected async lock(key: string): Promise<boolean> {
    const taken = await this.db.updateTable('chunk_uploads').set({ state: 'assembling', touched_at: stamp() }).where('key', '=', key).where('state', '=', 'open').executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Its node stopped mid-way (the assembly touches the row with every chunk it streams): take it over. */
  protected async takeOver(key: string): Promise<boolean> {
    const takenOver = await this.db
      .updateTable('chunk_uploads')
      .set({ touched_at: stamp() })
      .where('key', '=', key)
      .where('state', '=', 'assembling')
      .where('touched_at', '<', stamp(Date.now() - ASSEMBLY_STALE_MS))
      .executeTakeFirst();
    return Number(takenOver.numUpdatedRows) === 1;
  }

  /**
   * Streams the chunks in order into the file's object, through the SHA-256; checks the file's size,
   * first bytes and checksum; records the outcome. A failure on the way gives the lock back (the next
   * chunk sent again assembles).
   */
  protected async assemble(key: string, input: ChunkInput): Promise<ChunkOutcome> {
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
      const early = this.verdict(input, size, head);
      if (early) return this.settle(key, { status: 'rejected', reason: early });

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
        return this.settle(key, { status: 'rejected', reason: 'checksum' });
      }
      const file: UploadedMedia = { path: this.storage.url(target)!, mimeType: MIME_TYPES[input.kind], size };
      const outcome = await this.settle(key, { status: 'done', file });
      return outcome.state === 'done' ? { ...outcome, fresh: true } : outcome;
    } catch (e) {
      if (target) await this.storage.remove(target).catch(() => undefined);
      await this.db.updateTable('chunk_uploads').set({ state: 'open' }).where('key', '=', key).where('state', '=', 'assembling').execute().catch(() => undefined);
      throw e;
    }
  }

  /** Records an upload's outcome (kept for late or repeated requests), then lets its chunks go. */
  protected async settle(key: string, outcome: Outcome): Promise<ChunkOutcome> {
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
