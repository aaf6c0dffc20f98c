import { HttpError } from 'ra-core';
import { pathOf, queryOf, restoreFetch, restoreXhr, stubFetch, stubXhr } from '../../test/recorded-http';
import { createDataProvider, fetchPageUrl, normaliseRecord, toWriteBody } from '../dataProvider';
import olderTaken from './fixtures/older/admin-email-taken.json';
import olderAdmin from './fixtures/older/admin.json';
import olderAdminsPage1 from './fixtures/older/admins-page-1.json';
import olderAdminsPage2 from './fixtures/older/admins-page-2.json';
import olderExport from './fixtures/older/export.json';
import olderUploadDone from './fixtures/older/upload-chunk-done.json';
import adminStatus from './fixtures/ours/admin-status.json';
import changedPassword from './fixtures/ours/changed-password.json';
import deleted from './fixtures/ours/deleted.json';
import districtsAll from './fixtures/ours/districts-all.json';
import ourExport from './fixtures/ours/export.json';
import forbidden from './fixtures/ours/forbidden.json';
import modules from './fixtures/ours/modules.json';
import notFound from './fixtures/ours/not-found.json';
import profile from './fixtures/ours/profile.json';
import roleCreated from './fixtures/ours/role-created.json';
import roleInvalid from './fixtures/ours/role-invalid.json';
import roleUpdated from './fixtures/ours/role-updated.json';
import role from './fixtures/ours/role.json';
import rolesPage1 from './fixtures/ours/roles-page-1.json';
import rolesPage2 from './fixtures/ours/roles-page-2.json';
import unauthenticated from './fixtures/ours/unauthenticated.json';
import uploadDone from './fixtures/ours/upload-chunk-done.json';
import uploadReceived from './fixtures/ours/upload-chunk-received.json';

const navigate = jest.fn<void, [string]>();
const provider = createDataProvider({ navigate, pageProtocol: () => 'http:' });
const listParams = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

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
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('uid', '1');
  localStorage.setItem('encrypted_id', 'eyJpdiI6IkFk');
  navigate.mockReset();
});
afterEach(() => {
  restoreFetch();
  restoreXhr();
});

