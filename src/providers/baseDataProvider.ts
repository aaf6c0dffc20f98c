/**
 * react-admin's standard calls (getList, getOne, ..., deleteMany) for /api/admin, built from
 * (apiUrl, http) like ra-data-simple-rest: the envelope, the paginators, encrypted ids in routes,
 * form data. Conventions: docs/API-CONTRACT.md. The console's own calls are in consoleMethods.ts.
 */
import { HttpError } from 'ra-core';
import type {
  CreateResult,
  DataProvider,
  DeleteManyResult,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyReferenceResult,
  GetManyResult,
  GetOneResult,
  Identifier,
  RaRecord,
  SortPayload,
  UpdateManyResult,
  UpdateResult,
} from 'ra-core';
import type { PageLink } from '../../contract/api';
import { answerCode, answerValues, serverMessageKey } from './serverMessages';
import { ApiError, apiFetch, apiUrl as defaultApiUrl, isRecord, toHttps, withHttpsFileLinks, type ApiFetchOptions, type ApiResponse, type QueryParams } from './http';
import { isKeptFile, withFileValues } from './files';
import { rememberIds, toRecordIds, toServerKeys, withRecordIds, type IdLookup } from './references';
import { getEncryptedId, getUid } from './session';

export type HttpClient = <T = unknown>(path: string, options?: ApiFetchOptions) => Promise<ApiResponse<T>>;

/**
 * Server validation errors become HttpError 422 with body.errors, which react-admin's forms show
 * under each input. The older server also answered success:false with field errors on HTTP 200.
 * Texts that come with a code are translation keys (serverMessages.ts), so they show in the user's language.
 */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const message = serverMessageKey(error.message, answerCode(error.body), answerValues(error.body));
  if (error.status === 422 || Object.keys(error.fieldErrors).length > 0) {
    const errors = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, text]) => [field, serverMessageKey(text, answerCode(error.body, field))]));
    return new HttpError(message, 422, { errors });
  }
  return new HttpError(message, error.status, error.body);
}

export async function request<T>(http: HttpClient, path: string, options?: ApiFetchOptions): Promise<ApiResponse<T>> {
  try {
    return await http<T>(path, options);
  } catch (error) {
    throw toHttpError(error);
  }
}

export const identifierOf = (value: unknown): Identifier | undefined =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? value : undefined;

/** An embedded relation as the server presents it: its `encrypted_id`, beside its numeric `id` or alone (the audit log's actor). */
const isEmbedded = (value: unknown): value is Record<string, unknown> & { id?: number; encrypted_id: string } =>
  isRecord(value) && typeof value.encrypted_id === 'string' && value.encrypted_id !== '' && (typeof value.id === 'number' || value.id === undefined);

/**
 * A record's field with the relations it embeds (`doctor: { id: 5, encrypted_id: 'Xy', ... }`, or a
 * list of them, and theirs in turn) in react-admin's shape, as the record itself: `id` the encrypted id
 * the server's routes take, the number (if given) kept as `number`. Other values are left as they are.
 */
export function withEmbeddedIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.some((item) => isEmbedded(item)) ? value.map(withEmbeddedIds) : value;
  if (!isEmbedded(value)) return value;
  const fields = Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withEmbeddedIds(field)]));
  return value.id === undefined ? { ...fields, id: value.encrypted_id } : { ...fields, id: value.encrypted_id, number: value.id };
}

/**
 * react-admin's record: the encrypted id is its id (routes take it), the server's number is kept as
 * `number` for display only (a ticket's "#12"), the relations it embeds likewise (withEmbeddedIds), its
 * stored files (and those of the relations it embeds) as `{ src, title }` (files.ts), and references to
 * records already seen are given as their ids (references.ts; the standard calls also ask for the others).
 */
export function normaliseRecord(raw: unknown, resource?: string): RaRecord {
  const id = isRecord(raw) ? (identifierOf(raw.encrypted_id) ?? identifierOf(raw.id)) : undefined;
  if (!isRecord(raw) || id === undefined) throw new HttpError('The server answered without a record.', 500, raw);
  rememberIds(raw, resource);
  const fields = Object.fromEntries(Object.entries(withFileValues(withHttpsFileLinks(raw))).map(([key, value]) => [key, withEmbeddedIds(value)]));
  return withRecordIds({ ...fields, id, number: raw.id });
}

/** Never sent in a body: the route names the record. */
const ID_KEYS = new Set(['id', 'number', 'numeric_id', 'encrypted_id']);

