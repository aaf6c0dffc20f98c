/** The /api/admin envelope and paging shapes (DESIGN.md section 3). */
export interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: Record<string, string[]> | string | null;
}

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** Laravel's LengthAwarePaginator as JSON. */
export interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  links: PageLink[];
  first_page_url: string;
  last_page_url: string;
  prev_page_url: string | null;
  next_page_url: string | null;
  path: string;
}

/** What POST /login returns in data (spec 1 section 3). */
export interface Session {
  token: string;
  encrypted_id: string;
  id: number;
  f_name: string;
  l_name: string | null;
  email: string;
  roles: { name: string }[];
  permissions: string[];
  pusher_id: string;
  remember_me_token: string | null;
  file: { path: string } | null;
  expires_at: string;
}

export const API_BASE = '/api/admin';

/** A notification as the bell lists it (GET /notifications/web/admin/{pusher_id}) and the push delivers it. */
export interface AdminNotification {
  id: number;
  type: string;
  body: { title: string; body: string };
  data: Record<string, unknown> | null;
  is_read: boolean;
  created_at: string;
}
