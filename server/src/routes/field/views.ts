import type { AppContext } from '../../context';
import { NO_REASON } from '../../resources/appointments';
import { familyOf } from './feedback';
import { fullName, PER_PAGE } from './shared';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Appointments as the field apps show them (the patient's bookings, the doctor's day): with the doctor
 * and their specializations, the patient booked for and the rating given. One set of queries for the
 * appointments' and the doctor's day's routes.
 */
export function appointmentViews(ctx: AppContext) {
  const { db } = ctx;
  /** a stored file as the apps link it: absolute (they are not on the console's origin) */
  const photo = (path: string | null) => (path ? { path: `${ctx.config.publicUrl}${ctx.storage.url(path)}` } : null);

  async function specializationsOf(doctorIds: number[]) {
    const rows = doctorIds.length
      ? await db.selectFrom('doctor_specializations as ds').innerJoin('specializations as s', 's.id', 'ds.specialization_id')
        .select(['ds.doctor_id', 's.id', 's.title']).where('ds.doctor_id', 'in', doctorIds).orderBy('s.title').execute()
      : [];
    return (doctorId: number) => rows.filter((r) => r.doctor_id === doctorId).map(({ id, title }) => ({ id, title }));
  }

  /** Appointments as the apps show them, with the doctor, the patient (booking for) and the rating given. */
  async function appointmentsWhere(narrow: (q: ReturnType<typeof baseQuery>) => ReturnType<typeof baseQuery>, page = 1) {
    const rows = await narrow(baseQuery()).limit(PER_PAGE).offset((page - 1) * PER_PAGE).execute();
    const specs = await specializationsOf([...new Set(rows.map((r) => r.doctor_id))]);
    const day = today();
    return rows.map((r) => ({
      id: r.id,
      date: r.date,
      s_time: r.s_time,
      e_time: r.e_time,
      status: r.status,
      detail: r.detail,
      cancel_reason: r.status === 'Cancelled' ? (r.reason ?? NO_REASON) : null,
      is_new: r.date >= day,
      booking_for: r.p_parent_id ? r.p_relation : 'Self',
      patient: { id: r.patient_id, full_name: fullName(r.p_f_name, r.p_l_name), gender: r.p_gender, age: r.p_age, relation: r.p_relation },
      doctor: { id: r.doctor_id, full_name: fullName(r.d_f_name, r.d_l_name), photo: photo(r.d_photo), specializations: specs(r.doctor_id) },
      rating: r.given_rating ?? null,
      can_rate: r.status === 'Completed' && r.given_rating === null,
      created_at: r.created_at,
    }));
  }
  function baseQuery() {
    return db
      .selectFrom('appointments as a')
      .innerJoin('users as d', 'd.id', 'a.doctor_id')
      .innerJoin('users as p', 'p.id', 'a.patient_id')
      .leftJoin('cancellation_reasons as r', 'r.id', 'a.cancel_reason_id')
      .leftJoin('feedbacks as f', 'f.appointment_id', 'a.id')
      .select([
        'a.id', 'a.date', 'a.s_time', 'a.e_time', 'a.status', 'a.detail', 'a.created_at', 'a.doctor_id', 'a.patient_id',
        'd.f_name as d_f_name', 'd.l_name as d_l_name', 'd.photo as d_photo',
        'p.f_name as p_f_name', 'p.l_name as p_l_name', 'p.parent_id as p_parent_id', 'p.relation as p_relation', 'p.gender as p_gender', 'p.age as p_age',
        'r.name as reason', 'f.rating as given_rating',
      ]);
  }
  const ownAppointment = async (userId: number, id: number) => {
    const [one] = await appointmentsWhere((q) => q.where('a.id', '=', id).where('a.patient_id', 'in', familyOf(db, userId)));
    return one;
  };
  const doctorsAppointment = async (doctorId: number, id: number) => {
    const [one] = await appointmentsWhere((q) => q.where('a.id', '=', id).where('a.doctor_id', '=', doctorId));
    return one;
  };

  return { photo, specializationsOf, appointmentsWhere, ownAppointment, doctorsAppointment };
}
