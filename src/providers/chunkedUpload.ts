/**
 * The resumable uploader behind `uploadChunked`: a file sent in chunks to /media-file/upload-chunk.
 * Its own module because it is a protocol of its own (resume, retries, offline waits, assembly check).
 */
import { HttpError } from 'ra-core';
import { isRecord, type ApiResponse } from './http';
import { request, type HttpClient } from './baseDataProvider';
import { toFileValue, type FileValue } from './files';

/** The assembled file, as the screens read stored files: `{ src, title, type }` (src: the path a file field takes). */
export type UploadedFile = FileValue;

export interface ChunkedUploadOptions {
  folder: string;
  /** 5 MB for health literacy content (spec 1 section 7); the default elsewhere too. */
  chunkSizeMb?: number;
  /** Percent of the whole file sent, never decreasing, ending at 100 (a resumed upload starts at what the server holds). */
  onProgress?: (percent: number) => void;
  /** A chunk failed and is tried again (`offline`: waiting for the connection first); null once a chunk went through after that. */
  onRetry?: (retry: UploadRetry | null) => void;
  signal?: AbortSignal;
  /** Tries of one request before giving up (5). */
  attempts?: number;
  /** The first wait between tries, doubled each time up to 15 s (1 s). */
  retryDelayMs?: number;
  /** How long to wait for the browser to be online again before giving up (2 minutes). */
  offlineWaitMs?: number;
}

export interface UploadRetry {
  /** the try about to be made, from 2 */
  attempt: number;
  attempts: number;
  offline: boolean;
}

/** The message of an upload given up after its retries (spec 3 section 8), an i18n key. */
export const UPLOAD_FAILED = 'app.upload.failed';

function readUploadedFile(response: ApiResponse<unknown>): UploadedFile {
  const candidates: unknown[] = [response.body.file, isRecord(response.data) ? response.data.file : undefined, response.data];
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.path === 'string') return toFileValue({ path: candidate.path, mimeType: candidate.mimeType });
  }
  throw new HttpError('The server did not return the uploaded file.', 500, response.body);
}

/** Failures worth another try: no answer at all, a timeout, throttling, or the server's own trouble. */
const retryable = (error: unknown): boolean =>
  error instanceof HttpError && (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Resolves when the browser says it is online again (true), or false after `ms`. */
function untilOnline(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const done = (value: boolean) => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      signal?.removeEventListener('abort', abort);
      resolve(value);
    };
    const online = () => done(true);
    const abort = () => {
      done(false);
      reject(abortError());
    };
    const timer = setTimeout(() => done(navigator.onLine), ms);
    window.addEventListener('online', online);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The id of one file's upload, kept in sessionStorage so that choosing the same file again after a
 * dropped connection or a page reload resumes it (same name, size, date, folder and chunk size).
 */
const uploadIdStore = {
  keyOf: (file: File, folder: string, chunkSize: number) => `upload:${folder}:${chunkSize}:${file.size}:${file.lastModified}:${file.name}`,
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, id: string): void {
    try {
      sessionStorage.setItem(key, id);
    } catch {
      // storage full or refused: this upload just will not resume after a reload
    }
  },
  forget(key: string): void {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing to forget
    }
  },
};

