import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionName } from '../../../contract/permissions';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { audit } from '../services/audit';
import { PRIVATE_PREFIX } from '../services/storage';
import { sendStored } from './storedFiles';
import { claimUpload, fileRow, holdNew, type Holder, refusalOf, release, renameFile, FILE_MESSAGES } from '../services/storedFiles';
import { contentMatches, type MediaKind, MIME_TYPES, UPLOAD_FOLDERS } from '../services/uploads';
import type { UploadLimits } from './bodyLimits';
import { districtsOfAdmin } from './auth';
import { HttpError, ValidationError } from './errors';
import { linkAdmin } from './exports';
import { signedLinkAnswers } from './responses';
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

/** The upload folder any file field takes chunked uploads from, unless it names its own (FileSpec.uploads). */
export const GENERAL_UPLOAD_FOLDER = 'media';

/** The upload folders a file field takes a chunked upload's path from: its own list, else its folder (when uploads go there) and media. */
export function uploadFoldersOf(spec: FileSpec): readonly string[] {
  if (spec.uploads) return spec.uploads;
  return (UPLOAD_FOLDERS as readonly string[]).includes(spec.folder) && spec.folder !== GENERAL_UPLOAD_FOLDER ? [spec.folder, GENERAL_UPLOAD_FOLDER] : [GENERAL_UPLOAD_FOLDER];
}

/** Forms that take files outside the declarations (the landing site's): their file fields and the permissions that write them. */
export interface FileForm {
  specs: readonly FileSpec[];
  permissions: readonly string[];
}

/**
 * Who may upload into each folder: the create and edit permissions of every module whose file fields
 * take uploads from it, and those of the other forms that do (the landing site: the setting
 * permissions). A folder no form takes from has nobody.
 */
export function uploadPermissions(defs: readonly ResourceDef[], forms: readonly FileForm[] = []): Map<string, string[]> {
  const byFolder = new Map<string, Set<string>>(UPLOAD_FOLDERS.map((f) => [f, new Set<string>()]));
  const add = (specs: readonly FileSpec[], permissions: readonly string[]) => {
    for (const spec of specs) for (const folder of uploadFoldersOf(spec)) for (const p of permissions) byFolder.get(folder)?.add(p);
  };
  for (const def of defs) add(Object.values(def.files ?? {}).filter((s): s is FileSpec => Boolean(s)), [permissionName('create', def.module), permissionName('edit', def.module)]);
  for (const form of forms) add(form.specs, form.permissions);
  return new Map([...byFolder].map(([folder, permissions]) => [folder, [...permissions].sort()]));
}

/** A file of a body, checked and ready to store: new bytes, a chunked upload's file, or one the record keeps. */
type Accepted = { kind: MediaKind; data: Buffer } | { kind: MediaKind; uploaded: string } | { kind: MediaKind; kept: string };

/** One stored path of a field, and where it came from. */
type Placed = { path: string; size: number } | { path: string; upload: string } | { path: string; kept: true };

