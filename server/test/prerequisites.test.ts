/**
 * What `npm test` (and `npm run test:resilience`) do about a machine without Chromium or PostgreSQL
 * (scripts/prerequisites.mjs), with the machine's facts given instead of checked: what is installed,
 * which commands run, what is printed, and that a run that cannot get them stops instead of skipping.
 * The module is plain ESM run by node before jest starts, so it is exercised in a node process of its own.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const MODULE = pathToFileURL(join(__dirname, '..', '..', 'scripts', 'prerequisites.mjs')).href;

interface Facts {
  needBrowser: boolean;
  needPostgres: boolean;
  chromiumPath: string;
  chromiumFromEnv: boolean;
  chromiumFound: boolean;
  pgUrlGiven: boolean;
  pgBin: string | null;
  root: boolean;
  apt: boolean;
}
interface Plan {
  action: 'run' | 'install' | 'stop';
  packages: string[];
  commands?: string[][];
  command?: string | null;
  problems: string[];
}
interface Prepared {
  ok: boolean;
  commands: string[][];
  printed: string[];
  checks: number;
}

/** A machine with everything: root, apt-get, Chromium and the PostgreSQL binaries. */
const ALL: Facts = {
  needBrowser: true, needPostgres: true, chromiumPath: '/usr/bin/chromium', chromiumFromEnv: false, chromiumFound: true,
  pgUrlGiven: false, pgBin: '/usr/lib/postgresql/15/bin', root: true, apt: true,
};
const BARE: Facts = { ...ALL, chromiumFound: false, pgBin: null };

