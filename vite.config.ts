import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const server = 'http://localhost:8080';

// Anchored patterns: a plain '/app' prefix would also swallow console routes such as /appointment-requests.
const proxied = ['^/api(/|$)', '^/storage(/|$)', '^/app(/|$)', '^/apps(/|$)'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxied.map((pattern) => [pattern, { target: server, changeOrigin: true, ws: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // the console, and the public landing site (site/: plain DOM, none of the console's code), served at /site
    rollupOptions: { input: { main: fileURLToPath(new URL('index.html', import.meta.url)), site: fileURLToPath(new URL('site/index.html', import.meta.url)) } },
  },
});
