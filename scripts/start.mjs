#!/usr/bin/env node
// `npm start`: rebuild whatever is out of date, then run the compiled server in the
// foreground. The server serves the console from dist/, so both must be current.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { consoleStale, root, SERVER_OUTPUT, serverStale } from './freshness.mjs';

const npm = (script) => {
  console.log(`[start] ${script} is out of date: npm run ${script}`);
  const r = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (consoleStale()) npm('build:console');
if (serverStale()) npm('build:server');

const child = spawn(process.execPath, [path.join(root, SERVER_OUTPUT), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Pass stop requests on and let the server shut down cleanly; we exit when it does.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1)));