/** Runs the module in node on the given inputs (see DRIVER). */
function drive(input: unknown): Record<string, unknown> {
  const DRIVER = `
    const { plan, describePlan, prepare, machineFacts } = await import(${JSON.stringify(MODULE)});
    const input = JSON.parse(process.argv[1]);
    const out = {};
    out.plans = input.plans.map(([facts, rerun]) => { const p = plan(facts, rerun ?? undefined); return { plan: p, printed: describePlan(p) }; });
    out.prepares = input.prepares.map(({ facts, codes, rerun }) => {
      const commands = [], printed = [];
      let checks = 0;
      const ok = prepare({
        needBrowser: true, needPostgres: true, rerun,
        facts: () => facts[Math.min(checks++, facts.length - 1)],
        run: (command) => { commands.push(command); return codes[commands.length - 1] ?? 0; },
        log: (line) => printed.push(line),
        error: (line) => printed.push('ERROR ' + line),
      });
      return { ok, commands, printed, checks };
    });
    out.facts = input.facts.map((env) => machineFacts({ needBrowser: true, needPostgres: true, env }));
    console.log(JSON.stringify(out));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', DRIVER, JSON.stringify(input)], { encoding: 'utf8' }));
}

const cases: [string, Facts, string?][] = [
  ['everything there', ALL],
  ['root with apt-get, nothing there', BARE],
  ['root with apt-get, no Chromium', { ...ALL, chromiumFound: false }],
  ['root with apt-get, no PostgreSQL', { ...ALL, pgBin: null }],
  ['no PostgreSQL binaries but TEST_PG_URL', { ...ALL, pgBin: null, pgUrlGiven: true }],
  ['nothing there, but neither the browser journeys nor the server suites selected', { ...BARE, needBrowser: false, needPostgres: false }],
  ['not root, with apt-get', { ...BARE, root: false }],
  ['root without apt-get', { ...BARE, apt: false }],
  ['not root without apt-get, no Chromium', { ...ALL, chromiumFound: false, root: false, apt: false }],
  ['CHROMIUM_PATH naming no file, root with apt-get', { ...ALL, chromiumPath: '/opt/nowhere/chrome', chromiumFromEnv: true, chromiumFound: false }],
  ['CHROMIUM_PATH naming no file and no PostgreSQL', { ...ALL, chromiumPath: '/opt/nowhere/chrome', chromiumFromEnv: true, chromiumFound: false, pgBin: null }],
  ['the resilience tests, not root, no PostgreSQL', { ...ALL, needBrowser: false, pgBin: null, root: false }, 'npm run test:resilience'],
];

const result = drive({
  plans: cases.map(([, facts, rerun]) => [facts, rerun]),
  prepares: [
    { facts: [ALL], codes: [] },
    { facts: [BARE, ALL], codes: [0, 0] },
    { facts: [BARE, ALL], codes: [100] },
    { facts: [BARE, { ...ALL, chromiumFound: false }], codes: [0, 0] },
    { facts: [{ ...BARE, root: false }], codes: [] },
  ],
  facts: [{ CHROMIUM_PATH: '/nonexistent/chromium', PATH: '' }, { PATH: '' }],
});
const plans = result.plans as { plan: Plan; printed: string[] }[];
const planOf = (name: string) => plans[cases.findIndex(([n]) => n === name)]!;
const APT = ['apt-get', '-o', 'DPkg::Lock::Timeout=300'];

describe('what npm test does about a missing Chromium or PostgreSQL', () => {
  test('with everything there it runs, installing and printing nothing', () => {
    expect(planOf('everything there')).toEqual({ plan: expect.objectContaining({ action: 'run', packages: [] }), printed: [] });
    expect(planOf('no PostgreSQL binaries but TEST_PG_URL').plan.action).toBe('run');
    expect(planOf('nothing there, but neither the browser journeys nor the server suites selected').plan.action).toBe('run');
  });

  test("as root with apt-get it installs Debian's packages for what is missing, saying what and why", () => {
    const all = planOf('root with apt-get, nothing there');
    expect(all.plan.action).toBe('install');
    expect(all.plan.commands).toEqual([[...APT, 'update'], [...APT, 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-core', 'postgresql-15']]);
    expect(all.printed.join('\n')).toMatch(/missing: Chromium \(no \/usr\/bin\/chromium\): the browser journeys/);
    expect(all.printed.join('\n')).toMatch(/missing: PostgreSQL .*every server suite runs on PostgreSQL as well as SQLite/);
    expect(all.printed.join('\n')).toMatch(/installing Debian's chromium fonts-noto-core postgresql-15/);
    expect(planOf('root with apt-get, no Chromium').plan.packages).toEqual(['chromium', 'fonts-noto-core']);
    expect(planOf('root with apt-get, no PostgreSQL').plan.packages).toEqual(['postgresql-15']);
  });

  test('without root or apt-get it stops, printing the one command to run', () => {
    const user = planOf('not root, with apt-get');
    expect(user.plan.action).toBe('stop');
    expect(user.plan.command).toBe('sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-noto-core postgresql-15');
    expect(user.printed).toContain(`    ${user.plan.command}`);
    expect(user.printed.join('\n')).toMatch(/Stopped before running any test/);

    expect(planOf('root without apt-get').plan.command).toBe('CHROMIUM_PATH=/path/to/chromium TEST_PG_URL=postgres://USER@HOST:5432/postgres npm test');
    expect(planOf('not root without apt-get, no Chromium').plan).toEqual(expect.objectContaining({ action: 'stop', command: 'CHROMIUM_PATH=/path/to/chromium npm test' }));
    expect(planOf('the resilience tests, not root, no PostgreSQL').plan).toEqual(expect.objectContaining({
      action: 'stop', packages: ['postgresql-15'], command: 'sudo apt-get update && sudo apt-get install -y --no-install-recommends postgresql-15',
    }));
    expect(planOf('the resilience tests, not root, no PostgreSQL').printed.join('\n')).toMatch(/then npm run test:resilience again/);
  });

  test('a CHROMIUM_PATH that names no file stops the run (no install would fix it), and PostgreSQL is still named', () => {
    const wrong = planOf('CHROMIUM_PATH naming no file, root with apt-get');
    expect(wrong.plan).toEqual(expect.objectContaining({ action: 'stop', packages: [], command: null }));
    expect(wrong.printed.join('\n')).toMatch(/CHROMIUM_PATH=\/opt\/nowhere\/chrome is not an executable file/);
    const both = planOf('CHROMIUM_PATH naming no file and no PostgreSQL');
    expect(both.plan).toEqual(expect.objectContaining({ action: 'stop', packages: ['postgresql-15'], command: 'apt-get update && apt-get install -y --no-install-recommends postgresql-15' }));
  });

  test('prepare(): installs, checks again, and stops when a command fails or the install did not provide it', () => {
    const [fine, installed, updateFailed, stillMissing, notRoot] = result.prepares as Prepared[];
    expect(fine).toEqual({ ok: true, commands: [], printed: [], checks: 1 });

    expect(installed!.ok).toBe(true);
    expect(installed!.commands).toEqual([[...APT, 'update'], [...APT, 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-core', 'postgresql-15']]);
    expect(installed!.checks).toBe(2);
    expect(installed!.printed.at(-1)).toBe('installed: chromium fonts-noto-core postgresql-15');

    expect(updateFailed!.ok).toBe(false);
    expect(updateFailed!.commands).toHaveLength(1);
    expect(updateFailed!.printed.join('\n')).toMatch(/ERROR apt-get .* update failed \(exit 100\); no test was run/);

    expect(stillMissing!.ok).toBe(false);
    expect(stillMissing!.printed.join('\n')).toMatch(/ERROR still missing after apt-get installed .*\nERROR missing: Chromium/);

    expect(notRoot!.ok).toBe(false);
    expect(notRoot!.commands).toEqual([]);
    expect(notRoot!.printed.every((line) => line.startsWith('ERROR '))).toBe(true);
  });

  test('the checks themselves: a CHROMIUM_PATH naming no file is not found, and no apt-get without a PATH', () => {
    const [given, unset] = result.facts as Facts[];
    expect(given).toEqual(expect.objectContaining({ chromiumPath: '/nonexistent/chromium', chromiumFromEnv: true, chromiumFound: false, apt: false }));
    expect(unset).toEqual(expect.objectContaining({ chromiumPath: '/usr/bin/chromium', chromiumFromEnv: false }));
  });
});
