import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, Selectable, SqlBool, Transaction, Updateable } from 'kysely';
import type { RecordNoun } from '../../../contract/messages';
import type { Action } from '../../../contract/permissions';
import type { ResourceName } from '../../../contract/resources';
import type { AppContext, Principal } from '../context';
import type { Database, TableName } from '../db/schema';
import type { MediaKind } from '../services/uploads';

/** A record as JSON: a request body, a presented row. Values are narrowed where they are read. */
export type Row = Record<string, unknown>;
/** A presented record: the row's columns, its encrypted id, its relations and computed fields. */
export type Presented = Row & { id: number; encrypted_id: string };
/** A presented record of table T: its declared columns as typed, and whatever presenting added. */
export type PresentedOf<T extends TableName> = Presented & RowOf<T>;

/** The column names of a table, checked by the compiler against the `Database` interface. */
export type Col<T extends TableName> = Extract<keyof Database[T], string>;
/** A row of a table as the driver returns it. */
export type RowOf<T extends TableName> = Selectable<Database[T]>;

/**
 * The database without compile-time table names: the generic machinery's one view of any declared
 * table (a declaration's names were checked where it was written, by `defineResource`).
 */
export type DynamicDatabase = Record<string, Record<string, unknown>>;
export type DynamicDb = Kysely<DynamicDatabase>;
/**
 * What rows are presented for: 'record', one record read on its own (its page, a write's answer);
 * 'list', a page of a list or a batch of an export. An enrich hook may leave out of lists what only a
 * record's page shows and costs a query over many rows (a doctor's count of distinct patients),
 * naming those fields in the declaration's `recordOnly`.
 */
export type Presentation = 'list' | 'record';
export type AnySelect = SelectQueryBuilder<DynamicDatabase, string, Row>;
export const dynamic = (db: Kysely<Database>): DynamicDb => db as unknown as DynamicDb;

export interface WriteContext {
  ctx: AppContext;
  db: Transaction<Database>;
  admin: Principal;
  request: FastifyRequest;
  /** work to run once the transaction has committed (e.g. sending an email); a failure is reported, not rolled back */
  afterCommit(task: () => Promise<void>): void;
  /**
   * The stored paths this write gives its file fields (new, chunked-upload or kept files; absent for a
   * field the body leaves alone), for hooks that check a file against other fields (a content item's type).
   */
  files?: Row;
}

/** One of the tables of the schema with a column of it, for each table (a distributed union). */
type OnTable<F> = { [R in TableName]: F & { table: R; column: Col<R> } }[TableName];

/** A parent record shown nested in each row, loaded for a whole page in one query (no N+1). */
export type BelongsTo<T extends TableName, P extends TableName = T> = {
  [R in TableName]: {
    /** key of the nested object in the JSON, e.g. "district" */
    as: string;
    /** foreign key column of this table (or of its profile), e.g. "district_id" */
    column: Col<T> | Col<P>;
    resource: ResourceName;
    table: R;
    columns: readonly Col<R>[];
    /**
     * The resource of a related record that has a parent (its `parent_id`, which `columns` names, set):
     * a patient who is a family member is a record of `family-members`, named by that resource's id.
     */
    childResource?: ResourceName;
  };
}[TableName];

/**
 * Records linked through a table of pairs, shown in each row as `[{ id, ...columns }]` in the order of
 * `orderBy` (then id): a patient's interests (`patient_interests` of `user_id`, `interest_id`). Read for a
 * page in one query, or on PostgreSQL within the page's own statement.
 */
export interface Linked {
  /** the table of pairs, its column naming this record and its column naming the linked one */
  link: TableName;
  key: string;
  linkKey: string;
  /** the linked records' table and the columns shown beside their id */
  table: TableName;
  columns: readonly string[];
  orderBy: string;
  /**
   * The column of this record whose value the pairs' `key` names (default: its id): an appointment's
   * `doctor_id` for its doctor's specializations. A field `relation.name` puts the list in that belongsTo
   * record (`doctor.specializations`; none when the record has none).
   */
  from?: string;
}

/** Rows of another table that point at this one: deleting refuses while any exist ("still used by 2 tehsils"). */
export type ReferencedBy = OnTable<{
  /** the kind of the referencing rows, for the message (its code; RECORD_NOUNS has its English) */
  noun: RecordNoun;
  /** the resource whose writes make these rows, when it is not the one declared on (or with a profile in) that table */
  by?: ResourceName;
}>;

