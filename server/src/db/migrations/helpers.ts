import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../index';
import { hasSearchText, searchPartitionTable, searchTable, searchText, searchTextOf } from '../search';

/**
 * Helpers of the migrations. Each migration is portable: the only dialect differences (auto-increment
 * ids, triggers, search indexes) go through these. Migrations see the schema as it was when they were
 * written, so they use an untyped handle.
 */
export type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was

/** A migration whose SQL depends on the dialect. */
export interface DialectMigration {
  up(db: Db, dialect: Dialect): Promise<void>;
  down(db: Db, dialect: Dialect): Promise<void>;
}

export const forDialect = (m: DialectMigration, dialect: Dialect): Migration => ({
  up: (db: Db) => m.up(db, dialect),
  down: (db: Db) => m.down(db, dialect),
});

export function idColumn<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function timestamps<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull);
}

/** A table with only id + title, used by several reference resources. */
export async function titleTable(db: Db, dialect: Dialect, name: string) {
  await timestamps(idColumn(db.schema.createTable(name), dialect).addColumn('title', 'text', notNull)).execute();
  await db.schema.createIndex(`${name}_title_idx`).on(name).column('title').execute();
}

export async function appendOnly(db: Db, dialect: Dialect, table: string) {
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION ${sql.raw(table)}_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION '${sql.raw(table)} is append-only'; END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(table)}_append_only BEFORE UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(table)}_append_only()`.execute(db);
  } else {
    for (const op of ['UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_${op.toLowerCase()}`)} BEFORE ${sql.raw(op)} ON ${sql.table(table)}
        BEGIN SELECT RAISE(ABORT, '${sql.raw(table)} is append-only'); END`.execute(db);
    }
  }
}

/**
 * Keeps `row_counts` exact for a table (its current count, then triggers on insert and delete). The
 * list machinery reads an unfiltered list's total from row_counts and falls back to count(*) for
 * tables without a counter. `createResourceTable` calls this for every table it makes.
 */
export async function addRowCounter(db: Db, dialect: Dialect, table: string): Promise<void> {
  await sql`INSERT INTO row_counts (table_name, n) SELECT ${table}, count(*) FROM ${sql.table(table)}`.execute(db);
  if (dialect === 'postgres') {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()`.execute(db);
  } else {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)}
      BEGIN UPDATE row_counts SET n = n + 1 WHERE table_name = ${sql.lit(table)}; END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)}
      BEGIN UPDATE row_counts SET n = n - 1 WHERE table_name = ${sql.lit(table)}; END`.execute(db);
  }
}

/** The row counter key of a subset of a table (`users:patient`): the list machinery reads it. */
export const subsetCounterKey = (table: string, value: string) => `${table}:${value}`;

/**
 * Keeps `row_counts` exact for the rows of `table` whose `column` is `value` (the patients among all
 * users), under the key `table:value`. Row-level triggers with a WHEN condition on both dialects, on
 * insert and delete; the machinery sets the column on create only, and `addSubsetCounterMoves` makes
 * a change of it by other means move the row from one counter to the other.
 */
export async function addSubsetCounter(db: Db, dialect: Dialect, table: string, column: string, value: string): Promise<void> {
  const key = subsetCounterKey(table, value);
  const name = `${table}_count_${value}`;
  await sql`INSERT INTO row_counts (table_name, n) SELECT ${key}, count(*) FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(db);
  if (dialect === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION row_counts_bump() RETURNS trigger AS $$
      BEGIN UPDATE row_counts SET n = n + TG_ARGV[1]::int WHERE table_name = TG_ARGV[0]; RETURN NULL; END
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${name}_insert`)} AFTER INSERT ON ${sql.table(table)} FOR EACH ROW
      WHEN (NEW.${sql.ref(column)} = ${sql.lit(value)}) EXECUTE FUNCTION row_counts_bump(${sql.lit(key)}, '1')`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${name}_delete`)} AFTER DELETE ON ${sql.table(table)} FOR EACH ROW
      WHEN (OLD.${sql.ref(column)} = ${sql.lit(value)}) EXECUTE FUNCTION row_counts_bump(${sql.lit(key)}, '-1')`.execute(db);
  } else {
    await sql`CREATE TRIGGER ${sql.raw(`${name}_insert`)} AFTER INSERT ON ${sql.table(table)} WHEN new.${sql.ref(column)} = ${sql.lit(value)}
      BEGIN UPDATE row_counts SET n = n + 1 WHERE table_name = ${sql.lit(key)}; END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${name}_delete`)} AFTER DELETE ON ${sql.table(table)} WHEN old.${sql.ref(column)} = ${sql.lit(value)}
      BEGIN UPDATE row_counts SET n = n - 1 WHERE table_name = ${sql.lit(key)}; END`.execute(db);
  }
}

/**
 * PostgreSQL: the subset counter of `addSubsetCounter` kept once a statement (from its transition
 * tables, as `addRowCounter` keeps a table's) instead of once a row. Row by row, a statement that
 * inserts many rows of the subset (a bulk load, an import) updates the one counter row again for each:
 * every update adds a version of that row the next must walk past within the transaction, so 20,000
 * patients in one COPY cost minutes. Replaces the subset's row-level triggers when they are there;
 * `perRowSubsetCounter` puts them back. SQLite keeps its row triggers (an UPDATE in place there).
 */
export async function perStatementSubsetCounter(db: Db, table: string, column: string, value: string): Promise<void> {
  const key = subsetCounterKey(table, value);
  const name = `${table}_count_${value}`;
  for (const op of ['insert', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${name}_${op}`)} ON ${sql.table(table)}`.execute(db);
  for (const [fn, rows, sign] of [['add', 'new_rows', '+'], ['remove', 'old_rows', '-']] as const) {
    await sql`CREATE OR REPLACE FUNCTION ${sql.raw(`${name}_${fn}`)}() RETURNS trigger AS $$
      BEGIN
        UPDATE row_counts SET n = n ${sql.raw(sign)} c.k FROM (SELECT count(*)::int AS k FROM ${sql.raw(rows)} WHERE ${sql.ref(column)} = ${sql.lit(value)}) AS c
          WHERE table_name = ${sql.lit(key)} AND c.k > 0;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
  }
  await statementTriggers(db, table, name, { insert: `${name}_add`, delete: `${name}_remove` });
}

