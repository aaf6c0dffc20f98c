import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import areas from '../areas';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, inMemoryLists } from '../../testing/AdminTestContext';

const AreaCreate = areas.create!;

const lists = {
  districts: [
    { id: 'd-lhr', title: 'Lahore' },
    { id: 'd-mul', title: 'Multan' },
  ],
  // references name records by id, as every data provider gives them
  tehsils: [
    { id: 't-1', title: 'Model Town', district_id: 'd-lhr' },
    { id: 't-2', title: 'Raiwind', district_id: 'd-lhr' },
    { id: 't-3', title: 'Shujabad', district_id: 'd-mul' },
  ],
};

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, select: HTMLElement, option: string) => {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
};

const optionNames = async (user: ReturnType<typeof userEvent.setup>, select: HTMLElement): Promise<string[]> => {
  await user.click(select);
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent?.trim() ?? '')
    .filter((name) => name !== '');
  await user.keyboard('{Escape}');
  return names;
};

/** The tehsil select, once it is enabled and its choices have loaded. */
const enabledTehsilSelect = () =>
  waitFor(() => {
    const select = screen.getByRole('combobox', { name: /Select Tehsil/ });
    expect(select).not.toHaveAttribute('aria-disabled');
    return select;
  });

describe('VC (area) form', () => {
  it("lists only the chosen district's tehsils and clears the tehsil when the district changes", async () => {
    const user = userEvent.setup({ delay: null });
    const dataProvider = appTestDataProvider({ getList: jest.fn(inMemoryLists(lists)) });
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={['view_location', 'create_location']} resource="areas">
        <AreaCreate />
      </AdminTestContext>,
    );

    const district = await screen.findByRole('combobox', { name: /Select District/ });
    const tehsil = screen.getByRole('combobox', { name: /Select Tehsil/ });
    expect(tehsil).toHaveAttribute('aria-disabled', 'true');
    // the dependent select says what it waits for, until it is chosen
    expect(screen.getByText('Choose a district first')).toBeInTheDocument();

    await chooseOption(user, district, 'Lahore');
    await waitFor(() => expect(screen.queryByText('Choose a district first')).not.toBeInTheDocument());
    expect(await optionNames(user, await enabledTehsilSelect())).toEqual(['Model Town', 'Raiwind']);
    await chooseOption(user, await enabledTehsilSelect(), 'Raiwind');
    expect(screen.getByRole('combobox', { name: /Select Tehsil/ })).toHaveTextContent('Raiwind');

    await chooseOption(user, district, 'Multan');
    expect(screen.getByRole('combobox', { name: /Select Tehsil/ })).not.toHaveTextContent('Raiwind');
    expect(await optionNames(user, await enabledTehsilSelect())).toEqual(['Shujabad']);
    expect(dataProvider.getList).toHaveBeenCalledWith('tehsils', expect.objectContaining({ filter: { paginate: false, district_id: 'd-mul' } }));
  });

  it('asks for every field before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn();
    const dataProvider = appTestDataProvider({ getList: jest.fn(inMemoryLists(lists)), create });
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={['view_location', 'create_location']} resource="areas">
        <AreaCreate />
      </AdminTestContext>,
    );

    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    for (const message of [
      'Please select a district.',
      'Please select a tehsil.',
      'Please provide a title.',
      'Please provide a latitude.',
      'Please provide a longitude.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByPlaceholderText('31.0000')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('74.00000')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});
