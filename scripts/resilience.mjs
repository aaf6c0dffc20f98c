#!/usr/bin/env node
// `npm run test:resilience [-- jest args]`: the crash, backup and two-node tests (server/resilience/) against a
// throwaway PostgreSQL (or TEST_PG_URL), one file at a time; ends with `N passed, M failed` like npm test.
// No PostgreSQL: installed first as root with apt-get, else the run stops before any test and says
// what to run (scripts/prerequisites.mjs), as npm test does. Nothing is skipped for want of it.
// A skipped test fails the run too.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './freshness.mjs';
import { startThrowawayPostgres } from './pg.mjs';
import { prepare } from './prerequisites.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'jest-resilience-'));
const resultsFile = path.join(tmp, 'results.json');
let pg = null;
let child = null;
process.on('exit', () => {
  pg?.stop();
  rmSync(tmp, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => (child ? child.kill(sig) : process.exit(128 + (os.constants.signals[sig] ?? 1))));
}

async function main() {
  if (!prepare({ needBrowser: false, needPostgres: true, rerun: 'npm run test:resilience', log: (l) => console.log(`[resilience] ${l}`), error: (l) => console.error(`[resilience] ${l}`) })) return 1;
  const env = { ...process.env };
  if (env.TEST_PG_URL) {
    console.log('[resilience] using TEST_PG_URL from the environment');
  } else {
    pg = await startThrowawayPostgres();
    env.TEST_PG_URL = pg.url;
    console.log(`[resilience] throwaway PostgreSQL at ${pg.url}`);
  }
  const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const args = [jest, '--config', path.join(root, 'jest.resilience.config.ts'), '--runInBand', '--ci', '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)];
  const code = await new Promise((resolve, reject) => {
    child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (c, sig) => resolve(c ?? 128 + (os.constants.signals[sig] ?? 1)));
  });
  if (!existsSync(resultsFile)) {
    console.error(`[resilience] ERROR: jest wrote no results (exit ${code}).`);
    return code || 1;
  }
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const broken = r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
  const failed = r.numFailedTests + broken;
  const skipped = r.numPendingTests + r.numTodoTests;
  if (r.numTotalTests === 0) console.error('[resilience] ERROR: no tests ran.');
  if (skipped) console.error(`[resilience] ERROR: ${skipped} test(s) skipped; a resilience test that cannot run fails.`);
  console.log(`${r.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failed || skipped || r.numTotalTests === 0 ? code || 1 : code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('[resilience] ERROR:', err?.message ?? err);
    process.exit(1);
  },
);
