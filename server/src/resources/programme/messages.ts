import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { MESSAGE_TYPES, USER_STATUS } from '../../../../contract/enums';
import type { Database } from '../../db/schema';
import { listPath } from '../../http/crud';
import { ok } from '../../http/envelope';
import { ValidationError } from '../../http/errors';
import { Fields, MAX_ID } from '../../http/fields';
import { paginator } from '../../http/paging';
import { referenceList } from '../../http/readShapes';
import { type CrudHelpers, defineResource, type Row } from '../../http/resource';
import { answers, idTitles, oneOfTypes, paginatorOf } from '../../http/responses';
import { now } from '../../services/tokens';
import { PLACE, placeValues } from './place';
import './schema';

/**
 * Messages to patients (spec 3): a type with what it points at (a survey form, a knowledge item, a
 * text), a title, interests, an optional age range, and a district › tehsil. On send the server
 * resolves the recipients (active patients of that tehsil with one of the interests, within the ages)
 * and stores one row each, in the message's transaction; the list shows how many. An edit resolves
 * them again: new matches are added, recipients who no longer match and have not opened the message
 * are taken off, and those who opened or answered it stay.
 */

export const MESSAGE = {
  type: 'Please select type',
  survey: 'Please select a form',
  knowledge: 'Please select a knowledge',
  text: 'Please provide a text',
  interest: 'Please select a Interest',
  title: 'Please provide a title',
  fromAge: 'Please select from age',
  toAge: 'Please select to age',
  ageOrder: 'The to age must not be below the from age.',
};

const age = (message: string) => Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 130 }), Type.Null()], { 'x-message': message }));

/**
 * What `prepare` requires of a new message beside its fields' schemas, said to the document (`x-rules`,
 * http/openapi.ts): its type's own field (a General message's text, a Survey's form, a Knowledge message's
 * item). Beyond a schema: that the form or item exists and is active, the to age not below the from age;
 * not yet in it: both ages or neither (branches for it made the document's body too slow for a tester to
 * generate, README).
 */
const id = { type: 'integer', minimum: 1, maximum: MAX_ID };
const byType = [
  { properties: { type: { enum: ['General'] }, text: { type: 'string', pattern: '\\S' } }, required: ['text'] },
  { properties: { type: { enum: ['Survey'] }, survey_id: id }, required: ['survey_id'] },
  { properties: { type: { enum: ['Knowledge'] }, knowledge_id: id }, required: ['knowledge_id'] },
  { properties: { type: { enum: MESSAGE_TYPES.filter((t) => !['General', 'Survey', 'Knowledge'].includes(t)) } } },
];
const MESSAGE_RULES = { anyOf: byType };

const createSchema = Type.Object(
  {
    type: Fields.enumOf(MESSAGE_TYPES, MESSAGE.type),
    title: Fields.title(MESSAGE.title),
    survey_id: Type.Optional(Fields.optionalReference(MESSAGE.survey)),
    knowledge_id: Type.Optional(Fields.optionalReference(MESSAGE.knowledge)),
    text: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()], { 'x-message': 'At most 5000 characters.' })),
    interest_ids: referenceList(MESSAGE.interest, { minItems: 1, maxItems: 200 }),
    from_age: age(MESSAGE.fromAge),
    to_age: age(MESSAGE.toAge),
    district_id: Fields.reference(PLACE.district),
    tehsil_id: Fields.reference(PLACE.tehsil),
  },
  { additionalProperties: false, 'x-rules': MESSAGE_RULES },
);

/** The first and last date of birth of someone aged `from` to `to` years today (both included). */
export function birthRange(from: number, to: number, today = new Date()): { earliest: string; latest: string } {
  const shift = (years: number, days = 0) => {
    const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
    return d.toISOString().slice(0, 10);
  };
  // aged `to` at most: born after the day `to + 1` years ago; aged `from` at least: born on or before the day `from` years ago
  return { earliest: shift(to + 1, 1), latest: shift(from) };
}

type Ages = { from_age: number | null; to_age: number | null };

/**
 * What a patient account (`users as u`) must be to receive a message of these ages, beside the place and
 * the interests: an active patient, born within the ages (or, without a date of birth, of those ages by
 * the age given). Both ages or neither.
 */
