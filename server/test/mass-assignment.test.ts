/**
 * Mass assignment: every declaration of the registry is created from its own sample body, and then
 * updated, with fields added that do not belong to the body (the record's id, its status, a role, who
 * made it and when, a password hash, permissions, another kind of person, super admin, districts).
 * The stored row, read from the table itself, must not have taken any of them (or the request is
 * refused with 422 and nothing is stored). The forged fields a declaration accepts and ignores (its
 * presented record's keys, http/knownFields.ts) go with the body; the others must be refused with 422
 * naming each ("Unknown field."). An update compares the record's own keys that it does not take (id,
 * status, kind) with the record: changed, each is refused by name; the others are dropped. Also the admin's own profile and the /users calls, which pass bodies
 * on. Both dialects; JSON bodies, and form data for the declarations that take files.
 */
import type { TObject } from '@sinclair/typebox';
import type { ResourceDef } from '../src/http/resource';
import { bodySchemas } from '../src/http/crud';
import { ACCEPTED_AND_IGNORED, ignoredFieldsOf, READ_ONLY_FIELD, readOnlyKeys, sameAsRead, UNKNOWN_FIELD } from '../src/http/knownFields';
import { RESOURCE_DEFS } from '../src/resources/registry';
import { verifyPassword } from '../src/services/passwords';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf, multipart, type Row, sampler } from './helpers/http';

jest.setTimeout(360_000);

const FORGED_ID = 987_654;
const FORGED_ACTOR = 424_242;
const FORGED_TIME = '2001-02-03T04:05:06.000Z';
const FORGED_HASH = '$argon2id$v=19$m=1024,t=1,p=1$Zm9yZ2Vk$Zm9yZ2VkZm9yZ2VkZm9yZ2Vk';

/** The forged fields a declaration accepts and ignores, and those it refuses as unknown. */
function split(def: ResourceDef, extra: Row): { accepted: Row; unknown: Row } {
  const ignored = { ...ignoredFieldsOf(def), ...ACCEPTED_AND_IGNORED };
  const pick = (known: boolean) => Object.fromEntries(Object.entries(extra).filter(([k]) => Object.hasOwn(ignored, k) === known));
  return { accepted: pick(true), unknown: pick(false) };
}

/**
 * Of the forged fields a declaration accepts, those an update compares with the record (its own keys
 * as read that an update does not take: refused when changed) and those it always drops.
 */
function splitAccepted(def: ResourceDef, accepted: Row): { readOnly: Row; dropped: Row } {
  const compared = new Set(readOnlyKeys(def).filter((k) => !Object.hasOwn(def.ignored ?? {}, k) && !Object.hasOwn(ACCEPTED_AND_IGNORED, k)));
  const pick = (readOnly: boolean) => Object.fromEntries(Object.entries(accepted).filter(([k]) => compared.has(k) === readOnly));
  return { readOnly: pick(true), dropped: pick(false) };
}
const unknownFields = (fields: Row) => Object.fromEntries(Object.keys(fields).map((k) => [k, [UNKNOWN_FIELD]]));

/** The fields of a body schema. */
const declared = (schema: TObject) => new Set(Object.keys(schema.properties));