/**
 * A list filter through a parent record: `?district_id=3` on CHWs keeps those whose `area_id` names an
 * area whose `district_id` is 3.
 */
export type ViaFilter<T extends TableName> = {
  /**
   * `key`: the column of R naming this table's record (default id: R's rows are keyed by it);
   * `values`: the parameter is a text among these (a patient's blood group), else an integer (an id)
   */
  [R in TableName]: { column: Col<T>; table: R; parentColumn: Col<R>; key?: Col<R>; values?: readonly string[] };
}[TableName];

/**
 * The records of a shared table that make up this resource: patients, CHWs and doctors are all rows
 * of `users` (one account table), told apart by `type`. Every read and write of the resource keeps to
 * them, a create sets the column, and the list's total comes from the subset's own row counter
 * (`users:patient`, made by `addRowCounter(..., { subset })`).
 */
export interface Subset<T extends TableName> {
  column: Col<T>;
  value: string;
}

/**
 * Where a record's district is (its place), for admins limited to some districts: a column of its own
 * (`district_id`; `id` for districts themselves), a column of another table keyed by the record's id
 * (a patient's or a CHW's profile), or `through` a column naming a record of other resources, whose
 * place it shares (a family member's patient; a medical history's patient or family member). Lists,
 * counts, reads, writes, status changes, exports and file links of a limited admin keep to its
 * districts; a record outside them is a 404, a write may not move a record outside them, and a record
 * with no district (a patient without one) is seen only by admins of every district.
 */
export type DistrictScope<T extends TableName> =
  | { column: Col<T> }
  | { [R in TableName]: { table: R; column: Col<R> } }[TableName]
  | PlaceThrough<T>;

/** The record shares the place of the record its `through` column names, one of `resources` (by their own scope). */
export interface PlaceThrough<T extends TableName> {
  through: Col<T>;
  resources: readonly ResourceName[];
  /** the field's message when a write names a record outside the admin's districts (as for one that does not exist) */
  message: string;
}

/** Records that belong to one parent record (family members of a patient): listed and added under it. */
export interface ParentSpec<T extends TableName> {
  resource: ResourceName;
  table: TableName;
  /** the foreign key naming the parent, e.g. "parent_id"; required on create, the list filter of the same name */
  column: Col<T>;
  /** the message when the parent is missing or unknown */
  message: string;
  /** the parent's own subset (a family member's parent is a patient, not another family member) */
  subset?: { column: string; value: string };
}

/**
 * A file field: checked by content (magic bytes, never the name or the client's type), stored through
 * the storage service, presented as `{ path, type, mimeType }`. Private files are served only through
 * short-lived signed URLs. The body carries a multipart file, a data URL, or the storage path that a
 * chunked upload answered.
 */
export interface FileSpec {
  kinds: readonly MediaKind[];
  /** storage folder, e.g. "categories" */
  folder: string;
  /** the spec's text when the content is not one of the kinds */
  message: string;
  /** required on create ("Please select a file.") */
  requiredMessage?: string;
  private?: boolean;
  /** several files in one field (stored as a JSON list of paths) */
  multiple?: boolean;
  /** largest accepted file, bytes (default 10 MB) */
  maxBytes?: number;
  /**
   * the upload folders a chunked upload's path may come from (default: its own folder when it is an
   * upload folder, and media); uploading into a folder needs the create or edit permission of a
   * module whose file fields take from it
   */
  uploads?: readonly string[];
}

/**
 * Rows of a child table that belong to the record and are written with it, in its transaction
 * (prescription medicines, form questions, facility services). The body sends the whole list; rows
 * carrying their `id` are updated in place, rows without one are added, stored rows left out are removed.
 */
export type ChildRows = {
  [R in TableName]: {
    table: R;
    /** the child's foreign key to this record */
    foreignKey: Col<R>;
    /** what a child row looks like in a body; its properties are columns of the child table */
    schema: TObject;
    /** keeps the list's order */
    position?: Col<R>;
    min?: number;
    max?: number;
    /** the message when fewer than `min` rows are sent */
    minMessage?: string;
  };
}[TableName];