function ofAges(eb: ExpressionBuilder<{ u: Database['users'] }, 'u'>, ages: Ages): Expression<SqlBool> {
  const conditions = [eb('u.type', '=', 'patient'), eb('u.status', '=', USER_STATUS.active)];
  if (ages.from_age !== null && ages.to_age !== null) {
    const { earliest, latest } = birthRange(ages.from_age, ages.to_age);
    const [from, to] = [ages.from_age, ages.to_age];
    conditions.push(
      eb.or([
        eb.and([eb('u.dob', 'is not', null), eb('u.dob', '>=', earliest), eb('u.dob', '<=', latest)]),
        eb.and([eb('u.dob', 'is', null), eb('u.age', '>=', from), eb('u.age', '<=', to)]),
      ]),
    );
  }
  return eb.and(conditions);
}

/** The patients a message goes to (`users as u`), to select from: of its tehsil, with one of its interests, `ofAges`. */
export function matchingPatients(db: Kysely<Database>, message: { tehsil_id: number } & Ages, interestIds: number[]) {
  // from the tehsil's profiles to their accounts: a CROSS JOIN keeps SQLite on that order (a tehsil
  // holds a few thousand patients; starting from every patient account instead took 270 ms at 100,000)
  return db
    .selectFrom('patient_profiles as p')
    .crossJoin('users as u')
    .whereRef('u.id', '=', 'p.id')
    .where('p.tehsil_id', '=', message.tehsil_id)
    .where((eb) => ofAges(eb, message))
    .where((eb) => eb.exists(eb.selectFrom('patient_interests as pi').select('pi.user_id').whereRef('pi.user_id', '=', 'u.id').where('pi.interest_id', 'in', interestIds)));
}

/**
 * The recipients of messages that have none yet (just stored with their interests), all at once: the
 * patients `matchingPatients` would pick for each, found by one statement for all the messages of the
 * same ages (the same rule as a join: the message's tehsil, one of its interests, `ofAges`), each pair
 * stored once, and every message's total_users set to its count. What resolveRecipients comes to for a
 * new message, without its delete of non-matches and its NOT EXISTS (a new message has no recipients):
 * the demo seeder's messages, 2,000 of them over eight million recipients at a million patients, where
 * one statement a message went through its tehsil's patients (or every patient with its interests)
 * each time. Returns the recipients stored.
 */
export async function storeRecipientsOfNewMessages(db: Kysely<Database>, messages: ({ id: number } & Ages)[]): Promise<number> {
  const stamp = now();
  const groups = new Map<string, { ages: Ages; ids: number[] }>();
  for (const m of messages) {
    const key = `${m.from_age}-${m.to_age}`;
    const group = groups.get(key) ?? { ages: { from_age: m.from_age, to_age: m.to_age }, ids: [] };
    group.ids.push(m.id);
    groups.set(key, group);
  }
  let stored = 0;
  for (const { ages, ids } of groups.values()) {
    for (let i = 0; i < ids.length; i += 1000) {
      const batch = ids.slice(i, i + 1000);
      // CROSS JOINs keep SQLite on the order message, tehsil's profiles, accounts, interests (as
      // matchingPatients); PostgreSQL joins the profiles' interests to the messages' by (tehsil, interest)
      const pairs = db
        .selectFrom('user_messages as m')
        .crossJoin('patient_profiles as p')
        .crossJoin('users as u')
        .crossJoin('patient_interests as pi')
        .crossJoin('user_message_interests as mi')
        .where('m.id', 'in', batch)
        .whereRef('p.tehsil_id', '=', 'm.tehsil_id')
        .whereRef('u.id', '=', 'p.id')
        .where((eb) => ofAges(eb, ages))
        .whereRef('pi.user_id', '=', 'u.id')
        .whereRef('mi.message_id', '=', 'm.id')
        .whereRef('mi.interest_id', '=', 'pi.interest_id')
        .select(['m.id as message_id', 'u.id as user_id', sql.lit(stamp).as('created_at')])
        .distinct()
        .orderBy('m.id')
        .orderBy('u.id');
      const inserted = await db.insertInto('user_message_recipients').columns(['message_id', 'user_id', 'created_at']).expression(pairs).executeTakeFirst();
      stored += Number(inserted.numInsertedOrUpdatedRows ?? 0);
      await db
        .updateTable('user_messages')
        .set((eb) => ({ total_users: eb.selectFrom('user_message_recipients as r').select((r) => r.fn.countAll<number>().as('n')).whereRef('r.message_id', '=', 'user_messages.id') }))
        .where('id', 'in', batch)
        .execute();
    }
  }
  return stored;
}

