import { dateTimeFormat } from '../../i18n/languages';

/**
 * Calendar days as 'YYYY-MM-DD' and months as 'YYYY-MM', the server's shapes; weekdays counted in
 * UTC so that no time zone moves a date to its neighbour.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on this computer, as the admin sees it. */
export const todayIso = (now: Date = new Date()): string => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

export const monthOfDay = (day: string): string => day.slice(0, 7);

const parts = (month: string): [number, number] => [Number(month.slice(0, 4)), Number(month.slice(5, 7))];

/** The month `n` months after (or before, when negative) `month`. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = parts(month);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Every day of a month, in order. */
export function daysOfMonth(month: string): string[] {
  const [y, m] = parts(month);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${pad(i + 1)}`);
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first day of the week where `locale` is spoken (0 Sunday … 6 Saturday); Monday when unknown. */
export function firstWeekday(locale: string): number {
  try {
    const info = (Intl.Locale.prototype as { getWeekInfo?: () => { firstDay: number } }).getWeekInfo
      ? (new Intl.Locale(locale) as unknown as { getWeekInfo: () => { firstDay: number } }).getWeekInfo()
      : (new Intl.Locale(locale) as unknown as { weekInfo?: { firstDay: number } }).weekInfo;
    return info ? info.firstDay % 7 : 1;
  } catch {
    return 1;
  }
}

/** The names of the weekdays 0 (Sunday) to 6 in `locale`. */
export function weekdayNames(locale: string, width: 'long' | 'short' | 'narrow'): string[] {
  const format = dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-07 was a Sunday
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 7 + i))));
}

export const formatMonth = (month: string, locale: string): string =>
  dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

export const formatDay = (day: string, locale: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }): string =>
  dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
