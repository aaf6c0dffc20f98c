import type { TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { ResourceName } from '../../../contract/resources';
import type { AppContext, Principal } from '../context';
import type { TableName } from '../db/schema';

/* eslint-disable @typescript-eslint/no-explicit-any -- the generic machinery works on any declared table */
export type Row = Record<string, any>;
export type AnyDb = Kysely<any> | Transaction<any>;
export type AnySelect = SelectQueryBuilder<any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface WriteContext {
  ctx: AppContext;
  db: AnyDb;
  admin: Principal;
  request: FastifyRequest;
  /** work to run once the transaction has committed (e.g. sending an email); a failure is reported, not rolled back */
  afterCommit(task: () => Promise<void>): void;
}

/** A parent record shown nested in each row, loaded for a whole page in one query (no N+1). */
export interface BelongsTo {
  /** key of the nested object in the JSON, e.g. "district" */
  as: string;
  /** foreign key column of this table, e.g. "district_id" */
  column: string;
  resource: ResourceName;
  table: TableName;
  columns: string[];
}

/**
 * One declaration per resource. registerCrud turns it into list, get, create, update, delete (and
 * status) routes with validation, permission guards, audit rows and OpenAPI entries; the contract
 * test suite runs the same checks over every declaration.
 */
export interface ResourceDef {
  name: ResourceName;
  table: TableName;
  /** permission module: the routes need view_/create_/edit_/delete_<module> */
  module: string;
  /** table columns returned in JSON (id is always included) */
  columns: string[];
  createSchema: TObject;
  /** defaults to every create field optional */
  updateSchema?: TObject;
  searchable: string[];
  sortable: string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** query parameter → column, for equality filters (values are integers unless "string") */
  filters?: Record<string, 'integer' | 'string'>;
  belongsTo?: BelongsTo[];
  /** PUT /{name}/status/{id} with status 1 (active) or 2 (blocked) */
  status?: boolean;
  /** files in create/update bodies (multipart) */
  multipart?: boolean;
  hooks?: {
    /** validate beyond the schema and map the body to column values; throw ValidationError */
    prepare?(w: WriteContext, input: Row, existing: Row | null): Promise<Row>;
    afterWrite?(w: WriteContext, row: Row, input: Row, existing: Row | null): Promise<void>;
    /** refuse (throw) when the record is still in use */
    beforeDelete?(w: WriteContext, row: Row): Promise<void>;
    afterDelete?(w: WriteContext, row: Row): Promise<void>;
    afterStatus?(w: WriteContext, row: Row, status: number): Promise<void>;
    /** add computed fields to a page of presented rows, in batch */
    enrich?(ctx: AppContext, rows: Row[]): Promise<void>;
    /** narrow which rows the caller may see in lists */
    scope?(qb: AnySelect, request: FastifyRequest): AnySelect;
  };
  /** extra routes beside the generic ones */
  routes?(app: FastifyInstance, crud: CrudHelpers): void;
  /** columns of CSV/XLSX exports (default: id and the columns above, then each belongsTo's first column) */
  exportColumns?: string[];
  /** a valid create body; the contract suite and the demo seed use it. ref() makes a parent record. */
  sample(n: number, ref: (resource: ResourceName) => Promise<Row>): Promise<Row> | Row;
  /** bodies the server must refuse with 422 (besides the generic ones) */
  invalidSamples?: Row[];
}

export interface CrudHelpers {
  def: ResourceDef;
  /** decode an encrypted id of this resource or throw 404 */
  decodeId(encrypted: string): number;
  /** load one presented record (with relations) or throw 404 */
  loadOne(id: number): Promise<Row>;
  /** present raw rows: encrypted ids, relations, enrichment */
  present(rows: Row[]): Promise<Row[]>;
  /** the list handler, reusable by alias routes (e.g. /admins/admin/{id}) */
  list(request: FastifyRequest, scope?: (qb: AnySelect) => AnySelect): Promise<unknown>;
  /** every row of the list for these query parameters, presented, streamed in batches */
  allRows(query: Record<string, unknown>, request: FastifyRequest): AsyncGenerator<Row>;
}

export interface Registry {
  resources: ResourceDef[];
  byName: Map<string, ResourceDef>;
}

