import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Each text asset of the build also as .br and .gz beside it, compressed once at build time at the
 * highest levels; the server sends the one the browser accepts (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(name)) continue;
        const file = join(dir, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue; // not worth a second request's negotiation
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The in-browser demo (`vite build --mode demo`, npm run demo:static): the same console with the fake
 * providers of src/providers/fake/ in place of the ones for /api/admin, chosen here at build time, so the
 * real ones are not even in the bundle. A fake module's own imports are left alone.
 */
function demoBackend(): Plugin {
  const providers = fileURLToPath(new URL('src/providers/', import.meta.url));
  const swaps = new Map(['backend.ts', 'authApi.ts', 'signInDefaults.ts'].map((file) => [join(providers, file), join(providers, 'fake', file)]));
  // addresses in the hash: deep links open on any static file server
  swaps.set(fileURLToPath(new URL('src/routing.ts', import.meta.url)), join(providers, 'fake', 'routing.ts'));
  return {
    name: 'demo-backend',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(join(providers, 'fake'))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? (swaps.get(resolved.id) ?? null) : null;
    },
  };
}

/**
 * The console on the json-server example (`vite build --mode json-server`, dist-json-server/, served by
 * examples/json-server/server.ts): the integrator's entry point (src/providers/examples/jsonServerMain.tsx)
 * in place of src/main.tsx, so neither our sign-in screens nor the /api/admin providers are in the bundle.
 */
function jsonServerEntry(): Plugin {
  const main = fileURLToPath(new URL('src/main.tsx', import.meta.url));
  const entry = fileURLToPath(new URL('src/providers/examples/jsonServerMain.tsx', import.meta.url));
  return {
    name: 'json-server-entry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === main ? entry : null;
    },
  };
}

const server = 'http://localhost:8080';

// Anchored patterns: a plain '/app' prefix would also swallow console routes such as /appointment-requests.
const proxied = ['^/api(/|$)', '^/storage(/|$)', '^/app(/|$)', '^/apps(/|$)'];

export default defineConfig(({ command, mode }) => {
  // A production build is React's production build whoever starts it: `vite build` keeps a NODE_ENV
  // it inherits, and the browser tests build a stale console from inside jest (NODE_ENV=test), which
  // gave React's development build (larger, slower, warnings in the console).
  if (command === 'build' && (mode === 'production' || mode === 'demo' || mode === 'json-server')) process.env.NODE_ENV = 'production';
  const demo = mode === 'demo';
  const jsonServer = mode === 'json-server';
  return {
    // the demo's files by relative links, so it can be served from any folder of a static host
    ...(demo ? { base: './' } : {}),
    plugins: demo ? [demoBackend(), react()] : jsonServer ? [jsonServerEntry(), react()] : [react(), precompress()],
    server: {
      proxy: Object.fromEntries(proxied.map((pattern) => [pattern, { target: server, changeOrigin: true, ws: true }])),
    },
    build: {
      outDir: demo ? 'dist-demo' : jsonServer ? 'dist-json-server' : 'dist',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
      // the console, and the public landing site (site/: plain DOM, none of the console's code), served at /site
      // (the demo and the json-server example have no landing site)
      rollupOptions: { input: { main: fileURLToPath(new URL('index.html', import.meta.url)), ...(demo || jsonServer ? {} : { site: fileURLToPath(new URL('site/index.html', import.meta.url)) }) } },
    },
  };
});
