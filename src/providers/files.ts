/**
 * Stored files in react-admin's standard shape. The server presents a stored file as
 * `{ path, type (its kind), mimeType, private, viewer? }` (an admin's or a doctor's photo as `{ path }`);
 * the screens read `{ src, title }` only, as react-admin's FileInput and ImageInput give them, so that a
 * console built on another backend works with the same screens (README, "Plugging in another backend").
 * Two optional fields beside them: `type`, the MIME type (as a browser's File has it; the screens show an
 * image, a player or a link by it, else by the title's extension), and `viewer`, a link the console may
 * frame (a health literacy PDF's).
 */
import { isRecord } from './http';

/** A stored file as the screens read it. */
export interface FileValue {
  /** the link the file is read at */
  src: string;
  /** its name: the last segment of its path (the server gives no other) */
  title: string;
  /** its MIME type, when the server gives it */
  type?: string;
  /** a link to it that the console may put in a frame (a PDF's), when the server gives one */
  viewer?: string;
}

/** The keys of a stored file as the server presents it (docs/API-CONTRACT.md). */
const SERVER_FILE_KEYS = new Set(['path', 'type', 'mimeType', 'private', 'viewer']);

/** A stored file as the server presents it: a `path`, and no key a file does not have (a paginator also has a `path`). */
export const isServerFile = (value: unknown): value is { path: string; mimeType?: string; viewer?: string } =>
  isRecord(value) && typeof value.path === 'string' && Object.keys(value).every((key) => SERVER_FILE_KEYS.has(key));

/** The last segment of a link, without its query. */
export const titleOf = (link: string): string => {
  const segments = link.split(/[?#]/)[0]!.split('/').filter(Boolean);
  return decodeURIComponentSafe(segments.at(-1) ?? link);
};

const decodeURIComponentSafe = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** One stored file of the server as `{ src, title }` (with its MIME type and framable link when given). */
export function toFileValue(file: { path: string; mimeType?: unknown; viewer?: unknown }): FileValue {
  return {
    src: file.path,
    title: titleOf(file.path),
    ...(typeof file.mimeType === 'string' ? { type: file.mimeType } : {}),
    ...(typeof file.viewer === 'string' ? { viewer: file.viewer } : {}),
  };
}

/**
 * A value with every stored file it holds, at any depth (a record's `file`, its `reports[]`, an
 * embedded doctor's `file`), as `{ src, title }`. Everything else is left as it is.
 */
export function withFileValues<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (isServerFile(v)) return toFileValue(v);
    if (!isRecord(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([key, item]) => [key, walk(item)]));
  };
  return walk(value) as T;
}

/**
 * A file a form holds as it was read: `{ src, title }` with no chosen file in it (react-admin's
 * FileInput adds `rawFile` to a newly chosen one).
 */
export const isKeptFile = (value: unknown): value is FileValue =>
  isRecord(value) && typeof value.src === 'string' && !(value.rawFile instanceof Blob);
