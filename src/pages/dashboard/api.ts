/** GET /dashboard (spec 1 sections 2.5 and 3), read defensively: a missing list is an empty one. */
import { ApiError, apiFetch, isRecord } from '../../providers/http';
import { dateLocale } from '../../i18n/languages';

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

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

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

export async function fetchDashboard(signal?: AbortSignal): Promise<DashboardData> {
  const { data } = await apiFetch<unknown>('dashboard', { signal });
  return readDashboard(data);
}

// Dates in en-GB form (spec 1 section 9) for English, in the reader's own form (de-DE, ar-AE, ...) otherwise.
export { dateLocale };

/** "2026-01" → "January 2026" (en-GB; another language's own month names). */
export function formatMonth(month: string, locale: string | undefined): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(dateLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A 4xx answer will not change by asking again; anything else is retried twice. */
export const retryUnlessClientError = (failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;
