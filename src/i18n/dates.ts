import { dateLocale, dateTimeFormat } from './languages';

// Dates in en-GB form (spec 1 section 9) for English, in the reader's own form (de-DE, ar-AE, ...) otherwise.
export { dateLocale };

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