/** Resolves the message's recipients again: adds new matches, removes unopened ones who no longer match; keeps total_users. */
export async function resolveRecipients(db: Kysely<Database>, messageId: number): Promise<number> {
  const message = await db.selectFrom('user_messages').select(['id', 'tehsil_id', 'from_age', 'to_age']).where('id', '=', messageId).executeTakeFirstOrThrow();
  const interestIds = (await db.selectFrom('user_message_interests').select('interest_id').where('message_id', '=', messageId).execute()).map((r) => r.interest_id);
  const matching = matchingPatients(db, message, interestIds);
  const matches = matching.select('u.id');
  await db
    .deleteFrom('user_message_recipients')
    .where('message_id', '=', messageId)
    .where('is_view', '=', 0)
    .where('status', '=', 'Pending')
    .where('user_id', 'not in', matches)
    .execute();
  const stamp = now();
  await db
    .insertInto('user_message_recipients')
    .columns(['message_id', 'user_id', 'created_at'])
    .expression(
      matching
        .select([sql.lit(messageId).as('message_id'), 'u.id as user_id', sql.lit(stamp).as('created_at')])
        .where((eb) => eb.not(eb.exists(eb.selectFrom('user_message_recipients as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id').where('r.message_id', '=', messageId)))),
    )
    .execute();
  const { n } = await db.selectFrom('user_message_recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('message_id', '=', messageId).executeTakeFirstOrThrow();
  await db.updateTable('user_messages').set({ total_users: Number(n) }).where('id', '=', messageId).execute();
  return Number(n);
}

export const userMessages = defineResource<'user_messages'>()({
  name: 'user-messages',
  table: 'user_messages',
  module: 'chw',
  columns: ['type', 'title', 'survey_id', 'knowledge_id', 'text', 'from_age', 'to_age', 'district_id', 'tehsil_id', 'status', 'total_users', 'created_by', 'created_at', 'updated_at'],
  label: 'title',
  createSchema,
  district: { column: 'district_id' },
  searchable: ['title'],
  sortable: ['title', 'type', 'total_users', 'status', 'created_at', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { type: 'string', district_id: 'integer', tehsil_id: 'integer' },
  dateRange: 'created_at',
  status: { kind: 'user' },
  belongsTo: [
    { as: 'district', column: 'district_id', resource: 'districts', table: 'districts', columns: ['title'] },
    { as: 'tehsil', column: 'tehsil_id', resource: 'tehsils', table: 'tehsils', columns: ['title'] },
    { as: 'survey', column: 'survey_id', resource: 'dynamic-forms', table: 'dynamic_forms', columns: ['title'] },
    { as: 'knowledge', column: 'knowledge_id', resource: 'health-literacy-content', table: 'health_literacy_contents', columns: ['title'] },
  ],
  exportColumns: ['id', 'type', 'title', 'text', 'from_age', 'to_age', 'total_users', 'status', 'created_at'],
  // the interests it is sent to, read with the page (on PostgreSQL within its statement)
  linked: { interest_ids: { link: 'user_message_interests', key: 'message_id', linkKey: 'interest_id', table: 'interests', columns: ['title'], orderBy: 'title' } },
  presents: { interest_ids: idTitles() },
  hooks: {
    async prepare({ db }, body, existing) {
      const input = body as Row;
      const errors: Record<string, string[]> = {};
      const values: Row = await placeValues(db, input, existing, errors);
      for (const key of ['type', 'title', 'text', 'from_age', 'to_age'] as const) if (input[key] !== undefined) values[key] = input[key];
      const pick = (key: string) => (input[key] !== undefined ? input[key] : existing?.[key]);
      const type = pick('type');
      // Survey needs an active form, Knowledge an active item, General a text; the others are cleared
      const links = { Survey: ['survey_id', 'dynamic_forms', MESSAGE.survey], Knowledge: ['knowledge_id', 'health_literacy_contents', MESSAGE.knowledge] } as const;
      for (const [kind, [column, table, message]] of Object.entries(links)) {
        if (type !== kind) {
          values[column] = null;
          continue;
        }
        const id = pick(column);
        const row = typeof id === 'number' ? await db.selectFrom(table).select(['id', 'status']).where('id', '=', id).executeTakeFirst() : undefined;
        if (!row || (existing?.[column] !== id && row.status !== USER_STATUS.active)) errors[column] = [message];
        else values[column] = id;
      }
      const text = pick('text');
      if (type === 'General' && (typeof text !== 'string' || !text.trim())) errors.text = [MESSAGE.text];
      if (type !== 'General') values.text = null;
      const [from, to] = [pick('from_age'), pick('to_age')];
      if (typeof from === 'number' && typeof to !== 'number') errors.to_age = [MESSAGE.toAge];
      else if (typeof to === 'number' && typeof from !== 'number') errors.from_age = [MESSAGE.fromAge];
      else if (typeof from === 'number' && typeof to === 'number' && to < from) errors.to_age = [MESSAGE.ageOrder];
      const interests = input.interest_ids as number[] | undefined;
      if (interests) {
        const found = await db.selectFrom('interests').select('id').where('id', 'in', interests).execute();
        if (found.length !== interests.length) errors.interest_ids = [MESSAGE.interest];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return values;
    },
    async afterWrite({ db }, row, input, existing) {
      const id = Number(row.id);
      const interests = input.interest_ids as number[] | undefined;
      if (interests) {
        await db.deleteFrom('user_message_interests').where('message_id', '=', id).execute();
        await db.insertInto('user_message_interests').values(interests.map((interest_id) => ({ message_id: id, interest_id }))).execute();
      }
      const changed = !existing || interests || (['tehsil_id', 'from_age', 'to_age'] as const).some((k) => row[k] !== existing[k]);
      if (changed) await resolveRecipients(db, id);
    },
  },
  routes(app, crud) {
    registerRecipientRoute(app, crud);
  },
  sample: async (n, ref) => {
    const tehsil = await ref('tehsils');
    const interest = await ref('interests');
    return { type: 'General', title: `Vaccination reminder ${n}`, text: 'Bring the card.', interest_ids: [interest.id], from_age: 18, to_age: 60, district_id: tehsil.district_id, tehsil_id: tehsil.id };
  },
  invalidSamples: [
    { type: 'General', title: 'No text', interest_ids: [1], district_id: 1, tehsil_id: 1 },
    { type: 'General', title: 'No interest', text: 'x', interest_ids: [], district_id: 1, tehsil_id: 1 },
    { type: 'General', title: 'Half ages', text: 'x', interest_ids: [1], from_age: 18, district_id: 1, tehsil_id: 1 },
    { type: 'Survey', title: 'No form', interest_ids: [1], district_id: 1, tehsil_id: 1 },
    { type: 'Letter', title: 'Bad type', text: 'x', interest_ids: [1], district_id: 1, tehsil_id: 1 },
  ],
});


/** GET /user-messages/{id}/recipients: the message's recipients (Name, View, Status, Submitted Date), paged. */
function registerRecipientRoute(app: FastifyInstance, crud: CrudHelpers) {
  app.get(
    '/api/admin/user-messages/:id/recipients',
    {
      config: { access: { permission: 'view_chw' } },
      schema: {
        tags: ['user-messages'],
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({
          page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', 'x-message': 'The page must be a number.' })),
          per_page: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', 'x-message': 'The per page must be a number from 1 to 100.' })),
        }),
        response: answers(paginatorOf(Type.Object({
          id: Type.Integer(), encrypted_id: Type.String(), full_name: Type.String(),
          task_status: Type.Object({ is_view: Type.Boolean(), status: oneOfTypes('string', 'null'), submitted_date: oneOfTypes('string', 'null') }),
        })), 'A page of the recipients.'),
      },
    },
    async (request) => {
      const message = await crud.loadOne(crud.decodeId((request.params as { id: string }).id), request);
      const q = request.query as { page?: string; per_page?: string };
      const [page, per_page] = [Number(q.page ?? 1), Number(q.per_page ?? 25)];
      const { db } = app.ctx;
      const rows = await db
        .selectFrom('user_message_recipients as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.id', 'u.f_name', 'u.l_name', 'r.is_view', 'r.status', 'r.submitted_date', 'r.created_at'])
        .where('r.message_id', '=', message.id)
        .orderBy('u.f_name')
        .orderBy('u.id')
        .limit(per_page)
        .offset((page - 1) * per_page)
        .execute();
      const data = rows.map((r) => ({
        id: r.id,
        encrypted_id: app.ctx.ids.encode('app-users', r.id),
        full_name: [r.f_name, r.l_name].filter(Boolean).join(' '),
        task_status: { is_view: Boolean(r.is_view), status: r.status, submitted_date: r.submitted_date },
      }));
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      return ok(paginator({ rows: data, total: Number(message.total_users), page, perPage: per_page, path: listPath(app.ctx, request), query }));
    },
  );
}
