import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { now } from './tokens';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  resource: string;
  recordId: number | null;
  changes?: Record<string, unknown> | null;
  ip: string | null;
  requestId: string | null;
}

const SECRET_FIELDS = /password|token|secret/i;

/** Append a row to the audit log, in the caller's transaction when there is one. Secrets are masked. */
export async function audit(db: Kysely<Database> | Transaction<Database>, e: AuditEntry): Promise<void> {
  let changes: string | null = null;
  if (e.changes) {
    const masked: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e.changes)) masked[k] = SECRET_FIELDS.test(k) ? '[hidden]' : Buffer.isBuffer(v) ? '[file]' : v;
    changes = JSON.stringify(masked);
  }
  await db
    .insertInto('audit_log')
    .values({
      actor_id: e.actorId,
      action: e.action,
      resource: e.resource,
      record_id: e.recordId,
      changes,
      ip: e.ip,
      request_id: e.requestId,
      created_at: now(),
    })
    .execute();
}

/** The fields whose values differ between the stored row and the new values, old and new. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (k === 'updated_at' || k === 'created_at') continue;
    const old = before ? before[k] : undefined;
    if (old !== v) out[k] = before ? { from: old ?? null, to: v ?? null } : v;
  }
  return out;
}
