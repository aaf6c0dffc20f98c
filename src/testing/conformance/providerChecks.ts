/**
 * The provider checks of the conformance kit: a data provider and an auth provider over a live backend
 * seeded with the demo data (types.ts), held to what the console's screens expect of them (README,
 * "Plugging in another backend"): lists paged, sorted and filtered (record fields, status words, `q`, the
 * date range, `paginate: false`), getOne/getMany/getManyReference, references that name records by their
 * `id`, create/update/delete round trips, errors as react-admin's HttpError (with field messages where the
 * backend gives them), and the console's own calls (those withConsoleMethods derives, or the backend's).
 */
import { HttpError, type Identifier, type RaRecord } from 'ra-core';
import type { AppDataProvider, ConsoleAuthProvider } from '../../providers/kit';
import { useLiveFetch } from './liveFetch';
import type { ConformanceBackend, ConformanceModule } from './types';

const page = (perPage: number, pageNumber = 1) => ({ page: pageNumber, perPage });
const BY_ID = { field: 'id', order: 'ASC' as const };

/** What a call rejected with (or a failure when it resolved). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call resolved; a rejection was expected');
}

/** The day of an ISO time, and the days either side (a backend may read the range in its own time zone). */
const day = (iso: string, shift = 0) => new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);

/** Declares the provider checks of `module` (a describe of its own, its backend started before them and stopped after). */
export function describeProviderChecks(module: ConformanceModule): void {
  describe(`the ${module.name} provider keeps the console's conventions`, () => {
    let backend: ConformanceBackend | undefined;
    let dataProvider: AppDataProvider;
    let authProvider: ConsoleAuthProvider;
    let stopFetch = () => undefined as void;
    const me = async (): Promise<Identifier> => (await authProvider.getIdentity()).id;

    beforeAll(async () => {
      backend = await module.startBackend();
      if (backend.url) stopFetch = useLiveFetch(backend.url);
      ({ dataProvider, authProvider } = module.createProviders(backend));
      await authProvider.login(module.credentials);
    }, 180_000);
    afterAll(async () => {
      stopFetch();
      await backend?.stop();
    });

    it('signs the demo admin in: his identity names his admin record, his permissions are the console\'s names', async () => {
      await authProvider.checkAuth({});
      const identity = await authProvider.getIdentity();
      expect(identity.id).toBeDefined();
      const { data: admin } = await dataProvider.getOne('admins', { id: identity.id });
      expect(admin.email).toBe('admin@example.org');
      expect(await authProvider.getPermissions()).toEqual(expect.arrayContaining(['view_role', 'view_app_user', 'edit_doctor']));
    });

    it('pages a list: the pages do not overlap, the total stays', async () => {
      const first = await dataProvider.getList('app-users', { pagination: page(5), sort: BY_ID, filter: {} });
      const second = await dataProvider.getList('app-users', { pagination: page(5, 2), sort: BY_ID, filter: {} });
      expect(first.data).toHaveLength(5);
      expect(second.data).toHaveLength(5);
      expect(first.total).toBeGreaterThanOrEqual(10);
      expect(second.total).toBe(first.total);
      const ids = new Set(first.data.map((record) => String(record.id)));
      expect(second.data.filter((record) => ids.has(String(record.id)))).toEqual([]);
      const whole = await dataProvider.getList('app-users', { pagination: page(1000), sort: BY_ID, filter: { paginate: false } });
      expect(whole.data).toHaveLength(first.total!);
    });

    it('sorts a list either way', async () => {
      const times = async (order: 'ASC' | 'DESC') =>
        (await dataProvider.getList('app-users', { pagination: page(20), sort: { field: 'created_at', order }, filter: {} })).data.map((record) => Date.parse(String(record.created_at)));
      const ascending = await times('ASC');
      const descending = await times('DESC');
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      expect(descending[0]).toBeGreaterThan(ascending[0]!);
    });

    it('filters by status as a word (Active, Blocked) as by the stored value (1, 2)', async () => {
      const list = (status: unknown) => dataProvider.getList('chw', { pagination: page(100), sort: BY_ID, filter: { status } });
      const [active, blocked, one, two, all] = await Promise.all([list('Active'), list('Blocked'), list(1), list(2), dataProvider.getList('chw', { pagination: page(100), sort: BY_ID, filter: {} })]);
      expect(active.data.length).toBeGreaterThan(0);
      expect(blocked.data.length).toBeGreaterThan(0);
      expect(active.data.map((record) => Number(record.status))).toEqual(active.data.map(() => 1));
      expect(blocked.data.map((record) => Number(record.status))).toEqual(blocked.data.map(() => 2));
      expect(active.data.map((record) => record.id)).toEqual(one.data.map((record) => record.id));
      expect(blocked.data.map((record) => record.id)).toEqual(two.data.map((record) => record.id));
      expect(active.total! + blocked.total!).toBe(all.total);
    });

    it('searches a list with q', async () => {
      const { data: [patient] } = await dataProvider.getList('app-users', { pagination: page(1, 3), sort: BY_ID, filter: {} });
      const { data, total } = await dataProvider.getList('app-users', { pagination: page(100), sort: BY_ID, filter: { q: String(patient!.l_name) } });
      expect(data.map((record) => record.id)).toContain(patient!.id);
      const { total: everyone } = await dataProvider.getList('app-users', { pagination: page(1), sort: BY_ID, filter: {} });
      expect(total).toBeLessThan(everyone!);
    });

    it('filters by a date range on created_at (both days included)', async () => {
      const { data: [patient] } = await dataProvider.getList('app-users', { pagination: page(1, 4), sort: BY_ID, filter: {} });
      const created = String(patient!.created_at);
      const { data } = await dataProvider.getList('app-users', { pagination: page(100), sort: BY_ID, filter: { start_date: day(created), end_date: day(created) } });
      expect(data.map((record) => record.id)).toContain(patient!.id);
      for (const record of data) expect([day(created, -1), day(created), day(created, 1)]).toContain(day(String(record.created_at)));
      const future = await dataProvider.getList('app-users', { pagination: page(100), sort: BY_ID, filter: { start_date: '2099-01-01', end_date: '2099-12-31' } });
      expect(future.data).toEqual([]);
    });

    it('reads records one by one and by ids', async () => {
      const { data: doctors } = await dataProvider.getList('doctors', { pagination: page(3), sort: BY_ID, filter: {} });
      const { data: one } = await dataProvider.getOne('doctors', { id: doctors[0]!.id });
      expect([one.id, one.f_name]).toEqual([doctors[0]!.id, doctors[0]!.f_name]);
      const { data: many } = await dataProvider.getMany('doctors', { ids: doctors.map((doctor) => doctor.id) });
      expect(many.map((doctor) => String(doctor.id)).sort()).toEqual(doctors.map((doctor) => String(doctor.id)).sort());
    });

    it('names references by the record\'s id: an appointment\'s doctor and patient, a doctor\'s appointments (getManyReference)', async () => {
      const { data: appointments } = await dataProvider.getList('appointments', { pagination: page(10), sort: BY_ID, filter: {} });
      expect(appointments.length).toBeGreaterThan(0);
      const doctorIds = [...new Set(appointments.map((appointment) => appointment.doctor_id as Identifier))];
      const { data: doctors } = await dataProvider.getMany('doctors', { ids: doctorIds });
      expect(doctors.map((doctor) => String(doctor.id)).sort()).toEqual(doctorIds.map(String).sort());
      // a patient is an app user or one of their family members
      for (const { patient_id } of appointments.slice(0, 3)) {
        const id = patient_id as Identifier;
        const { data: patient } = await dataProvider.getOne('app-users', { id }).catch(() => dataProvider.getOne('family-members', { id }));
        expect(String(patient.id)).toBe(String(id));
      }
      const doctorId = doctorIds[0]!;
      const { data: his, total } = await dataProvider.getManyReference('appointments', { target: 'doctor_id', id: doctorId, pagination: page(200), sort: BY_ID, filter: {} });
      expect(his.length).toBeGreaterThan(0);
      expect(total).toBe(his.length);
      expect(his.map((appointment) => String(appointment.doctor_id))).toEqual(his.map(() => String(doctorId)));
      const { data: filtered } = await dataProvider.getList('appointments', { pagination: page(200), sort: BY_ID, filter: { doctor_id: doctorId } });
      expect(filtered.map((appointment) => appointment.id).sort()).toEqual(his.map((appointment) => appointment.id).sort());
    });

    it('creates, updates and deletes a record, each read back', async () => {
      const title = `Conformance ${Date.now()}`;
      const { data: created } = await dataProvider.create('specializations', { data: { title } });
      expect(created.id).toBeDefined();
      expect((await dataProvider.getOne('specializations', { id: created.id })).data.title).toBe(title);
      const { data: updated } = await dataProvider.update('specializations', { id: created.id, data: { ...created, title: `${title} renamed` }, previousData: created });
      expect([updated.id, updated.title]).toEqual([created.id, `${title} renamed`]);
      expect((await dataProvider.getOne('specializations', { id: created.id })).data.title).toBe(`${title} renamed`);
      await dataProvider.delete('specializations', { id: created.id, previousData: updated });
      const gone = await rejection(dataProvider.getOne('specializations', { id: created.id }));
      expect(gone).toBeInstanceOf(HttpError);
      expect((gone as HttpError).status).toBe(404);
    });

    it('refuses as react-admin\'s HttpError: a record that is not there (404)' + (module.validates ? ', a record that breaks the rules (422, a message under the field)' : ''), async () => {
      const { data: [known] } = await dataProvider.getList('specializations', { pagination: page(1), sort: BY_ID, filter: {} });
      const missing = typeof known!.id === 'number' ? 999_999 : `${String(known!.id).slice(0, -2)}zz`;
      const error = await rejection(dataProvider.getOne('specializations', { id: missing }));
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
      if (module.validates) {
        const refused = (await rejection(dataProvider.create('specializations', { data: { title: '' } }))) as HttpError;
        expect(refused).toBeInstanceOf(HttpError);
        expect(refused.status).toBe(422);
        expect((refused.body as { errors?: Record<string, unknown> }).errors?.title).toEqual(expect.any(String));
      }
    });

    it('leaves the signed-in admin out of the admin list, and gives his profile', async () => {
      const self = await me();
      const { data, total } = await dataProvider.getList('admins', { pagination: page(100), sort: BY_ID, filter: {} });
      expect(data.length).toBeGreaterThan(0);
      expect(data.map((admin) => String(admin.id))).not.toContain(String(self));
      expect(total).toBe(data.length);
      const { data: profile } = await dataProvider.getProfile();
      expect([String(profile.id), profile.email]).toEqual([String(self), 'admin@example.org']);
    });

    it('counts the dashboard and searches the modules', async () => {
      const { data: dashboard } = await dataProvider.getDashboard({});
      const { total: patients } = await dataProvider.getList('app-users', { pagination: page(1), sort: BY_ID, filter: {} });
      expect(dashboard.patients).toBe(patients);
      expect(dashboard.doctors).toBeGreaterThan(0);
      expect(dashboard.total_users).toBeGreaterThanOrEqual(dashboard.patients + dashboard.doctors);
      const { data: [patient] } = await dataProvider.getList('app-users', { pagination: page(1, 2), sort: BY_ID, filter: {} });
      const { data: groups } = await dataProvider.search({ q: String(patient!.l_name) });
      const found = groups.find((group) => group.resource === 'app-users');
      expect(found?.hits.map((hit) => hit.id)).toContain(String(patient!.id));
      expect((await dataProvider.search({ q: 'x' })).data).toEqual([]);
    });

    it('changes a status, one record and several (block, unblock), and reads each back', async () => {
      const { data: active } = await dataProvider.getList('chw', { pagination: page(2), sort: BY_ID, filter: { status: 1 } });
      expect(active).toHaveLength(2);
      const [first, second] = active as [RaRecord, RaRecord];
      await dataProvider.updateStatus('chw', { id: first.id, status: 2 });
      expect(Number((await dataProvider.getOne('chw', { id: first.id })).data.status)).toBe(2);
      await dataProvider.updateStatus('chw', { id: first.id, status: 1 });
      expect(Number((await dataProvider.getOne('chw', { id: first.id })).data.status)).toBe(1);
      const blocked = await dataProvider.bulkAction('chw', { action: 'block', ids: [first.id, second.id] });
      expect(blocked.data.done.map(String).sort()).toEqual([first.id, second.id].map(String).sort());
      expect(blocked.data.refused).toEqual([]);
      const statuses = async () => (await dataProvider.getMany('chw', { ids: [first.id, second.id] })).data.map((record) => Number(record.status));
      expect(await statuses()).toEqual([2, 2]);
      await dataProvider.bulkAction('chw', { action: 'unblock', ids: [first.id, second.id] });
      expect(await statuses()).toEqual([1, 1]);
    });

    it("counts a notification's audience before it is sent: the audience's active records, what the send then reaches", async () => {
      const { total: activePatients } = await dataProvider.getList('app-users', { pagination: page(1), sort: BY_ID, filter: { status: 1 } });
      const { data: patients } = await dataProvider.countNotificationAudience({ sendTo: 'patient' });
      expect(patients.recipients).toBe(activePatients);
      const { data: admins } = await dataProvider.countNotificationAudience({ sendTo: 'admin' });
      // the signed-in admin is one of them
      expect(admins.recipients).toBeGreaterThanOrEqual(1);
      const { data: sent } = await dataProvider.sendNotification({ sendTo: 'patient', title: 'Conformance', body: 'Counted before it was sent.' });
      expect(sent.recipients).toBe(patients.recipients);
    });

    it('exports a list as a file link, and lists the permission modules, the bell and the real-time set-up', async () => {
      const objectUrl = URL.createObjectURL as unknown;
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const open = jest.spyOn(window, 'open').mockImplementation(() => null);
      URL.createObjectURL = () => 'blob:conformance/export';
      try {
        const { data: link } = await dataProvider.exportList('specializations', { filter: {}, sort: BY_ID, format: 'csv' });
        expect(link).toEqual(expect.any(String));
        expect(link.length).toBeGreaterThan(0);
      } finally {
        URL.createObjectURL = objectUrl as typeof URL.createObjectURL;
        click.mockRestore();
        open.mockRestore();
      }
      const { data: modules } = await dataProvider.getPermissionModules();
      expect(modules.flatMap((module) => module.permissions.map((permission) => permission.name))).toEqual(expect.arrayContaining(['view_role', 'edit_doctor']));
      const { data: bell } = await dataProvider.getNotifications({});
      expect([Array.isArray(bell.notifications), typeof bell.count]).toEqual([true, 'number']);
      const { data: realtime } = await dataProvider.getRealtimeConfig({});
      expect(realtime === null || typeof realtime.key === 'string').toBe(true);
    });

    it('answers every console call it does not offer with a 501 the screens explain, never another failure', async () => {
      const attempts: [string, () => Promise<unknown>][] = [
        ['getOpenSlots', () => dataProvider.getOpenSlots({ doctorId: 1, month: '2026-12' })],
        ['getDutySlots', () => dataProvider.getDutySlots({ doctorId: 1, month: '2026-12' })],
        ['getPromotional', () => dataProvider.getPromotional({})],
      ];
      for (const [name, call] of attempts) {
        const outcome = await call().then(() => 'answered', (error: unknown) => (error instanceof HttpError ? error.status : error));
        // an answer (the backend offers it) or the 501 of an unsupported call; 4xx for a doctor this backend does not know
        expect([name, outcome === 'answered' || (typeof outcome === 'number' && outcome >= 400 && outcome < 502)]).toEqual([name, true]);
      }
    });
  });
}
