/**
 * A backend in a process of its own (a conformance module's starter): started with node and tsx, ready
 * when it prints an http address on a line of its output; stopped with SIGTERM (its own clean-up runs).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ConformanceBackend } from './types';

const ROOT = join(__dirname, '..', '..', '..');

/** Runs `script` (a TypeScript file, from the repository's root) with `args` until it prints its address. */
export function startBackendProcess(script: string, args: string[] = [], readyWithin = 120_000): Promise<ConformanceBackend & { url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} printed no address within ${readyWithin} ms:\n${output}`));
    }, readyWithin);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /(https?:\/\/[\w.:-]+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.off('data', read);
      resolve({ url, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} ended (exit ${code}) before it printed its address:\n${output}`));
    });
  });
}
