/**
 * The tests of every module's record screens on both data providers (backends.tsx), as
 * src/__tests__/moduleLists.test.tsx holds the lists: the edit form opened on a record shows its values
 * in its inputs, the show page shows them, the add form offers its submit button; with no error, and the
 * fake provider sends nothing over the network. On the /api/admin provider the record is the one the
 * recording read alone (`one_<name>`, scripts/record-fixtures.ts), on the fake one the demo data's first.
 * Two test files (src/__tests__/moduleScreens.*.test.tsx) run them for a half of the modules each.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import { resources } from '../resources';
import { restoreFetch } from '../test/recorded-http';
import { BACKENDS, createTestBackend, renderConsole, type TestBackend, useTestBackends } from './backends';
import { RESOURCE_NAMES, type ResourceName } from '../../contract/resources';

export const FIND = { timeout: 60_000 };
/** The forms' submit button: "Submit" (with "Save and add another" beside it on batch forms). */
const SUBMIT = /^(submit|save)$/i;
/** The submit button, found by its text (a query by role computes every element's accessible name: slow on a whole console). */
export const submitButton = async () => (await screen.findAllByText(SUBMIT, { selector: 'button' }, FIND))[0]!;
const ERROR = /Something went wrong|nothing recorded|not found/i;

export type View = 'edit' | 'show' | 'create';
const VIEWS: View[] = ['edit', 'show', 'create'];

/** The first or second half of the modules, in the order of contract/resources.ts. */
export const moduleHalf = (half: 1 | 2): ResourceName[] => {
  const middle = Math.ceil(RESOURCE_NAMES.length / 2);
  return half === 1 ? RESOURCE_NAMES.slice(0, middle) : RESOURCE_NAMES.slice(middle);
};

/** The modules with each view, from their declarations (src/resources/<name>/index.ts). */
export const withView = (modules: ResourceName[], view: View) => modules.filter((resource) => resources[resource][view] !== undefined);

/** The record as react-admin reads it from the backend (the screens read it so). */
const readRecord = async (backend: TestBackend, resource: ResourceName): Promise<RaRecord> => {
  const id = backend.recordId(resource);
  if (id === undefined) throw new Error(`no record of ${resource}`);
  const { data } = await backend.dataProvider.getOne(resource, { id });
  backend.sent.length = 0;
  return data;
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
/** The record's own text values worth finding on a screen: not ids, secrets, times, links, file paths or long texts. */
export const textValues = (record: RaRecord): string[] =>
  Object.entries(record)
    .filter(([key, value]) => typeof value === 'string' && !/(^|_)(id|uuid|password|token)$/.test(key))
    .map(([, value]) => (value as string).trim())
    .filter((value) => value.length >= 3 && !ISO_TIME.test(value) && !value.includes('/') && !value.includes('\n'));

/** Waits until `found` holds, failing with `what`. */
export const waitForValue = (found: () => boolean, what: string) =>
  waitFor(() => {
    if (!found()) throw new Error(what);
  }, FIND);

/** A value in an input, or the whole text of an element on the page. */
export const displayed = (value: string) => screen.queryAllByDisplayValue(value).length > 0;
export const shown = (value: string) => screen.queryAllByText((_, element) => element?.children.length === 0 && element.textContent?.trim() === value).length > 0;

/** Declares the tests of the record screens of `modules` on both providers. */
export function describeModuleScreens(modules: ResourceName[]) {
  useTestBackends();

  /** Each module's view on each backend that holds a record of it (every one, held by the first test). */
  const cases = BACKENDS.flatMap((name) => {
    const backend = createTestBackend(name);
    const held = VIEWS.flatMap((view) =>
      withView(modules, view)
        .filter((resource) => view === 'create' || backend.recordId(resource) !== undefined)
        .map((resource) => [name, view, resource] as const),
    );
    restoreFetch();
    return held;
  });
  const casesOf = (wanted: View) => cases.filter(([, view]) => view === wanted).map(([name, , resource]) => [name, resource] as const);

  it('covers each module with an edit, show or add screen on both providers (the recording reads a record of each alone: scripts/record-fixtures.ts)', () => {
    for (const name of BACKENDS) {
      for (const view of VIEWS) {
        const covered = cases.filter(([backend, v]) => backend === name && v === view).map(([, , resource]) => resource);
        expect([name, view, covered]).toEqual([name, view, withView(modules, view)]);
      }
    }
  });

  it.each(casesOf('edit'))('on the %s provider, the %s edit form shows its record', async (name, resource) => {
    const backend = createTestBackend(name);
    const record = await readRecord(backend, resource);
    const values = textValues(record);
    expect(values.length).toBeGreaterThan(0);
    await renderConsole(`/${resource}/${encodeURIComponent(String(record.id))}`, backend);
    await submitButton();
    await waitForValue(() => values.some(displayed), `${resource}: none of ${JSON.stringify(values)} in an input`);
    expect(screen.queryByText(ERROR)).toBeNull();
    if (name === 'fake') expect(backend.sent).toEqual([]);
  });

  it.each(casesOf('show'))('on the %s provider, the %s page shows its record', async (name, resource) => {
    const backend = createTestBackend(name);
    const record = await readRecord(backend, resource);
    const values = textValues(record);
    expect(values.length).toBeGreaterThan(0);
    await renderConsole(`/${resource}/${encodeURIComponent(String(record.id))}/show`, backend);
    await waitForValue(() => values.some(shown), `${resource}: none of ${JSON.stringify(values)} on the page`);
    expect(screen.queryByText(ERROR)).toBeNull();
    if (name === 'fake') expect(backend.sent).toEqual([]);
  });

  it.each(casesOf('create'))('on the %s provider, the %s add form offers its submit button', async (name, resource) => {
    const backend = createTestBackend(name);
    await renderConsole(`/${resource}/create`, backend);
    await submitButton();
    expect(screen.queryByText(ERROR)).toBeNull();
    if (name === 'fake') expect(backend.sent).toEqual([]);
  });
}

type TextInput = HTMLInputElement | HTMLTextAreaElement;
/** A plain text input of the form (no picker, no email, number or hidden input). */
const isPlainText = (element: Element): element is TextInput =>
  (element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.type === 'text')) &&
  element.name !== '' && !element.readOnly && !element.disabled && element.tabIndex >= 0 && element.getAttribute('aria-hidden') !== 'true' &&
  element.getAttribute('role') !== 'combobox' && !element.hasAttribute('aria-autocomplete');

