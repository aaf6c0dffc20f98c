import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Action } from '../../../../contract/permissions';
import { audit, diff } from '../../services/audit';
import { releaseRecord } from '../../services/storedFiles';
import { now } from '../../services/tokens';
import { formRoute, uploadRoute } from '../bodyLimits';
import { checkChildCounts, childListSchema, rowsFromValues, writeChildren } from '../children';
import { MESSAGES, ok } from '../envelope';
import { answers } from '../responses';
import { notFound } from '../errors';
import { Fields } from '../fields';
import { discardFiles, fileSchema, holdFiles, storeFiles, uploadLimits } from '../files';
import { ACCEPTED_AND_IGNORED, ignoredFieldsOf, readOnlyKeys, readOnlySent, refuseChangedReadOnly } from '../knownFields';
import { dynamic, type Presented, type ResourceDef, type Row, type WriteContext } from '../resource';
import { checkDistrict, checkParent, checkUniqueTitle, checkUnreferenced } from './checks';
import { access, type CrudContext, Id, presented, writeContext } from './shared';

/**
 * The body schemas of a declaration: its own fields plus those the machinery handles (the parent's
 * key on create, file fields, child lists). The update schema makes every field optional and leaves
 * the parent out (a child record stays with its parent).
 */
export function bodySchemas(def: ResourceDef): { create: TObject; update: TObject } {
  const props = (schema: TObject) => schema.properties as Record<string, TSchema>;
  const extra: Record<string, TSchema> = {};
  for (const [field, spec] of Object.entries(def.files ?? {})) if (spec) extra[field] = spec.requiredMessage ? fileSchema(spec) : Type.Optional(fileSchema(spec));
  for (const [key, spec] of Object.entries(def.children ?? {})) extra[key] = spec.min ? childListSchema(spec) : Type.Optional(childListSchema(spec));
  const parent = def.parent ? { [def.parent.column]: Fields.reference(def.parent.message) } : {};
  // the rules its hooks check, said to the document (`x-rules`, http/openapi.ts), go with the fields
  const rules = (schema: TObject | undefined) => (schema && 'x-rules' in schema ? { 'x-rules': schema['x-rules'] as object } : {});
  const create = Type.Object({ ...props(def.createSchema), ...parent, ...extra }, { additionalProperties: false, ...rules(def.createSchema) });
  const updateProps: Record<string, TSchema> = { ...props(def.updateSchema ?? def.createSchema) };
  if (!def.updateSchema) for (const [k, v] of Object.entries(updateProps)) updateProps[k] = Type.Optional(v);
  // a file field of an update: optional, and a required one may stay empty on a record stored without it
  for (const [k, v] of Object.entries(extra)) {
    const file = def.files?.[k];
    updateProps[k] = Type.Optional(file ? fileSchema(file, true) : v);
  }
  if (def.parent) delete updateProps[def.parent.column];
  return { create, update: Type.Object(updateProps, { additionalProperties: false, ...rules(def.updateSchema) }) };
}

/**
 * POST /api/admin/{name} (create), PUT /api/admin/{name}/{id} (update) and DELETE /api/admin/{name}/{id}:
 * each in one transaction with its files, child lists, hooks and audit entry; files and after-commit
 * tasks are settled after it.
 */
