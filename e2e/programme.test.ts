/**
 * The programme issue's "done when" journey in real Chromium against the real server: a survey form
 * with a text, a radio and a date question built in the console, a Survey task with it given to two
 * CHWs, one CHW's submission posted through the field app's endpoint, the task's CHW status and the
 * form's submission count changing on screen without a reload, and the answers' export holding it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { tinyPng } from '../server/test/helpers/http';
import { screenshot } from './helpers/browser';
import { describeJourney } from './helpers/journey';
import { choose, field, menuEntry, seeText } from './helpers/page';

interface One<T> {
  data: T;
}
interface Paged<T> {
  data: { data: T[]; total: number };
}

describeJourney('programme journey (Chromium, real server)', { timeout: 180_000 }, (journey) => {
  const stamp = Date.now().toString(36);
  const day = (offset: number) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };

  /** a JSON call to the field app's API */
  const fieldApi = async <T,>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${journey.server.url}/api/field${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  const submit = async (page: Page) => {
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await seeText(page, / added\.$/);
  };

  test('a survey form, a Survey task for two CHWs, a submission from the field app seen live, and its export', () =>
    journey.withPage('programme-journey', async ({ page }) => {
      // --- the place and the two CHWs working there (set up over the API: the people journey adds them through the console)
      const { api } = journey;
      const district = await api<{ id: number }>('POST', '/districts', { title: `Swat ${stamp}` });
      const tehsil = await api<{ id: number }>('POST', '/tehsils', { district_id: district.id, title: `Mingora ${stamp}` });
      const area = await api<{ id: number }>('POST', '/areas', { district_id: district.id, tehsil_id: tehsil.id, title: `VC Saidu ${stamp}`, lat: 34.77, long: 72.36 });
      const qualification = await api<{ id: number }>('POST', '/qualifications', { title: `LHW ${stamp}` });
      const chw = (first: string, n: number) =>
        api<{ id: number; email: string }>('POST', '/chw', {
          f_name: first, l_name: 'Khan', email: `${first.toLowerCase()}.${stamp}@example.org`, phone_no: '03451234567', cnic: `1530${n}${String(Date.now()).slice(-8)}`,
          password: 'orchard-lantern-42', confirmPassword: 'orchard-lantern-42', dob: '1993-02-01', age: 33, gender: 'female',
          qualification_id: qualification.id, district_id: district.id, tehsil_id: tehsil.id, area_id: area.id,
        });
      const [nasreen, gulalai] = [await chw('Nasreen', 1), await chw('Gulalai', 2)];
      const formTitle = `Household survey ${stamp}`;
      const taskTitle = `Survey visits ${stamp}`;

      // --- start where a user starts: the bare address, signed out
      await journey.signInFromTheStart(page);

      // --- build the form: a text, a radio with two options and a date question
      await page.getByRole('menuitem', { name: 'Programme' }).waitFor();
      await menuEntry(page, 'Dynamic Forms').click();
      await page.getByRole('link', { name: 'Add Dynamic Form', exact: true }).click();
      await field(page, 'Form Title').fill(formTitle);
      const question = (n: number) => page.getByRole('group', { name: `Question ${n}` });
      const describe = async (n: number, title: string, type: string) => {
        await question(n).getByRole('textbox', { name: /Question Title/ }).fill(title);
        await question(n).getByRole('combobox', { name: /Type/ }).click();
        await page.getByRole('option', { name: type, exact: true }).click();
        await page.getByRole('listbox').waitFor({ state: 'detached' });
      };
      await describe(1, 'Head of household', 'Text');
      await page.getByRole('button', { name: 'Add question' }).click();
      await describe(2, 'Water source', 'Radio');
      await question(2).getByRole('textbox', { name: /^Option 1/ }).fill('Tap');
      await question(2).getByRole('textbox', { name: /^Option 2/ }).fill('Well');
      await page.getByRole('button', { name: 'Add question' }).click();
      await describe(3, 'Last vaccination', 'Date');
      await screenshot(page, 'form-builder');
      await submit(page);
      const forms = await journey.server.api<Paged<{ id: number; encrypted_id: string }>>('GET', `/dynamic-forms?search=${encodeURIComponent(formTitle)}`, journey.rootToken);
      const form = forms.body.data.data[0]!;
      expect(form).toBeDefined();

      // --- a Survey task with that form, for both CHWs of the tehsil
      await menuEntry(page, 'Tasks').click();
      await page.getByRole('link', { name: 'Add Task', exact: true }).click();
      await field(page, 'Title').fill(taskTitle);
      await choose(page, 'Type', 'Survey');
      await choose(page, 'Survey Form', formTitle);
      await field(page, 'Start Date').fill(day(0));
      await field(page, 'End Date').fill(day(3));
      await choose(page, 'District', `Swat ${stamp}`);
      await choose(page, 'Tehsil', `Mingora ${stamp}`);
      await field(page, 'CHWs').click();
      await page.getByRole('option', { name: 'Nasreen Khan', exact: true }).click();
      await page.getByRole('option', { name: 'Gulalai Khan', exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.locator('input[type=file]').setInputFiles({ name: 'brief.png', mimeType: 'image/png', buffer: tinyPng() });
      await screenshot(page, 'task-add-form');
      await submit(page);
      const tasks = await journey.server.api<Paged<{ id: number; encrypted_id: string; person_ids: { id: number }[] }>>('GET', `/tasks?search=${encodeURIComponent(taskTitle)}`, journey.rootToken);
      const task = tasks.body.data.data[0]!;
      expect(task.person_ids.map((p) => p.id).sort()).toEqual([nasreen.id, gulalai.id].sort());

      // --- the task's page: both CHWs pending
      await menuEntry(page, 'Tasks').click();
      await page.getByRole('row').filter({ hasText: taskTitle }).getByRole('link', { name: 'Show' }).click();
      await page.getByRole('heading', { name: taskTitle }).waitFor();
      const statusOf = (id: number) => page.getByTestId(`chw-status-${id}`);
      await statusOf(nasreen.id).getByText('Pending').waitFor();
      await statusOf(gulalai.id).getByText('Pending').waitFor();
      await seeText(page, '0 of 2 completed');

      // --- Nasreen answers from the field app
      const signedIn = await fieldApi<One<{ token: string }>>('POST', '/login', null, { email: nasreen.email, password: 'orchard-lantern-42' });
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.data.token;
      const assigned = await fieldApi<One<{ id: number; questions: { id: number; title: string }[] }>>('GET', `/forms/${form.id}`, token);
      expect(assigned.status).toBe(200);
      const q = (title: string) => assigned.body.data.questions.find((x) => x.title === title)!.id;
      const posted = await fieldApi<One<{ id: number }>>('POST', `/forms/${form.id}/submissions`, token, {
        client_id: `journey-${stamp}`,
        task_id: task.id,
        answers: [
          { question_id: q('Head of household'), value: 'Zarina Bibi' },
          { question_id: q('Water source'), value: 'Well' },
          { question_id: q('Last vaccination'), value: '2026-03-14' },
        ],
      });
      expect(posted.status).toBe(200);

      // --- the open page follows: Nasreen completed, Gulalai still pending, no reload
      await statusOf(nasreen.id).getByText('Completed').waitFor();
      await statusOf(gulalai.id).getByText('Pending').waitFor();
      await seeText(page, '1 of 2 completed');
      await screenshot(page, 'task-show-live');

      // --- the form's page counts it; its export holds the answer
      await page.getByRole('link', { name: formTitle }).click();
      await page.getByRole('heading', { name: formTitle }).waitFor();
      await page.getByTestId('submissions-count').getByText('1 submission').waitFor();
      await page.getByRole('button', { name: 'Export answers' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain('Head of household');
      expect(csv).toContain('"Zarina Bibi"');
      expect(csv).toContain('"Well"');
      expect(csv).toContain('2026-03-14');
      expect(csv).toContain('Nasreen Khan');
    }));
});
