import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it: the foundation's tables here; each later module adds its own tables
 * to this interface from its declaration file (`declare module '../db/schema'`), beside its resource.
 * Timestamps are ISO-8601 UTC text and dates are YYYY-MM-DD text on both dialects, so rows read the
 * same from SQLite and PostgreSQL and sort as text.
 */
export interface Database {
  roles: {
    id: Generated<number>;
    name: string;
    is_super: Generated<number>;
    created_by: number | null;
    created_at: string;
    updated_at: string;
  };
  role_permissions: { role_id: number; permission: string };
  admins: {
    id: Generated<number>;
    f_name: string;
    l_name: string | null;
    email: string;
    phone: string | null;
    cnic: string | null;
    dob: string | null;
    gender: string;
    password_hash: string;
    role_id: number;
    prev_role_id: number | null;
    status: Generated<number>;
    pusher_id: string;
    profile_image: string | null;
    created_by: number | null;
    updated_by: number | null;
    created_at: string;
    updated_at: string;
  };
  auth_tokens: {
    id: Generated<number>;
    admin_id: number;
    token_hash: string;
    remember: number;
    expires_at: string;
    created_at: string;
    ip: string | null;
  };
  password_resets: {
    id: Generated<number>;
    admin_id: number;
    token_hash: string;
    expires_at: string;
    used_at: string | null;
    created_at: string;
  };
  throttle: { key: string; hits: number; window_start: string };
  audit_log: {
    id: Generated<number>;
    actor_id: number | null;
    action: string;
    resource: string;
    record_id: number | null;
    changes: string | null;
    ip: string | null;
    request_id: string | null;
    created_at: string;
  };
  sent_notifications: {
    id: Generated<number>;
    send_to: string;
    channel: string;
    title: string;
    body: string;
    /** the audience counted when it was sent */
    recipients: Generated<number>;
    sent_by: number | null;
    created_at: string;
    updated_at: string;
    /** sending: the fan-out is storing copies; sent: every copy is stored */
    status: Generated<string>;
    /** copies stored so far */
    delivered: Generated<number>;
    /** the last recipient id whose copy is stored (a restarted fan-out carries on after it) */
    cursor: Generated<number>;
    /** when a server last worked on the fan-out (a lease) */
    claimed_at: string | null;
    /** the sender's districts (JSON list) when it was limited to some: only their people and admins receive it */
    district_ids: string | null;
  };
  admin_notifications: {
    id: Generated<number>;
    admin_id: number;
    type: string;
    title: string;
    body: string;
    data: string | null;
    is_read: Generated<number>;
    sent_notification_id: number | null;
    created_at: string;
  };
  /** a field user's (doctor's, patient's) own copy of a notification: the inbox the field apps read */
  user_notifications: {
    id: Generated<number>;
    user_id: number;
    type: string;
    title: string;
    body: string;
    data: string | null;
    is_read: Generated<number>;
    sent_notification_id: number | null;
    created_at: string;
  };
  row_counts: { table_name: string; n: number };
  /** bumped by triggers whenever a cached session could change (migration 0023, http/auth.ts) */
  auth_epoch: { id: number; n: number | string | bigint };
  /** the search index of each table and the columns it covers (db/search.ts) */
  search_indexes: { table_name: string; columns: string };
  /** PostgreSQL (migration 0038): each searched record's lowered text, by kind (a table, or a subset `users:patient`) */
  search_text: { kind: string; id: number; text: string };
  qualifications: { id: Generated<number>; title: string; created_at: string; updated_at: string };
  specializations: { id: Generated<number>; title: string; created_at: string; updated_at: string };
  districts: { id: Generated<number>; title: string; created_at: string; updated_at: string };
  tehsils: { id: Generated<number>; title: string; district_id: number; created_at: string; updated_at: string };
  areas: {
    id: Generated<number>;
    title: string;
    district_id: number;
    tehsil_id: number;
    lat: number;
    long: number;
    created_at: string;
    updated_at: string;
  };
  cities: { id: Generated<number>; title: string; created_at: string; updated_at: string };
  countries: { id: Generated<number>; country: string; iso2: string; iso3: string; created_at: string; updated_at: string };
  /** the districts an admin is limited to; an admin with none is not limited */
  admin_districts: { admin_id: number; district_id: number };
}

export type TableName = keyof Database;
