import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { AppContext } from '../context';
import { audit } from '../services/audit';
import { PRIVATE_PREFIX } from '../services/storage';
import { contentMatches, type MediaKind, MIME_TYPES, UPLOAD_FOLDERS } from '../services/uploads';
import type { UploadLimits } from './bodyLimits';
import { districtsOfAdmin } from './auth';
import { HttpError, ValidationError } from './errors';
import { linkAdmin } from './exports';
import { isWithin } from './list';
import type { FileSpec, Presented, ResourceDef, Row } from './resource';

/**
 * File fields of declarations: what a body may carry (a multipart file, a data URL, or the /storage
 * path a chunked upload answered), checked by content; how the stored path is presented; and the
 * signed route that serves private files.
 */

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const HEAD_BYTES = 64;

/** How many files one field of several files takes in one body. */
export const MAX_FILES_PER_FIELD = 10;

/** The largest body a write of this declaration needs: its largest file, times the files it may carry. */
export function uploadLimits(def: ResourceDef): UploadLimits {
  const specs = Object.values(def.files ?? {}).filter((s): s is FileSpec => Boolean(s));
  return {
    fileBytes: Math.max(...specs.map((s) => s.maxBytes ?? DEFAULT_MAX_FILE_BYTES)),
    files: specs.reduce((n, s) => n + (s.multiple ? MAX_FILES_PER_FIELD : 1), 0),
  };
}

/** What each stored kind is shown as. */
export const FILE_TYPES: Record<MediaKind, 'image' | 'audio' | 'video' | 'pdf'> = { jpg: 'image', png: 'image', mp3: 'audio', mp4: 'video', pdf: 'pdf' };

/** A file of a body, checked and ready to store: new bytes, a chunked upload's file, or one the record keeps. */
type Accepted = { kind: MediaKind; data: Buffer } | { kind: MediaKind; uploaded: string } | { kind: MediaKind; kept: string };