const newUploadId = () => `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** The whole file's SHA-256 (hex) for files up to this size, checked by the server on assembly; larger files go without. */
const HASHED_UP_TO = 64 * 1024 * 1024;

async function sha256Of(file: File): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || file.size > HASHED_UP_TO || typeof file.arrayBuffer !== 'function') return null;
  try {
    const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * Sends a file in chunks, resumably: the upload's id is kept per file (sessionStorage), the server
 * is asked first which chunks it already holds and those are skipped; a chunk that fails for want
 * of a connection (or a server error) is tried again with growing waits, after waiting for the
 * browser to be online, and the upload is given up (UPLOAD_FAILED) after `attempts` tries. A
 * refusal (422, 413...) is final and answered as is.
 */
export async function uploadChunked(
  http: HttpClient,
  endpoint: string,
  file: File,
  { folder, chunkSizeMb = 5, onProgress, onRetry, signal, attempts = 5, retryDelayMs = 1000, offlineWaitMs = 120_000 }: ChunkedUploadOptions,
): Promise<UploadedFile> {
  const chunkSize = Math.max(1, Math.floor(chunkSizeMb * 1024 * 1024));
  const totalChunks = Math.max(1, Math.ceil(file.size / chunkSize));
  const storeKey = uploadIdStore.keyOf(file, folder, chunkSize);
  let timestamp = uploadIdStore.get(storeKey) ?? newUploadId();
  uploadIdStore.set(storeKey, timestamp);
  const fileExtension = extensionOf(file.name);
  const boundsOf = (index: number) => [index * chunkSize, Math.min(file.size, (index + 1) * chunkSize)] as const;

  let reported = -1;
  const report = (sentBytes: number) => {
    const percent = file.size === 0 ? 100 : Math.min(100, Math.floor((sentBytes / file.size) * 100));
    if (percent > reported) {
      reported = percent;
      onProgress?.(percent);
    }
  };

  /** One request, tried again while it fails for want of a connection. */
  const withRetries = async <T>(send: () => Promise<T>): Promise<T> => {
    let retried = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await send();
        if (retried) onRetry?.(null);
        return result;
      } catch (error) {
        if (isAbort(error) || !retryable(error)) throw error;
        if (attempt >= attempts) throw new HttpError(UPLOAD_FAILED, error instanceof HttpError ? error.status : 0, error instanceof HttpError ? error.body : null);
        retried = true;
        if (isOffline()) {
          onRetry?.({ attempt: attempt + 1, attempts, offline: true });
          if (!(await untilOnline(offlineWaitMs, signal))) throw new HttpError(UPLOAD_FAILED, 0, null);
        } else {
          onRetry?.({ attempt: attempt + 1, attempts, offline: false });
          await wait(Math.min(15_000, retryDelayMs * 2 ** (attempt - 1)), signal);
        }
      }
    }
  };

  const identity = () => ({ timestamp, folder, fileExtension, ...(file.type ? { mimeType: file.type } : {}), totalChunks });

  /** What the server holds of this upload: the indexes received, or the file when it is done. An older server without the query: nothing. */
  const askServer = async (): Promise<{ received: Set<number>; file: UploadedFile | null }> => {
    try {
      const response = await withRetries(() => request<unknown>(http, endpoint, { query: identity(), signal }));
      const data = isRecord(response.data) ? response.data : {};
      const received = Array.isArray(data.received) ? data.received.filter((i): i is number => typeof i === 'number' && i >= 0 && i < totalChunks) : [];
      return { received: new Set(received), file: isRecord(data.file) ? readUploadedFile(response) : null };
    } catch (error) {
      if (error instanceof HttpError && [404, 405].includes(error.status)) return { received: new Set(), file: null };
      throw error;
    }
  };

  const finish = (uploaded: UploadedFile) => {
    uploadIdStore.forget(storeKey);
    report(file.size);
    return uploaded;
  };

  try {
    let known = await askServer().catch((error: unknown) => {
      // the stored id belongs to an upload cut in other chunks: start a new one
      if (error instanceof HttpError && error.status === 422 && isRecord(error.body) && isRecord(error.body.errors) && 'totalChunks' in error.body.errors) return null;
      throw error;
    });
    if (!known) {
      timestamp = newUploadId();
      uploadIdStore.set(storeKey, timestamp);
      known = { received: new Set<number>(), file: null };
    }
    if (known.file) return finish(known.file);

    const received = known.received;
    let doneBytes = 0;
    for (const index of received) doneBytes += boundsOf(index)[1] - boundsOf(index)[0];
    report(doneBytes);
    const sha256 = await sha256Of(file);

    let last: ApiResponse<unknown> | undefined;
    for (let index = 0; index < totalChunks; index += 1) {
      if (received.has(index)) continue;
      const [start, end] = boundsOf(index);
      const before = doneBytes;
      last = await withRetries(() => {
        // the fields before the file part: the server then writes the chunk in place as it arrives
        const form = new FormData();
        form.append('index', String(index));
        form.append('totalChunks', String(totalChunks));
        form.append('timestamp', timestamp);
        form.append('fileExtension', fileExtension);
        if (file.type) form.append('mimeType', file.type);
        form.append('folder', folder);
        if (sha256) form.append('sha256', sha256);
        form.append('chunk', file.slice(start, end), file.name);
        return request<unknown>(http, endpoint, {
          method: 'POST',
          body: form,
          signal,
          onUploadProgress: onProgress ? (percent) => report(before + ((end - start) * percent) / 100) : undefined,
        });
      });
      received.add(index);
      doneBytes += end - start;
      report(doneBytes);
    }
    // every chunk was on the server already, but not yet assembled (its answer was lost): ask again
    if (!last) {
      const again = await askServer();
      if (again.file) return finish(again.file);
      throw new HttpError(UPLOAD_FAILED, 0, null);
    }
    return finish(readUploadedFile(last));
  } catch (error) {
    // a refusal or a give-up: the next try of this file starts afresh
    if (!isAbort(error)) uploadIdStore.forget(storeKey);
    throw error;
  }
}
