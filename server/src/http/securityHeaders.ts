import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';

/**
 * Where the console's browser may open its real-time socket: this server (the embedded Pusher
 * endpoint at /app, same origin: 'self', and spelt out as ws(s) of PUBLIC_URL for browsers whose
 * 'self' does not cover WebSockets yet) and, when PUSHER_* names one, the external service.
 */
export function socketSources(config: Config): string[] {
  const own = new URL(config.publicUrl);
  const sources = [`${own.protocol === 'https:' ? 'wss' : 'ws'}://${own.host}`];
  const external = config.pusher;
  if (external) {
    const scheme = external.tls ? 'wss' : 'ws';
    const host = external.host ?? `ws-${external.cluster ?? 'mt1'}.pusher.com`;
    sources.push(`${scheme}://${host}${external.port ? `:${external.port}` : ''}`);
  }
  return sources;
}

/** Whether the console is served over https (HSTS and upgrade-insecure-requests only then: over http they would break it). */
const servedOverHttps = (config: Config) => config.publicUrl.startsWith('https:');

/**
 * The security headers of every answer (console, API, /storage, field API), through helmet.
 *
 * - The console is Vite's build: module scripts and chunks from /assets, no inline script, so
 *   `script-src 'self'` holds. MUI styles through Emotion, which injects <style> elements and sets
 *   `style` attributes at run time: `style-src 'self' 'unsafe-inline'` (a nonce would cover the
 *   elements but not the attributes; styles cannot run script).
 * - Images and media: the server's own, and data:/blob: URLs of the previews of files being chosen.
 * - Nothing may frame the console, no plugins, no <base>; forms post only here.
 * - `Referrer-Policy: no-referrer`: signed export and file links and reset tokens travel in URLs.
 * - /storage keeps its own, stricter policy (a sandbox; set by its static handler after these).
 */
export function helmetOptions(config: Config): HelmetOptions {
  const https = servedOverHttps(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...socketSources(config)],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // the API is called cross-origin only by CORS_ORIGINS (with CORS, which CORP does not affect)
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  };
}

/**
 * The headers as helmet sets them for these options, worked out once: every answer gets them from one
 * hook (app.ts), and so do the answers that no route hook sees: the router's refusals (a malformed
 * address) and what Node's HTTP parser refuses before Fastify.
 */
export function staticSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const sink = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)), removeHeader: (name: string) => delete headers[name.toLowerCase()] };
  helmet(helmetOptions(config))({} as IncomingMessage, sink as unknown as ServerResponse, () => undefined);
  return headers;
}
