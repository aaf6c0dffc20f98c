/**
 * Every declared add form, submitted empty: each input its validation refuses (aria-invalid) shows the
 * required marker (the label's asterisk), so a new required field cannot forget it. react-admin marks a
 * label when the input's validator says `isRequired` (`required()`, or a rule made with `requiredRule`).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, type I18nProvider } from 'react-admin';
import { RESOURCES } from '../../../contract/resources';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';
import { resourceNames, resources } from '..';

jest.setTimeout(60_000);

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

/** The text of an input's label: its <label>, or what aria-labelledby names. */
const labelOf = (input: Element): string => {
  const labels = (input as HTMLInputElement).labels;
  if (labels?.length) return [...labels].map((l) => l.textContent ?? '').join(' ');
  const by = input.getAttribute('aria-labelledby');
  return by ? by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : (input.getAttribute('aria-label') ?? '');
};

const withCreate = resourceNames.filter((name) => resources[name].create);

it.each(withCreate.map((name) => [name]))('%s: every input the empty add form refuses shows its asterisk', async (name) => {
  const user = userEvent.setup();
  const Create = resources[name].create!;
  const dataProvider = appTestDataProvider({
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    getPermissionModules: async () => ({ data: [] }),
    create: async () => Promise.reject(new Error('an empty form must not be sent')),
  } as Parameters<typeof appTestDataProvider>[0]);
  const permission = (action: string) => `${action}_${RESOURCES[name].module}`;
  const { unmount } = render(
    <TestMemoryRouter initialEntries={[`/${name}/create`]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={['view', 'create'].map(permission)} resource={name}>
        <Routes>
          <Route path={`/${name}/create`} element={<Create />} />
        </Routes>
      </AdminTestContext>
    </TestMemoryRouter>,
  );
  const submit = await screen.findByRole('button', { name: 'Submit' });
  await user.click(submit);
  await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
  // MUI's select keeps a hidden native input beside its combobox; the combobox is what is labelled
  const unmarked = [...document.querySelectorAll('[aria-invalid="true"]:not([aria-hidden="true"])')]
    .map((input) => ({ name: input.getAttribute('name') ?? input.id, label: labelOf(input) }))
    .filter(({ label }) => !label.includes('*'));
  expect(unmarked).toEqual([]);
  unmount();
});
