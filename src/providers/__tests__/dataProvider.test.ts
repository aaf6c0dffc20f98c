/**
 * The data provider against answers of the real server, recorded by `npm run record-fixtures`
 * (src/test/recorded-api.json), and against hand-written answers of the older server. Each call is
 * also held to the request the recorder made: the provider asks what the server was asked.
 */
import { waitFor } from '@testing-library/react';
import { HttpError } from 'ra-core';
import {
  pathOf,
  queryOf,
  recorded,
  recordedCalls as calls,
  restoreFetch,
  restoreXhr,
  stubFetch,
  stubXhr,
  type RecordedName,
  type SentRequest,
} from '../../test/recorded-http';
import { createDataProvider, fetchPageUrl, normaliseRecord, toWriteBody, UPLOAD_FAILED } from '../dataProvider';
import { withFileValues } from '../files';
import olderTaken from './fixtures/older/admin-email-taken.json';
import olderAdmin from './fixtures/older/admin.json';
import olderAdminsPage1 from './fixtures/older/admins-page-1.json';
import olderAdminsPage2 from './fixtures/older/admins-page-2.json';
import olderExport from './fixtures/older/export.json';
import olderUploadDone from './fixtures/older/upload-chunk-done.json';

const navigate = jest.fn<void, [string]>();
const provider = createDataProvider({ navigate, pageProtocol: () => 'http:' });
const listParams = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
const session = calls.login.body.data;

/** The request went where the recorder's did, with its query (and its JSON body, when given). */
function expectRecordedRequest(sent: SentRequest | undefined, name: RecordedName, { body = true } = {}): void {
  const { request } = calls[name];
  expect(sent?.method).toBe(request.method);
  expect(pathOf(sent?.url ?? '')).toBe(pathOf(`/api/admin${request.path}`));
  expect(queryOf(sent?.url ?? '')).toMatchObject(queryOf(request.path));
  if (body && 'body' in request) expect(sent?.json).toEqual(request.body);
}

/** Awaits a rejection and checks it is react-admin's HttpError. */
async function httpError(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', session.token);
  localStorage.setItem('uid', String(session.id));
  localStorage.setItem('encrypted_id', session.encrypted_id);
  localStorage.setItem('pusher_id', session.pusher_id);
  navigate.mockReset();
});
afterEach(() => {
  restoreFetch();
  restoreXhr();
});

