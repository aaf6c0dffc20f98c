import { sql } from 'kysely';
import { addGroupCounter, addSubsetCounterMoves, type DialectMigration, dropGroupCounter, dropSubsetCounterMoves } from './helpers';

/**
 * The dashboard's counts kept by triggers, so it reads a few small rows instead of scanning people:
 * `user_city_counts`, people per city and kind (the "total users" chart grouped about 102,000
 * patients and doctors on every call, about 8 ms at programme scale), and `chw_district_counts`, CHWs
 * per district (the CHW total, all of them or an admin's districts). Both are filled from the current
 * rows here. The machinery never changes a person's kind or an appointment's date, but whatever does
 * now moves the person between the kept patient and doctor totals, and the appointment between months.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await addGroupCounter(db, dialect, 'user_city_counts', 'users', { city_id: 'integer', type: 'text' });
    await addGroupCounter(db, dialect, 'chw_district_counts', 'chw_profiles', { district_id: 'integer' });
    await addSubsetCounterMoves(db, dialect, 'users', 'type');
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION appointment_months_move() RETURNS trigger AS $$
        BEGIN
          UPDATE appointment_months SET n = n - 1 WHERE month = substr(OLD.date, 1, 7);
          INSERT INTO appointment_months (month, n) VALUES (substr(NEW.date, 1, 7), 1)
            ON CONFLICT (month) DO UPDATE SET n = appointment_months.n + 1;
          RETURN NULL;
        END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER appointments_month_move AFTER UPDATE OF date ON appointments FOR EACH ROW
        WHEN (substr(OLD.date, 1, 7) IS DISTINCT FROM substr(NEW.date, 1, 7)) EXECUTE FUNCTION appointment_months_move()`.execute(db);
    } else {
      await sql`CREATE TRIGGER appointments_month_move AFTER UPDATE OF date ON appointments
        WHEN substr(old.date, 1, 7) IS NOT substr(new.date, 1, 7)
        BEGIN
          UPDATE appointment_months SET n = n - 1 WHERE month = substr(old.date, 1, 7);
          INSERT INTO appointment_months (month, n) VALUES (substr(new.date, 1, 7), 1) ON CONFLICT (month) DO UPDATE SET n = n + 1;
        END`.execute(db);
    }
  },
  async down(db, dialect) {
    await dropSubsetCounterMoves(db, dialect, 'users', 'type');
    if (dialect === 'postgres') {
      await sql`DROP FUNCTION IF EXISTS row_counts_move()`.execute(db);
      await sql`DROP FUNCTION IF EXISTS appointment_months_move() CASCADE`.execute(db);
    } else {
      await sql`DROP TRIGGER IF EXISTS appointments_month_move`.execute(db);
    }
    await dropGroupCounter(db, dialect, 'chw_district_counts', 'chw_profiles');
    await dropGroupCounter(db, dialect, 'user_city_counts', 'users');
  },
};
