import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { NETWORK_CODES, Unavailable } from './outages';
import { type ByteRange, freshName, isStoredPath, SignedLinks, type Storage, type StoredBytes, type StoredRead } from './storage';

/** Where the bucket is and how to reach it (S3_BUCKET, S3_PREFIX, AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). */
export interface S3Settings {
  bucket: string;
  /** every object's key starts with it (`console/`): one bucket may serve several things */
  prefix: string;
  /** an S3-compatible server (MinIO, Ceph, Garage...): addressed path-style; unset: AWS itself */
  endpoint: string | null;
  region: string;
  /** unset: the SDK's usual chain (environment, profile, instance role) */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4', mp3: 'audio/mpeg', pdf: 'application/pdf' };
const contentTypeOf = (path: string) => CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Bodies above this go up as a multipart upload (lib-storage), in parts of this size. */
const PART_BYTES = 8 * 1024 * 1024;

const status = (e: unknown): number | undefined => (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (e: unknown) => status(e) === 404 || ['NoSuchKey', 'NotFound'].includes((e as Error | null)?.name ?? '');

/** the SDK's errors of a bucket that cannot answer now (after its own retries) */
const BUSY_NAMES = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout', 'RequestTimeoutException', 'TimeoutError', 'ThrottlingException']);

/** A failure of the bucket's service (unreachable, 5xx, timed out) rather than of the request made to it. */
export function isBucketDown(e: unknown): boolean {
  const err = e as { name?: string; code?: string; errno?: string; message?: string } | null;
  if (!err || typeof err !== 'object') return false;
  if ((status(e) ?? 0) >= 500 || BUSY_NAMES.has(err.name ?? '')) return true;
  if (NETWORK_CODES.has(err.code ?? '') || NETWORK_CODES.has(err.errno ?? '')) return true;
  // the SDK wraps what is not an Error of its own realm (as under jest) and keeps only its text
  const wrapped = /^AWS SDK error wrapper for .*\b(E[A-Z]+)\b/.exec(err.message ?? '')?.[1];
  return wrapped !== undefined && NETWORK_CODES.has(wrapped);
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // checksums only where S3 requires them: many S3-compatible servers do not take the SDK's default
    // streaming checksums (aws-chunked bodies), every one takes a plain signed body
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket (`STORAGE=s3`): the object of a stored path is S3_PREFIX + path,
 * public and private files alike (the bucket itself stays private: public files are served by the
 * server at /storage, private ones through its signed links). Nodes sharing the bucket share their
 * files; nothing is written under DATA_DIR. The chunked upload keeps its chunks under
 * S3_PREFIX + `.chunks/` (see services/s3Uploads.ts).
 */
export class S3Storage extends SignedLinks implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(settings: S3Settings, key: Buffer = Buffer.alloc(0), client?: S3Client) {
    super(key);
    this.client = client ?? s3Client(settings);
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    // every call to the bucket (this driver's, the chunked uploads', lib-storage's) that fails for want
    // of the service, once the SDK's retries are spent, is told as such: a 503 to the request, not a 500
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (e) {
          throw isBucketDown(e) ? new Unavailable('storage', e) : e;
        }
      },
      { step: 'initialize', name: 'bucketUnavailable', override: true },
    );
  }

  /** The bucket answers (HEAD on it). */
  async ready(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** The object key of a stored path (or of an internal object, such as a chunk). */
  keyOf(path: string): string {
    return this.prefix + path;
  }

  async put(folder: string, ext: string, data: Buffer, opts: { private?: boolean } = {}): Promise<string> {
    const relative = freshName(folder, ext, opts);
    await this.putAt(relative, data);
    return relative;
  }

  async putAt(path: string, data: StoredBytes): Promise<void> {
    if (!isStoredPath(path)) throw new Error(`not a stored path: ${path}`);
    await this.putObject(path, data);
    if (!Buffer.isBuffer(data) && !(data instanceof Readable)) await unlink(data.file).catch(() => undefined);
  }

  /** Writes an object at `path` under the prefix: one PUT for a buffer, a multipart upload for a stream or file. */
  async putObject(path: string, data: StoredBytes): Promise<void> {
    const Key = this.keyOf(path);
    const ContentType = contentTypeOf(path);
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentType }));
      return;
    }
    const Body = data instanceof Readable ? data : createReadStream(data.file);
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key, Body, ContentType }, partSize: PART_BYTES, queueSize: 2 }).done();
  }

  async move(from: string, to: string): Promise<void> {
    if (!isStoredPath(from) || !isStoredPath(to)) throw new Error(`not a stored path: ${isStoredPath(from) ? to : from}`);
    const source = `${this.bucket}/${this.keyOf(from)}`.split('/').map(encodeURIComponent).join('/');
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: this.keyOf(to), CopySource: source, ContentType: contentTypeOf(to), MetadataDirective: 'REPLACE' }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(from) }));
  }

  async remove(path: string | null): Promise<void> {
    if (!path || !isStoredPath(path)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(path) })).catch((e: unknown) => {
      if (!isMissing(e)) throw e;
    });
  }

  async size(path: string): Promise<number | null> {
    if (!isStoredPath(path)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(path) }));
      return Number(head.ContentLength ?? 0);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async read(path: string, range?: ByteRange): Promise<StoredRead | null> {
    if (!isStoredPath(path)) return null;
    return this.readObject(path, range);
  }

  /** Reads an object under the prefix (a stored file or a chunk), or a range of it. */
  async readObject(path: string, range?: ByteRange): Promise<StoredRead | null> {
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(path), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      const total = /\/(\d+)$/.exec(got.ContentRange ?? '')?.[1];
      return { body: got.Body as Readable, size: total !== undefined ? Number(total) : Number(got.ContentLength ?? 0) };
    } catch (e) {
      if (isMissing(e) || status(e) === 416) return null;
      throw e;
    }
  }

  async head(path: string, bytes: number): Promise<Buffer | null> {
    if (!isStoredPath(path)) return null;
    const size = await this.size(path);
    if (size === null) return null;
    if (size === 0) return Buffer.alloc(0);
    const got = await this.readObject(path, { start: 0, end: Math.min(bytes, size) - 1 });
    if (!got) return null;
    const pieces: Buffer[] = [];
    for await (const piece of got.body) pieces.push(piece as Buffer);
    return Buffer.concat(pieces).subarray(0, bytes);
  }

  /** The keys (relative to the prefix) of every object whose key starts with prefix + `under`. */
  async *list(under = ''): AsyncGenerator<{ path: string; size: number; modified: Date | null }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyOf(under), ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { path: o.Key.slice(this.prefix.length), size: Number(o.Size ?? 0), modified: o.LastModified ?? null };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Removes every object under prefix + `under` (one DELETE each: every S3-compatible server takes it). */
  async removeAll(under: string): Promise<number> {
    const keys: string[] = [];
    for await (const o of this.list(under)) keys.push(o.path);
    for (const k of keys) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(k) })).catch((e: unknown) => {
        if (!isMissing(e)) throw e;
      });
    }
    return keys.length;
  }
}
