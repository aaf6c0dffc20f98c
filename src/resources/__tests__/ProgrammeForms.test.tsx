import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, type GetListParams, type I18nProvider, type RaRecord } from 'react-admin';
import tasks from '../tasks';
import userMessages from '../user-messages';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, type TestDataProviderCalls } from '../../testing/AdminTestContext';

const PERMISSIONS = ['view_task', 'create_task', 'edit_task', 'delete_task', 'view_chw', 'create_chw', 'edit_chw', 'delete_chw'];

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

// records as a data provider gives them: references name records by id
const rec = (id: number, fields: Record<string, unknown>): RaRecord => ({ id: `enc-${id}`, ...fields });
const DISTRICTS = [rec(1, { title: 'Peshawar' })];
const TEHSILS = [rec(10, { title: 'City', district_id: 'enc-1' }), rec(11, { title: 'Saddar', district_id: 'enc-1' })];
const CHWS: Record<string, RaRecord[]> = {
  'enc-10': [rec(7, { f_name: 'Amina', l_name: 'Khan' }), rec(8, { f_name: 'Bilal', l_name: 'Shah' })],
  'enc-11': [rec(9, { f_name: 'Sana', l_name: 'Ali' })],
};

/** The choices the forms ask for, answered as the server does (tehsil CHWs by tehsil, only active records asked for). */
const lists = jest.fn(async (resource: string, params: GetListParams) => {
  const filter = params.filter as Record<string, unknown>;
  const data =
    resource === 'districts' ? DISTRICTS
    : resource === 'tehsils' ? TEHSILS.filter((t) => t.district_id === filter.district_id)
    : resource === 'chw' ? (filter.status === 1 ? (CHWS[String(filter.tehsil_id)] ?? []) : [])
    : resource === 'campaigns' ? (filter.status === 1 ? [rec(3, { title: 'Polio drive' })] : [])
    : resource === 'dynamic-forms' ? (filter.status === 1 ? [rec(4, { title: 'Household survey' })] : [])
    : resource === 'interests' ? [rec(21, { title: 'Nutrition' }), rec(22, { title: 'Vaccination' })]
    : [];
  return { data, total: data.length };
});

const renderAt = (resource: string, path: string, calls: TestDataProviderCalls) => {
  const config = resource === 'tasks' ? tasks : userMessages;
  const Create = config.create!;
  const Edit = config.edit!;
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList: lists, ...calls })} permissions={PERMISSIONS} resource={resource}>
        <Routes>
          <Route path={`/${resource}/create`} element={<Create />} />
          <Route path={`/${resource}/:id`} element={<Edit />} />
        </Routes>
      </AdminTestContext>
    </TestMemoryRouter>,
  );
};

