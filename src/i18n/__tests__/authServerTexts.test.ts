/**
 * The sign-in screens show a server text in the chosen language when its code has a translation without
 * values or with the values the answer carries, and the server's own text otherwise (English, a text
 * whose values the answer lacks, an unknown code).
 */
import { describeFailure } from '../../pages/auth/errors';
import { ApiError } from '../../providers/http';
import { loadAuthLanguage } from '../authTranslate';

const refused = (message: string, code: string | null, field?: { name: string; text: string; code: string }, values?: Record<string, string>) =>
  new ApiError(
    field ? 422 : 429,
    message,
    { success: false, message, code, error: field ? { [field.name]: [field.text] } : null, codes: field ? { [field.name]: [field.code] } : null, ...(values ? { values } : {}) },
    field ? { [field.name]: field.text } : {},
  );

const wrong = refused('The given data was invalid.', 'invalid_data', { name: 'email', text: 'These credentials do not match our records.', code: 'credentials_wrong' });
const throttled = refused('Too many sign-in attempts. Try again in 42 seconds.', 'sign_in_throttled', undefined, { seconds: '42' });
/** as an older server answers: the code without its values */
const throttledBare = refused('Too many sign-in attempts. Try again in 42 seconds.', 'sign_in_throttled');

afterEach(() => loadAuthLanguage('en'));

test('in Arabic: a field error in Arabic; a text with values in Arabic with them filled in, or as the server wrote it without them', async () => {
  await loadAuthLanguage('ar');
  expect(describeFailure(wrong).fields).toEqual({ email: 'بيانات الدخول هذه لا تطابق سجلاتنا.' });
  const general = describeFailure(throttled).general!;
  expect(general).toContain('42');
  expect(general).not.toContain('Too many');
  expect(describeFailure(throttledBare).general).toBe('Too many sign-in attempts. Try again in 42 seconds.');
  expect(describeFailure(refused('Your account is blocked.', 'account_blocked')).general).toBe('حسابك محظور.');
  expect(describeFailure(refused('A newer refusal.', 'newer_code')).general).toBe('A newer refusal.');
});

test('in English: the server’s own texts', async () => {
  await loadAuthLanguage('en');
  expect(describeFailure(wrong).fields).toEqual({ email: 'These credentials do not match our records.' });
  expect(describeFailure(refused('Your account is blocked.', 'account_blocked')).general).toBe('Your account is blocked.');
});
