/**
 * `fetch` and `Headers` for the console's tests in jsdom (which has neither) over node:http, to a live
 * backend: a relative address (`/api/...`) goes to `base`. Bodies are text (JSON), as the providers send a
 * write without files; a FormData body is refused by name.
 */
import { Agent, request } from 'node:http';

/** A connection per request: Node 20's default agent keeps sockets alive, and a backend that closes an idle one (Express's 5 s) races the next request into 'socket hang up' on a busy machine. */
const agent = new Agent({ keepAlive: false });

class LiveHeaders {
  private readonly values = new Map<string, string>();
  constructor(init?: unknown) {
    if (typeof (init as { forEach?: unknown } | undefined)?.forEach === 'function' && !Array.isArray(init)) (init as LiveHeaders).forEach((value, name) => this.set(name, value));
    else if (Array.isArray(init)) for (const [name, value] of init as [string, string][]) this.append(name, value);
    else if (typeof init === 'object' && init !== null) for (const [name, value] of Object.entries(init)) this.append(name, String(value));
  }
  append(name: string, value: string) {
    const key = name.toLowerCase();
    this.values.set(key, this.values.has(key) ? `${this.values.get(key)!}, ${value}` : value);
  }
  set(name: string, value: string) {
    this.values.set(name.toLowerCase(), value);
  }
  get(name: string) {
    return this.values.get(name.toLowerCase()) ?? null;
  }
  has(name: string) {
    return this.values.has(name.toLowerCase());
  }
  delete(name: string) {
    this.values.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void) {
    this.values.forEach((value, name) => fn(value, name));
  }
  entries() {
    return this.values.entries();
  }
  [Symbol.iterator]() {
    return this.values.entries();
  }
}

interface Init {
  method?: string;
  headers?: unknown;
  body?: unknown;
  signal?: AbortSignal | null;
}

/** A fetch to `base` (relative addresses) or any http address, answered as the Fetch API's Response. */
export const liveFetch = (base: string) => (input: unknown, init: Init = {}) =>
  new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') return reject(new TypeError('liveFetch sends text bodies only (no FormData)'));
    const url = new URL(String(input), base);
    const headers: Record<string, string> = {};
    new LiveHeaders(init.headers).forEach((value, name) => (headers[name] = value));
    const sent = request(url, { method: init.method ?? 'GET', headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        const answered = new LiveHeaders(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
        resolve({ ok: status >= 200 && status < 300, status, statusText: response.statusMessage ?? '', headers: answered, url: url.href, text: async () => text, json: async () => JSON.parse(text) as unknown });
      });
    });
    sent.on('error', reject);
    init.signal?.addEventListener('abort', () => {
      sent.destroy();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    if (typeof init.body === 'string') sent.write(init.body);
    sent.end();
  });

/** Installs liveFetch (and Headers, when jsdom lacks them) as the page's; returns the function that takes them away. */
export function useLiveFetch(base: string): () => void {
  const globals = globalThis as Record<string, unknown>;
  const before = { fetch: globals.fetch, Headers: globals.Headers };
  globals.fetch = liveFetch(base);
  globals.Headers ??= LiveHeaders;
  return () => {
    globals.fetch = before.fetch;
    globals.Headers = before.Headers;
  };
}
