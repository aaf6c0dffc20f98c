/**
 * Replays recorded server answers for the providers' unit tests: a stand-in for global fetch (jsdom
 * has none) and for XMLHttpRequest (used for upload progress). Each stub records what was sent.
 * The answers of our server come from recorded-api.json, written by `npm run record-fixtures`.
 */
import recordedApi from './recorded-api.json';

export interface Recorded {
  status?: number;
  /** Parsed JSON (or text) of the answer; undefined for an empty body. */
  body?: unknown;
  /** Upload progress events to fire first, as fractions of the body (XHR only). */
  progress?: number[];
  /** No answer at all: the connection dropped (after the progress events, for XHR). */
  network?: boolean;
  /** Headers of the answer (names in lower case). */
  headers?: Record<string, string>;
}

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** The body parsed as JSON when it was JSON text. */
  json: unknown;
  /** The body when it was form data. */
  form: FormData | null;
}

type Replay = Recorded[] | ((request: SentRequest) => Recorded);

export type RecordedName = keyof typeof recordedApi.calls;

/** What the real server was asked and answered (scripts/record-fixtures.ts); paths are below /api/admin. */
export const recordedCalls = recordedApi.calls;

/** A recorded answer of the real server, for stubFetch and stubXhr. */
export const recorded = (name: RecordedName): Recorded => ({ status: recordedApi.calls[name].status, body: recordedApi.calls[name].body });

const bodyText = (body: unknown): string =>
  body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);

function describeBody(body: unknown): Pick<SentRequest, 'body' | 'json' | 'form'> {
  let json: unknown;
  if (typeof body === 'string') {
    try {
      json = JSON.parse(body) as unknown;
    } catch {
      json = undefined;
    }
  }
  return { body, json, form: body instanceof FormData ? body : null };
}

function nextAnswer(replay: Replay, request: SentRequest, index: number): Recorded {
  if (typeof replay === 'function') return replay(request);
  const answer = replay[index];
  if (!answer) throw new Error(`No recorded answer for request ${index + 1}: ${request.method} ${request.url}`);
  return answer;
}

const plainHeaders = (headers: unknown): Record<string, string> => {
  const result: Record<string, string> = {};
  if (typeof headers === 'object' && headers !== null) {
    for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') result[name] = value;
  }
  return result;
};

/** Installs a fetch that answers with the recorded responses, in order; returns the requests seen. */
export function stubFetch(replay: Replay): SentRequest[] {
  const sent: SentRequest[] = [];
  const fake = async (input: unknown, init: { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal } = {}) => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const request: SentRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: plainHeaders(init.headers),
      ...describeBody(init.body),
    };
    const answer = nextAnswer(replay, request, sent.length);
    sent.push(request);
    if (answer.network) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => answer.headers?.[name.toLowerCase()] ?? null },
      text: async () => bodyText(answer.body),
      json: async () => answer.body,
    };
  };
  (globalThis as { fetch?: unknown }).fetch = jest.fn(fake);
  return sent;
}

export function restoreFetch(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
}

const realXhr = globalThis.XMLHttpRequest;

/** Installs an XMLHttpRequest that answers with the recorded responses; returns the requests seen. */
export function stubXhr(replay: Replay): SentRequest[] {
  const sent: SentRequest[] = [];

  class RecordedXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }

    send(body: unknown): void {
      const request: SentRequest = { url: this.url, method: this.method, headers: this.headers, ...describeBody(body) };
      const answer = nextAnswer(replay, request, sent.length);
      sent.push(request);
      queueMicrotask(() => {
        if (this.aborted) return;
        for (const fraction of answer.progress ?? []) {
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: fraction * 1000, total: 1000 }));
        }
        if (answer.network) {
          this.onerror?.();
          return;
        }
        this.status = answer.status ?? 200;
        this.responseText = bodyText(answer.body);
        this.onload?.();
      });
    }

    abort(): void {
      this.aborted = true;
      this.onabort?.();
    }
  }

  globalThis.XMLHttpRequest = RecordedXhr as unknown as typeof XMLHttpRequest;
  return sent;
}

export function restoreXhr(): void {
  globalThis.XMLHttpRequest = realXhr;
}

/** The query of a request URL, decoded, with bracket arrays as arrays. */
export function queryOf(url: string): Record<string, string | string[]> {
  const params = new URL(url, 'http://localhost').searchParams;
  const result: Record<string, string | string[]> = {};
  for (const [rawKey, value] of params) {
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const existing = result[key];
      result[key] = Array.isArray(existing) ? [...existing, value] : [value];
    } else {
      result[rawKey] = value;
    }
  }
  return result;
}

export const pathOf = (url: string): string => new URL(url, 'http://localhost').pathname;
