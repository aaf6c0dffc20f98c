import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Generated, Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { requireAdmin } from '../http/auth';
import { ok, MESSAGES } from '../http/envelope';
import { conflict, notFound, ValidationError } from '../http/errors';
import { Fields, MAX_ID } from '../http/fields';
import { answers, rowSchema } from '../http/responses';
import { defineResource, type Row } from '../http/resource';
import { SLOT_STATUSES } from '../../../contract/enums';
import { MIN_CHARGE, MIN_SESSION_MINUTES, minutesOf, onChargeStep, slotTimes, totalFee } from '../../../contract/dutyRoster';
import { audit } from '../services/audit';
import { now } from '../services/tokens';

/**
 * The duty roster of doctors (spec 2, "Working Hours"): a roster is one schedule (from, to, session
 * length, charge a minute) laid over some dates; the server generates its slots, one per session of
 * each date from the start in session steps (a remainder shorter than a session is left out),
 * computes the fee (session × charge), and refuses past dates and hours overlapping the doctor's
 * other slots. Slot statuses: Available and Cancelled are open, Booked and Reserved are not.
 */

declare module '../db/schema' {
  interface Database {
    duty_rosters: {
      id: Generated<number>;
      doctor_id: number;
      label: string;
      s_time: string;
      e_time: string;
      session: number;
      charge: number;
      total_fee: number;
      dates: string;
      first_date: string;
      created_by: number | null;
      created_at: string;
      updated_at: string;
    };
    duty_slots: { id: Generated<number>; roster_id: number; doctor_id: number; date: string; s_time: string; e_time: string; status: Generated<string>; created_at: string; updated_at: string };
  }
}

/** The key of slots' encrypted ids (they are records of their own, though not a resource of the contract). */
export const SLOT_IDS = 'duty-slots';

export { SLOT_STATUSES };
/** Open to booking: Available and Cancelled (spec 2). */
export const OPEN_SLOT_STATUSES = ['Available', 'Cancelled'] as const;
/** What an admin may change a slot's status to from each status; Booked comes and goes with an appointment. */
const SLOT_TRANSITIONS: Record<string, readonly string[]> = {
  Available: ['Reserved', 'Cancelled'],
  Reserved: ['Available', 'Cancelled'],
  Cancelled: ['Available', 'Reserved'],
  Booked: [],
};

export const ROSTER = {
  doctor: 'Please select a doctor.',
  from: 'Please provide a time from.',
  to: 'Please provide a time to.',
  session: 'Please provide a session time minimum 10 minutes.',
  charge: 'Please provide a charge of at least 1 a minute.',
  chargeStep: 'Please provide the charge in steps of 0.1.',
  fee: 'The total fee is the session times the charge per minute.',
  dates: 'Please choose the dates.',
  pastDate: 'A date before today cannot be scheduled.',
  order: 'The time to must be after the time from.',
  tooShort: 'The time range must hold at least one session.',
};

const TIME = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const minutes = minutesOf;

// the console previews the slots with the same function
export { slotTimes };

const isCalendarDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
const today = () => new Date().toISOString().slice(0, 10);

const fields = {
  doctor_id: Fields.reference(ROSTER.doctor),
  label: Type.Optional(Fields.optionalText(100)),
  s_time: Type.String({ pattern: TIME, 'x-message': ROSTER.from }),
  e_time: Type.String({ pattern: TIME, 'x-message': ROSTER.to }),
  session: Type.Integer({ minimum: MIN_SESSION_MINUTES, maximum: 24 * 60, 'x-message': ROSTER.session }),
  charge: Type.Number({ minimum: MIN_CHARGE, maximum: 100_000, 'x-message': ROSTER.charge }),
  // the spec sends the fee it shows (session × charge): taken when it is that, refused otherwise
  total_fee: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000, 'x-message': ROSTER.fee })),
  dates: Type.Optional(Type.Array(Type.String({ format: 'date' }), { minItems: 1, maxItems: 62, 'x-message': ROSTER.dates })),
  // the spec's form of the dates: [{ date, appointments: [{ s_time, e_time }] }]; the slots always follow
  // from s_time, e_time and session, so the appointments sent are checked for shape only
  dutyRoasters: Type.Optional(Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      appointments: Type.Optional(Type.Array(Type.Object({ s_time: Type.Optional(Type.String({ maxLength: 8 })), e_time: Type.Optional(Type.String({ maxLength: 8 })) }), { maxItems: 24 * 6 })),
    }),
    { minItems: 1, maxItems: 62, 'x-message': ROSTER.dates },
  )),
};