/**
 * Named statuses with their allowed transitions (slots: Available, Booked, ...; jobs: Applied, Hired,
 * Cancel). A transition into a status listed in `reasons` needs a reason chosen from a table.
 */
export interface NamedStatus<T extends TableName> {
  kind: 'named';
  column: Col<T>;
  values: readonly string[];
  initial: string;
  /** status → the statuses it may change to */
  transitions: Readonly<Record<string, readonly string[]>>;
  reasons?: Readonly<Record<string, { column: Col<T>; table: TableName; message: string }>>;
  /** the permission action of the status route (default edit) */
  action?: Action;
}

/** The account status of people (1 active, 2 blocked), changed by block and unblock. */
export interface UserStatus {
  kind: 'user';
  action?: Action;
}

export type StatusSpec<T extends TableName> = ('status' extends Col<T> ? UserStatus : never) | NamedStatus<T>;

/**
 * What an expansion's loader reads with: the context, the request, and `within(resource)`, the
 * condition that a row of the resource's table (queried unaliased) is one of its records the caller
 * may see (its subset, and for an admin limited to some districts, its place within them by the
 * resource's own rule). Only the resources the expansion declares in `shows` may be asked for
 * (another is a declaration error, thrown at the read).
 */
export interface ExpansionContext {
  ctx: AppContext;
  request: FastifyRequest;
  within(resource: ResourceName): (eb: ExpressionBuilder<DynamicDatabase, string>) => Expression<SqlBool>;
}

/**
 * A part of a record's page asked for by query (`GET /doctors/{id}?patient=true`), shown under the
 * key `as`. It shows records of other resources, named in `shows`: the caller needs the view
 * permission of each one's module (403 without it, checked by the machinery before anything is
 * read), and what it lists is read through `within`, so it keeps to those resources' district scope.
 */
export interface Expansion<T extends TableName> {
  /** the key of the record the part is added under */
  as: string;
  /** the resources whose records it shows (or reads to find them) */
  shows: readonly ResourceName[];
  load(x: ExpansionContext, record: PresentedOf<T>): Promise<unknown>;
}

export interface Hooks<T extends TableName, Input> {
  /**
   * Runs before the write's transaction, on the database outside it: a check whose own writes must
   * stand when it refuses the write (a guess of the current password counts in the sign-in throttle,
   * which a rolled-back transaction would undo). Throw to refuse.
   */
  precheck?(w: Pick<WriteContext, 'ctx' | 'admin' | 'request'>, input: Input, existing: (RowOf<T> & Row) | null): Promise<void>;
  /** validate beyond the schema and map the body to column values (of the table and of its profile); throw ValidationError */
  prepare?(w: WriteContext, input: Input, existing: (RowOf<T> & Row) | null): Promise<Updateable<Database[T]> & Row>;
  afterWrite?(w: WriteContext, row: RowOf<T> & Row, input: Input, existing: (RowOf<T> & Row) | null): Promise<void>;
  /** refuse (throw) when the record may not go */
  beforeDelete?(w: WriteContext, row: PresentedOf<T>): Promise<void>;
  afterDelete?(w: WriteContext, row: PresentedOf<T>): Promise<void>;
  afterStatus?(w: WriteContext, row: RowOf<T>, status: number | string): Promise<void>;
  /** add computed fields to a page of presented rows, in batch (`use`: Presentation) */
  enrich?(ctx: AppContext, rows: PresentedOf<T>[], use: Presentation): Promise<void>;
  /** narrow which rows the caller may see */
  scope?(qb: AnySelect, request: FastifyRequest): AnySelect;
  /**
   * What a record read on its own (`GET /{name}/{id}`) adds for its caller, beside what every
   * presentation has: lists that depend on who reads them (a doctor's appointments, within the
   * caller's districts). The declaration lists the keys in `ignored` (a body may send them back).
   */
  read?(ctx: AppContext, record: PresentedOf<T>, request: FastifyRequest): Promise<void>;
  /**
   * `GET /{name}/{id}` with an id that is not one of this resource's: what the spec reads there
   * (`GET /duty-roasters/{doctor id}`, the doctor's dated slots), or null for the usual 404.
   */
  readOther?(ctx: AppContext, id: string, request: FastifyRequest): Promise<unknown>;
}

