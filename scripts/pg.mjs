#!/usr/bin/env node
// A throwaway PostgreSQL server for tests: a fresh cluster in a temp dir, on a free
// loopback port, deleted again by stop(). No dependencies, so it runs before `npm ci`.
//
//   import { startThrowawayPostgres } from './pg.mjs';
//   const pg = await startThrowawayPostgres();   // pg.url = postgres://postgres@127.0.0.1:PORT/postgres
//   ...; await pg.stop();
//
// Run directly (`node scripts/pg.mjs`) it prints the URL and stops on SIGINT/SIGTERM.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Directory holding initdb and pg_ctl: Debian's /usr/lib/postgresql/<highest>/bin, else PATH; null if none. */
export function findPostgresBin() {
  const has = (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => has(path.join(root, v, 'bin')))
      .sort((a, b) => parseFloat(b) - parseFloat(a));
    if (versions.length) return path.join(root, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir && has(dir)) return dir;
  return null;
}

/** A port that was free a moment ago (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres({ port } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL not found (looked in /usr/lib/postgresql/*/bin and PATH); install postgresql-15');

  // PostgreSQL refuses to run as root, so as root every command runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  let base = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  if (asRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(base, id('-u'), id('-g'));
    // A root-only TMPDIR (e.g. under /root) is closed to the postgres user: fall back to /tmp.
    try {
      execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-w', base], { cwd: '/' });
    } catch {
      rmSync(base, { recursive: true, force: true });
      base = mkdtempSync('/tmp/pg-test-');
      chownSync(base, id('-u'), id('-g'));
    }
  }
  const data = path.join(base, 'data');
  const log = path.join(base, 'postgres.log');
  const run = (cmd, args) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    try {
      // cwd=base: the postgres user may not be allowed into the caller's cwd (e.g. /root).
      return execFileSync(file, argv, { cwd: base, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } });
    } catch (err) {
      throw new Error(`${cmd} failed: ${String(err.stderr || err.message).trim()}`);
    }
  };

  let stopped = false;
  // Synchronous inside (a Promise only for the API), so it also works from a process 'exit' handler.
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(path.join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, 'stop', '-m', 'fast', '-w']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  };

  try {
    // C.UTF-8 (always present on Debian) keeps sorting identical on every machine; macOS has only C.
    const locale = process.platform === 'linux' ? 'C.UTF-8' : 'C';
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', `--locale=${locale}`, '--no-sync']);
    // A port picked by us can be taken by someone else before postgres binds it: retry a few times.
    for (let attempt = 1; ; attempt++) {
      const p = port ?? (await freePort());
      // fsync and friends off: the data is thrown away, and it makes schema-heavy tests much faster.
      const opts = `-p ${p} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
      try {
        // -l: without a log file the server keeps pg_ctl's stdout pipe open and execFileSync never returns.
        run('pg_ctl', ['-D', data, '-l', log, '-o', opts, '-w', '-t', '60', 'start']);
        return { url: `postgres://postgres@127.0.0.1:${p}/postgres`, port: p, dataDir: data, stop };
      } catch (err) {
        const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
        if (port === undefined && attempt < 3 && /already in use|could not bind/i.test(text)) continue;
        err.message += `\n--- ${log} ---\n${text}`;
        throw err;
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

// `node scripts/pg.mjs`: start one for manual use and keep it until interrupted.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pg = await startThrowawayPostgres({ port: process.env.PGPORT ? Number(process.env.PGPORT) : undefined });
  console.log(pg.url);
  const quit = async () => { await pg.stop(); process.exit(0); };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  setInterval(() => {}, 1 << 30); // stay alive until a signal arrives
}
