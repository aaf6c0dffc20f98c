/**
 * The demo data for tests, as scripts/demo-data.ts dumps it from the demo generator through the real
 * server: made once per change of the server or the script (about 15 s) and kept in the temp folder.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
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

/** The demo data as scripts/demo-data.ts writes it; made once per change of the server or the script (about 15 s). */
export function loadTestDemoData(): DemoData {
  if (demoData) return demoData;
  const hash = createHash('sha256');
  for (const file of [join(ROOT, 'scripts', 'demo-data.ts'), ...filesUnder(join(ROOT, 'server', 'src'))]) hash.update(file).update(readFileSync(file));
  const file = join(tmpdir(), `console-demo-data-${hash.digest('hex').slice(0, 16)}.json`);
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}`;
    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'demo-data.ts'), draft], { cwd: ROOT, stdio: 'ignore', timeout: 180_000 });
    renameSync(draft, file);
  }
  demoData = JSON.parse(readFileSync(file, 'utf8')) as DemoData;
  return demoData;
}

