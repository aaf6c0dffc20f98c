import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, copyFile, mkdir, open, rename, stat, statfs, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Detects JPEG and PNG by their first bytes: the file name and the client's content type are not trusted. */
export function imageType(data: Buffer): 'jpg' | 'png' | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/** Stored paths of private files start with this; they live outside the public /storage folder. */
export const PRIVATE_PREFIX = 'private/';
/** How long a signed link to a private file works. */
export const SIGNED_URL_TTL_MS = 10 * 60_000;

/** What a signed file link carries: the file, until when, and the record it belongs to (for the audit log). */
export interface FileClaim {
  path: string;
  /** expiry, ms since epoch */
  exp: number;
  resource?: string;
  record?: number;
  /** the admin the link was made for: a placed record's file opens only while that admin may still read the record */
  admin?: number;
}

/** A byte range of a read, both ends included (as HTTP's Range header says them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file being read: its bytes (the whole file, or the range asked), and the whole file's size. */
export interface StoredRead {
  body: Readable;
  size: number;
}

/** What a driver takes as a file's bytes: a buffer, a stream, or a local file (`{ file }`) whose content is copied. */
export type StoredBytes = Buffer | Readable | { file: string };

/**
 * Where files live: the local disk (`STORAGE=local`, under DATA_DIR) or an S3-compatible bucket
 * (`STORAGE=s3`). Paths stored in rows are relative and the same for both (`folder/name.ext`, or
 * `private/folder/name.ext`); names are made by the server. Every write, read and removal of a stored
 * file goes through here, so nodes that share a bucket share their files.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Stores new bytes under a fresh name in `folder`; answers the stored path. */
  put(folder: string, ext: string, data: Buffer, opts?: { private?: boolean }): Promise<string>;
  /** Stores bytes at a path the caller made (an assembled upload, the demo seeds). */
  putAt(path: string, data: StoredBytes): Promise<void>;
  /** Moves a stored file to another stored path (an upload into the private area, when a clinical record takes it). */
  move(from: string, to: string): Promise<void>;
  /** Removes a stored file; a path that is not there (any longer) is no error. */
  remove(path: string | null): Promise<void>;
  /** The size of a stored file, or null when there is none at that path. */
  size(path: string): Promise<number | null>;
  /** Reads a stored file (or a range of it); null when there is none at that path. */
  read(path: string, range?: ByteRange): Promise<StoredRead | null>;
  /** The first `bytes` bytes of a stored file (fewer when it is shorter); null when there is none. */
  head(path: string, bytes: number): Promise<Buffer | null>;
  /** The public URL of a stored public file (private files have none: see signedUrl). */
  url(path: string | null): string | null;
  /** A link to a private file that works for SIGNED_URL_TTL_MS without the bearer header (an <img> cannot send one). */
  signedUrl(claim: Omit<FileClaim, 'exp'>, now?: number): string;
  verifySigned(token: string, now?: number): FileClaim | null;
  /** Resolves when the store answers and takes writes (the readiness route); throws when not. */
  ready(): Promise<void>;
}

/** Whether a stored path is one the server could have made: relative, no `..`, no empty segment. */
export function isStoredPath(path: string): boolean {
  return path.length > 0 && path.length <= 300 && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..') && !path.includes('\\');
}

export const freshName = (folder: string, ext: string, opts: { private?: boolean } = {}) =>
  `${opts.private ? PRIVATE_PREFIX : ''}${folder}/${randomBytes(16).toString('hex')}.${ext}`;

/** The signed links both drivers hand out: an HMAC of APP_KEY over the claim, checked by this server. */
export abstract class SignedLinks {
  constructor(private readonly key: Buffer) {}

  url(path: string | null): string | null {
    return path ? `/storage/${path}` : null;
  }

  signedUrl(claim: Omit<FileClaim, 'exp'>, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...claim, exp: now + SIGNED_URL_TTL_MS })).toString('base64url');
    return `/api/admin/files/${body}.${this.mac(body)}`;
  }

  verifySigned(token: string, now = Date.now()): FileClaim | null {
    const [body, sig] = token.split('.');
    if (!body || !sig) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FileClaim;
      return typeof claim.path === 'string' && claim.exp > now ? claim : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`file:${body}`).digest('base64url');
  }
}

const errno = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | null)?.code;

/**
 * Local disk storage. Public files live under DATA_DIR/storage and are served at /storage; private
 * files (clinical reports) under DATA_DIR/private, served only through short-lived signed links.
 * Several nodes need one shared DATA_DIR with this driver (use STORAGE=s3 otherwise).
 */
export class LocalStorage extends SignedLinks implements Storage {
  readonly driver = 'local' as const;
  readonly root: string;
  readonly privateRoot: string;
  constructor(dataDir: string, key: Buffer = Buffer.alloc(0)) {
    super(key);
    this.root = join(dataDir, 'storage');
    this.privateRoot = join(dataDir, 'private');
  }

  async put(folder: string, ext: string, data: Buffer, opts: { private?: boolean } = {}): Promise<string> {
    const relative = freshName(folder, ext, opts);
    await this.putAt(relative, data);
    return relative;
  }

  /** Both folders are there and writable, and their disk has room left. */
  async ready(): Promise<void> {
    for (const root of [this.root, this.privateRoot]) {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
      if ((await statfs(root)).bavail === 0) throw Object.assign(new Error('no space left on the disk'), { code: 'ENOSPC' });
    }
  }

  async putAt(path: string, data: StoredBytes): Promise<void> {
    const full = this.fullPath(path);
    if (!full) throw new Error(`not a stored path: ${path}`);
    await mkdir(dirname(full), { recursive: true });
    if (Buffer.isBuffer(data)) await writeFile(full, data);
    else if ('file' in data) {
      await rename(data.file, full).catch(async (e: unknown) => {
        if (errno(e) !== 'EXDEV') throw e;
        await copyFile(data.file, full);
        await unlink(data.file).catch(() => undefined);
      });
    } else await pipeline(data, createWriteStream(full));
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.fullPath(from);
    const target = this.fullPath(to);
    if (!source || !target) throw new Error(`not a stored path: ${source ? to : from}`);
    await mkdir(dirname(target), { recursive: true });
    await rename(source, target);
  }

  /** The file on disk for a stored path; null for a path that leaves its folder. */
  fullPath(path: string): string | null {
    const isPrivate = path.startsWith(PRIVATE_PREFIX);
    const root = isPrivate ? this.privateRoot : this.root;
    const full = normalize(join(root, isPrivate ? path.slice(PRIVATE_PREFIX.length) : path));
    return full.startsWith(root + sep) ? full : null;
  }

  async remove(path: string | null): Promise<void> {
    const full = path ? this.fullPath(path) : null;
    if (full) await unlink(full).catch(() => undefined);
  }

  async size(path: string): Promise<number | null> {
    const full = this.fullPath(path);
    const info = full ? await stat(full).catch(() => null) : null;
    return info?.isFile() ? info.size : null;
  }

  async read(path: string, range?: ByteRange): Promise<StoredRead | null> {
    const size = await this.size(path);
    if (size === null) return null;
    return { body: createReadStream(this.fullPath(path)!, range ? { start: range.start, end: range.end } : {}), size };
  }

  async head(path: string, bytes: number): Promise<Buffer | null> {
    const full = this.fullPath(path);
    if (!full) return null;
    const fh = await open(full, 'r').catch(() => null);
    if (!fh) return null;
    try {
      const head = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(head, 0, bytes, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }
}
