import { sql } from 'kysely';
import type { DialectMigration } from './helpers';

/**
 * What a bearer token stands for (its admin, status, role, permissions and districts) is cached by
 * each server process (http/auth.ts), checked against `auth_epoch.n` on every request: one read of a
 * one-row table instead of three lookups. Every change that can alter or end a session bumps the
 * number in the same transaction (triggers), so a sign-out, a block, a role or permission change is
 * seen by the next request on every node, as before.
 */
const WATCHED: Readonly<Record<string, readonly ('INSERT' | 'UPDATE' | 'DELETE')[]>> = {
  // a new token is not in any cache yet: only its change or removal matters
  auth_tokens: ['UPDATE', 'DELETE'],
  admins: ['UPDATE', 'DELETE'],
  roles: ['UPDATE', 'DELETE'],
  role_permissions: ['INSERT', 'UPDATE', 'DELETE'],
  admin_districts: ['INSERT', 'UPDATE', 'DELETE'],
};

const triggerName = (table: string, op: string) => `${table}_auth_epoch_${op.toLowerCase()}`;

export const migration: DialectMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('auth_epoch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`INSERT INTO auth_epoch (id, n) VALUES (1, 0)`.execute(db);
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION auth_epoch_bump() RETURNS trigger AS $$
        BEGIN UPDATE auth_epoch SET n = n + 1 WHERE id = 1; RETURN NULL; END
        $$ LANGUAGE plpgsql`.execute(db);
    }
    for (const [table, ops] of Object.entries(WATCHED)) {
      for (const op of ops) {
        const name = sql.raw(triggerName(table, op));
        if (dialect === 'postgres') {
          // for each row, not statement: a statement that changes nothing (a sign-in clearing its admin's
          // expired tokens, mostly none) must not empty every cache
          await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(op)} ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump()`.execute(db);
        } else {
          await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(op)} ON ${sql.table(table)} BEGIN UPDATE auth_epoch SET n = n + 1 WHERE id = 1; END`.execute(db);
        }
      }
    }
  },
  async down(db, dialect) {
    for (const [table, ops] of Object.entries(WATCHED)) {
      for (const op of ops) await sql`DROP TRIGGER IF EXISTS ${sql.raw(triggerName(table, op))} ${sql.raw(dialect === 'postgres' ? `ON ${table}` : '')}`.execute(db);
    }
    await db.schema.dropTable('auth_epoch').execute();
    if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS auth_epoch_bump()`.execute(db);
  },
};