/** A plain text input showing one of `values` (not an email), else an empty one. */
export const plainTextInput = (values: string[]): TextInput | undefined => {
  const inputs = [...document.querySelectorAll('form input, form textarea')].filter(isPlainText);
  const showing = inputs.find((input) => values.some((value) => value === input.value && /[a-z]/i.test(value) && !value.includes('@')));
  return showing ?? inputs.find((input) => input.value === '');
};

/** The value at a form field's path (`title`, `options.0.label`). */
export const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((item, key) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined), value);

/**
 * The edit form's save round trip, once the form is on screen for `record`: waits for one of its text
 * values in an input, types " edited" into the first plain text input (or "edited" into an empty one),
 * submits and waits for the saved notice. The answer is the field typed in and the value it now holds.
 */
export async function typeAndSave(resource: string, record: RaRecord): Promise<{ field: string; changed: string }> {
  // (user-event's check that a clicked element is not `pointer-events: none` reads the computed style of it
  // and each of its ancestors, which jsdom finds by matching every style rule of the page: a third of these
  // tests' time. The click here is the form's submit, and the tests hold what it sent.)
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const values = textValues(record);
  await submitButton();
  await waitForValue(() => values.some(displayed), `${resource}: none of ${JSON.stringify(values)} in an input`);
  const input = plainTextInput(values);
  if (!input) throw new Error(`${resource}: no plain text input in the edit form`);
  const { name: field, value } = input;
  const changed = value ? `${value} edited` : 'edited';
  await user.type(input, value ? ' edited' : 'edited');
  expect(input).toHaveValue(changed);
  await user.click(await submitButton());
  expect(await screen.findByText('Successfully updated.', {}, FIND)).toBeInTheDocument();
  return { field, changed };
}

/**
 * Declares a save round trip of each module's edit form in `modules` on both providers: a plain text input
 * (one showing a value of the record, else an empty one) is typed in and the form submitted; the
 * /api/admin provider sends the new value in its PUT under the input's field, the fake provider's record
 * holds it. A module whose edit form has no such input says why in `noPlainText`.
 */
export function describeSaveRoundTrips(modules: ResourceName[], noPlainText: Partial<Record<ResourceName, string>> = {}) {
  useTestBackends();
  const editable = withView(modules, 'edit').filter((resource) => !(resource in noPlainText));
  const cases = BACKENDS.flatMap((name) => editable.map((resource) => [name, resource] as const));

  const excepted = Object.entries(noPlainText).filter(([resource]) => modules.includes(resource as ResourceName)) as [ResourceName, string][];
  if (excepted.length) it.each(excepted)('the %s edit form has no plain text input to save (%s)', async (resource) => {
    const backend = createTestBackend('fake');
    const record = await readRecord(backend, resource);
    await renderConsole(`/${resource}/${encodeURIComponent(String(record.id))}`, backend);
    await submitButton();
    await waitForValue(() => textValues(record).some(displayed), `${resource}: none of its values in an input`);
    expect(plainTextInput(textValues(record))).toBeUndefined();
  });

  it.each(cases)('on the %s provider, the %s edit form saves a changed text', async (name, resource) => {
    const backend = createTestBackend(name);
    const record = await readRecord(backend, resource);
    await renderConsole(`/${resource}/${encodeURIComponent(String(record.id))}`, backend);
    const { field, changed } = await typeAndSave(resource, record);
    if (name === 'api') {
      expect(backend.sent.filter((r) => r.method === 'PUT').map((r) => at(r.json, field))).toEqual([changed]);
    } else {
      const { data } = await backend.dataProvider.getOne(resource, { id: record.id });
      expect(at(data, field)).toBe(changed);
      expect(backend.sent).toEqual([]);
    }
  });
}