describe('getList', () => {
  test('our paginator: total, normalised ids', async () => {
    const sent = stubFetch([recorded('rolesPage1')]);
    const result = await provider.getList('roles', { ...listParams, pagination: { page: 1, perPage: 2 } });
    expectRecordedRequest(sent[0], 'rolesPage1');
    const page = calls.rolesPage1.body.data;
    expect(result.total).toBe(page.total);
    expect(result.pageInfo).toBeUndefined();
    expect(result.data.map((r) => [r.id, r.number, r.name])).toEqual(page.data.map((r) => [r.encrypted_id, r.id, r.name]));
  });

  test("the older server's simple paginator (no total) gives pageInfo", async () => {
    stubFetch([{ body: olderAdminsPage1 }, { body: olderAdminsPage2 }]);
    const first = await provider.getList('admins', listParams);
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(first.data[0]).toMatchObject({ id: 'eyJpdiI6Ik1x', number: 12, f_name: 'Sana' });

    const second = await provider.getList('admins', { ...listParams, pagination: { page: 2, perPage: 25 } });
    expect(second.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  test('the admin list is asked for on behalf of the signed-in admin, who is not in it', async () => {
    const sent = stubFetch([recorded('adminsPage'), recorded('adminsPage')]);
    const result = await provider.getList('admins', listParams);
    expectRecordedRequest(sent[0], 'adminsPage');
    expect(result.data.map((admin) => admin.email)).toEqual(calls.adminsPage.body.data.data.map((admin) => admin.email));
    expect(result.data.map((admin) => admin.id)).not.toContain(session.encrypted_id);

    await provider.getList('admins', { ...listParams, filter: { q: 'bilal' } });
    expect(queryOf(sent[1]!.url)).toMatchObject({ search: 'bilal' });
  });

  test('a plain array (paginate=false) counts its items', async () => {
    const sent = stubFetch([recorded('districtsAll')]);
    const result = await provider.getList('districts', { ...listParams, filter: { paginate: false } });
    expectRecordedRequest(sent[0], 'districtsAll');
    expect(result.total).toBe(calls.districtsAll.body.data.length);
    expect(result.data.map((d) => d.id)).toEqual(calls.districtsAll.body.data.map((d) => d.encrypted_id));
  });

  test('search, sort, order and filters in the query string', async () => {
    const sent = stubFetch([recorded('rolesPage1')]);
    await provider.getList('areas', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'title', order: 'DESC' },
      filter: { q: 'gali', district_id: 7, tehsil_id: '', ids: ['a.1', 'a.2'] },
    });
    expect(queryOf(sent[0]!.url)).toEqual({
      page: '3',
      per_page: '10',
      sort: 'title',
      order: 'desc',
      search: 'gali',
      district_id: '7',
      ids: ['a.1', 'a.2'],
    });
    expect(sent[0]!.url).toContain('ids[]=a.1&ids[]=a.2');
  });

  test('a search given as `search` reaches the server; a blank `q` does not wipe it out, a typed one wins', async () => {
    const sent = stubFetch([recorded('rolesPage1'), recorded('rolesPage1'), recorded('rolesPage1'), recorded('rolesPage1')]);
    await provider.getList('app-users', { ...listParams, filter: { search: 'Rukhsar' } });
    expect(queryOf(sent[0]!.url)).toMatchObject({ search: 'Rukhsar' });
    await provider.getList('app-users', { ...listParams, filter: { search: 'Rukhsar', q: '' } });
    expect(queryOf(sent[1]!.url)).toMatchObject({ search: 'Rukhsar' });
    await provider.getList('app-users', { ...listParams, filter: { search: 'Rukhsar', q: 'Zainab' } });
    expect(queryOf(sent[2]!.url)).toMatchObject({ search: 'Zainab' });
    await provider.getList('app-users', listParams);
    expect(queryOf(sent[3]!.url)).not.toHaveProperty('search');
  });

  test('sorting by number sorts by the id column', async () => {
    const sent = stubFetch([recorded('rolesPage1')]);
    await provider.getList('roles', { ...listParams, sort: { field: 'number', order: 'DESC' } });
    expect(queryOf(sent[0]!.url)).toMatchObject({ sort: 'id', order: 'desc' });
  });

  test('getManyReference filters on the target', async () => {
    const sent = stubFetch([recorded('districtsAll')]);
    await provider.getManyReference('tehsils', { ...listParams, target: 'district_id', id: 7 });
    expect(queryOf(sent[0]!.url)).toMatchObject({ district_id: '7' });
  });
});

describe('reading records', () => {
  test('getOne by encrypted id', async () => {
    const sent = stubFetch([recorded('role')]);
    const role = calls.role.body.data;
    const { data } = await provider.getOne('roles', { id: role.encrypted_id });
    expectRecordedRequest(sent[0], 'role');
    expect(data).toMatchObject({ id: role.encrypted_id, number: role.id, encrypted_id: role.encrypted_id, name: role.name });
  });

  test('getOne passes meta.query to detail fetches that take extra parameters', async () => {
    const sent = stubFetch([{ body: olderAdmin }]);
    await provider.getOne('admins', { id: 'eyJpdiI6Ik1x', meta: { query: { with: 'roles' } } });
    expect(sent[0]!.url).toBe('/api/admin/admins/eyJpdiI6Ik1x?with=roles');
  });

  test('getMany asks for the ids unpaginated', async () => {
    const sent = stubFetch([recorded('districtsAll')]);
    const ids = calls.districtsAll.body.data.map((d) => d.encrypted_id);
    const { data } = await provider.getMany('districts', { ids });
    expect(data.map((d) => d.id)).toEqual(ids);
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/districts');
    expect(queryOf(sent[0]!.url)).toEqual({ ids, paginate: 'false' });
  });

  test('a record without encrypted_id keeps its numeric id', () => {
    expect(normaliseRecord({ id: 4, title: 'x' })).toEqual({ id: 4, number: 4, title: 'x' });
  });
});

describe('embedded relations', () => {
  // an appointment as the server presents it: its doctor and patient embedded, the doctor's specialisations, the patient's parent
  const appointment = {
    id: 31,
    encrypted_id: 'enc-a31',
    doctor_id: 5,
    patient_id: 8,
    doctor: { id: 5, encrypted_id: 'enc-d5', f_name: 'Sara', specializations: [{ id: 2, encrypted_id: 'enc-s2', title: 'Cardiology' }], file: { path: 'https://x/p.png', type: 'image', mimeType: 'image/png' } },
    patient: { id: 8, encrypted_id: 'enc-f8', f_name: 'Bilal', parent_id: 7, parent: { id: 7, encrypted_id: 'enc-p7', f_name: 'Ayesha' } },
    items: [{ id: 1, medicine: 'Paracetamol' }],
    meta: { id: 3, resource: 'feedbacks' },
  };

  test("a record's embedded relations, lists of them and theirs in turn have the encrypted id as id and keep the number", async () => {
    const sent = stubFetch([{ body: { success: true, data: appointment } }]);
    const { data } = await provider.getOne('appointments', { id: 'enc-a31' });
    expect(sent).toHaveLength(1);
    expect(data.doctor).toEqual({
      ...appointment.doctor,
      id: 'enc-d5',
      number: 5,
      specializations: [{ id: 'enc-s2', number: 2, encrypted_id: 'enc-s2', title: 'Cardiology' }],
      // its photo in react-admin's shape, as the record's own files
      file: { src: 'https://x/p.png', title: 'p.png', type: 'image/png' },
    });
    expect(data.patient).toMatchObject({ id: 'enc-f8', number: 8, parent: { id: 'enc-p7', number: 7, f_name: 'Ayesha' } });
    // references name the same records by the same ids
    expect(data).toMatchObject({ doctor_id: 'enc-d5', patient_id: data.patient.id });
    // child rows and other objects (no encrypted id) stay as they are
    expect(data.items).toEqual(appointment.items);
    expect(data.meta).toEqual(appointment.meta);
  });

  test("a key's encrypted id given beside it names the record by that id, with nothing to look up", async () => {
    const sent = stubFetch([{ body: { success: true, data: { id: 4, encrypted_id: 'enc-r4', detail: 'x', appointment_id: 31, appointment_encrypted_id: 'enc-a31', patient_id: null } } }]);
    const { data } = await provider.getOne('appointment-requests', { id: 'enc-r4' });
    expect(sent).toHaveLength(1);
    expect(data).toMatchObject({ id: 'enc-r4', number: 4, appointment_id: 'enc-a31' });
  });

  test('an embedded relation given by its encrypted id alone (the audit log\'s actor) has it as id', () => {
    const entry = normaliseRecord({ id: 12, action: 'update', actor: { encrypted_id: 'enc-ad1', name: 'Amna', email: null }, changes: { title: ['a', 'b'] } });
    expect(entry).toEqual({ id: 12, number: 12, action: 'update', actor: { id: 'enc-ad1', encrypted_id: 'enc-ad1', name: 'Amna', email: null }, changes: { title: ['a', 'b'] } });
  });

  test('in a list too', async () => {
    stubFetch([{ body: { success: true, data: { data: [appointment], total: 1, links: [] } } }]);
    const { data } = await provider.getList('appointments', listParams);
    expect(data[0]).toMatchObject({ id: 'enc-a31', number: 31, doctor: { id: 'enc-d5', number: 5 }, patient: { id: 'enc-f8', parent: { id: 'enc-p7' } } });
  });

  test('a write naming embedded relations by their ids sends their numbers, with nothing to look up', async () => {
    const read = stubFetch([{ body: { success: true, data: appointment } }]);
    const { data } = await provider.getOne('appointments', { id: 'enc-a31' });
    expect(read).toHaveLength(1);
    const sent = stubFetch([{ body: { success: true, data: { id: 9, encrypted_id: 'enc-r9', title: 'x' } } }]);
    await provider.create('appointment-requests', {
      data: { patient_id: data.patient.parent.id, doctor_id: data.doctor.id, specializationIds: data.doctor.specializations.map((s: { id: string }) => s.id), title: 'x' },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.json).toMatchObject({ patient_id: 7, doctor_id: 5, specializationIds: [2], title: 'x' });
  });

  test('an update of a record read (its embedded relations given as ids) sends its references as numbers', async () => {
    stubFetch([{ body: { success: true, data: appointment } }]);
    const { data: previousData } = await provider.getOne('appointments', { id: 'enc-a31' });
    const sent = stubFetch([{ body: { success: true, data: appointment } }]);
    await provider.update('appointments', { id: 'enc-a31', data: { ...previousData, detail: 'x' }, previousData });
    expect(sent[0]!.json).toMatchObject({ doctor_id: 5, patient_id: 8, detail: 'x' });
    expect(sent[0]!.json).not.toHaveProperty('id');
  });
});

describe('stored files', () => {
  const item = calls.hlcItem.body.data;
  /** A stored file of the server as the screens read it. */
  const asRead = (file: { path: string; mimeType: string }) => ({ src: file.path, title: file.path.split('/').pop(), type: file.mimeType });
  /** A medical history with two reports (one private, behind a signed link) and a patient with a photo, as the server presents it. */
  const history = {
    id: 4,
    encrypted_id: 'enc-m4',
    disease_name: 'Asthma',
    reports: [
      { path: '/api/admin/files/claim.signature', type: 'pdf', mimeType: 'application/pdf', private: true },
      { path: '/storage/reports/b.png', type: 'image', mimeType: 'image/png', private: false },
    ],
  };

  test("a record's stored files are react-admin's { src, title } (with their MIME type), and nothing of the server's file is left", async () => {
    const sent = stubFetch([recorded('hlcItem')]);
    const { data } = await provider.getOne('health-literacy-content', { id: item.encrypted_id });
    expectRecordedRequest(sent[0], 'hlcItem');
    expect(data.file).toEqual({ src: '/storage/hlc/recorded-upload.mp4', title: 'recorded-upload.mp4', type: 'video/mp4' });
    expect(data.thumbnail).toEqual(asRead(item.thumbnail));
    expect(JSON.stringify(data)).not.toMatch(/"(path|mimeType|private)"/);
    // the rest of the record as it was
    expect(data).toMatchObject({ id: item.encrypted_id, title: item.title, type: 'video', tags: item.tags });
  });

  test('in a list too', async () => {
    const sent = stubFetch([recorded('hlcPage')]);
    const { data } = await provider.getList('health-literacy-content', { ...listParams, sort: { field: 'created_at', order: 'DESC' } });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/health-literacy-content');
    const row = calls.hlcPage.body.data.data[0]!;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: row.encrypted_id, file: asRead(row.file), thumbnail: asRead(row.thumbnail) });
  });

  test("a list of files, an embedded relation's file, and a PDF's framable link", () => {
    const read = normaliseRecord({ ...history, patient: { id: 8, encrypted_id: 'enc-p8', photo: { path: '/storage/people/p%20one.jpg', type: 'image', mimeType: 'image/jpeg', private: false } } });
    expect(read.reports).toEqual([
      { src: '/api/admin/files/claim.signature', title: 'claim.signature', type: 'application/pdf' },
      { src: '/storage/reports/b.png', title: 'b.png', type: 'image/png' },
    ]);
    expect(read.patient).toEqual({ id: 'enc-p8', number: 8, encrypted_id: 'enc-p8', photo: { src: '/storage/people/p%20one.jpg', title: 'p one.jpg', type: 'image/jpeg' } });
    const pdf = normaliseRecord({ id: 5, encrypted_id: 'enc-5', file: { path: '/storage/hlc/d.pdf?v=2', type: 'pdf', mimeType: 'application/pdf', private: false, viewer: '/api/admin/files/v.sig' } });
    expect(pdf.file).toEqual({ src: '/storage/hlc/d.pdf?v=2', title: 'd.pdf', type: 'application/pdf', viewer: '/api/admin/files/v.sig' });
  });

  test('objects that only look like stored files stay as they are', () => {
    const value = { links: { path: '/api/admin/x', per_page: 25 }, route: { path: 'list', label: 'List' }, path: '/storage/a.png', none: null, list: ['a', 1] };
    expect(withFileValues(value)).toEqual(value);
  });

  test('an update leaves out the files kept as they were, and the server keeps them', async () => {
    stubFetch([recorded('hlcItem')]);
    const { data: previousData } = await provider.getOne('health-literacy-content', { id: item.encrypted_id });
    const sent = stubFetch([recorded('hlcUpdated')]);
    const { data } = await provider.update('health-literacy-content', { id: item.encrypted_id, data: { ...previousData, title: 'Handwashing at home' }, previousData });
    expectRecordedRequest(sent[0], 'hlcUpdated', { body: false });
    expect(sent[0]!.form ?? null).toBeNull();
    expect(sent[0]!.json).toMatchObject(calls.hlcUpdated.request.body);
    expect(sent[0]!.json).not.toHaveProperty('file');
    expect(sent[0]!.json).not.toHaveProperty('thumbnail');
    // the server's answer: the same files, read the same way
    expect(data.title).toBe('Handwashing at home');
    expect(data.file).toEqual(previousData.file);
    expect(data.thumbnail).toEqual(previousData.thumbnail);
  });

  test("a new file replaces a kept one: a chosen file goes as multipart, a chunked upload's link as text", async () => {
    stubFetch([recorded('hlcItem')]);
    const { data: previousData } = await provider.getOne('health-literacy-content', { id: item.encrypted_id });
    const sent = stubFetch([recorded('hlcUpdated')]);
    const thumbnail = new File(['png'], 'cover.png', { type: 'image/png' });
    await provider.update('health-literacy-content', {
      id: item.encrypted_id,
      data: { ...previousData, file: '/storage/hlc/another-upload.mp4', thumbnail: { rawFile: thumbnail, src: 'blob:cover', title: 'cover.png' } },
      previousData,
    });
    const form = sent[0]!.form!;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toBe('/storage/hlc/another-upload.mp4');
    expect((form.get('thumbnail') as File).name).toBe('cover.png');
  });

  test('in a list of files, a kept one goes back as the link it was read with, and a new one as the file', async () => {
    const read = normaliseRecord(history);
    const answer = { body: { success: true, data: history } };
    const kept = stubFetch([answer]);
    await provider.update('medical-histories', { id: 'enc-m4', data: read, previousData: read });
    expect(kept[0]!.json).toEqual({ disease_name: 'Asthma', reports: ['/api/admin/files/claim.signature', '/storage/reports/b.png'] });

    const report = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    const sent = stubFetch([answer]);
    const { data } = await provider.update('medical-histories', { id: 'enc-m4', data: { ...read, reports: [(read.reports as unknown[])[1], { rawFile: report, src: 'blob:scan', title: 'scan.pdf' }] }, previousData: read });
    const reports = sent[0]!.form!.getAll('reports[]');
    expect(reports[0]).toBe('/storage/reports/b.png');
    expect((reports[1] as File).name).toBe('scan.pdf');
    expect(reports).toHaveLength(2);
    expect(data.reports).toEqual(read.reports);
  });

  test('toWriteBody: a kept file is left out, a list names kept files by their links', () => {
    const chosen = new File(['x'], 'x.png', { type: 'image/png' });
    expect(
      toWriteBody({
        id: 'e',
        photo: { src: '/storage/a.png', title: 'a.png', type: 'image/png' },
        cover: { rawFile: chosen, src: 'blob:x', title: 'x.png' },
        files: [{ src: '/storage/b.pdf', title: 'b.pdf' }, chosen],
        removed: null,
      }),
    ).toEqual({ cover: chosen, files: ['/storage/b.pdf', chosen], removed: null });
  });
});

