import { messageText } from '../../../../contract/messages';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { TASK_STATUSES, TASK_TYPES, USER_STATUS } from '../../../../contract/enums';
import type { Database } from '../../db/schema';
import { conflict, ValidationError } from '../../http/errors';
import { Fields } from '../../http/fields';
import { referenceList } from '../../http/readShapes';
import { defineResource, type Row } from '../../http/resource';
import { oneOfTypes } from '../../http/responses';
import { now } from '../../services/tokens';
import { CAMPAIGN } from './campaigns';
import { checkDates, PLACE, placeValues } from './place';
import './schema';

/**
 * Tasks for CHWs (spec 3): a type with what it points at (an active survey form, campaign or
 * knowledge item, or a note), a period, a district › tehsil, a file, and the CHWs of that tehsil it is
 * given to. Each CHW has a status of their own on it (Pending, In Progress, Completed), set from the
 * field app or by submitting the task's survey, which the console sees in real time.
 */

export const TASK = {
  title: 'Please provide a title.',
  type: 'Please select a type.',
  chw: 'Please fill the CHW required field!',
  chwOutside: 'Every CHW must be an active CHW of the chosen tehsil.',
  chwSubmitted: 'A CHW who has submitted for this task cannot be taken off it.',
  survey: 'Please select a survey form.',
  campaign: 'Please select a campaign.',
  knowledge: 'Please select a knowledge item.',
  note: 'Please provide a note.',
  start: 'Please select a start date.',
  end: 'Please select an end date.',
  past: 'The date cannot be before today.',
  order: 'Select a date after the start date!',
};

/** The column each type points through, with its table and message; General needs a note, Booking and UserRegistration nothing. */
const LINKS = {
  Survey: { column: 'survey_id', table: 'dynamic_forms', message: TASK.survey },
  Campaign: { column: 'campaign_id', table: 'campaigns', message: TASK.campaign },
  Knowledge: { column: 'knowledge_id', table: 'health_literacy_contents', message: TASK.knowledge },
} as const;
const LINK_COLUMNS = ['survey_id', 'campaign_id', 'knowledge_id'] as const;

const createSchema = Type.Object(
  {
    title: Fields.title(TASK.title),
    type: Fields.enumOf(TASK_TYPES, TASK.type),
    survey_id: Type.Optional(Fields.optionalReference(TASK.survey)),
    campaign_id: Type.Optional(Fields.optionalReference(TASK.campaign)),
    knowledge_id: Type.Optional(Fields.optionalReference(TASK.knowledge)),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { 'x-message': 'At most 2000 characters.' })),
    person_ids: referenceList(TASK.chw, { minItems: 1, maxItems: 500 }),
    s_date: Fields.requiredDate(TASK.start),
    e_date: Fields.requiredDate(TASK.end),
    district_id: Fields.reference(PLACE.district),
    tehsil_id: Fields.reference(PLACE.tehsil),
    desc: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()], { 'x-message': 'At most 5000 characters.' })),
  },
  { additionalProperties: false },
);

