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

jest.setTimeout(240_000);

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

/** The text of an input's label: its <label>, what aria-labelledby names, or a rich-text editor's label above it. */
const labelOf = (input: Element): string => {
  if (input.classList.contains(RICH_TEXT_REFUSED)) return input.closest('.ra-input')?.querySelector('.RaLabeled-label')?.textContent ?? '';
  const labels = (input as HTMLInputElement).labels;
  if (labels?.length) return [...labels].map((l) => l.textContent ?? '').join(' ');
  const by = input.getAttribute('aria-labelledby');
  return by ? by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : (input.getAttribute('aria-label') ?? '');
};

/** ra-input-rich-text marks a refused editor with this class (its editable area has no aria-invalid). */
const RICH_TEXT_REFUSED = 'ra-rich-text-input-error';

/** what kind of input each form's refused inputs were, by resource */
const refusedKinds = new Map<string, Set<string>>();
const kindOf = (input: Element) => (input.classList.contains(RICH_TEXT_REFUSED) ? 'rich text' : input.getAttribute('type') === 'file' ? 'file' : 'other');
/** the source of a rich-text input, from react-admin's class on its wrapper (ra-input-<source>) */
const sourceOf = (input: Element) => [...(input.closest('.ra-input')?.classList ?? [])].find((c) => c.startsWith('ra-input-'))?.slice('ra-input-'.length) ?? '';

const withCreate = resourceNames.filter((name) => resources[name].create);

/** The modules whose refused save says the spec's own words instead of naming the field (dynamic forms: document 3 §5). */
const OWN_TOAST: Partial<Record<string, string>> = { 'dynamic-forms': 'Fill the required fields.' };

it.each(withCreate.map((name) => [name]))('%s: every input the empty add form refuses shows its asterisk', async (name) => {
  const user = userEvent.setup({ delay: null });
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
  // a rich-text editor loads lazily: its rule counts once it is there
  await waitFor(() => expect(document.querySelector('.MuiSkeleton-root')).toBeNull());
  await user.click(submit);
  await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
  // MUI's select keeps a hidden native input beside its combobox; the combobox is what is labelled.
  // A file input is hidden behind its button and labelled by the text above it.
  const unmarked = [...document.querySelectorAll(`[aria-invalid="true"]:not([aria-hidden="true"]), .${RICH_TEXT_REFUSED}`)]
    .map((input) => ({ name: input.getAttribute('name') ?? (input.id || sourceOf(input)), label: labelOf(input), kind: kindOf(input) }));
  refusedKinds.set(name, new Set(unmarked.map((r) => r.kind)));
  expect(unmarked.filter(({ label }) => !label.includes('*'))).toEqual([]);

  // the refused save leads to its first field (ConsoleForm): the toast names it (or says the module's own
  // words, where the spec gives them), the focus is in it, and no refused input comes before it on the page
  const own = OWN_TOAST[name];
  const toast = await screen.findByText(own ?? /^Check “.+”: /);
  const named = own ? null : /^Check “(.+?)”: /.exec(toast.textContent ?? '')![1]!;
  await waitFor(() => expect(document.activeElement?.closest('form')).not.toBeNull());
  const focused = document.activeElement!;
  const box = focused.closest('.ra-input, .MuiFormControl-root, fieldset') ?? focused;
  const firstRefused = document.querySelector(`form [aria-invalid="true"]:not([aria-hidden="true"]), form .${RICH_TEXT_REFUSED}`)!;
  expect({ name, focusedBefore: box.contains(firstRefused) || Boolean(box.compareDocumentPosition(firstRefused) & Node.DOCUMENT_POSITION_FOLLOWING) }).toEqual({ name, focusedBefore: true });
  if (named !== null) expect({ name, label: (box.textContent ?? '').includes(named) }).toEqual({ name, label: true });
  unmount();
});

// the test above reaches the inputs that are not text boxes: a file's and a rich text's refusal counted
it('counts file and rich-text inputs among the refused ones', () => {
  expect(refusedKinds.get('faqs')).toContain('rich text');
  expect(refusedKinds.get('pages')).toContain('rich text');
  expect(refusedKinds.get('categories')).toContain('file');
  expect(refusedKinds.get('campaigns')).toContain('file');
});