describe('getList', () => {
  test('our paginator: total, normalised ids', async () => {
    const sent = stubFetch([{ body: rolesPage1 }]);
    const result = await provider.getList('roles', { ...listParams, pagination: { page: 1, perPage: 2 } });
    expect(result.total).toBe(3);
    expect(result.pageInfo).toBeUndefined();
    expect(result.data.map((r) => [r.id, r.numeric_id, r.name])).toEqual([
      ['r.AAA1', 1, 'Super Admin'],
      ['r.BBB2', 2, 'Editor'],
    ]);
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/roles');
    expect(queryOf(sent[0]!.url)).toEqual({ page: '1', per_page: '2', sort: 'id', order: 'asc' });
  });

  test("the older server's simple paginator (no total) gives pageInfo", async () => {
    stubFetch([{ body: olderAdminsPage1 }, { body: olderAdminsPage2 }]);
    const first = await provider.getList('admins', listParams);
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(first.data[0]).toMatchObject({ id: 'eyJpdiI6Ik1x', numeric_id: 12, f_name: 'Sana' });

    const second = await provider.getList('admins', { ...listParams, pagination: { page: 2, perPage: 25 } });
    expect(second.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  test('the admin list is asked for on behalf of the signed-in admin', async () => {
    const sent = stubFetch([{ body: olderAdminsPage1 }]);
    await provider.getList('admins', { ...listParams, filter: { q: 'sana' } });
    expect(pathOf(sent[0]!.url)).toBe('/api/admin/admins/admin/eyJpdiI6IkFk');
    expect(queryOf(sent[0]!.url)).toMatchObject({ search: 'sana' });
  });

  test('a plain array (paginate=false) counts its items', async () => {
    stubFetch([{ body: districtsAll }]);
    const result = await provider.getList('districts', { ...listParams, filter: { paginate: false } });
    expect(result.total).toBe(2);
    expect(result.data.map((d) => d.id)).toEqual(['d.777', 'd.999']);
  });

  test('search, sort, order and filters in the query string', async () => {
    const sent = stubFetch([{ body: rolesPage1 }]);
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

  test('sorting by numeric_id sorts by the id column', async () => {
    const sent = stubFetch([{ body: rolesPage1 }]);
    await provider.getList('roles', { ...listParams, sort: { field: 'numeric_id', order: 'DESC' } });
    expect(queryOf(sent[0]!.url)).toMatchObject({ sort: 'id', order: 'desc' });
  });

  test('getManyReference filters on the target', async () => {
    const sent = stubFetch([{ body: districtsAll }]);
    await provider.getManyReference('tehsils', { ...listParams, target: 'district_id', id: 7 });
    expect(queryOf(sent[0]!.url)).toMatchObject({ district_id: '7' });
  });
});

describe('reading records', () => {
  test('getOne by encrypted id', async () => {
    const sent = stubFetch([{ body: role }]);
    const { data } = await provider.getOne('roles', { id: 'r.BBB2' });
    expect(data).toMatchObject({ id: 'r.BBB2', numeric_id: 2, encrypted_id: 'r.BBB2', name: 'Editor' });
    expect(sent[0]!.url).toBe('/api/admin/roles/r.BBB2');
  });

  test('getOne passes meta.query to detail fetches that take extra parameters', async () => {
    const sent = stubFetch([{ body: olderAdmin }]);
    await provider.getOne('admins', { id: 'eyJpdiI6Ik1x', meta: { query: { with: 'roles' } } });
    expect(sent[0]!.url).toBe('/api/admin/admins/eyJpdiI6Ik1x?with=roles');
  });

  test('getMany asks for the ids unpaginated', async () => {
    const sent = stubFetch([{ body: districtsAll }]);
    const { data } = await provider.getMany('districts', { ids: ['d.777', 'd.999'] });
    expect(data).toHaveLength(2);
    expect(decodeURIComponent(sent[0]!.url)).toBe('/api/admin/districts?ids[]=d.777&ids[]=d.999&paginate=false');
  });

  test('a record without encrypted_id keeps its numeric id', () => {
    expect(normaliseRecord({ id: 4, title: 'x' })).toEqual({ id: 4, numeric_id: 4, title: 'x' });
  });
});

describe('writes', () => {
  test('create strips the ids and adds created_by', async () => {
    const sent = stubFetch([{ body: roleCreated }]);
    const { data } = await provider.create('roles', {
      data: { id: 'r.tmp', numeric_id: 9, encrypted_id: 'r.tmp', name: 'Auditor', permissions: ['view_faq'] },
    });
    expect(sent[0]).toMatchObject({ url: '/api/admin/roles', method: 'POST' });
    expect(sent[0]!.json).toEqual({ name: 'Auditor', permissions: ['view_faq'], created_by: 1 });
    expect(data).toMatchObject({ id: 'r.DDD4', numeric_id: 4 });
  });

  test('update sends the form values without ids to PUT /{r}/{id}', async () => {
    const sent = stubFetch([{ body: roleUpdated }]);
    const previousData = { id: 'r.BBB2', numeric_id: 2, name: 'Editor' };
    const { data } = await provider.update('roles', {
      id: 'r.BBB2',
      data: { ...previousData, encrypted_id: 'r.BBB2', name: 'Editors', permissions: ['view_faq'] },
      previousData,
    });
    expect(sent[0]).toMatchObject({ url: '/api/admin/roles/r.BBB2', method: 'PUT' });
    expect(sent[0]!.json).toEqual({ name: 'Editors', permissions: ['view_faq'] });
    expect(data.name).toBe('Editors');
  });

  test('files (also as react-admin FileInput values) go as multipart form data', async () => {
    const sent = stubFetch([{ body: roleCreated }]);
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
    expect(form.get('created_by')).toBe('1');
  });

  test('toWriteBody keeps everything but the ids', () => {
    expect(toWriteBody({ id: 1, numeric_id: 1, encrypted_id: 'e', title: 'A', district_id: 7 })).toEqual({
      title: 'A',
      district_id: 7,
    });
  });

  test('delete, updateMany and deleteMany', async () => {
    const sent = stubFetch([{ body: deleted }, { body: roleUpdated }, { body: roleUpdated }, { body: deleted }, { body: deleted }]);
    const previousData = { id: 'r.BBB2', name: 'Editor' };
    await expect(provider.delete('roles', { id: 'r.BBB2', previousData })).resolves.toEqual({ data: previousData });
    await expect(provider.updateMany('roles', { ids: ['r.A', 'r.B'], data: { name: 'X' } })).resolves.toEqual({
      data: ['r.A', 'r.B'],
    });
    await expect(provider.deleteMany('roles', { ids: ['r.A', 'r.B'] })).resolves.toEqual({ data: ['r.A', 'r.B'] });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/admin/roles/r.BBB2',
      'PUT /api/admin/roles/r.A',
      'PUT /api/admin/roles/r.B',
      'DELETE /api/admin/roles/r.A',
      'DELETE /api/admin/roles/r.B',
    ]);
  });
});

describe('errors', () => {
  test('our 422 becomes HttpError with body.errors holding the first messages', async () => {
    stubFetch([{ status: 422, body: roleInvalid }]);
    const error = await httpError(provider.create('roles', { data: { name: 'Editor' } }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.body).toEqual({
      errors: { name: 'The name has already been taken.', permissions: 'Choose at least one permission.' },
    });
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
    stubFetch([{ status: 401, body: unauthenticated }]);
    const error = await httpError(provider.getList('roles', listParams));
    expect(error.status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('403 and 404 keep their status and body', async () => {
    stubFetch([
      { status: 403, body: forbidden },
      { status: 404, body: notFound },
    ]);
    const denied = await httpError(provider.getList('roles', listParams));
    expect(denied).toMatchObject({ status: 403, message: 'This action is unauthorized.', body: forbidden });
    const missing = await httpError(provider.getOne('roles', { id: 'tampered' }));
    expect(missing).toMatchObject({ status: 404, message: 'Not found.' });
  });
});

describe('custom methods', () => {
  test('updateStatus', async () => {
    const sent = stubFetch([{ body: adminStatus }]);
    const { data } = await provider.updateStatus('admins', { id: 'a.555', status: 2 });
    expect(sent[0]).toMatchObject({ url: '/api/admin/admins/status/a.555', method: 'PUT', json: { status: 2 } });
    expect(data).toMatchObject({ id: 'a.555', status: 2 });
  });

  test('exportList asks for a download link and opens it', async () => {
    const sent = stubFetch([{ body: ourExport }]);
    const { data } = await provider.exportList('roles', {
      filter: { q: 'edit' },
      sort: { field: 'name', order: 'ASC' },
      format: 'xlsx',
    });
    expect(queryOf(sent[0]!.url)).toEqual({ search: 'edit', sort: 'name', order: 'asc', format: 'xlsx', download: 'true' });
    expect(data).toBe(ourExport.data);
    expect(navigate).toHaveBeenCalledWith(ourExport.data);
  });

  test('exportList on an https page opens the https link (older server answer)', async () => {
    stubFetch([{ body: olderExport }]);
    const onHttps = createDataProvider({ navigate, pageProtocol: () => 'https:' });
    const { data } = await onHttps.exportList('admins');
    expect(data).toBe('https://old-console.example.org/storage/exports/admins-2024.csv');
    expect(navigate).toHaveBeenCalledWith('https://old-console.example.org/storage/exports/admins-2024.csv');
  });

  test('getPermissionModules', async () => {
    const sent = stubFetch([{ body: modules }]);
    const { data } = await provider.getPermissionModules();
    expect(sent[0]!.url).toBe('/api/admin/roles/modules');
    expect(data.map((m) => m.key)).toEqual(['role', 'activity']);
  });

  test('changePassword: own with the old password, another admin without', async () => {
    const sent = stubFetch([{ body: changedPassword }, { body: changedPassword }]);
    await expect(
      provider.changePassword({ oldPassword: 'old-secret', password: 'new-secret', confirmPassword: 'new-secret' }),
    ).resolves.toEqual({ message: 'Successfully updated.' });
    await provider.changePassword({ id: 'a.555', password: 'new-secret', confirmPassword: 'new-secret' });
    expect(sent[0]).toMatchObject({
      url: '/api/admin/admins/change-password',
      method: 'POST',
      json: { oldPassword: 'old-secret', password: 'new-secret', confirmPassword: 'new-secret' },
    });
    expect(sent[1]).toMatchObject({
      url: '/api/admin/admins/change-password/a.555',
      method: 'PUT',
      json: { password: 'new-secret', confirmPassword: 'new-secret' },
    });
  });

  test('getProfile and updateProfile (multipart, refreshes the stored name and photo)', async () => {
    const sent = stubFetch([{ body: profile }, { body: profile }]);
    const { data: loaded } = await provider.getProfile();
    expect(loaded.id).toBe('eyJhZG1pbiI6MX0.k2');

    const photo = new File(['img'], 'new.png', { type: 'image/png' });
    await provider.updateProfile({ ...loaded, f_name: 'Amina', file: { rawFile: photo, src: 'blob:y' } });
    const form = sent[1]!.form!;
    expect(sent[1]).toMatchObject({ url: '/api/admin/admins/profile', method: 'POST' });
    expect([...form.keys()].sort()).toEqual(['email', 'f_name', 'file', 'l_name', 'phone']);
    expect(localStorage.getItem('f_name')).toBe('Amina');
    expect(localStorage.getItem('profile_image')).toBe('/storage/profiles/amina-new.png');
  });

  test('updateProfile without a new photo sends no file', async () => {
    const sent = stubFetch([{ body: profile }]);
    await provider.updateProfile({ f_name: 'Amina', email: 'amina@example.org', file: { path: '/storage/old.png' } });
    expect(sent[0]!.form!.has('file')).toBe(false);
  });
});

describe('uploadChunked', () => {
  const megabytes = (n: number) => new Uint8Array(Math.round(n * 1024 * 1024));

  test('splits an 11 MB file into three 5 MB chunks and reports progress up to 100', async () => {
    const sent = stubXhr([
      { body: uploadReceived, progress: [0.5, 1] },
      { body: uploadReceived, progress: [0.5, 1] },
      { body: uploadDone, progress: [1] },
    ]);
    jest.spyOn(Date, 'now').mockReturnValue(1718000000000);
    const file = new File([megabytes(11)], 'Lesson One.MP4', { type: 'video/mp4' });
    const progress: number[] = [];
    const uploaded = await provider.uploadChunked(file, { folder: 'health-literacy', onProgress: (p) => progress.push(p) });
    jest.mocked(Date.now).mockRestore();

    expect(uploaded).toEqual({ path: 'hlc/2025/06/a1b2c3.mp4', mimeType: 'video/mp4' });
    expect(sent).toHaveLength(3);
    const forms = sent.map((r) => r.form!);
    expect(sent.every((r) => r.url === '/api/admin/media-file/upload-chunk' && r.method === 'POST')).toBe(true);
    expect(forms.map((f) => (f.get('chunk') as File).size)).toEqual([5 * 1024 * 1024, 5 * 1024 * 1024, 1024 * 1024]);
    expect(forms.map((f) => f.get('index'))).toEqual(['0', '1', '2']);
    expect(forms.every((f) => f.get('totalChunks') === '3')).toBe(true);
    expect(forms.every((f) => f.get('timestamp') === '1718000000000')).toBe(true);
    expect(forms.every((f) => f.get('fileExtension') === 'mp4' && f.get('mimeType') === 'video/mp4')).toBe(true);
    expect(forms.every((f) => f.get('folder') === 'health-literacy')).toBe(true);

    expect(progress).toEqual([23, 45, 68, 91, 100]);
    expect(progress.at(-1)).toBe(100);
  });

  test('a small chunk size, and the older answer with file beside data', async () => {
    stubXhr([{ body: uploadReceived }, { body: uploadReceived }, { body: uploadReceived }, { body: olderUploadDone }]);
    const file = new File(['0123456789'], 'clip.mp4', { type: 'video/mp4' });
    const progress: number[] = [];
    const sizeOf3Bytes = 3 / (1024 * 1024);
    const uploaded = await provider.uploadChunked(file, {
      folder: 'videos',
      chunkSizeMb: sizeOf3Bytes,
      onProgress: (p) => progress.push(p),
    });
    expect(uploaded).toEqual({ path: 'health-literacy/1718000000000.mp4', mimeType: 'video/mp4' });
    expect(progress).toEqual([30, 60, 90, 100]);
  });

  test('without a progress callback it uses fetch, and stops at the first failure', async () => {
    const sent = stubFetch([{ body: uploadReceived }, { status: 422, body: { success: false, message: 'Chunk rejected.', error: { chunk: ['Chunk rejected.'] } } }]);
    const file = new File(['0123456789'], 'clip.mp4', { type: 'video/mp4' });
    const error = await httpError(provider.uploadChunked(file, { folder: 'videos', chunkSizeMb: 4 / (1024 * 1024) }));
    expect(error.status).toBe(422);
    expect(sent).toHaveLength(2);
  });
});

describe('fetchPageUrl', () => {
  test('follows the next page link and reads data.data', async () => {
    const sent = stubFetch([{ body: rolesPage2 }]);
    const page = await fetchPageUrl(rolesPage1.data.next_page_url, undefined, 'http:');
    expect(sent[0]!.url).toBe('http://console.example.org/api/admin/roles?page=2');
    expect(page).toMatchObject({ total: 3, current_page: 2, next_page_url: null });
    expect(page.data.map((r) => r.id)).toEqual(['r.CCC3']);
  });

  test('on an https page the link is followed over https', async () => {
    const sent = stubFetch([{ body: olderAdminsPage2 }]);
    const page = await fetchPageUrl(olderAdminsPage1.data.next_page_url, undefined, 'https:');
    expect(sent[0]!.url).toBe('https://old-console.example.org/api/admin/admins/admin/eyJpdiI6IkFk?page=2');
    expect(page.total).toBeUndefined();
    expect(page.prev_page_url).not.toBeNull();
  });
});