/** CHW ids that are not active CHWs of the tehsil. */
async function strangers(db: Kysely<Database>, ids: number[], tehsilId: number): Promise<number[]> {
  const found = await db
    .selectFrom('users as u')
    .innerJoin('chw_profiles as p', 'p.id', 'u.id')
    .select('u.id')
    .where('u.id', 'in', ids)
    .where('u.type', '=', 'chw')
    .where('u.status', '=', USER_STATUS.active)
    .where('p.tehsil_id', '=', tehsilId)
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * The CHWs of some tasks with their own status, by task, each task's in name order and named with their
 * VC area (the spec's person_ids and per-CHW rows); their statuses' details (`desc`, the date) only for
 * a record's page, which shows them.
 */
async function loadAssignees(db: Kysely<Database>, taskIds: number[], details: boolean) {
  const byTask = new Map<number, { user_id: number; status: string; desc?: string | null; updated_at?: string; name: string }[]>();
  if (!taskIds.length) return byTask;
  const rows = await db
    .selectFrom('task_assignees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('chw_profiles as p', 'p.id', 'u.id')
    .leftJoin('areas as ar', 'ar.id', 'p.area_id')
    .select(['a.task_id', 'a.user_id', 'a.status', 'u.f_name', 'u.l_name', 'ar.title as area'])
    .$if(details, (q) => q.select(['a.desc', 'a.updated_at']))
    .where('a.task_id', 'in', taskIds)
    .orderBy('u.f_name')
    .orderBy('u.id')
    .execute();
  for (const r of rows) {
    const name = r.l_name ? (r.f_name ? `${r.f_name} ${r.l_name}` : r.l_name) : r.f_name ?? '';
    const one = { user_id: r.user_id, status: r.status, desc: r.desc, updated_at: r.updated_at, name: r.area ? `${name} (${r.area})` : name };
    const list = byTask.get(r.task_id);
    if (list) list.push(one);
    else byTask.set(r.task_id, [one]);
  }
  return byTask;
}

export const tasks = defineResource<'tasks'>()({
  name: 'tasks',
  ignored: {
    completed: 'read-only: how many of its CHWs completed it',
    session: 'read-only: the survey form of survey_id',
  },
  table: 'tasks',
  module: 'task',
  columns: ['title', 'type', 'survey_id', 'campaign_id', 'knowledge_id', 'note', 's_date', 'e_date', 'district_id', 'tehsil_id', 'desc', 'file', 'status', 'created_by', 'created_at', 'updated_at'],
  label: 'title',
  createSchema,
  files: { file: { kinds: ['jpg', 'png', 'pdf', 'mp3'], folder: 'tasks', message: 'File format not supported. JPG/JPEG/PNG/PDF/MP3', requiredMessage: CAMPAIGN.fileRequired } },
  district: { column: 'district_id' },
  searchable: ['title'],
  sortable: ['title', 'type', 's_date', 'e_date', 'status', 'created_at', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { type: 'string', survey_id: 'integer', campaign_id: 'integer', knowledge_id: 'integer', district_id: 'integer', tehsil_id: 'integer' },
  via: { chw_id: { column: 'id', table: 'task_assignees', parentColumn: 'user_id', key: 'task_id' } },
  dateRange: 's_date',
  status: { kind: 'user' },
  belongsTo: [
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title'] },
    { as: 'survey', column: 'survey_id', resource: 'dynamic-forms', table: 'dynamic_forms', columns: ['title'] },
    { as: 'campaign', column: 'campaign_id', resource: 'campaigns', table: 'campaigns', columns: ['title'] },
    { as: 'knowledge', column: 'knowledge_id', resource: 'health-literacy-content', table: 'health_literacy_contents', columns: ['title'] },
  ],
  exportColumns: ['id', 'title', 'type', 's_date', 'e_date', 'note', 'desc', 'status', 'created_at'],
  recordOnly: ['statuses'],
  presents: {
    person_ids: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    statuses: Type.Array(Type.Object({
      uid: Type.Integer(), user_profile: Type.Object({ id: Type.Integer(), name_with_area: Type.String() }), date: oneOfTypes('string', 'null'), desc: oneOfTypes('string', 'null'), status: Type.String(),
    })),
    completed: Type.Integer(),
    session: Type.String(),
  },
  hooks: {
    async prepare(w, input, existing) {
      const { db } = w;
      const errors: Record<string, string[]> = {};
      const values: Row = { ...(await placeValues(db, input, existing, errors)), ...checkDates(input, existing, { start: 's_date', end: 'e_date' }, errors, TASK) };
      for (const key of ['title', 'type', 'note', 'desc'] as const) if (input[key] !== undefined) values[key] = input[key];
      const type = (input.type ?? existing?.type) as (typeof TASK_TYPES)[number];
      // what the type points at: required and active; the other links cleared
      const link = LINKS[type as keyof typeof LINKS] as (typeof LINKS)[keyof typeof LINKS] | undefined;
      for (const column of LINK_COLUMNS) if (column !== link?.column) values[column] = null;
      if (link) {
        const id = input[link.column] !== undefined ? input[link.column] : existing?.[link.column];
        const row = typeof id === 'number' ? await db.selectFrom(link.table).select(['id', 'status']).where('id', '=', id).executeTakeFirst() : undefined;
        // a stored link may stay even if its target was blocked since; a new one must be active
        const unchanged = existing && existing[link.column] === id;
        if (!row || (!unchanged && row.status !== USER_STATUS.active)) errors[link.column] = [link.message];
        else values[link.column] = id;
      }
      const note = input.note !== undefined ? input.note : existing?.note;
      if (type === 'General' && (typeof note !== 'string' || !note.trim())) errors.note = [TASK.note];
      if (type !== 'General') values.note = null;
      const tehsilId = (input.tehsil_id ?? existing?.tehsil_id) as number;
      const people = input.person_ids as number[] | undefined;
      if (people && !errors.tehsil_id && (await strangers(db, people, tehsilId)).length) errors.person_ids = [TASK.chwOutside];
      else if (!people && existing && input.tehsil_id !== undefined && input.tehsil_id !== existing.tehsil_id) {
        const current = (await db.selectFrom('task_assignees').select('user_id').where('task_id', '=', Number(existing.id)).execute()).map((r) => r.user_id);
        if ((await strangers(db, current, tehsilId)).length) errors.person_ids = [TASK.chwOutside];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return values;
    },
    async afterWrite({ db }, row, input) {
      const people = input.person_ids as number[] | undefined;
      if (!people) return;
      const taskId = Number(row.id);
      const current = (await db.selectFrom('task_assignees').select('user_id').where('task_id', '=', taskId).execute()).map((r) => r.user_id);
      const leaving = current.filter((id) => !people.includes(id));
      if (leaving.length) {
        const submitted = await db.selectFrom('form_submissions').select('id').where('task_id', '=', taskId).where('user_id', 'in', leaving).limit(1).executeTakeFirst();
        if (submitted) throw conflict(TASK.chwSubmitted);
        await db.deleteFrom('task_assignees').where('task_id', '=', taskId).where('user_id', 'in', leaving).execute();
      }
      const joining = people.filter((id) => !current.includes(id));
      if (joining.length) await db.insertInto('task_assignees').values(joining.map((user_id) => ({ task_id: taskId, user_id, status: TASK_STATUSES[0], updated_at: now() }))).execute();
    },
    async beforeDelete({ db }, row) {
      // a task's survey answers are the programme's records: they outlive no task, so the task stays
      const { n } = await db.selectFrom('form_submissions').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', row.id).executeTakeFirstOrThrow();
      if (Number(n) > 0) throw conflict(Number(n) === 1 ? messageText('task_has_submission', { title: row.title }) : messageText('task_has_submissions', { title: row.title, number: Number(n) }));
    },
    async enrich(ctx, rows, use) {
      const assignees = await loadAssignees(ctx.db, rows.map((r) => r.id), use === 'record');
      for (const r of rows) {
        const mine = assignees.get(r.id) ?? [];
        (r as Row).person_ids = mine.map((a) => ({ id: a.user_id, name: a.name }));
        // each CHW's status, shown on the task's page (recordOnly): the list counts the completed
        if (use === 'record') (r as Row).statuses = mine.map((a) => ({ uid: a.user_id, user_profile: { id: a.user_id, name_with_area: a.name }, date: a.updated_at, desc: a.desc, status: a.status }));
        (r as Row).completed = mine.filter((a) => a.status === 'Completed').length;
        (r as Row).session = `${r.s_date} – ${r.e_date}`;
      }
    },
  },
  sample: async (n, ref) => {
    const chw = await ref('chw');
    const campaign = await ref('campaigns');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return {
      title: `Household visits ${n}`,
      type: 'Campaign',
      campaign_id: campaign.id,
      person_ids: [chw.id],
      s_date: day(1),
      e_date: day(6),
      district_id: chw.district_id,
      tehsil_id: chw.tehsil_id,
      desc: 'Record who is at home.',
      file: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    };
  },
  invalidSamples: [
    { title: 'No CHW', type: 'General', note: 'x', person_ids: [], s_date: '2099-01-01', e_date: '2099-01-02', district_id: 1, tehsil_id: 1 },
    { title: 'No note', type: 'General', person_ids: [1], s_date: '2099-01-01', e_date: '2099-01-02', district_id: 1, tehsil_id: 1 },
    { title: 'No survey', type: 'Survey', person_ids: [1], s_date: '2099-01-01', e_date: '2099-01-02', district_id: 1, tehsil_id: 1 },
    { title: 'Past', type: 'Booking', person_ids: [1], s_date: '2020-01-01', e_date: '2099-01-02', district_id: 1, tehsil_id: 1 },
    { title: 'Bad type', type: 'Party', person_ids: [1], s_date: '2099-01-01', e_date: '2099-01-02', district_id: 1, tehsil_id: 1 },
  ],
});

