/** What GET /search answers (the app bar's search), read defensively: a group or hit of another shape is left out. */
import { isRecord } from './http';

/** The modules the app bar's search covers, in the order the server groups them. */
export const SEARCH_RESOURCES = ['app-users', 'doctors', 'chw', 'admins', 'campaigns', 'dynamic-forms'] as const;
export type SearchResource = (typeof SEARCH_RESOURCES)[number];

export interface SearchHit {
  /** the record's encrypted id (react-admin's id) */
  id: string;
  label: string;
  detail: string | null;
}

export interface SearchGroup {
  resource: SearchResource;
  hits: SearchHit[];
  /** the list holds more matches than the group shows */
  more: boolean;
}

const isResource = (value: unknown): value is SearchResource => (SEARCH_RESOURCES as readonly unknown[]).includes(value);

export function readSearch(data: unknown): SearchGroup[] {
  const groups = isRecord(data) && Array.isArray(data.groups) ? data.groups : [];
  return groups.flatMap((group): SearchGroup[] => {
    if (!isRecord(group) || !isResource(group.resource) || !Array.isArray(group.hits)) return [];
    const hits = group.hits.flatMap((hit): SearchHit[] =>
      isRecord(hit) && typeof hit.id === 'string' && typeof hit.label === 'string'
        ? [{ id: hit.id, label: hit.label, detail: typeof hit.detail === 'string' ? hit.detail : null }]
        : [],
    );
    return [{ resource: group.resource, hits, more: group.more === true }];
  });
}