/** react-admin's FileInput and ImageInput hold { rawFile, src, title }; the server wants the file. */
export const unwrapFile = (value: unknown): unknown => (isRecord(value) && value.rawFile instanceof Blob ? value.rawFile : value);

/**
 * A write sends the form values without any of the ids (the route carries the id). A stored file left
 * as it was (`{ src, title }` with no chosen file) is not sent, so the server keeps it; in a list of
 * files it is named by its link (`src`, the path the server presented), so the server keeps it there too.
 */
export function toWriteBody(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (ID_KEYS.has(key) || isKeptFile(value)) continue;
    body[key] = Array.isArray(value) ? value.map((item) => (isKeptFile(item) ? item.src : unwrapFile(item))) : unwrapFile(value);
  }
  return body;
}

export interface ListPage {
  data: RaRecord[];
  /** Absent in the older server's simple paginator. */
  total?: number;
  current_page?: number;
  last_page?: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  links: PageLink[];
}

const urlOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function readPage(data: unknown, resource?: string): ListPage {
  if (!isRecord(data) || !Array.isArray(data.data)) throw new HttpError('The server answered without a list.', 500, data);
  return {
    data: data.data.map((raw) => normaliseRecord(raw, resource)),
    total: typeof data.total === 'number' ? data.total : undefined,
    current_page: typeof data.current_page === 'number' ? data.current_page : undefined,
    last_page: typeof data.last_page === 'number' ? data.last_page : undefined,
    next_page_url: urlOrNull(data.next_page_url),
    prev_page_url: urlOrNull(data.prev_page_url),
    links: Array.isArray(data.links) ? (data.links as PageLink[]) : [],
  };
}

/** A paged answer, or a plain array when paginate=false. */
export function readList(data: unknown, resource?: string): GetListResult<RaRecord> {
  if (Array.isArray(data)) {
    const records = data.map((raw) => normaliseRecord(raw, resource));
    return { data: records, total: records.length };
  }
  const page = readPage(data, resource);
  if (page.total !== undefined) return { data: page.data, total: page.total };
  return {
    data: page.data,
    pageInfo: { hasNextPage: page.next_page_url !== null, hasPreviousPage: page.prev_page_url !== null },
  };
}

export function sortQuery(sort: SortPayload | undefined): QueryParams {
  if (!sort?.field) return {};
  return { sort: sort.field === 'number' ? 'id' : sort.field, order: sort.order.toLowerCase() };
}

/** Extra query parameters a caller passes as meta.query (detail fetches of some modules take them). */
export const metaQuery = (meta: unknown): QueryParams => (isRecord(meta) && isRecord(meta.query) ? meta.query : {});

/**
 * A list's filter as the server's query: react-admin's full-text `q` is the server's `search`. A
 * `search` given as such is kept (a blank or absent `q` must not wipe it out); when both are given,
 * `q` (the list's search box) wins.
 */
export function filterQuery(filter: unknown): QueryParams {
  if (!isRecord(filter)) return {};
  const { q, search, ...rest } = filter;
  const term = q === undefined || q === null || q === '' ? search : q;
  return term === undefined ? rest : { ...rest, search: term };
}

function listQuery(params: GetListParams): QueryParams {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  return {
    ...filterQuery(params.filter),
    ...metaQuery(params.meta),
    ...sortQuery(params.sort),
    page,
    per_page: perPage,
  };
}

export const encodeId = (id: Identifier): string => encodeURIComponent(String(id));

/** Lists served somewhere else than GET /{resource}. */
export const LIST_PATHS: Record<string, () => string> = {
  // The admin list is asked for on behalf of the signed-in admin, who is left out of it.
  admins: () => {
    const encryptedId = getEncryptedId();
    if (!encryptedId) throw new HttpError('Not signed in.', 401);
    return `admins/admin/${encodeURIComponent(encryptedId)}`;
  },
};

/**
 * Reads the records of `resource` with these ids (encrypted, or numbers) for both their ids
 * (references.ts): from its list, else from its choices (open to every signed-in admin).
 */
export const idLookup =
  (apiUrl: string, http: HttpClient): IdLookup =>
  async (resource, ids) => {
    const query = { paginate: false, ids };
    const { data } = await request<unknown>(http, `${apiUrl}/${resource}`, { query }).catch(() => request<unknown>(http, `${apiUrl}/${resource}/choices`, { query }));
    return Array.isArray(data) ? data.filter(isRecord).map((r) => ({ id: r.id, encrypted_id: r.encrypted_id })) : [];
  };

