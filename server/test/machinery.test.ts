/**
 * The machinery's shared behaviours on declarations made for this test, so that each is covered
 * before (and beside) the modules that use it: a child resource under a parent, a filter through a
 * parent record, a date range, a sort by a related record's column, named statuses with a required
 * reason, a public file field and a private multi-file field, repeatable child rows, audited reads and
 * `referencedBy`. The generic contract suite (helpers/contract.ts) runs over them on both dialects;
 * the tests below add what the contract cannot say generically (multipart bodies, failed writes).
 */
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import type { ResourceName } from '../../contract/resources';
import type { Db } from '../src/db';
import type { TableName } from '../src/db/schema';
import { createResourceTable, notNull } from '../src/db/migrations/helpers';
import { ValidationError } from '../src/http/errors';
import { Fields } from '../src/http/fields';
import { checkListDeclaration, checkPlaceDeclaration } from '../src/http/list';
import { registry as realRegistry } from '../src/resources/registry';
import { dynamic, type Registry, type ResourceDef } from '../src/http/resource';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { describeResourceContract } from './helpers/contract';
import { anyDb, client, dataOf, fieldErrors, multipart, type Row, sampler, tinyPng, uploaded } from './helpers/http';
import type { LocalStorage } from '../src/services/storage';

jest.setTimeout(180_000);

// test-only tables and resources: the machinery sees plain names
const table = (name: string) => name as TableName;
const resource = (name: string) => name as ResourceName;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;
const today = () => new Date().toISOString().slice(0, 10);

