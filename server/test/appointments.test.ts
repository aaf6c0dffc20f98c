/**
 * Appointments from request to completion, on SQLite and PostgreSQL: the console's booking (with the
 * request it handles), open slots, rescheduling and completion; the field apps' doctors, slots,
 * idempotent bookings, cancellations, requests, ratings and a doctor's day; one winner among 50
 * bookings of one slot from both sides; a reschedule that loses its slot changes nothing; every
 * refusal leaves the database as it was (a full dump before and after); the doctors' ratings kept on
 * write; and the change events each write publishes.
 */
import { Client as PgClient } from 'pg';
import { migration as appointmentFlow } from '../src/db/migrations/0029_appointment_flow';
import { registry } from '../src/resources/registry';
import { adminWith, DIALECTS, fieldTokenFor, startTestApp, type TestApp } from './helpers/app';
import { dumpDatabase, dumpDifferences, type Dump, tablesOf, type TableShape } from './helpers/dump';
import { anyDb, call, client, type Client, dataOf, fieldErrors, type Row, sampler, timeHasCome } from './helpers/http';
import { completedVisit } from './helpers/visits';

jest.setTimeout(540_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** YYYY-MM of the month `ahead` months from this one */
const monthAhead = (ahead: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + ahead);
  return d.toISOString().slice(0, 7);
};
const TAKEN = { slot_id: ['This slot is no longer available.'] };
const NOT_BEGUN = { status: ['An appointment can be completed once its time has begun.'] };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(DIALECTS)('appointments from request to completion (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  let sampleOf: ReturnType<typeof sampler>['sampleOf'];
  /** the parents every patient here shares (country, city, tehsil, interest), so each costs one create */
  let parents: Record<string, Row>;
  let tables: TableShape[];
  let reasons: Row[];
  /** every change event published, as [channel, data] */
  const published: [string, Row][] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref, sampleOf } = sampler(api));
    parents = { countries: await ref('countries'), cities: await ref('cities'), tehsils: await ref('tehsils'), interests: await ref('interests') };
    // field calls count against their account's rate limit (throttle): not part of what a refusal may change
    tables = (await tablesOf(t.db)).filter((table) => table.name !== 'throttle');
    reasons = dataOf(await api.get('/api/admin/cancellation-reasons/choices'));
    const realtime = t.app.ctx.realtime;
    const publish = realtime.publish.bind(realtime);
    jest.spyOn(realtime, 'publish').mockImplementation(async (channel, event, data, opts) => {
      if (event === 'changed') for (const c of [channel].flat()) published.push([c, data as Row]);
      return publish(channel, event, data, opts);
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const patient = () => ref('app-users', parents as never);
  const familyMember = async (of: Row, relation = 'Son') =>
    dataOf(await api.post('/api/admin/family-members', { parent_id: of.id, f_name: `Kin${Math.random().toString(36).slice(2, 6)}`, phone_no: '03001112223', age: 9, dob: day(-9 * 365), marital_status: 'Unmarried', relation }));
  const doctor = async (specializationIds?: number[]) => {
    const body = await sampleOf(registry.byName.get('doctors')!);
    return dataOf(await api.post('/api/admin/doctors', specializationIds ? { ...body, specializationIds } : body)) as Row;
  };
  /** a roster of the doctor on those days, 09:00-10:00 in 15-minute slots; its slots in order */
  const slotsOf = async (of: Row, dates: string[], hours: Row = {}): Promise<Row[]> => {
    const made = dataOf(await api.post('/api/admin/duty-roasters', { doctor_id: of.id, s_time: '09:00', e_time: '10:00', session: 15, charge: 2, dates, ...hours }));
    return (made.dutyRoasters as Row[]).flatMap((d) => (d.appointments as Row[]).map((s) => ({ ...s, date: d.date })));
  };
  const slotRow = (id: number) => anyDb(t).selectFrom('duty_slots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const appointmentRow = (id: number) => anyDb(t).selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const book = (patientId: number, slot: Row, extra: Row = {}) => api.post('/api/admin/appointments', { patient_id: patientId, slot_id: slot.encrypted_id, ...extra });
  const field = (token: string | null, method: Method, url: string, payload?: unknown) =>
    call(t, { method, url, token, ...(payload === undefined ? {} : { payload: payload as never }) });
  const tokenOf = (user: Row) => fieldTokenFor(t, Number(user.id));
  const snapshot = (): Promise<Dump> => dumpDatabase(t.db, tables);
  /** runs the refusals, each expected to answer as told, and holds the whole database to what it was */
  const refusedUnchanged = async (cases: [string, () => Promise<{ statusCode: number; json(): Row }>, number, Row?][]) => {
    const before = await snapshot();
    for (const [label, send, status, errors] of cases) {
      const res = await send();
      expect([label, res.statusCode]).toEqual([label, status]);
      if (errors) expect([label, res.json().error]).toEqual([label, errors]);
    }
    expect(dumpDifferences(before, await snapshot())).toEqual([]);
  };
  const changesOn = (resource: string) => published.filter(([channel]) => channel === `private-changes.${resource}`).map(([, data]) => data);

  describe('the console', () => {
    it("doctors' choices by specialization: active doctors offering it, to whoever books", async () => {
      const [heart, skin] = [dataOf(await api.post('/api/admin/specializations', { title: 'Cardiology' })), dataOf(await api.post('/api/admin/specializations', { title: 'Dermatology' }))];
      const [a, b, c, away] = [await doctor([heart.id]), await doctor([heart.id, skin.id]), await doctor([skin.id]), await doctor([heart.id])];
      dataOf(await api.put(`/api/admin/doctors/status/${away.encrypted_id}`, { status: 2 }));
      const booker = await adminWith(t, ['create_app_user']);
      const choices = dataOf(await call(t, { method: 'GET', url: `/api/admin/doctors/choices?specialization_id=${heart.id}&status=Active`, token: booker.token })) as Row[];
      expect(choices.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
      expect(choices[0]).toEqual({ id: expect.any(Number), f_name: expect.any(String), l_name: expect.any(String), encrypted_id: expect.any(String) });
      expect((dataOf(await api.get(`/api/admin/doctors/choices?specialization_id=${skin.id}`)) as Row[]).map((d) => d.id).sort()).toEqual([b.id, c.id].sort());
      expect(Object.keys(fieldErrors(await api.get('/api/admin/doctors/choices?specialization_id=abc')))).toEqual(['specialization_id']);
    });

    it("a doctor's open slots of a month: Available or Cancelled, not begun, in order; bad input is a 422", async () => {
      const doc = await doctor();
      const month = monthAhead(2);
      const slots = await slotsOf(doc, [`${month}-11`, `${month}-10`]);
      // on the 10th: one reserved, one booked, one cancelled (open again)
      dataOf(await api.put(`/api/admin/duty-roasters/slots/${slots[0]!.encrypted_id}/status`, { status: 'Reserved' }));
      dataOf(await book(Number((await patient()).id), slots[1]!));
      dataOf(await api.put(`/api/admin/duty-roasters/slots/${slots[2]!.encrypted_id}/status`, { status: 'Cancelled' }));
      // and one today that has begun (the server's UTC clock), one later today
      const today = await slotsOf(doc, [day(0)], { s_time: '00:00', e_time: '00:30' });
      const later = await slotsOf(doc, [day(0)], { s_time: '23:40', e_time: '23:59', session: 10 });
      const booker = await adminWith(t, ['edit_app_user']);
      const open = dataOf(await call(t, { method: 'GET', url: `/api/admin/appointments/open-slots?doctor_id=${doc.id}&month=${month}`, token: booker.token })) as Row[];
      expect(open.map((s) => `${s.date} ${s.s_time}`)).toEqual([
        `${month}-10 09:30`, `${month}-10 09:45`, `${month}-11 09:00`, `${month}-11 09:15`, `${month}-11 09:30`, `${month}-11 09:45`,
      ]);
      expect(open[0]).toEqual({ encrypted_id: slots[2]!.encrypted_id, date: `${month}-10`, s_time: '09:30', e_time: '09:45' });
      const now = new Date().toISOString();
      const thisMonth = dataOf(await api.get(`/api/admin/appointments/open-slots?doctor_id=${doc.id}&month=${day(0).slice(0, 7)}`)) as Row[];
      expect(thisMonth.map((s) => s.encrypted_id)).not.toContain(today[0]!.encrypted_id);
      if (now.slice(11, 16) < '23:40') expect(thisMonth.map((s) => s.encrypted_id)).toContain(later[0]!.encrypted_id);
      expect(fieldErrors(await api.get(`/api/admin/appointments/open-slots?doctor_id=abc&month=${month}`))).toEqual({ doctor_id: ['Please select a doctor.'] });
      expect(fieldErrors(await api.get(`/api/admin/appointments/open-slots?doctor_id=${(await patient()).id}&month=${month}`))).toEqual({ doctor_id: ['Please select a doctor.'] });
      expect(fieldErrors(await api.get(`/api/admin/appointments/open-slots?doctor_id=99999999999&month=${month}`))).toEqual({ doctor_id: ['Please select a doctor.'] });
      expect(fieldErrors(await api.get(`/api/admin/appointments/open-slots?doctor_id=${doc.id}&month=2026-13`))).toEqual({ month: ['Please give the month as YYYY-MM.'] });
      expect(Object.keys(fieldErrors(await api.get('/api/admin/appointments/open-slots'))).sort()).toEqual(['doctor_id', 'month']);
      const viewer = await adminWith(t, ['view_app_user']);
      expect((await call(t, { method: 'GET', url: `/api/admin/appointments/open-slots?doctor_id=${doc.id}&month=${month}`, token: viewer.token })).statusCode).toBe(403);
    });

    it("a blocked doctor's slots are neither offered nor booked from the console (as in the apps); unblocked, they are again", async () => {
      const doc = await doctor();
      const month = monthAhead(2);
      const slots = await slotsOf(doc, [`${month}-12`]);
      const someone = await patient();
      dataOf(await api.put(`/api/admin/doctors/status/${doc.encrypted_id}`, { status: 2 }));
      expect(dataOf(await api.get(`/api/admin/appointments/open-slots?doctor_id=${doc.id}&month=${month}`))).toEqual([]);
      const before = await anyDb(t).selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(fieldErrors(await book(Number(someone.id), slots[0]!))).toEqual({ slot_id: ['This doctor is not taking appointments.'] });
      const after = await anyDb(t).selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const slot = await anyDb(t).selectFrom('duty_slots').select('status').where('id', '=', Number(slots[0]!.id)).executeTakeFirstOrThrow();
      expect(slot.status).toBe('Available');
      dataOf(await api.put(`/api/admin/doctors/status/${doc.encrypted_id}`, { status: 1 }));
      expect((dataOf(await api.get(`/api/admin/appointments/open-slots?doctor_id=${doc.id}&month=${month}`)) as Row[]).length).toBe(4);
      expect(dataOf(await book(Number(someone.id), slots[0]!))).toMatchObject({ status: 'Booked' });
    });

    it('a booking made for a request handles it in the same transaction; a handled request, or another patient, is refused and changes nothing', async () => {
      const [asker, other] = [await patient(), await patient()];
      const son = await familyMember(asker);
      const slots = await slotsOf(await doctor(), [day(20)]);
      const request = dataOf(await api.post('/api/admin/appointment-requests', { patient_id: asker.id, detail: 'My son has a fever', is_emergency: true }));
      expect(request).toMatchObject({ appointment_id: null, appointment_encrypted_id: null, handled_at: null, is_emergency: true });
      const foreign = dataOf(await api.post('/api/admin/appointment-requests', { patient_id: other.id, detail: 'Back pain' }));
      dataOf(await api.put(`/api/admin/duty-roasters/slots/${slots[3]!.encrypted_id}/status`, { status: 'Reserved' }));
      await refusedUnchanged([
        ['a reserved slot', () => book(Number(asker.id), slots[3]!, { request_id: request.id }), 422, TAKEN],
        ['another patient than the request’s', () => book(Number(other.id), slots[0]!, { request_id: request.id }), 422, { patient_id: ['Please choose the patient of the request or one of their family members.'] }],
        ['a family member of another patient', () => book(Number(son.id), slots[0]!, { request_id: foreign.id }), 422, { patient_id: ['Please choose the patient of the request or one of their family members.'] }],
        ['an unknown request', () => book(Number(asker.id), slots[0]!, { request_id: 999_999 }), 422, { request_id: ['Please choose an appointment request.'] }],
        ['a request id that is no number', () => book(Number(asker.id), slots[0]!, { request_id: 'first' }), 422, { request_id: ['Please choose an appointment request.'] }],
      ]);
      const since = published.length;
      const booked = dataOf(await book(Number(son.id), slots[0]!, { request_id: request.id }));
      const handled = dataOf(await api.get(`/api/admin/appointment-requests/${request.encrypted_id}`));
      expect(handled).toMatchObject({ id: request.id, appointment_id: booked.id, appointment_encrypted_id: booked.encrypted_id, handled_at: expect.any(String), detail: 'My son has a fever', patient: { full_name: asker.full_name } });
      const audit = await anyDb(t).selectFrom('audit_log').select(['resource', 'action', 'record_id']).orderBy('id', 'desc').limit(2).execute();
      expect(audit).toEqual(expect.arrayContaining([{ resource: 'appointments', action: 'create', record_id: booked.id }, { resource: 'appointment-requests', action: 'handled', record_id: request.id }]));
      expect(published.slice(since).map(([c, d]) => [c, d.action])).toEqual(expect.arrayContaining([['private-changes.appointments', 'create'], ['private-changes.appointment-requests', 'update']]));
      await refusedUnchanged([
        ['a request already handled', () => book(Number(asker.id), slots[1]!, { request_id: request.id }), 422, { request_id: ['This request has already been handled.'] }],
      ]);
      // the request's own patient books too (for the other request)
      dataOf(await book(Number(other.id), slots[1]!, { request_id: foreign.id }));
    });

    it('requests are listed emergencies first, then the newest, with the booking that handled each', async () => {
      const asker = await patient();
      const made: Row[] = [];
      for (const [detail, is_emergency] of [['Old routine', false], ['Old emergency', true], ['New routine', false], ['New emergency', true]] as const) {
        made.push(dataOf(await api.post('/api/admin/appointment-requests', { patient_id: asker.id, detail, is_emergency })));
      }
      const slot = (await slotsOf(await doctor(), [day(21)]))[0]!;
      const booked = dataOf(await book(Number(asker.id), slot, { request_id: made[0]!.id }));
      const list = (dataOf(await api.get(`/api/admin/appointment-requests?patient_id=${asker.id}`)) as { data: Row[] }).data;
      expect(list.map((r) => r.detail)).toEqual(['New emergency', 'Old emergency', 'New routine', 'Old routine']);
      expect(list[3]).toMatchObject({ id: made[0]!.id, appointment_id: booked.id, appointment_encrypted_id: booked.encrypted_id, is_emergency: false, dated_at: expect.any(String), patient: { full_name: asker.full_name } });
      expect(list[0]).toMatchObject({ appointment_id: null, appointment_encrypted_id: null, handled_at: null });
    });

    it('reschedules a Booked appointment to an open slot of another doctor: one transaction, one audit row, the old slot Available again', async () => {
      const [first, second] = [await doctor(), await doctor()];
      const [mine, theirs] = [await slotsOf(first, [day(22)]), await slotsOf(second, [day(23)])];
      const someone = await patient();
      const booked = dataOf(await book(Number(someone.id), mine[0]!, { detail: 'Cough' }));
      const editor = await adminWith(t, ['edit_app_user']);
      const since = published.length;
      const moved = dataOf(await call(t, { method: 'PUT', url: `/api/admin/appointments/reschedule/${booked.encrypted_id}`, token: editor.token, payload: { slot_id: theirs[2]!.encrypted_id } }));
      expect(moved).toMatchObject({ id: booked.id, doctor_id: second.id, slot_id: theirs[2]!.encrypted_id, date: day(23), s_time: '09:30', e_time: '09:45', status: 'Booked', detail: 'Cough', doctor: { full_name: second.full_name } });
      expect((await slotRow(mine[0]!.id)).status).toBe('Available');
      expect((await slotRow(theirs[2]!.id)).status).toBe('Booked');
      const audit = await anyDb(t).selectFrom('audit_log').selectAll().where('resource', '=', 'appointments').where('record_id', '=', booked.id).where('action', '=', 'reschedule').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.changes)).toMatchObject({ doctor_id: { from: first.id, to: second.id }, date: { from: day(22), to: day(23) } });
      expect(published.slice(since)).toContainEqual(['private-changes.appointments', expect.objectContaining({ action: 'update', id: booked.encrypted_id })]);
      // the old slot books again
      dataOf(await book(Number((await patient()).id), mine[0]!));
      // the permission
      const viewer = await adminWith(t, ['view_app_user', 'create_app_user']);
      expect((await call(t, { method: 'PUT', url: `/api/admin/appointments/reschedule/${booked.encrypted_id}`, token: viewer.token, payload: { slot_id: theirs[3]!.encrypted_id } })).statusCode).toBe(403);
    });

    it('a reschedule is refused for a taken, closed, begun, current or unknown slot, and for an appointment that is not Booked; nothing changes', async () => {
      const doc = await doctor();
      const slots = await slotsOf(doc, [day(24)]);
      const [past] = await slotsOf(doc, [day(25)]);
      await anyDb(t).updateTable('duty_slots').set({ date: day(-1) }).where('id', '=', past!.id).execute();
      const [someone, other] = [await patient(), await patient()];
      const booked = dataOf(await book(Number(someone.id), slots[0]!));
      dataOf(await book(Number(other.id), slots[1]!));
      dataOf(await api.put(`/api/admin/duty-roasters/slots/${slots[2]!.encrypted_id}/status`, { status: 'Reserved' }));
      const done = dataOf(await book(Number(other.id), slots[3]!));
      await timeHasCome(t, done);
      dataOf(await api.put(`/api/admin/appointments/status/${done.encrypted_id}`, { status: 'Completed' }));
      const reschedule = (id: string, slot_id: unknown) => () => api.put(`/api/admin/appointments/reschedule/${id}`, { slot_id });
      await refusedUnchanged([
        ['a booked slot', reschedule(booked.encrypted_id, slots[1]!.encrypted_id), 422, TAKEN],
        ['a reserved slot', reschedule(booked.encrypted_id, slots[2]!.encrypted_id), 422, TAKEN],
        ['a slot in the past', reschedule(booked.encrypted_id, past!.encrypted_id), 422, { slot_id: ['This slot is in the past.'] }],
        ['its own slot', reschedule(booked.encrypted_id, slots[0]!.encrypted_id), 422, { slot_id: ['The appointment is already in this slot.'] }],
        ['an unknown slot', reschedule(booked.encrypted_id, 'not-a-slot'), 422, { slot_id: ['Please select a time slot.'] }],
        ['a slot id beyond any id', reschedule(booked.encrypted_id, '99999999999999999999'), 422, { slot_id: ['Please select a time slot.'] }],
        ['no slot', reschedule(booked.encrypted_id, null), 422, { slot_id: ['Please select a time slot.'] }],
        ['a completed appointment', reschedule(done.encrypted_id, slots[2]!.encrypted_id), 422, { status: ['Only a booked appointment can change; this one is Completed.'] }],
        ['an unknown appointment', reschedule('not-an-appointment', slots[2]!.encrypted_id), 404],
        ['a slot id under another key', reschedule(booked.encrypted_id, t.app.ctx.ids.encode('appointments', slots[2]!.id)), 422, { slot_id: ['Please select a time slot.'] }],
      ]);
    });

    it('a reschedule that loses its new slot to a booking leaves the appointment and both slots exactly as they were', async () => {
      const doc = await doctor();
      const slots = await slotsOf(doc, [day(26)]);
      const someone = await patient();
      const booked = dataOf(await book(Number(someone.id), slots[0]!));
      const state = async () => ({ appointment: await appointmentRow(booked.id), from: await slotRow(slots[0]!.id), to: await slotRow(slots[1]!.id) });
      // at once: the booking and the reschedule race for slot 1; whichever wins, the other changed nothing
      const before = await state();
      const [moved, taken] = await Promise.all([
        api.put(`/api/admin/appointments/reschedule/${booked.encrypted_id}`, { slot_id: slots[1]!.encrypted_id }),
        book(Number((await patient()).id), slots[1]!),
      ]);
      expect([moved.statusCode, taken.statusCode].sort()).toEqual([200, 422]);
      if (moved.statusCode === 422) {
        expect(moved.json().error).toEqual(TAKEN);
        const after = await state();
        expect(after.appointment).toEqual(before.appointment);
        expect(after.from).toEqual(before.from);
        expect(after.to.status).toBe('Booked');
      } else {
        expect(taken.json().error).toEqual(TAKEN);
      }
      // the claim is the only test of openness, so a booking that took the slot after everything else
      // the reschedule read is refused there too: here, with the slot taken first
      const [, , third, fourth] = slots;
      dataOf(await book(Number((await patient()).id), third!));
      const still = await appointmentRow(booked.id);
      const slotsBefore = [await slotRow(still.slot_id), await slotRow(third!.id)];
      await refusedUnchanged([['a slot booked in between', () => api.put(`/api/admin/appointments/reschedule/${booked.encrypted_id}`, { slot_id: third!.encrypted_id }), 422, TAKEN]]);
      expect(await appointmentRow(booked.id)).toEqual(still);
      expect([await slotRow(still.slot_id), await slotRow(third!.id)]).toEqual(slotsBefore);
      if (dialect !== 'postgres') return;
      // PostgreSQL: a booking holds slot 4 (claimed, not committed) while the reschedule reads; the
      // reschedule waits at its claim, and when the booking commits it finds the slot taken
      const other = new PgClient({ connectionString: t.config.databaseUrl! });
      await other.connect();
      try {
        const before4 = { appointment: await appointmentRow(booked.id), from: await slotRow(still.slot_id) };
        await other.query('BEGIN');
        await other.query("UPDATE duty_slots SET status = 'Booked' WHERE id = $1 AND status IN ('Available', 'Cancelled')", [fourth!.id]);
        const pending = api.put(`/api/admin/appointments/reschedule/${booked.encrypted_id}`, { slot_id: fourth!.encrypted_id });
        // until the reschedule waits on the held row (its claim: nothing else here takes that lock)
        let waited = false;
        for (let i = 0; i < 200 && !waited; i++) {
          const waiting = await other.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
          waited = waiting.rows[0].n > 0;
          if (!waited) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(waited).toBe(true);
        await other.query('COMMIT');
        const res = await pending;
        expect([res.statusCode, res.json().error]).toEqual([422, TAKEN]);
        expect({ appointment: await appointmentRow(booked.id), from: await slotRow(still.slot_id) }).toEqual(before4);
      } finally {
        await other.end();
      }
    });

    it('completes a Booked appointment; a Completed or Cancelled one never changes again', async () => {
      const slots = await slotsOf(await doctor(), [day(27)]);
      const [one, two] = [dataOf(await book(Number((await patient()).id), slots[0]!)), dataOf(await book(Number((await patient()).id), slots[1]!))];
      const status = (a: Row, body: Row) => () => api.put(`/api/admin/appointments/status/${a.encrypted_id}`, body);
      // not before its time: a visit of day 27 has not happened yet
      await refusedUnchanged([['Completed before its time', status(one, { status: 'Completed' }), 422, NOT_BEGUN]]);
      await timeHasCome(t, one);
      const since = published.length;
      expect(dataOf(await status(one, { status: 'Completed' })())).toMatchObject({ status: 'Completed' });
      dataOf(await status(two, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id })());
      expect(changesOn('appointments').slice(-2).map((d) => d.action)).toEqual(['status', 'status']);
      expect(published.length).toBeGreaterThan(since);
      await refusedUnchanged([
        ['Completed to Cancelled', status(one, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id }), 422, { status: ['The status cannot change from Completed to Cancelled.'] }],
        ['Completed again', status(one, { status: 'Completed' }), 422, { status: ['The status cannot change from Completed to Completed.'] }],
        ['Cancelled to Completed', status(two, { status: 'Completed' }), 422, { status: ['The status cannot change from Cancelled to Completed.'] }],
        ['Cancelled again with another reason', status(two, { status: 'Cancelled', cancel_reason_id: reasons[1]!.id }), 422, { status: ['The status cannot change from Cancelled to Cancelled.'] }],
        ['Cancelled to Booked', status(two, { status: 'Booked' }), 422, { status: ['The status cannot change from Cancelled to Booked.'] }],
      ]);
    });
  });

  it('the OpenAPI document describes the new routes', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/admin/appointments/open-slots', '/api/admin/appointments/reschedule/{id}', '/api/field/appointments', '/api/field/doctors/{id}/slots', '/api/field/doctor/appointments/{id}/complete']) {
      expect([path, Object.keys(doc.paths[path] ?? {}).length > 0]).toEqual([path, true]);
    }
    expect(doc.paths['/api/admin/appointments'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('request_id');
  });

  describe('one slot, 50 bookings at once', () => {
    it('console and app bookings mixed: exactly one wins, 49 are told the slot is taken, one appointment row, the slot Booked', async () => {
      const [slot] = await slotsOf(await doctor(), [day(28)]);
      const people = await Promise.all(Array.from({ length: 50 }, () => patient()));
      const tokens = await Promise.all(people.slice(25).map(tokenOf));
      const answers = await Promise.all(
        people.map((p, i) =>
          i < 25
            ? book(Number(p.id), slot!)
            : field(tokens[i - 25]!, 'POST', '/api/field/appointments', { slot_id: slot!.encrypted_id, client_key: `race-${i}` }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(refused).toHaveLength(49);
      for (const a of refused) expect([a.statusCode, a.json().error]).toEqual([422, TAKEN]);
      const rows = await anyDb(t).selectFrom('appointments').selectAll().where('slot_id', '=', slot!.id).execute();
      expect(rows).toHaveLength(1);
      expect((await slotRow(slot!.id)).status).toBe('Booked');
      const creates = await anyDb(t).selectFrom('audit_log').select('id').where('resource', '=', 'appointments').where('action', 'in', ['create', 'field_create']).where('record_id', '=', rows[0]!.id).execute();
      expect(creates).toHaveLength(1);
    });
  });

  describe('the patient app', () => {
    let me: Row;
    let token: string;
    let son: Row;
    let stranger: Row;
    let strangersDaughter: Row;
    let doc: Row;
    let slots: Row[];
    beforeAll(async () => {
      me = await patient();
      token = await tokenOf(me);
      son = await familyMember(me);
      stranger = await patient();
      strangersDaughter = await familyMember(stranger, 'Daughter');
      const cardiology = dataOf(await api.post('/api/admin/specializations', { title: 'Cardiology (app)' }));
      doc = await doctor([cardiology.id]);
      slots = await slotsOf(doc, [day(30), day(31)]);
    });
    const post = (url: string, body: unknown, as: string | null = token) => field(as, 'POST', url, body);

    it('field routes answer 401 without a field token (an admin’s included) and 403 to another kind of account', async () => {
      const chw = await ref('chw');
      const chwToken = await tokenOf(chw);
      const doctorToken = await tokenOf(doc);
      for (const [method, url] of [['GET', '/api/field/doctors'], ['POST', '/api/field/appointments'], ['PUT', '/api/field/appointments/1/cancel'], ['GET', '/api/field/doctor/appointments?date=2030-01-01']] as [Method, string][]) {
        const body = method === 'GET' ? undefined : {};
        expect([url, (await field(null, method, url, body)).statusCode]).toEqual([url, 401]);
        expect([url, (await field(t.rootToken, method, url, body)).statusCode]).toEqual([url, 401]);
        expect([url, (await field(chwToken, method, url, body)).statusCode]).toEqual([url, 403]);
      }
      expect((await field(doctorToken, 'GET', '/api/field/doctors')).statusCode).toBe(403);
      expect((await field(token, 'GET', '/api/field/doctor/appointments?date=2030-01-01')).statusCode).toBe(403);
    });

    it('finds doctors by specialization with their rating, and a doctor’s open slots of a day or a month', async () => {
      const specs = dataOf(await field(token, 'GET', '/api/field/specializations')) as Row[];
      const cardiology = specs.find((s) => s.title === 'Cardiology (app)')!;
      const listed = dataOf(await field(token, 'GET', `/api/field/doctors?specialization_id=${cardiology.id}`)) as Row[];
      expect(listed).toEqual([{
        id: doc.id, f_name: doc.f_name, l_name: doc.l_name, full_name: doc.full_name, photo: { path: expect.stringMatching(/^http:\/\/console\.test\/storage\//) },
        short_bio: doc.short_bio, qualification: doc.qualification.title, specializations: [{ id: cardiology.id, title: 'Cardiology (app)' }], rating: 0, ratings_count: 0,
      }]);
      const away = await doctor([cardiology.id]);
      dataOf(await api.put(`/api/admin/doctors/status/${away.encrypted_id}`, { status: 2 }));
      expect((dataOf(await field(token, 'GET', `/api/field/doctors?specialization_id=${cardiology.id}`)) as Row[]).map((d) => d.id)).toEqual([doc.id]);
      const ofDay = dataOf(await field(token, 'GET', `/api/field/doctors/${doc.id}/slots?date=${day(30)}`)) as Row[];
      expect(ofDay.map((s) => s.s_time)).toEqual(['09:00', '09:15', '09:30', '09:45']);
      expect(ofDay[0]).toEqual({ id: slots[0]!.id, encrypted_id: slots[0]!.encrypted_id, date: day(30), s_time: '09:00', e_time: '09:15', fee: 30 });
      const ofMonth = dataOf(await field(token, 'GET', `/api/field/doctors/${doc.id}/slots?month=${day(31).slice(0, 7)}`)) as Row[];
      expect(ofMonth.filter((s) => s.date === day(31))).toHaveLength(4);
      expect(fieldErrors(await field(token, 'GET', `/api/field/doctors/${doc.id}/slots`))).toEqual({ date: ['Please give a day (YYYY-MM-DD) or a month (YYYY-MM).'] });
      expect(fieldErrors(await field(token, 'GET', `/api/field/doctors/${doc.id}/slots?date=2030-02-30`))).toEqual({ date: ['Please give the day as YYYY-MM-DD.'] });
      expect(fieldErrors(await field(token, 'GET', `/api/field/doctors/${doc.id}/slots?month=2030-13`))).toEqual({ month: ['Please give the month as YYYY-MM.'] });
      expect((await field(token, 'GET', `/api/field/doctors/${away.id}/slots?date=${day(30)}`)).statusCode).toBe(404);
      expect((await field(token, 'GET', `/api/field/doctors/${me.id}/slots?date=${day(30)}`)).statusCode).toBe(404);
      expect((await field(token, 'GET', '/api/field/doctors/99999999999/slots?date=2030-01-01')).statusCode).toBe(422);
    });

    it('books for oneself and for one’s family member; refuses other people, begun, closed, taken and blocked doctors’ slots, changing nothing', async () => {
      const since = published.length;
      const mine = dataOf(await post('/api/field/appointments', { slot_id: slots[0]!.encrypted_id, detail: 'Chest pain', client_key: 'self-1' }));
      expect(mine).toMatchObject({
        date: day(30), s_time: '09:00', e_time: '09:15', status: 'Booked', detail: 'Chest pain', booking_for: 'Self', is_new: true, rating: null, can_rate: false,
        patient: { id: me.id, full_name: me.full_name }, doctor: { id: doc.id, full_name: doc.full_name, specializations: [{ id: expect.any(Number), title: 'Cardiology (app)' }] },
      });
      const forSon = dataOf(await post('/api/field/appointments', { slot_id: slots[1]!.encrypted_id, patient_id: son.id, client_key: 'son-1' }));
      expect(forSon).toMatchObject({ booking_for: 'Son', patient: { id: son.id } });
      expect(changesOn('appointments').slice(-2)).toEqual([
        { action: 'create', id: t.app.ctx.ids.encode('appointments', mine.id), by: null },
        { action: 'create', id: t.app.ctx.ids.encode('appointments', forSon.id), by: null },
      ]);
      expect(published.length).toBeGreaterThan(since);
      const audit = await anyDb(t).selectFrom('audit_log').select(['action', 'changes']).where('resource', '=', 'appointments').where('record_id', '=', forSon.id).execute();
      expect(audit.map((a: Row) => a.action)).toEqual(['field_create']);
      expect(JSON.parse(audit[0]!.changes)).toMatchObject({ patient_id: son.id, user_id: me.id, client_key: 'son-1' });
      const [past] = await slotsOf(doc, [day(32)]);
      await anyDb(t).updateTable('duty_slots').set({ date: day(-2) }).where('id', '=', past!.id).execute();
      dataOf(await api.put(`/api/admin/duty-roasters/slots/${slots[2]!.encrypted_id}/status`, { status: 'Reserved' }));
      const away = await doctor();
      const [awaySlot] = await slotsOf(away, [day(30)]);
      dataOf(await api.put(`/api/admin/doctors/status/${away.encrypted_id}`, { status: 2 }));
      const attempt = (body: Row) => () => post('/api/field/appointments', { client_key: `k-${Math.random()}`, ...body });
      await refusedUnchanged([
        ['another patient', attempt({ slot_id: slots[3]!.encrypted_id, patient_id: stranger.id }), 422, { patient_id: ['Please choose yourself or one of your family members.'] }],
        ['another patient’s family member', attempt({ slot_id: slots[3]!.encrypted_id, patient_id: strangersDaughter.id }), 422, { patient_id: ['Please choose yourself or one of your family members.'] }],
        ['a doctor', attempt({ slot_id: slots[3]!.encrypted_id, patient_id: doc.id }), 422, { patient_id: ['Please choose yourself or one of your family members.'] }],
        ['a slot in the past', attempt({ slot_id: past!.encrypted_id }), 422, { slot_id: ['This slot is in the past.'] }],
        ['a reserved slot', attempt({ slot_id: slots[2]!.encrypted_id }), 422, TAKEN],
        ['a booked slot', attempt({ slot_id: slots[0]!.encrypted_id }), 422, TAKEN],
        ['a blocked doctor’s slot', attempt({ slot_id: awaySlot!.encrypted_id }), 422, { slot_id: ['This doctor is not taking appointments.'] }],
        ['an unknown slot', attempt({ slot_id: 'nothing' }), 422, { slot_id: ['Please select a time slot.'] }],
        ['no client key', () => post('/api/field/appointments', { slot_id: slots[3]!.encrypted_id }), 422, { client_key: ['Please provide the booking’s client key (at most 100 characters).'] }],
        ['a blank client key', () => post('/api/field/appointments', { slot_id: slots[3]!.encrypted_id, client_key: '   ' }), 422],
        ['an admin’s token', () => post('/api/field/appointments', { slot_id: slots[3]!.encrypted_id, client_key: 'admin' }, t.rootToken), 401],
      ]);
      // the list: one's own and one's family's, never another's
      dataOf(await book(Number(strangersDaughter.id), slots[3]!));
      const listed = dataOf(await field(token, 'GET', '/api/field/appointments')) as Row[];
      expect(listed.map((a) => a.id).sort()).toEqual([mine.id, forSon.id].sort());
      expect((dataOf(await field(token, 'GET', '/api/field/appointments?status=Cancelled')) as Row[])).toEqual([]);
    });

    it('the same client key again answers the first booking (also when both arrive at once); for another slot it is a 409', async () => {
      const body = { slot_id: slots[4]!.encrypted_id, client_key: 'retry-me' };
      const first = await post('/api/field/appointments', body);
      const again = await post('/api/field/appointments', body);
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.json().data).toEqual(first.json().data);
      expect(again.json().message).toBe('This booking was already recorded.');
      expect(await anyDb(t).selectFrom('appointments').select('id').where('slot_id', '=', slots[4]!.id).execute()).toHaveLength(1);
      await refusedUnchanged([
        ['the key for another slot', () => post('/api/field/appointments', { ...body, slot_id: slots[5]!.encrypted_id }), 409, { client_key: ['The client key "retry-me" was used for another booking.'] }],
        ['the key for another patient', () => post('/api/field/appointments', { ...body, patient_id: son.id }), 409],
      ]);
      // at once: one booking, both answered with it
      const twins = await Promise.all([0, 1].map(() => post('/api/field/appointments', { slot_id: slots[5]!.encrypted_id, client_key: 'twins' })));
      expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(twins[0]!.json().data).toEqual(twins[1]!.json().data);
      expect(await anyDb(t).selectFrom('appointments').select('id').where('slot_id', '=', slots[5]!.id).execute()).toHaveLength(1);
      // rescheduled in the console meanwhile, the booking still answers its retry (the key keeps what it first booked)
      const [elsewhere] = await slotsOf(doc, [day(43)]);
      dataOf(await api.put(`/api/admin/appointments/reschedule/${t.app.ctx.ids.encode('appointments', first.json().data.id)}`, { slot_id: elsewhere!.encrypted_id }));
      const retried = await post('/api/field/appointments', body);
      expect([retried.statusCode, retried.json().data.id, retried.json().data.date]).toEqual([200, first.json().data.id, day(43)]);
      // another account's same key is its own
      const otherToken = await tokenOf(stranger);
      expect((await post('/api/field/appointments', { slot_id: slots[6]!.encrypted_id, client_key: 'retry-me' }, otherToken)).statusCode).toBe(200);
    });

    it('cancels one’s own or a family member’s Booked appointment with a reason; the slot opens again; another’s is a 404', async () => {
      const forSon = dataOf(await post('/api/field/appointments', { slot_id: slots[7]!.encrypted_id, patient_id: son.id, client_key: 'cancel-me' }));
      const theirs = dataOf(await book(Number(stranger.id), (await slotsOf(doc, [day(33)]))[0]!));
      const cancel = (id: number, body: unknown, as = token) => () => field(as, 'PUT', `/api/field/appointments/${id}/cancel`, body);
      await refusedUnchanged([
        ['someone else’s appointment', cancel(theirs.id, { cancel_reason_id: reasons[0]!.id }), 404],
        ['an unknown appointment', cancel(999_999, { cancel_reason_id: reasons[0]!.id }), 404],
        ['an unknown reason', cancel(forSon.id, { cancel_reason_id: 999_999 }), 422, { cancel_reason_id: ['Please choose one reason.'] }],
        ['no reason', cancel(forSon.id, {}), 422, { cancel_reason_id: ['Please choose one reason.'] }],
      ]);
      const cancelled = dataOf(await cancel(forSon.id, { cancel_reason_id: reasons[1]!.id })());
      expect(cancelled).toMatchObject({ id: forSon.id, status: 'Cancelled', cancel_reason: reasons[1]!.name });
      expect((await slotRow(slots[7]!.id)).status).toBe('Cancelled');
      expect(changesOn('appointments').at(-1)).toEqual({ action: 'status', id: t.app.ctx.ids.encode('appointments', forSon.id), by: null });
      expect((await anyDb(t).selectFrom('audit_log').select('action').where('resource', '=', 'appointments').where('record_id', '=', forSon.id).orderBy('id').execute()).map((a: Row) => a.action)).toEqual(['field_create', 'field_status']);
      await refusedUnchanged([['a cancelled appointment', cancel(forSon.id, { cancel_reason_id: reasons[0]!.id }), 422, { status: ['Only a booked appointment can change; this one is Cancelled.'] }]]);
      // the open slot books again, from the console
      dataOf(await book(Number(stranger.id), slots[7]!));
    });

    it('asks for an appointment: stored for the patient, the admins who may read it are notified, the requests list hears of it', async () => {
      const reader = await adminWith(t, ['view_app_user']);
      const outsider = await adminWith(t, ['view_doctor']);
      const doctorToken = await tokenOf(doc);
      const since = published.length;
      const asked = dataOf(await post('/api/field/appointment-requests', { detail: '  Breathless at night  ', is_emergency: true }));
      expect(asked).toEqual({ id: expect.any(Number), detail: 'Breathless at night', is_emergency: true, dated_at: day(0), appointment_id: null, handled_at: null, created_at: expect.any(String) });
      const stored = dataOf(await api.get(`/api/admin/appointment-requests/${t.app.ctx.ids.encode('appointment-requests', asked.id)}`));
      expect(stored).toMatchObject({ patient_id: me.id, is_emergency: true, patient: { full_name: me.full_name } });
      const notified = async (email: string) => {
        const admin = await anyDb(t).selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
        return anyDb(t).selectFrom('admin_notifications').select(['type', 'title', 'data']).where('admin_id', '=', admin.id).where('type', '=', 'appointment_request').execute();
      };
      expect(await notified(reader.email)).toEqual([{ type: 'appointment_request', title: `Emergency appointment request from ${me.full_name}`, data: JSON.stringify({ resource: 'appointment-requests', encrypted_id: stored.encrypted_id }) }]);
      expect(await notified(outsider.email)).toEqual([]);
      expect(published.slice(since)).toContainEqual(['private-changes.appointment-requests', { action: 'create', id: stored.encrypted_id, by: null }]);
      expect((await anyDb(t).selectFrom('audit_log').select('action').where('resource', '=', 'appointment-requests').where('record_id', '=', asked.id).execute()).map((a: Row) => a.action)).toEqual(['field_create']);
      await refusedUnchanged([
        ['no detail', () => post('/api/field/appointment-requests', { detail: '  ' }), 422, { detail: ['Please describe the request.'] }],
        ['a doctor’s token', () => post('/api/field/appointment-requests', { detail: 'x' }, doctorToken), 403],
      ]);
      // handled by a booking in the console, the app sees it
      const [later] = await slotsOf(doc, [day(38)]);
      const booked = dataOf(await book(Number(son.id), later!, { request_id: asked.id }));
      expect((dataOf(await field(token, 'GET', '/api/field/appointment-requests')) as Row[])[0]).toMatchObject({ id: asked.id, appointment_id: booked.id, handled_at: expect.any(String) });
    });

    it('rates the doctor of a completed appointment once; the doctor’s rating moves; nothing else can be rated', async () => {
      const rater = await patient();
      const raterToken = await tokenOf(rater);
      const medic = await doctor();
      const mySlots = await slotsOf(medic, [day(34)]);
      const done = dataOf(await book(Number(rater.id), mySlots[0]!));
      const pending = dataOf(await book(Number(rater.id), mySlots[1]!));
      const theirs = dataOf(await book(Number(stranger.id), mySlots[2]!));
      await timeHasCome(t, done, theirs, pending);
      for (const a of [done, theirs]) dataOf(await api.put(`/api/admin/appointments/status/${a.encrypted_id}`, { status: 'Completed' }));
      const rate = (id: number, body: unknown) => () => field(raterToken, 'POST', `/api/field/appointments/${id}/rating`, body);
      await refusedUnchanged([
        ['a booked appointment', rate(pending.id, { rating: 5 }), 422, { appointment_id: ['Only a completed appointment can be rated.'] }],
        ['someone else’s appointment', rate(theirs.id, { rating: 5 }), 404],
        ['an unknown appointment', rate(999_999, { rating: 5 }), 404],
        ['a rating of 6', rate(done.id, { rating: 6 }), 422, { rating: ['Please give a rating from 1 to 5.'] }],
        ['a rating of 0', rate(done.id, { rating: 0 }), 422, { rating: ['Please give a rating from 1 to 5.'] }],
        ['a rating of 4.5', rate(done.id, { rating: 4.5 }), 422, { rating: ['Please give a rating from 1 to 5.'] }],
        ['no rating', rate(done.id, { comment: 'Kind' }), 422, { rating: ['Please give a rating from 1 to 5.'] }],
      ]);
      const since = published.length;
      const rated = dataOf(await rate(done.id, { rating: 4, comment: 'Listened well' })());
      expect(rated).toMatchObject({ appointment_id: done.id, doctor_id: medic.id, rating: 4, msg: 'Listened well', status: 'New', doctor: { id: medic.id, full_name: medic.full_name } });
      expect(published.slice(since).map(([c]) => c)).toEqual(expect.arrayContaining(['private-changes.feedbacks', 'private-changes.doctors']));
      expect(dataOf(await api.get(`/api/admin/doctors/${medic.encrypted_id}`))).toMatchObject({ rating: 4, ratings_count: 1 });
      expect((dataOf(await field(raterToken, 'GET', '/api/field/appointments')) as Row[]).find((a) => a.id === done.id)).toMatchObject({ rating: 4, can_rate: false });
      await refusedUnchanged([['a second rating', rate(done.id, { rating: 1 }), 422, { appointment_id: ['This appointment has already been rated.'] }]]);
      // two at once: one rating
      const other = dataOf(await book(Number(rater.id), mySlots[3]!));
      await timeHasCome(t, other);
      dataOf(await api.put(`/api/admin/appointments/status/${other.encrypted_id}`, { status: 'Completed' }));
      const both = await Promise.all([rate(other.id, { rating: 2 })(), rate(other.id, { rating: 3 })()]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect(await anyDb(t).selectFrom('feedbacks').select('id').where('appointment_id', '=', other.id).execute()).toHaveLength(1);
    });
  });

  describe('the doctor app', () => {
    it('lists one’s appointments of a day and completes one’s own Booked ones; another doctor’s, or a cancelled one, is refused', async () => {
      const [me, colleague] = [await doctor(), await doctor()];
      const [mine, theirs] = [await slotsOf(me, [day(35)]), await slotsOf(colleague, [day(35)])];
      const token = await tokenOf(me);
      const someone = await patient();
      const son = await familyMember(someone);
      const [first, second, third] = [dataOf(await book(Number(someone.id), mine[2]!)), dataOf(await book(Number(son.id), mine[0]!)), dataOf(await book(Number(someone.id), mine[1]!))];
      const foreign = dataOf(await book(Number(someone.id), theirs[0]!));
      dataOf(await api.put(`/api/admin/appointments/status/${third.encrypted_id}`, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id }));
      const day35 = dataOf(await field(token, 'GET', `/api/field/doctor/appointments?date=${day(35)}`)) as Row[];
      expect(day35.map((a) => [a.id, a.s_time, a.status, a.booking_for])).toEqual([[second.id, '09:00', 'Booked', 'Son'], [third.id, '09:15', 'Cancelled', 'Self'], [first.id, '09:30', 'Booked', 'Self']]);
      expect(day35[0]).toMatchObject({ patient: { id: son.id, full_name: son.full_name, gender: son.gender, age: 9, relation: 'Son' } });
      expect(dataOf(await field(token, 'GET', `/api/field/doctor/appointments?date=${day(36)}`))).toEqual([]);
      const complete = (id: number, as = token) => () => field(as, 'PUT', `/api/field/doctor/appointments/${id}/complete`);
      const patientToken = await tokenOf(someone);
      await refusedUnchanged([
        ['another doctor’s appointment', complete(foreign.id), 404],
        ['a cancelled appointment', complete(third.id), 422, { status: ['Only a booked appointment can change; this one is Cancelled.'] }],
        ['an unknown appointment', complete(999_999), 404],
        ['no day', () => field(token, 'GET', '/api/field/doctor/appointments'), 422, { date: ['Please give the day as YYYY-MM-DD.'] }],
        ['a patient’s token', complete(first.id, patientToken), 403],
        ['an appointment whose time has not begun', complete(first.id), 422, NOT_BEGUN],
      ]);
      await timeHasCome(t, first);
      const since = published.length;
      expect(dataOf(await complete(first.id)())).toMatchObject({ id: first.id, status: 'Completed' });
      expect(published.slice(since)).toContainEqual(['private-changes.appointments', { action: 'status', id: first.encrypted_id, by: null }]);
      expect((await appointmentRow(first.id)).status).toBe('Completed');
      await refusedUnchanged([['a completed appointment', complete(first.id), 422, { status: ['Only a booked appointment can change; this one is Completed.'] }]]);
    });
  });

  describe('one appointment, a cancel and a completion at once', () => {
    it('exactly one of them changes it; the other is refused and the slot follows the winner', async () => {
      const medic = await doctor();
      const token = await tokenOf(medic);
      for (const offset of [39, 40, 41]) {
        const [slot] = await slotsOf(medic, [day(offset)]);
        const someone = await patient();
        const booked = dataOf(await book(Number(someone.id), slot!));
        await timeHasCome(t, booked);
        const answers = await Promise.all([
          api.put(`/api/admin/appointments/status/${booked.encrypted_id}`, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id }),
          field(token, 'PUT', `/api/field/doctor/appointments/${booked.id}/complete`),
        ]);
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
        const refused = answers.filter((a) => a.statusCode !== 200);
        expect(refused).toHaveLength(1);
        expect([409, 422]).toContain(refused[0]!.statusCode);
        const row = await appointmentRow(booked.id);
        const winner = answers[0]!.statusCode === 200 ? 'Cancelled' : 'Completed';
        expect(row.status).toBe(winner);
        expect((await slotRow(slot!.id)).status).toBe(winner === 'Cancelled' ? 'Cancelled' : 'Booked');
      }
      if (dialect !== 'postgres') return;
      // PostgreSQL: a completion holds the row (changed, not committed) while the console's cancel reads
      // it as Booked; the cancel waits at its update and, once the completion commits, is refused
      const [slot] = await slotsOf(medic, [day(42)]);
      const booked = dataOf(await book(Number((await patient()).id), slot!));
      const other = new PgClient({ connectionString: t.config.databaseUrl! });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query("UPDATE appointments SET status = 'Completed' WHERE id = $1 AND status = 'Booked'", [booked.id]);
        const cancel = api.put(`/api/admin/appointments/status/${booked.encrypted_id}`, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id });
        let waited = false;
        for (let i = 0; i < 200 && !waited; i++) {
          const waiting = await other.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
          waited = waiting.rows[0].n > 0;
          if (!waited) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(waited).toBe(true);
        await other.query('COMMIT');
        const res = await cancel;
        expect([res.statusCode, res.json().message]).toEqual([409, 'The status changed meanwhile; reload and try again.']);
        expect((await appointmentRow(booked.id)).status).toBe('Completed');
        expect((await slotRow(slot!.id)).status).toBe('Booked');
      } finally {
        await other.end();
      }
    });
  });

  describe("a doctor's rating, kept on write", () => {
    /** the kept counts against an AVG and COUNT of the feedback rows themselves */
    const keptAgreesWithRows = async () => {
      const rows = await anyDb(t)
        .selectFrom('feedbacks')
        .select(['doctor_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('rating').as('total'), (eb) => eb.fn.avg<number>('rating').as('average')])
        .groupBy('doctor_id')
        .execute();
      const kept = await anyDb(t).selectFrom('doctor_ratings').selectAll().where('n', '>', 0).execute();
      const byDoctor = (list: Row[]) => list.map((r) => ({ doctor_id: Number(r.doctor_id), n: Number(r.n), total: Number(r.total) })).sort((a, b) => a.doctor_id - b.doctor_id);
      expect(byDoctor(kept)).toEqual(byDoctor(rows));
      return new Map(rows.map((r: Row) => [Number(r.doctor_id), { rating: Math.round(Number(r.average) * 10) / 10, ratings_count: Number(r.n) }]));
    };

    it('5, 5 and 4 stars from the app, the console and an appointment give 4.7 of 3; a deleted or edited rating moves it', async () => {
      const medic = await doctor();
      expect(dataOf(await api.get(`/api/admin/doctors/${medic.encrypted_id}`))).toMatchObject({ rating: 0, ratings_count: 0 });
      const [a, b] = [await patient(), await patient()];
      await completedVisit(t, Number(a.id), Number(medic.id));
      dataOf(await field(await tokenOf(a), 'POST', '/api/field/feedbacks', { doctor_id: medic.id, msg: 'Very kind', rating: 5 }));
      // once for that visit: a second rating from the app has no visit left to be of
      expect(fieldErrors(await field(await tokenOf(a), 'POST', '/api/field/feedbacks', { doctor_id: medic.id, msg: 'Very kind again', rating: 1 }))).toEqual({ doctor_id: ['You can rate a doctor once for each completed appointment with them.'] });
      const byPhone = dataOf(await api.post('/api/admin/feedbacks', { user_id: b.id, doctor_id: medic.id, msg: 'Told us by phone', rating: 5 }));
      const [slot] = await slotsOf(medic, [day(37)]);
      const seen = dataOf(await book(Number(b.id), slot!));
      await timeHasCome(t, seen);
      dataOf(await api.put(`/api/admin/appointments/status/${seen.encrypted_id}`, { status: 'Completed' }));
      const since = published.length;
      const fromVisit = dataOf(await field(await tokenOf(b), 'POST', `/api/field/appointments/${seen.id}/rating`, { rating: 4 }));
      expect(changesOn('doctors').at(-1)).toEqual({ action: 'update', id: medic.encrypted_id, by: null });
      expect(published.length).toBeGreaterThan(since);
      const record = dataOf(await api.get(`/api/admin/doctors/${medic.encrypted_id}`));
      expect([record.rating, record.ratings_count]).toEqual([4.7, 3]);
      const [listed] = (dataOf(await api.get(`/api/admin/doctors?ids[]=${medic.id}`)) as { data: Row[] }).data;
      expect([listed!.rating, listed!.ratings_count]).toEqual([4.7, 3]);
      // a feedback deleted in the console
      dataOf(await api.del(`/api/admin/feedbacks/${byPhone.encrypted_id}`));
      expect(changesOn('doctors').at(-1)).toMatchObject({ action: 'update', id: medic.encrypted_id });
      expect(dataOf(await api.get(`/api/admin/doctors/${medic.encrypted_id}`))).toMatchObject({ rating: 4.5, ratings_count: 2 });
      // a rating changed in the table (the API never edits one): the kept figures follow
      await anyDb(t).updateTable('feedbacks').set({ rating: 1 }).where('id', '=', fromVisit.id).execute();
      expect(dataOf(await api.get(`/api/admin/doctors/${medic.encrypted_id}`))).toMatchObject({ rating: 3, ratings_count: 2 });
      await keptAgreesWithRows();
    });

    it('after bulk inserts, updates (of ratings and of doctors) and deletes, the kept counts equal AVG and COUNT of the rows', async () => {
      const medics = await Promise.all([doctor(), doctor(), doctor()]);
      const raters = await Promise.all([patient(), patient()]);
      const stamp = new Date().toISOString();
      const rows = Array.from({ length: 120 }, (_, i) => ({
        user_id: raters[i % 2]!.id, doctor_id: medics[i % 3]!.id, msg: `bulk ${i}`, rating: (i * 7) % 5 + 1, dated_at: stamp, status: 'New', created_at: stamp, updated_at: stamp,
      }));
      await anyDb(t).insertInto('feedbacks').values(rows).execute();
      await keptAgreesWithRows();
      const ids = (await anyDb(t).selectFrom('feedbacks').select('id').where('msg', 'like', 'bulk %').orderBy('id').execute()).map((r: Row) => r.id as number);
      await anyDb(t).updateTable('feedbacks').set((eb) => ({ rating: eb(eb.val(6), '-', eb.ref('rating')) })).where('id', 'in', ids.filter((_, i) => i % 3 === 0)).execute();
      await keptAgreesWithRows();
      await anyDb(t).updateTable('feedbacks').set({ doctor_id: medics[0]!.id }).where('id', 'in', ids.filter((_, i) => i % 4 === 1)).execute();
      await anyDb(t).updateTable('feedbacks').set({ doctor_id: medics[2]!.id, rating: 5 }).where('id', 'in', ids.filter((_, i) => i % 7 === 2)).execute();
      await keptAgreesWithRows();
      await anyDb(t).deleteFrom('feedbacks').where('id', 'in', ids.filter((_, i) => i % 5 === 0)).execute();
      const expected = await keptAgreesWithRows();
      const listed = (dataOf(await api.get(`/api/admin/doctors?${medics.map((m) => `ids[]=${m.id}`).join('&')}&paginate=false`)) as Row[]);
      for (const m of medics) expect(listed.find((d) => d.id === m.id)).toMatchObject(expected.get(Number(m.id))!);
      // everything of a doctor deleted: 0 of 0
      await anyDb(t).deleteFrom('feedbacks').where('doctor_id', '=', medics[1]!.id).execute();
      await keptAgreesWithRows();
      expect(dataOf(await api.get(`/api/admin/doctors/${medics[1]!.encrypted_id}`))).toMatchObject({ rating: 0, ratings_count: 0 });
    });

    it('the migration fills the kept counts from the feedback already given', async () => {
      const medic = await doctor();
      const rater = await patient();
      for (const rating of [2, 3, 3]) dataOf(await api.post('/api/admin/feedbacks', { user_id: rater.id, doctor_id: medic.id, msg: 'Before the counts', rating }));
      // back to the schema before the migration (the rows stay), then forward again
      await anyDb(t).deleteFrom('appointment_keys').execute();
      await appointmentFlow.down(t.db.db as never, t.db.dialect);
      await appointmentFlow.up(t.db.db as never, t.db.dialect);
      expect(dataOf(await api.get(`/api/admin/doctors/${medic.encrypted_id}`))).toMatchObject({ rating: 2.7, ratings_count: 3 });
      await keptAgreesWithRows();
    });
  });
});