/** The dates of a body: `dates`, else the spec's `dutyRoasters[].date` (on a record sent back whole, `dates` wins). */
const datesOf = (input: Row): string[] | undefined =>
  Array.isArray(input.dates) ? (input.dates as string[]) : Array.isArray(input.dutyRoasters) ? (input.dutyRoasters as { date: string }[]).map((d) => d.date) : undefined;

/** The doctor's existing slots that overlap `from`–`to` on any of `dates` (those of roster `except` aside). */
async function overlaps(db: Kysely<Database>, doctorId: number, dates: string[], from: string, to: string, except: number | null) {
  let q = db
    .selectFrom('duty_slots')
    .select(['date', 's_time', 'e_time'])
    .where('doctor_id', '=', doctorId)
    .where('date', 'in', dates)
    .where('s_time', '<', to)
    .where('e_time', '>', from)
    .orderBy('date')
    .orderBy('s_time');
  if (except !== null) q = q.where('roster_id', '!=', except);
  return q.limit(1).execute();
}

/** Writes the slots of a roster (after its row), in the write's transaction. */
async function writeSlots(db: Kysely<Database>, roster: { id: number; doctor_id: number; dates: string[]; s_time: string; e_time: string; session: number }) {
  const stamp = now();
  const times = slotTimes(roster.s_time, roster.e_time, roster.session);
  const rows = roster.dates.flatMap((date) => times.map((t) => ({ roster_id: roster.id, doctor_id: roster.doctor_id, date, ...t, status: 'Available', created_at: stamp, updated_at: stamp })));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('duty_slots').values(rows.slice(i, i + 500)).execute();
}

const parseDates = (value: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
};

type Slot = { id: number; date: string; s_time: string; e_time: string; status: string };
/** The slots of a day as `datedSlots` answers them. */
const DatedSlots = Type.Array(Type.Object({
  date: Type.String({ format: 'date' }),
  appointments: Type.Array(Type.Object({ id: Type.Integer(), encrypted_id: Type.String(), s_time: Type.String(), e_time: Type.String(), status: Type.String() })),
}));
/** Slots in the spec's shape: [{ date, appointments: [{ s_time, e_time, ... }] }], by date. */
function datedSlots(ctx: AppContext, slots: Slot[]) {
  const days = [...new Set(slots.map((s) => s.date))];
  return days.map((date) => ({
    date,
    appointments: slots.filter((s) => s.date === date).map(({ id, s_time, e_time, status }) => ({ id, encrypted_id: ctx.ids.encode(SLOT_IDS, id), s_time, e_time, status })),
  }));
}