/**
 * PostgreSQL: the triggers `<name>_insert` and `<name>_delete` of `table`, once a statement, running the
 * given functions with the statement's rows in the transition tables `new_rows` and `old_rows`.
 */
async function statementTriggers(db: Db, table: string, name: string, functions: { insert: string; delete: string }): Promise<void> {
  await sql`CREATE TRIGGER ${sql.raw(`${name}_insert`)} AFTER INSERT ON ${sql.table(table)}
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(functions.insert)}()`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${name}_delete`)} AFTER DELETE ON ${sql.table(table)}
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(functions.delete)}()`.execute(db);
}

/** PostgreSQL: back from `perStatementSubsetCounter` to the row-level triggers `addSubsetCounter` made. */
export async function perRowSubsetCounter(db: Db, table: string, column: string, value: string): Promise<void> {
  const key = subsetCounterKey(table, value);
  const name = `${table}_count_${value}`;
  for (const op of ['insert', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${name}_${op}`)} ON ${sql.table(table)}`.execute(db);
  for (const fn of ['add', 'remove']) await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${name}_${fn}`)}()`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${name}_insert`)} AFTER INSERT ON ${sql.table(table)} FOR EACH ROW
    WHEN (NEW.${sql.ref(column)} = ${sql.lit(value)}) EXECUTE FUNCTION row_counts_bump(${sql.lit(key)}, '1')`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${name}_delete`)} AFTER DELETE ON ${sql.table(table)} FOR EACH ROW
    WHEN (OLD.${sql.ref(column)} = ${sql.lit(value)}) EXECUTE FUNCTION row_counts_bump(${sql.lit(key)}, '-1')`.execute(db);
}

/**
 * A change of `column` moves the row between the subset counters of `table` (`users:patient` one
 * fewer, `users:doctor` one more): one row-level trigger for every value; a value without a counter
 * is not counted.
 */
export async function addSubsetCounterMoves(db: Db, dialect: Dialect, table: string, column: string): Promise<void> {
  const name = `${table}_count_${column}_update`;
  if (dialect === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION row_counts_move() RETURNS trigger AS $$
      DECLARE
        was text := TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]);
        is_now text := TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]);
      BEGIN
        UPDATE row_counts SET n = n + CASE WHEN table_name = is_now THEN 1 ELSE -1 END WHERE table_name IN (was, is_now);
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(name)} AFTER UPDATE OF ${sql.ref(column)} ON ${sql.table(table)} FOR EACH ROW
      WHEN (OLD.${sql.ref(column)} IS DISTINCT FROM NEW.${sql.ref(column)}) EXECUTE FUNCTION row_counts_move(${sql.lit(table)}, ${sql.lit(column)})`.execute(db);
  } else {
    await sql`CREATE TRIGGER ${sql.raw(name)} AFTER UPDATE OF ${sql.ref(column)} ON ${sql.table(table)} WHEN old.${sql.ref(column)} IS NOT new.${sql.ref(column)}
      BEGIN
        UPDATE row_counts SET n = n - 1 WHERE table_name = ${sql.lit(`${table}:`)} || old.${sql.ref(column)};
        UPDATE row_counts SET n = n + 1 WHERE table_name = ${sql.lit(`${table}:`)} || new.${sql.ref(column)};
      END`.execute(db);
  }
}

export async function dropSubsetCounterMoves(db: Db, dialect: Dialect, table: string, column: string): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${column}_update`)} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
}

