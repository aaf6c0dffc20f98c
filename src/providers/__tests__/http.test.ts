import { recorded, recordedCalls as calls, restoreFetch, restoreXhr, stubFetch, stubXhr } from '../../test/recorded-http';
import { ApiError, apiFetch, apiUpload, buildUrl, containsFiles, readRetry, toFormData, toHttps, withHttpsFileLinks } from '../http';
import { toHttpError } from '../dataProvider';
import olderTaken from './fixtures/older/admin-email-taken.json';
import olderAdmin from './fixtures/older/admin.json';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok-1');
});
afterEach(() => {
  restoreFetch();
  restoreXhr();
});

const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
};

describe('apiFetch', () => {
  test('sends the bearer token and JSON, and unwraps our envelope', async () => {
    const sent = stubFetch([recorded('roleCreated')]);
    const answer = await apiFetch('/roles', { method: 'POST', body: { name: 'Editor', permissions: ['view_faq'] } });
    expect(answer).toMatchObject({ data: calls.roleCreated.body.data, message: calls.roleCreated.body.message });
    expect(sent[0]).toMatchObject({
      url: '/api/admin/roles',
      method: 'POST',
      headers: { Authorization: 'Bearer tok-1', 'Content-Type': 'application/json', Accept: 'application/json' },
      json: { name: 'Editor', permissions: ['view_faq'] },
    });
  });

  test("accepts the older server's success: 1", async () => {
    stubFetch([{ body: olderAdmin }]);
    await expect(apiFetch('/admins/x')).resolves.toMatchObject({ data: { f_name: 'Sana' } });
  });

  test('leaves out the token when asked to', async () => {
    const sent = stubFetch([{ body: { success: true, data: null } }]);
    await apiFetch('/verify-email', { method: 'POST', body: { email: 'a@b.c' }, auth: false });
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  test('an answer outside the envelope comes back whole when asked for, and failures keep their rules', async () => {
    stubFetch([recorded('channelAuthorized'), recorded('channelRefused')]);
    await expect(apiFetch('/broadcasting/auth', { method: 'POST', body: {}, envelope: false })).resolves.toMatchObject({
      data: calls.channelAuthorized.body,
    });
    await expect(apiFetch('/broadcasting/auth', { method: 'POST', body: {}, envelope: false })).rejects.toMatchObject({ status: 403 });
  });

  test('an empty 2xx answer is a success without data', async () => {
    stubFetch([{ status: 204 }]);
    await expect(apiFetch('/logout', { method: 'POST' })).resolves.toMatchObject({ data: null });
  });

  test('422 gives ApiError with the first message of each field', async () => {
    const twoFields = {
      success: false,
      message: 'The given data was invalid.',
      error: { name: ['The name has already been taken.', 'The name may not be greater than 50 characters.'], permissions: ['Choose at least one permission.'] },
    };
    stubFetch([{ status: 422, body: twoFields }, recorded('roleInvalid')]);
    const error = await rejection(apiFetch('/roles', { method: 'POST', body: {} }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.fieldErrors).toEqual({
      name: 'The name has already been taken.',
      permissions: 'Choose at least one permission.',
    });
    expect(error.body).toEqual(twoFields);

    const recordedError = await rejection(apiFetch('/roles', { method: 'POST', body: {} }));
    expect(recordedError.fieldErrors).toEqual({ name: calls.roleInvalid.body.error.name[0] });
  });

  test('the older 422 without a message takes the first field message', async () => {
    stubFetch([{ status: 422, body: olderTaken }]);
    const error = await rejection(apiFetch('/admins', { method: 'POST', body: {} }));
    expect(error.fieldErrors).toEqual({ email: 'The email has already been taken.' });
    expect(error.message).toBe('The email has already been taken.');
  });

  test('success false on HTTP 200 is still a failure', async () => {
    stubFetch([{ status: 200, body: { success: false, message: 'Failed to save' } }]);
    const error = await rejection(apiFetch('/faqs', { method: 'POST', body: {} }));
    expect(error.status).toBe(200);
    expect(error.message).toBe('Failed to save');
  });

  test('401 clears the session but keeps the preferences', async () => {
    localStorage.setItem('permissions', '["view_role"]');
    localStorage.setItem('primary_color', '#123456');
    stubFetch([recorded('unauthenticated')]);
    const error = await rejection(apiFetch('/roles'));
    expect(error.status).toBe(401);
    expect(error.message).toBe(calls.unauthenticated.body.message);
    expect({ ...localStorage }).toEqual({ primary_color: '#123456' });
  });

  test('403 keeps the session', async () => {
    stubFetch([recorded('forbidden')]);
    const error = await rejection(apiFetch('/roles'));
    expect(error.status).toBe(403);
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  test('a non-JSON failure keeps the text as body', async () => {
    stubFetch([{ status: 502, body: '<html>Bad gateway</html>' }]);
    const error = await rejection(apiFetch('/roles'));
    expect(error).toMatchObject({ status: 502, body: '<html>Bad gateway</html>', message: 'Request failed with status 502' });
  });

  test('a network failure is ApiError status 0, an abort stays an abort', async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/roles')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });

    stubFetch([]);
    const controller = new AbortController();
    controller.abort();
    await expect(apiFetch('/roles', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('a body holding files goes as form data', async () => {
    const sent = stubFetch([{ body: { success: true, data: null } }]);
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await apiFetch('/admins/profile', { method: 'POST', body: { f_name: 'Amina', file: photo } });
    const form = sent[0]?.form;
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('f_name')).toBe('Amina');
    expect(form?.get('file')).toBeInstanceOf(File);
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
  });
});

describe('a 503: the server briefly without its database or file store', () => {
  const unavailable = {
    status: 503,
    headers: { 'retry-after': '2' },
    body: { success: false, message: 'The service is briefly unavailable; try again in a moment.', code: 'service_unavailable', error: null, codes: null },
  };
  const realWait = readRetry.wait;
  let waited: number[];
  beforeEach(() => {
    waited = [];
    readRetry.wait = async (ms) => {
      waited.push(ms);
    };
  });
  afterEach(() => {
    readRetry.wait = realWait;
  });

  test('a read is asked again on its own, after the longer of its backoff and Retry-After, and answers when the server does', async () => {
    const sent = stubFetch([unavailable, unavailable, unavailable, recorded('roleCreated')]);
    await expect(apiFetch('/roles')).resolves.toMatchObject({ data: calls.roleCreated.body.data });
    expect(sent.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
    expect(waited).toEqual([2_000, 2_000, 4_000]);
  });

  test('a read still refused after every try fails with the server\'s message, which the console translates', async () => {
    const sent = stubFetch(Array.from({ length: readRetry.delaysMs.length + 1 }, () => unavailable));
    const error = await rejection(apiFetch('/roles'));
    expect(sent).toHaveLength(readRetry.delaysMs.length + 1);
    expect(error.status).toBe(503);
    expect(toHttpError(error)).toMatchObject({ status: 503, message: 'server.service_unavailable' });
    // and the session stays
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  test('a write is not sent again: the person sees the message and decides', async () => {
    const sent = stubFetch([unavailable]);
    const error = await rejection(apiFetch('/roles', { method: 'POST', body: { name: 'Editor' } }));
    expect(sent).toHaveLength(1);
    expect(error.status).toBe(503);
    expect(waited).toEqual([]);
  });

  test('a read given up while it waits stops there', async () => {
    const controller = new AbortController();
    readRetry.wait = async () => {
      controller.abort();
      throw new DOMException('The request was aborted.', 'AbortError');
    };
    const sent = stubFetch([unavailable, unavailable]);
    await expect(apiFetch('/roles', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });

  test('the real wait ends early when the read is given up', async () => {
    const controller = new AbortController();
    const waiting = realWait(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('form data conversion', () => {
  test('booleans, arrays, nested objects, nulls and files', () => {
    const slide = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const slide2 = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    const form = toFormData({
      send_credentials: true,
      is_emergency: false,
      permissions: ['view_role', 'edit_role'],
      box_1: { title: 'Care', desc: 'Near you' },
      files: [slide, slide2],
      note: null,
      skipped: undefined,
      count: 3,
    });
    expect(form.get('send_credentials')).toBe('1');
    expect(form.get('is_emergency')).toBe('0');
    expect(form.getAll('permissions[]')).toEqual(['view_role', 'edit_role']);
    expect(form.get('box_1')).toBe('{"title":"Care","desc":"Near you"}');
    expect(form.getAll('files[]').map((file) => (file as File).name)).toEqual(['a.jpg', 'b.jpg']);
    expect(form.get('note')).toBe('');
    expect(form.has('skipped')).toBe(false);
    expect(form.get('count')).toBe('3');
  });

  test('only top-level files and arrays of files count', () => {
    const file = new Blob(['x']);
    expect(containsFiles({ a: 1, b: 'x' })).toBe(false);
    expect(containsFiles({ a: file })).toBe(true);
    expect(containsFiles({ a: [1, file] })).toBe(true);
    expect(containsFiles({ a: { nested: file } })).toBe(false);
  });
});

describe('buildUrl', () => {
  test('bracket arrays, no empty values, paths relative to the API base', () => {
    const url = buildUrl('/roles', { ids: ['r.A', 'r.B'], search: '', status: null, page: 2, paginate: false });
    expect(decodeURIComponent(url)).toBe('/api/admin/roles?ids[]=r.A&ids[]=r.B&page=2&paginate=false');
  });

  test('full links and paths already under the API base are kept', () => {
    expect(buildUrl('http://x.org/api/admin/roles?page=2')).toBe('http://x.org/api/admin/roles?page=2');
    expect(buildUrl('/api/admin/roles', { page: 1 })).toBe('/api/admin/roles?page=1');
    expect(buildUrl('admins/admin/e1?search=a', { page: 1 })).toBe('/api/admin/admins/admin/e1?search=a&page=1');
  });
});

describe('toHttps', () => {
  const link = 'http://console.example.org/api/admin/roles?page=2';

  test('rewrites server links on an https page', () => {
    expect(toHttps(link, 'https:')).toBe('https://console.example.org/api/admin/roles?page=2');
  });

  test('never on an http page (the jsdom page is http://localhost)', () => {
    expect(window.location.protocol).toBe('http:');
    expect(toHttps(link)).toBe(link);
    expect(toHttps(link, 'http:')).toBe(link);
  });

  test('leaves https and relative links alone', () => {
    expect(toHttps('https://a.org/x', 'https:')).toBe('https://a.org/x');
    expect(toHttps('/api/admin/x', 'https:')).toBe('/api/admin/x');
  });
});

describe('apiUpload', () => {
  test('reports upload progress through XMLHttpRequest', async () => {
    const sent = stubXhr([{ body: { success: true, data: { ok: 1 } }, progress: [0.25, 0.5, 1] }]);
    const form = new FormData();
    form.append('file', new File(['v'], 'v.mp4', { type: 'video/mp4' }));
    const seen: number[] = [];
    const answer = await apiUpload('/promotional/how-it-works/store', form, (percent) => seen.push(percent));
    expect(answer.data).toEqual({ ok: 1 });
    expect(seen).toEqual([25, 50, 100]);
    expect(sent[0]).toMatchObject({
      url: '/api/admin/promotional/how-it-works/store',
      method: 'POST',
      headers: { Authorization: 'Bearer tok-1' },
    });
    expect(sent[0]?.form).toBe(form);
  });

  test('failures go through the same envelope rules', async () => {
    stubXhr([recorded('unauthenticated')]);
    await expect(apiUpload('/x', new FormData(), () => undefined)).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('withHttpsFileLinks', () => {
  const record = {
    website: 'http://example.org/',
    file: { path: 'http://console.example.org/storage/a.pdf', type: 'pdf', viewer: 'http://console.example.org/view/a' },
    reports: [{ path: 'http://console.example.org/storage/r.png' }],
    doctor: { file: { path: 'http://console.example.org/storage/d.png' } },
  };

  it('gives stored files over https on an https page, at any depth, and leaves other texts alone', () => {
    const out = withHttpsFileLinks(record, 'https:');
    expect(out.file).toEqual({ path: 'https://console.example.org/storage/a.pdf', type: 'pdf', viewer: 'https://console.example.org/view/a' });
    expect(out.reports[0]!.path).toBe('https://console.example.org/storage/r.png');
    expect(out.doctor.file.path).toBe('https://console.example.org/storage/d.png');
    expect(out.website).toBe('http://example.org/');
  });

  it('changes nothing on an http page', () => {
    expect(withHttpsFileLinks(record, 'http:')).toBe(record);
  });
});
