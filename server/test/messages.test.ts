/**
 * Every text the server answers with is in the catalogue (contract/messages.ts) and carries its code:
 * the sources hold no other sentence (but those listed below, which never reach an answer), and the
 * answers of each kind (validation, unknown field, duplicate title, permission, not found, throttling,
 * success) put `code` beside `message` and `codes` beside `error`, on each dialect.
 */
import { SERVER_MESSAGES, messageText, readMessage } from '../../contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { call, client, type Client, dataOf, type Row } from './helpers/http';
import { sourceTexts } from './helpers/responseTexts';
import { withCodes } from '../src/http/envelope';

jest.setTimeout(360_000);

/** Sentences in the sources that are not answers, each with why. */
const NOT_ANSWERS: Record<string, string> = {
  'Health programme console API': 'the OpenAPI document’s title',
  'The answer of %{} %{} (%{}) differs from its response schema: %{}': 'a test’s failure: answers are checked against their serialisers in tests only (plugins/answers.ts, checkAnswers)',
  'Next &raquo;': 'a paginator link label (Laravel’s)',
  'Row %{}': 'where in a list an unknown field is (the `at` value of unknown_field_at)',
  'Bad Request': 'an HTTP reason phrase',
  'Request Timeout': 'an HTTP reason phrase',
  'Request Header Fields Too Large': 'an HTTP reason phrase',
  'HTTP/1.1 %{} %{}': 'a raw status line',
  'Content-Length: %{}': 'a raw header line',
  'Health Console <no-reply@localhost>': 'the default sender of emails',
  'No reason given.': 'stored as a cancelled appointment’s reason',
  'Before Food': 'a stored value of a medicine (TO_BE_TAKEN), mapped to its FHIR code (fhir/codes.ts)',
  'After Food': 'a stored value of a medicine (TO_BE_TAKEN), mapped to its FHIR code (fhir/codes.ts)',
  'Form version': 'a column heading of an export',
  'Submitted at': 'a column heading of an export',
  'Appointment request': 'the title of a notification stored for admins',
  'Emergency appointment request': 'the title of a notification stored for admins',
  'Feedback from %{}': 'the title of a notification stored for admins',
  'Support request from %{}': 'the title of a notification stored for admins',
  'Reset your password': 'an email’s subject',
  'The email of your console account was changed': 'an email’s subject',
  'Your console account': 'an email’s subject',
  'Your account on the health programme': 'an email’s subject',
  'Failed sign-ins to your account': 'an email’s subject',
  'Hello %{},': 'an email’s text',
  'If you did not expect this, tell your programme administrator at once.': 'an email’s text',
  'If you forget it, the app can email you a reset link (%{}).': 'an email’s text',
  'Email: %{}': 'an email’s text',
  'Sign in at: %{}/auth/login': 'an email’s text',
  'It is built on a name, the email or a word of this programme.': 'advice of the password checker (English, a value of password_too_easy)',
  'Add more words that are less common.': 'advice of the password checker (English, a value of password_too_easy)',
  'The resource %{} is declared twice: in %{} and in %{}': 'stops the server at start (resources/registry.ts), told to the developer',
  'No declaration under %{} for %{} (contract/resources.ts names them)': 'stops the server at start (resources/registry.ts), told to the developer',
};

/** A source text with `%{}` holes matches a catalogue text with `%{name}` placeholders in the same places. */
const inCatalogue = (text: string): boolean => {
  const shape = (t: string) => t.replace(/%\{\w*\}/g, '%{}');
  return Object.values(SERVER_MESSAGES).some((entry) => shape(entry) === shape(text)) || readMessage(text) !== null;
};

test('every sentence in the server’s sources is a catalogue text, or listed as no answer with why', () => {
  const strays = sourceTexts()
    // texts of several lines are emails' bodies; those naming a setting (`STORAGE=s3 needs ...`) are told to the operator at start
    .filter(({ text }) => !text.includes('\n') && !NOT_ANSWERS[text] && !/^[A-Z][A-Z0-9_]+[ =,]/.test(text))
    .filter(({ text }) => !inCatalogue(text))
    .map(({ text, file, line }) => `${file}:${line} ${text}`);
  expect(strays).toEqual([]);
});

test('the catalogue reads back what it writes, codes and values', () => {
  expect(readMessage(messageText('sign_in_throttled', { seconds: 42 }))).toEqual({ code: 'sign_in_throttled', values: { seconds: '42' } });
  expect(readMessage('Row 2: Please provide a title.')).toEqual({ code: 'row_message', values: { row: '2', message: 'Please provide a title.' } });
  expect(readMessage('Row 1, options: Unknown field "colour".')).toEqual({ code: 'unknown_field_at', values: { at: 'Row 1, options', key: 'colour' } });
  // a fixed text wins over a pattern it also fits
  expect(readMessage('The email has already been taken.')?.code).toBe('email_taken');
  expect(readMessage('Some text of another server.')).toBeNull();
  const texts = Object.values(SERVER_MESSAGES);
  expect(new Set(texts).size).toBe(texts.length);
});

