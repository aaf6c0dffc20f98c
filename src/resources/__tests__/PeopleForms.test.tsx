import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, type GetListParams, type I18nProvider, type RaRecord } from 'react-admin';
import appUsers from '../app-users';
import doctors from '../doctors';
import familyMembers from '../family-members';
import { ageOn } from '../common/people';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, type TestDataProviderCalls } from '../../testing/AdminTestContext';

/** The people forms (patients, doctors, family members): the age counted from the date of birth, the country searched. */

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const PERMISSIONS = ['view_app_user', 'create_app_user', 'edit_app_user', 'view_doctor', 'create_doctor', 'edit_doctor', 'view_family_member', 'edit_family_member'];

// the ~250 countries as the server lists them, alphabetically; the United States among them
const COUNTRIES: RaRecord[] = [
  { id: 'c-1', country: 'Afghanistan', iso2: 'AF' },
  { id: 'c-2', country: 'Germany', iso2: 'DE' },
  { id: 'c-3', country: 'Pakistan', iso2: 'PK' },
  { id: 'c-4', country: 'Palau', iso2: 'PW' },
  { id: 'c-5', country: 'United States of America', iso2: 'US' },
];
const lists = async (resource: string, _params: GetListParams) => {
  const data = resource === 'countries' ? COUNTRIES : resource === 'cities' ? [{ id: 'city-1', title: 'Lahore' }] : [];
  return { data, total: data.length };
};

const MODULES = { 'app-users': appUsers, doctors, 'family-members': familyMembers } as const;

const renderAt = (resource: keyof typeof MODULES, path: string, calls: TestDataProviderCalls) => {
  const config = MODULES[resource];
  const Create = config.create!;
  const Edit = config.edit!;
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList: lists, ...calls })} permissions={PERMISSIONS} resource={resource}>
        <Routes>
          <Route path={`/${resource}/create`} element={<Create />} />
          <Route path={`/${resource}/:id`} element={<Edit />} />
          <Route path={`/${resource}/:id/show`} element={<p>Shown</p>} />
        </Routes>
      </AdminTestContext>
    </TestMemoryRouter>,
  );
};

const ageInput = () => screen.getByRole('spinbutton', { name: /^Age/ }) as HTMLInputElement;
const setDob = (value: string) => fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value } });

describe('ageOn', () => {
  const today = new Date(2026, 10, 28); // 28 November 2026
  it('counts whole years, a year more only from the birthday on', () => {
    expect(ageOn('1990-11-28', today)).toBe(36);
    expect(ageOn('1990-11-29', today)).toBe(35);
    expect(ageOn('1990-12-01', today)).toBe(35);
    expect(ageOn('1990-10-30', today)).toBe(36);
    expect(ageOn('2026-11-28', today)).toBe(0);
  });
  it('counts nothing for no date, a date to come, a date past 130 years or one of another shape', () => {
    expect(ageOn(null, today)).toBeNull();
    expect(ageOn('', today)).toBeNull();
    expect(ageOn('2026-11-29', today)).toBeNull();
    expect(ageOn('1890-01-01', today)).toBeNull();
    expect(ageOn('28/11/1990', today)).toBeNull();
    expect(ageOn(19901128, today)).toBeNull();
  });
});