describe.each(DIALECTS)('mass assignment (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let rootId: number;
  let superRole: { id: number; name: string };
  let districtId: number;
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];
  let ref: ReturnType<typeof sampler>['ref'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ sampleOf, ref } = sampler(api));
    rootId = dataOf(await api.get('/api/admin/me')).id;
    const role = await t.db.db.selectFrom('roles').select(['id', 'name']).where('is_super', '=', 1).executeTakeFirstOrThrow();
    superRole = { id: Number(role.id), name: role.name };
    districtId = (await ref('districts')).id;
  });
  afterAll(() => t?.close());

  /** What does not belong to a body of this declaration, for the fields it does not declare. */
  function forged(def: ResourceDef, fields: Set<string>, otherEncryptedId: string): Row {
    const named = def.status?.kind === 'named' ? def.status : null;
    const all: Row = {
      id: FORGED_ID,
      encrypted_id: otherEncryptedId,
      status: named ? named.values.find((v) => v !== named.initial) ?? 'forged' : 2,
      role: superRole.name,
      role_id: superRole.id,
      created_by: FORGED_ACTOR,
      updated_by: FORGED_ACTOR,
      created_at: FORGED_TIME,
      updated_at: FORGED_TIME,
      password_hash: FORGED_HASH,
      permissions: ['edit_sub_admin', 'delete_role', 'edit_role'],
      type: def.subset?.value === 'doctor' ? 'patient' : 'doctor',
      is_super: true,
      districts: [districtId],
    };
    return Object.fromEntries(Object.entries(all).filter(([k]) => !fields.has(k)));
  }

  /** The stored row of a record: its table's columns and its profile's. */
  async function stored(def: ResourceDef, id: number): Promise<Row | undefined> {
    const row = await anyDb(t).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (row && def.profile) Object.assign(row, await anyDb(t).selectFrom(def.profile.table).selectAll().where('id', '=', id).executeTakeFirst());
    return row;
  }
  const counts = async () => ({
    rolePermissions: Number((await anyDb(t).selectFrom('role_permissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    adminDistricts: Number((await anyDb(t).selectFrom('admin_districts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });
  const isForgedTime = (v: unknown) => typeof v === 'string' && v.startsWith('2001-02-03');

  /**
   * The forged fields the stored row took: empty when none. `newPassword`: the body also carried a
   * declared new password (people's edit), so the hash may change, to that password's (checked apart).
   */
  function taken(def: ResourceDef, row: Row, sent: Row, previous: Row | null, newPassword = false): string[] {
    const out: string[] = [];
    const has = (c: string) => c in row && c in sent;
    if (row.id === FORGED_ID) out.push('id');
    if (has('status') && row.status === sent.status && row.status !== previous?.status) out.push(`status=${row.status}`);
    if (has('role_id') && Number(row.role_id) === superRole.id && Number(previous?.role_id ?? 0) !== superRole.id) out.push('role_id');
    if (def.table === 'admins' && 'role' in sent && Number(row.role_id) === superRole.id && Number(previous?.role_id ?? 0) !== superRole.id) out.push('role');
    if (has('created_by') && Number(row.created_by) === FORGED_ACTOR) out.push('created_by');
    if (has('updated_by') && Number(row.updated_by) === FORGED_ACTOR) out.push('updated_by');
    if (has('created_at') && isForgedTime(row.created_at)) out.push('created_at');
    if (has('updated_at') && isForgedTime(row.updated_at)) out.push('updated_at');
    if (has('password_hash') && row.password_hash === FORGED_HASH) out.push('password_hash');
    if (has('type') && row.type === sent.type) out.push(`type=${row.type}`);
    if (has('is_super') && Boolean(row.is_super)) out.push('is_super');
    if (previous) {
      for (const c of ['created_at', 'created_by', 'type', 'is_super', 'password_hash', 'status']) {
        if (c === 'password_hash' && newPassword) continue;
        if (c in sent && c in row && String(row[c]) !== String(previous[c])) out.push(`${c} changed ${previous[c]} → ${row[c]}`);
      }
    }
    return out;
  }

  /** Sends a body as JSON, or as form data (text fields; lists and objects as JSON text). */
  const send = (method: 'POST' | 'PUT', url: string, body: Row, form: boolean) => {
    if (!form) return api.send(method, url, body);
    // a list of one file (a data URL) is that file; other lists and objects are JSON text
    const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' ? v[0] : JSON.stringify(v));
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, text(v)]));
    const { payload, headers } = multipart(fields);
    return t.inject({ method, url, payload, headers, token: t.rootToken });
  };

  const variants = RESOURCE_DEFS.flatMap((def) => [
    [def.name, 'JSON', def] as const,
    ...(def.files ? [[def.name, 'form data', def] as const] : []),
  ]);

  it.each(variants)('%s (%s): a create and an update take none of the fields that do not belong', async (_name, kind, def) => {
    const form = kind === 'form data';
    const schemas = bodySchemas(def);
    const other = await ref(def.name);
    const body = await sampleOf(def);
    const { accepted: extra, unknown } = split(def, forged(def, declared(schemas.create), other.encrypted_id));
    const before = await counts();

    // the forged fields the declaration does not know: refused, naming each, nothing stored
    const rows = await anyDb(t).selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const refused = await send('POST', `/api/admin/${def.name}`, { ...body, ...unknown }, form);
    expect([def.name, refused.statusCode, refused.json().error]).toEqual([def.name, 422, unknownFields(unknown)]);
    expect(await anyDb(t).selectFrom(def.table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(rows);

    // create
    const created = await send('POST', `/api/admin/${def.name}`, { ...body, ...extra }, form);
    expect([def.name, [200, 422].includes(created.statusCode) ? 'answered' : created.body]).toEqual([def.name, 'answered']);
    if (created.statusCode === 422) {
      expect(await anyDb(t).selectFrom(def.table).select('id').where('id', '=', FORGED_ID).executeTakeFirst()).toBeUndefined();
      return;
    }
    const record = dataOf(created);
    expect(record.encrypted_id).toBe(t.app.ctx.ids.encode(def.name, record.id));
    const row = (await stored(def, record.id))!;
    expect([def.name, 'create', taken(def, row, extra, null)]).toEqual([def.name, 'create', []]);
    if ('created_by' in row && row.created_by !== null) expect(Number(row.created_by)).toBe(rootId);
    if ('updated_by' in row && row.updated_by !== null) expect(Number(row.updated_by)).toBe(rootId);
    expect(await anyDb(t).selectFrom(def.table).select('id').where('id', '=', FORGED_ID).executeTakeFirst()).toBeUndefined();
    const afterCreate = await counts();
    // a role's permissions are its own fields; an admin's districts come only from district_ids
    if (def.name !== 'roles') expect(afterCreate.rolePermissions).toBe(before.rolePermissions);
    const ownDistricts = Array.isArray(body.district_ids) ? body.district_ids.length : 0;
    expect(afterCreate.adminDistricts).toBe(before.adminDistricts + ownDistricts);
    if (def.table === 'admins') {
      const rows = await anyDb(t).selectFrom('admin_districts').select('district_id').where('admin_id', '=', record.id).execute();
      expect(rows.map((r) => Number(r.district_id)).sort()).toEqual([...(body.district_ids as number[])].sort());
    }

    // update: the same body's fields that an update takes (its own unique values are its own), with the forged fields
    // (a field an update refuses outright, declared with `not`, is left out too)
    const updatable = new Set(Object.entries(schemas.update.properties).filter(([, schema]) => !('not' in schema)).map(([k]) => k));
    const updateBody = Object.fromEntries(Object.entries(body).filter(([k]) => updatable.has(k)));
    const { accepted: updateExtra, unknown: updateUnknown } = split(def, forged(def, updatable, other.encrypted_id));
    const refusedUpdate = await send('PUT', `/api/admin/${def.name}/${record.encrypted_id}`, { ...updateBody, ...updateUnknown }, form);
    expect([def.name, refusedUpdate.statusCode, refusedUpdate.json().error]).toEqual([def.name, 422, unknownFields(updateUnknown)]);
    // the record's own keys that an update does not take (its id, status, kind, ...): refused by name when changed
    const { readOnly, dropped } = splitAccepted(def, updateExtra);
    const changed = Object.keys(readOnly).filter((k) => !sameAsRead(readOnly[k], record[k]));
    expect([def.name, changed.length]).not.toEqual([def.name, 0]);
    const refusedReadOnly = await send('PUT', `/api/admin/${def.name}/${record.encrypted_id}`, { ...updateBody, ...readOnly }, form);
    expect([def.name, refusedReadOnly.statusCode, refusedReadOnly.json().error]).toEqual([def.name, 422, Object.fromEntries(changed.map((k) => [k, [READ_ONLY_FIELD]]))]);
    expect([def.name, 'refused update', taken(def, (await stored(def, record.id))!, readOnly, row)]).toEqual([def.name, 'refused update', []]);
    // the rest are dropped: the update is made without them
    const updated = await send('PUT', `/api/admin/${def.name}/${record.encrypted_id}`, { ...updateBody, ...dropped }, form);
    expect([def.name, updated.statusCode === 200 ? 'updated' : updated.body]).toEqual([def.name, 'updated']);
    const after = (await stored(def, record.id))!;
    expect(after).toBeDefined();
    const newPassword = typeof updateBody.password === 'string';
    expect([def.name, 'update', taken(def, after, updateExtra, row, newPassword)]).toEqual([def.name, 'update', []]);
    if (newPassword && updated.statusCode === 200) expect([def.name, await verifyPassword(String(after.password_hash), updateBody.password)]).toEqual([def.name, true]);
    if (updated.statusCode === 200 && 'updated_by' in after && after.updated_by !== null) expect(Number(after.updated_by)).toBe(rootId);
    const afterUpdate = await counts();
    if (def.name !== 'roles') expect(afterUpdate.rolePermissions).toBe(afterCreate.rolePermissions);
    expect(afterUpdate.adminDistricts).toBe(afterCreate.adminDistricts);
  });

  it("the admin's own profile takes none of them (role, status, password hash, timestamps)", async () => {
    const before = (await anyDb(t).selectFrom('admins').selectAll().where('id', '=', rootId).executeTakeFirstOrThrow()) as Row;
    const other = await ref('admins');
    const extra = forged(RESOURCE_DEFS.find((d) => d.name === 'admins')!, new Set(), other.encrypted_id);
    const forgedFields: Row = { ...extra, role_id: 999, prev_role_id: 999, pusher_id: 'forged' };
    const { created_by: _c, updated_by: _u, ...refusedFields } = forgedFields;
    const res = await api.post('/api/admin/admins/profile', { f_name: 'Root', email: before.email, ...forgedFields });
    expect([res.statusCode, res.json().error]).toEqual([422, unknownFields(refusedFields)]);
    expect(dataOf(await api.post('/api/admin/admins/profile', { f_name: 'Root', email: before.email, created_by: FORGED_ACTOR, updated_by: FORGED_ACTOR })).f_name).toBe('Root');
    const after = (await anyDb(t).selectFrom('admins').selectAll().where('id', '=', rootId).executeTakeFirstOrThrow()) as Row;
    for (const c of ['id', 'role_id', 'prev_role_id', 'status', 'password_hash', 'created_at', 'created_by', 'pusher_id', 'cnic']) {
      expect([c, after[c]]).toEqual([c, before[c]]);
    }
    expect(isForgedTime(after.updated_at)).toBe(false);
  });

  it('the /users calls pass on no field that does not belong, and never change the kind', async () => {
    const def = RESOURCE_DEFS.find((d) => d.name === 'app-users')!;
    const body = await sampleOf(def);
    const other = await ref('app-users');
    const { accepted: extra, unknown } = split(def, forged(def, declared(bodySchemas(def).create), other.encrypted_id));
    delete extra.type; // the kind is what /users chooses by
    const refused = await api.post('/api/admin/users', { type: 'patient', ...body, ...unknown });
    expect([refused.statusCode, refused.json().error]).toEqual([422, unknownFields(unknown)]);
    const made = dataOf(await api.post('/api/admin/users', { type: 'patient', ...body, ...extra }));
    const row = (await stored(def, made.id))!;
    expect(taken(def, row, extra, null)).toEqual([]);
    expect(row.type).toBe('patient');
    const { readOnly, dropped } = splitAccepted(def, extra);
    const refusedChange = await api.put(`/api/admin/users/${made.encrypted_id}`, { ...body, ...readOnly, type: 'chw' });
    expect([refusedChange.statusCode, Object.keys(refusedChange.json().error).sort()]).toEqual([422, Object.keys(readOnly).filter((k) => !sameAsRead(readOnly[k], made[k])).sort()]);
    const res = await api.put(`/api/admin/users/${made.encrypted_id}`, { ...body, ...dropped, type: 'chw' });
    expect(res.statusCode).toBe(200);
    const after = (await stored(def, made.id))!;
    expect(taken(def, after, { ...extra, type: 'chw' }, row, true)).toEqual([]);
    expect(await verifyPassword(String(after.password_hash), body.password)).toBe(true);
    expect(after.type).toBe('patient');
  });
});
