/**
 * The demo data for tests, as scripts/demo-data.ts dumps it from the demo generator through the real
 * server: made once per change of the server or the script (about 15 s) and kept in the temp folder.
 * The test files that need it start together in a fresh run (they are among the longest): one worker
 * makes it while the others wait for it (a lock file beside it), rather than each making its own.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoData } from '../providers/fake/demoData';

const ROOT = join(__dirname, '..', '..');

/** Every file under `dir` (for the cache key). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => join(dir, file));

let demoData: DemoData | undefined;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether this process now holds the lock; a lock whose process ended without freeing it is cleared (the next try takes it). */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    // held by another process
  }
  let owner: number;
  try {
    owner = Number(readFileSync(lock, 'utf8'));
  } catch {
    return false; // freed meanwhile
  }
  if (owner && !alive(owner)) rmSync(lock, { force: true });
  return false;
}

/** The file of the demo data as scripts/demo-data.ts writes it; made once per change of the server or the script (about 15 s). */
export function demoDataFile(): string {
  const hash = createHash('sha256');
  for (const file of [join(ROOT, 'scripts', 'demo-data.ts'), ...filesUnder(join(ROOT, 'server', 'src'))]) hash.update(file).update(readFileSync(file));
  const file = join(tmpdir(), `console-demo-data-${hash.digest('hex').slice(0, 16)}.json`);
  while (!existsSync(file)) {
    if (!takeLock(`${file}.lock`)) {
      sleep(250);
      continue;
    }
    try {
      const draft = `${file}.${process.pid}`;
      if (!existsSync(file)) {
        execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'demo-data.ts'), draft], { cwd: ROOT, stdio: 'ignore', timeout: 180_000 });
        renameSync(draft, file);
      }
    } finally {
      rmSync(`${file}.lock`, { force: true });
    }
  }
  return file;
}

/** The demo data as scripts/demo-data.ts writes it (demoDataFile). */
export function loadTestDemoData(): DemoData {
  demoData ??= JSON.parse(readFileSync(demoDataFile(), 'utf8')) as DemoData;
  return demoData;
}