describe('a patient form', () => {
  it('counts the age from the date of birth (a stale stored one put right), follows a new date, and saves both', async () => {
    const user = userEvent.setup({ delay: null });
    const record = { id: 'p-1', f_name: 'Amna', email: 'amna@example.org', phone_no: '03001112233', dob: '1990-06-15', age: 20, gender: 'female', country_id: 'c-3' };
    const update = jest.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...record, ...params.data } }));
    renderAt('app-users', '/app-users/p-1', { getOne: async () => ({ data: record }), update });
    await waitFor(() => expect(ageInput().value).toBe(String(ageOn('1990-06-15'))));
    expect(ageInput()).toHaveAttribute('readonly');
    expect(screen.getByText('Counted from the date of birth.')).toBeInTheDocument();
    setDob('2001-02-03');
    await waitFor(() => expect(ageInput().value).toBe(String(ageOn('2001-02-03'))));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({ dob: '2001-02-03', age: ageOn('2001-02-03'), country_id: 'c-3' });
  });

  it('on add, chooses no country for the user (sends none) and sends the age counted from the date of birth', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...params.data, id: 'p-9' } }));
    renderAt('app-users', '/app-users/create', { create });
    const country = await screen.findByRole('combobox', { name: /^Country/ });
    expect(screen.getByText('Type to search the countries.')).toBeInTheDocument();
    // the list has arrived (Pakistan is offered) and the United States is not put on the form
    await user.click(country);
    expect(await screen.findByRole('option', { name: 'Pakistan' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(country).toHaveValue('');

    await user.type(screen.getByLabelText(/^First Name/), 'Rukhsar');
    await user.type(screen.getByLabelText(/^Email/), 'rukhsar@example.org');
    await user.type(screen.getByLabelText(/^Phone/), '03001234567');
    await user.type(screen.getByLabelText(/^Password/), 'meadow-signal-19');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'meadow-signal-19');
    // no date of birth yet: the age is typed
    expect(ageInput()).not.toHaveAttribute('readonly');
    setDob('1985-03-09');
    await waitFor(() => expect(ageInput().value).toBe(String(ageOn('1985-03-09'))));
    expect(ageInput()).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    // no country is sent as none (the server gives a body without one the spec's default, the United States)
    expect(create.mock.calls[0]![1].data).toMatchObject({ f_name: 'Rukhsar', dob: '1985-03-09', age: ageOn('1985-03-09'), country_id: null });
  });
});

describe('a doctor form', () => {
  it('sends the country found by typing and the age counted from the date of birth', async () => {
    const user = userEvent.setup({ delay: null });
    const record = { id: 'd-1', f_name: 'Sadia', email: 'sadia@example.org', phone_no: '03001112233', dob: '1980-01-01', age: null, gender: 'female', qualification_id: 'q-1', specializationIds: ['s-1'], country_id: null };
    const update = jest.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...record, ...params.data } }));
    const getList = async (resource: string, params: GetListParams) =>
      resource === 'qualifications' ? { data: [{ id: 'q-1', title: 'MBBS' }], total: 1 }
      : resource === 'specializations' ? { data: [{ id: 's-1', title: 'Paediatrics' }], total: 1 }
      : lists(resource, params);
    renderAt('doctors', '/doctors/d-1', { getOne: async () => ({ data: record }), getList, update });
    // a doctor stored without an age gets the counted one (the server requires it on edit)
    await waitFor(() => expect(ageInput().value).toBe(String(ageOn('1980-01-01'))));
    const country = screen.getByRole('combobox', { name: /^Country/ });
    expect(country).toHaveValue('');
    await user.type(country, 'pa');
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Pakistan', 'Palau']);
    await user.clear(country);
    await user.type(country, 'germ');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({ age: ageOn('1980-01-01'), country_id: 'c-2' });
  });
});

describe('a family member form', () => {
  it('counts the age from the date of birth and follows a new one', async () => {
    const user = userEvent.setup({ delay: null });
    const record = { id: 'f-1', parent_id: 'p-1', relation: 'Son', f_name: 'Ali', phone_no: '03001112233', dob: '2010-04-04', age: 3, marital_status: 'Single', gender: 'male', country_id: 'c-3' };
    const update = jest.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...record, ...params.data } }));
    renderAt('family-members', '/family-members/f-1', { getOne: async () => ({ data: record }), update });
    await waitFor(() => expect(ageInput().value).toBe(String(ageOn('2010-04-04'))));
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Pakistan');
    setDob('2012-12-12');
    await waitFor(() => expect(ageInput().value).toBe(String(ageOn('2012-12-12'))));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({ dob: '2012-12-12', age: ageOn('2012-12-12'), country_id: 'c-3' });
  });
});