export function registerWrite(crud: CrudContext): void {
  const { app, def, base, tags, record } = crud;
  const { create: createSchema, update: updateSchema } = bodySchemas(def);
  // JSON, or form data (with the files, if the declaration has any), as the spec's clients send them
  const consumes = ['application/json', 'multipart/form-data'];
  /** a write of a record with files: multipart or data URLs, within its declared file sizes */
  // the record's own keys a body may send back unchanged, but those declared as always dropped
  const readOnlyFields = readOnlyKeys(def).filter((k) => !Object.hasOwn(def.ignored ?? {}, k) && !Object.hasOwn(ACCEPTED_AND_IGNORED, k));
  // a precheck counts attempts that must stand (the current password's guesses): such writes may answer 429
  const writeConfig = (action: Action) => ({ ...access(def, action), ...(def.hooks?.precheck ? { throttled: true } : {}), ignoredFields: ignoredFieldsOf(def), readOnlyFields, ...(def.aliases ? { aliases: def.aliases } : {}), ...(def.children ? { strictRows: Object.keys(def.children) } : {}) });
  /** child rows of one field may come as plain values (`services: ["Vaccination"]`) */
  const preValidation = def.children ? async (request: FastifyRequest) => rowsFromValues(def, request.body) : undefined;
  const writeRoute = (action: Action) => ({
    ...(def.files ? uploadRoute(uploadLimits(def), writeConfig(action)) : formRoute(writeConfig(action))),
    ...(preValidation ? { preValidation } : {}),
  });

  app.post(base, { ...writeRoute('create'), schema: { tags, body: createSchema, consumes, response: answers(record, 'The record created.') } }, (request) => createOne(crud, request));
  app.put(`${base}/:id`, { ...writeRoute('edit'), schema: { tags, params: Id, body: updateSchema, consumes, response: answers(record, 'The record as updated.') } }, (request) => updateOne(crud, request));
  app.delete(`${base}/:id`, { config: access(def, 'delete'), schema: { tags, params: Id, response: answers(record, 'The record deleted, as it was.') } }, async (request) => {
    const record = await deleteOne(crud, request, crud.decodeId((request.params as { id: string }).id));
    return ok(record, MESSAGES.deleted);
  });
}

async function createOne(crud: CrudContext, request: FastifyRequest) {
  const { ctx, def } = crud;
  const w = writeContext(ctx, request);
  const input = request.body as Row;
  checkChildCounts(def, input, true);
  await def.hooks?.precheck?.(w, input, null);
  const files = await storeFiles(ctx, def, input, null, w.admin.id);
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const wc = { ...w, db: trx, files: files.values };
      await checkParent(crud, wc, input);
      const values = { ...(await valuesOf(def, wc, input, null)), ...files.values };
      if (def.status?.kind === 'named') values[def.status.column] ??= def.status.initial;
      if (def.columns.includes('created_by')) values.created_by = w.admin.id; // who added it, never from the body
      if (def.subset) values[def.subset.column] = def.subset.value;
      if (def.parent) values[def.parent.column] = input[def.parent.column]; // checked above; never changes afterwards
      await checkDistrict(crud, wc, values, null);
      await checkUniqueTitle(crud, trx, values, null);
      const { main, profile } = splitProfile(def, values);
      const stamp = now();
      const inserted = await dynamic(trx).insertInto(def.table).values({ ...main, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      const newId = Number(inserted.id);
      if (def.profile) await dynamic(trx).insertInto(def.profile.table).values({ ...profile, id: newId }).execute();
      await holdFiles(ctx, trx, def.table, newId, files, null, w.admin.id);
      const children = await writeChildren(trx, def, newId, input);
      await def.hooks?.afterWrite?.(wc, { ...values, id: newId }, input, null);
      await audit(trx, {
        actorId: w.admin.id, action: 'create', resource: def.name, recordId: newId,
        changes: { ...diff(null, values), ...children }, ip: request.ip, requestId: request.id,
      });
      return newId;
    });
  } catch (err) {
    await discardFiles(ctx, files);
    throw err;
  }
  const note = await w.flush();
  crud.announce('create', id, request);
  return ok(await presented(crud, id, request), MESSAGES.created + note);
}

