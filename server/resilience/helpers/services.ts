/**
 * The services a node leans on (the bucket, a Pusher-protocol service) as processes of their own
 * (serviceMain.ts), on a port and data that outlive them: `stop()` is SIGKILL (the service gone at
 * once, its connections reset), `start()` brings it back on the same port with the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../test/helpers/serverProcess';
import { ROOT } from './server';

export interface ServiceProcess {
  port: number;
  /** starts it (again), resolving once it listens */
  start(): Promise<void>;
  /** SIGKILL, resolving once it has exited */
  stop(): Promise<void>;
  output(): string;
}

const START_TIMEOUT_MS = 60_000;
const running = new Set<ChildProcess>();

/** Kills every service still running (in afterAll). */
export async function stopAllServices(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export async function serviceProcess(kind: 's3' | 'pusher', args: string[]): Promise<ServiceProcess> {
  const port = await freePort();
  let output = '';
  let child: ChildProcess | null = null;
  return {
    port,
    output: () => output,
    async start() {
      if (child) throw new Error(`${kind} is already running`);
      const c = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'serviceMain.ts'), kind, String(port), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      running.add(c);
      c.on('exit', () => {
        running.delete(c);
        if (child === c) child = null;
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${kind} did not listen within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
        const seen = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes(`listening ${port}`)) {
            clearTimeout(timer);
            resolve();
          }
        };
        c.stdout?.on('data', seen);
        c.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        c.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`${kind} exited before it listened (${code ?? signal}):\n${output}`));
        });
      });
    },
    async stop() {
      const c = child;
      if (!c) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
}