/**
 * One declaration per resource, written with `defineResource<'table'>()({...})` so that every column
 * name is checked against the `Database` interface. `registerCrud` turns it into list, get, create,
 * update, delete and status routes with validation, permission guards, audit rows, OpenAPI entries
 * and change events; the contract test suite runs the same checks over every declaration.
 */
export interface ResourceSpec<T extends TableName, S extends TObject, P extends TableName = T> {
  name: ResourceName;
  table: T;
  /** permission module: the routes need view_/create_/edit_/delete_<module> */
  module: string;
  /** table columns returned in JSON (id is always included) */
  columns: Col<T>[];
  /** the column that names a record in messages ("The district "Lahore" is still used by ...") */
  label?: Col<T>;
  createSchema: S;
  /** defaults to every create field optional */
  updateSchema?: TObject;
  /** text columns a search matches, joined by spaces; served by the table's search index */
  searchable: Col<T>[];
  /**
   * The records these columns name are searched too, each by its own resource's searchable columns and
   * search index (an appointment found by its patient's or doctor's name): a record matches when its
   * own text does or one of them does.
   */
  searchThrough?: { column: Col<T>; resource: ResourceName }[];
  /** columns, or `relation.column` of a belongsTo relation */
  sortable: (Col<T> | `${string}.${string}`)[];
  defaultSort: { field: Col<T>; order: 'asc' | 'desc' };
  /**
   * equality filters: query parameter = column (values are integers unless "string"; a list of
   * values: a text that must be one of them, else a 422 naming the parameter)
   */
  filters?: { [K in Col<T>]?: 'integer' | 'string' | readonly string[] };
  /** filters through a parent record, by query parameter */
  via?: Record<string, ViaFilter<T>>;
  /** `start_date` and `end_date` (YYYY-MM-DD, both days included) on this date or timestamp column */
  dateRange?: Col<T>;
  belongsTo?: BelongsTo<T, P>[];
  /** lists of records linked through a table of pairs, by the field that shows them */
  linked?: Readonly<Record<string, Linked>>;
  parent?: ParentSpec<T>;
  referencedBy?: ReferencedBy[];
  status?: StatusSpec<T>;
  files?: { [K in Col<T>]?: FileSpec };
  children?: Record<string, ChildRows>;
  /** every read of a record is written to the audit log (clinical records) */
  auditReads?: boolean;
  /**
   * The columns of the record's choices, for the selects of other modules' forms (a CHW form offers
   * districts, tehsils, VC areas and qualifications): `GET /{name}/choices` answers them to any
   * signed-in admin, with the list's filters and the caller's district scope. Names of places and
   * qualifications, not records about people; the list screens themselves stay guarded.
   */
  choices?: readonly Col<T>[];
  /**
   * Who may read the choices, when they name people (CHWs, doctors) or grant access (roles): any of
   * these permissions, each the list's own or one whose form offers them (a task's CHWs). Unset: any
   * signed-in admin (names of places and of reference data).
   */
  choicesFor?: readonly string[];
  subset?: Subset<T>;
  /**
   * A 1:1 table of this kind's own columns, keyed by the record's id (a CHW's qualification and area
   * beside its account row), named as the second type argument of defineResource. Written in the
   * record's transaction, presented as if they were its own columns; lists filter on them through
   * `via` (`{ column: 'id', table: profile table, parentColumn: column }`).
   */
  profile?: { table: P; columns: readonly Col<P>[] };
  district?: DistrictScope<T>;
  /**
   * Parts a record's page asks for by query parameter (`true` or `1`), each declared with the
   * resources whose records it shows: their view permissions and district scope hold (Expansion).
   */
  expand?: Readonly<Record<string, Expansion<T>>>;
  hooks?: Hooks<T, Partial<Static<S>>>;
  /**
   * Fields the enrich hook adds to a record read on its own but leaves out of lists and exports
   * (Presentation), each costing a query over many rows that no list shows. The contract suite holds
   * the hook to it: the record has them, its list row has everything else and not them.
   */
  recordOnly?: readonly string[];
  /**
   * What the hooks add to a presented record beyond its columns, relations, files and child rows (the
   * enrich hook's fields, an expansion's), each with its schema (`Type.Optional` when only some answers
   * carry it), or null for a column the record does not present. The document and the answers'
   * serialiser read the record from here (http/responses.ts): a field the hooks add and this leaves
   * out fails the tests (the answer checked against the handler's, `checkAnswers`).
   */
  presents?: Readonly<Record<string, TSchema | null>>;
  /**
   * The answer of `hooks.readOther` (a read whose id is another resource's), for the document and the
   * serialiser; required with that hook.
   */
  readsOther?: TSchema;
  /**
   * Body keys the create and update routes accept and drop, each with why it is not stored (what the
   * spec's console sends beside the fields: `prevRole`, ...). The keys of the record as presented are
   * accepted and dropped too; any other key a schema does not know is a 422 (http/knownFields.ts).
   */
  ignored?: Readonly<Record<string, string>>;
  /**
   * Keys the record reads with, beside its columns, that a write does not take but that say something
   * a body could mean to change (`user: { status }`, the account's status as the spec reads it): a body
   * may send them back as read, and an update that would change one is refused naming it, as a column
   * it does not take is (http/knownFields.ts).
   */
  readOnly?: Readonly<Record<string, string>>;
  /** the spec's names of body fields the declaration names otherwise: `{ uid: 'patient_id' }` (both at once must agree) */
  aliases?: Readonly<Record<string, string>>;
  /** extra routes beside the generic ones */
  routes?(app: FastifyInstance, crud: CrudHelpers): void;
  /**
   * Titles are unique (within the parent record the `within` column names), ignoring case and
   * surrounding spaces: a second "Cardiology" is refused on create and update with 422 "This title
   * already exists." on the title's field (`column`, default title). Migration 0031 backs it with a
   * unique index where the stored rows allow.
   */
  uniqueTitle?: { column?: Col<T>; within?: Col<T> };
  /** columns of CSV/XLSX exports (default: id and the columns above, then each belongsTo's first column) */
  exportColumns?: string[];
  /** a valid create body; the contract suite and the demo seed use it. ref() makes (or names) a parent record. */
  sample(n: number, ref: (resource: ResourceName) => Promise<Presented>): Promise<Row> | Row;
  /** bodies the server must refuse with 422 (besides the generic ones) */
  invalidSamples?: Row[];
  /**
   * At most this many records can exist at once (pages: one per key); the contract suite then pages,
   * sorts and picks with what fits. Samples cycle through the allowed values.
   */
  capacity?: number;
}