export async function dropSubsetCounter(db: Db, dialect: Dialect, table: string, value: string): Promise<void> {
  for (const op of ['insert', 'delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${value}_${op}`)} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
  }
  // the functions of perStatementSubsetCounter, where they were made
  if (dialect === 'postgres') for (const fn of ['add', 'remove']) await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${table}_count_${value}_${fn}`)}()`.execute(db);
  await sql`DELETE FROM row_counts WHERE table_name = ${subsetCounterKey(table, value)}`.execute(db);
}

export async function dropRowCounter(db: Db, dialect: Dialect, table: string): Promise<void> {
  for (const op of ['insert', 'delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${op}`)} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
  }
  await sql`DELETE FROM row_counts WHERE table_name = ${table}`.execute(db);
}

/** Whether PostgreSQL offers pg_trgm here (a trusted extension: a database owner may create it). */
async function trigramsAvailable(db: Db): Promise<boolean> {
  const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  return Boolean(available.rows[0]?.n);
}

/**
 * The search index of a table over its searchable columns (db/search.ts says what a search matches),
 * recorded in `search_indexes` so the list machinery and the tests know which columns it covers.
 * SQLite: an FTS5 trigram table kept by triggers. PostgreSQL: a pg_trgm GIN index on the joined
 * expression; where pg_trgm is not installed nothing is recorded and search stays correct, only slower.
 * `existing` records a PostgreSQL index that an earlier migration already built.
 */
export async function addSearchIndex(db: Db, dialect: Dialect, table: string, columns: readonly string[], existing = false): Promise<void> {
  if (dialect === 'postgres') {
    if (!(await trigramsAvailable(db))) return;
    if (!existing) {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      const text = columns.length === 1 ? searchText(columns) : sql`(${searchText(columns)})`;
      await sql`CREATE INDEX ${sql.raw(`${table}_search_trgm`)} ON ${sql.table(table)} USING gin (${text} gin_trgm_ops)`.execute(db);
    }
    if (await hasSearchText(db)) await addSearchTextKind(db, table, columns);
  } else {
    const fts = searchTable(table);
    await sql`CREATE VIRTUAL TABLE ${sql.raw(fts)} USING fts5(text, tokenize = 'trigram')`.execute(db);
    await sql`INSERT INTO ${sql.raw(fts)} (rowid, text) SELECT id, ${searchTextOf('new', columns)} FROM ${sql.table(table)} AS new`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fts}_insert`)} AFTER INSERT ON ${sql.table(table)}
      BEGIN INSERT INTO ${sql.raw(fts)} (rowid, text) VALUES (new.id, ${searchTextOf('new', columns)}); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fts}_update`)} AFTER UPDATE OF ${sql.join(columns.map((c) => sql.ref(c)))} ON ${sql.table(table)}
      BEGIN UPDATE ${sql.raw(fts)} SET text = ${searchTextOf('new', columns)} WHERE rowid = new.id; END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fts}_delete`)} AFTER DELETE ON ${sql.table(table)}
      BEGIN DELETE FROM ${sql.raw(fts)} WHERE rowid = old.id; END`.execute(db);
  }
  await db.insertInto('search_indexes').values({ table_name: table, columns: JSON.stringify(columns) }).execute();
}