const choose = async (user: ReturnType<typeof userEvent.setup>, name: RegExp, option: string) => {
  await user.click(await screen.findByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('task form', () => {
  it('offers the CHWs of the chosen tehsil only, and says "Please fill the CHW required field!" without one', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn();
    renderAt('tasks', '/tasks/create', { create });
    expect(await screen.findByText('Choose a district and a tehsil to see their CHWs.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Door to door');
    await choose(user, /^Type/, 'General');
    expect(screen.getByRole('textbox', { name: /Note/ })).toBeInTheDocument();
    await choose(user, /^Type/, 'Survey');
    expect(screen.queryByRole('textbox', { name: /Note/ })).toBeNull();
    await choose(user, /Survey Form/, 'Household survey');
    await choose(user, /District/, 'Peshawar');
    await choose(user, /Tehsil/, 'City');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill the CHW required field!')).toBeInTheDocument();
    expect(screen.getByText('Please select a start date.')).toBeInTheDocument();
    expect(screen.getByText('Please select a file.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /CHWs/ }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Amina Khan', 'Bilal Shah']);
    await user.keyboard('{Escape}');
    // CHW lists were asked for the tehsil's active CHWs, through the picker's own route
    expect(lists).toHaveBeenCalledWith('chw', expect.objectContaining({ filter: expect.objectContaining({ tehsil_id: 'enc-10', status: 1 }), meta: { choices: true } }));
    expect(create).not.toHaveBeenCalled();
  });

  const stored = rec(5, {
    title: 'Polio follow-up',
    type: 'Campaign',
    campaign_id: 'enc-3',
    s_date: '2099-01-10',
    e_date: '2099-01-20',
    district_id: 'enc-1',
    tehsil_id: 'enc-10',
    desc: 'Visit each house.',
    file: { src: 'https://console.example/storage/tasks/a.pdf', title: 'a.pdf', type: 'application/pdf' },
    person_ids: [{ id: 'enc-7', name: 'Amina Khan (Ward 1)' }],
    statuses: [],
    status: 1,
  });

  it('edits the type, asks for a note for General, and sends the CHWs by id', async () => {
    const user = userEvent.setup({ delay: null });
    const update = jest.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...stored, ...data } as RaRecord }));
    renderAt('tasks', '/tasks/enc-5', { getOne: async () => ({ data: stored }), update });
    await screen.findByDisplayValue('Polio follow-up');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Campaign/ })).toHaveTextContent('Polio drive'));
    await choose(user, /^Type/, 'General');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please provide a note.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Bring the leaflets.');
    await user.click(screen.getByRole('combobox', { name: /CHWs/ }));
    await user.click(await screen.findByRole('option', { name: 'Bilal Shah' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const sent = update.mock.calls[0]![1].data;
    expect(sent).toMatchObject({ type: 'General', note: 'Bring the leaflets.', person_ids: ['enc-7', 'enc-8'], tehsil_id: 'enc-10' });
  });

  it('empties the chosen CHWs when the tehsil changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('tasks', '/tasks/enc-5', { getOne: async () => ({ data: stored }), update: jest.fn() });
    await screen.findByDisplayValue('Polio follow-up');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /CHWs/ })).toHaveTextContent('Amina Khan'));
    await choose(user, /Tehsil/, 'Saddar');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /CHWs/ })).not.toHaveTextContent('Amina Khan'));
    await user.click(screen.getByRole('combobox', { name: /CHWs/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Sana Ali']);
  });
});

describe('user message form', () => {
  it('asks for the other age of the pair, a text for General, an interest; then sends interests by id', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...data, id: 'enc-9' } as RaRecord }));
    renderAt('user-messages', '/user-messages/create', { create });
    await choose(user, /^Type/, 'General');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Vaccination week');
    await user.type(screen.getByRole('spinbutton', { name: /From Age/ }), '18');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select to age')).toBeInTheDocument();
    expect(screen.getByText('Please provide a text')).toBeInTheDocument();
    expect(screen.getByText('Please select a Interest')).toBeInTheDocument();
    expect(screen.getByText('Please select a district')).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: /To Age/ }), '9');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The to age must not be below the from age.')).toBeInTheDocument();
    await user.clear(screen.getByRole('spinbutton', { name: /To Age/ }));
    await user.type(screen.getByRole('spinbutton', { name: /To Age/ }), '60');
    await user.type(screen.getByRole('textbox', { name: /^Text/ }), 'Bring the card.');
    await user.click(screen.getByRole('combobox', { name: /Interests/ }));
    await user.click(await screen.findByRole('option', { name: 'Vaccination' }));
    await user.keyboard('{Escape}');
    await choose(user, /District/, 'Peshawar');
    await choose(user, /Tehsil/, 'Saddar');
    expect(create).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![1].data).toMatchObject({ type: 'General', title: 'Vaccination week', text: 'Bring the card.', interest_ids: ['enc-22'], from_age: 18, to_age: 60, district_id: 'enc-1', tehsil_id: 'enc-11' });
    expect(await within(document.body).findByText('Vaccination week added.')).toBeInTheDocument();
  });
});
