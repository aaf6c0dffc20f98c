/** What GET /dashboard answers (spec 1 sections 2.5 and 3), read defensively: a missing list is an empty one. */
import { isRecord } from './http';

export interface CityUsers {
  city_name: string;
  doctor_count: number;
  patient_count: number;
}

export interface MonthAppointments {
  /** "YYYY-MM" */
  appointment_month: string;
  total_appointments: number;
}

export interface TaskSubmissions {
  task_name: string;
  submission_count: number;
}

export interface DashboardData {
  total_users: number;
  admins: number;
  doctors: number;
  patients: number;
  cities: CityUsers[];
  appointments: MonthAppointments[];
  tasks: TaskSubmissions[];
}

const num = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
const rows = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

export function readDashboard(data: unknown): DashboardData {
  const d = isRecord(data) ? data : {};
  return {
    total_users: num(d.total_users),
    admins: num(d.admins),
    doctors: num(d.doctors),
    patients: num(d.patients),
    cities: rows(d.cities).map((c) => ({
      city_name: text(c.city_name),
      doctor_count: num(c.doctor_count),
      patient_count: num(c.patient_count),
    })),
    appointments: rows(d.appointments).map((a) => ({
      appointment_month: text(a.appointment_month),
      total_appointments: num(a.total_appointments),
    })),
    tasks: rows(d.tasks).map((t) => ({ task_name: text(t.task_name), submission_count: num(t.submission_count) })),
  };
}