/**
 * A search index of one subset of a table (the patients among all users), listed in `search_indexes`
 * under the subset's key (`users:patient`, as its row counter): a list of the subset counts a search
 * from the index alone, and walks or looks up only the subset's matches.
 *
 * - SQLite: an FTS5 trigram table `<table>_search__<value>` holding the subset's rows only, kept by
 *   triggers on insert, delete and an update of the searched columns or of the subset's column (a row
 *   that moves between subsets moves between their tables).
 * - PostgreSQL: a partial pg_trgm GIN index on the same expression `WHERE column = value`, which the
 *   planner takes for a query that names the subset.
 */
export async function addSearchPartition(db: Db, dialect: Dialect, table: string, columns: readonly string[], subset: { column: string; value: string }): Promise<void> {
  const { column, value } = subset;
  if (dialect === 'postgres') {
    if (!(await trigramsAvailable(db))) return;
    const text = columns.length === 1 ? searchText(columns) : sql`(${searchText(columns)})`;
    await sql`CREATE INDEX ${sql.raw(`${table}_search_trgm__${value}`)} ON ${sql.table(table)} USING gin (${text} gin_trgm_ops) WHERE ${sql.ref(column)} = ${sql.lit(value)}`.execute(db);
    if (await hasSearchText(db)) await addSearchTextKind(db, table, columns, subset);
  } else {
    const fts = searchPartitionTable(table, value);
    const when = (row: 'new' | 'old') => sql`${sql.raw(row)}.${sql.ref(column)} = ${sql.lit(value)}`;
    await sql`CREATE VIRTUAL TABLE ${sql.raw(fts)} USING fts5(text, tokenize = 'trigram')`.execute(db);
    await sql`INSERT INTO ${sql.raw(fts)} (rowid, text) SELECT id, ${searchTextOf('new', columns)} FROM ${sql.table(table)} AS new WHERE ${when('new')}`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fts}_insert`)} AFTER INSERT ON ${sql.table(table)} WHEN ${when('new')}
      BEGIN INSERT INTO ${sql.raw(fts)} (rowid, text) VALUES (new.id, ${searchTextOf('new', columns)}); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fts}_update`)} AFTER UPDATE OF ${sql.join([...columns, column].map((c) => sql.ref(c)))} ON ${sql.table(table)} WHEN ${when('old')} OR ${when('new')}
      BEGIN
        DELETE FROM ${sql.raw(fts)} WHERE rowid = old.id;
        INSERT INTO ${sql.raw(fts)} (rowid, text) SELECT new.id, ${searchTextOf('new', columns)} WHERE ${when('new')};
      END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fts}_delete`)} AFTER DELETE ON ${sql.table(table)} WHEN ${when('old')}
      BEGIN DELETE FROM ${sql.raw(fts)} WHERE rowid = old.id; END`.execute(db);
  }
  await db.insertInto('search_indexes').values({ table_name: subsetCounterKey(table, value), columns: JSON.stringify(columns) }).execute();
}