describe('writes', () => {
  test('create strips the ids and adds created_by', async () => {
    const sent = stubFetch([recorded('roleCreated')]);
    const { data } = await provider.create('roles', {
      data: { id: 'r.tmp', number: 9, encrypted_id: 'r.tmp', name: 'Auditor', permissions: ['view_role'] },
    });
    expectRecordedRequest(sent[0], 'roleCreated');
    const created = calls.roleCreated.body.data;
    expect(data).toMatchObject({ id: created.encrypted_id, number: created.id, name: 'Auditor' });
  });

  test('update sends the form values without ids to PUT /{r}/{id}', async () => {
    const sent = stubFetch([recorded('roleUpdated')]);
    const before = calls.roleCreated.body.data;
    const previousData = { ...before, id: before.encrypted_id, number: before.id };
    const { data } = await provider.update('roles', {
      id: before.encrypted_id,
      data: { ...previousData, name: 'Auditors', permissions: ['view_role'] },
      previousData,
    });
    expectRecordedRequest(sent[0], 'roleUpdated', { body: false });
    // what the form holds besides the recorded fields (is_super, admins_count, times) goes along; ids never
    expect(sent[0]!.json).toMatchObject(calls.roleUpdated.request.body);
    expect(sent[0]!.json).not.toHaveProperty('id');
    expect(data.name).toBe('Auditors');
  });

  test('files (also as react-admin FileInput values) go as multipart form data', async () => {
    const sent = stubFetch([recorded('roleCreated')]);
    const background = new File(['bg'], 'bg.png', { type: 'image/png' });
    const person = new File(['p'], 'person.jpg', { type: 'image/jpeg' });
    await provider.create('promotional', {
      data: {
        desc: 'Care near you',
        background_image: background,
        person_image: { rawFile: person, src: 'blob:x', title: 'person.jpg' },
        published: true,
      },
    });
    const form = sent[0]!.form!;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('desc')).toBe('Care near you');
    expect((form.get('background_image') as File).name).toBe('bg.png');
    expect((form.get('person_image') as File).name).toBe('person.jpg');
    expect(form.get('published')).toBe('1');
    expect(form.get('created_by')).toBe(String(session.id));
  });

  test('toWriteBody keeps everything but the ids', () => {
    expect(toWriteBody({ id: 1, number: 1, encrypted_id: 'e', title: 'A', district_id: 7 })).toEqual({
      title: 'A',
      district_id: 7,
    });
  });

  test('delete answers the deleted record; updateMany and deleteMany call once per id', async () => {
    const sent = stubFetch([recorded('roleDeleted'), recorded('roleUpdated'), recorded('roleUpdated'), recorded('roleDeleted'), recorded('roleDeleted')]);
    const deleted = calls.roleDeleted.body.data;
    const { data } = await provider.delete('roles', { id: deleted.encrypted_id, previousData: { id: deleted.encrypted_id } });
    expect(data).toMatchObject({ id: deleted.encrypted_id, number: deleted.id, name: deleted.name });
    expectRecordedRequest(sent[0], 'roleDeleted');
    await expect(provider.updateMany('roles', { ids: ['r.A', 'r.B'], data: { name: 'X' } })).resolves.toEqual({
      data: ['r.A', 'r.B'],
    });
    await expect(provider.deleteMany('roles', { ids: ['r.A', 'r.B'] })).resolves.toEqual({ data: ['r.A', 'r.B'] });
    expect(sent.slice(1).map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/admin/roles/r.A',
      'PUT /api/admin/roles/r.B',
      'DELETE /api/admin/roles/r.A',
      'DELETE /api/admin/roles/r.B',
    ]);
  });

  test('delete falls back to the previous data when the answer has no record', async () => {
    stubFetch([{ body: { ...calls.roleDeleted.body, data: null } }]);
    const previousData = { id: 'r.B', name: 'Editor' };
    await expect(provider.delete('roles', { id: 'r.B', previousData })).resolves.toEqual({ data: previousData });
  });
});

