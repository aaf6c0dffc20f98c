import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../src/db';

/**
 * The server's own PostgreSQL connections (db/index.ts): every one the pool opens compiles no statement
 * just in time. A list's folded page carries a fallback count(*) that is costed though never run, and at
 * a million patients that estimate passed jit_above_cost: ~25-30 ms of compiling for 1 ms of work, each call.
 */
describe('the server\'s PostgreSQL connections (postgres)', () => {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: run the suite with `npm test`, which starts a throwaway PostgreSQL');

  test('have jit off, each connection the pool opens', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pg-connections-'));
    const database = createDb({ databaseUrl: url, dataDir });
    try {
      // four transactions at once hold four connections of the pool
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          database.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ jit: string; pid: number }>`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05) is null`.execute(trx);
            return rows[0]!;
          }),
        ),
      );
      expect(new Set(settings.map((s) => s.pid)).size).toBe(4);
      expect(settings.map((s) => s.jit)).toEqual(['off', 'off', 'off', 'off']);
    } finally {
      await database.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
