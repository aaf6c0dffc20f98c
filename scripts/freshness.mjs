// Is a build output older than its sources? Shared by start.mjs and test.mjs so both
// rebuild on the same rule. Compares modification times only: cheap, and good enough
// to catch "edited a file, forgot to rebuild".
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest mtime (ms) among the given files/folders, recursively; 0 if none exist. */
function newest(paths) {
  let max = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules') max = Math.max(max, newest([path.join(p, e)]));
    } else max = Math.max(max, st.mtimeMs);
  }
  return max;
}

const stale = (output, inputs) => {
  const out = path.join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newest(inputs.map((i) => path.join(root, i)));
};

/** The console bundle (vite → dist/). False when there is no src/ to build from. */
export const CONSOLE_OUTPUT = 'dist/index.html';
export const consoleStale = () =>
  existsSync(path.join(root, 'src')) &&
  stale(CONSOLE_OUTPUT, ['src', 'site', 'contract', 'index.html', 'public', 'vite.config.ts']);

/** The console on the json-server example (vite --mode json-server → dist-json-server/), which a browser journey walks. */
export const JSON_SERVER_CONSOLE_OUTPUT = 'dist-json-server/index.html';
export const jsonServerConsoleStale = () =>
  existsSync(path.join(root, 'src')) &&
  stale(JSON_SERVER_CONSOLE_OUTPUT, ['src', 'contract', 'index.html', 'public', 'vite.config.ts']);

/** The compiled server: server/tsconfig.build.json has rootDir '..' and outDir '../build',
 *  so server/src/main.ts lands at build/server/src/main.js. */
export const SERVER_OUTPUT = 'build/server/src/main.js';
export const serverStale = () =>
  stale(SERVER_OUTPUT, ['server/src', 'contract', 'server/tsconfig.build.json', 'server/tsconfig.json', 'tsconfig.base.json']);
