/**
 * A server text reaches the user in the user's language: the data provider turns a text whose code the
 * catalogue knows into `server.<code>` (with the values read back from the text), and the console's i18n
 * provider translates it, in a form's field error as in an error toast. A code it does not know, or a text
 * without one, stays the server's text.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Create, HttpError, memoryStore, Notification, SimpleForm, TextInput, type I18nProvider } from 'react-admin';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { stubFetch, type Recorded } from '../../test/recorded-http';
import { createDataProvider } from '../dataProvider';
import { readServerMessageKey, serverMessageKey } from '../serverMessages';

afterEach(() => localStorage.clear());

describe('serverMessageKey', () => {
  it('names the code’s key, with the values of its placeholders, nested catalogue texts as keys too', () => {
    expect(serverMessageKey('This title already exists.', 'title_taken')).toBe('server.title_taken');
    const throttled = serverMessageKey('Too many sign-in attempts. Try again in 42 seconds.', 'sign_in_throttled');
    expect(readServerMessageKey(throttled)).toEqual({ key: 'server.sign_in_throttled', code: 'sign_in_throttled', values: { seconds: '42' } });
    const row = readServerMessageKey(serverMessageKey('Row 2: Please provide a title.', 'row_message'));
    expect(row?.values).toEqual({ row: '2', message: 'server.title_required' });
  });

  it('keeps the server’s text for a code it does not know, no code, or a text that does not fit its code', () => {
    expect(serverMessageKey('A message of a newer server.', 'newer_code')).toBe('A message of a newer server.');
    expect(serverMessageKey('The email has already been taken.', undefined)).toBe('The email has already been taken.');
    expect(serverMessageKey('Some other words.', 'title_taken')).toBe('Some other words.');
    expect(readServerMessageKey('server.not_a_code')).toBeNull();
  });
});

const refusal = (status: number, message: string, code: string | null, error: Record<string, string[]> | null = null, codes: Record<string, string[]> | null = null): Recorded => ({
  status,
  body: { success: false, message, code, error, codes },
});

const renderCreate = (i18nProvider: I18nProvider) =>
  render(
    <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
      <Create resource="qualifications">
        <SimpleForm>
          <TextInput source="title" />
        </SimpleForm>
      </Create>
      <Notification />
    </AdminContext>,
  );

const submit = async (title: string) => {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox'), title);
  await user.click(screen.getByRole('button', { name: /حفظ|Save/ }));
};

describe('an Arabic user', () => {
  // react-admin logs the refused save; anything else logged still fails the test
  let logged: unknown[][] = [];
  beforeEach(() => {
    localStorage.setItem('currentLanguage', 'ar');
    logged = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    expect(logged.filter(([first]) => !(first instanceof HttpError))).toEqual([]);
  });

  it('sees the Arabic text of a server field error', async () => {
    stubFetch([refusal(422, 'The given data was invalid.', 'invalid_data', { title: ['This title already exists.'] }, { title: ['title_taken'] })]);
    renderCreate(await createI18nProvider());
    await submit('Nursing');
    expect(await screen.findByText('هذا العنوان موجود بالفعل.')).toBeInTheDocument();
    expect(screen.queryByText('This title already exists.')).not.toBeInTheDocument();
  });

  it('sees the Arabic text of a server error in the notification, its values filled in', async () => {
    stubFetch([refusal(409, 'The status cannot change from Completed to Cancelled.', 'status_transition')]);
    renderCreate(await createI18nProvider());
    await submit('Nursing');
    expect(await screen.findByText('لا يمكن تغيير الحالة من Completed إلى Cancelled.')).toBeInTheDocument();
  });

  it('sees a nested server message in Arabic too', async () => {
    stubFetch([refusal(422, 'The given data was invalid.', 'invalid_data', { title: ['Row 2: Please provide a title.'] }, { title: ['row_message'] })]);
    renderCreate(await createI18nProvider());
    await submit('Nursing');
    expect(await screen.findByText('الصف 2: يرجى إدخال عنوان.')).toBeInTheDocument();
  });

  it('sees the server’s own text when the console does not know its code', async () => {
    stubFetch([refusal(409, 'A refusal of a newer server.', 'newer_code')]);
    renderCreate(await createI18nProvider());
    await submit('Nursing');
    expect(await screen.findByText('A refusal of a newer server.')).toBeInTheDocument();
  });
});

describe('a bulk action’s refusals', () => {
  it('reach the user in their language: each reason’s code becomes its key, values filled in', async () => {
    localStorage.setItem('currentLanguage', 'ar');
    const reason = 'The district "North" is still used by 3 patients. Delete or move them first.';
    stubFetch([{ status: 200, body: { success: true, message: '0 done, 2 refused.', code: 'bulk_partly', data: { done: [], refused: [
      { id: 'a', status: 409, message: reason, code: 'record_in_use' },
      { id: 'b', status: 404, message: 'Not found.', code: 'not_found' },
    ] } } }]);
    const { data } = await createDataProvider().bulkAction('districts', { action: 'delete', ids: ['a', 'b'] });
    expect(data.refused.map((r) => readServerMessageKey(r.message)?.code)).toEqual(['record_in_use', 'not_found']);
    const i18n = await createI18nProvider();
    const texts = data.refused.map((r) => i18n.translate(r.message));
    expect(texts[1]).toBe(i18n.translate('server.not_found'));
    expect(texts[1]).not.toBe('Not found.');
    // the values read back from the English text fill the Arabic one
    expect(texts[0]).toContain('North');
    expect(texts[0]).not.toContain('still used');
  });
});

describe('a record in use, refused', () => {
  const reason = 'The district "North" is still used by 2 tehsils and 1 VC area. Delete or move them first.';
  const values = { resource: 'districts', label: 'North', uses: [{ noun: 'tehsil', count: 2 }, { noun: 'vc_area', count: 1 }] };
  // every English word the server's text has but the record's own label
  const english = /\b(The|district|is|still|used|by|tehsils|VC area|and|Delete|or|move|them|first)\b/;

  const refusedDelete = async (language: string) => {
    localStorage.setItem('currentLanguage', language);
    stubFetch([{ status: 409, body: { success: false, message: reason, code: 'record_in_use', values, error: null, codes: null } }]);
    const error = await createDataProvider().delete('districts', { id: 'a', previousData: { id: 'a', title: 'North' } }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const i18n = await createI18nProvider();
    return i18n.translate((error as HttpError).message);
  };

  it('in Arabic and German: the kind and the counts in the language, no English word', async () => {
    const arabic = await refusedDelete('ar');
    expect(arabic).toBe('«North» (مقاطعة) ما زال مستخدمًا في: تحصيلان ومجلس قروي واحد. احذفها أو انقلها أولًا.');
    expect(arabic.replace('North', '')).not.toMatch(/[A-Za-z]/);
    const german = await refusedDelete('de');
    expect(german).toBe('„North“ (Distrikt) wird noch verwendet von: 2 Tehsils und 1 VC. Löschen oder verschieben Sie diese zuerst.');
    expect(german).not.toMatch(english);
  });

  it('in English: the same sentence the server wrote, its kind as the console names the resource', async () => {
    expect(await refusedDelete('en')).toBe('The District "North" is still used by 2 tehsils and 1 VC area. Delete or move them first.');
  });

  it('in a bulk delete too: the reason’s values are the codes the server sent', async () => {
    localStorage.setItem('currentLanguage', 'de');
    stubFetch([{ status: 200, body: { success: true, message: '0 done, 1 refused.', code: 'bulk_partly', data: { done: [], refused: [{ id: 'a', status: 409, message: reason, code: 'record_in_use', values }] } } }]);
    const { data } = await createDataProvider().bulkAction('districts', { action: 'delete', ids: ['a'] });
    const i18n = await createI18nProvider();
    expect(i18n.translate(data.refused[0]!.message)).toBe('„North“ (Distrikt) wird noch verwendet von: 2 Tehsils und 1 VC. Löschen oder verschieben Sie diese zuerst.');
  });
});