/** A declaration as the generic machinery sees it: names as strings, rows as records. */
export interface ResourceDef {
  name: ResourceName;
  table: TableName;
  module: string;
  columns: string[];
  label?: string;
  createSchema: TObject;
  updateSchema?: TObject;
  searchable: string[];
  searchThrough?: { column: string; resource: ResourceName }[];
  sortable: string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  filters?: Record<string, 'integer' | 'string' | readonly string[] | undefined>;
  via?: Record<string, { column: string; table: TableName; parentColumn: string; key?: string; values?: readonly string[] }>;
  dateRange?: string;
  belongsTo?: { as: string; column: string; resource: ResourceName; table: TableName; columns: readonly string[]; childResource?: ResourceName }[];
  linked?: Readonly<Record<string, Linked>>;
  parent?: { resource: ResourceName; table: TableName; column: string; message: string; subset?: { column: string; value: string } };
  referencedBy?: { table: TableName; column: string; noun: RecordNoun; by?: ResourceName }[];
  status?: UserStatus | (Omit<NamedStatus<TableName>, 'column' | 'reasons'> & {
    column: string;
    reasons?: Readonly<Record<string, { column: string; table: TableName; message: string }>>;
  });
  files?: Record<string, FileSpec | undefined>;
  children?: Record<string, { table: TableName; foreignKey: string; schema: TObject; position?: string; min?: number; max?: number; minMessage?: string }>;
  auditReads?: boolean;
  choices?: readonly string[];
  choicesFor?: readonly string[];
  subset?: { column: string; value: string };
  profile?: { table: TableName; columns: readonly string[] };
  district?: { column: string; table?: TableName; through?: undefined } | { through: string; resources: readonly ResourceName[]; message: string; column?: undefined; table?: undefined };
  expand?: Readonly<Record<string, { as: string; shows: readonly ResourceName[]; load(x: ExpansionContext, record: Presented): Promise<unknown> }>>;
  recordOnly?: readonly string[];
  presents?: Readonly<Record<string, TSchema | null>>;
  readsOther?: TSchema;
  hooks?: {
    precheck?(w: Pick<WriteContext, 'ctx' | 'admin' | 'request'>, input: Row, existing: Row | null): Promise<void>;
    prepare?(w: WriteContext, input: Row, existing: Row | null): Promise<Row>;
    afterWrite?(w: WriteContext, row: Row, input: Row, existing: Row | null): Promise<void>;
    beforeDelete?(w: WriteContext, row: Presented): Promise<void>;
    afterDelete?(w: WriteContext, row: Presented): Promise<void>;
    afterStatus?(w: WriteContext, row: Row, status: number | string): Promise<void>;
    enrich?(ctx: AppContext, rows: Presented[], use: Presentation): Promise<void>;
    scope?(qb: AnySelect, request: FastifyRequest): AnySelect;
    read?(ctx: AppContext, record: Presented, request: FastifyRequest): Promise<void>;
    readOther?(ctx: AppContext, id: string, request: FastifyRequest): Promise<unknown>;
  };
  ignored?: Readonly<Record<string, string>>;
  readOnly?: Readonly<Record<string, string>>;
  aliases?: Readonly<Record<string, string>>;
  routes?(app: FastifyInstance, crud: CrudHelpers): void;
  uniqueTitle?: { column?: string; within?: string };
  exportColumns?: string[];
  sample(n: number, ref: (resource: ResourceName) => Promise<Presented>): Promise<Row> | Row;
  invalidSamples?: Row[];
  capacity?: number;
}