/** The file fields' answer to a write: the column values, and what it did to storage (undone by `discardFiles` when the write fails). */
export interface StoredFiles {
  values: Row;
  /** files this write stored: removed again when the write fails */
  created: string[];
  /** each field's paths by origin, for `holdFiles` in the write's transaction */
  fields: Record<string, Placed[]>;
  /** uploads moved into the private area by `holdFiles` ([from, to]): moved back when the write fails */
  moved: [string, string][];
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/;

function kindOf(spec: FileSpec, head: Buffer): MediaKind | null {
  return spec.kinds.find((k) => contentMatches(k, head)) ?? null;
}

/** The stored relative path behind a /storage URL of a chunked upload (from one of the field's upload folders), if it is one. */
function uploadedPath(path: string, spec: FileSpec): string | null {
  const [folder, name, ...rest] = path.split('/');
  if (rest.length || !folder || !name || !(UPLOAD_FOLDERS as readonly string[]).includes(folder) || !/^[a-f0-9]{32}\.(jpg|png|mp4|mp3|pdf)$/.test(name)) return null;
  if (!uploadFoldersOf(spec).includes(folder)) return null;
  return path;
}

/** A stored path named in a body: at most this long (ours are about 60 characters). */
const MAX_PATH_LENGTH = 300;

/**
 * One value of a file field: its kind and bytes (or its uploaded or kept path), or the message that
 * refuses it. A path names either a file the record already holds in this field (kept), or a chunked
 * upload of the writing admin that no record holds yet; a file of another record, another admin's
 * upload or one no longer kept are refused with a message saying so.
 */
async function acceptOne(ctx: AppContext, spec: FileSpec, sent: unknown, kept: readonly string[], adminId: number): Promise<Accepted | string> {
  // a file as the record reads it (`{ path, type, mimeType }`, sent back whole): its path
  const value = sent && typeof sent === 'object' && !Buffer.isBuffer(sent) && typeof (sent as Row).path === 'string' ? (sent as Row).path : sent;
  let data: Buffer | null = Buffer.isBuffer(value) ? value : null;
  if (typeof value === 'string') {
    // a file the record already has, named by the link it was presented with: kept as it is
    // (the signature proves the path; an edit form left open longer than the link lives still keeps its files)
    const claim = value.startsWith('/api/admin/files/') ? ctx.storage.verifySigned(value.slice('/api/admin/files/'.length), 0) : null;
    const stored = claim ? claim.path : value.replace(/^\/?storage\//, '');
    if (kept.includes(stored)) return { kind: stored.slice(stored.lastIndexOf('.') + 1) as MediaKind, kept: stored };
    const m = DATA_URL.exec(value);
    if (m) data = Buffer.from(m[3]!, 'base64');
    else {
      // a stored file: only a fresh upload of this admin's, which no record holds yet
      const row = stored.length <= MAX_PATH_LENGTH ? await fileRow(ctx.db, stored) : undefined;
      if (row) {
        const refused = refusalOf(row, adminId);
        if (refused) return refused;
      }
      // a chunked upload's file (from a folder of this field's): its own limits applied while it went up;
      // a declared maximum still holds
      const path = claim ? null : uploadedPath(stored, spec);
      if (!path) return spec.message;
      // an upload the server does not keep (any longer): swept, or made before uploads were kept track of
      if (!row) return FILE_MESSAGES.expired;
      const size = await ctx.storage.size(path);
      if (size === null || (spec.maxBytes !== undefined && size > spec.maxBytes)) return spec.message;
      const head = await ctx.storage.head(path, HEAD_BYTES);
      const kind = head ? kindOf(spec, head) : null;
      return kind ? { kind, uploaded: path } : spec.message;
    }
  }
  if (!data || data.length === 0 || data.length > (spec.maxBytes ?? DEFAULT_MAX_FILE_BYTES)) return spec.message;
  const kind = kindOf(spec, data.subarray(0, HEAD_BYTES));
  return kind ? { kind, data } : spec.message;
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
 * kinds, or a required file is missing, or a path names a file the write may not take), then stores
 * the new ones. Runs before the write's transaction, in which `holdFiles` records who holds what; the
 * caller `discardFiles` when the write fails, and removes the files it let go of (`holdFiles`'s
 * answer) once it committed.
 */
export async function storeFiles(ctx: AppContext, def: Pick<ResourceDef, 'files'>, input: Row, existing: Row | null, adminId: number): Promise<StoredFiles> {
  const creating = existing === null;
  const out: StoredFiles = { values: {}, created: [], fields: {}, moved: [] };
  const accepted: [string, FileSpec, Accepted[] | null][] = [];
  const errors: Record<string, string[]> = {};
  for (const [field, spec] of Object.entries(def.files ?? {})) {
    if (!spec) continue;
    const value = input[field];
    if (value === undefined && !creating) continue;
    // a field of one file takes one file, not a list of them (the document says so: no list, empty or not)
    if (Array.isArray(value) && !spec.multiple) {
      errors[field] = [spec.message];
      continue;
    }
    const values = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
    if (!values.length) {
      // a required file may not go; a record that has none (stored before it was required) may be
      // written back as it is: none, unchanged
      const unchanged = !creating && storedList(existing[field]).length === 0;
      if (spec.requiredMessage && !unchanged) errors[field] = [spec.requiredMessage];
      else if (!unchanged) accepted.push([field, spec, null]);
      continue;
    }
    if (values.length > (spec.multiple ? MAX_FILES_PER_FIELD : 1)) {
      errors[field] = [spec.message];
      continue;
    }
    const kept = existing ? storedList(existing[field]) : [];
    const files = await Promise.all(values.map((v) => acceptOne(ctx, spec, v, kept, adminId)));
    const refused = files.find((f): f is string => typeof f === 'string');
    const uploads = files.flatMap((f) => (typeof f !== 'string' && 'uploaded' in f ? [f.uploaded] : []));
    if (refused) errors[field] = [refused];
    else if (new Set(uploads).size < uploads.length) errors[field] = [FILE_MESSAGES.inUse]; // one upload named twice
    else accepted.push([field, spec, files as Accepted[]]);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  try {
    for (const [field, spec, files] of accepted) {
      const placed: Placed[] = [];
      for (const file of files ?? []) {
        if ('data' in file) {
          const path = await ctx.storage.put(spec.folder, file.kind, file.data, { private: spec.private });
          out.created.push(path);
          placed.push({ path, size: file.data.length });
        } else if ('kept' in file) placed.push({ path: file.kept, kept: true });
        // an upload for a private field moves into the private area when the write takes it (holdFiles)
        else placed.push({ path: spec.private && !file.uploaded.startsWith(PRIVATE_PREFIX) ? `${PRIVATE_PREFIX}${file.uploaded}` : file.uploaded, upload: file.uploaded });
      }
      const paths = placed.map((p) => p.path);
      out.fields[field] = placed;
      out.values[field] = spec.multiple ? (paths.length ? JSON.stringify(paths) : null) : (paths[0] ?? null);
    }
  } catch (err) {
    await Promise.all(out.created.map((p) => ctx.storage.remove(p)));
    throw err;
  }
  return out;
}

/**
 * In the write's transaction, once the record's id is known: registers the files the write stored as
 * held by the record, takes the uploads it names (refused with a 422 on the field when another write
 * took one meanwhile), moves uploads of private fields into the private area, and lets go of the
 * files its new values replace. Answers the files no record holds any longer, which the caller
 * removes once the transaction committed (never before: a write that fails keeps them).
 */
export async function holdFiles(ctx: AppContext, trx: Kysely<Database>, table: string, id: number, files: StoredFiles, existing: Row | null, adminId: number): Promise<string[]> {
  const unheld: string[] = [];
  for (const [column, placed] of Object.entries(files.fields)) {
    const holder: Holder = { table, id, column };
    for (const p of placed) {
      if ('size' in p) await holdNew(trx, holder, p.path, p.size, adminId);
      else if ('upload' in p) {
        const refused = await claimUpload(trx, holder, p.upload, adminId);
        if (refused) throw ValidationError.field(column, refused);
        if (p.path !== p.upload) await renameFile(trx, p.upload, p.path);
      }
    }
    const now = new Set(placed.map((p) => p.path));
    for (const old of existing ? storedList(existing[column]) : []) {
      if (now.has(old)) continue;
      const gone = await release(trx, holder, old);
      if (gone) unheld.push(gone);
    }
  }
  // last, so that a refusal above moved nothing: the files of private fields go to the private area
  for (const placed of Object.values(files.fields)) {
    for (const p of placed) {
      if ('upload' in p && p.path !== p.upload) {
        await ctx.storage.move(p.upload, p.path);
        files.moved.push([p.upload, p.path]);
      }
    }
  }
  return unheld;
}

/** A write that failed: the files it stored go, the uploads it moved go back (the transaction left their rows as they were). */
export async function discardFiles(ctx: AppContext, files: StoredFiles): Promise<void> {
  await Promise.all(files.created.map((p) => ctx.storage.remove(p)));
  for (const [from, to] of files.moved.splice(0).reverse()) await ctx.storage.move(to, from).catch(() => undefined);
}

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

/**
 * The schema of a file field. Validation takes anything here (a multipart file arrives as bytes) and
 * the machinery checks the value itself (storeFiles: a data URL or a file part of one of the kinds,
 * a chunked upload's /storage path, a file the record holds; else a 422 with the field's message);
 * `x-file` tells the document what a client sends (http/openapi.ts: a string in JSON, or the file as
 * the record reads it; a file part in form data). A required one names its message; on update it may be
 * null too, which a record that has none keeps (storeFiles), and one that has a file is refused.
 */
export const fileSchema = (spec: FileSpec, onUpdate = false) =>
  Type.Unsafe<unknown>({
    description:
      `${spec.kinds.join(', ')}${spec.multiple ? ` (up to ${MAX_FILES_PER_FIELD})` : ''}, at most ${Math.round((spec.maxBytes ?? DEFAULT_MAX_FILE_BYTES) / 1024 / 1024)} MB${spec.multiple ? ' each' : ''}: a file part (form data), a data URL, the /storage path a chunked upload answered, or the link of a file the record holds (kept)` +
      (spec.requiredMessage && onUpdate ? '; null only for a record that has none (kept as it is: a required file is never removed)' : ''),
    'x-file': { multiple: Boolean(spec.multiple), nullable: !spec.requiredMessage || onUpdate },
    'x-message': spec.requiredMessage ?? spec.message,
  });

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
    { config: { access: { auth: false } }, schema: { tags: ['files'], params: Type.Object({ token: Type.String({ maxLength: 2000 }) }), security: [], response: signedLinkAnswers([...new Set(Object.values(MIME_TYPES))], 'The file (a PDF may be framed by the console).') } },
    async (request, reply) => {
      const claim = ctx.storage.verifySigned((request.params as { token: string }).token);
      if (!claim) throw new HttpError(410, 'This file link has expired or is not valid. Open the record again.');
      const owner = claim.resource ? placed.get(claim.resource) : undefined;
      if (owner && !(await mayOpen(owner, claim.admin, claim.record))) throw new HttpError(404, 'Not found.');
      if ((await ctx.storage.size(claim.path)) === null) throw new HttpError(404, 'Not found.');
      if (claim.resource && audited.has(claim.resource)) {
        await audit(ctx.db, { actorId: claim.admin ?? null, action: 'file_read', resource: claim.resource, recordId: claim.record ?? null, changes: { path: claim.path }, ip: request.ip, requestId: request.id });
      }
      const ext = claim.path.slice(claim.path.lastIndexOf('.') + 1) as MediaKind;
      reply.header('content-type', MIME_TYPES[ext] ?? 'application/octet-stream');
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
      // the whole file, or the range a video's player asks for
      if (!(await sendStored(request, reply, ctx.storage, claim.path))) throw new HttpError(404, 'Not found.');
      return reply;
    },
  );
}