describe('errors', () => {
  test('our 422 becomes HttpError with body.errors holding the first messages, as translation keys of their codes', async () => {
    const sent = stubFetch([recorded('roleInvalid')]);
    const error = await httpError(provider.create('roles', { data: { name: 'Editor', permissions: [] } }));
    expectRecordedRequest(sent[0], 'roleInvalid', { body: false });
    expect(error.status).toBe(422);
    expect(error.message).toBe(`server.${calls.roleInvalid.body.code}`);
    expect(error.body).toEqual({ errors: { name: `server.${calls.roleInvalid.body.codes.name[0]}` } });
  });

  test("the older server's 422 too", async () => {
    stubFetch([{ status: 422, body: olderTaken }]);
    const error = await httpError(provider.create('admins', { data: { email: 'sana@example.org' } }));
    expect(error.status).toBe(422);
    expect(error.body).toEqual({ errors: { email: 'The email has already been taken.' } });
  });

  test('field errors on HTTP 200 with success false are validation errors as well', async () => {
    stubFetch([{ status: 200, body: olderTaken }]);
    const error = await httpError(provider.update('admins', { id: 'e', data: {}, previousData: { id: 'e' } }));
    expect(error.status).toBe(422);
    expect(error.body).toEqual({ errors: { email: 'The email has already been taken.' } });
  });

  test('401 clears the session and rejects with status 401', async () => {
    stubFetch([recorded('unauthenticated')]);
    const error = await httpError(provider.getList('roles', listParams));
    expect(error).toMatchObject({ status: 401, message: 'server.unauthenticated' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('403 and 404 keep their status and body', async () => {
    stubFetch([recorded('forbidden'), recorded('roleNotFound')]);
    const denied = await httpError(provider.getList('roles', listParams));
    expect(denied).toMatchObject({ status: 403, message: 'server.unauthorized', body: calls.forbidden.body });
    const missing = await httpError(provider.getOne('roles', { id: 'tampered-id' }));
    expect(missing).toMatchObject({ status: 404, message: 'server.not_found' });
  });
});

describe('custom methods', () => {
  test('updateStatus', async () => {
    const sent = stubFetch([recorded('adminStatus')]);
    const admin = calls.adminStatus.body.data;
    const { data } = await provider.updateStatus('admins', { id: admin.encrypted_id, status: 2 });
    expectRecordedRequest(sent[0], 'adminStatus');
    expect(data).toMatchObject({ id: admin.encrypted_id, status: 2 });
  });

  test('exportList asks for a download link and opens it', async () => {
    const sent = stubFetch([recorded('exportLink')]);
    const { data } = await provider.exportList('roles', {
      filter: { q: 'edit' },
      sort: { field: 'name', order: 'ASC' },
      format: 'xlsx',
    });
    expectRecordedRequest(sent[0], 'exportLink');
    expect(queryOf(sent[0]!.url)).toEqual(queryOf(calls.exportLink.request.path));
    expect(data).toBe(calls.exportLink.body.data);
    expect(navigate).toHaveBeenCalledWith(calls.exportLink.body.data);
  });

  test('exportList on an https page opens the https link (older server answer)', async () => {
    stubFetch([{ body: olderExport }]);
    const onHttps = createDataProvider({ navigate, pageProtocol: () => 'https:' });
    const { data } = await onHttps.exportList('admins');
    expect(data).toBe('https://old-console.example.org/storage/exports/admins-2024.csv');
    expect(navigate).toHaveBeenCalledWith('https://old-console.example.org/storage/exports/admins-2024.csv');
  });

  test("exportRecord asks for one record's download link (a survey form's submissions) and opens it", async () => {
    const link = 'http://console.example.org/api/admin/exports/form-submissions/claim.signature';
    const sent = stubFetch([{ body: { success: true, data: link, message: 'Export ready.' } }]);
    const onHttps = createDataProvider({ navigate, pageProtocol: () => 'https:' });
    const { data } = await onHttps.exportRecord('dynamic-forms', { id: 'enc/1', format: 'xlsx' });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/dynamic-forms/export/enc%2F1');
    expect(queryOf(sent[0]!.url)).toEqual({ format: 'xlsx' });
    expect(data).toBe(link.replace('http:', 'https:'));
    expect(navigate).toHaveBeenCalledWith(data);
    stubFetch([{ body: { success: true, data: null } }]);
    expect((await httpError(provider.exportRecord('dynamic-forms', { id: 'enc-1' }))).message).toBe('The server did not return a download link.');
  });

  test("getRecordList reads a record's own paged list (a message's recipients)", async () => {
    const page = {
      current_page: 2, per_page: 1, total: 2, last_page: 2, from: 2, to: 2,
      data: [{ id: 41, encrypted_id: 'enc-41', full_name: 'Rukhsana Bibi', task_status: { is_view: true, status: 'Submitted', submitted_date: '2026-11-20' } }],
      first_page_url: null, last_page_url: null, next_page_url: null, prev_page_url: 'http://console.example.org/api/admin/user-messages/enc-7/recipients?page=1', links: [], path: '',
    };
    const sent = stubFetch([{ body: { success: true, data: page } }]);
    const { data, total } = await provider.getRecordList('user-messages', { id: 'enc/7', list: 'recipients', page: 2, perPage: 1 });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/user-messages/enc%2F7/recipients');
    expect(queryOf(sent[0]!.url)).toEqual({ page: '2', per_page: '1' });
    expect(total).toBe(2);
    expect(data).toEqual([expect.objectContaining({ id: 'enc-41', number: 41, full_name: 'Rukhsana Bibi' })]);
  });

  test("getDutySlots reads a doctor's slots of a month (the Working Hours calendar)", async () => {
    const slot = { id: 5, encrypted_id: 'slot-5', roster_id: 2, roster_encrypted_id: 'enc-2', date: '2026-03-02', s_time: '09:00', e_time: '09:20', status: 'Booked', open: false };
    const sent = stubFetch([{ body: { success: true, data: [slot] } }]);
    const { data } = await provider.getDutySlots({ doctorId: 12, month: '2026-03' });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/duty-roasters/slots');
    expect(queryOf(sent[0]!.url)).toEqual({ doctor_id: '12', month: '2026-03' });
    expect(data).toEqual([slot]);
    stubFetch([{ body: { success: true, data: null } }]);
    expect((await httpError(provider.getDutySlots({ doctorId: 12, month: '2026-03' }))).message).toBe('The server answered without a list.');
  });

  test("getOpenSlots reads a doctor's open slots of a month (booking and rescheduling)", async () => {
    const slot = { encrypted_id: 'slot-9', date: '2026-12-02', s_time: '09:00', e_time: '09:20' };
    const sent = stubFetch([{ body: { success: true, data: [slot] } }]);
    const { data } = await provider.getOpenSlots({ doctorId: 12, month: '2026-12' });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/appointments/open-slots');
    expect(queryOf(sent[0]!.url)).toEqual({ doctor_id: '12', month: '2026-12' });
    // the server names an open slot by its encrypted id: that is its id
    expect(data).toEqual([{ id: 'slot-9', date: '2026-12-02', s_time: '09:00', e_time: '09:20' }]);
    stubFetch([{ body: { success: true, data: { slots: [] } } }]);
    expect((await httpError(provider.getOpenSlots({ doctorId: 12, month: '2026-12' }))).message).toBe('The server answered without a list.');
  });

  test('rescheduleAppointment moves an appointment to a slot in one call; a lost slot is a 422 on slot_id', async () => {
    const moved = { id: 7, encrypted_id: 'enc/7', status: 'Booked', date: '2026-12-03', s_time: '10:00', e_time: '10:20' };
    const sent = stubFetch([{ body: { success: true, data: moved } }]);
    const { data } = await provider.rescheduleAppointment({ id: 'enc/7', slotId: 'slot-9' });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/appointments/reschedule/enc%2F7');
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.json).toEqual({ slot_id: 'slot-9' });
    expect(data).toEqual(expect.objectContaining({ id: 'enc/7', number: 7, date: '2026-12-03' }));
    stubFetch([{ status: 422, body: { success: false, message: 'This slot is no longer available.', error: { slot_id: ['This slot is no longer available.'] } } }]);
    const refused = await httpError(provider.rescheduleAppointment({ id: 'enc/7', slotId: 'slot-9' }));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: { slot_id: 'This slot is no longer available.' } });
  });

  test('getPermissionModules', async () => {
    const sent = stubFetch([recorded('modules')]);
    const { data } = await provider.getPermissionModules();
    expectRecordedRequest(sent[0], 'modules');
    expect(data.map((m) => m.key)).toEqual(calls.modules.body.data.map((m) => m.key));
    expect(data.find((m) => m.key === 'role')?.permissions.map((p) => p.name)).toContain('view_role');
  });

  test('changePassword: own with the old password, another admin without', async () => {
    const sent = stubFetch([recorded('ownPasswordChanged'), recorded('passwordChanged')]);
    const own = calls.ownPasswordChanged.request.body;
    await expect(provider.changePassword(own)).resolves.toEqual({ message: calls.ownPasswordChanged.body.message });
    const other = calls.passwordChanged.request;
    await provider.changePassword({ id: other.path.split('/').at(-1), ...other.body });
    expectRecordedRequest(sent[0], 'ownPasswordChanged');
    expectRecordedRequest(sent[1], 'passwordChanged');
  });

  test('getProfile and updateProfile (multipart, refreshes the stored name and photo)', async () => {
    const sent = stubFetch([recorded('profile'), recorded('profileUpdated')]);
    const { data: loaded } = await provider.getProfile();
    expectRecordedRequest(sent[0], 'profile');
    expect(loaded.id).toBe(session.encrypted_id);

    const photo = new File(['img'], 'photo.png', { type: 'image/png' });
    await provider.updateProfile({ ...loaded, ...calls.profileUpdated.request.body, file: { rawFile: photo, src: 'blob:y' } });
    const form = sent[1]!.form!;
    expectRecordedRequest(sent[1], 'profileUpdated', { body: false });
    expect([...form.keys()].sort()).toEqual(Object.keys(calls.profileUpdated.request.body).sort());
    expect(form.get('f_name')).toBe(calls.profileUpdated.request.body.f_name);
    expect(localStorage.getItem('f_name')).toBe(calls.profileUpdated.body.data.f_name);
    expect(localStorage.getItem('profile_image')).toBe(calls.profileUpdated.body.data.file.path);
  });

  test('updateProfile without a new photo (the { src, title } read) sends no file', async () => {
    stubFetch([recorded('profileUpdated')]);
    const { data: loaded } = await provider.getProfile();
    // the photo the server gives as { path } alone
    expect(loaded.file).toEqual({ src: calls.profileUpdated.body.data.file.path, title: 'recorded-photo.png' });
    const sent = stubFetch([recorded('profileUpdated')]);
    await provider.updateProfile({ ...loaded, f_name: 'Amina', email: 'amina@example.org' });
    expect(sent[0]!.form!.has('file')).toBe(false);
  });
});

describe('dashboard, notifications and real time', () => {
  test('getDashboard', async () => {
    const sent = stubFetch([recorded('dashboard')]);
    const { data } = await provider.getDashboard();
    expectRecordedRequest(sent[0], 'dashboard');
    // every figure the console reads is the server's
    expect(calls.dashboard.body.data).toMatchObject(data);
    expect(data.cities).toEqual(calls.dashboard.body.data.cities);
  });

  test('search asks GET /search?q= and reads its groups; a group or hit of another shape is left out', async () => {
    const sent = stubFetch([recorded('search')]);
    const { data } = await provider.search({ q: '0300123' });
    expectRecordedRequest(sent[0], 'search');
    expect(data).toEqual(calls.search.body.data.groups);
    expect(data.find((g) => g.resource === 'app-users')?.hits.map((h) => h.detail)).toEqual(['03001234567']);
    stubFetch([{ status: 200, body: { success: true, data: { groups: [{ resource: 'roles', hits: [] }, { resource: 'doctors', hits: [{ id: 7 }], more: 'yes' }] } } }]);
    expect((await provider.search({ q: 'ab' })).data).toEqual([{ resource: 'doctors', hits: [], more: false }]);
  });

  test("getNotifications reads the signed-in admin's bell; without a pusher id there is none to ask for", async () => {
    const sent = stubFetch([recorded('bell')]);
    const { data } = await provider.getNotifications();
    expectRecordedRequest(sent[0], 'bell');
    const bell = calls.bell.body.data;
    expect(data.count).toBe(bell.count);
    expect(data.notifications.map((n) => [n.id, n.body.title, n.is_read])).toEqual(bell.notifications.map((n) => [n.id, n.body.title, n.is_read]));

    // data naming a record names it by its id as well (the encrypted id its page takes)
    for (const [n, raw] of data.notifications.map((n, i) => [n, bell.notifications[i]!] as const)) {
      const named = (raw as { data?: { encrypted_id?: string } | null }).data;
      if (named?.encrypted_id) expect(n.data).toMatchObject({ ...named, id: named.encrypted_id });
    }
    const more = stubFetch([{ body: { success: true, data: { count: 1, notifications: [{ id: 3, type: 'feedback', body: { title: 't', body: 'b' }, data: { resource: 'feedbacks', encrypted_id: 'enc-f3' }, is_read: false, created_at: '2026-11-20T10:00:00Z' }] } } }]);
    expect((await provider.getNotifications()).data.notifications[0]!.data).toEqual({ resource: 'feedbacks', encrypted_id: 'enc-f3', id: 'enc-f3' });

    localStorage.removeItem('pusher_id');
    await expect(provider.getNotifications()).resolves.toEqual({ data: { notifications: [], count: 0 } });
    expect(more).toHaveLength(1);
  });

  test('markNotificationsRead: all without ids, or the given ones', async () => {
    const sent = stubFetch([recorded('markedRead'), recorded('markedRead')]);
    await expect(provider.markNotificationsRead()).resolves.toEqual({ data: { marked: calls.markedRead.body.data.marked } });
    expectRecordedRequest(sent[0], 'markedRead');
    await provider.markNotificationsRead({ ids: [3, 4] });
    expect(sent[1]!.json).toEqual({ ids: [3, 4] });
  });

  test("countNotificationAudience asks the send's audience fields and resolves with the count; a refusal is a 422", async () => {
    const sent = stubFetch([recorded('notificationAudience'), recorded('notificationAudienceInvalid')]);
    const result = await provider.countNotificationAudience({ sendTo: 'admin' });
    expectRecordedRequest(sent[0], 'notificationAudience');
    expect(result).toEqual({ data: { recipients: calls.notificationAudience.body.data.recipients } });
    expect(result.data.recipients).toBeGreaterThan(0);

    const refused = await httpError(provider.countNotificationAudience({ sendTo: 'everyone' as 'admin' }));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: { sendTo: 'server.recipients_required' } });
  });

  test("sendNotification resolves with what was sent and the server's message; a refusal is a 422", async () => {
    const sent = stubFetch([recorded('notificationSent'), recorded('notificationInvalid')]);
    const result = await provider.sendNotification(calls.notificationSent.request.body as Parameters<typeof provider.sendNotification>[0]);
    expectRecordedRequest(sent[0], 'notificationSent');
    expect(result).toEqual({ data: calls.notificationSent.body.data, message: calls.notificationSent.body.message });

    const refused = await httpError(provider.sendNotification(calls.notificationInvalid.request.body as Parameters<typeof provider.sendNotification>[0]));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: { sendTo: 'server.recipients_required' } });
  });

  test('getRealtimeConfig: how to connect, or null when real time is off', async () => {
    const sent = stubFetch([recorded('realtimeConfig'), { body: { ...calls.realtimeConfig.body, data: { ...calls.realtimeConfig.body.data, enabled: false } } }]);
    const { data } = await provider.getRealtimeConfig();
    expectRecordedRequest(sent[0], 'realtimeConfig');
    const { key, host, port, tls, cluster } = calls.realtimeConfig.body.data;
    expect(data).toEqual({ key, host, port, tls, cluster });
    await expect(provider.getRealtimeConfig()).resolves.toEqual({ data: null });
  });

  test('authorizeChannel signs a subscription, answers null for a refused channel and fails on a lost session', async () => {
    const sent = stubFetch([recorded('channelAuthorized'), recorded('channelRefused'), recorded('unauthenticated')]);
    const { socket_id: socketId, channel_name: channelName } = calls.channelAuthorized.request.body;
    await expect(provider.authorizeChannel({ socketId, channelName })).resolves.toEqual({ data: calls.channelAuthorized.body });
    expectRecordedRequest(sent[0], 'channelAuthorized');

    const refused = calls.channelRefused.request.body;
    await expect(provider.authorizeChannel({ socketId: refused.socket_id, channelName: refused.channel_name })).resolves.toEqual({ data: null });
    expect((await httpError(provider.authorizeChannel({ socketId, channelName }))).status).toBe(401);
  });
});

