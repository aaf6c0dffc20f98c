/** What the dashboard screen needs besides the data provider's getDashboard(). */
import { dateLocale, dateTimeFormat } from '../../i18n/languages';

export { readDashboard, type CityUsers, type DashboardData, type MonthAppointments, type TaskSubmissions } from '../../providers/dashboard';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

// Dates in en-GB form (spec 1 section 9) for English, in the reader's own form (de-DE, ar-AE, ...) otherwise.
export { dateLocale };

/** "2026-01" → "January 2026" (en-GB; another language's own month names). */
export function formatMonth(month: string, locale: string | undefined): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateTimeFormat(dateLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
