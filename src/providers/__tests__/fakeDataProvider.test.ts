/**
 * The in-browser provider (src/providers/fake/) over the demo generator's data: the console's extra
 * calls answered from the records, files kept as object URLs, exports built and downloaded in the
 * browser, the server's list conventions read; and the demo admin's sign-in.
 */
import type { DemoData } from '../fake/demoData';
import { createFakeDataProvider } from '../fake/fakeDataProvider';
import { login } from '../fake/authApi';
import { DEMO_ADMIN } from '../fake/demoAdmin';
import { getPermissions, isSignedIn } from '../session';
import { loadTestDemoData } from '../../testing/demoData';

let data: DemoData;
beforeAll(() => {
  data = loadTestDemoData();
}, 180_000);

const setup = (source: DemoData = data) => {
  const blobs = new Map<string, Blob>();
  const downloads: { url: string; fileName: string }[] = [];
  const provider = createFakeDataProvider(JSON.parse(JSON.stringify(source)) as DemoData, {
    objectUrl: (blob) => {
      const url = `blob:test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    download: (url, fileName) => downloads.push({ url, fileName }),
    getIdentity: async () => ({ id: source.admin.session.id as number }),
  });
  return { provider, blobs, downloads };
};

const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const everything = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

test('the dashboard is counted from the records', async () => {
  const { provider } = setup();
  const { data: dashboard } = await provider.getDashboard();
  const count = (resource: string) => data.resources[resource]?.length ?? 0;
  expect(dashboard).toMatchObject({ patients: count('app-users'), doctors: count('doctors'), admins: count('admins') });
  expect(dashboard.patients).toBeGreaterThan(0);
  const dated = (data.resources.appointments ?? []).filter((a) => /^\d{4}-\d{2}/.test(String(a.date))).length;
  expect(dashboard.appointments.reduce((sum, month) => sum + month.total_appointments, 0)).toBe(dated);
});

test("lists read the server's conventions: paginate, references as text ids, the date range", async () => {
  const { provider } = setup();
  const history = data.resources['medical-histories']![0]!;
  const { data: rows } = await provider.getList('medical-histories', { ...everything, filter: { paginate: false, patient_id: String(history.patient_id) } });
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.patient_id === history.patient_id)).toBe(true);
  const { data: none } = await provider.getList('app-users', { ...everything, filter: { start_date: '2999-01-01' } });
  expect(none).toEqual([]);
});

test('a record is read by the id a route gives (text)', async () => {
  const { provider } = setup();
  const patient = data.resources['app-users']![0]!;
  const { data: record } = await provider.getOne('app-users', { id: String(patient.id) });
  expect(record).toMatchObject({ id: patient.id, email: patient.email });
});

test('the search finds people by name, grouped by module', async () => {
  const { provider } = setup();
  const patient = data.resources['app-users']![0]!;
  const { data: groups } = await provider.search({ q: String(patient.l_name) });
  const patients = groups.find((group) => group.resource === 'app-users');
  expect(patients?.hits.map((hit) => hit.id)).toContain(String(patient.id));
  expect((await provider.search({ q: 'x' })).data).toEqual([]);
});

test('an export is a CSV built in the browser and downloaded', async () => {
  const { provider, blobs, downloads } = setup();
  const status = data.resources['app-users']![0]!.status;
  const { data: url } = await provider.exportList('app-users', { filter: { status } });
  expect(downloads).toEqual([{ url, fileName: expect.stringMatching(/^app-users-\d{4}-\d{2}-\d{2}\.csv$/) as string }]);
  const lines = (await blobText(blobs.get(url)!)).replace(/^\ufeff/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('email');
  expect(lines).toHaveLength(1 + (data.resources['app-users'] ?? []).filter((p) => p.status === status).length);
});

test('lists filter by status words, and doctors by a specialization they hold', async () => {
  const { provider } = setup();
  const active = (data.resources.chw ?? []).filter((c) => c.status === 1);
  expect(active.length).toBeGreaterThan(0);
  const { data: byWord } = await provider.getList('chw', { ...everything, filter: { status: 'Active', paginate: false } });
  expect(byWord.map((c) => c.id).sort()).toEqual(active.map((c) => c.id).sort());
  const doctor = data.resources.doctors![0]! as { id: number; specializationIds: number[] };
  const [specialization] = doctor.specializationIds;
  const { data: doctors } = await provider.getList('doctors', { ...everything, filter: { status: 1, specialization_id: String(specialization) } });
  expect(doctors.map((d) => d.id)).toContain(doctor.id);
  expect(doctors.every((d) => (d.specializationIds as number[]).includes(specialization!))).toBe(true);
});

test('a booking takes its slot: the day, times, doctor and patient are the slot\'s and the patient\'s, and the slot is no longer open', async () => {
  const { provider } = setup();
  const [key, slots] = Object.entries(data.openSlots).find(([, open]) => open.length > 0)!;
  const [doctorId, month] = key.split(':');
  const patient = data.resources['app-users']![0]!;
  const { data: open } = await provider.getOpenSlots({ doctorId: doctorId!, month: month! });
  const slot = open[0]!;
  expect(slot.id).toBe(slots[0]!.encrypted_id);
  const { data: appointment } = await provider.create('appointments', { data: { patient_id: String(patient.id), slot_id: slot.id, detail: 'Cough' } });
  expect(appointment).toMatchObject({ patient_id: patient.id, doctor_id: Number(doctorId), date: slot.date, s_time: slot.s_time, e_time: slot.e_time, status: 'Booked', patient: { f_name: patient.f_name } });
  expect((appointment.doctor as { id: number }).id).toBe(Number(doctorId));
  // on the patient's timeline, and no longer open
  const { data: theirs } = await provider.getList('appointments', { ...everything, filter: { paginate: false, patient_id: patient.id } });
  expect(theirs.map((a) => a.id)).toContain(appointment.id);
  expect((await provider.getOpenSlots({ doctorId: doctorId!, month: month! })).data.map((s) => s.id)).not.toContain(slot.id);
  await expect(provider.create('appointments', { data: { patient_id: patient.id, slot_id: slot.id } })).rejects.toMatchObject({ status: 422, body: { errors: { slot_id: expect.any(String) } } });
});

test('uploads are kept as object URLs, in the shape the screens read', async () => {
  const { provider, blobs } = setup();
  const file = new File(['%PDF'], 'leaflet.pdf', { type: 'application/pdf' });
  const uploaded = await provider.uploadChunked(file, { folder: 'hlc' });
  expect(uploaded).toEqual({ src: expect.stringMatching(/^blob:test\//) as string, title: 'leaflet.pdf', type: 'application/pdf' });
  expect(blobs.get(uploaded.src)).toBe(file);
  const { data: campaign } = await provider.create('campaigns', { data: { title: 'Polio', file: { rawFile: file, src: 'blob:form', title: 'leaflet.pdf' } } });
  expect(campaign.file).toEqual({ title: 'leaflet.pdf', src: expect.stringMatching(/^blob:test\//) as string, type: 'application/pdf' });
});

test('stored files of the dump are given as { src, title } only, as the real provider gives them', async () => {
  const { provider } = setup();
  const withFile = (data.resources.campaigns ?? []).find((c) => c.file && typeof c.file === 'object');
  expect(withFile).toBeDefined();
  const { data: campaign } = await provider.getOne('campaigns', { id: withFile!.id as number });
  const file = withFile!.file as { path: string; mimeType: string };
  expect(campaign.file).toEqual({ src: file.path, title: file.path.split('/').pop(), type: file.mimeType });
});

test("no server's stored-file object is left anywhere: records (and the relations they embed), the landing site's content", async () => {
  const { provider } = setup();
  const serverFile = /"path":"[^"]*","type"|"mimeType"/;
  for (const resource of Object.keys(data.resources)) {
    const { data: records } = await provider.getList(resource, everything);
    expect({ resource, leftOver: JSON.stringify(records).match(serverFile) }).toEqual({ resource, leftOver: null });
  }
  const { data: items } = await provider.getList('health-literacy-content', everything);
  const video = items.find((item) => item.type === 'video');
  expect(video).toMatchObject({ file: { src: expect.any(String) as string, title: expect.stringMatching(/\.mp4$/) as string, type: 'video/mp4' }, thumbnail: { type: expect.stringMatching(/^image\//) as string } });
  const { data: content } = await provider.getPromotional();
  expect(JSON.stringify(content)).not.toMatch(serverFile);
  expect(content.sliders.length).toBeGreaterThan(0);
  expect(content.sliders[0]!.file).toEqual({ src: expect.any(String) as string, title: expect.any(String) as string, type: expect.stringMatching(/^image\//) as string });
});

test('status changes and bulk actions change the records', async () => {
  const { provider } = setup();
  const [first, second] = data.resources['app-users']!;
  await provider.updateStatus('app-users', { id: String(first!.id), status: 2 });
  expect((await provider.getOne('app-users', { id: first!.id as number })).data.status).toBe(2);
  const { data: result } = await provider.bulkAction('app-users', { action: 'delete', ids: [second!.id as number, 999_999] });
  expect(result.done).toEqual([second!.id]);
  expect(result.refused.map((r) => r.id)).toEqual([999_999]);
});

test("embedded relations and the bell's notifications name their records by the ids getOne takes", async () => {
  // a notification of the server's bell naming a patient (as a feedback's names the feedback)
  const named = data.resources['app-users']![3]!;
  const bell = { count: 1, notifications: [{ id: 1, type: 'feedback', body: { title: 'New feedback', body: '' }, data: { resource: 'app-users', encrypted_id: named.encrypted_id }, is_read: false, created_at: '2026-11-20T10:00:00Z' }] };
  const { provider } = setup({ ...data, bell });
  const { data: appointments } = await provider.getList('appointments', { ...everything, pagination: { page: 1, perPage: 20 } });
  const appointment = appointments.find((a) => a.doctor && a.patient)!;
  expect((await provider.getOne('doctors', { id: appointment.doctor.id })).data).toMatchObject({ id: appointment.doctor.id, f_name: appointment.doctor.f_name });
  const patients = appointment.patient.parent_id ? 'family-members' : 'app-users';
  expect((await provider.getOne(patients, { id: appointment.patient.id })).data).toMatchObject({ id: appointment.patient.id, f_name: appointment.patient.f_name });
  // the bell's data names the record by the server's encrypted id: given as this provider's id
  const [notification] = (await provider.getNotifications()).data.notifications;
  expect(notification!.data).toEqual({ resource: 'app-users', encrypted_id: named.encrypted_id, id: named.id });
  expect((await provider.getOne('app-users', { id: notification!.data!.id as number })).data).toMatchObject({ id: named.id, encrypted_id: named.encrypted_id });
});

test('a notification sent to admins rings the bell until it is read', async () => {
  const { provider } = setup();
  const before = (await provider.getNotifications()).data.count;
  const { data: counted } = await provider.countNotificationAudience({ sendTo: 'admin' });
  const { data: sent } = await provider.sendNotification({ sendTo: 'admin', title: 'Cold chain', body: 'Log the fridge' });
  expect(sent.recipients).toBe(data.resources.admins!.filter((admin) => Number(admin.status) === 1).length);
  expect(counted.recipients).toBe(sent.recipients);
  const bell = (await provider.getNotifications()).data;
  expect(bell.count).toBe(before + 1);
  expect(bell.notifications[0]?.body.title).toBe('Cold chain');
  const { data: list } = await provider.getList('notifications', { ...everything, sort: { field: 'created_at', order: 'DESC' } });
  expect(list[0]).toMatchObject({ title: 'Cold chain', send_to: 'admin', recipients: sent.recipients });
  expect(list.length).toBe((data.resources.notifications?.length ?? 0) + 1);
  await provider.markNotificationsRead();
  expect((await provider.getNotifications()).data.count).toBe(0);
});

test('the audience of a notification is counted as the send counts it: active records only', async () => {
  const { provider } = setup();
  const active = (list: { status?: unknown }[] | undefined) => (list ?? []).filter((record) => Number(record.status) === 1).length;
  expect((await provider.countNotificationAudience({ sendTo: 'patient' })).data.recipients).toBe(active(data.resources['app-users']));
  expect((await provider.countNotificationAudience({ sendTo: 'doctor' })).data.recipients).toBe(active(data.resources.doctors));
  const { data: [patient] } = await provider.getList('app-users', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { status: 1 } });
  const before = (await provider.countNotificationAudience({ sendTo: 'patient' })).data.recipients;
  await provider.updateStatus('app-users', { id: patient!.id, status: 2 });
  expect((await provider.countNotificationAudience({ sendTo: 'patient' })).data.recipients).toBe(before - 1);
  expect((await provider.sendNotification({ sendTo: 'patient', title: 'Clinic day', body: 'Saturday' })).data.recipients).toBe(before - 1);
});

test('the promotional content is the dumped one, and a testimonial can be added and removed', async () => {
  const { provider } = setup();
  const { data: content } = await provider.getPromotional();
  expect(content.testimonials.length).toBeGreaterThan(0);
  const { data: item } = await provider.addPromotionalItem('testimonial', { name: 'Amina', text: 'Helpful' });
  expect((await provider.getPromotional()).data.testimonials).toContainEqual(item);
  await provider.deletePromotionalItem('testimonial', item!.id);
  expect((await provider.getPromotional()).data.testimonials).toHaveLength(content.testimonials.length);
});

describe('the demo sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => data }));
  });
  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  test('refuses another password and signs the demo admin in with his permissions', async () => {
    await expect(login(DEMO_ADMIN.email, 'not-the-password')).rejects.toMatchObject({ status: 422 });
    expect(isSignedIn()).toBe(false);
    await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(isSignedIn()).toBe(true);
    expect(getPermissions()).toEqual(data.admin.session.permissions);
  });
});
