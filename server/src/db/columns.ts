import { sql } from 'kysely';
import type { Db } from '.';

/** A column's JSON type as rows come back from the driver (both dialects), and whether it may be null. */
export interface ColumnType {
  type: 'integer' | 'number' | 'string';
  nullable: boolean;
}

/** Every table's columns, as the migrations made them: table → column → its type. */
export type ColumnTypes = ReadonlyMap<string, ReadonlyMap<string, ColumnType>>;

/** The JSON type of a column's declared SQL type (integers and counts are numbers on both: db/index.ts). */
function jsonType(sqlType: string): ColumnType['type'] {
  const t = sqlType.toLowerCase();
  if (/int|serial/.test(t)) return 'integer';
  if (/real|floa|doub|numeric|decimal/.test(t)) return 'number';
  return 'string';
}

/**
 * Reads the columns of every table from the migrated database (SQLite's table_info, PostgreSQL's
 * information_schema), once at start: what a presented record's fields are, for the document and the
 * answers' serialisers (http/responses.ts). The same migrations make the same types on both dialects
 * (ids and flags are integers, timestamps and dates text).
 */
export async function loadColumnTypes({ db, dialect }: Db): Promise<ColumnTypes> {
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ table_name: string; column_name: string; data_type: string; nullable: number }>`
          select m.name as table_name, p.name as column_name, p.type as data_type, (p."notnull" = 0 and p.pk = 0) as nullable
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db)).rows
      : (await sql<{ table_name: string; column_name: string; data_type: string; nullable: boolean }>`
          select table_name, column_name, data_type, is_nullable = 'YES' as nullable
          from information_schema.columns where table_schema = current_schema()`.execute(db)).rows;
  const tables = new Map<string, Map<string, ColumnType>>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) tables.set(row.table_name, (table = new Map()));
    table.set(row.column_name, { type: jsonType(row.data_type), nullable: Boolean(row.nullable) });
  }
  return tables;
}