/**
 * Declares a resource on table T (with a profile table P): `defineResource<'interests'>()({ ... })`. The compiler checks every
 * column name (columns, search, sort, filters, relations, files, children) against `Database`; the
 * machinery then sees the declaration with plain names.
 */
export const defineResource =
  <T extends TableName, P extends TableName = T>() =>
  <S extends TObject>(spec: ResourceSpec<T, S, P>): ResourceDef =>
    // the one place a typed declaration becomes the machinery's plain view of it: hooks written for
    // rows of T accept the rows the machinery passes, which are rows of T read by the declared names
    spec as unknown as ResourceDef;

export interface ListOptions {
  /** narrows the list (beyond the declaration's own scope) */
  scope?: (qb: AnySelect) => AnySelect;
  /**
   * ids left out of the list. Unlike an arbitrary scope this keeps an unfiltered list's total cheap:
   * the kept row count minus those of the ids that exist.
   */
  excludeIds?: number[];
  /** the districts the list keeps to, when not the signed-in admin's (a signed export link's admin) */
  districtIds?: readonly number[] | null;
  /** the list's parameters (search, paging, filters), when not the request's own query (the FHIR API's searches) */
  query?: Record<string, unknown>;
}

export interface CrudHelpers {
  def: ResourceDef;
  /** decode an encrypted id of this resource or throw 404 */
  decodeId(encrypted: string): number;
  /** load one presented record (with relations) or throw 404; with the request, only one the caller may see */
  loadOne(id: number, request?: FastifyRequest | null): Promise<Presented>;
  /** the stored row (with `all`, every column and the profile's) as the caller may see it, in `db` (a transaction) */
  findRow(db: Kysely<Database>, id: number, request: FastifyRequest | null, all?: boolean): Promise<Row | undefined>;
  /** present raw rows: encrypted ids, relations, files, children, enrichment */
  present(rows: Row[], use?: Presentation, viewer?: number): Promise<Presented[]>;
  /** the list handler, reusable by alias routes (e.g. /admins/admin/{id}) */
  list(request: FastifyRequest, options?: ListOptions): Promise<unknown>;
  /** every row of the list for these query parameters, presented, streamed in batches */
  allRows(query: Record<string, unknown>, request: FastifyRequest, options?: ListOptions): AsyncGenerator<Presented>;
}

export interface Registry {
  resources: ResourceDef[];
  byName: Map<string, ResourceDef>;
}

declare module '../context' {
  interface AppContext {
    /** every declared resource, by name (a record's place may be that of another resource's record) */
    registry: Registry;
  }
}