/** The file fields' answer to a write: the column values, and the files it stored (to remove if the write fails). */
export interface StoredFiles {
  values: Row;
  /** files this write stored: removed again when the write fails */
  created: string[];
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/;

function kindOf(spec: FileSpec, head: Buffer): MediaKind | null {
  return spec.kinds.find((k) => contentMatches(k, head)) ?? null;
}

/** The stored relative path behind a /storage URL of a chunked upload (from one of the field's upload folders), if it is one. */
function uploadedPath(value: string, spec: FileSpec): string | null {
  const path = value.replace(/^\/?storage\//, '');
  const [folder, name, ...rest] = path.split('/');
  if (rest.length || !folder || !name || !(UPLOAD_FOLDERS as readonly string[]).includes(folder) || !/^[a-f0-9]{32}\.(jpg|png|mp4|mp3|pdf)$/.test(name)) return null;
  if (spec.uploads && !spec.uploads.includes(folder)) return null;
  return path;
}

async function readHead(full: string): Promise<Buffer> {
  const fh = await open(full, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** One value of a file field: its kind and bytes (or its uploaded or kept path), or null for the field's message. */
async function acceptOne(ctx: AppContext, spec: FileSpec, value: unknown, kept: readonly string[]): Promise<Accepted | null> {
  let data: Buffer | null = Buffer.isBuffer(value) ? value : null;
  if (typeof value === 'string') {
    // a file the record already has, named by the link it was presented with: kept as it is
    // (the signature proves the path; an edit form left open longer than the link lives still keeps its files)
    const claim = value.startsWith('/api/admin/files/') ? ctx.storage.verifySigned(value.slice('/api/admin/files/'.length), 0) : null;
    const stored = claim ? claim.path : value.replace(/^\/storage\//, '');
    if (kept.includes(stored)) return { kind: stored.slice(stored.lastIndexOf('.') + 1) as MediaKind, kept: stored };
    const m = DATA_URL.exec(value);
    if (m) data = Buffer.from(m[3]!, 'base64');
    else {
      // a chunked upload's file: its own limits applied while it went up; a declared maximum still holds
      const path = uploadedPath(value, spec);
      const full = path && ctx.storage.fullPath(path);
      const info = full ? await stat(full).catch(() => null) : null;
      if (!path || !full || !info?.isFile() || (spec.maxBytes !== undefined && info.size > spec.maxBytes)) return null;
      const kind = kindOf(spec, await readHead(full));
      return kind ? { kind, uploaded: path } : null;
    }
  }
  if (!data || data.length === 0 || data.length > (spec.maxBytes ?? DEFAULT_MAX_FILE_BYTES)) return null;
  const kind = kindOf(spec, data.subarray(0, HEAD_BYTES));
  return kind ? { kind, data } : null;
}

const storedList = (value: unknown): string[] => {
  if (typeof value !== 'string' || value === '') return [];
  if (!value.startsWith('[')) return [value];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Checks every file field of a body (422 with the field's message when the content is not one of its
 * kinds, or a required file is missing), then stores them. Runs before the write's transaction; the
 * caller removes `created` when the write fails, and the files they replaced (`replacedFiles`) once it
 * committed.
 */
export async function storeFiles(ctx: AppContext, def: Pick<ResourceDef, 'files'>, input: Row, existing: Row | null): Promise<StoredFiles> {
  const creating = existing === null;
  const out: StoredFiles = { values: {}, created: [] };
  const accepted: [string, FileSpec, Accepted[] | null][] = [];
  const errors: Record<string, string[]> = {};
  for (const [field, spec] of Object.entries(def.files ?? {})) {
    if (!spec) continue;
    const value = input[field];
    if (value === undefined && !creating) continue;
    const values = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
    if (!values.length) {
      if (spec.requiredMessage) errors[field] = [spec.requiredMessage];
      else accepted.push([field, spec, null]);
      continue;
    }
    if (values.length > (spec.multiple ? MAX_FILES_PER_FIELD : 1)) {
      errors[field] = [spec.message];
      continue;
    }
    const kept = existing ? storedList(existing[field]) : [];
    const files = await Promise.all(values.map((v) => acceptOne(ctx, spec, v, kept)));
    if (files.some((f) => f === null)) errors[field] = [spec.message];
    else accepted.push([field, spec, files as Accepted[]]);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  try {
    for (const [field, spec, files] of accepted) {
      const paths: string[] = [];
      for (const file of files ?? []) {
        if ('data' in file) {
          const path = await ctx.storage.put(spec.folder, file.kind, file.data, { private: spec.private });
          out.created.push(path);
          paths.push(path);
        } else if ('kept' in file) paths.push(file.kept);
        else paths.push(spec.private ? await ctx.storage.makePrivate(file.uploaded) : file.uploaded);
      }
      out.values[field] = spec.multiple ? (paths.length ? JSON.stringify(paths) : null) : (paths[0] ?? null);
    }
  } catch (err) {
    await Promise.all(out.created.map((p) => ctx.storage.remove(p)));
    throw err;
  }
  return out;
}

/** Every stored file of a row (to remove with it). */
export const filesOf = (def: ResourceDef, row: Row): string[] => Object.keys(def.files ?? {}).flatMap((field) => storedList(row[field]));

/** The stored files of `existing` that new values of its file fields replace. */
export const replacedFiles = (existing: Row, values: Row): string[] =>
  Object.keys(values).flatMap((field) => storedList(existing[field]).filter((p) => !storedList(values[field]).includes(p)));

/** A stored path as the API shows it: `{ path, type, mimeType }`; private files get a signed link, made for the admin reading it. */
function presentFile(ctx: AppContext, def: ResourceDef, spec: FileSpec, path: string, recordId: number, viewer: number | undefined) {
  const ext = path.slice(path.lastIndexOf('.') + 1) as MediaKind;
  const url = path.startsWith(PRIVATE_PREFIX) ? ctx.storage.signedUrl({ path, resource: def.name, record: recordId, ...(viewer !== undefined ? { admin: viewer } : {}) }) : ctx.storage.url(path);
  return { path: url, type: FILE_TYPES[ext] ?? 'file', mimeType: MIME_TYPES[ext] ?? 'application/octet-stream', private: Boolean(spec.private) };
}

export function presentFiles(ctx: AppContext, def: ResourceDef, rows: Presented[], viewer?: number): void {
  for (const [field, spec] of Object.entries(def.files ?? {})) {
    if (!spec) continue;
    for (const r of rows) {
      const paths = storedList(r[field]);
      r[field] = spec.multiple ? paths.map((p) => presentFile(ctx, def, spec, p, r.id, viewer)) : paths[0] ? presentFile(ctx, def, spec, paths[0], r.id, viewer) : null;
    }
  }
}

/** The schema of a file field: anything (the machinery checks the content); a required one names its message. */
export const fileSchema = (spec: FileSpec) =>
  Type.Unsafe<unknown>({ description: `${spec.kinds.join(', ')}${spec.multiple ? ' (several)' : ''}: multipart file, data URL, or a chunked upload's /storage path`, ...(spec.requiredMessage ? { 'x-message': spec.requiredMessage } : {}) });

/**
 * GET /api/admin/files/{token}: a private file behind a signed link, which works for ten minutes
 * without the bearer header (an <img> or a new tab cannot send one). Reads of clinical records' files
 * are audited. Served with nosniff, never cached by shared caches, and sandboxed unless a PDF (which
 * only the console's own pages may frame).
 */
export function registerFileRoutes(app: FastifyInstance, defs: ResourceDef[]): void {
  const ctx = app.ctx;
  const audited = new Set(defs.filter((d) => d.auditReads).map((d) => d.name as string));
  const placed = new Map(defs.filter((d) => d.district).map((d) => [d.name as string, d]));
  /**
   * A file of a placed record (a medical history's report) opens only for the admin the link was made
   * for, while that admin is active, may view the module and has the record in its districts: a link
   * copied out of a page, or one made before the admin's districts changed, answers 404 like the record.
   */
  const mayOpen = async (def: ResourceDef, adminId: number | undefined, recordId: number | undefined): Promise<boolean> => {
    if (adminId === undefined || recordId === undefined) return false;
    try {
      await linkAdmin(ctx, adminId, def.module);
    } catch {
      return false;
    }
    const districts = await districtsOfAdmin(ctx, adminId);
    return !districts || isWithin(ctx, ctx.db, def, recordId, districts);
  };
  app.get(
    '/api/admin/files/:token',
    { config: { access: { auth: false } }, schema: { tags: ['files'], params: Type.Object({ token: Type.String({ maxLength: 2000 }) }), security: [] } },
    async (request, reply) => {
      const claim = ctx.storage.verifySigned((request.params as { token: string }).token);
      if (!claim) throw new HttpError(410, 'This file link has expired or is not valid. Open the record again.');
      const owner = claim.resource ? placed.get(claim.resource) : undefined;
      if (owner && !(await mayOpen(owner, claim.admin, claim.record))) throw new HttpError(404, 'Not found.');
      const full = ctx.storage.fullPath(claim.path);
      const info = full ? await stat(full).catch(() => null) : null;
      if (!full || !info?.isFile()) throw new HttpError(404, 'Not found.');
      if (claim.resource && audited.has(claim.resource)) {
        await audit(ctx.db, { actorId: claim.admin ?? null, action: 'file_read', resource: claim.resource, recordId: claim.record ?? null, changes: { path: claim.path }, ip: request.ip, requestId: request.id });
      }
      const ext = claim.path.slice(claim.path.lastIndexOf('.') + 1) as MediaKind;
      reply.header('content-type', MIME_TYPES[ext] ?? 'application/octet-stream');
      reply.header('content-length', info.size);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `inline; filename="${claim.path.split('/').pop()}"`);
      if (ext !== 'pdf') reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'");
      else {
        // a browser's PDF viewer works neither in a sandbox nor fully under default-src 'none' (Chromium's
        // loses its toolbar); the console's own pages may frame it (a content item's page), no other site
        reply.header('content-security-policy', "frame-ancestors 'self'");
        reply.header('x-frame-options', 'SAMEORIGIN');
      }
      return reply.send(createReadStream(full));
    },
  );
}