describe('uploadChunked', () => {
  const megabytes = (n: number) => new Uint8Array(Math.round(n * 1024 * 1024));
  const uploaded = calls.uploadChunkDone.body.data;
  const statusPath = pathOf(`/api/admin${calls.uploadChunkStatusEmpty.request.path}`);
  /** A chunk size in MB that makes `bytes` bytes. */
  const bytes = (n: number) => n / (1024 * 1024);
  /** The recorded two-chunk video: 10 bytes in chunks of 5. */
  const twoChunks = () => new File(['0123456789'], 'lesson.mp4', { type: 'video/mp4', lastModified: 1718000000000 });

  beforeEach(() => sessionStorage.clear());

  test('asks what the server holds, then splits an 11 MB file into three 5 MB chunks and reports progress up to 100', async () => {
    const asked = stubFetch([recorded('uploadChunkStatusEmpty')]);
    const sent = stubXhr([
      { ...recorded('uploadChunkReceived'), progress: [0.5, 1] },
      { ...recorded('uploadChunkReceived'), progress: [0.5, 1] },
      { ...recorded('uploadChunkDone'), progress: [1] },
    ]);
    const request = calls.uploadChunkDone.request.body;
    const file = new File([megabytes(11)], 'Lesson One.MP4', { type: 'video/mp4' });
    const progress: number[] = [];
    const result = await provider.uploadChunked(file, { folder: request.folder, onProgress: (p) => progress.push(p) });

    // the uploaded file as the screens read stored files
    expect(result).toEqual({ src: uploaded.path, title: uploaded.path.split('/').pop(), type: uploaded.mimeType });
    // the status query names the upload as its chunks do
    expect(asked).toHaveLength(1);
    expect(asked[0]!.method).toBe('GET');
    expect(pathOf(asked[0]!.url)).toBe(statusPath);
    expect(Object.keys(queryOf(asked[0]!.url)).sort()).toEqual(Object.keys(queryOf(calls.uploadChunkStatusEmpty.request.path)).sort());
    const query = queryOf(asked[0]!.url);
    expect(query).toMatchObject({ folder: request.folder, totalChunks: '3', fileExtension: 'mp4', mimeType: 'video/mp4' });

    expect(sent).toHaveLength(3);
    const forms = sent.map((r) => r.form!);
    expect(sent.every((r) => pathOf(r.url) === `/api/admin${calls.uploadChunkDone.request.path}` && r.method === 'POST')).toBe(true);
    // the fields the recorder sent, named alike (the checksum only where the browser can hash)
    const withoutChecksum = (keys: string[]) => keys.filter((k) => k !== 'sha256').sort();
    expect(withoutChecksum([...forms[0]!.keys()])).toEqual(withoutChecksum(Object.keys(request)));
    expect(forms.map((f) => (f.get('chunk') as File).size)).toEqual([5 * 1024 * 1024, 5 * 1024 * 1024, 1024 * 1024]);
    expect(forms.map((f) => f.get('index'))).toEqual(['0', '1', '2']);
    expect(forms.every((f) => f.get('totalChunks') === '3')).toBe(true);
    expect(forms.every((f) => f.get('timestamp') === query.timestamp)).toBe(true);
    expect(String(query.timestamp)).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/);
    expect(forms.every((f) => f.get('fileExtension') === request.fileExtension && f.get('mimeType') === request.mimeType)).toBe(true);
    expect(forms.every((f) => f.get('folder') === request.folder)).toBe(true);

    expect(progress).toEqual([0, 22, 45, 68, 90, 100]);
    // a finished upload is forgotten: the same file chosen again is a new upload
    expect(sessionStorage.length).toBe(0);
  });

  test('a small chunk size, an older server without the status query, and its answer with file beside data', async () => {
    stubFetch([{ status: 404, body: { success: false, message: 'Not found' } }]);
    stubXhr([recorded('uploadChunkReceived'), recorded('uploadChunkReceived'), recorded('uploadChunkReceived'), { body: olderUploadDone }]);
    const file = new File(['0123456789'], 'clip.mp4', { type: 'video/mp4' });
    const progress: number[] = [];
    const result = await provider.uploadChunked(file, { folder: 'videos', chunkSizeMb: bytes(3), onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ src: 'health-literacy/1718000000000.mp4', title: '1718000000000.mp4', type: 'video/mp4' });
    expect(progress).toEqual([0, 30, 60, 90, 100]);
  });

  test('without a progress callback it uses fetch, and a refusal is final (no retry)', async () => {
    const refusal = { status: 422, body: { success: false, message: 'Chunk rejected.', error: { chunk: ['Chunk rejected.'] } } };
    const sent = stubFetch([recorded('uploadChunkStatusEmpty'), recorded('uploadChunkReceived'), refusal]);
    const file = new File(['0123456789'], 'clip.mp4', { type: 'video/mp4' });
    const error = await httpError(provider.uploadChunked(file, { folder: 'videos', chunkSizeMb: bytes(4), retryDelayMs: 1 }));
    expect(error.status).toBe(422);
    expect(sent).toHaveLength(3);
    expect(sessionStorage.length).toBe(0);
  });

  test('after a page reload the same file resumes: the chunks the server holds are not sent again', async () => {
    // the first page: chunk 0 goes through, then the page goes away while chunk 1 is on its way
    const leaving = new AbortController();
    stubFetch([recorded('uploadChunkStatusEmpty')]);
    const first = stubXhr((request) => {
      if (request.form?.get('index') === '1') leaving.abort();
      return recorded('uploadChunkReceived');
    });
    await expect(provider.uploadChunked(twoChunks(), { folder: 'hlc', chunkSizeMb: bytes(5), signal: leaving.signal, onProgress: () => undefined })).rejects.toThrow(/abort/i);
    expect(first.map((r) => r.form!.get('index'))).toEqual(['0', '1']);
    const id = first[0]!.form!.get('timestamp');

    // the reloaded page: the server holds chunk 0 (as recorded), so only chunk 1 goes
    const asked = stubFetch([recorded('uploadChunkStatusPartial')]);
    const second = stubXhr([recorded('uploadChunkDone')]);
    const progress: number[] = [];
    const result = await provider.uploadChunked(twoChunks(), { folder: 'hlc', chunkSizeMb: bytes(5), onProgress: (p) => progress.push(p) });
    expect(queryOf(asked[0]!.url).timestamp).toBe(id);
    expect(second.map((r) => [r.form!.get('index'), r.form!.get('timestamp')])).toEqual([['1', id]]);
    expect(progress).toEqual([50, 100]);
    expect(result).toEqual({ src: uploaded.path, title: uploaded.path.split('/').pop(), type: uploaded.mimeType });
  });

  test('an upload the server already assembled (its last answer was lost) sends nothing', async () => {
    stubFetch([recorded('uploadChunkStatusDone')]);
    const sent = stubXhr([]);
    const progress: number[] = [];
    const done = calls.uploadChunkStatusDone.body.data.file;
    await expect(provider.uploadChunked(twoChunks(), { folder: 'hlc', chunkSizeMb: bytes(5), onProgress: (p) => progress.push(p) })).resolves.toEqual({ src: done.path, title: 'recorded-upload.mp4', type: done.mimeType });
    expect(sent).toHaveLength(0);
    expect(progress).toEqual([100]);
  });

  test('a chunk cut off by the network is tried again, with the same bytes, until it goes through', async () => {
    stubFetch([recorded('uploadChunkStatusEmpty')]);
    const sent = stubXhr([
      recorded('uploadChunkReceived'),
      { progress: [0.4], network: true },
      { status: 503, body: { success: false, message: 'Service unavailable' } },
      recorded('uploadChunkDone'),
    ]);
    const retries: unknown[] = [];
    const progress: number[] = [];
    const result = await provider.uploadChunked(twoChunks(), {
      folder: 'hlc', chunkSizeMb: bytes(5), retryDelayMs: 1, onRetry: (r) => retries.push(r), onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ src: uploaded.path, title: uploaded.path.split('/').pop(), type: uploaded.mimeType });
    expect(sent.map((r) => r.form!.get('index'))).toEqual(['0', '1', '1', '1']);
    expect(retries).toEqual([{ attempt: 2, attempts: 5, offline: false }, { attempt: 3, attempts: 5, offline: false }, null]);
    // the percentage never goes back while a chunk is sent again
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  test('gives up after its tries with the weak-connection message, and the next try starts a new upload', async () => {
    stubFetch([recorded('uploadChunkStatusEmpty')]);
    const sent = stubXhr(() => ({ network: true }));
    const error = await httpError(provider.uploadChunked(twoChunks(), { folder: 'hlc', chunkSizeMb: bytes(5), attempts: 3, retryDelayMs: 1, onProgress: () => undefined }));
    expect(error.message).toBe(UPLOAD_FAILED);
    expect(sent).toHaveLength(3);
    expect(sessionStorage.length).toBe(0);
  });

  test('offline, it waits for the connection to come back instead of spending its tries', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch([recorded('uploadChunkStatusEmpty')]);
    const sent = stubXhr([recorded('uploadChunkReceived'), { network: true }, recorded('uploadChunkDone')]);
    const retries: unknown[] = [];
    const upload = provider.uploadChunked(twoChunks(), {
      folder: 'hlc', chunkSizeMb: bytes(5), attempts: 2, retryDelayMs: 60_000, onRetry: (r) => retries.push(r), onProgress: () => undefined,
    });
    await waitFor(() => expect(retries).toEqual([{ attempt: 2, attempts: 2, offline: true }]));
    expect(sent).toHaveLength(2);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(upload).resolves.toEqual({ src: uploaded.path, title: uploaded.path.split('/').pop(), type: uploaded.mimeType });
    expect(sent.map((r) => r.form!.get('index'))).toEqual(['0', '1', '1']);
    online.mockRestore();
  });

  test('offline for longer than it waits: given up', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch([{ network: true }]);
    const error = await httpError(provider.uploadChunked(twoChunks(), { folder: 'hlc', chunkSizeMb: bytes(5), offlineWaitMs: 5 }));
    expect(error.message).toBe(UPLOAD_FAILED);
    online.mockRestore();
  });
});