export async function dropSearchPartition(db: Db, dialect: Dialect, table: string, value: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_search_trgm__${value}`)}`.execute(db);
    if (await hasSearchText(db)) await dropSearchTextKind(db, table, subsetCounterKey(table, value));
  } else {
    const fts = searchPartitionTable(table, value);
    for (const op of ['insert', 'update', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${fts}_${op}`)}`.execute(db);
    await sql`DROP TABLE IF EXISTS ${sql.raw(fts)}`.execute(db);
  }
  await db.deleteFrom('search_indexes').where('table_name', '=', subsetCounterKey(table, value)).execute();
}

export async function dropSearchIndex(db: Db, dialect: Dialect, table: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_search_trgm`)}`.execute(db);
    if (await hasSearchText(db)) await dropSearchTextKind(db, table, table);
  } else {
    const fts = searchTable(table);
    for (const op of ['insert', 'update', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${fts}_${op}`)}`.execute(db);
    await sql`DROP TABLE IF EXISTS ${sql.raw(fts)}`.execute(db);
  }
  await db.deleteFrom('search_indexes').where('table_name', '=', table).execute();
}

/**
 * A resource's table: id, the columns `build` adds, created_at and updated_at, its row counter and its
 * search index over `search`. A module's migration calls this, so no table forgets either.
 */
export async function createResourceTable(
  db: Db,
  dialect: Dialect,
  table: string,
  build: (t: CreateTableBuilder<string, 'id'>) => CreateTableBuilder<string, string>,
  options: { search: readonly string[] },
): Promise<void> {
  await timestamps(build(idColumn(db.schema.createTable(table), dialect))).execute();
  await addRowCounter(db, dialect, table);
  await addSearchIndex(db, dialect, table, options.search);
}

export async function dropResourceTable(db: Db, dialect: Dialect, table: string): Promise<void> {
  await dropSearchIndex(db, dialect, table);
  await dropRowCounter(db, dialect, table);
  await db.schema.dropTable(table).execute();
}

/**
 * Keeps `counter`, a table of the number of `table`'s rows per value of `columns` (people per city and
 * kind), exact in the transaction of every write: filled from the current rows, then kept by triggers
 * on insert, delete and an update that changes any of the columns. A row with NULL in any of the
 * columns is not counted. A group keeps its counter row at n = 0 when its last row goes. On PostgreSQL
 * inserts and deletes are counted once a statement from the transition tables (a bulk import is one
 * upsert per group), and counter rows are upserted in key order, so concurrent writers lock them in
 * the same order. With `sum` (an integer column), the counter also keeps `total`, the sum of that
 * column over the counted rows (a doctor's ratings: their count and sum, so the average is one
 * division); a row whose summed column is NULL is not counted either, and a change of it moves the sum.
 */
export async function addGroupCounter(
  db: Db,
  dialect: Dialect,
  counter: string,
  table: string,
  columns: Readonly<Record<string, 'integer' | 'text'>>,
  options: { sum?: string } = {},
): Promise<void> {
  const names = Object.keys(columns);
  const { sum } = options;
  const cols = sql.join(names.map((c) => sql.ref(c)));
  const countedColumns = sum ? [...names, sum] : names;
  const counted = (row: string) => sql.join(countedColumns.map((c) => sql`${sql.ref(`${row}.${c}`)} IS NOT NULL`), sql` AND `);
  /** the kept columns beside the group's: n, and total with a sum */
  const kept = sum ? sql`n, total` : sql`n`;
  let create = db.schema.createTable(counter);
  for (const [name, type] of Object.entries(columns)) create = create.addColumn(name, type, notNull);
  create = create.addColumn('n', 'integer', notNull);
  if (sum) create = create.addColumn('total', 'integer', notNull);
  await create.addPrimaryKeyConstraint(`${counter}_pkey`, names as never[]).execute();
  const summed = (sign: string) => (sum ? sql`, ${sql.raw(sign)}sum(${sql.ref(`t.${sum}`)})` : sql``);
  await sql`INSERT INTO ${sql.table(counter)} (${cols}, ${kept}) SELECT ${cols}, count(*)${summed('')} FROM ${sql.table(table)} AS t WHERE ${counted('t')} GROUP BY ${cols}`.execute(db);
  const c = sql.table(counter);
  const upsert = sum
    ? sql`ON CONFLICT (${cols}) DO UPDATE SET n = ${c}.n + excluded.n, total = ${c}.total + excluded.total`
    : sql`ON CONFLICT (${cols}) DO UPDATE SET n = ${c}.n + excluded.n`;
  const watched = sum ? [...names, sum] : names;
  const watchedCols = sql.join(watched.map((w) => sql.ref(w)));
  if (dialect === 'postgres') {
    for (const [fn, rows, sign] of [['add', 'new_rows', ''], ['remove', 'old_rows', '-']] as const) {
      await sql`CREATE FUNCTION ${sql.raw(`${counter}_${fn}`)}() RETURNS trigger AS $$
        BEGIN
          INSERT INTO ${c} (${cols}, ${kept}) SELECT ${cols}, ${sql.raw(sign)}count(*)${summed(sign)} FROM ${sql.raw(rows)} AS t WHERE ${counted('t')}
            GROUP BY ${cols} ORDER BY ${cols} ${upsert};
          RETURN NULL;
        END $$ LANGUAGE plpgsql`.execute(db);
    }
    const oldValues = sql.join(watched.map((n) => sql.raw(`OLD.${n}`)));
    const newValues = sql.join(watched.map((n) => sql.raw(`NEW.${n}`)));
    // with a sum, a change of the summed column alone leaves the row in its group: both halves of the
    // move are one group's (one upsert may not touch a row twice), so they are added up first
    const picked = sum ? sql`${cols}, sum(n), sum(n * ${sql.ref(`t.${sum}`)})` : sql`${cols}, n`;
    const grouped = sum ? sql` GROUP BY ${cols}` : sql``;
    await sql`CREATE FUNCTION ${sql.raw(`${counter}_move`)}() RETURNS trigger AS $$
      BEGIN
        INSERT INTO ${c} (${cols}, ${kept}) SELECT ${picked} FROM (VALUES (${oldValues}, -1), (${newValues}, 1)) AS t (${watchedCols}, n)
          WHERE ${counted('t')}${grouped} ORDER BY ${cols} ${upsert};
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${counter}_insert`)} AFTER INSERT ON ${sql.table(table)}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(`${counter}_add`)}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${counter}_delete`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(`${counter}_remove`)}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${counter}_update`)} AFTER UPDATE OF ${watchedCols} ON ${sql.table(table)} FOR EACH ROW
      WHEN (${sql.join(watched.map((n) => sql.raw(`OLD.${n} IS DISTINCT FROM NEW.${n}`)), sql` OR `)}) EXECUTE FUNCTION ${sql.raw(`${counter}_move`)}()`.execute(db);
  } else {
    const values = (row: string) => sql.join(names.map((n) => sql.raw(`${row}.${n}`)));
    const match = (row: string) => sql.join(names.map((n) => sql.raw(`${n} = ${row}.${n}`)), sql` AND `);
    const one = (row: string) => (sum ? sql`1, ${sql.raw(`${row}.${sum}`)}` : sql`1`);
    const less = (row: string) => (sum ? sql`n = n - 1, total = total - ${sql.raw(`${row}.${sum}`)}` : sql`n = n - 1`);
    const oldCounted = (row: string) => (sum ? sql` AND ${sql.raw(`${row}.${sum}`)} IS NOT NULL` : sql``);
    await sql`CREATE TRIGGER ${sql.raw(`${counter}_insert`)} AFTER INSERT ON ${sql.table(table)} WHEN ${counted('new')}
      BEGIN INSERT INTO ${c} (${cols}, ${kept}) VALUES (${values('new')}, ${one('new')}) ${upsert}; END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${counter}_delete`)} AFTER DELETE ON ${sql.table(table)} WHEN ${counted('old')}
      BEGIN UPDATE ${c} SET ${less('old')} WHERE ${match('old')}; END`.execute(db);
    // SQLite's upsert needs a WHERE on its SELECT (else ON would read as a join's)
    await sql`CREATE TRIGGER ${sql.raw(`${counter}_update`)} AFTER UPDATE OF ${watchedCols} ON ${sql.table(table)}
      WHEN ${sql.join(watched.map((n) => sql.raw(`old.${n} IS NOT new.${n}`)), sql` OR `)}
      BEGIN
        UPDATE ${c} SET ${less('old')} WHERE ${match('old')}${oldCounted('old')};
        INSERT INTO ${c} (${cols}, ${kept}) SELECT ${values('new')}, ${one('new')} WHERE ${counted('new')} ${upsert};
      END`.execute(db);
  }
}

