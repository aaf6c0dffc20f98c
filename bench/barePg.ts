/**
 * The limit the benchmark compares with on PostgreSQL, as bench/bare.ts is on SQLite: the same pages
 * served by a bare Fastify + pg endpoint over the same database, with none of the server's layers (no
 * token check, no permissions, no encrypted ids, no enrichment, no paginator links, no named statements:
 * each query planned for its own values, as a hand-written endpoint sends it).
 *
 *   PORT=<port> node --import tsx bench/barePg.ts <postgres url>
 *
 * GET /bare/patients?page=N: 25 patients newest first, the kept total from row_counts.
 * GET /bare/patients?search=T: the patients whose searchable text (as `search_indexes` records the
 *   columns of `users`) contains T, case-insensitively: the exact count and the first 25 newest first,
 *   both by `ILIKE` with `type = 'patient'` spelt out, so PostgreSQL's planner takes the patients' own
 *   pg_trgm GIN index (migration 0032) or walks the list's order, as it judges for that term; the two
 *   queries at once on two connections. The same answer as ours.
 * GET /bare/admins?page=N, /bare/tasks?page=N, /bare/appointments?page=N: 25 rows as those lists ask.
 * Each answers { data, total }; read-only.
 */
import Fastify from 'fastify';
import pg from 'pg';

const url = process.argv[2];
const port = Number(process.env.PORT);
if (!url || !port) throw new Error('usage: PORT=<port> bench/barePg.ts <postgres url>');

pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: url, max: 10 });

async function columns(table: string): Promise<string> {
  const { rows } = await pool.query<{ name: string }>('SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position', [table]);
  return rows.map((c) => c.name).filter((n) => !/password|token|secret/.test(n)).map((n) => `"${n}"`).join(', ');
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const kept = async (key: string) => (await pool.query<{ n: number }>('SELECT n FROM row_counts WHERE table_name = $1', [key])).rows[0]!.n;
const page = async (sql: string, n: number) => (await pool.query(sql, [(n - 1) * 25])).rows;

async function main() {
const [users, admins, tasks, appointments] = await Promise.all(['users', 'admins', 'tasks', 'appointments'].map(columns));
const searched = JSON.parse((await pool.query<{ columns: string }>("SELECT columns FROM search_indexes WHERE table_name = 'users'")).rows[0]!.columns) as string[];
const text = searched.length === 1 ? `"${searched[0]}"` : `(${searched.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)})`;
const app = Fastify({ logger: false });
const pageOf = (query: unknown) => {
  const n = Number((query as { page?: string }).page ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
};
app.get('/bare/patients', async (request) => {
  const search = (request.query as { search?: string }).search;
  if (search) {
    const [count, rows] = await Promise.all([
      pool.query<{ n: number }>(`SELECT count(*) AS n FROM users WHERE type = 'patient' AND ${text} ILIKE $1`, [like(search)]),
      pool.query(`SELECT ${users} FROM users WHERE type = 'patient' AND ${text} ILIKE $1 ORDER BY created_at DESC, id DESC LIMIT 25`, [like(search)]),
    ]);
    return { total: count.rows[0]!.n, data: rows.rows };
  }
  const [total, data] = await Promise.all([kept('users:patient'), page(`SELECT ${users} FROM users WHERE type = 'patient' ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET $1`, pageOf(request.query))]);
  return { data, total };
});
app.get('/bare/tasks', async (request) => {
  const [total, data] = await Promise.all([kept('tasks'), page(`SELECT ${tasks} FROM tasks ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET $1`, pageOf(request.query))]);
  return { data, total };
});
app.get('/bare/appointments', async (request) => {
  const [total, data] = await Promise.all([kept('appointments'), page(`SELECT ${appointments} FROM appointments ORDER BY date DESC, id DESC LIMIT 25 OFFSET $1`, pageOf(request.query))]);
  return { data, total };
});
app.get('/bare/admins', async (request) => {
  const [total, data] = await Promise.all([kept('admins'), page(`SELECT ${admins} FROM admins ORDER BY id ASC LIMIT 25 OFFSET $1`, pageOf(request.query))]);
  return { data, total };
});
app.get('/api/health', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