export const dutyRosters = defineResource<'duty_rosters'>()({
  name: 'duty-roasters',
  table: 'duty_rosters',
  module: 'doctor',
  columns: ['doctor_id', 'label', 's_time', 'e_time', 'session', 'charge', 'total_fee', 'dates', 'first_date', 'created_by', 'created_at', 'updated_at'],
  label: 'label',
  // its dates, as `dates` or the spec's `dutyRoasters` (the hook refuses neither with the dates' message; x-rules: http/openapi.ts)
  createSchema: Type.Object(fields, { additionalProperties: false, 'x-rules': { anyOf: [{ required: ['dates'] }, { required: ['dutyRoasters'] }] } }),
  // a schedule stays its doctor's: an update may send the doctor back as read (http/knownFields.ts), not another
  updateSchema: Type.Partial(Type.Object((({ doctor_id: _doctor, ...rest }) => rest)(fields)), { additionalProperties: false }),
  searchable: ['label'],
  sortable: ['first_date', 'label', 's_time', 'session', 'created_at', 'id', 'doctor.f_name'],
  defaultSort: { field: 'first_date', order: 'desc' },
  filters: { doctor_id: 'integer' },
  dateRange: 'first_date',
  belongsTo: [{ as: 'doctor', column: 'doctor_id', resource: 'doctors', table: 'users', columns: ['f_name', 'l_name'] }],
  recordOnly: ['dutyRoasters'],
  presents: { dates: Type.Array(Type.String({ format: 'date' })), dutyRoasters: DatedSlots },
  readsOther: Type.Unsafe({ ...DatedSlots, description: 'GET /duty-roasters/{doctor id}: the doctor’s dated slots from today on' }),
  hooks: {
    async prepare({ db }, input, existing) {
      const errors: Record<string, string[]> = {};
      const doctorId = input.doctor_id ?? existing?.doctor_id;
      const doctor = typeof doctorId === 'number' && (await db.selectFrom('users').select('id').where('id', '=', doctorId).where('type', '=', 'doctor').executeTakeFirst());
      if (!doctor) errors.doctor_id = [ROSTER.doctor];
      const from = String(input.s_time ?? existing?.s_time ?? '');
      const to = String(input.e_time ?? existing?.e_time ?? '');
      const session = Number(input.session ?? existing?.session);
      const charge = Number(input.charge ?? existing?.charge);
      const sent = datesOf(input);
      if (!existing && !sent) errors.dates = [ROSTER.dates];
      const dates = [...new Set(sent ?? parseDates(existing?.dates))].sort();
      // the schedule as stored, sent back as read (its slots stay as they are: afterWrite), is no change
      const unchanged = existing !== null && existing !== undefined && from === existing.s_time && to === existing.e_time && session === Number(existing.session) && JSON.stringify(dates) === existing.dates;
      if (dates.some((d) => !isCalendarDay(d))) errors.dates = [ROSTER.dates];
      else if (!unchanged && dates.some((d) => d < today())) errors.dates = [ROSTER.pastDate];
      // the spec's step (0.1), held here and not only by the console's input; a stored charge sent back as it is stays
      if (input.charge !== undefined && input.charge !== existing?.charge && !onChargeStep(charge)) errors.charge = [ROSTER.chargeStep];
      if (input.total_fee !== undefined && Math.abs(Number(input.total_fee) - totalFee(session, charge)) >= 0.005) errors.total_fee = [ROSTER.fee];
      if (from && to && minutes(to) <= minutes(from)) errors.e_time = [ROSTER.order];
      else if (from && to && minutes(to) - minutes(from) < session) errors.session = [ROSTER.tooShort];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      if (!dates.length) throw ValidationError.field('dates', ROSTER.dates);
      if (existing && !unchanged) {
        const taken = await db.selectFrom('duty_slots').select('id').where('roster_id', '=', existing.id).where('status', 'in', ['Booked', 'Reserved']).limit(1).executeTakeFirst();
        if (taken) throw conflict('This schedule has booked or reserved slots: free them before changing it.');
      }
      const clash = await overlaps(db, Number(doctorId), dates, from, to, existing?.id ?? null);
      if (clash[0]) throw ValidationError.field('dates', `The doctor already has hours on ${clash[0].date} from ${clash[0].s_time} to ${clash[0].e_time}.`);
      return {
        ...(input.doctor_id !== undefined ? { doctor_id: input.doctor_id } : {}),
        label: typeof input.label === 'string' && input.label.trim() ? input.label.trim() : (existing?.label ?? `${from}–${to}`),
        s_time: from,
        e_time: to,
        session,
        charge,
        total_fee: totalFee(session, charge),
        dates: JSON.stringify(dates),
        first_date: dates[0]!,
      };
    },
    async afterWrite({ db }, row, _input, existing) {
      // the slots change only when the schedule does (a new label keeps them)
      const same = existing && (['s_time', 'e_time', 'session', 'dates'] as const).every((k) => existing[k] === row[k]);
      if (same) return;
      if (existing) await db.deleteFrom('duty_slots').where('roster_id', '=', row.id).execute();
      await writeSlots(db, { id: row.id, doctor_id: row.doctor_id, dates: parseDates(row.dates), s_time: row.s_time, e_time: row.e_time, session: row.session });
    },
    async beforeDelete({ db }, row) {
      const taken = await db.selectFrom('duty_slots').select('id').where('roster_id', '=', row.id).where('status', 'in', ['Booked', 'Reserved']).limit(1).executeTakeFirst();
      if (taken) throw conflict('This schedule has booked or reserved slots: free them before deleting it.');
    },
    // the spec's `GET /duty-roasters/{doctor id}`: the doctor's dated slots from today on, [{ date, appointments }]
    async readOther(ctx, id) {
      const doctorId = ctx.ids.decode('doctors', id);
      if (doctorId === null) return null;
      const doctor = await ctx.db.selectFrom('users').select('id').where('id', '=', doctorId).where('type', '=', 'doctor').executeTakeFirst();
      if (!doctor) return null;
      const slots = await ctx.db.selectFrom('duty_slots').select(['id', 'date', 's_time', 'e_time', 'status'])
        .where('doctor_id', '=', doctorId).where('date', '>=', today()).orderBy('date').orderBy('s_time').limit(10_000).execute();
      return datedSlots(ctx, slots);
    },
    async enrich(ctx, rows, use) {
      const ids = rows.map((r) => r.id);
      // a roster's slots come with the roster read on its own; lists leave them out (the console's
      // lists show none, and a page of 25 rosters held about 2,100 slots: 5 ms a page)
      const slots = ids.length && use === 'record'
        ? await ctx.db.selectFrom('duty_slots').select(['id', 'roster_id', 'date', 's_time', 'e_time', 'status']).where('roster_id', 'in', ids).orderBy('date').orderBy('s_time').execute()
        : [];
      for (const r of rows) {
        (r as Row).dates = parseDates(r.dates);
        if (use !== 'record') continue;
        r.dutyRoasters = datedSlots(ctx, slots.filter((s) => s.roster_id === r.id));
      }
    },
  },
  routes: registerSlotRoutes,
  sample: async (n, ref) => {
    const doctor = await ref('doctors');
    const day = new Date(Date.now() + (40 + n) * 86_400_000).toISOString().slice(0, 10);
    return { doctor_id: doctor.id, label: `Morning clinic ${n}`, s_time: '09:00', e_time: '10:00', session: 15, charge: 2.5, dates: [day] };
  },
  invalidSamples: [
    { doctor_id: 1, s_time: '09:00', e_time: '10:00', session: 5, charge: 2, dates: ['2099-01-01'] },
    { doctor_id: 1, s_time: '09:00', e_time: '10:00', session: 15, charge: 0.5, dates: ['2099-01-01'] },
    { doctor_id: 1, s_time: '09:00', e_time: '10:00', session: 15, charge: 1.05, dates: ['2099-01-01'] },
    { doctor_id: 1, s_time: '09:00', e_time: '10:00', session: 15, charge: 2, total_fee: 99, dates: ['2099-01-01'] },
    { doctor_id: 1, s_time: '09:00', e_time: '10:00', session: 15, charge: 2, dates: ['2000-01-01'] },
    { doctor_id: 1, s_time: '10:00', e_time: '09:00', session: 15, charge: 2, dates: ['2099-01-01'] },
    { doctor_id: 1, s_time: '09:00', e_time: '09:05', session: 10, charge: 2, dates: ['2099-01-01'] },
    { doctor_id: 1, s_time: '9am', e_time: '10:00', session: 15, charge: 2, dates: ['2099-01-01'] },
  ],
});

