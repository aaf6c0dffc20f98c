import { type TObject, Type } from '@sinclair/typebox';
import { USER_STATUS } from '../../../contract/enums';
import { audit, diff } from '../services/audit';
import { now } from '../services/tokens';
import { conflict, ValidationError } from './errors';
import { MAX_ID } from './fields';
import { dynamic, type ResourceDef, type Row, type WriteContext } from './resource';

/**
 * PUT /{resource}/status/{id}: the account status of people (1 active, 2 blocked) or named statuses
 * with their allowed transitions; a transition into a status that needs a reason takes one, chosen
 * from its table (a cancellation reason), and refuses without it.
 */

type Status = NonNullable<ResourceDef['status']>;

export function statusBody(status: Status): TObject {
  if (status.kind === 'user') {
    return Type.Object(
      { status: Type.Union([Type.Literal(USER_STATUS.active), Type.Literal(USER_STATUS.blocked)], { 'x-message': 'The status must be 1 (active) or 2 (blocked).' }) },
      { additionalProperties: false },
    );
  }
  const reasons = Object.fromEntries(
    Object.values(status.reasons ?? {}).map((r) => [r.column, Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, 'x-message': r.message }))]),
  );
  return Type.Object(
    { status: Type.Union(status.values.map((v) => Type.Literal(v)), { 'x-message': `The status must be one of ${status.values.join(', ')}.` }), ...reasons },
    { additionalProperties: false },
  );
}

/** Changes the status of the record `existing` (as the caller may see it) in the write's transaction. */
export async function changeStatus(w: WriteContext, def: ResourceDef, existing: Row, body: Row): Promise<void> {
  const status = def.status!;
  const db = dynamic(w.db);
  const column = status.kind === 'user' ? 'status' : status.column;
  const id = Number(existing.id);
  const to = body.status as number | string;
  const values: Row = { [column]: to };
  let action: string;
  if (status.kind === 'user') {
    action = to === USER_STATUS.blocked ? 'block' : 'unblock';
  } else {
    const from = String(existing[column]);
    // a named status moves only along its transitions: a final one (a Completed appointment) stays as it is
    if (!(status.transitions[from] ?? []).includes(String(to))) {
      throw ValidationError.field('status', `The status cannot change from ${from} to ${to}.`);
    }
    const reason = status.reasons?.[String(to)];
    if (reason) {
      const chosen = body[reason.column];
      const known = typeof chosen === 'number' && (await db.selectFrom(reason.table).select('id').where('id', '=', chosen).executeTakeFirst());
      if (!known) throw ValidationError.field(reason.column, reason.message);
      values[reason.column] = chosen;
    }
    action = 'status';
  }
  let update = db.updateTable(def.table).set({ ...values, updated_at: now() }).where('id', '=', id);
  // from the status read, and only from it: of a cancel and a completion arriving at once, one changes it and the other is refused
  if (status.kind === 'named') update = update.where(column, '=', existing[column]);
  const changed = await update.executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw conflict('The status changed meanwhile; reload and try again.');
  await def.hooks?.afterStatus?.(w, { ...existing, ...values }, to);
  await audit(w.db, {
    actorId: w.admin.id, action, resource: def.name, recordId: id,
    changes: diff(existing, values), ip: w.request.ip, requestId: w.request.id,
  });
}
