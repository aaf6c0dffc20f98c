import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { messageText } from '../../../contract/messages';
import { EXPORT_LANGUAGES } from './exportColumns';
import { MAX_ID, NO_NUL } from './fields';
import { listParameters } from './list';
import { MAX_PER_PAGE } from './paging';
import type { ResourceDef } from './resource';

/** beyond this, (page - 1) * per_page is no longer a usable OFFSET */
export const MAX_PAGE = 1_000_000_000;
/** paginate=false answers are capped so one call cannot pull a whole table of patients. */
export const UNPAGED_LIMIT = 5000;

/** One of some texts (a query's value), as a plain `enum` in the document. */
export const textEnum = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** A query flag as the console sends it (`true`/`false`, or `1`/`0`). */
export const QUERY_FLAG = ['true', 'false', '1', '0'] as const;
export const queryFlag = (name: string, description: string) =>
  Type.Optional(textEnum(QUERY_FLAG, { description, 'x-message': messageText('filter_one_of', { filter: name, values: QUERY_FLAG.join(', ') }) }));

/** A record named in a query: its numeric id, or its encrypted id (22 URL-safe characters). */
export const RECORD_ID_PATTERN = '^([0-9]{1,10}|[A-Za-z0-9_-]{22})$';

const ids = (description: string) =>
  Type.Array(Type.String({ pattern: RECORD_ID_PATTERN }), { maxItems: UNPAGED_LIMIT, description, 'x-message': messageText('filter_record', { filter: 'ids' }) });

/**
 * The query of a declaration's list (`GET /{name}`, and its choices without the export's parameters):
 * paging, search, the sort among the declaration's sortable columns, `ids[]`, its declared filters
 * and, on the list, the export's. One source for the validator and the document; query values are
 * text, read as their declared types (integers, flags), and a key given twice is read as its first
 * value (http/validators.ts).
 */
export function listQuerySchema(def: ResourceDef, opts: { exports: boolean }): TObject {
  const sorts = [...new Set([...def.sortable, 'id', def.defaultSort.field])];
  const props: Record<string, TSchema> = {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: 'the page, from 1', 'x-message': messageText('page_number') })),
    per_page: Type.Optional(Type.Integer({
      minimum: 1, maximum: UNPAGED_LIMIT,
      description: `rows a page: at most ${MAX_PER_PAGE} are answered (a larger number gives ${MAX_PER_PAGE}); ignored with paginate=false`,
      'x-message': messageText('per_page_range'),
    })),
    paginate: queryFlag('paginate', `false or 0: every row (up to ${UNPAGED_LIMIT}) as a plain array instead of a page`),
    search: Type.Optional(Type.String({ maxLength: 1000, pattern: NO_NUL, description: `matches ${def.searchable.join(', ')} (joined by spaces), case-insensitive`, 'x-message': messageText('search_too_long', { max: 1000 }) })),
    sort: Type.Optional(textEnum(sorts, { description: `the column to sort by (default ${def.defaultSort.field})`, 'x-message': messageText('filter_one_of', { filter: 'sort', values: sorts.join(', ') }) })),
    order: Type.Optional(textEnum(['asc', 'desc', 'ASC', 'DESC'], { description: `the order (default ${def.defaultSort.order}, or asc with a sort)`, 'x-message': messageText('filter_one_of', { filter: 'order', values: 'asc, desc' }) })),
    'ids[]': Type.Optional(ids('only these records (numeric or encrypted ids)')),
    ids: Type.Optional(ids('as ids[]')),
    // the spec's `GET /tasks?id=`: one record, as ids[] (empty: no such filter)
    id: Type.Optional(Type.String({ pattern: `^(${RECORD_ID_PATTERN.slice(2, -2)})?$`, description: 'only this record (numeric or encrypted id); empty: every record', 'x-message': messageText('filter_record', { filter: 'id' }) })),
  };
  for (const [param, type] of Object.entries(listParameters(def))) {
    const declared = def.filters?.[param];
    const values = Array.isArray(declared) ? declared : def.via?.[param]?.values;
    const filter = param.replace(/_/g, ' ');
    if (param === 'status' && def.status?.kind === 'user') {
      props.status = Type.Optional(Type.String({ pattern: '^([12]|Active|Blocked|active|blocked)$', description: '1 (Active) or 2 (Blocked)', 'x-message': messageText('filter_status', { values: '1, 2, Active, Blocked' }) }));
    } else if (param === 'status' && def.status?.kind === 'named') {
      props.status = Type.Optional(textEnum(def.status.values, { 'x-message': `The status filter must be one of ${def.status.values.join(', ')}.` }));
    } else if (param === def.parent?.column) {
      props[param] = Type.Optional(Type.String({ pattern: RECORD_ID_PATTERN, description: `the ${def.parent.resource} record (numeric or encrypted id)`, 'x-message': messageText('filter_record', { filter }) }));
    } else if (values) {
      props[param] = Type.Optional(textEnum(values, { 'x-message': `The ${param.replace(/_/g, ' ')} filter must be one of ${values.join(', ')}.` }));
    } else if (type === 'integer') {
      props[param] = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, 'x-message': `The ${param.replace(/_/g, ' ')} filter must be a number.` }));
    } else if (type === 'date') {
      props[param] = Type.Optional(Type.String({ format: 'date', 'x-message': `The ${param.replace(/_/g, ' ')} must be a date (YYYY-MM-DD).` }));
    } else {
      props[param] = Type.Optional(Type.String({ maxLength: 191, pattern: NO_NUL }));
    }
  }
  if (def.dateRange) props.isFiltered = queryFlag('isFiltered', 'sent by the console beside a date range; ignored');
  if (opts.exports) {
    Object.assign(props, {
      download: queryFlag('download', 'true or 1: answers a signed link to the list as a file (CSV or XLSX) instead of a page'),
      format: Type.Optional(textEnum(['csv', 'xlsx'], { description: 'the export’s format (default csv)', 'x-message': messageText('export_format') })),
      lang: Type.Optional(textEnum(EXPORT_LANGUAGES, { description: 'the export’s language (default en)', 'x-message': messageText('filter_one_of', { filter: 'lang', values: EXPORT_LANGUAGES.join(', ') }) })),
      tz: Type.Optional(Type.String({ maxLength: 64, pattern: NO_NUL, description: 'the export’s time zone (IANA name; unknown: UTC)' })),
      labels: Type.Optional(Type.String({ maxLength: 8000, pattern: NO_NUL, description: 'the export’s headers as JSON text: { column key: label }' })),
    });
  }
  return Type.Object(props, { additionalProperties: false });
}