export function createBaseDataProvider(apiUrl: string = defaultApiUrl, http: HttpClient = apiFetch): DataProvider {
  const resourcePath = (resource: string): string => `${apiUrl}/${resource}`;
  const recordPath = (resource: string, id: Identifier): string => `${resourcePath(resource)}/${encodeId(id)}`;
  const listPath = (resource: string): string => {
    const custom = LIST_PATHS[resource];
    return custom ? `${apiUrl}/${custom()}` : resourcePath(resource);
  };

  const lookup = idLookup(apiUrl, http);

  const getList = async (resource: string, params: GetListParams): Promise<GetListResult<RaRecord>> => {
    // references in the filter go as the server's numeric keys (references.ts)
    const filter = isRecord(params.filter) ? await toServerKeys(params.filter, lookup) : params.filter;
    // the choices of a select (meta.choices): GET /{resource}/choices, open to every signed-in admin
    const choices = isRecord(params.meta) && params.meta.choices === true;
    const { choices: _choices, ...meta } = isRecord(params.meta) ? params.meta : {};
    const { data } = await request<unknown>(http, choices ? `${resourcePath(resource)}/choices` : listPath(resource), {
      query: listQuery({ ...params, filter, meta }),
      signal: params.signal,
    });
    const list = readList(data, resource);
    return { ...list, data: await toRecordIds(list.data, lookup) };
  };

  /** A record read: its references as ids (references.ts). */
  const readRecord = async (data: unknown, resource: string): Promise<RaRecord> => (await toRecordIds([normaliseRecord(data, resource)], lookup))[0]!;

  const writeRecord = async (resource: string, method: 'PUT' | 'POST', path: string, body: Record<string, unknown>): Promise<RaRecord> => {
    const { data } = await request<unknown>(http, path, { method, body });
    return readRecord(data, resource);
  };

  return {
    getList: async (resource, params) => (await getList(resource, params)) as GetListResult,

    getOne: async (resource, params) => {
      const { data } = await request<unknown>(http, recordPath(resource, params.id), {
        query: metaQuery(params.meta),
        signal: params.signal,
      });
      return { data: await readRecord(data, resource) } as GetOneResult;
    },

    getMany: async (resource, params) => {
      const { data } = await request<unknown>(http, resourcePath(resource), {
        query: { ...metaQuery(params.meta), paginate: false, ids: params.ids },
        signal: params.signal,
      });
      return { data: await toRecordIds(readList(data, resource).data, lookup) } as GetManyResult;
    },

    getManyReference: async (resource, params) => {
      const filter = { ...(isRecord(params.filter) ? params.filter : {}), [params.target]: params.id };
      return (await getList(resource, { ...params, filter })) as GetManyReferenceResult;
    },

    create: async (resource, params) => {
      const uid = getUid();
      const body = { ...(await toServerKeys(toWriteBody(params.data as Record<string, unknown>), lookup)), ...(uid === null ? {} : { created_by: uid }) };
      return { data: await writeRecord(resource, 'POST', resourcePath(resource), body) } as CreateResult;
    },

    update: async (resource, params) => {
      const body = await toServerKeys(toWriteBody(params.data as Record<string, unknown>), lookup);
      return { data: await writeRecord(resource, 'PUT', recordPath(resource, params.id), body) } as UpdateResult;
    },

    updateMany: async (resource, params) => {
      const body = await toServerKeys(toWriteBody(params.data as Record<string, unknown>), lookup);
      await Promise.all(params.ids.map((id) => request(http, recordPath(resource, id), { method: 'PUT', body })));
      return { data: params.ids } as UpdateManyResult;
    },

    delete: async (resource, params) => {
      const { data } = await request<unknown>(http, recordPath(resource, params.id), { method: 'DELETE' });
      const deleted = isRecord(data) && identifierOf(data.encrypted_id ?? data.id) !== undefined ? normaliseRecord(data, resource) : null;
      return { data: deleted ?? params.previousData ?? { id: params.id } } as DeleteResult;
    },

    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => request(http, recordPath(resource, id), { method: 'DELETE' })));
      return { data: params.ids } as DeleteManyResult;
    },
  };
}

/** Follows a next/previous page link given by the server (spec 1 section 7). */
export async function fetchPageUrl(
  url: string,
  http: HttpClient = apiFetch,
  pageProtocol: string = window.location.protocol,
): Promise<ListPage> {
  const { data } = await request<unknown>(http, toHttps(url, pageProtocol));
  return readPage(data);
}
