#!/usr/bin/env node
// `npm test [-- jest args]`: runs all jest projects against a throwaway PostgreSQL,
// builds the console (and the json-server example's) first when the browser tests need it, and ends with the line
// `N passed, M failed[, K skipped]` (CI reads that line). First it provides what the
// machine lacks (scripts/prerequisites.mjs): Chromium and PostgreSQL from Debian's
// packages when run as root, else it stops before any test, printing the command to run.
//   npm test -- --selectProjects server      only the server tests
//   npm test -- --build                      rebuild console+server before e2e even if fresh
// TEST_PG_URL=postgres://... uses that database instead of starting one.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleStale, jsonServerConsoleStale, root, serverStale } from './freshness.mjs';
import { findPostgresBin, startThrowawayPostgres } from './pg.mjs';
import { prepare } from './prerequisites.mjs';

const CI = process.env.CI === 'true';
const log = (msg) => console.log(`[test] ${msg}`);
const rawArgs = process.argv.slice(2);
const forceBuild = rawArgs.includes('--build');
const jestArgs = rawArgs.filter((a) => a !== '--build');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'jest-run-'));
const resultsFile = path.join(tmp, 'jest-results.json');
let pg = null;
let child = null;
let starting = false;
let signalled = null;

// pg.stop() is synchronous inside, so this also runs from 'exit' (errors, process.exit()).
const cleanup = () => {
  pg?.stop();
  pg = null;
  rmSync(tmp, { recursive: true, force: true });
};
process.on('exit', cleanup);
const signalCode = (sig) => 128 + (os.constants.signals[sig] ?? 1);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    signalled ??= sig;
    if (child) child.kill(sig); // it exits, and the main flow below finishes up
    else if (!starting) process.exit(signalCode(sig));
  });
}

/** Runs a command with the terminal attached; resolves to its exit code. */
function run(cmd, args, env = process.env) {
  return new Promise((resolve, reject) => {
    child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, sig) => {
      child = null;
      resolve(code ?? signalCode(sig));
    });
  });
}

/** Whether a jest project takes part, from jest's --selectProjects / --ignoreProjects. */
function projectSelected(args, project) {
  let selected = null;
  const ignored = [];
  for (let i = 0; i < args.length; i++) {
    const m = /^--(selectProjects|ignoreProjects)(?:=(.*))?$/.exec(args[i]);
    if (!m) continue;
    const names = m[2] !== undefined ? m[2].split(',') : [];
    while (m[2] === undefined && args[i + 1] && !args[i + 1].startsWith('-')) names.push(args[++i]);
    if (m[1] === 'selectProjects') selected = [...(selected ?? []), ...names];
    else ignored.push(...names);
  }
  return (selected === null || selected.includes(project)) && !ignored.includes(project);
}

const hasTests = (dir) =>
  existsSync(dir) &&
  readdirSync(dir, { recursive: true }).some((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(String(f)));

async function main() {
  // (a) What the machine lacks: installed (root, apt-get) or the run stops here. Nothing is skipped
  // for a missing browser or database, with or without CI.
  const e2e = projectSelected(jestArgs, 'e2e') && hasTests(path.join(root, 'e2e'));
  const server = projectSelected(jestArgs, 'server');
  if (!prepare({ needBrowser: e2e, needPostgres: server, log, error: (line) => console.error(`[test] ${line}`) })) return 1;

  // PostgreSQL: TEST_PG_URL, else a throwaway server of our own.
  const env = { ...process.env };
  // the answers' serialisers and ajv's validators compiled once a run rather than once a test file (server/src/http/validators.ts)
  env.SERIALIZER_CODE_CACHE ??= path.join(tmp, 'serializers');
  if (env.TEST_PG_URL) {
    log(`using TEST_PG_URL from the environment`);
  } else if (server && findPostgresBin()) {
    const t0 = Date.now();
    starting = true;
    pg = await startThrowawayPostgres();
    starting = false;
    if (signalled) process.exit(signalCode(signalled));
    env.TEST_PG_URL = pg.url;
    log(`throwaway PostgreSQL at ${pg.url} (ready in ${Date.now() - t0} ms)`);
  }

  // (b) The browser tests drive the built console (and server). E2E_BUILD_DONE=1 tells
  // them the build is current, so they don't build again.
  if (e2e) {
    if (forceBuild || consoleStale() || serverStale()) {
      log('building for the e2e tests: npm run build');
      const code = await run('npm', ['run', 'build']);
      if (code !== 0) {
        console.error(`[test] ERROR: npm run build failed (exit ${code}); no tests were run.`);
        return code;
      }
    }
    // the console on the json-server example (e2e/json-server.test.ts)
    if (forceBuild || jsonServerConsoleStale()) {
      log('building for the e2e tests: npm run build:json-server');
      const code = await run('npm', ['run', 'build:json-server']);
      if (code !== 0) {
        console.error(`[test] ERROR: npm run build:json-server failed (exit ${code}); no tests were run.`);
        return code;
      }
    }
    env.E2E_BUILD_DONE = '1';
  }

  // (c) jest, streaming to the terminal; the JSON results go to a file for the summary.
  const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  if (!existsSync(jest)) {
    console.error('[test] ERROR: jest is not installed; run `npm ci` first.');
    return 1;
  }
  let code = await run(process.execPath, [jest, '--ci', '--json', `--outputFile=${resultsFile}`, ...jestArgs], env);
  if (signalled) return signalCode(signalled);

  // (e) The closing line, from jest's own counts.
  if (!existsSync(resultsFile)) {
    console.error(`[test] ERROR: jest wrote no results (exit ${code}).`);
    return code || 1;
  }
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  // A test file that fails to load (syntax/type error, throw at top level) has no failed
  // tests but is a failure all the same: count each such file as one.
  const brokenFiles = r.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  const failed = r.numFailedTests + brokenFiles;
  const skipped = r.numPendingTests + r.numTodoTests;
  if (brokenFiles) console.log(`[test] ${brokenFiles} test file(s) failed to run; each counts as one failure.`);
  if (r.numTotalTests === 0 && code === 0) console.log('[test] WARNING: no tests ran.');
  // (f) Nothing may be skipped in CI: a skip there hides a missing service or a forgotten .only/.skip.
  if (CI && skipped > 0) {
    console.error(`[test] ERROR: ${skipped} test(s) skipped/todo under CI=true; nothing may be skipped in CI.`);
    code ||= 1;
  }
  if (failed > 0) code ||= 1;
  console.log(`${r.numPassedTests} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  return code;
}

main().then(
  (code) => process.exit(code), // (d) cleanup runs from the 'exit' handler
  (err) => {
    console.error('[test] ERROR:', err?.message ?? err);
    process.exit(1);
  },
);
