import { recorded, recordedCalls as calls, restoreFetch, stubFetch } from '../../test/recorded-http';
import { fetchMe, requestPasswordReset, resetPassword, verifyResetToken } from '../authApi';
import { getPermissions } from '../session';

beforeEach(() => localStorage.clear());
afterEach(restoreFetch);

test('requestPasswordReset resolves with the text to show', async () => {
  const sent = stubFetch([recorded('verifyEmail')]);
  const { request, body } = calls.verifyEmail;
  await expect(requestPasswordReset(request.body.email)).resolves.toBe(body.data);
  expect(sent[0]).toMatchObject({ url: `/api/admin${request.path}`, method: 'POST', json: request.body });
});

describe('verifyResetToken', () => {
  test('resolves for a valid token', async () => {
    const sent = stubFetch([recorded('resetTokenValid')]);
    const { token } = calls.resetTokenValid.request.body;
    await expect(verifyResetToken(token)).resolves.toBe(true);
    expect(sent[0]).toMatchObject({ url: `/api/admin${calls.resetTokenValid.request.path}`, json: { token } });
  });

  test("rejects with 'Invalid token' when the server refuses it", async () => {
    stubFetch([recorded('resetTokenInvalid')]);
    const { message, error } = calls.resetTokenInvalid.body;
    await expect(verifyResetToken('t-2')).rejects.toMatchObject({ status: 422, message, fieldErrors: { token: error.token[0] } });
  });

  test('a missing token is invalid without asking the server', async () => {
    const sent = stubFetch([]);
    await expect(verifyResetToken('')).resolves.toBe(false);
    expect(sent).toHaveLength(0);
  });

  test('an answer saying valid: false is invalid', async () => {
    stubFetch([{ body: { success: 1, data: { valid: false } } }]);
    await expect(verifyResetToken('t-3')).resolves.toBe(false);
  });
});

test('resetPassword sends token and both passwords', async () => {
  const sent = stubFetch([{ body: { success: true, data: null, message: 'Successfully updated.' } }]);
  await expect(resetPassword('t-1', 'n3w-Secret', 'n3w-Secret')).resolves.toBe('Successfully updated.');
  expect(sent[0]!.json).toEqual({ token: 't-1', password: 'n3w-Secret', confirmPassword: 'n3w-Secret' });
});

test('fetchMe refreshes permissions, name and photo but not the token', async () => {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('permissions', '["view_sub_admin"]');
  localStorage.setItem('profile_image', '/storage/profile/old.png');
  const sent = stubFetch([recorded('me')]);
  const me = calls.me.body.data;
  await fetchMe();
  expect(sent[0]).toMatchObject({ url: `/api/admin${calls.me.request.path}`, method: 'GET', headers: { Authorization: 'Bearer tok-1' } });
  expect(getPermissions()).toEqual(me.permissions);
  expect(localStorage.getItem('f_name')).toBe(me.f_name);
  // no photo in the answer: the stored one goes
  expect(localStorage.getItem('profile_image')).toBeNull();
  expect(localStorage.getItem('token')).toBe('tok-1');
});