export async function dropGroupCounter(db: Db, dialect: Dialect, counter: string, table: string): Promise<void> {
  for (const op of ['insert', 'delete', 'update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${counter}_${op}`)} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
  }
  if (dialect === 'postgres') {
    for (const fn of ['add', 'remove', 'move']) await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${counter}_${fn}`)}()`.execute(db);
  }
  await db.schema.dropTable(counter).execute();
}

/**
 * PostgreSQL's search text (migration 0038): `search_text (kind, id, text)` holds, for each kind (a
 * table with a search index, or a subset of one with its own: `users:patient`), each record's searched
 * text lowered (`lower` of the joined columns, as db/search.ts `searchText` joins them), and one partial
 * trigram index a kind. `search_text_kinds` lists the kinds: their table, columns and subset. A search
 * then reads a narrow row a match (its recheck too) instead of the record's wide one.
 *
 * Kept in the write's own transaction by triggers on the table, made from every kind of the table at
 * once (`searchTextTriggers`): inserts and deletes once a statement from its transition tables (a bulk
 * load is one INSERT … SELECT), an update of a searched column or of a subset's column row by row with
 * a WHEN condition (PostgreSQL takes no transition tables on a trigger with a column list, and the
 * condition leaves every other update, a login's timestamp, untouched).
 */
export const searchTextIndex = (kind: string) => `search_text_trgm__${kind.replace(/:/g, '__')}`;

/** The text of one kind for a row named `alias` (a transition table's, or NEW in a row trigger), lowered: never NULL. */
const searchTextFor = (alias: string, columns: readonly string[]) => sql`lower(${searchTextOf(alias, columns)})`;

interface SearchTextKind {
  kind: string;
  columns: readonly string[];
  subset_column: string | null;
  subset_value: string | null;
}

async function kindsOf(db: Db, table: string): Promise<SearchTextKind[]> {
  const rows = await sql<{ kind: string; columns: string; subset_column: string | null; subset_value: string | null }>`
    SELECT kind, columns, subset_column, subset_value FROM search_text_kinds WHERE table_name = ${table} ORDER BY kind`.execute(db);
  return rows.rows.map((r) => ({ ...r, columns: JSON.parse(r.columns) as string[] }));
}

/** The rows of every kind of a table for the rows of `source AS alias` (a statement's `SELECT … UNION ALL …`). */
function kindRows(kinds: SearchTextKind[], source: string, alias: string) {
  return sql.join(
    kinds.map((k) => {
      const where = k.subset_column ? sql` WHERE ${sql.raw(alias)}.${sql.ref(k.subset_column)} = ${sql.lit(k.subset_value)}` : sql``;
      return sql`SELECT ${sql.lit(k.kind)}, ${sql.raw(alias)}.id, ${searchTextFor(alias, k.columns)} FROM ${sql.raw(source)}${where}`;
    }),
    sql` UNION ALL `,
  );
}

/** (Re)makes the triggers that keep a table's kinds of `search_text` (none left: the triggers go). */
export async function searchTextTriggers(db: Db, table: string): Promise<void> {
  const name = `${table}_search_text`;
  for (const op of ['insert', 'delete', 'update']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${name}_${op}`)} ON ${sql.table(table)}`.execute(db);
  for (const op of ['insert', 'delete', 'update']) await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${name}_${op}`)}()`.execute(db);
  const kinds = await kindsOf(db, table);
  if (!kinds.length) return;
  const kindList = sql.join(kinds.map((k) => sql.lit(k.kind)));
  await sql`CREATE FUNCTION ${sql.raw(`${name}_insert`)}() RETURNS trigger AS $$
    BEGIN
      INSERT INTO search_text (kind, id, text) ${kindRows(kinds, 'new_rows AS r', 'r')};
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION ${sql.raw(`${name}_delete`)}() RETURNS trigger AS $$
    BEGIN
      DELETE FROM search_text AS s USING old_rows AS r WHERE s.id = r.id AND s.kind IN (${kindList});
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION ${sql.raw(`${name}_update`)}() RETURNS trigger AS $$
    BEGIN
      DELETE FROM search_text WHERE id = OLD.id AND kind IN (${kindList});
      INSERT INTO search_text (kind, id, text) ${kindRows(kinds, '(SELECT NEW.*) AS r', 'r')};
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await statementTriggers(db, table, name, { insert: `${name}_insert`, delete: `${name}_delete` });
  const watched = [...new Set(kinds.flatMap((k) => [...k.columns, ...(k.subset_column ? [k.subset_column] : [])]))];
  await sql`CREATE TRIGGER ${sql.raw(`${name}_update`)} AFTER UPDATE OF ${sql.join(watched.map((c) => sql.ref(c)))} ON ${sql.table(table)} FOR EACH ROW
    WHEN (${sql.join(watched.map((c) => sql`OLD.${sql.ref(c)} IS DISTINCT FROM NEW.${sql.ref(c)}`), sql` OR `)})
    EXECUTE FUNCTION ${sql.raw(`${name}_update`)}()`.execute(db);
}

/**
 * Adds a kind to `search_text`: listed, filled from the table's current rows, its partial trigram index
 * made, and the table's triggers made again with it.
 */
export async function addSearchTextKind(db: Db, table: string, columns: readonly string[], subset?: { column: string; value: string }): Promise<void> {
  const kind = subset ? subsetCounterKey(table, subset.value) : table;
  await sql`INSERT INTO search_text_kinds (kind, table_name, columns, subset_column, subset_value)
    VALUES (${kind}, ${table}, ${JSON.stringify(columns)}, ${subset?.column ?? null}, ${subset?.value ?? null})`.execute(db);
  const where = subset ? sql` WHERE r.${sql.ref(subset.column)} = ${sql.lit(subset.value)}` : sql``;
  await sql`INSERT INTO search_text (kind, id, text) SELECT ${sql.lit(kind)}, r.id, ${searchTextFor('r', columns)} FROM ${sql.table(table)} AS r${where}`.execute(db);
  // migrations run in a transaction: room to sort the index in memory for the rest of it
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  await sql`CREATE INDEX ${sql.raw(searchTextIndex(kind))} ON search_text USING gin (text gin_trgm_ops) WHERE kind = ${sql.lit(kind)}`.execute(db);
  await searchTextTriggers(db, table);
}

/** Takes a kind out of `search_text` (its rows, its index, and the table's triggers made again without it). */
export async function dropSearchTextKind(db: Db, table: string, kind: string): Promise<void> {
  await sql`DELETE FROM search_text_kinds WHERE kind = ${kind}`.execute(db);
  await sql`DROP INDEX IF EXISTS ${sql.raw(searchTextIndex(kind))}`.execute(db);
  await sql`DELETE FROM search_text WHERE kind = ${kind}`.execute(db);
  await searchTextTriggers(db, table);
}
