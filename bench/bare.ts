/**
 * The limit the benchmark compares with: the same pages served by a bare Fastify + better-sqlite3
 * endpoint over the same database file, with none of the server's layers (no token check, no
 * permissions, no encrypted ids, no enrichment, no paginator links).
 *
 *   PORT=<port> node --import tsx bench/bare.ts <sqlite file>
 *
 * GET /bare/patients?page=N: 25 patients newest first, as the console's patient list asks for them.
 * GET /bare/patients?search=T: the patients whose name, email, phone or CNIC contain T, counted exactly and
 *   the first 25 newest first: the count from the patients' own FTS5 trigram table (migration 0032), the
 *   page by SQLite's own plan for `id IN (the matches)` in the list's order. The same answer as ours.
 * GET /bare/admins?page=N: 25 admins in id order, as the console's admin list asks for them.
 * GET /bare/tasks?page=N, /bare/appointments?page=N: 25 newest first (tasks by created_at, appointments
 *   by date), as those lists ask for them.
 * Every page is a plain LIMIT/OFFSET walk of the list's index.
 * Each answers { data, total }: the total from the trigger-kept row_counts, as the real server's
 * unfiltered lists take it (a count(*) over 100,000 patients would make the "limit" slower than the
 * server), and the page with every column but secrets; read-only.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.argv[2];
const port = Number(process.env.PORT);
if (!file || !port) throw new Error('usage: PORT=<port> bench/bare.ts <sqlite file>');

const db = new Database(file, { readonly: true, fileMustExist: true });
/** every column but secrets, as the real server leaves those out too */
const columns = (table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
    .map((c) => c.name)
    .filter((n) => !/password|token|secret/.test(n))
    .map((n) => `"${n}"`)
    .join(', ');
const kept = db.prepare('SELECT n FROM row_counts WHERE table_name = ?');
const patientsPage = db.prepare(`SELECT ${columns('users')} FROM users WHERE type = 'patient' ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET ?`);
const adminsPage = db.prepare(`SELECT ${columns('admins')} FROM admins ORDER BY id ASC LIMIT 25 OFFSET ?`);
const tasksPage = db.prepare(`SELECT ${columns('tasks')} FROM tasks ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET ?`);
const appointmentsPage = db.prepare(`SELECT ${columns('appointments')} FROM appointments ORDER BY date DESC, id DESC LIMIT 25 OFFSET ?`);
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
const searchCount = db.prepare('SELECT count(*) AS n FROM users_search__patient WHERE users_search__patient MATCH ?');
const searchPage = db.prepare(`SELECT ${columns('users')} FROM users WHERE type = 'patient' AND id IN (SELECT rowid FROM users_search__patient WHERE users_search__patient MATCH ?) ORDER BY created_at DESC, id DESC LIMIT 25`);

const app = Fastify({ logger: false });
const pageOf = (query: unknown) => {
  const n = Number((query as { page?: string }).page ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
};
app.get('/bare/patients', async (request) => {
  const search = (request.query as { search?: string }).search;
  if (search) return { total: (searchCount.get(phrase(search)) as { n: number }).n, data: searchPage.all(phrase(search)) };
  const total = (kept.get('users:patient') as { n: number }).n;
  return { data: patientsPage.all((pageOf(request.query) - 1) * 25), total };
});
app.get('/bare/tasks', async (request) => ({ data: tasksPage.all((pageOf(request.query) - 1) * 25), total: (kept.get('tasks') as { n: number }).n }));
app.get('/bare/appointments', async (request) => ({ data: appointmentsPage.all((pageOf(request.query) - 1) * 25), total: (kept.get('appointments') as { n: number }).n }));
app.get('/bare/admins', async (request) => {
  const total = (kept.get('admins') as { n: number }).n;
  return { data: adminsPage.all((pageOf(request.query) - 1) * 25), total };
});
app.get('/api/health', async () => ({ ok: true }));

app.listen({ host: '127.0.0.1', port }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
