import { type TObject, Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ValidationError } from './errors';
import { MAX_ID } from './fields';
import { dynamic, type Presented, type ResourceDef, type Row } from './resource';

/**
 * Repeatable child rows (prescription medicines, form questions, facility services), written in the
 * parent's transaction. A body sends the whole list: rows carrying their `id` are updated in place
 * (so answers that point at a question keep pointing at it), rows without one are added, stored rows
 * left out are removed.
 */

type ChildSpec = NonNullable<ResourceDef['children']>[string];

/** The body schema of a child list: the declared row plus an optional id of a stored row. */
export function childListSchema(spec: ChildSpec): TObject | ReturnType<typeof Type.Array> {
  const row = Type.Object(
    { id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })), ...(spec.schema.properties as Record<string, never>) },
    { additionalProperties: false },
  );
  // a list left out (or not a list) is answered with the declaration's own message, as an empty one is
  return Type.Array(row, { ...(spec.min ? { minItems: spec.min } : {}), maxItems: spec.max ?? 200, ...(spec.minMessage ? { 'x-message': spec.minMessage } : {}) });
}

/**
 * A list of plain values for child rows of one field (the spec's facility `services: ["Vaccination"]`)
 * is a list of those rows (`[{ title: "Vaccination" }]`): run before validation.
 */
export function rowsFromValues(def: ResourceDef, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const record = body as Row;
  for (const [key, spec] of Object.entries(def.children ?? {})) {
    const fields = Object.keys(spec.schema.properties);
    const list = record[key];
    if (fields.length !== 1 || !Array.isArray(list)) continue;
    record[key] = list.map((item) => (typeof item === 'string' || typeof item === 'number' ? { [fields[0]!]: item } : item));
  }
}

const childColumns = (spec: ChildSpec) => Object.keys(spec.schema.properties);

/** Checks the lists of a body against `min` before anything is written. */
export function checkChildCounts(def: ResourceDef, input: Row, creating: boolean): void {
  const errors: Record<string, string[]> = {};
  for (const [key, spec] of Object.entries(def.children ?? {})) {
    const list = input[key];
    if (list === undefined && !creating) continue;
    const n = Array.isArray(list) ? list.length : 0;
    if (spec.min && n < spec.min) errors[key] = [spec.minMessage ?? `Please add at least ${spec.min}.`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Writes the child lists present in the body; returns what changed, for the audit row. */
export async function writeChildren(trx: Kysely<Database>, def: ResourceDef, parentId: number, input: Row): Promise<Row> {
  const db = dynamic(trx);
  const changes: Row = {};
  for (const [key, spec] of Object.entries(def.children ?? {})) {
    const list = input[key];
    if (!Array.isArray(list)) continue;
    const rows = list as Row[];
    const stored = await db.selectFrom(spec.table).select('id').where(spec.foreignKey, '=', parentId).execute();
    const storedIds = new Set(stored.map((r) => Number(r.id)));
    const foreign = rows.map((r, i) => [i, r.id] as const).filter(([, id]) => id !== undefined && !storedIds.has(Number(id)));
    if (foreign.length) {
      throw new ValidationError({ [key]: foreign.map(([i]) => `Row ${i + 1} does not belong to this record.`) });
    }
    const kept = new Set(rows.map((r) => r.id).filter((id) => id !== undefined).map(Number));
    const removed = [...storedIds].filter((id) => !kept.has(id));
    if (removed.length) await db.deleteFrom(spec.table).where('id', 'in', removed).execute();
    const columns = childColumns(spec);
    for (const [i, row] of rows.entries()) {
      const values: Row = {};
      // flags are integer columns on both dialects (SQLite cannot bind a boolean)
      for (const c of columns) if (row[c] !== undefined) values[c] = typeof row[c] === 'boolean' ? Number(row[c]) : row[c];
      if (spec.position) values[spec.position] = i;
      if (row.id !== undefined) await db.updateTable(spec.table).set(values).where('id', '=', Number(row.id)).execute();
      else await db.insertInto(spec.table).values({ ...values, [spec.foreignKey]: parentId }).execute();
    }
    changes[key] = { rows: rows.length, removed: removed.length };
  }
  return changes;
}

/** Attaches each record's child lists, one query a list for the whole page. */
export async function loadChildren(trx: Kysely<Database>, def: ResourceDef, rows: Presented[]): Promise<void> {
  if (!def.children || !rows.length) return;
  const db = dynamic(trx);
  const ids = rows.map((r) => r.id);
  for (const [key, spec] of Object.entries(def.children)) {
    let q = db.selectFrom(spec.table).select(['id', spec.foreignKey, ...childColumns(spec)]).where(spec.foreignKey, 'in', ids);
    if (spec.position) q = q.orderBy(spec.position);
    const children = await q.orderBy('id').execute();
    const byParent = new Map<number, Row[]>();
    for (const child of children) {
      const parent = Number(child[spec.foreignKey]);
      const { [spec.foreignKey]: _fk, ...rest } = child;
      const list = byParent.get(parent) ?? [];
      list.push(rest);
      byParent.set(parent, list);
    }
    for (const r of rows) r[key] = byParent.get(r.id) ?? [];
  }
}
