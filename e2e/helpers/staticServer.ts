/**
 * A plain static file server for a built folder: its files, and for any other path index.html (the
 * console's routes, as a host set up for a single-page app serves them) or, with `fallback: false`, a
 * 404 (as a host that knows nothing of the app does). No API behind it.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  /** paths asked for, in order (to show that nothing went to an API) */
  requests: string[];
  stop(): Promise<void>;
}

export async function serveStatic(dir: string, { fallback = true }: { fallback?: boolean } = {}): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    requests.push(path);
    const file = join(dir, normalize(path).replace(/^([/\\])+/, ''));
    const asked = path.endsWith('/') ? join(file, 'index.html') : file;
    const exists = asked.startsWith(dir) && existsSync(asked) && statSync(asked).isFile();
    if (!exists && !fallback) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    const found = exists ? asked : join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
    response.end(readFileSync(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the static server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
