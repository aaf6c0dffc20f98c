import { restoreFetch, stubFetch } from '../../test/recorded-http';
import { fetchMe, requestPasswordReset, resetPassword, verifyResetToken } from '../authApi';
import { getPermissions } from '../session';
import me from './fixtures/ours/me.json';
import tokenInvalid from './fixtures/ours/reset-token-invalid.json';
import tokenValid from './fixtures/ours/reset-token-valid.json';
import verifyEmail from './fixtures/ours/verify-email.json';

beforeEach(() => localStorage.clear());
afterEach(restoreFetch);

test('requestPasswordReset resolves with the text to show', async () => {
  const sent = stubFetch([{ body: verifyEmail }]);
  await expect(requestPasswordReset('amina@example.org')).resolves.toBe(verifyEmail.data);
  expect(sent[0]).toMatchObject({ url: '/api/admin/verify-email', method: 'POST', json: { email: 'amina@example.org' } });
});

describe('verifyResetToken', () => {
  test('resolves for a valid token', async () => {
    const sent = stubFetch([{ body: tokenValid }]);
    await expect(verifyResetToken('t-1')).resolves.toBe(true);
    expect(sent[0]!.json).toEqual({ token: 't-1' });
  });

  test("rejects with 'Invalid token' when the server refuses it", async () => {
    stubFetch([{ status: 422, body: tokenInvalid }]);
    await expect(verifyResetToken('t-2')).rejects.toMatchObject({
      status: 422,
      message: 'Invalid token',
      fieldErrors: { token: 'Invalid token' },
    });
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
  const sent = stubFetch([{ body: me }]);
  await fetchMe();
  expect(sent[0]).toMatchObject({ url: '/api/admin/me', method: 'GET', headers: { Authorization: 'Bearer tok-1' } });
  expect(getPermissions()).toEqual(['view_role']);
  expect(localStorage.getItem('f_name')).toBe('Amina B.');
  expect(localStorage.getItem('profile_image')).toBe('/storage/profiles/amina-2.png');
  expect(localStorage.getItem('token')).toBe('tok-1');
});