async function updateOne(crud: CrudContext, request: FastifyRequest) {
  const { ctx, def, findRow } = crud;
  const w = writeContext(ctx, request);
  const id = crud.decodeId((request.params as { id: string }).id);
  const input = request.body as Row;
  checkChildCounts(def, input, false);
  const current = await findRow(ctx.db, id, request, true);
  if (!current) throw notFound(); // before storing any file
  // keys the record reads with but an update does not take: only as they are (a record written back as read)
  const readOnly = readOnlySent(request);
  if (Object.keys(readOnly).length) refuseChangedReadOnly(readOnly, await crud.loadOne(id, request));
  await def.hooks?.precheck?.(w, input, current);
  const files = await storeFiles(ctx, def, input, current, w.admin.id);
  let replaced: string[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const existing = await findRow(trx, id, request, true);
      if (!existing) throw notFound();
      const wc = { ...w, db: trx, files: files.values };
      const values = { ...(await valuesOf(def, wc, input, existing)), ...files.values };
      await checkDistrict(crud, wc, values, existing);
      await checkUniqueTitle(crud, trx, values, existing);
      const { main, profile } = splitProfile(def, values);
      if (Object.keys(values).length) await dynamic(trx).updateTable(def.table).set({ ...main, updated_at: now() }).where('id', '=', id).execute();
      if (def.profile && Object.keys(profile).length) {
        const updated = await dynamic(trx).updateTable(def.profile.table).set(profile).where('id', '=', id).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) await dynamic(trx).insertInto(def.profile.table).values({ ...profile, id }).execute();
      }
      replaced = await holdFiles(ctx, trx, def.table, id, files, existing, w.admin.id);
      const children = await writeChildren(trx, def, id, input);
      await def.hooks?.afterWrite?.(wc, { ...existing, ...values }, input, existing);
      await audit(trx, {
        actorId: w.admin.id, action: 'update', resource: def.name, recordId: id,
        changes: { ...diff(existing, values), ...children }, ip: request.ip, requestId: request.id,
      });
    });
  } catch (err) {
    await discardFiles(ctx, files);
    throw err;
  }
  // files the record let go of that no other record holds
  await removeFiles(crud, replaced);
  const note = await w.flush();
  crud.announce('update', id, request);
  return ok(await presented(crud, id, request), MESSAGES.updated + note);
}

/** Deletes one record the caller may see, in its own transaction; throws (404, 409, a hook's refusal) when it may not go. */
export async function deleteOne(crud: CrudContext, request: FastifyRequest, id: number): Promise<Presented> {
  const { ctx, def } = crud;
  const w = writeContext(ctx, request);
  const record = await crud.loadOne(id, request);
  let stored: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const wc = { ...w, db: trx };
    await def.hooks?.beforeDelete?.(wc, record);
    await checkUnreferenced(crud, wc, record);
    const raw = await crud.findRow(trx, id, request, true);
    if (!raw) throw notFound();
    // its files, but those another record holds too
    stored = await releaseRecord(trx, def.table, id);
    for (const spec of Object.values(def.children ?? {})) await dynamic(trx).deleteFrom(spec.table).where(spec.foreignKey, '=', id).execute();
    if (def.profile) await dynamic(trx).deleteFrom(def.profile.table).where('id', '=', id).execute();
    await dynamic(trx).deleteFrom(def.table).where('id', '=', id).execute();
    await def.hooks?.afterDelete?.(wc, record);
    await audit(trx, {
      actorId: w.admin.id, action: 'delete', resource: def.name, recordId: id,
      changes: null, ip: request.ip, requestId: request.id,
    });
  });
  await removeFiles(crud, stored);
  await w.flush();
  crud.announce('delete', id, request);
  return record;
}

/** The column values of a body: the prepare hook's (or the body's own), but the fields the machinery writes itself. */
async function valuesOf(def: ResourceDef, w: WriteContext, input: Row, existing: Row | null): Promise<Row> {
  // body keys the machinery writes itself (files, child lists) rather than as column values
  const machineryKeys = new Set([...Object.keys(def.files ?? {}), ...Object.keys(def.children ?? {})]);
  const values = def.hooks?.prepare ? await def.hooks.prepare(w, input, existing) : input;
  // flags are integer columns on both dialects (SQLite cannot bind a boolean)
  return Object.fromEntries(Object.entries(values).filter(([k]) => !machineryKeys.has(k)).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]));
}

/** A write's values split between the table and its profile table. */
function splitProfile(def: ResourceDef, values: Row): { main: Row; profile: Row } {
  if (!def.profile) return { main: values, profile: {} };
  const own = new Set(def.profile.columns);
  const main: Row = {};
  const profile: Row = {};
  for (const [k, v] of Object.entries(values)) (own.has(k) ? profile : main)[k] = v;
  return { main, profile };
}

const removeFiles = ({ ctx }: CrudContext, paths: string[]) => Promise.all(paths.map((p) => ctx.storage.remove(p)));
