/**
 * The tests of every module's record screens on both data providers (backends.tsx), as
 * src/__tests__/moduleLists.test.tsx holds the lists: the edit form opened on a record shows its values
 * in its inputs, the show page shows them, the add form offers its submit button; with no error, and the
 * fake provider sends nothing over the network. On the /api/admin provider the record is the one the
 * recording read alone (`one_<name>`, scripts/record-fixtures.ts), on the fake one the demo data's first.
 * Two test files (src/__tests__/moduleScreens.*.test.tsx) run them for a half of the modules each.
 */
import { screen, waitFor } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { saveSession } from '../providers/session';
import { resources } from '../resources';
import { recordedCalls, restoreFetch } from '../test/recorded-http';
import { BACKENDS, createTestBackend, loadTestDemoData, renderConsole, type TestBackend } from './backends';
import { RESOURCE_NAMES, type ResourceName } from '../../contract/resources';

const FIND = { timeout: 10_000 };
/** The forms' submit button: "Submit" (with "Save and add another" beside it on batch forms). */
const SUBMIT = /^(submit|save)$/i;
const ERROR = /Something went wrong|nothing recorded|not found/i;

export type View = 'edit' | 'show' | 'create';
const VIEWS: View[] = ['edit', 'show', 'create'];

/** The first or second half of the modules, in the order of contract/resources.ts. */
export const moduleHalf = (half: 1 | 2): ResourceName[] => {
  const middle = Math.ceil(RESOURCE_NAMES.length / 2);
  return half === 1 ? RESOURCE_NAMES.slice(0, middle) : RESOURCE_NAMES.slice(middle);
};

/** The modules with each view, from their declarations (src/resources/<name>/index.ts). */
const withView = (modules: ResourceName[], view: View) => modules.filter((resource) => resources[resource][view] !== undefined);

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
const waitForValue = (found: () => boolean, what: string) =>
  waitFor(() => {
    if (!found()) throw new Error(what);
  }, FIND);

/** A value in an input, or the whole text of an element on the page. */
const displayed = (value: string) => screen.queryAllByDisplayValue(value).length > 0;
const shown = (value: string) => screen.queryAllByText((_, element) => element?.children.length === 0 && element.textContent?.trim() === value).length > 0;

/** Declares the tests of the record screens of `modules` on both providers. */
export function describeModuleScreens(modules: ResourceName[]) {
  beforeAll(() => {
    loadTestDemoData();
  }, 180_000);

  beforeEach(() => {
    localStorage.clear();
    saveSession(recordedCalls.login.body.data as Parameters<typeof saveSession>[0]);
  });
  afterEach(restoreFetch);

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
    await screen.findByRole('button', { name: SUBMIT }, FIND);
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
    await screen.findByRole('button', { name: SUBMIT }, FIND);
    expect(screen.queryByText(ERROR)).toBeNull();
    if (name === 'fake') expect(backend.sent).toEqual([]);
  });
}
