import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Row } from '../../http/resource';

/** The spec's messages for the district › tehsil pickers of campaigns, tasks and messages. */
export const PLACE = {
  district: 'Please select a district',
  tehsil: 'Please select a tehsil',
  tehsilOutside: 'The tehsil must belong to the chosen district.',
};

/**
 * Checks a district › tehsil pair of a body (or the stored record's, where the body leaves one out):
 * both known, the tehsil inside the district. Adds field messages to `errors`; returns the values to write.
 */
export async function placeValues(db: Kysely<Database>, input: Row, existing: Row | null, errors: Record<string, string[]>): Promise<Row> {
  const pick = (key: string) => (input[key] !== undefined ? input[key] : existing?.[key]);
  const districtId = pick('district_id');
  const tehsilId = pick('tehsil_id');
  const district = typeof districtId === 'number' && (await db.selectFrom('districts').select('id').where('id', '=', districtId).executeTakeFirst());
  if (!district) errors.district_id = [PLACE.district];
  const tehsil = typeof tehsilId === 'number' ? await db.selectFrom('tehsils').select(['id', 'district_id']).where('id', '=', tehsilId).executeTakeFirst() : undefined;
  if (!tehsil) errors.tehsil_id = [PLACE.tehsil];
  else if (district && tehsil.district_id !== districtId) errors.tehsil_id = [PLACE.tehsilOutside];
  const values: Row = {};
  for (const key of ['district_id', 'tehsil_id']) if (input[key] !== undefined) values[key] = input[key];
  return values;
}

/**
 * The first day a campaign or task may be set on: today, counted in the earliest time zone still on
 * yesterday's date would be too strict for the programme's staff ahead of UTC, so "today" is the UTC
 * date twelve hours ago (a date the staff's own calendar still shows as today or later).
 */
export const firstAllowedDay = (): string => new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);

export const isCalendarDay = (d: unknown): d is string =>
  typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** Start and end dates: real days, not before today (checked only when given or changed), the end not before the start (`strict`: after it). */
export function checkDates(input: Row, existing: Row | null, keys: { start: string; end: string }, errors: Record<string, string[]>, messages: { start: string; end: string; past: string; order: string }, strict = false): Row {
  const values: Row = {};
  const start = input[keys.start] !== undefined ? input[keys.start] : existing?.[keys.start];
  const end = input[keys.end] !== undefined ? input[keys.end] : existing?.[keys.end];
  const first = firstAllowedDay();
  if (!isCalendarDay(start)) errors[keys.start] = [messages.start];
  else if (input[keys.start] !== undefined && input[keys.start] !== existing?.[keys.start] && start < first) errors[keys.start] = [messages.past];
  if (!isCalendarDay(end)) errors[keys.end] = [messages.end];
  else if (input[keys.end] !== undefined && input[keys.end] !== existing?.[keys.end] && end < first) errors[keys.end] = [messages.past];
  else if (isCalendarDay(start) && (strict ? end <= start : end < start)) errors[keys.end] = [messages.order];
  for (const key of [keys.start, keys.end]) if (input[key] !== undefined) values[key] = input[key];
  return values;
}
