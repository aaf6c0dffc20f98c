import { sql } from 'kysely';
import { addSubsetCounter, createResourceTable, type DialectMigration, dropResourceTable, dropSubsetCounter, idColumn, notNull } from './helpers';

/** The kinds of people with a row in `users`: the subsets of the people resources. */
const KINDS = ['patient', 'family', 'chw', 'doctor'] as const;

/**
 * People (spec 2): one account table, `users`, for patients, their family members, CHWs and doctors
 * (email, password hash, status, type, and the person fields they share), and a profile table per
 * kind for its own columns, keyed by the user's id. Field-app sessions and reset tokens of users.
 * `admin_districts` limits an admin to some districts.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(
      db,
      dialect,
      'users',
      (t) =>
        t
          .addColumn('type', 'text', notNull)
          // unique where present: family members may have none (NULLs never clash, on both dialects)
          .addColumn('email', 'text', (c) => c.unique())
          .addColumn('password_hash', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('f_name', 'text', notNull)
          .addColumn('l_name', 'text')
          .addColumn('phone_no', 'text')
          .addColumn('cnic', 'text', (c) => c.unique())
          .addColumn('dob', 'text')
          .addColumn('age', 'integer')
          .addColumn('gender', 'text', (c) => c.notNull().defaultTo('male'))
          .addColumn('photo', 'text')
          .addColumn('short_bio', 'text')
          .addColumn('country_id', 'integer', (c) => c.references('countries.id'))
          .addColumn('city_id', 'integer', (c) => c.references('cities.id'))
          .addColumn('state', 'text')
          .addColumn('zipcode', 'text')
          .addColumn('street', 'text')
          .addColumn('parent_id', 'integer', (c) => c.references('users.id'))
          .addColumn('relation', 'text')
          .addColumn('created_by', 'integer')
          .addColumn('updated_by', 'integer'),
      { search: ['email', 'f_name', 'l_name', 'phone_no', 'cnic'] },
    );
    for (const kind of KINDS) await addSubsetCounter(db, dialect, 'users', 'type', kind);
    // the lists' default and common sorts within a kind, and the joins of the profile tabs
    await db.schema.createIndex('users_type_created_idx').on('users').columns(['type', 'created_at', 'id']).execute();
    await db.schema.createIndex('users_type_name_idx').on('users').columns(['type', 'f_name', 'id']).execute();
    await db.schema.createIndex('users_parent_idx').on('users').column('parent_id').execute();
    await db.schema.createIndex('users_city_idx').on('users').column('city_id').execute();

    await db.schema
      .createTable('patient_profiles')
      .addColumn('id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('blood_group', 'text')
      .addColumn('height', 'double precision')
      .addColumn('weight', 'double precision')
      .addColumn('marital_status', 'text')
      .execute();

    await db.schema
      .createTable('chw_profiles')
      .addColumn('id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('qualification_id', 'integer', (c) => c.notNull().references('qualifications.id'))
      .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
      .addColumn('tehsil_id', 'integer', (c) => c.notNull().references('tehsils.id'))
      .addColumn('area_id', 'integer', (c) => c.notNull().references('areas.id'))
      .addColumn('joining_date', 'text', notNull)
      .execute();
    for (const column of ['qualification_id', 'district_id', 'tehsil_id', 'area_id']) {
      await db.schema.createIndex(`chw_profiles_${column}_idx`).on('chw_profiles').column(column).execute();
    }

    await idColumn(db.schema.createTable('user_tokens'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').column('user_id').execute();
    await idColumn(db.schema.createTable('user_password_resets'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', notNull)
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();

    await db.schema
      .createTable('admin_districts')
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id'))
      .addPrimaryKeyConstraint('admin_districts_pk', ['admin_id', 'district_id'])
      .execute();
    await db.schema.createIndex('admin_districts_district_idx').on('admin_districts').column('district_id').execute();
  },
  async down(db, dialect) {
    for (const table of ['admin_districts', 'user_password_resets', 'user_tokens', 'chw_profiles', 'patient_profiles']) await db.schema.dropTable(table).execute();
    for (const kind of KINDS) await dropSubsetCounter(db, dialect, 'users', kind);
    await dropResourceTable(db, dialect, 'users');
    if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS row_counts_bump()`.execute(db);
  },
};