/** An answer's texts and codes agree: each code is the catalogue's for its text, field by field. */
function expectCoded(res: LightMyRequestResponse): Row {
  const body = res.json() as Row;
  expect(body.code).toBe(readMessage(body.message)?.code ?? null);
  expect(body.code).not.toBeNull();
  if (body.error && typeof body.error === 'object') {
    expect(Object.keys(body.codes).sort()).toEqual(Object.keys(body.error).sort());
    for (const [field, texts] of Object.entries(body.error as Record<string, string[]>)) {
      expect([field, body.codes[field]]).toEqual([field, texts.map((text) => readMessage(text)?.code)]);
    }
  }
  return body;
}

describe.each(DIALECTS)('answers carry the codes of their texts (%s)', (dialect) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
  });
  afterAll(() => t?.close());

  it('validation, unknown field and duplicate title: `codes` beside `error`, `code` beside `message`', async () => {
    const blank = expectCoded(await api.post('/api/admin/qualifications', { title: '' }));
    expect(blank).toMatchObject({ success: false, message: 'The given data was invalid.', code: 'invalid_data', error: { title: [expect.any(String)] } });
    expect(blank.codes.title).toEqual([expect.any(String)]);

    const unknown = expectCoded(await api.post('/api/admin/qualifications', { title: 'Nursing', citty: 'Lahore' }));
    expect(unknown).toMatchObject({ error: { citty: ['Unknown field.'] }, codes: { citty: ['unknown_field'] } });

    const created = expectCoded(await api.post('/api/admin/qualifications', { title: 'Nursing' }));
    expect(created).toMatchObject({ success: true, message: 'Successfully added.', code: 'created' });
    const twice = expectCoded(await api.post('/api/admin/qualifications', { title: ' nursing ' }));
    expect(twice).toMatchObject({ error: { title: ['This title already exists.'] }, codes: { title: ['title_taken'] } });

    const listed = expectCoded(await api.get('/api/admin/qualifications'));
    expect(listed).toMatchObject({ success: true, code: 'success' });
    expect(listed.codes).toBeUndefined();
  });

  it('unauthenticated, not found, permission', async () => {
    expect(expectCoded(await call(t, { method: 'GET', url: '/api/admin/qualifications', token: null }))).toMatchObject({ message: 'Unauthenticated.', code: 'unauthenticated', codes: null });
    expect(expectCoded(await api.get('/api/admin/qualifications/not-an-id'))).toMatchObject({ message: 'Not found.', code: 'not_found' });

    const role = dataOf(await api.post('/api/admin/roles', { name: 'codes-nothing', permissions: [] }));
    const password = 'grid-check-pass-7';
    dataOf(await api.post('/api/admin/admins', { f_name: 'No', l_name: 'Rights', email: 'codes@example.org', cnic: '3520112345671', role_id: role.id, password, confirmPassword: password }));
    const token = await t.login('codes@example.org', password);
    const refused = await call(t, { method: 'GET', url: '/api/admin/qualifications', token });
    expect(refused.statusCode).toBe(403);
    expect(expectCoded(refused)).toMatchObject({ message: 'This action is unauthorized.', code: 'unauthorized' });
  });

  it('throttled sign-in: the code, and the seconds readable from the text', async () => {
    const login = (password: string) => t.inject({ method: 'POST', url: '/api/admin/login', payload: { email: ADMIN_EMAIL, password }, remoteAddress: '10.9.0.1' });
    const wrong = expectCoded(await login('nope-nope'));
    expect(wrong.codes).toEqual({ email: ['credentials_wrong'] });
    for (let i = 0; i < 4; i++) await login(`bad-${i}`);
    const locked = await login(ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    const body = expectCoded(locked);
    expect(body.code).toBe('sign_in_throttled');
    expect(Number(readMessage(body.message, body.code)?.values.seconds)).toBeGreaterThan(0);
  });

  it('a password too easy to guess: the code, with the checker’s English advice as its value', async () => {
    const res = await api.post('/api/admin/admins/change-password', { oldPassword: ADMIN_PASSWORD, password: 'password', confirmPassword: 'password' });
    expect([res.statusCode, res.body]).toEqual([422, expect.any(String)]);
    const body = expectCoded(res);
    expect(body.codes.password).toEqual(['password_too_easy']);
  });
});

test('a message with placeholders carries their values beside its code; one without carries none', () => {
  expect(withCodes({ success: false, message: messageText('sign_in_throttled', { seconds: 42 }), error: null })).toEqual({
    success: false, message: 'Too many sign-in attempts. Try again in 42 seconds.', code: 'sign_in_throttled', values: { seconds: '42' }, error: null, codes: null,
  });
  expect(withCodes({ success: true, data: null, message: messageText('created') })).toEqual({ success: true, data: null, message: 'Successfully added.', code: 'created' });
});