async function createTables(database: Db): Promise<void> {
  const { db, dialect } = database;
  await createResourceTable(db, dialect, 'widget_groups', (t) => t.addColumn('title', 'text', notNull), { search: ['title'] });
  await createResourceTable(db, dialect, 'widget_kinds', (t) => t.addColumn('title', 'text', notNull).addColumn('group_id', 'integer', (c) => c.notNull().references('widget_groups.id')), { search: ['title'] });
  await createResourceTable(db, dialect, 'widget_owners', (t) => t.addColumn('name', 'text', notNull), { search: ['name'] });
  await createResourceTable(db, dialect, 'widget_reasons', (t) => t.addColumn('name', 'text', notNull), { search: ['name'] });
  await createResourceTable(
    db,
    dialect,
    'widgets',
    (t) =>
      t
        .addColumn('title', 'text', notNull)
        .addColumn('code', 'text')
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('widget_owners.id'))
        .addColumn('kind_id', 'integer', (c) => c.notNull().references('widget_kinds.id'))
        .addColumn('due_on', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('reason_id', 'integer', (c) => c.references('widget_reasons.id'))
        .addColumn('photo', 'text', notNull)
        .addColumn('reports', 'text'),
    { search: ['title', 'code'] },
  );
  await db.schema
    .createTable('widget_parts')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('widget_id', 'integer', (c) => c.notNull().references('widgets.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('qty', 'integer', notNull)
    .addColumn('position', 'integer', notNull)
    .execute();
  const stamp = new Date().toISOString();
  await dynamic(db).insertInto('widget_reasons').values([
    { name: 'Doctor unavailable', created_at: stamp, updated_at: stamp },
    { name: 'Patient asked', created_at: stamp, updated_at: stamp },
  ]).execute();
}

const titled = (name: string, tableName: string, column: string, extra: Partial<ResourceDef> = {}): ResourceDef => ({
  name: resource(name),
  table: table(tableName),
  module: 'location',
  columns: [column, 'created_at', 'updated_at'],
  createSchema: Type.Object({ [column]: Fields.title() }, { additionalProperties: false }),
  searchable: [column],
  sortable: [column, 'id'],
  defaultSort: { field: column, order: 'asc' },
  sample: (n) => ({ [column]: `${name} ${n}` }),
  ...extra,
});

const groups = titled('widget-groups', 'widget_groups', 'title');
const kinds = titled('widget-kinds', 'widget_kinds', 'title', {
  columns: ['title', 'group_id', 'created_at', 'updated_at'],
  createSchema: Type.Object({ title: Fields.title(), group_id: Fields.reference('Please select a group.') }, { additionalProperties: false }),
  referencedBy: [{ table: table('widgets'), column: 'kind_id', noun: 'task' }],
  sample: async (n, ref) => ({ title: `Kind ${n}`, group_id: (await ref(resource('widget-groups'))).id }),
});
const owners = titled('widget-owners', 'widget_owners', 'name', {
  referencedBy: [{ table: table('widgets'), column: 'owner_id', noun: 'task' }],
});
const reasons = titled('widget-reasons', 'widget_reasons', 'name');

const widgets: ResourceDef = {
  name: resource('widgets'),
  table: table('widgets'),
  module: 'location',
  columns: ['title', 'code', 'owner_id', 'kind_id', 'due_on', 'state', 'reason_id', 'photo', 'reports', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    {
      title: Fields.title(),
      code: Type.Optional(Fields.optionalText(20)),
      kind_id: Fields.reference('Please select a kind.'),
      due_on: Fields.date('Please provide a due date.'),
    },
    { additionalProperties: false },
  ),
  searchable: ['title', 'code'],
  sortable: ['title', 'due_on', 'kind.title', 'owner.name', 'created_at', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { kind_id: 'integer', code: 'string' },
  via: { group_id: { column: 'kind_id', table: table('widget_kinds'), parentColumn: 'group_id' } },
  dateRange: 'due_on',
  belongsTo: [
    { as: 'kind', column: 'kind_id', resource: resource('widget-kinds'), table: table('widget_kinds'), columns: ['title', 'group_id'] },
    { as: 'owner', column: 'owner_id', resource: resource('widget-owners'), table: table('widget_owners'), columns: ['name'] },
  ],
  parent: { resource: resource('widget-owners'), table: table('widget_owners'), column: 'owner_id', message: 'Please choose the owner.' },
  status: {
    kind: 'named',
    column: 'state',
    values: ['Available', 'Reserved', 'Booked', 'Cancelled'],
    initial: 'Available',
    transitions: { Available: ['Reserved', 'Booked', 'Cancelled'], Reserved: ['Booked', 'Available', 'Cancelled'], Booked: ['Cancelled'], Cancelled: ['Available'] },
    reasons: { Cancelled: { column: 'reason_id', table: table('widget_reasons'), message: 'Please choose a cancellation reason.' } },
  },
  files: {
    photo: { kinds: ['jpg', 'png', 'mp3'], folder: 'widgets', message: 'File format not supported. JPG/JPEG/PNG/MP3', requiredMessage: 'Please select a file.' },
    reports: { kinds: ['pdf', 'png'], folder: 'reports', message: 'File format not supported. PDF/PNG', private: true, multiple: true },
  },
  children: {
    parts: {
      table: table('widget_parts'),
      foreignKey: 'widget_id',
      position: 'position',
      schema: Type.Object({ name: Fields.text('Please name the part.'), qty: Type.Integer({ minimum: 1, maximum: 1000, 'x-message': 'Please provide a quantity.' }) }),
      min: 1,
      minMessage: 'Please add at least one part.',
    },
  },
  auditReads: true,
  hooks: {
    async prepare({ db }, input) {
      const kind = typeof input.kind_id === 'number' && (await dynamic(db).selectFrom('widget_kinds').select('id').where('id', '=', input.kind_id).executeTakeFirst());
      if (input.kind_id !== undefined && !kind) throw ValidationError.field('kind_id', 'Please select a kind.');
      return input;
    },
  },
  sample: async (n, ref) => ({
    title: `Widget ${n}`,
    code: `W-${n}`,
    owner_id: (await ref(resource('widget-owners'))).id,
    kind_id: (await ref(resource('widget-kinds'))).id,
    due_on: today(),
    photo: dataUrl('image/png', tinyPng([n % 256, 0, 0, 255])),
    reports: [dataUrl('application/pdf', PDF), dataUrl('image/png', tinyPng())],
    parts: [{ name: `Bolt ${n}`, qty: 2 }, { name: `Nut ${n}`, qty: 4 }, { name: `Washer ${n}`, qty: 1 }],
  }),
  invalidSamples: [{ title: 'No parts', kind_id: 1, owner_id: 1, due_on: today(), photo: dataUrl('image/png', tinyPng()), parts: [] }],
};

const registry: Registry = {
  resources: [groups, kinds, owners, reasons, widgets],
  byName: new Map([groups, kinds, owners, reasons, widgets].map((d) => [d.name as string, d])),
};

const start = (dialect: 'sqlite' | 'postgres') => startTestApp(dialect, {}, { registry, prepare: createTables });

describeResourceContract({ title: 'machinery contract', registry, start });

describe('places', () => {
  const withRegistry = (extra: ResourceDef) => ({ resources: [...realRegistry.resources, extra], byName: new Map([...realRegistry.byName, [extra.name as string, extra]]) });
  const notes = (extra: Partial<ResourceDef>) => titled('patient-notes', 'widget_groups', 'title', extra);

  it('every declaration of the registry that hangs off a placed record declares its own place', () => {
    for (const def of realRegistry.resources) expect(() => checkPlaceDeclaration(def, realRegistry)).not.toThrow();
  });

  it('refuses a declaration that belongs to (or lives under) a placed record without a place of its own, and a place through an unplaced resource', () => {
    const belongs = notes({ belongsTo: [{ as: 'patient', column: 'group_id', resource: resource('app-users'), table: table('users'), columns: ['f_name'] }] });
    expect(() => checkPlaceDeclaration(belongs, withRegistry(belongs))).toThrow('resource patient-notes belongs to app-users, which have a place: declare its own (district)');
    const under = notes({ parent: { resource: resource('campaigns'), table: table('campaigns'), column: 'group_id', message: 'Please choose the campaign.' } });
    expect(() => checkPlaceDeclaration(under, withRegistry(under))).toThrow(/belongs to campaigns/);
    const placed = notes({ ...belongs, district: { through: 'group_id', resources: [resource('app-users')], message: 'Please choose the patient.' } });
    expect(() => checkPlaceDeclaration(placed, withRegistry(placed))).not.toThrow();
    const throughDoctors = notes({ district: { through: 'group_id', resources: [resource('doctors')], message: 'Please choose the doctor.' } });
    expect(() => checkPlaceDeclaration(throughDoctors, withRegistry(throughDoctors))).toThrow('its place goes through doctors, which declares no district');
  });

  it('refuses a linked list named by a column the record does not have, or put in a relation it does not have', () => {
    for (const def of realRegistry.resources) expect(() => checkListDeclaration(def)).not.toThrow();
    const spec = { link: table('widget_parts'), key: 'widget_id', linkKey: 'id', table: table('widget_groups'), columns: ['title'], orderBy: 'title' };
    expect(() => checkListDeclaration(notes({ linked: { parts: { ...spec, from: 'owner_id' } } }))).toThrow('resource patient-notes lists parts from owner_id, which is not one of its columns');
    expect(() => checkListDeclaration(notes({ linked: { 'owner.parts': spec } }))).toThrow('resource patient-notes lists owner.parts, but has no belongsTo relation "owner"');
    expect(() => checkListDeclaration(notes({ linked: { parts: { ...spec, from: 'title' } } }))).not.toThrow();
  });
});

describe.each(DIALECTS)('machinery (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await start(dialect);
  });
  afterAll(() => t?.close());

  it('takes a multipart body: files as parts, child rows as JSON text', async () => {
    const api = client(t);
    const { sampleOf } = sampler(api, registry);
    const body = await sampleOf(widgets);
    const form = multipart({
      title: 'Multipart widget',
      owner_id: String(body.owner_id),
      kind_id: String(body.kind_id),
      due_on: today(),
      parts: JSON.stringify([{ name: 'Spring', qty: 3 }]),
      photo: { filename: 'photo.png', contentType: 'image/png', data: tinyPng() },
      reports: { filename: 'scan.pdf', contentType: 'application/pdf', data: PDF },
    });
    const res = await t.inject({ method: 'POST', url: '/api/admin/widgets', token: t.rootToken, payload: form.payload, headers: form.headers });
    const created = dataOf(res);
    expect(created).toMatchObject({ title: 'Multipart widget', state: 'Available', parts: [{ name: 'Spring', qty: 3 }] });
    expect(created.photo).toMatchObject({ type: 'image', mimeType: 'image/png', path: expect.stringMatching(/^\/storage\/widgets\//) });
    expect(created.reports).toEqual([expect.objectContaining({ type: 'pdf', mimeType: 'application/pdf', path: expect.stringMatching(/^\/api\/admin\/files\//) })]);
    const pdf = await t.inject({ method: 'GET', url: created.reports[0].path });
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it('a file named like an image but holding something else is refused; a chunked upload\'s path is taken by content', async () => {
    const api = client(t);
    const { sampleOf } = sampler(api, registry);
    const body = await sampleOf(widgets);
    const form = multipart({
      title: 'Renamed', owner_id: String(body.owner_id), kind_id: String(body.kind_id), due_on: today(), parts: JSON.stringify([{ name: 'x', qty: 1 }]),
      photo: { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('GIF89a not a png') },
    });
    const res = await t.inject({ method: 'POST', url: '/api/admin/widgets', token: t.rootToken, payload: form.payload, headers: form.headers });
    expect(fieldErrors(res)).toEqual({ photo: ['File format not supported. JPG/JPEG/PNG/MP3'] });

    // a file that went up in chunks is referred to by its /storage path, and moves into the private area
    const up = multipart({ chunk: { filename: 'blob', contentType: 'application/octet-stream', data: PDF }, index: '0', totalChunks: '1', timestamp: 'machinery-1', fileExtension: 'pdf', folder: 'reports' });
    const uploaded = await t.inject({ method: 'POST', url: '/api/admin/media-file/upload-chunk', token: t.rootToken, payload: up.payload, headers: up.headers });
    const path = uploaded.json().file.path as string;
    expect(path).toMatch(/^\/storage\/reports\//);
    const created = dataOf(await api.post('/api/admin/widgets', { ...body, reports: [path] }));
    expect(created.reports).toEqual([expect.objectContaining({ type: 'pdf', path: expect.stringMatching(/^\/api\/admin\/files\//) })]);
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(404); // no longer public
    // an uploaded PDF is not an image
    expect(fieldErrors(await api.post('/api/admin/widgets', { ...(await sampleOf(widgets)), photo: path }))).toEqual({ photo: ['File format not supported. JPG/JPEG/PNG/MP3'] });
    // a field of one file takes no list, empty or not (as the document says), on a create or an update
    expect(fieldErrors(await api.post('/api/admin/widgets', { ...(await sampleOf(widgets)), photo: [] }))).toEqual({ photo: ['File format not supported. JPG/JPEG/PNG/MP3'] });
    expect(fieldErrors(await api.put(`/api/admin/widgets/${String(created.encrypted_id)}`, { photo: [] }))).toEqual({ photo: ['File format not supported. JPG/JPEG/PNG/MP3'] });
  });

  it('reads of an audited record and of its private files are written to the audit log', async () => {
    const api = client(t);
    const { ref } = sampler(api, registry);
    const widget = await ref(resource('widgets'));
    const before = await anyDb(t).selectFrom('audit_log').select(['action', 'record_id']).where('resource', '=', 'widgets').execute();
    const got = dataOf(await api.get(`/api/admin/widgets/${widget.encrypted_id}`));
    await t.inject({ method: 'GET', url: (got.reports as Row[])[0]!.path as string });
    const after = await anyDb(t).selectFrom('audit_log').select(['action', 'record_id', 'actor_id']).where('resource', '=', 'widgets').execute();
    expect(after.slice(before.length).map((r: Row) => [r.action, r.record_id])).toEqual([['read', widget.id], ['file_read', widget.id]]);
  });

  it('an edit keeps the files it names by their links and adds new ones; the dropped ones leave storage', async () => {
    const api = client(t);
    const { ref } = sampler(api, registry);
    const widget = await ref(resource('widgets'));
    const [first, second] = widget.reports as Row[];
    const updated = dataOf(await api.put(`/api/admin/widgets/${widget.encrypted_id}`, { reports: [second!.path, dataUrl('application/pdf', PDF)], photo: (widget.photo as Row).path }));
    const claimOf = (link: unknown) => JSON.parse(Buffer.from(String(link).split('/').pop()!.split('.')[0]!, 'base64url').toString('utf8')).path as string;
    const [kept, added] = (updated.reports as Row[]).map((r) => claimOf(r.path));
    expect(kept).toBe(claimOf(second!.path));
    expect(added).not.toBe(kept);
    expect((t.app.ctx.storage as LocalStorage).fullPath(claimOf(first!.path))).not.toBeNull();
    expect((await t.inject({ method: 'GET', url: String(first!.path) })).statusCode).toBe(404); // its file is gone
    expect((updated.photo as Row).path).toBe((widget.photo as Row).path); // the public photo was kept too
  });

  it('a write refused after it took an upload gives it back: out of the private area again, held by nobody, for a later write', async () => {
    const api = client(t);
    const { ref } = sampler(api, registry);
    const [widget, stranger] = [await ref(resource('widgets')), await ref(resource('widgets'))];
    const path = await uploaded(t, t.rootToken, { data: PDF, kind: 'pdf', folder: 'reports' });
    const relative = path.slice('/storage/'.length);
    const holders = async (p: string) => (await anyDb(t).selectFrom('stored_files').select('holders').where('path', '=', p).executeTakeFirst())?.holders;
    // the child rows are written after the files are taken: another widget's part refuses the whole write
    const refused = await api.put(`/api/admin/widgets/${widget.encrypted_id}`, { reports: [path], parts: [(stranger.parts as Row[])[0]!] });
    expect(Object.keys(fieldErrors(refused))).toEqual(['parts']);
    expect([existsSync((t.app.ctx.storage as LocalStorage).fullPath(relative)!), existsSync((t.app.ctx.storage as LocalStorage).fullPath(`private/${relative}`)!)]).toEqual([true, false]);
    expect([await holders(relative), await holders(`private/${relative}`)]).toEqual([0, undefined]);
    const taken = dataOf(await api.put(`/api/admin/widgets/${widget.encrypted_id}`, { reports: [path] }));
    expect((await t.inject({ method: 'GET', url: (taken.reports as Row[])[0]!.path as string })).rawPayload.equals(PDF)).toBe(true);
    expect([existsSync((t.app.ctx.storage as LocalStorage).fullPath(relative)!), await holders(`private/${relative}`)]).toEqual([false, 1]);
  });

  it('a row of a child list is named in its error: "Row 2: ..."', async () => {
    const api = client(t);
    const { sampleOf } = sampler(api, registry);
    const body = await sampleOf(widgets);
    expect(fieldErrors(await api.post('/api/admin/widgets', { ...body, parts: [{ name: 'ok', qty: 1 }, { qty: 1 }] }))).toEqual({ parts: ['Row 2: Please name the part.'] });
    expect(fieldErrors(await api.post('/api/admin/widgets', { ...body, parts: [] }))).toEqual({ parts: ['Please add at least one part.'] });
  });
});

/**
 * A record another declaration points at (belongsTo or parent) is not deleted from under it: the
 * parent declares `referencedBy` for that table and column, and the delete answers 409 naming the rows.
 * GUARDED_OTHERWISE lists the pointers guarded another way, each with how: a new pointer may not join
 * them without its reason, and one that gains its `referencedBy` must leave the list.
 */
const unguardedPointers = (reg: Registry): string[] =>
  reg.resources.flatMap((def) =>
    [...(def.belongsTo ?? []), ...(def.parent ? [def.parent] : [])].flatMap(({ column, resource: parentName }) => {
      const parent = reg.byName.get(parentName);
      const tables = [def.table as string, def.profile?.table as string | undefined];
      const guarded = parent?.referencedBy?.some((ref) => ref.column === column && tables.includes(ref.table));
      return guarded ? [] : [`${def.name}.${column} -> ${parentName}`];
    }),
  ).filter((pointer, i, all) => all.indexOf(pointer) === i).sort();

const GUARDED_OTHERWISE: Record<string, string> = {
  'tasks.survey_id -> dynamic-forms': 'the form\'s beforeDelete hook refuses while tasks or messages use it, naming them (forms.test.ts)',
  'user-messages.survey_id -> dynamic-forms': 'the form\'s beforeDelete hook refuses while tasks or messages use it, naming them (forms.test.ts)',
  'tasks.knowledge_id -> health-literacy-content': 'the item\'s beforeDelete hook refuses while tasks or messages use it, naming them (health-literacy.test.ts)',
  'user-messages.knowledge_id -> health-literacy-content': 'the item\'s beforeDelete hook refuses while tasks or messages use it, naming them (health-literacy.test.ts)',
  'appointments.cancel_reason_id -> cancellation-reasons':
    'a reason is set by cancelling, not by an appointment\'s write (the generated test makes its rows by writes): the foreign key refuses the delete, 409',
  'supports.user_id -> app-users': 'a support request\'s author is a CHW or a patient (the field apps write it): the foreign key refuses the delete, 409',
};

describe('referencedBy', () => {
  it('the machinery’s own declarations guard every record they point at', () => {
    expect(unguardedPointers(registry)).toEqual([]);
  });

  it('reports a declaration that points at a parent whose referencedBy does not name it', () => {
    const orphan = titled('widget-notes', 'widget_groups', 'title', {
      belongsTo: [{ as: 'owner', column: 'owner_id', resource: resource('widget-owners'), table: table('widget_owners'), columns: ['name'] }],
      parent: { resource: resource('widget-kinds'), table: table('widget_kinds'), column: 'kind_id', message: 'Please select a kind.' },
    });
    const withOrphan: Registry = { resources: [...registry.resources, orphan], byName: new Map([...registry.byName, [orphan.name as string, orphan]]) };
    expect(unguardedPointers(withOrphan)).toEqual(['widget-notes.kind_id -> widget-kinds', 'widget-notes.owner_id -> widget-owners']);
  });

  it('every other pointer of the registry is guarded: by a referencedBy, or in the way its entry says', () => {
    expect(unguardedPointers(realRegistry)).toEqual(Object.keys(GUARDED_OTHERWISE).sort());
  });
});

/**
 * The database's own pointers (every foreign key of the migrated schema, join tables included) that
 * refuse a delete (NO ACTION or RESTRICT) into a module's table: the module names each in its
 * `referencedBy` (the refusal then says what uses the record and how many), or FK_GUARDED_OTHERWISE says
 * how it is guarded. Without either, the foreign key still refuses the delete, but with a 409 that names
 * nothing ("still in use by other records").
 */
const FK_GUARDED_OTHERWISE: Record<string, string> = {
  'appointments.cancel_reason_id -> cancellation_reasons': GUARDED_OTHERWISE['appointments.cancel_reason_id -> cancellation-reasons']!,
  'duty_slots.doctor_id -> users': "a slot belongs to its roster (roster_id, ON DELETE CASCADE), and the doctor's referencedBy names duty_rosters",
  'tasks.knowledge_id -> health_literacy_contents': "the item's beforeDelete hook refuses while tasks or messages use it, naming them (healthLiteracy.ts)",
  'user_messages.knowledge_id -> health_literacy_contents': "the item's beforeDelete hook refuses while tasks or messages use it, naming them (healthLiteracy.ts)",
  'tasks.survey_id -> dynamic_forms': GUARDED_OTHERWISE['tasks.survey_id -> dynamic-forms']!,
  'user_messages.survey_id -> dynamic_forms': GUARDED_OTHERWISE['user-messages.survey_id -> dynamic-forms']!,
  'form_submissions.form_id -> dynamic_forms': "the form's beforeDelete hook refuses while it has submissions, counting them (forms.test.ts)",
  'form_submissions.task_id -> tasks': "the task's beforeDelete hook refuses while it has submissions, counting them",
  'form_submissions.user_id -> users': "a CHW's survey answers (written by the field app): the foreign key refuses the delete, 409",
  'task_assignees.user_id -> users': 'a CHW assigned to a task (written by the task, a CHW is not deleted from it): the foreign key refuses the delete, 409',
  'supports.user_id -> users': GUARDED_OTHERWISE['supports.user_id -> app-users']!,
};

/** Every foreign key of the migrated schema that refuses a delete: "table.column -> target table". */
async function refusingForeignKeys(db: Db): Promise<{ table: string; column: string; target: string }[]> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table: string; column: string; target: string }>`
      select cl.relname as "table", a.attname as "column", ft.relname as target
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class ft on ft.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confdeltype in ('a', 'r') and cl.relnamespace = current_schema()::regnamespace`.execute(db.db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.db);
  const keys = await Promise.all(
    tables.map(async ({ name }) => {
      const { rows } = await sql<{ from: string; table: string; on_delete: string }>`select "from", "table", on_delete from pragma_foreign_key_list(${name})`.execute(db.db);
      return rows.filter((key) => key.on_delete === 'NO ACTION' || key.on_delete === 'RESTRICT').map((key) => ({ table: name, column: key.from, target: key.table }));
    }),
  );
  return keys.flat();
}

/** The refusing foreign keys into a module's table that no module of that table names in its referencedBy. */
const unnamedForeignKeys = (reg: Registry, keys: { table: string; column: string; target: string }[]): string[] =>
  keys
    .filter(({ table: from, column, target }) => {
      const owners = reg.resources.filter((def) => def.table === target || def.profile?.table === target);
      return owners.length > 0 && !owners.some((def) => def.referencedBy?.some((ref) => ref.table === from && ref.column === column));
    })
    .map(({ table: from, column, target }) => `${from}.${column} -> ${target}`)
    .sort();

describe.each(DIALECTS)('referencedBy of the schema’s foreign keys (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every foreign key that refuses a delete into a module’s table is named by its referencedBy, or guarded in the way its entry says', async () => {
    expect(unnamedForeignKeys(realRegistry, await refusingForeignKeys(t.db))).toEqual(Object.keys(FK_GUARDED_OTHERWISE).sort());
  });

  it('reports a join table whose pointer no referencedBy names', async () => {
    const keys = [...(await refusingForeignKeys(t.db)), { table: 'widget_tags', column: 'interest_id', target: 'interests' }];
    expect(unnamedForeignKeys(realRegistry, keys)).toContain('widget_tags.interest_id -> interests');
  });
});