const SlotStatusBody = Type.Object(
  { status: Type.Union(SLOT_STATUSES.map((s) => Type.Literal(s)), { 'x-message': `The status must be one of ${SLOT_STATUSES.join(', ')}.` }) },
  { additionalProperties: false },
);

/**
 * GET /duty-roasters/slots?doctor_id=&month=YYYY-MM: a doctor's slots of a month (the Working Hours
 * calendar); PUT /duty-roasters/slots/{id}/status: close, reserve or reopen a slot (Booked comes and
 * goes with an appointment).
 */
function registerSlotRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tags = ['duty-roasters'];
  app.get(
    '/api/admin/duty-roasters/slots',
    {
      config: { access: { permission: 'view_doctor' } },
      schema: {
        tags,
        querystring: Type.Object({ doctor_id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', 'x-message': ROSTER.doctor }), month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', 'x-message': 'Please give the month as YYYY-MM.' }) }),
        response: answers({ type: 'array', items: rowSchema(ctx.columnTypes, 'duty_slots', ['id', 'roster_id', 'date', 's_time', 'e_time', 'status'], { encrypted_id: Type.String(), roster_encrypted_id: Type.String(), open: Type.Boolean() }) }, 'The doctor’s slots of the month.'),
      },
    },
    async (request) => {
      const { month } = request.query as { doctor_id: string; month: string };
      const doctor_id = Number((request.query as { doctor_id: string }).doctor_id);
      // ten digits pass the pattern, but ids are PostgreSQL integers: a larger number names no doctor (and PostgreSQL refuses to compare it)
      if (doctor_id > MAX_ID) throw ValidationError.field('doctor_id', ROSTER.doctor);
      const slots = await ctx.db
        .selectFrom('duty_slots')
        .select(['id', 'roster_id', 'date', 's_time', 'e_time', 'status'])
        .where('doctor_id', '=', doctor_id)
        .where('date', '>=', `${month}-01`)
        .where('date', '<=', `${month}-31`)
        .orderBy('date')
        .orderBy('s_time')
        .execute();
      return ok(slots.map((s) => ({ ...s, encrypted_id: ctx.ids.encode(SLOT_IDS, s.id), roster_encrypted_id: ctx.ids.encode('duty-roasters', s.roster_id), open: (OPEN_SLOT_STATUSES as readonly string[]).includes(s.status) })));
    },
  );
  const slotStatus = async (request: FastifyRequest) => {
    const admin = requireAdmin(request);
    const id = ctx.ids.decode(SLOT_IDS, (request.params as { id: string }).id);
    if (id === null) throw notFound();
    const to = (request.body as { status: string }).status;
    const slot = await ctx.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('duty_slots').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      if (current.status !== to && !(SLOT_TRANSITIONS[current.status] ?? []).includes(to)) {
        throw ValidationError.field('status', `The status cannot change from ${current.status} to ${to}.`);
      }
      // conditional on the status read: a booking in between wins, this change is refused
      const changed = await trx.updateTable('duty_slots').set({ status: to, updated_at: now() }).where('id', '=', id).where('status', '=', current.status).executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw conflict('The slot changed meanwhile; reload and try again.');
      await audit(trx, { actorId: admin.id, action: 'status', resource: 'duty-slots', recordId: id, changes: { status: { from: current.status, to } }, ip: request.ip, requestId: request.id });
      return { ...current, status: to, encrypted_id: ctx.ids.encode(SLOT_IDS, id) };
    });
    return ok(slot, MESSAGES.updated);
  };
  const statusRoute = {
    config: { access: { permission: 'edit_doctor' } },
    schema: { tags, params: Type.Object({ id: Type.String() }), body: SlotStatusBody, response: answers(rowSchema(ctx.columnTypes, 'duty_slots', undefined, { encrypted_id: Type.String() }), 'The slot with its new status.') },
  };
  app.put('/api/admin/duty-roasters/slots/:id/status', statusRoute, slotStatus);
  // the spec's status call of the roster screen: {id} is a stored slot's encrypted id
  app.put('/api/admin/duty-roasters/status/:id', statusRoute, slotStatus);
}
