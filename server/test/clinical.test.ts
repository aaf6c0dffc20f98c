/**
 * Doctors' duty rosters, appointments and clinical records (spec 2): slot generation at its edges,
 * overlaps, one winner of concurrent bookings, cancellation reasons, the spec's messages, private
 * reports behind expiring signed links, audited reads, and the dashboard's monthly figures.
 */
import { SIGNED_URL_TTL_MS } from '../src/services/storage';
import { slotTimes } from '../src/resources/dutyRosters';
import { DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { anyDb, client, type Client, dataOf, fieldErrors, type Row, sampler, tinyPng } from './helpers/http';

jest.setTimeout(180_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const png = `data:image/png;base64,${tinyPng().toString('base64')}`;

describe('slot times', () => {
  it('steps from the start by the session; a remainder shorter than a session is left out', () => {
    expect(slotTimes('09:00', '10:10', 20)).toEqual([
      { s_time: '09:00', e_time: '09:20' },
      { s_time: '09:20', e_time: '09:40' },
      { s_time: '09:40', e_time: '10:00' },
    ]);
    expect(slotTimes('09:00', '09:30', 30)).toEqual([{ s_time: '09:00', e_time: '09:30' }]);
    expect(slotTimes('09:00', '09:29', 30)).toEqual([]);
    expect(slotTimes('23:30', '23:59', 10)).toEqual([{ s_time: '23:30', e_time: '23:40' }, { s_time: '23:40', e_time: '23:50' }]);
  });
});

describe.each(DIALECTS)('rosters, appointments and clinical records on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref } = sampler(api));
  });
  afterAll(() => t?.close());

  const roster = (doctor: Row, extra: Row = {}) => api.post('/api/admin/duty-roasters', { doctor_id: doctor.id, s_time: '09:00', e_time: '10:00', session: 15, charge: 2, dates: [day(10)], ...extra });

  describe('duty roster', () => {
    it('generates the slots and the fee; refuses short ranges, short sessions, low charges, past dates and overlaps with the spec\'s messages', async () => {
      const doctor = await ref('doctors');
      const made = dataOf(await roster(doctor, { s_time: '09:00', e_time: '10:10', session: 20, charge: 1.5, dates: [day(12), day(13)] }));
      expect(made).toMatchObject({ total_fee: 30, first_date: day(12), dates: [day(12), day(13)] });
      expect(made.dutyRoasters.map((d: Row) => [d.date, d.appointments.map((a: Row) => `${a.s_time}-${a.e_time}`)])).toEqual([
        [day(12), ['09:00-09:20', '09:20-09:40', '09:40-10:00']],
        [day(13), ['09:00-09:20', '09:20-09:40', '09:40-10:00']],
      ]);
      const cases: [Row, Record<string, string[]>][] = [
        [{ session: 9 }, { session: ['Please provide a session time minimum 10 minutes.'] }],
        [{ charge: 0.9 }, { charge: ['Please provide a charge of at least 1 a minute.'] }],
        [{ s_time: '09:00', e_time: '09:05', session: 10 }, { session: ['The time range must hold at least one session.'] }],
        [{ s_time: '10:00', e_time: '09:00' }, { e_time: ['The time to must be after the time from.'] }],
        [{ dates: [day(-1)] }, { dates: ['A date before today cannot be scheduled.'] }],
        [{ dates: [] }, { dates: ['Please choose the dates.'] }],
        [{ s_time: '25:00' }, { s_time: ['Please provide a time from.'] }],
        [{ doctor_id: (await ref('app-users')).id }, { doctor_id: ['Please select a doctor.'] }],
        [{ s_time: '09:50', e_time: '11:00', dates: [day(13)] }, { dates: [`The doctor already has hours on ${day(13)} from 09:40 to 10:00.`] }],
      ];
      const before = await anyDb(t).selectFrom('duty_slots').select('id').execute();
      for (const [change, errors] of cases) expect([change, fieldErrors(await roster(doctor, change))]).toEqual([change, errors]);
      expect(await anyDb(t).selectFrom('duty_slots').select('id').execute()).toEqual(before);
      // the same day after the other hours, and another doctor at the same hours, are fine
      expect(dataOf(await roster(doctor, { s_time: '10:00', e_time: '11:00', dates: [day(13)] })).dutyRoasters[0].appointments).toHaveLength(4);
      expect(dataOf(await roster(await ref('doctors'), { s_time: '09:00', e_time: '10:00', dates: [day(13)] })).total_fee).toBe(30);
      // the month's slots, for the calendar
      const month = day(12).slice(0, 7);
      const slots = dataOf(await api.get(`/api/admin/duty-roasters/slots?doctor_id=${doctor.id}&month=${month}`)) as Row[];
      expect(slots.filter((s) => s.date === day(12)).map((s) => [s.s_time, s.status, s.open])).toEqual([['09:00', 'Available', true], ['09:20', 'Available', true], ['09:40', 'Available', true]]);
    });

    it('slots change status within their transitions; a booked one only through its appointment', async () => {
      const made = dataOf(await roster(await ref('doctors'), { dates: [day(20)] }));
      const slot = made.dutyRoasters[0].appointments[0];
      const status = (id: string, to: string) => api.put(`/api/admin/duty-roasters/slots/${id}/status`, { status: to });
      expect(dataOf(await status(slot.encrypted_id, 'Reserved')).status).toBe('Reserved');
      expect(dataOf(await status(slot.encrypted_id, 'Cancelled')).status).toBe('Cancelled');
      expect(fieldErrors(await status(slot.encrypted_id, 'Booked'))).toEqual({ status: ['The status cannot change from Cancelled to Booked.'] });
      expect((await status('not-a-slot', 'Available')).statusCode).toBe(404);
      // a cancelled slot is open: it can be booked
      const patient = await ref('app-users');
      dataOf(await api.post('/api/admin/appointments', { patient_id: patient.id, slot_id: slot.encrypted_id }));
      expect(fieldErrors(await status(slot.encrypted_id, 'Available'))).toEqual({ status: ['The status cannot change from Booked to Available.'] });
      // and its roster cannot change or go while it is booked
      expect((await api.put(`/api/admin/duty-roasters/${made.encrypted_id}`, { s_time: '08:00' })).statusCode).toBe(409);
      expect((await api.del(`/api/admin/duty-roasters/${made.encrypted_id}`)).statusCode).toBe(409);
    });
  });

  describe('appointments', () => {
    it('of concurrent bookings of one slot exactly one wins; the slot shows Booked', async () => {
      const made = dataOf(await roster(await ref('doctors'), { dates: [day(25)] }));
      const slot = made.dutyRoasters[0].appointments[1];
      const patients = await Promise.all(Array.from({ length: 6 }, () => ref('app-users')));
      const answers = await Promise.all(patients.map((p) => api.post('/api/admin/appointments', { patient_id: p.id, slot_id: slot.encrypted_id })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 200)) expect(fieldErrors(a)).toEqual({ slot_id: ['This slot is no longer available.'] });
      const booked = await anyDb(t).selectFrom('appointments').select('id').where('slot_id', '=', (await anyDb(t).selectFrom('duty_slots').select('id').where('roster_id', '=', made.id).where('s_time', '=', slot.s_time).executeTakeFirstOrThrow()).id).execute();
      expect(booked).toHaveLength(1);
      const again = dataOf(await api.get(`/api/admin/duty-roasters/${made.encrypted_id}`));
      expect(again.dutyRoasters[0].appointments[1].status).toBe('Booked');
    });

    it('show the spec\'s detail: doctor card, booking for, New from today; cancelling asks for one reason and opens the slot', async () => {
      const doctor = await ref('doctors');
      const made = dataOf(await roster(doctor, { dates: [day(30)] }));
      const patient = await ref('app-users');
      const son = dataOf(await api.post('/api/admin/family-members', { parent_id: patient.id, f_name: 'Zain', phone_no: '03001112223', age: 7, dob: day(-7 * 365), marital_status: 'Unmarried', relation: 'Son' }));
      const [a, b] = [made.dutyRoasters[0].appointments[0], made.dutyRoasters[0].appointments[1]];
      const own = dataOf(await api.post('/api/admin/appointments', { patient_id: patient.id, slot_id: a.encrypted_id, detail: 'Fever' }));
      const forSon = dataOf(await api.post('/api/admin/appointments', { patient_id: son.id, slot_id: b.encrypted_id }));
      expect(own).toMatchObject({ status: 'Booked', date: day(30), s_time: '09:00', booking_for: 'Self', is_new: true, doctor: { full_name: doctor.full_name, specializations: [expect.objectContaining({ title: expect.any(String) })] } });
      expect(forSon.booking_for).toBe('Son');
      // the lists a profile shows: by patient and by doctor, dated filters
      expect((dataOf(await api.get(`/api/admin/appointments?patient_id=${patient.id}&paginate=false`)) as Row[]).map((r) => r.id)).toEqual([own.id]);
      expect((dataOf(await api.get(`/api/admin/appointments?doctor_id=${doctor.id}&start_date=${day(30)}&end_date=${day(30)}&paginate=false`)) as Row[]).length).toBe(2);
      // cancel: exactly one reason, from the list
      const reasons = dataOf(await api.get('/api/admin/cancellation-reasons/choices')) as Row[];
      expect(reasons.length).toBeGreaterThanOrEqual(5);
      expect(fieldErrors(await api.put(`/api/admin/appointments/status/${own.encrypted_id}`, { status: 'Cancelled' }))).toEqual({ cancel_reason_id: ['Please choose one reason.'] });
      const cancelled = dataOf(await api.put(`/api/admin/appointments/status/${own.encrypted_id}`, { status: 'Cancelled', cancel_reason_id: reasons[0]!.id }));
      expect(cancelled).toMatchObject({ status: 'Cancelled', cancel_reason: reasons[0]!.name });
      // the slot is open again and books
      const reopened = dataOf(await api.get(`/api/admin/duty-roasters/${made.encrypted_id}`)).dutyRoasters[0].appointments[0];
      expect(reopened.status).toBe('Cancelled');
      dataOf(await api.post('/api/admin/appointments', { patient_id: (await ref('app-users')).id, slot_id: a.encrypted_id }));
      // an old cancellation stored without a reason says so
      await anyDb(t).updateTable('appointments').set({ status: 'Cancelled', cancel_reason_id: null }).where('id', '=', forSon.id).execute();
      expect(dataOf(await api.get(`/api/admin/appointments/${forSon.encrypted_id}`)).cancel_reason).toBe('No reason given.');
      // reading an appointment is written to the audit log
      const reads = await anyDb(t).selectFrom('audit_log').select('id').where('resource', '=', 'appointments').where('action', '=', 'read').where('record_id', '=', forSon.id).execute();
      expect(reads).toHaveLength(1);
      // a slot in the past cannot be booked
      await anyDb(t).updateTable('duty_slots').set({ date: day(-3) }).where('roster_id', '=', made.id).where('s_time', '=', '09:30').execute();
      const past = made.dutyRoasters[0].appointments[2];
      expect(fieldErrors(await api.post('/api/admin/appointments', { patient_id: patient.id, slot_id: past.encrypted_id }))).toEqual({ slot_id: ['This slot is in the past.'] });
    });

    it('a doctor\'s page counts the distinct patients booked with them, a roster\'s its slots; their lists leave both out', async () => {
      const doctor = await ref('doctors');
      expect(dataOf(await api.get(`/api/admin/doctors/${doctor.encrypted_id}`)).patients_count).toBe(0);
      const slots = dataOf(await roster(doctor, { dates: [day(35)] })).dutyRoasters[0].appointments as Row[];
      const [one, other] = [await ref('app-users'), await ref('app-users')];
      for (const [patient, slot] of [[one, slots[0]], [one, slots[1]], [other, slots[2]]] as const) {
        dataOf(await api.post('/api/admin/appointments', { patient_id: patient.id, slot_id: slot!.encrypted_id }));
      }
      expect(dataOf(await api.get(`/api/admin/doctors/${doctor.encrypted_id}`)).patients_count).toBe(2);
      const [listed] = (dataOf(await api.get(`/api/admin/doctors?ids[]=${doctor.id}`)) as { data: Row[] }).data;
      expect(listed).toMatchObject({ id: doctor.id, specializations: doctor.specializations });
      expect(listed).not.toHaveProperty('patients_count');
      // the same for a roster's slots: with the roster read on its own, not in the list
      const [schedule] = dataOf(await api.get(`/api/admin/duty-roasters?doctor_id=${doctor.id}&paginate=false`)) as Row[];
      expect(schedule).toMatchObject({ doctor_id: doctor.id, dates: [day(35)] });
      expect(schedule).not.toHaveProperty('dutyRoasters');
      expect(dataOf(await api.get(`/api/admin/duty-roasters/${schedule!.encrypted_id}`)).dutyRoasters[0].appointments.map((a: Row) => a.status).slice(0, 3)).toEqual(['Booked', 'Booked', 'Booked']);
    });

    it('requests from the app are listed emergencies first', async () => {
      const patient = await ref('app-users');
      for (const [detail, is_emergency] of [['Routine', false], ['Chest pain', true], ['Refill', false]] as const) {
        dataOf(await api.post('/api/admin/appointment-requests', { patient_id: patient.id, detail, is_emergency }));
      }
      const list = dataOf(await api.get(`/api/admin/appointment-requests?patient_id=${patient.id}&paginate=false`)) as Row[];
      expect(list.map((r) => [r.detail, r.is_emergency])).toEqual([['Chest pain', true], ['Refill', false], ['Routine', false]]);
    });

    it('the dashboard counts appointments by month from the kept counts, and doctors', async () => {
      const dash = dataOf(await api.get('/api/admin/dashboard'));
      const rows = await anyDb(t).selectFrom('appointments').select('date').execute();
      const byMonth = new Map<string, number>();
      for (const r of rows) byMonth.set(String(r.date).slice(0, 7), (byMonth.get(String(r.date).slice(0, 7)) ?? 0) + 1);
      const since = new Date();
      since.setUTCMonth(since.getUTCMonth() - 11, 1);
      const expected = [...byMonth].filter(([m]) => m >= since.toISOString().slice(0, 7)).sort().map(([m, n]) => ({ appointment_month: m, total_appointments: n }));
      expect(dash.appointments).toEqual(expected);
      const doctors = await anyDb(t).selectFrom('users').select('id').where('type', '=', 'doctor').execute();
      expect(dash.doctors).toBe(doctors.length);
    });
  });

  describe('clinical records', () => {
    it('a medical history answers each missing field with the spec\'s message; reports are checked by content', async () => {
      const patient = await ref('app-users');
      const body: Row = { patient_id: patient.id, disease_name: 'Asthma', from_date: '2026-01-01', to_date: '2026-02-01', detail: 'Wheezing', c_date: '2026-01-01', m_name: 'Salbutamol', days: 10, note: 'Inhaler' };
      const messages: Record<string, string> = {
        disease_name: 'Please provide a disease.', from_date: 'Please provide a from date.', to_date: 'Please provide a to date.', detail: 'Please provide detail.',
        c_date: 'Please provide a current date.', m_name: 'Please provide an medicine name.', days: 'Please provide a days.', note: 'Please provide note.',
      };
      for (const [field, message] of Object.entries(messages)) {
        const broken = { ...body };
        delete broken[field];
        expect([field, fieldErrors(await api.post('/api/admin/medical-histories', broken))]).toEqual([field, { [field]: [message] }]);
      }
      const fakeImage = `data:image/png;base64,${Buffer.from('GIF89a pretending').toString('base64')}`;
      expect(fieldErrors(await api.post('/api/admin/medical-histories', { ...body, reports: [fakeImage] }))).toEqual({ reports: ['File format not supported. JPG/JPEG/PNG/MP3'] });
      const made = dataOf(await api.post('/api/admin/medical-histories', { ...body, m_times: ['Morning', 'Night'], to_be_taken: 'Before Food', reports: [png] }));
      expect(made).toMatchObject({ still_using: 'No', m_times: ['Morning', 'Night'], to_be_taken: 'Before Food' });
      expect(made.reports[0].path).toMatch(/^\/api\/admin\/files\//);
      // a family member's history is kept too; someone who is not a patient is refused
      const son = dataOf(await api.post('/api/admin/family-members', { parent_id: patient.id, f_name: 'Ali', phone_no: '03001112223', age: 5, dob: day(-5 * 365), marital_status: 'Unmarried', relation: 'Son' }));
      dataOf(await api.post('/api/admin/medical-histories', { ...body, patient_id: son.id }));
      // the profile header names the diseases of the histories, each once, in order; lists leave them out
      dataOf(await api.post('/api/admin/medical-histories', { ...body, disease_name: 'Anaemia' }));
      expect(dataOf(await api.get(`/api/admin/app-users/${patient.encrypted_id}`)).diseases).toEqual(['Anaemia', 'Asthma']);
      expect(dataOf(await api.get(`/api/admin/family-members/${son.encrypted_id}`)).diseases).toEqual(['Asthma']);
      expect((dataOf(await api.get(`/api/admin/app-users?ids[]=${patient.id}`)) as { data: Row[] }).data[0]).not.toHaveProperty('diseases');
      expect(fieldErrors(await api.post('/api/admin/medical-histories', { ...body, patient_id: (await ref('doctors')).id }))).toEqual({ patient_id: ['Please choose the patient.'] });
    });

    it('reports open through signed links that expire, and every read is audited', async () => {
      const patient = await ref('app-users');
      const made = dataOf(await api.post('/api/admin/medical-histories', {
        patient_id: patient.id, disease_name: 'Migraine', from_date: '2026-01-01', to_date: '2026-01-02', detail: 'x', c_date: '2026-01-01', m_name: 'x', days: 1, note: 'x', reports: [png],
      }));
      const link = String(made.reports[0].path);
      const file = await t.inject({ method: 'GET', url: link });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      // eleven minutes later the same link is refused
      const later = Date.now() + SIGNED_URL_TTL_MS + 60_000;
      const spy = jest.spyOn(Date, 'now').mockReturnValue(later);
      try {
        expect((await t.inject({ method: 'GET', url: link })).statusCode).toBe(410);
      } finally {
        spy.mockRestore();
      }
      // a tampered link is refused too
      expect((await t.inject({ method: 'GET', url: `${link.slice(0, -3)}abc` })).statusCode).toBe(410);
      const audit = await anyDb(t).selectFrom('audit_log').select(['action']).where('resource', '=', 'medical-histories').where('record_id', '=', made.id).orderBy('id').execute();
      expect(audit.map((r: Row) => r.action)).toEqual(['create', 'file_read']);
      dataOf(await api.get(`/api/admin/medical-histories/${made.encrypted_id}`));
      const after = await anyDb(t).selectFrom('audit_log').select(['action']).where('resource', '=', 'medical-histories').where('record_id', '=', made.id).orderBy('id').execute();
      expect(after.map((r: Row) => r.action)).toEqual(['create', 'file_read', 'read']);
    });

    it('a prescription holds its medicines in order; a row without a name is named in the error', async () => {
      const [patient, doctor] = [await ref('app-users'), await ref('doctors')];
      const item = (m_name: string) => ({ c_date: '2026-05-01', m_name, days: 5, m_time: 'Morning', to_be_taken: 'After Food', still_using: false, note: 'n' });
      const body = { patient_id: patient.id, doctor_id: doctor.id, disease_name: 'Bronchitis', from_date: '2026-05-01', to_date: '2026-05-07', detail: 'Rest' };
      expect(fieldErrors(await api.post('/api/admin/prescriptions', { ...body, items: [item('A'), { ...item('B'), m_name: undefined }] }))).toEqual({ items: ['Row 2: Please provide an medicine name.'] });
      expect(fieldErrors(await api.post('/api/admin/prescriptions', { ...body, items: [] }))).toEqual({ items: ['Please add at least one medicine.'] });
      const made = dataOf(await api.post('/api/admin/prescriptions', { ...body, items: [item('Amoxicillin'), item('Cough syrup'), { ...item('Steam'), still_using: true }] }));
      expect(made.items.map((i: Row) => [i.m_name, i.still_using])).toEqual([['Amoxicillin', false], ['Cough syrup', false], ['Steam', true]]);
      expect(made.doctor.full_name).toBe(doctor.full_name);
      // an edit that drops a medicine and reorders the rest
      const [first, second] = made.items as Row[];
      const edited = dataOf(await api.put(`/api/admin/prescriptions/${made.encrypted_id}`, { items: [{ ...second, id: second!.id }, { ...first, id: first!.id }] }));
      expect(edited.items.map((i: Row) => i.m_name)).toEqual(['Cough syrup', 'Amoxicillin']);
    });
  });
});
