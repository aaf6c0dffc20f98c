import { sql } from 'kysely';
import { type DialectMigration, perRowSubsetCounter, perStatementSubsetCounter } from './helpers';
import { USER_KINDS } from './0032_subset_search';

/**
 * PostgreSQL: the counters that row-level triggers kept, the kinds of person (`users:patient`, …:
 * migration 0010) and the appointments a month (0012), are kept once a statement from its transition
 * tables, as every table's own counter is: a COPY of 20,000 patients updated the patients' counter row
 * 20,000 times in one transaction, each update walking past the versions the earlier ones left (loading
 * 20,000 appointments took 16 s). SQLite is unchanged (its triggers update in place).
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    for (const kind of USER_KINDS) await perStatementSubsetCounter(db, 'users', 'type', kind);
    await sql`DROP TRIGGER IF EXISTS appointments_month_count ON appointments`.execute(db);
    // inserts upsert the months in their order (concurrent writers lock them in the same order)
    await sql`CREATE FUNCTION appointment_months_add() RETURNS trigger AS $$
      BEGIN
        INSERT INTO appointment_months (month, n) SELECT substr(date, 1, 7), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
          ON CONFLICT (month) DO UPDATE SET n = appointment_months.n + excluded.n;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE FUNCTION appointment_months_remove() RETURNS trigger AS $$
      BEGIN
        UPDATE appointment_months AS m SET n = m.n - c.k
          FROM (SELECT substr(date, 1, 7) AS month, count(*)::int AS k FROM old_rows GROUP BY 1) AS c WHERE m.month = c.month;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER appointments_month_add AFTER INSERT ON appointments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_months_add()`.execute(db);
    await sql`CREATE TRIGGER appointments_month_remove AFTER DELETE ON appointments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_months_remove()`.execute(db);
  },
  async down(db, dialect) {
    if (dialect !== 'postgres') return;
    for (const kind of USER_KINDS) await perRowSubsetCounter(db, 'users', 'type', kind);
    await sql`DROP TRIGGER IF EXISTS appointments_month_add ON appointments`.execute(db);
    await sql`DROP TRIGGER IF EXISTS appointments_month_remove ON appointments`.execute(db);
    await sql`DROP FUNCTION IF EXISTS appointment_months_add()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS appointment_months_remove()`.execute(db);
    await sql`CREATE TRIGGER appointments_month_count AFTER INSERT OR DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION appointment_months_count()`.execute(db);
  },
};
