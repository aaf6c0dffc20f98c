import { dateLocale, dateTimeFormat } from './languages';

// Dates in en-GB form (spec 1 section 9) for English, in the reader's own form (de-DE, ar-AE, ...) otherwise.
export { dateLocale };

/**
 * A date as the spec shows it: day, long month, year ("22 November 2026") in English, and the same
 * fields in the language's own order and words otherwise. A date-only value ("2026-11-22") is that
 * calendar day wherever the reader is; an unreadable value is returned as given.
 */
export const formatDate = (
  value: string | number | Date | null | undefined,
  locale: string | null | undefined,
): string => {
  if (value === null || value === undefined || value === '') return '';
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat(dateLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
};

/** "5 March 2026, 14:05" */
export function formatDateTime(iso: string, locale: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(dateLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago" within a week, the date and time after that. */
export function formatWhen(iso: string, locale: string | undefined, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) >= 7 * 86_400) return formatDateTime(iso, locale);
  const relative = new Intl.RelativeTimeFormat(dateLocale(locale), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}