describe('fetchPageUrl', () => {
  test('follows the next page link and reads data.data', async () => {
    const sent = stubFetch([recorded('rolesPage2')]);
    const next = calls.rolesPage1.body.data.next_page_url;
    const page = await fetchPageUrl(next, undefined, 'http:');
    expect(sent[0]!.url).toBe(next);
    const second = calls.rolesPage2.body.data;
    expect(page).toMatchObject({ total: second.total, current_page: 2, next_page_url: null });
    expect(page.data.map((r) => r.id)).toEqual(second.data.map((r) => r.encrypted_id));
  });

  test('on an https page the link is followed over https', async () => {
    const sent = stubFetch([{ body: olderAdminsPage2 }]);
    const page = await fetchPageUrl(olderAdminsPage1.data.next_page_url, undefined, 'https:');
    expect(sent[0]!.url).toBe('https://old-console.example.org/api/admin/admins/admin/eyJpdiI6IkFk?page=2');
    expect(page.total).toBeUndefined();
    expect(page.prev_page_url).not.toBeNull();
  });
});

describe('references (react-admin ids in, the server numeric keys out)', () => {
  const ok = (data: unknown) => ({ body: { success: true, data } });
  const page = (data: unknown[]) => ok({ data, total: data.length, current_page: 1, last_page: 1, next_page_url: null, prev_page_url: null, links: [] });

  test('a filter naming a record read before goes as its number', async () => {
    const sent = stubFetch([ok({ id: 7, encrypted_id: 'doctorSevenEncryptedId' }), page([])]);
    const { data: doctor } = await provider.getOne('doctors', { id: 'doctorSevenEncryptedId' });
    await provider.getList('appointments', { ...listParams, filter: { doctor_id: doctor.id, status: 'Booked' } });
    expect(queryOf(sent[1]!.url)).toMatchObject({ doctor_id: '7', status: 'Booked' });
  });

  test('an id met as an embedded relation is known too, in a written body', async () => {
    const sent = stubFetch([page([{ id: 1, encrypted_id: 'appointmentOneEncrypted', patient: { id: 3, encrypted_id: 'patientThreeEncrypted1' } }]), ok({ id: 9, encrypted_id: 'historyNineEncrypted12' })]);
    const { data } = await provider.getList('appointments', listParams);
    await provider.create('medical-histories', { data: { patient_id: data[0]!.patient.encrypted_id, disease_name: 'Flu' } });
    expect(sent[1]!.json).toMatchObject({ patient_id: 3, disease_name: 'Flu' });
  });

  test('an id not met yet is asked for (ids[] takes encrypted ids), then sent as its number; a number goes as it is', async () => {
    const sent = stubFetch([ok([{ id: 42, encrypted_id: 'chwFortyTwoEncrypted12' }]), page([]), page([])]);
    await provider.getList('tasks', { ...listParams, filter: { chw_id: 'chwFortyTwoEncrypted12' } });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/chw');
    expect(queryOf(sent[0]!.url)).toMatchObject({ paginate: 'false', ids: ['chwFortyTwoEncrypted12'] });
    expect(queryOf(sent[1]!.url)).toMatchObject({ chw_id: '42' });
    await provider.getList('tasks', { ...listParams, filter: { chw_id: 5 } });
    expect(sent).toHaveLength(3);
    expect(queryOf(sent[2]!.url)).toMatchObject({ chw_id: '5' });
  });

  test('an id the server does not know stays as given (and the server refuses it)', async () => {
    const sent = stubFetch([ok([]), page([])]);
    await provider.getList('tasks', { ...listParams, filter: { campaign_id: 'noSuchCampaignEncrypt' } });
    expect(queryOf(sent[1]!.url)).toMatchObject({ campaign_id: 'noSuchCampaignEncrypt' });
  });

  test("a record read names its references by their ids: an embedded relation's at once, others asked for once", async () => {
    const sent = stubFetch([
      ok({
        id: 5, encrypted_id: 'tehsilFiveEncrypted123', title: 'Havelian', district_id: 31, district: { id: 31, encrypted_id: 'districtThirtyOneEnc12', title: 'Abbottabad' }, country_id: 77,
        cancel_reason_id: 32, reason: { id: 32, encrypted_id: 'reasonThirtyTwoEncrypt', name: 'Sick' },
      }),
      ok([{ id: 77, encrypted_id: 'countrySeventySevenEnc' }]),
    ]);
    const { data } = await provider.getOne('tehsils', { id: 'tehsilFiveEncrypted123' });
    expect(data).toMatchObject({ id: 'tehsilFiveEncrypted123', number: 5, district_id: 'districtThirtyOneEnc12', country_id: 'countrySeventySevenEnc', cancel_reason_id: 'reasonThirtyTwoEncrypt' });
    // the district and the reason came with the record; the country was asked for by number
    expect(sent).toHaveLength(2);
    expect(pathOf(sent[1]!.url)).toBe('/api/admin/countries');
    expect(queryOf(sent[1]!.url)).toMatchObject({ paginate: 'false', ids: ['77'] });
  });

  test('lists of references (a list of rows too) read as ids and are written back as numbers; choices answer when the list is refused', async () => {
    const sent = stubFetch([
      page([
        { id: 61, encrypted_id: 'adminSixtyOneEncrypted', district_ids: [62, 63] },
        { id: 64, encrypted_id: 'taskSixtyFourEncrypted', person_ids: [{ id: 65, name: 'Amna' }] },
      ]),
      { status: 403, body: { success: false, message: 'Forbidden.' } },
      ok([{ id: 62, encrypted_id: 'districtSixtyTwoEncryp' }, { id: 63, encrypted_id: 'districtSixtyThreeEncr' }]),
      ok([{ id: 65, encrypted_id: 'chwSixtyFiveEncrypted1' }]),
      ok({ id: 61, encrypted_id: 'adminSixtyOneEncrypted' }),
    ]);
    const { data } = await provider.getList('mixed', listParams);
    expect(data[0]!.district_ids).toEqual(['districtSixtyTwoEncryp', 'districtSixtyThreeEncr']);
    expect(data[1]!.person_ids).toEqual([{ id: 'chwSixtyFiveEncrypted1', name: 'Amna' }]);
    expect(sent.slice(1, 4).map((r) => pathOf(r.url))).toEqual(['/api/admin/districts', '/api/admin/districts/choices', '/api/admin/chw']);
    await provider.update('admins', { id: 'adminSixtyOneEncrypted', data: { district_ids: data[0]!.district_ids }, previousData: data[0]! });
    expect(sent[4]!.json).toEqual({ district_ids: [62, 63] });
  });

  test('a number the server does not find stays a number and is not asked for again', async () => {
    const sent = stubFetch([ok({ id: 71, encrypted_id: 'campaignSeventyOneEnc1', category_id: 9999 }), ok([]), ok({ id: 71, encrypted_id: 'campaignSeventyOneEnc1', category_id: 9999 })]);
    expect((await provider.getOne('campaigns', { id: 'campaignSeventyOneEnc1' })).data.category_id).toBe(9999);
    expect((await provider.getOne('campaigns', { id: 'campaignSeventyOneEnc1' })).data.category_id).toBe(9999);
    expect(sent).toHaveLength(3);
  });

  test('many numbers are asked for in requests of at most 100 ids', async () => {
    const chws = Array.from({ length: 150 }, (_, i) => ({ id: 1000 + i, encrypted_id: `chw${1000 + i}Encrypted00000`.slice(0, 22) }));
    const sent = stubFetch([page([{ id: 81, encrypted_id: 'taskEightyOneEncrypte', person_ids: chws.map(({ id }) => id) }]), ok(chws.slice(0, 100)), ok(chws.slice(100))]);
    const { data } = await provider.getList('tasks', listParams);
    expect(sent.slice(1).map((r) => queryOf(r.url).ids?.length)).toEqual([100, 50]);
    expect(data[0]!.person_ids).toEqual(chws.map((c) => c.encrypted_id));
  });

  test('a number left unknown by a network error is asked for again; one refused (403) is not', async () => {
    const record = { id: 91, encrypted_id: 'formNinetyOneEncrypted', survey_id: 92, category_id: 93 };
    const sent = stubFetch([
      ok(record),
      { network: true },
      { network: true },
      { status: 403, body: { success: false, message: 'Forbidden.' } },
      { status: 403, body: { success: false, message: 'Forbidden.' } },
      ok(record),
      ok([{ id: 92, encrypted_id: 'surveyNinetyTwoEncrypt' }]),
    ]);
    expect((await provider.getOne('user-messages', { id: 'formNinetyOneEncrypted' })).data).toMatchObject({ survey_id: 92, category_id: 93 });
    expect((await provider.getOne('user-messages', { id: 'formNinetyOneEncrypted' })).data).toMatchObject({ survey_id: 'surveyNinetyTwoEncrypt', category_id: 93 });
    expect(sent.map((r) => pathOf(r.url))).toEqual([
      '/api/admin/user-messages/formNinetyOneEncrypted',
      '/api/admin/dynamic-forms', '/api/admin/dynamic-forms/choices',
      '/api/admin/categories', '/api/admin/categories/choices',
      '/api/admin/user-messages/formNinetyOneEncrypted',
      '/api/admin/dynamic-forms',
    ]);
  });

  test("a doctor's duty slots name the doctor by its id", async () => {
    const sent = stubFetch([ok([{ id: 8, encrypted_id: 'doctorEightEncrypted12' }]), ok([])]);
    await provider.getDutySlots({ doctorId: 'doctorEightEncrypted12', month: '2026-03' });
    expect(queryOf(sent[1]!.url)).toMatchObject({ doctor_id: '8', month: '2026-03' });
  });
});
