// What the tests need from the machine besides node_modules, and how they get it. `npm test` and
// `npm run test:resilience` call prepare() before anything else:
//
// - the browser journeys (e2e/) drive Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium);
// - the server suites (and the resilience tests) run on PostgreSQL as well as SQLite: a throwaway
//   server started from the PostgreSQL binaries (scripts/pg.mjs), or TEST_PG_URL.
//
// What is missing is installed from Debian's packages when the run is root and apt-get is there (the
// packages .ci/run installed before: chromium with fonts-noto-core, postgresql-15); otherwise the run
// stops before any test, printing the one command that provides it. A journey or a PostgreSQL suite
// is never skipped for want of either.
//
// plan() is the decision alone, from facts (checked by machineFacts(), or given by a test:
// server/test/prerequisites.test.ts); prepare() checks, installs, checks again.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { findPostgresBin } from './pg.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** An executable file at that path. */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (name, env) => (env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, name)));

/**
 * The facts plan() decides on, checked on this machine.
 * @param {{ needBrowser: boolean, needPostgres: boolean, env?: NodeJS.ProcessEnv }} needs
 */
export function machineFacts({ needBrowser, needPostgres, env = process.env }) {
  const chromiumPath = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return {
    needBrowser,
    needPostgres,
    chromiumPath,
    chromiumFromEnv: Boolean(env.CHROMIUM_PATH),
    chromiumFound: executable(chromiumPath),
    pgUrlGiven: Boolean(env.TEST_PG_URL),
    pgBin: findPostgresBin(),
    root: process.getuid?.() === 0,
    apt: onPath('apt-get', env),
  };
}

/**
 * What to do, from the facts: `run` (nothing missing), `install` (root with apt-get: the packages and
 * the commands), or `stop` (with the problems, and the one command to run when there is one).
 */
export function plan(facts, rerun = 'npm test') {
  /** what is missing that a package provides: { what, why, packages } */
  const missing = [];
  /** what no package fixes (a CHROMIUM_PATH naming nothing) */
  const problems = [];
  if (facts.needBrowser && !facts.chromiumFound) {
    if (facts.chromiumFromEnv) {
      problems.push(
        `CHROMIUM_PATH=${facts.chromiumPath} is not an executable file. Point it at a Chromium, or unset it ` +
          `(the tests then use Debian's chromium at ${DEFAULT_CHROMIUM}, installed by ${rerun} when it can).`,
      );
    } else {
      missing.push({
        what: `Chromium (no ${facts.chromiumPath})`,
        why: "the browser journeys (e2e/) drive Debian's Chromium; fonts-noto-core so that pages render text",
        packages: ['chromium', 'fonts-noto-core'],
      });
    }
  }
  if (facts.needPostgres && !facts.pgUrlGiven && !facts.pgBin) {
    missing.push({
      what: 'PostgreSQL (no initdb and pg_ctl in /usr/lib/postgresql/*/bin or on PATH, and TEST_PG_URL unset)',
      why: 'every server suite runs on PostgreSQL as well as SQLite, on a throwaway server started from those binaries',
      packages: ['postgresql-15'],
    });
  }
  const packages = missing.flatMap((m) => m.packages);
  const apt = ['install', '-y', '--no-install-recommends', ...packages];
  if (!missing.length && !problems.length) return { action: 'run', missing, problems, packages };
  if (!problems.length && facts.root && facts.apt) {
    return {
      action: 'install',
      missing,
      problems,
      packages,
      // the lock timeout: another apt-get on the machine (unattended upgrades) holds it for a while
      commands: [
        ['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update'],
        ['apt-get', '-o', 'DPkg::Lock::Timeout=300', ...apt],
      ],
    };
  }
  let command = null;
  if (packages.length && facts.apt) command = `${facts.root ? '' : 'sudo '}apt-get update && ${facts.root ? '' : 'sudo '}apt-get ${apt.join(' ')}`;
  else if (packages.length) {
    // no apt-get (not Debian): install them with the system's own packages and say where they are
    const vars = [];
    if (missing.some((m) => m.packages.includes('chromium'))) vars.push('CHROMIUM_PATH=/path/to/chromium');
    if (packages.includes('postgresql-15')) vars.push('TEST_PG_URL=postgres://USER@HOST:5432/postgres');
    command = `${vars.join(' ')} ${rerun}`;
  }
  return { action: 'stop', missing, problems, packages, command, apt: Boolean(packages.length && facts.apt), rerun };
}

/** What plan()'s answer means, as the lines printed (without the prefix). */
export function describePlan(p) {
  const lines = [];
  for (const m of p.missing) lines.push(`missing: ${m.what}: ${m.why}.`);
  for (const problem of p.problems) lines.push(problem);
  if (p.action === 'install') lines.push(`installing Debian's ${p.packages.join(' ')} (root, apt-get): ${p.commands.map((c) => c.join(' ')).join(' && ')}`);
  if (p.action === 'stop') {
    lines.push('Stopped before running any test: a browser journey or a PostgreSQL suite is never skipped.');
    if (p.command && p.apt) lines.push(`Run this (as root, ${p.rerun} runs it itself), then ${p.rerun} again:`, `    ${p.command}`);
    else if (p.command) lines.push("Install what is missing with this system's packages and say where it is:", `    ${p.command}`);
    if (p.apt) lines.push('Or point the tests at what you have: CHROMIUM_PATH=/path/to/chromium, TEST_PG_URL=postgres://USER@HOST:PORT/DB (a role that may create databases).');
  }
  return lines;
}

/** Runs a command with the terminal attached (apt-get's own progress is shown); its exit code. */
function runCommand([cmd, ...args]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status ?? 1;
}

/**
 * Checks, installs what is missing when it can, checks again. Returns true when the tests can run;
 * false when they cannot (what to do has been printed). `facts` and `run` are replaceable for tests.
 * @param {{ needBrowser: boolean, needPostgres: boolean, rerun?: string, log?: (line: string) => void, error?: (line: string) => void,
 *           facts?: () => ReturnType<typeof machineFacts>, run?: (command: string[]) => number }} options
 */
export function prepare({ needBrowser, needPostgres, rerun = 'npm test', log = console.log, error = console.error, facts, run = runCommand }) {
  const check = facts ?? (() => machineFacts({ needBrowser, needPostgres }));
  const first = plan(check(), rerun);
  if (first.action === 'run') return true;
  if (first.action === 'stop') {
    for (const line of describePlan(first)) error(line);
    return false;
  }
  for (const line of describePlan(first)) log(line);
  for (const command of first.commands) {
    const code = run(command);
    if (code !== 0) {
      error(`${command.join(' ')} failed (exit ${code}); no test was run. Once it is fixed, run:`);
      error(`    ${first.commands.map((c) => c.join(' ')).join(' && ')}`);
      return false;
    }
  }
  const after = plan(check(), rerun);
  if (after.action === 'run') {
    log(`installed: ${first.packages.join(' ')}`);
    return true;
  }
  error(`still missing after apt-get installed ${first.packages.join(' ')}; no test was run:`);
  for (const m of after.missing) error(`missing: ${m.what}.`);
  for (const problem of after.problems) error(problem);
  return false;
}
