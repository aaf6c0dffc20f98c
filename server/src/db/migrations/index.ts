import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../index';

/**
 * Migrations as code, in order. Each one is portable: the only dialect differences (auto-increment ids,
 * triggers) go through the helpers below. Never edit a landed migration; add a new one.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was

function idColumn<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

function timestamps<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull);
}

/** A table with only id + title, used by several reference resources. */
async function titleTable(db: Db, dialect: Dialect, name: string) {
  await timestamps(idColumn(db.schema.createTable(name), dialect).addColumn('title', 'text', notNull)).execute();
  await db.schema.createIndex(`${name}_title_idx`).on(name).column('title').execute();
}

async function appendOnly(db: Db, dialect: Dialect, table: string) {
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

/** the searchable columns of the resources as they stood at migration 0005 */
const SEARCHED_COLUMNS: Record<string, string[]> = {
  admins: ['f_name', 'l_name', 'email', 'phone'],
  roles: ['name'],
  qualifications: ['title'],
  specializations: ['title'],
  districts: ['title'],
  tehsils: ['title'],
  areas: ['title'],
  cities: ['title'],
  countries: ['country', 'iso3'],
};

const COUNTED_TABLES = ['admins', 'roles', 'qualifications', 'specializations', 'districts', 'tehsils', 'areas', 'cities', 'countries'];

/**
 * Keeps `row_counts` exact for a table (its current count, then triggers on insert and delete).
 * A later module's migration calls this for each table it adds; the list machinery then reads its
 * unfiltered totals from row_counts and falls back to count(*) for tables without a counter.
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

export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_foundation': {
      async up(db: Db) {
        await timestamps(
          idColumn(db.schema.createTable('roles'), dialect)
            .addColumn('name', 'text', (c) => c.notNull().unique())
            .addColumn('is_super', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('created_by', 'integer'),
        ).execute();
        await db.schema
          .createTable('role_permissions')
          .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
          .addColumn('permission', 'text', notNull)
          .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
          .execute();

        await timestamps(
          idColumn(db.schema.createTable('admins'), dialect)
            .addColumn('f_name', 'text', notNull)
            .addColumn('l_name', 'text')
            .addColumn('email', 'text', (c) => c.notNull().unique())
            .addColumn('phone', 'text')
            .addColumn('cnic', 'text')
            .addColumn('dob', 'text')
            .addColumn('gender', 'text', (c) => c.notNull().defaultTo('male'))
            .addColumn('password_hash', 'text', notNull)
            .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
            .addColumn('prev_role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
            .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('pusher_id', 'text', (c) => c.notNull().unique())
            .addColumn('profile_image', 'text')
            .addColumn('created_by', 'integer')
            .addColumn('updated_by', 'integer'),
        ).execute();
        await db.schema.createIndex('admins_role_idx').on('admins').column('role_id').execute();
        await db.schema.createIndex('admins_f_name_idx').on('admins').column('f_name').execute();

        await idColumn(db.schema.createTable('auth_tokens'), dialect)
          .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('expires_at', 'text', notNull)
          .addColumn('created_at', 'text', notNull)
          .addColumn('ip', 'text')
          .execute();
        await db.schema.createIndex('auth_tokens_admin_idx').on('auth_tokens').column('admin_id').execute();

        await idColumn(db.schema.createTable('password_resets'), dialect)
          .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('expires_at', 'text', notNull)
          .addColumn('used_at', 'text')
          .addColumn('created_at', 'text', notNull)
          .execute();

        await idColumn(db.schema.createTable('login_failures'), dialect)
          .addColumn('email', 'text', notNull)
          .addColumn('ip', 'text', notNull)
          .addColumn('at', 'text', notNull)
          .execute();
        await db.schema.createIndex('login_failures_key_idx').on('login_failures').columns(['email', 'ip', 'at']).execute();

        await idColumn(db.schema.createTable('audit_log'), dialect)
          .addColumn('actor_id', 'integer')
          .addColumn('action', 'text', notNull)
          .addColumn('resource', 'text', notNull)
          .addColumn('record_id', 'integer')
          .addColumn('changes', 'text')
          .addColumn('ip', 'text')
          .addColumn('request_id', 'text')
          .addColumn('created_at', 'text', notNull)
          .execute();
        await db.schema.createIndex('audit_log_record_idx').on('audit_log').columns(['resource', 'record_id']).execute();
        await appendOnly(db, dialect, 'audit_log');

        for (const name of ['qualifications', 'specializations', 'districts', 'cities']) await titleTable(db, dialect, name);
        await timestamps(
          idColumn(db.schema.createTable('tehsils'), dialect)
            .addColumn('title', 'text', notNull)
            .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id')),
        ).execute();
        await db.schema.createIndex('tehsils_district_idx').on('tehsils').column('district_id').execute();
        await timestamps(
          idColumn(db.schema.createTable('areas'), dialect)
            .addColumn('title', 'text', notNull)
            .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
            .addColumn('tehsil_id', 'integer', (c) => c.notNull().references('tehsils.id'))
            .addColumn('lat', 'double precision', notNull)
            .addColumn('long', 'double precision', notNull),
        ).execute();
        await db.schema.createIndex('areas_district_idx').on('areas').column('district_id').execute();
        await db.schema.createIndex('areas_tehsil_idx').on('areas').column('tehsil_id').execute();
        await timestamps(
          idColumn(db.schema.createTable('countries'), dialect)
            .addColumn('country', 'text', notNull)
            .addColumn('iso2', 'text', (c) => c.notNull().unique())
            .addColumn('iso3', 'text', (c) => c.notNull().unique()),
        ).execute();
      },
      async down(db: Db) {
        for (const t of [
          'countries', 'areas', 'tehsils', 'cities', 'districts', 'specializations', 'qualifications', 'audit_log',
          'login_failures', 'password_resets', 'auth_tokens', 'admins', 'role_permissions', 'roles',
        ]) {
          await db.schema.dropTable(t).execute();
        }
        if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
      },
    },
    '0003_notifications': {
      async up(db: Db) {
        // what was sent, to whom: the notifications screens list these
        await idColumn(db.schema.createTable('sent_notifications'), dialect)
          .addColumn('send_to', 'text', notNull)
          .addColumn('channel', 'text', notNull)
          .addColumn('title', 'text', notNull)
          .addColumn('body', 'text', notNull)
          .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sent_by', 'integer')
          .addColumn('created_at', 'text', notNull)
          .addColumn('updated_at', 'text', notNull)
          .execute();
        await db.schema.createIndex('sent_notifications_created_idx').on('sent_notifications').column('created_at').execute();
        // each admin's own copy, read or not: the bell lists these
        await idColumn(db.schema.createTable('admin_notifications'), dialect)
          .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
          .addColumn('type', 'text', notNull)
          .addColumn('title', 'text', notNull)
          .addColumn('body', 'text', notNull)
          .addColumn('data', 'text')
          .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sent_notification_id', 'integer', (c) => c.references('sent_notifications.id').onDelete('set null'))
          .addColumn('created_at', 'text', notNull)
          .execute();
        await db.schema.createIndex('admin_notifications_admin_idx').on('admin_notifications').columns(['admin_id', 'is_read', 'id']).execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('admin_notifications').execute();
        await db.schema.dropTable('sent_notifications').execute();
      },
    },
    // Lists sort by these by default (admins: created_at desc, id desc; tehsils and areas: title, id).
    // Without an index each page sorted the whole table: 134 ms a page at 100,000 admins (bench/README.md).
    '0002_list_sort_indexes': {
      async up(db: Db) {
        await db.schema.createIndex('admins_created_idx').on('admins').columns(['created_at', 'id']).execute();
        await db.schema.createIndex('tehsils_title_idx').on('tehsils').columns(['title', 'id']).execute();
        await db.schema.createIndex('areas_title_idx').on('areas').columns(['title', 'id']).execute();
      },
      async down(db: Db) {
        for (const name of ['areas_title_idx', 'tehsils_title_idx', 'admins_created_idx']) await db.schema.dropIndex(name).execute();
      },
    },
    // Search on PostgreSQL: ILIKE '%x%' over 100,000 admins scanned every row (8 req/s in the bench);
    // trigram GIN indexes serve it. pg_trgm is a trusted extension (a database owner may create it);
    // where it is not installed the indexes are skipped and search stays correct, only slower.
    '0005_search_indexes': {
      async up(db: Db) {
        if (dialect !== 'postgres') return;
        const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
        if (!available.rows[0]?.n) return;
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        // one index a table, on the same expression the list's search uses (http/crud.ts searchText)
        for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
          const text = columns.length === 1 ? sql.ref(columns[0]!) : sql`(${sql.join(columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`), sql` || ' ' || `)})`;
          await sql`CREATE INDEX ${sql.raw(`${table}_search_trgm`)} ON ${sql.table(table)} USING gin (${text} gin_trgm_ops)`.execute(db);
        }
      },
      async down(db: Db) {
        if (dialect !== 'postgres') return;
        for (const table of Object.keys(SEARCHED_COLUMNS)) await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_search_trgm`)}`.execute(db);
      },
    },
    // Exact row counts kept by triggers: an unfiltered page reads its total from here instead of
    // count(*), which costs 3-5 ms over 100,000 rows on PostgreSQL (bench/README.md).
    '0004_row_counts': {
      async up(db: Db) {
        await db.schema
          .createTable('row_counts')
          .addColumn('table_name', 'text', (c) => c.primaryKey())
          .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        if (dialect === 'postgres') {
          // statement-level with transition tables: a bulk insert bumps the counter once
          await sql`CREATE FUNCTION row_counts_add() RETURNS trigger AS $$
            BEGIN UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME; RETURN NULL; END
            $$ LANGUAGE plpgsql`.execute(db);
          await sql`CREATE FUNCTION row_counts_remove() RETURNS trigger AS $$
            BEGIN UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME; RETURN NULL; END
            $$ LANGUAGE plpgsql`.execute(db);
        }
        for (const table of COUNTED_TABLES) await addRowCounter(db, dialect, table);
      },
      async down(db: Db) {
        for (const table of COUNTED_TABLES) {
          for (const op of ['insert', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${op}`)} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
        }
        await db.schema.dropTable('row_counts').execute();
        if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS row_counts_add(); DROP FUNCTION IF EXISTS row_counts_remove()`.execute(db);
      },
    },
  };
}
