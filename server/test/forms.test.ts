/**
 * Survey forms (spec 3, "Dynamic forms"): the builder's validation messages, questions kept under
 * their answers (an edit of an answered question retires it and adds a new version; an unanswered one
 * changes in place), the field app's submissions (checked against the form, for the CHW's own Survey
 * tasks, once per client id, in one transaction) and the export of the answers, on SQLite and PostgreSQL.
 * Survey tasks are made through the tasks API (the CHWs of a tehsil).
 */
import { isClientIdClash } from '../src/resources/programme/formSubmissions';
import { DIALECTS, adminWith, startTestApp, type TestApp } from './helpers/app';
import { anyDb, call, client, type Client, dataOf, fieldErrors, type Row, sampler, tinyPng } from './helpers/http';
import { parseCsv, sheetRows, unzipEntry } from './helpers/spreadsheet';

jest.setTimeout(360_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const png = `data:image/png;base64,${tinyPng().toString('base64')}`;

/** A form of four questions: a required text, a required radio, an optional checkbox and an optional date. */
const formBody = (title = `Household survey ${Math.random().toString(36).slice(2, 8)}`): Row => ({
  title,
  questions: [
    { title: 'Head of the household', type: 'text', is_required: 1, has_options: 0, options: [] },
    { title: 'Water source', type: 'radio', is_required: 1, has_options: 1, options: [{ title: 'Tap' }, { title: 'Well' }, { title: '' }, { title: '' }] },
    { title: 'Symptoms', type: 'checkbox', is_required: 0, has_options: 1, options: [{ title: 'Fever' }, { title: 'Cough' }, { title: 'Rash' }] },
    { title: 'Last visit', type: 'date', is_required: false },
  ],
});

describe.each(DIALECTS)('survey forms on %s', (dialect) => {
  let t: TestApp;
  let api: Client;
  let ref: ReturnType<typeof sampler>['ref'];
  let tehsil: Row;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = client(t);
    ({ ref } = sampler(api));
    tehsil = await ref('tehsils');
  });
  afterAll(() => t?.close());

  const count = async (table: string, where?: [string, unknown]) => {
    let q = anyDb(t).selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (where) q = q.where(where[0], '=', where[1]);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  /** what a refused write must leave as it was */
  const snapshot = async () => ({
    forms: await anyDb(t).selectFrom('dynamic_forms').selectAll().orderBy('id').execute(),
    questions: await anyDb(t).selectFrom('form_questions').selectAll().orderBy('id').execute(),
    submissions: await anyDb(t).selectFrom('form_submissions').selectAll().orderBy('id').execute(),
    answers: await anyDb(t).selectFrom('form_answers').selectAll().orderBy('submission_id').orderBy('question_id').execute(),
    assignees: await anyDb(t).selectFrom('task_assignees').selectAll().orderBy('task_id').orderBy('user_id').execute(),
  });

  const fieldLogin = async (email: string, password: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/field/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };
  const field = (token: string | null) => ({
    get: (url: string) => call(t, { method: 'GET', url, token }),
    post: (url: string, payload: unknown) => call(t, { method: 'POST', url, token, payload: payload as Row }),
  });
  let chwN = 0;
  /** a CHW of the tehsil, signed in to the field app */
  async function chw(): Promise<Row> {
    const n = ++chwN;
    const area = dataOf(await api.post('/api/admin/areas', { district_id: tehsil.district_id, tehsil_id: tehsil.id, title: `Survey VC ${n} ${Date.now()}`, lat: 31.5, long: 74.3 }));
    const qualification = await ref('qualifications');
    const email = `surveyor${n}.${Date.now()}@example.org`;
    const made = dataOf<Row>(await api.post('/api/admin/chw', {
      f_name: `Surveyor${n}`, l_name: 'Field', email, phone_no: '03111234567', cnic: `35203${String(n).padStart(4, '0')}${String(Date.now() % 10000).padStart(4, '0')}`,
      password: 'tamarind season 7', confirmPassword: 'tamarind season 7', dob: '1992-04-01', age: 34, gender: 'female',
      qualification_id: qualification.id, district_id: tehsil.district_id, tehsil_id: tehsil.id, area_id: area.id,
    }));
    return { ...made, token: await fieldLogin(email, 'tamarind season 7') };
  }
  /** a Survey task of the form given to these CHWs */
  const surveyTask = async (form: Row, people: Row[], title = 'Door to door survey') =>
    dataOf(await api.post('/api/admin/tasks', {
      title, type: 'Survey', survey_id: form.id, person_ids: people.map((p) => p.id), s_date: day(1), e_date: day(6), district_id: tehsil.district_id, tehsil_id: tehsil.id, file: png,
    }));
  const makeForm = async (body: Row = formBody()) => dataOf(await api.post('/api/admin/dynamic-forms', body));
  const byTitle = (form: Row, title: string) => (form.questions as Row[]).find((q) => q.title === title)!;
  /** answers to the form of formBody(), by question title */
  const answersTo = (form: Row, values: Record<string, unknown>) => Object.entries(values).map(([title, value]) => ({ question_id: byTitle(form, title).id, value }));
  const submit = (who: Row, form: Row, body: Row) => field(who.token).post(`/api/field/forms/${form.id}/submissions`, body);
  let clientN = 0;
  const clientId = () => `device-1:${++clientN}:${Date.now()}`;

  describe('the form builder', () => {
    it('refuses forms with the spec’s messages, each under its field; nothing is written', async () => {
      const valid = formBody('Valid');
      const questions = valid.questions as Row[];
      const before = await snapshot();
      const cases: [Row, Record<string, string[]>][] = [
        [{ ...valid, title: '' }, { title: ['Form Title is required'] }],
        [{ ...valid, title: '   ' }, { title: ['Form Title is required'] }],
        [{ questions }, { title: ['Form Title is required'] }],
        [{ title: 'No questions', questions: [] }, { questions: ['Please add at least one question.'] }],
        [{ title: 'No questions' }, { questions: ['Please add at least one question.'] }],
        [{ title: 'Blank question', questions: [questions[0], { ...questions[1], title: ' ' }] }, { 'questions.1.title': ['Question 2 Title is required'] }],
        [{ title: 'Untyped', questions: [{ title: 'Age' }] }, { 'questions.0.type': ['Options Type is required'] }],
        [{ title: 'Untyped', questions: [{ title: 'Age', type: '' }] }, { 'questions.0.type': ['Options Type is required'] }],
        [{ title: 'Odd type', questions: [{ title: 'Age', type: 'essay' }] }, { 'questions.0.type': ['Please choose text, checkbox, radio or date.'] }],
        [{ title: 'No options', questions: [{ title: 'Water', type: 'radio' }] }, { 'questions.0.options.0.title': ['Option 1 Title is required'], 'questions.0.options.1.title': ['Option 2 Title is required'] }],
        [{ title: 'One option', questions: [{ title: 'Water', type: 'checkbox', options: [{ title: 'Tap' }, { title: ' ' }, { title: 'Well' }] }] }, { 'questions.0.options.1.title': ['Option 2 Title is required'] }],
        [{ title: 'Same options', questions: [{ title: 'Water', type: 'radio', options: ['Tap', 'Well', 'Tap'] }] }, { 'questions.0.options.2.title': ['The options of a question must all differ.'] }],
        [
          { title: '', questions: [{ title: '', type: '' }, { title: 'Water', type: 'radio', options: [{ title: 'Tap' }] }] },
          { title: ['Form Title is required'] }, // the schema's own message comes first; the questions are checked once the body has its shape
        ],
        [
          { title: 'Everything at once', questions: [{ title: '', type: '' }, { title: 'Water', type: 'radio', options: [{ title: 'Tap' }] }] },
          { 'questions.0.title': ['Question 1 Title is required'], 'questions.0.type': ['Options Type is required'], 'questions.1.options.1.title': ['Option 2 Title is required'] },
        ],
        [{ title: 'Not ours', questions: [{ id: 1, title: 'Age', type: 'text' }] }, { 'questions.0.id': ['This question is not one of the form’s questions.'] }],
      ];
      for (const [body, errors] of cases) expect([body, fieldErrors(await api.post('/api/admin/dynamic-forms', body))]).toEqual([body, errors]);
      expect(await snapshot()).toEqual(before);
    });

    it('stores the questions in order: options of choice questions (blank extras dropped), none for others, flags as booleans, version 1', async () => {
      const form = await makeForm({
        title: 'Builder',
        questions: [
          { title: ' Water source ', type: 'radio', is_required: '1', options: [{ title: 'Tap' }, { title: 'Well ' }, { title: '' }, { title: '' }] },
          { title: 'Notes', type: 'text', is_required: 0, options: [{ title: 'left over from a radio' }] },
          { title: 'Seen', type: 'checkbox', is_required: true, options: ['Fever', 'Cough'] },
          { title: 'When', type: 'date' },
        ],
      });
      expect(form).toMatchObject({ title: 'Builder', version: 1, submissions_count: 0, status: 1 });
      expect((form.questions as Row[]).map(({ id: _id, ...q }) => q)).toEqual([
        { title: 'Water source', type: 'radio', is_required: true, has_options: true, options: [{ title: 'Tap' }, { title: 'Well' }], position: 0, version: 1, answered: false },
        { title: 'Notes', type: 'text', is_required: false, has_options: false, options: [], position: 1, version: 1, answered: false },
        { title: 'Seen', type: 'checkbox', is_required: true, has_options: true, options: [{ title: 'Fever' }, { title: 'Cough' }], position: 2, version: 1, answered: false },
        { title: 'When', type: 'date', is_required: false, has_options: false, options: [], position: 3, version: 1, answered: false },
      ]);
    });

    it('edits questions nobody has answered in place: same ids, removed ones deleted, the version goes up; reordering alone keeps it', async () => {
      const form = await makeForm();
      const [head, water, symptoms, visit] = form.questions as Row[];
      const edited = dataOf(await api.put(`/api/admin/dynamic-forms/${form.encrypted_id}`, {
        questions: [{ ...head, title: 'Head of household' }, { ...water, options: [...(water!.options as Row[]), { title: 'Hand pump' }] }, visit, { title: 'Children under five', type: 'text', is_required: 1 }],
        deletedIds: [symptoms!.id],
      }));
      expect(edited.version).toBe(2);
      const questions = edited.questions as Row[];
      expect(questions.map((q) => q.id).slice(0, 3)).toEqual([head!.id, water!.id, visit!.id]);
      expect(questions.map((q) => [q.title, q.position, q.version])).toEqual([['Head of household', 0, 1], ['Water source', 1, 1], ['Last visit', 2, 1], ['Children under five', 3, 2]]);
      expect(questions[1]!.options).toEqual([{ title: 'Tap' }, { title: 'Well' }, { title: 'Hand pump' }]);
      expect(await count('form_questions', ['id', symptoms!.id])).toBe(0);
      expect(await count('form_questions', ['form_id', form.id])).toBe(4);

      const reordered = dataOf(await api.put(`/api/admin/dynamic-forms/${form.encrypted_id}`, { questions: [questions[3], questions[0], questions[1], questions[2]] }));
      expect(reordered.version).toBe(2);
      expect((reordered.questions as Row[]).map((q) => q.id)).toEqual([questions[3]!.id, questions[0]!.id, questions[1]!.id, questions[2]!.id]);
      // the title alone leaves the questions and the version
      const renamed = dataOf(await api.put(`/api/admin/dynamic-forms/${form.encrypted_id}`, { title: 'Renamed survey' }));
      expect([renamed.title, renamed.version, renamed.questions]).toEqual(['Renamed survey', 2, reordered.questions]);
    });

    it('refuses edits with unknown, repeated or kept deleted ids, and an edit that leaves no question; nothing is written', async () => {
      const form = await makeForm();
      const other = await makeForm();
      const questions = form.questions as Row[];
      const before = await snapshot();
      const url = `/api/admin/dynamic-forms/${form.encrypted_id}`;
      const cases: [Row, Record<string, string[]>][] = [
        [{ questions: [...questions, { ...(other.questions as Row[])[0], title: 'Stolen' }] }, { 'questions.4.id': ['This question is not one of the form’s questions.'] }],
        [{ questions: [questions[0], questions[0]] }, { 'questions.1.id': ['This question is listed twice.'] }],
        [{ questions, deletedIds: [questions[0]!.id] }, { deletedIds: ['Deleted questions must be questions of this form that are not kept in the list.'] }],
        [{ deletedIds: [(other.questions as Row[])[0]!.id] }, { deletedIds: ['Deleted questions must be questions of this form that are not kept in the list.'] }],
        [{ deletedIds: questions.map((q) => q.id) }, { deletedIds: ['Please add at least one question.'] }],
        [{ questions: [] }, { questions: ['Please add at least one question.'] }],
        [{ questions: [{ ...questions[0], title: '' }] }, { 'questions.0.title': ['Question 1 Title is required'] }],
        [{ title: '' }, { title: ['Form Title is required'] }],
      ];
      for (const [body, errors] of cases) expect([body, fieldErrors(await api.put(url, body))]).toEqual([body, errors]);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('submissions from the field app', () => {
    let form: Row;
    let task: Row;
    let a: Row;
    let b: Row;
    let outsider: Row;
    beforeAll(async () => {
      [a, b, outsider] = [await chw(), await chw(), await chw()];
      form = await makeForm();
      task = await surveyTask(form, [a, b]);
    });
    const good = () => ({ 'Head of the household': 'Rashid Khan', 'Water source': 'Well', Symptoms: ['Cough', 'Fever'], 'Last visit': '2026-03-04' });

    it('lists the forms of the CHW’s own Survey tasks with their current questions', async () => {
      const mine = dataOf(await field(a.token).get('/api/field/forms')) as Row[];
      expect(mine.map((f) => f.id)).toEqual([form.id]);
      expect(mine[0]).toMatchObject({ id: form.id, title: form.title, version: 1, tasks: [{ id: task.id, title: task.title, my_status: 'Pending' }] });
      expect((mine[0]!.questions as Row[]).map((q) => [q.id, q.title, q.type, q.is_required, q.options])).toEqual(
        (form.questions as Row[]).map((q) => [q.id, q.title, q.type, q.is_required, q.options]),
      );
      expect(dataOf(await field(a.token).get(`/api/field/forms/${form.id}`)).id).toBe(form.id);
      expect(dataOf(await field(outsider.token).get('/api/field/forms'))).toEqual([]);
      expect((await field(outsider.token).get(`/api/field/forms/${form.id}`)).statusCode).toBe(404);
      for (const id of ['0', '99999999', '2147483648']) expect((await field(a.token).get(`/api/field/forms/${id}`)).statusCode).toBe(404);
    });

    it('refuses answers that do not fit the form, with a message under the answer or question; nothing is half-written', async () => {
      const head = byTitle(form, 'Head of the household');
      const water = byTitle(form, 'Water source');
      const other = await makeForm();
      const before = await snapshot();
      const with_ = (changes: Record<string, unknown>) => answersTo(form, { ...good(), ...changes });
      const without = (title: string) => answersTo(form, Object.fromEntries(Object.entries(good()).filter(([k]) => k !== title)));
      const cases: [Row, Record<string, string[]>][] = [
        [{ answers: without('Water source') }, { [`questions.${water.id}`]: ['Question 2 is required.'] }],
        [{ answers: with_({ 'Head of the household': '   ' }) }, { [`questions.${head.id}`]: ['Question 1 is required.'] }],
        [{ answers: [] }, { [`questions.${head.id}`]: ['Question 1 is required.'], [`questions.${water.id}`]: ['Question 2 is required.'] }],
        [{ answers: with_({ 'Water source': 'River' }) }, { 'answers.1.value': ['The answer must be one of the question’s options.'] }],
        [{ answers: with_({ 'Water source': ['Well'] }) }, { 'answers.1.value': ['The answer must be one of the question’s options.'] }],
        [{ answers: with_({ Symptoms: ['Fever', 'Headache'] }) }, { 'answers.2.value': ['Each answer must be one of the question’s options.'] }],
        [{ answers: with_({ 'Last visit': '2026-02-30' }) }, { 'answers.3.value': ['The answer must be a date (YYYY-MM-DD).'] }],
        [{ answers: with_({ 'Last visit': 'last Tuesday' }) }, { 'answers.3.value': ['The answer must be a date (YYYY-MM-DD).'] }],
        [{ answers: with_({ 'Last visit': '2026-3-4' }) }, { 'answers.3.value': ['The answer must be a date (YYYY-MM-DD).'] }],
        [{ answers: [...with_({}), { question_id: (other.questions as Row[])[0]!.id, value: 'x' }] }, { 'answers.4.question_id': ['This question is not one of the form’s current questions.'] }],
        [{ answers: [...with_({}), { question_id: head.id, value: 'Again' }] }, { 'answers.4.question_id': ['This question is answered twice.'] }],
        [{ answers: with_({}), task_id: 999_999 }, { task_id: ['This task is not one of your tasks for this form.'] }],
        [{ answers: with_({}), client_id: ' ' }, { client_id: ['Please provide the submission’s client id (at most 100 characters).'] }],
        [{ answers: with_({}), client_id: 'x'.repeat(101) }, { client_id: ['Please provide the submission’s client id (at most 100 characters).'] }],
      ];
      for (const [change, errors] of cases) {
        const res = await submit(a, form, { client_id: clientId(), task_id: task.id, ...change });
        expect([change, fieldErrors(res)]).toEqual([change, errors]);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a form or task that is not the CHW’s, a blocked form, and every token but a CHW’s', async () => {
      const before = await snapshot();
      const body = () => ({ client_id: clientId(), answers: answersTo(form, good()) });
      // not given to this CHW: as if it did not exist
      expect((await submit(outsider, form, body())).statusCode).toBe(404);
      expect((await field(a.token).post('/api/field/forms/999999/submissions', body())).statusCode).toBe(404);
      // a task of this form not given to the CHW, and a task of another form
      const c = await chw();
      const theirs = await surveyTask(form, [c], 'Their task');
      expect(fieldErrors(await submit(a, form, { ...body(), task_id: theirs.id }))).toEqual({ task_id: ['This task is not one of your tasks for this form.'] });
      const otherForm = await makeForm();
      const otherTask = await surveyTask(otherForm, [a], 'Another survey');
      expect(fieldErrors(await submit(a, form, { ...body(), task_id: otherTask.id }))).toEqual({ task_id: ['This task is not one of your tasks for this form.'] });
      // a blocked task no longer gives its form
      dataOf(await api.put(`/api/admin/tasks/status/${otherTask.encrypted_id}`, { status: 2 }));
      expect((await submit(a, otherForm, body())).statusCode).toBe(404);
      // a blocked form takes none
      dataOf(await api.put(`/api/admin/dynamic-forms/status/${otherForm.encrypted_id}`, { status: 2 }));
      dataOf(await api.put(`/api/admin/tasks/status/${otherTask.encrypted_id}`, { status: 1 }));
      expect(fieldErrors(await submit(a, otherForm, { client_id: clientId(), answers: answersTo(otherForm, good()) }))).toEqual({ form: ['This survey form is blocked and takes no more submissions.'] });
      expect((dataOf(await field(a.token).get('/api/field/forms')) as Row[]).map((f) => f.id)).not.toContain(otherForm.id);
      // the survey picker of a task's form offers active forms only, to an admin who may not list forms
      const planner = client(t, (await adminWith(t, ['create_task'])).token);
      expect((await planner.get('/api/admin/dynamic-forms')).statusCode).toBe(403);
      const offered = (dataOf(await planner.get('/api/admin/dynamic-forms/choices?status=Active')) as Row[]).map((f) => f.id);
      expect(offered).toContain(form.id);
      expect(offered).not.toContain(otherForm.id);
      // tokens: none, an admin's, a patient's
      const patient = dataOf(await api.post('/api/admin/app-users', {
        f_name: 'Not', l_name: 'Surveyor', email: `patient.${Date.now()}@example.org`, phone_no: '03001234567', password: 'lantern orchard 42', confirmPassword: 'lantern orchard 42', dob: '1990-01-01',
      }));
      const patientToken = await fieldLogin(patient.email, 'lantern orchard 42');
      for (const [method, url] of [['GET', '/api/field/forms'], ['GET', `/api/field/forms/${form.id}`], ['POST', `/api/field/forms/${form.id}/submissions`]] as const) {
        const payload = method === 'POST' ? body() : undefined;
        expect([url, 'none', (await call(t, { method, url, payload })).statusCode]).toEqual([url, 'none', 401]);
        expect([url, 'admin', (await call(t, { method, url, payload, token: t.rootToken })).statusCode]).toEqual([url, 'admin', 401]);
        expect([url, 'patient', (await call(t, { method, url, payload, token: patientToken })).statusCode]).toEqual([url, 'patient', 403]);
      }
      // and a CHW's token opens nothing of the admin API
      for (const url of ['/api/admin/dynamic-forms', `/api/admin/dynamic-forms/${form.encrypted_id}`, `/api/admin/dynamic-forms/export/${form.encrypted_id}`]) {
        expect([url, (await call(t, { method: 'GET', url, token: a.token })).statusCode]).toEqual([url, 401]);
      }
      const after = await snapshot();
      expect(after.submissions).toEqual(before.submissions);
      expect(after.answers).toEqual(before.answers);
    });

    it('records a submission in one go: answers, the form’s count, the task Completed for that CHW only, live events', async () => {
      const published: [string, string, Row][] = [];
      const spy = jest.spyOn(t.app.ctx.realtime, 'publish').mockImplementation(async (channel, event, data) => {
        published.push([String(channel), event, data as Row]);
        return true;
      });
      let sent: Row;
      try {
        const res = await submit(a, form, { client_id: clientId(), task_id: task.id, answers: answersTo(form, good()) });
        expect(res.json().message).toBe('Successfully added.');
        sent = dataOf(res);
      } finally {
        spy.mockRestore();
      }
      expect(sent).toMatchObject({ form_id: form.id, task_id: task.id, form_version: 1, submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      // checkbox answers in the question's order of options
      expect(sent.answers).toEqual(answersTo(form, { ...good(), Symptoms: ['Fever', 'Cough'] }));
      expect(dataOf(await api.get(`/api/admin/dynamic-forms/${form.encrypted_id}`)).submissions_count).toBe(1);
      const statuses = await anyDb(t).selectFrom('task_assignees').select(['user_id', 'status']).where('task_id', '=', task.id).orderBy('user_id').execute();
      expect(statuses).toEqual([{ user_id: a.id, status: 'Completed' }, { user_id: b.id, status: 'Pending' }].sort((x, y) => x.user_id - y.user_id));
      expect(published).toEqual([
        ['private-changes.dynamic-forms', 'changed', { action: 'update', id: form.encrypted_id, by: null }],
        ['private-changes.tasks', 'changed', { action: 'update', id: task.encrypted_id, by: null }],
      ]);
      // the answered questions now say so
      expect((dataOf(await api.get(`/api/admin/dynamic-forms/${form.encrypted_id}`)).questions as Row[]).map((q) => q.answered)).toEqual([true, true, true, true]);
      // optional questions may be left out; without a task no task changes
      const bare = dataOf(await submit(b, form, { client_id: clientId(), answers: answersTo(form, { 'Head of the household': 'Amina', 'Water source': 'Tap', Symptoms: [] }) }));
      expect(bare).toMatchObject({ task_id: null, answers: answersTo(form, { 'Head of the household': 'Amina', 'Water source': 'Tap' }) });
      expect(await anyDb(t).selectFrom('task_assignees').select('status').where('task_id', '=', task.id).where('user_id', '=', b.id).executeTakeFirstOrThrow()).toEqual({ status: 'Pending' });
    });

    it('answers a client id posted again with the first submission, also when both arrive at once', async () => {
      const id = clientId();
      const first = dataOf(await submit(a, form, { client_id: id, answers: answersTo(form, good()) }));
      const before = await snapshot();
      const again = await submit(a, form, { client_id: id, answers: answersTo(form, { ...good(), 'Head of the household': 'Someone else' }) });
      expect(again.json().message).toBe('This submission was already recorded.');
      expect(dataOf(again)).toEqual(first);
      expect(await snapshot()).toEqual(before);
      // another CHW may use the same client id
      expect(dataOf(await submit(b, form, { client_id: id, answers: answersTo(form, good()) })).id).not.toBe(first.id);
      // the same client id for another form is refused
      const otherForm = await makeForm();
      await surveyTask(otherForm, [a], 'Second survey');
      expect((await submit(a, otherForm, { client_id: id, answers: answersTo(otherForm, good()) })).statusCode).toBe(409);

      const racing = clientId();
      const counted = Number(dataOf(await api.get(`/api/admin/dynamic-forms/${form.encrypted_id}`)).submissions_count);
      const answers = await Promise.all([1, 2, 3, 4].map(() => submit(a, form, { client_id: racing, answers: answersTo(form, good()) })));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
      expect(await count('form_submissions', ['client_id', racing])).toBe(1);
      expect(dataOf(await api.get(`/api/admin/dynamic-forms/${form.encrypted_id}`)).submissions_count).toBe(counted + 1);
      // past the checks, the unique constraint decides, and its error is told apart from others on this dialect
      const row = await anyDb(t).selectFrom('form_submissions').selectAll().where('client_id', '=', racing).executeTakeFirstOrThrow();
      const { id: _id, ...copy } = row;
      const clash = await anyDb(t).insertInto('form_submissions').values(copy).execute().then(() => null, (err: unknown) => err);
      expect(isClientIdClash(clash)).toBe(true);
      const missingForm = await anyDb(t).insertInto('form_submissions').values({ ...copy, client_id: clientId(), form_id: 999_999 }).execute().then(() => null, (err: unknown) => err);
      expect(missingForm).not.toBeNull();
      expect(isClientIdClash(missingForm)).toBe(false);
    });
  });

  describe('versions: answered questions are kept under their answers', () => {
    let form: Row;
    let a: Row;
    let task: Row;
    let firstSubmission: Row;
    beforeAll(async () => {
      a = await chw();
      form = await makeForm(formBody('Versioned survey'));
      task = await surveyTask(form, [a], 'Versioned task');
      firstSubmission = dataOf(await submit(a, form, { client_id: clientId(), task_id: task.id, answers: answersTo(form, { 'Head of the household': '=HYPERLINK("http://evil.example","x")', 'Water source': 'Well', Symptoms: ['Fever', 'Rash'] }) }));
    });

    it('an edit retires the answered questions it changes or removes and adds new ones; unanswered ones change in place', async () => {
      const [head, water, symptoms, visit] = form.questions as Row[];
      const edited = dataOf(await api.put(`/api/admin/dynamic-forms/${form.encrypted_id}`, {
        questions: [
          head, // answered, unchanged: stays
          { ...water, title: 'Main water source', options: [{ title: 'Tap' }, { title: 'Well' }, { title: 'Hand pump' }] }, // answered, changed: a new version
          { ...visit, is_required: true }, // unanswered, changed: in place
        ],
        deletedIds: [symptoms!.id], // answered, removed: retired
      }));
      expect(edited.version).toBe(2);
      const questions = edited.questions as Row[];
      expect(questions.map((q) => [q.title, q.version, q.position])).toEqual([['Head of the household', 1, 0], ['Main water source', 2, 1], ['Last visit', 1, 2]]);
      expect(questions[0]!.id).toBe(head!.id);
      expect(questions[1]!.id).not.toBe(water!.id);
      expect(questions[2]).toMatchObject({ id: visit!.id, is_required: true, answered: false });
      const stored = await anyDb(t).selectFrom('form_questions').select(['id', 'title', 'retired_at']).where('form_id', '=', form.id).orderBy('id').execute();
      expect(stored.map((q: Row) => [q.id, q.retired_at === null])).toEqual([[head!.id, true], [water!.id, false], [symptoms!.id, false], [visit!.id, true], [questions[1]!.id, true]]);
      // the first submission's answers are where they were
      const answers = await anyDb(t).selectFrom('form_answers').select(['question_id', 'value']).where('submission_id', '=', firstSubmission.id).orderBy('question_id').execute();
      expect(answers).toEqual([
        { question_id: head!.id, value: '=HYPERLINK("http://evil.example","x")' },
        { question_id: water!.id, value: 'Well' },
        { question_id: symptoms!.id, value: JSON.stringify(['Fever', 'Rash']) },
      ]);
      // an unanswered removal deletes; editing an already retired question is refused as not the form's
      expect(fieldErrors(await api.put(`/api/admin/dynamic-forms/${form.encrypted_id}`, { questions: [...questions, { ...water, title: 'Revived' }] }))).toEqual({
        'questions.3.id': ['This question is not one of the form’s questions.'],
      });
      form = edited;
    });

    it('the field app sees the current questions only; answers to retired ones are refused; new submissions record version 2', async () => {
      const mine = dataOf(await field(a.token).get(`/api/field/forms/${form.id}`));
      expect(mine.version).toBe(2);
      expect((mine.questions as Row[]).map((q) => q.title)).toEqual(['Head of the household', 'Main water source', 'Last visit']);
      const retiredWater = (firstSubmission.answers as Row[])[1]!.question_id;
      const answers = [
        { question_id: byTitle(form, 'Head of the household').id, value: 'Bilal' },
        { question_id: retiredWater, value: 'Well' },
      ];
      expect(fieldErrors(await submit(a, form, { client_id: clientId(), answers }))).toEqual({
        'answers.1.question_id': ['This question is not one of the form’s current questions.'],
        [`questions.${byTitle(form, 'Main water source').id}`]: ['Question 2 is required.'],
        [`questions.${byTitle(form, 'Last visit').id}`]: ['Question 3 is required.'],
      });
      const second = dataOf(await submit(a, form, {
        client_id: clientId(), task_id: task.id, answers: answersTo(form, { 'Head of the household': 'Bilal', 'Main water source': 'Hand pump', 'Last visit': '2026-05-01' }),
      }));
      expect(second.form_version).toBe(2);
    });

    it('exports one row per submission and one column per question, retired ones last under their version; formulas neutralised; CSV and XLSX', async () => {
      const link = dataOf<string>(await api.get(`/api/admin/dynamic-forms/export/${form.encrypted_id}?format=csv`));
      expect(link).toMatch(/^http:\/\/console\.test\/api\/admin\/exports\/form-submissions\/[\w-]+\.[\w-]+$/);
      const res = await call(t, { method: 'GET', url: new URL(link).pathname }); // no bearer: the link is the credential
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="survey-\d+-\d{4}-\d\d-\d\d\.csv"/);
      const [header, ...rows] = parseCsv(res.body.replace(/^\ufeff/, ''));
      const expectedHeader = ['Submission', 'Submitted at', 'CHW', 'Task', 'Form version', 'Head of the household', 'Main water source', 'Last visit', 'Water source (version 1)', 'Symptoms (version 1)'];
      expect(header).toEqual(expectedHeader);
      const chwName = `${a.f_name} ${a.l_name}`;
      expect(rows.map((r) => r.filter((_, i) => i !== 1))).toEqual([
        [String(firstSubmission.id), chwName, 'Versioned task', '1', '\'=HYPERLINK("http://evil.example","x")', '', '', 'Well', 'Fever; Rash'],
        [expect.any(String), chwName, 'Versioned task', '2', 'Bilal', 'Hand pump', '2026-05-01', '', ''],
      ]);
      expect(rows[0]![1]).toBe(firstSubmission.submitted_at);

      const xlsxLink = dataOf<string>(await api.get(`/api/admin/dynamic-forms/export/${form.encrypted_id}?format=xlsx`));
      const xlsx = await call(t, { method: 'GET', url: new URL(xlsxLink).pathname });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const sheet = sheetRows(unzipEntry(xlsx.rawPayload, 'xl/worksheets/sheet1.xml'));
      expect(sheet[0]).toEqual(expectedHeader);
      expect(sheet.slice(1).map((r) => r.filter((_, i) => i !== 1))).toEqual(rows.map((r) => r.filter((_, i) => i !== 1)));
      expect(await anyDb(t).selectFrom('audit_log').select(['action', 'resource', 'record_id']).where('action', '=', 'export').where('resource', '=', 'dynamic-forms').execute()).toEqual([
        { action: 'export', resource: 'dynamic-forms', record_id: form.id },
        { action: 'export', resource: 'dynamic-forms', record_id: form.id },
      ]);
    });

    it('export links: view_form needed to ask, the admin still active with it to open; bad formats, tampered and foreign links refused', async () => {
      const url = `/api/admin/dynamic-forms/export/${form.encrypted_id}`;
      expect(Object.keys(fieldErrors(await api.get(`${url}?format=pdf`)))).toEqual(['format']);
      expect((await api.get(`/api/admin/dynamic-forms/export/${t.app.ctx.ids.encode('tasks', form.id)}`)).statusCode).toBe(404);
      const viewer = await adminWith(t, ['view_form']);
      const stranger = await adminWith(t, ['view_task']);
      expect((await call(t, { method: 'GET', url, token: stranger.token })).statusCode).toBe(403);
      const link = new URL(dataOf<string>(await call(t, { method: 'GET', url, token: viewer.token }))).pathname;
      expect((await call(t, { method: 'GET', url: link })).statusCode).toBe(200);
      dataOf(await api.put(`/api/admin/admins/status/${viewer.encryptedId}`, { status: 2 }));
      expect((await call(t, { method: 'GET', url: link })).statusCode).toBe(403);
      expect((await call(t, { method: 'GET', url: `${link.slice(0, -2)}xx` })).statusCode).toBe(410);
      // a list export's link is not a form's, nor the reverse
      const listLink = new URL(dataOf<string>(await api.get('/api/admin/dynamic-forms?download=true'))).pathname;
      expect((await call(t, { method: 'GET', url: `/api/admin/exports/form-submissions/${listLink.split('/').pop()}` })).statusCode).toBe(410);
      const formLink = new URL(dataOf<string>(await api.get(url))).pathname;
      expect((await call(t, { method: 'GET', url: `/api/admin/exports/${formLink.split('/').pop()}` })).statusCode).toBe(404);
    });

    it('streams a form of many submissions in batches', async () => {
      const big = await makeForm(formBody('Big survey'));
      const head = byTitle(big, 'Head of the household');
      const water = byTitle(big, 'Water source');
      const now = new Date().toISOString();
      const rows = Array.from({ length: 1203 }, (_, i) => ({ form_id: big.id, task_id: null, user_id: a.id, client_id: `bulk-${big.id}-${i}`, form_version: 1, submitted_at: now, created_at: now }));
      for (let i = 0; i < rows.length; i += 300) await anyDb(t).insertInto('form_submissions').values(rows.slice(i, i + 300)).execute();
      const ids = (await anyDb(t).selectFrom('form_submissions').select('id').where('form_id', '=', big.id).orderBy('id').execute()).map((r: Row) => r.id as number);
      const answers = ids.flatMap((id, i) => [{ submission_id: id, question_id: head.id, value: `Household ${i}` }, { submission_id: id, question_id: water.id, value: 'Tap' }]);
      for (let i = 0; i < answers.length; i += 300) await anyDb(t).insertInto('form_answers').values(answers.slice(i, i + 300)).execute();
      const link = new URL(dataOf<string>(await api.get(`/api/admin/dynamic-forms/export/${big.encrypted_id}`))).pathname;
      const [, ...lines] = parseCsv((await call(t, { method: 'GET', url: link })).body.replace(/^\ufeff/, ''));
      expect(lines.length).toBe(1203);
      expect(lines.map((l) => Number(l[0]))).toEqual(ids);
      expect(lines.map((l) => l[5])).toEqual(ids.map((_, i) => `Household ${i}`));
    });

    it('refuses to delete a form that has submissions or is used by a task; one without goes with its questions', async () => {
      const before = await snapshot();
      const res = await api.del(`/api/admin/dynamic-forms/${form.encrypted_id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'The survey form "Versioned survey" has 2 submissions: block it instead of deleting it.' });
      const used = await makeForm(formBody('Assigned survey'));
      await surveyTask(used, [a], 'Uses it');
      const refused = (await api.del(`/api/admin/dynamic-forms/${used.encrypted_id}`)).json();
      expect(refused.message).toBe('The survey form "Assigned survey" is still used by 1 task. Delete them or choose another form first.');
      expect(refused).toMatchObject({ code: 'form_in_use', values: { title: 'Assigned survey', uses: [{ noun: 'task', count: 1 }] } });
      expect((await snapshot()).submissions).toEqual(before.submissions);
      expect(await count('dynamic_forms', ['id', form.id])).toBe(1);
      const loose = await makeForm(formBody('Loose survey'));
      dataOf(await api.del(`/api/admin/dynamic-forms/${loose.encrypted_id}`));
      expect(await count('form_questions', ['form_id', loose.id])).toBe(0);
    });
  });
});
