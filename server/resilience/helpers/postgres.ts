/**
 * A PostgreSQL cluster of the test's own, with PostgreSQL's default, durable settings (fsync,
 * synchronous commit, full page writes: unlike the throwaway server of `npm test`), that the test
 * may stop as an operator or a crash would (`pg_ctl stop -m immediate`: no checkpoint, every backend
 * gone at once, crash recovery at the next start) and start again on the same port and data.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/helpers/serverProcess';

export interface DurablePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** `pg_ctl stop -m immediate`: the server and every backend end at once, as in a crash */
  crash(): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections (after crash recovery) */
  start(): Promise<void>;
  /** stops it (fast) and removes its files */
  remove(): void;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => has(join(root, v, 'bin'))).sort((a, b) => parseFloat(b) - parseFloat(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && has(dir)) return dir;
  throw new Error('PostgreSQL not found (looked in /usr/lib/postgresql/*/bin and PATH): `npm run test:resilience` installs it');
}

export async function startDurablePostgres(): Promise<DurablePostgres> {
  const bin = postgresBin();
  // PostgreSQL refuses to run as root: as root every command runs as the postgres user, in /tmp
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'pg-durable-'));
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(base, id('-u'), id('-g'));
  }
  const data = join(base, 'data');
  const log = join(base, 'postgres.log');
  const command = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args]);
  const options = { cwd: base, env: { ...process.env, LC_ALL: 'C' } };
  const failed = (cmd: string, err: unknown) => {
    const e = err as { stderr?: Buffer | string; message: string };
    const text = existsSync(log) ? readFileSync(log, 'utf8').slice(-4000) : '';
    return new Error(`${cmd} failed: ${String(e.stderr || e.message).trim()}\n--- ${log} ---\n${text}`);
  };
  /** blocking: only where nothing else of the test runs (set-up and removal) */
  const runNow = (cmd: string, args: string[]) => {
    try {
      execFileSync(...command(cmd, args), { ...options, stdio: 'pipe' });
    } catch (err) {
      throw failed(cmd, err);
    }
  };
  /** the test's clients go on sending requests meanwhile */
  const run = async (cmd: string, args: string[]) => {
    try {
      await promisify(execFile)(...command(cmd, args), options);
    } catch (err) {
      throw failed(cmd, err);
    }
  };
  runNow('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  // the defaults but where it listens: fsync, synchronous_commit and full_page_writes stay on
  const settings = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const startArgs = ['-D', data, '-l', log, '-o', settings, '-w', '-t', '120', 'start'];
  runNow('pg_ctl', startArgs);
  let removed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => run('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-w']),
    start: () => run('pg_ctl', startArgs),
    remove() {
      if (removed) return;
      removed = true;
      try {
        if (existsSync(join(data, 'postmaster.pid'))) runNow('pg_ctl', ['-D', data, 'stop', '-m', 'fast', '-w']);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
  };
}
