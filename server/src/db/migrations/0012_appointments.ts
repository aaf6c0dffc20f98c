import { sql } from 'kysely';
import { createResourceTable, type DialectMigration, dropResourceTable, notNull } from './helpers';

/** The reasons an appointment can be cancelled with (spec 1: "Cancellation reasons: list without pagination"). */
const REASONS = ['Doctor unavailable', 'Patient asked to cancel', 'Patient did not come', 'Emergency', 'Booked by mistake'];

/**
 * Appointments: a patient (or family member) in one slot of a doctor's roster, with a status (Booked,
 * Completed, Cancelled with a reason); `appointment_months` keeps the count of each month up to date
 * by triggers, so the dashboard's monthly chart never scans the appointments. Appointment requests
 * from the patient app, read-only in the console.
 */
export const migration: DialectMigration = {
  async up(db, dialect) {
    await createResourceTable(db, dialect, 'cancellation_reasons', (t) => t.addColumn('name', 'text', notNull), { search: ['name'] });
    const stamp = new Date().toISOString();
    await db.insertInto('cancellation_reasons').values(REASONS.map((name) => ({ name, created_at: stamp, updated_at: stamp }))).execute();

    await createResourceTable(
      db,
      dialect,
      'appointments',
      (t) =>
        t
          .addColumn('patient_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('doctor_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('slot_id', 'integer', (c) => c.references('duty_slots.id').onDelete('set null'))
          .addColumn('date', 'text', notNull)
          .addColumn('s_time', 'text', notNull)
          .addColumn('e_time', 'text', notNull)
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('Booked'))
          .addColumn('cancel_reason_id', 'integer', (c) => c.references('cancellation_reasons.id'))
          .addColumn('detail', 'text')
          .addColumn('created_by', 'integer'),
      { search: ['detail'] },
    );
    // a doctor's patients counted from the index alone (the doctor list's patient count)
    for (const columns of [['patient_id', 'date'], ['doctor_id', 'date'], ['doctor_id', 'patient_id'], ['date', 'id'], ['status', 'date']]) {
      await db.schema.createIndex(`appointments_${columns.join('_')}_idx`).on('appointments').columns(columns).execute();
    }
    // one live booking a slot: a second, concurrent booking of the same slot fails here if not before
    await sql`CREATE UNIQUE INDEX appointments_booked_slot ON appointments (slot_id) WHERE status = 'Booked'`.execute(db);

    // the dashboard's people per city: counted from this index alone, never the rows
    await db.schema.createIndex('users_type_city_idx').on('users').columns(['type', 'city_id']).execute();

    await db.schema.createTable('appointment_months').addColumn('month', 'text', (c) => c.primaryKey()).addColumn('n', 'integer', notNull).execute();
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION appointment_months_count() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            INSERT INTO appointment_months (month, n) VALUES (substr(NEW.date, 1, 7), 1)
              ON CONFLICT (month) DO UPDATE SET n = appointment_months.n + 1;
          ELSE
            UPDATE appointment_months SET n = n - 1 WHERE month = substr(OLD.date, 1, 7);
          END IF;
          RETURN NULL;
        END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER appointments_month_count AFTER INSERT OR DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION appointment_months_count()`.execute(db);
    } else {
      await sql`CREATE TRIGGER appointments_month_insert AFTER INSERT ON appointments BEGIN
        INSERT INTO appointment_months (month, n) VALUES (substr(new.date, 1, 7), 1) ON CONFLICT (month) DO UPDATE SET n = n + 1; END`.execute(db);
      await sql`CREATE TRIGGER appointments_month_delete AFTER DELETE ON appointments BEGIN
        UPDATE appointment_months SET n = n - 1 WHERE month = substr(old.date, 1, 7); END`.execute(db);
    }

    await createResourceTable(
      db,
      dialect,
      'appointment_requests',
      (t) =>
        t
          .addColumn('patient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('detail', 'text', notNull)
          .addColumn('is_emergency', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('dated_at', 'text', notNull),
      { search: ['detail'] },
    );
    await db.schema.createIndex('appointment_requests_order_idx').on('appointment_requests').columns(['is_emergency', 'id']).execute();
  },
  async down(db, dialect) {
    await dropResourceTable(db, dialect, 'appointment_requests');
    await db.schema.dropTable('appointment_months').execute();
    await db.schema.dropIndex('users_type_city_idx').execute();
    if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS appointment_months_count() CASCADE`.execute(db);
    await dropResourceTable(db, dialect, 'appointments');
    await dropResourceTable(db, dialect, 'cancellation_reasons');
  },
};
