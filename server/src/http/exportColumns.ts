import type { ResourceDef, Row } from './resource';

/**
 * What an export's columns are, from the declaration: what the list shows rather than what the table
 * stores. Internal ids of other records (`*_id`, `created_by`) give way to the related records' titles
 * (a person's full name, a place's title); first and last name become one name; the account status
 * of people is a word (Active, Blocked); dates and times are typed cells (formatted in the reader's
 * language and time zone in a CSV, date cells in an XLSX); headers are the reader's language's labels.
 */
export type CellKind = 'text' | 'number' | 'date' | 'datetime';

export interface ExportColumn {
  /** the field's key: the header's label is looked up by it */
  key: string;
  value(row: Row): unknown;
  /** an account status (1, 2): written as its word */
  status?: boolean;
}

/** How the reader wants the file: its language, time zone and the labels of the console (headers, status words). */
export interface ExportLocale {
  locale: string;
  timeZone: string;
  labels: Record<string, string>;
}

export const EXPORT_LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'pt', 'zh'] as const;

/** The reader's settings from a query, each checked (an unknown language or zone falls back to English, UTC). */
export function exportLocale(q: Record<string, unknown>): ExportLocale {
  const lang = typeof q.lang === 'string' && (EXPORT_LANGUAGES as readonly string[]).includes(q.lang) ? q.lang : 'en';
  let timeZone = 'UTC';
  if (typeof q.tz === 'string' && q.tz.length <= 64) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: q.tz });
      timeZone = q.tz;
    } catch {
      // not a zone this server knows
    }
  }
  const labels: Record<string, string> = {};
  if (typeof q.labels === 'string' && q.labels.length <= 8000) {
    try {
      const parsed: unknown = JSON.parse(q.labels);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' && v.length <= 100) labels[k] = v;
      }
    } catch {
      // no labels: the English headers
    }
  }
  return { locale: lang, timeZone, labels };
}

const fullName = (r: Row | null | undefined): string | null => {
  if (!r) return null;
  const name = [r.f_name, r.l_name].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ');
  return name || null;
};

/** A related record as a person or a list reads it: its full name, else its first column (a title). */
const titleOf = (rel: { columns: readonly string[] }, r: Row | null | undefined): unknown =>
  !r ? null : rel.columns.includes('f_name') ? fullName(r) : r[rel.columns[0]!] ?? null;

/** The account status words (users: 1 active, 2 blocked), by the console's labels. */
export const STATUS_WORDS: Record<number, string> = { 1: 'Active', 2: 'Blocked' };

/** The columns of a resource's exports. */
export function exportColumns(def: ResourceDef): ExportColumn[] {
  const fields = def.exportColumns ?? ['id', ...def.columns.filter((c) => c !== 'id')];
  const files = new Set(Object.keys(def.files ?? {}));
  const relations = def.belongsTo ?? [];
  const out: ExportColumn[] = [];
  for (const field of fields) {
    if (field !== 'id' && (field.endsWith('_id') || field === 'created_by' || files.has(field))) continue;
    if (field === 'l_name' && fields.includes('f_name')) continue;
    if (field === 'f_name' && fields.includes('l_name')) {
      out.push({ key: 'name', value: (r) => fullName(r) });
      continue;
    }
    if (field === 'status' && def.status?.kind === 'user') {
      out.push({ key: 'status', value: (r) => r.status, status: true });
      continue;
    }
    out.push({ key: field, value: (r) => r[field] });
  }
  for (const rel of relations) out.push({ key: rel.as, value: (r) => titleOf(rel, r[rel.as] as Row | null) });
  return out;
}

const ISO_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/;
const ISO_DATE = /^\d{4}-\d\d-\d\d$/;

/** A value as a typed cell: a date or time (ms since epoch, UTC for a date), a number or text. */
export function typedCell(column: ExportColumn, value: unknown, locale: ExportLocale): { kind: CellKind; value: unknown } {
  if (column.status && value !== null && value !== undefined) {
    const status = Number(value);
    return { kind: 'text', value: locale.labels[`status.${status}`] ?? STATUS_WORDS[status] ?? String(value) };
  }
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'number', value };
  if (typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return { kind: 'date', value: Date.parse(`${value}T00:00:00Z`) };
  if (typeof value === 'string' && ISO_DATETIME.test(value) && !Number.isNaN(Date.parse(value))) return { kind: 'datetime', value: Date.parse(value) };
  return { kind: 'text', value };
}

/** A header's label: the console's, else the key in words ("created_at": "Created at"). */
export function headerOf(key: string, locale: ExportLocale): string {
  if (locale.labels[key]) return locale.labels[key]!;
  if (key === 'id') return 'ID';
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Formatters of a reader's dates and times, made once an export. */
export function dateFormatters(locale: ExportLocale): { date(ms: number): string; datetime(ms: number): string; offsetMs(ms: number): number } {
  const date = new Intl.DateTimeFormat(locale.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const datetime = new Intl.DateTimeFormat(locale.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: locale.timeZone });
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: locale.timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return {
    date: (ms) => date.format(ms),
    datetime: (ms) => datetime.format(ms),
    /** the zone's offset from UTC at that moment (for a spreadsheet's local date cells) */
    offsetMs(ms) {
      const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
      // (setUTCFullYear, not Date.UTC: that reads a year 0-99 as 1900-1999, an offset of centuries)
      const local = new Date(0);
      local.setUTCFullYear(Number(p.year), Number(p.month) - 1, Number(p.day));
      local.setUTCHours(Number(p.hour), Number(p.minute), Number(p.second), 0);
      return local.getTime() - Math.floor(ms / 1000) * 1000;
    },
  };
}
