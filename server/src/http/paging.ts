import type { PageLink, Paginator } from '../../../contract/api';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;

/** Laravel's LengthAwarePaginator JSON, with its sliding window of page links. */
export function paginator<T>(opts: {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
  /** absolute URL of the list, without query */
  path: string;
  /** the request's other query parameters, kept on every page link */
  query: URLSearchParams;
}): Paginator<T> {
  const { rows, total, page, perPage, path, query } = opts;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (p: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    return `${path}?${q.toString()}`;
  };
  const links: PageLink[] = [{ url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false }];
  for (const p of pageWindow(page, lastPage)) {
    links.push(p === null ? { url: null, label: '...', active: false } : { url: url(p), label: String(p), active: p === page });
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false });
  const from = rows.length ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data: rows,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to: from === null ? null : from + rows.length - 1,
    total,
  };
}

/** Page numbers to link, null for a gap: all pages when few, else the ends and three on each side. */
export function pageWindow(page: number, lastPage: number, onEachSide = 3): (number | null)[] {
  if (lastPage <= onEachSide * 2 + 8) return Array.from({ length: lastPage }, (_, i) => i + 1);
  const pages = new Set<number>([1, 2, lastPage - 1, lastPage]);
  for (let p = page - onEachSide; p <= page + onEachSide; p++) if (p >= 1 && p <= lastPage) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}
