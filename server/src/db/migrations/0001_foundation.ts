import { sql } from 'kysely';
import { appendOnly, type DialectMigration, idColumn, notNull, timestamps, titleTable } from './helpers';

/** Roles, admins, sessions, reset tokens, sign-in failures, the audit log and the location tables. */
export const migration: DialectMigration = {
  async up(db, dialect) {
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
  async down(db, dialect) {
    for (const t of [
      'countries', 'areas', 'tehsils', 'cities', 'districts', 'specializations', 'qualifications', 'audit_log',
      'login_failures', 'password_resets', 'auth_tokens', 'admins', 'role_permissions', 'roles',
    ]) {
      await db.schema.dropTable(t).execute();
    }
    if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  },
};
