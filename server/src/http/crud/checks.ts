/** What a write or a delete must pass, besides the body's schema and the declaration's hooks. */
import { countsText, messageText, type RecordCount } from '../../../../contract/messages';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, forbidden, ValidationError } from '../errors';
import { isWithin, OUTSIDE_DISTRICTS } from '../list';
import { dynamic, type Presented, type Row, type WriteContext } from '../resource';
import { type CrudContext, labelOf, nounOf } from './shared';

/** The refusal of a title that a record (within the same parent) already has. */
export const TITLE_TAKEN = messageText('title_taken');

/**
 * An admin limited to some districts may not put a record into another one, nor leave it with no
 * district (nor add a district), nor name a record outside them: the record its place goes through
 * (a medical history's patient) or a placed record it points at (a task's campaign).
 */
export async function checkDistrict({ ctx, def, holders }: CrudContext, w: WriteContext, values: Row, existing: Row | null): Promise<void> {
  const limited = w.admin.districtIds;
  if (!limited) return;
  const scope = def.district;
  const changed = (column: string) => values[column] !== undefined && (existing === null || values[column] !== existing[column]);
  const named = (column: string) => (typeof values[column] === 'number' ? (values[column] as number) : null);
  if (scope?.through !== undefined) {
    const id = named(scope.through);
    if (changed(scope.through) && id !== null) {
      const within = await Promise.all(holders.map((holder) => isWithin(ctx, w.db, holder, id, limited)));
      if (!within.some(Boolean)) throw ValidationError.field(scope.through, scope.message);
    }
  } else if (scope) {
    if (scope.column === 'id' && !scope.table) {
      if (existing === null) throw forbidden('Only an admin of every district can add a district.');
    } else {
      const value = values[scope.column] !== undefined ? values[scope.column] : existing?.[scope.column];
      if (typeof value !== 'number' || !limited.includes(value)) throw ValidationError.field(scope.column, OUTSIDE_DISTRICTS);
    }
  }
  for (const rel of def.belongsTo ?? []) {
    const target = ctx.registry.byName.get(rel.resource);
    const id = named(rel.column);
    if (rel.column === scope?.through || rel.column === (scope && 'column' in scope ? scope.column : null) || !target?.district || id === null || !changed(rel.column)) continue;
    if (!(await isWithin(ctx, w.db, target, id, limited))) throw ValidationError.field(rel.column, OUTSIDE_DISTRICTS);
  }
}

/** A child record's parent (its key in the create body) must exist, within the parent's subset. */
export async function checkParent({ def }: CrudContext, w: WriteContext, input: Row): Promise<void> {
  if (!def.parent) return;
  const id = input[def.parent.column];
  let q = dynamic(w.db).selectFrom(def.parent.table).select('id').where('id', '=', typeof id === 'number' ? id : 0);
  if (def.parent.subset) q = q.where(def.parent.subset.column, '=', def.parent.subset.value);
  const found = typeof id === 'number' && (await q.executeTakeFirst());
  if (!found) throw ValidationError.field(def.parent.column, def.parent.message);
}

/**
 * Refuses to delete a record that other rows still point at: 409 naming what and how many, in English in
 * the text and as codes in the envelope's values (the record's resource, the counts by RECORD_NOUNS).
 */
export async function checkUnreferenced({ def }: CrudContext, w: WriteContext, record: Presented): Promise<void> {
  const uses: RecordCount[] = [];
  for (const ref of def.referencedBy ?? []) {
    const row = await dynamic(w.db).selectFrom(ref.table).select((eb) => eb.fn.countAll<number>().as('n')).where(ref.column, '=', record.id).executeTakeFirst();
    const count = Number(row?.n ?? 0);
    if (count) uses.push({ noun: ref.noun, count });
  }
  if (!uses.length) return;
  const label = labelOf(def, record);
  throw conflict(messageText('record_in_use', { noun: nounOf(def), label, uses: countsText(uses) }), { resource: def.name, label, uses });
}

/** A second record of the same title (within the same parent) is refused: see `uniqueTitle`. */
export async function checkUniqueTitle({ def }: CrudContext, trx: Kysely<Database>, values: Row, existing: Row | null): Promise<void> {
  const spec = def.uniqueTitle;
  if (!spec) return;
  const column = spec.column ?? 'title';
  const changed = values[column] !== undefined || (spec.within !== undefined && values[spec.within] !== undefined);
  if (existing && !changed) return;
  const title = values[column] !== undefined ? values[column] : existing?.[column];
  if (typeof title !== 'string') return;
  let q = dynamic(trx).selectFrom(def.table).select('id').where(sql<boolean>`lower(trim(${sql.ref(column)})) = lower(trim(cast(${title} as text)))`);
  if (spec.within) {
    const parent = values[spec.within] !== undefined ? values[spec.within] : existing?.[spec.within];
    q = parent === null || parent === undefined ? q.where(spec.within, 'is', null) : q.where(spec.within, '=', parent);
  }
  if (existing) q = q.where('id', '!=', existing.id as number);
  if (await q.executeTakeFirst()) throw ValidationError.field(column, TITLE_TAKEN);
}
