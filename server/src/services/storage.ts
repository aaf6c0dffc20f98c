import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';

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

/**
 * Local disk storage. Public files live under DATA_DIR/storage and are served at /storage; private
 * files (clinical reports) under DATA_DIR/private, served only through short-lived signed links.
 * Paths stored in rows are relative (`folder/name.ext`, or `private/folder/name.ext`); names are made
 * by the server.
 */
export class LocalStorage {
  readonly root: string;
  readonly privateRoot: string;
  constructor(dataDir: string, private readonly key: Buffer = Buffer.alloc(0)) {
    this.root = join(dataDir, 'storage');
    this.privateRoot = join(dataDir, 'private');
  }

  async put(folder: string, ext: string, data: Buffer, opts: { private?: boolean } = {}): Promise<string> {
    const relative = `${opts.private ? PRIVATE_PREFIX : ''}${folder}/${randomBytes(16).toString('hex')}.${ext}`;
    const full = this.fullPath(relative)!;
    await mkdir(join(full, '..'), { recursive: true });
    await writeFile(full, data);
    return relative;
  }

  /** Moves a stored file to another stored path (an upload into the private area, when a clinical record takes it). */
  async move(from: string, to: string): Promise<void> {
    const source = this.fullPath(from);
    const target = this.fullPath(to);
    if (!source || !target) throw new Error(`not a stored path: ${source ? to : from}`);
    await mkdir(join(target, '..'), { recursive: true });
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

  /** The public URL of a stored public file (private files have none: see signedUrl). */
  url(path: string | null): string | null {
    return path ? `/storage/${path}` : null;
  }

  /** A link to a private file that works for SIGNED_URL_TTL_MS without the bearer header (an <img> cannot send one). */
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
