/**
 * The list and record conventions the console's screens follow, as data a provider (or the kit's
 * withConsoleMethods and the fake provider) can apply. README, "Plugging in another backend", lists them.
 */
import { USER_STATUS } from '../../../contract/enums';

/**
 * The filter keys with a meaning of their own beside record fields compared by equality: `q` the text
 * search, `start_date`/`end_date` the date range (on `created_at`, both days included), `paginate: false`
 * a whole list, `ids` a subset.
 */
export const LIST_FILTER_KEYS = ['q', 'start_date', 'end_date', 'paginate', 'ids'] as const;

/** Status as records hold it (accounts and selectable records: 1 active, 2 blocked). */
export const STATUS = USER_STATUS;

/** The words of the stored statuses that older callers send in filters (`status=Active`), as our server still accepts. */
export const STATUS_WORDS: Record<string, number> = { active: STATUS.active, blocked: STATUS.blocked };

/** A status filter's stored value: a status word (any case) as its number, a number given as text as the number; else as given. */
export function statusValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = STATUS_WORDS[value.toLowerCase()];
  if (word !== undefined) return word;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Filters on a relation the record holds as a list rather than a field: a doctor by one of its
 * specializations (`specializationIds: [id, ...]`), a task by one of its CHWs (`person_ids: [{ id, name }]`),
 * a patient by one of their interests (`interest_ids: [id, ...]`).
 */
export const RELATION_FILTERS: Record<string, Record<string, string>> = {
  doctors: { specialization_id: 'specializationIds' },
  tasks: { chw_id: 'person_ids' },
  'app-users': { interest_id: 'interest_ids' },
};

/** The list that leaves the signed-in admin out (he edits himself on the profile page, and may not block or delete himself). */
export const SELF_EXCLUDED_LISTS: readonly string[] = ['admins'];

/** The ids of the relation a record holds as a list (`[id, ...]` or `[{ id, ... }, ...]`). */
export const relationIds = (value: unknown): unknown[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'object' && item !== null && 'id' in item ? (item as { id: unknown }).id : item)) : [];
