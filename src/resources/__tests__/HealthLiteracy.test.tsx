import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, type CreateParams, type DeleteParams, type GetListParams, type I18nProvider, type RaRecord } from 'react-admin';
import hlc from '../health-literacy-content';
import tasks from '../tasks';
import { addTags } from '../health-literacy-content/TagsInput';
import { excerpt } from '../health-literacy-content/ContentList';
import { kindOfValue } from '../health-literacy-content/ContentInputs';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, type TestDataProviderCalls } from '../../testing/AdminTestContext';

// the machine running the suites may be busy: screens get longer than the defaults to appear
jest.setTimeout(120_000);
const WAIT = { timeout: 60_000 };

const PERMISSIONS = ['view_hlc', 'create_hlc', 'edit_hlc', 'delete_hlc', 'view_task', 'create_task', 'edit_task'];

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
  // jsdom has no object URLs; the previews of chosen files ask for them
  URL.createObjectURL = () => 'blob:chosen-file';
  URL.revokeObjectURL = () => undefined;
  // jsdom has no fetch Request either, which the router builds for a redirect (after a delete)
  if (typeof globalThis.Request === 'undefined') {
    globalThis.Request = class {
      readonly url: string;
      readonly signal: AbortSignal | undefined;
      readonly method = 'GET';
      constructor(url: string, init?: { signal?: AbortSignal }) {
        this.url = url;
        this.signal = init?.signal;
      }
    } as unknown as typeof Request;
  }
});

const rec = (id: number, fields: Record<string, unknown>): RaRecord => ({ id: `enc-${id}`, ...fields });
const png = (name: string) => ({ src: `/storage/health_literacy_contents/${name}.png`, title: `${name}.png`, type: 'image/png' });
const ITEMS = [
  rec(1, { title: 'Wash your hands', type: 'image', category: { title: 'Hygiene' }, desc: 'x'.repeat(150), file: png('a'), thumbnail: null, status: 1, tags: ['hands'] }),
  rec(2, { title: 'Polio drops', type: 'video', category: { title: 'Vaccination' }, desc: 'Short.', file: { src: '/storage/health_literacy_contents/b.mp4', title: 'b.mp4', type: 'video/mp4' }, thumbnail: png('c'), status: 1 }),
  rec(3, { title: 'ORS leaflet', type: 'pdf', category: { title: 'Nutrition' }, desc: 'Mix and drink.', file: { src: '/storage/health_literacy_contents/d.pdf', title: 'd.pdf', type: 'application/pdf' }, thumbnail: null, status: 2 }),
];

const lists = jest.fn(async (resource: string, params: GetListParams) => {
  const filter = params.filter as Record<string, unknown>;
  const data =
    resource === 'health-literacy-content' ? ITEMS.filter((i) => (filter.status === 1 ? i.status === 1 : true))
    : resource === 'categories' ? [rec(5, { title: 'Hygiene' })]
    : [];
  return { data, total: data.length };
});

const renderAt = (path: string, calls: TestDataProviderCalls = {}, resource = 'health-literacy-content') => {
  const config = resource === 'tasks' ? tasks : hlc;
  const List = config.list;
  const Create = config.create!;
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList: lists, ...calls })} permissions={PERMISSIONS} resource={resource}>
        <Routes>
          <Route path={`/${resource}`} element={<List />} />
          <Route path={`/${resource}/create`} element={<Create />} />
          {config.show ? <Route path={`/${resource}/:id/show`} element={<config.show />} /> : null}
        </Routes>
      </AdminTestContext>
    </TestMemoryRouter>,
  );
};

describe('pieces', () => {
  it('adds typed tags as the server keeps them: split on commas, trimmed, empty ones dropped, each once', () => {
    expect(addTags(['polio'], ' vaccine , ,Polio,  hand   washing ')).toEqual(['polio', 'vaccine', 'hand washing']);
    expect(addTags([], ' , ')).toEqual([]);
  });
  it('cuts a description at 100 characters with an ellipsis, whole characters only', () => {
    expect(excerpt('a'.repeat(100))).toBe('a'.repeat(100));
    expect(excerpt('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
    expect(excerpt('😀'.repeat(101))).toBe(`${'😀'.repeat(100)}…`);
  });
  it('knows the kind of a stored file and of an uploaded path', () => {
    expect(kindOfValue(png('x'))).toBe('image');
    expect(kindOfValue('/storage/health_literacy_contents/abc.mp4')).toBe('video');
    expect(kindOfValue({ uploading: true })).toBeNull();
  });
});

describe('health literacy content', () => {
  it('lists cards: picture or PDF icon, title, type and category, the description cut, Edit and View on each', async () => {
    renderAt('/health-literacy-content');
    const cards = await screen.findAllByRole('article', {}, WAIT);
    expect(cards).toHaveLength(3);
    // the Back link of every list (document 3 §2)
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Wash your hands' })).toBeTruthy();
    expect(first.getByText(/Image · Hygiene/)).toBeTruthy();
    expect(first.getByText(`${'x'.repeat(100)}…`)).toBeTruthy();
    expect((await first.findByRole('link', { name: /edit/i }, WAIT)).getAttribute('href')).toBe('/health-literacy-content/enc-1');
    expect(first.getByRole('link', { name: /show/i }).getAttribute('href')).toBe('/health-literacy-content/enc-1/show');
    // a video's card shows its thumbnail; a blocked item says so
    expect(within(cards[1]!).getByRole('presentation', { hidden: true }).getAttribute('src')).toContain('c.png');
    expect(within(cards[2]!).getByText('Blocked')).toBeTruthy();
  });

  it('types tags: Enter and comma add them, chips are removed by Delete or Backspace, and Enter does not submit the form', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'enc-9' } }));
    renderAt('/health-literacy-content/create', { create });
    const tags = await screen.findByRole('textbox', { name: /tags/i }, WAIT);
    await user.type(tags, ' polio , drops{Enter}');
    await user.type(tags, 'ORS,');
    await user.type(tags, 'zinc');
    fireEvent.blur(tags);
    const list = screen.getByRole('list', { name: 'Tags added' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['polio', 'drops', 'ORS', 'zinc']);
    // Backspace in the empty field takes the last one back; a chip's own button removes it
    await user.click(tags);
    await user.keyboard('{Backspace}');
    const drops = within(list).getByText('drops').closest('[role="button"]') as HTMLElement;
    act(() => drops.focus());
    await user.keyboard('{Delete}');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['polio', 'ORS']);
    expect(create).not.toHaveBeenCalled(); // Enter added tags, it did not submit
  });

  it('asks for the type first: the file field follows it, and a video also asks for a thumbnail', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/health-literacy-content/create');
    expect(screen.queryByRole('button', { name: /choose/i })).toBeNull();
    await user.click(await screen.findByRole('combobox', { name: /type/i }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'Video' }));
    await waitFor(() => expect(screen.getByText(/^Thumbnail/)).toBeTruthy(), WAIT);
    expect((document.querySelector('input[type=file]') as HTMLInputElement).accept).toContain('video/mp4');
    await user.click(screen.getByRole('button', { name: /submit/i }));
    expect(await screen.findByText('Please select a thumbnail.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Please provide at least one tag.')).toBeTruthy();
  });

  it('sends the PDF in 5 MB chunks to its folder, keeps Submit disabled until the upload is at 100 %, then sends the item', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: (value: { src: string; title: string; type: string }) => void = () => undefined;
    const uploadChunked = jest.fn((_file: File, options: { folder: string; chunkSizeMb?: number; onProgress?: (p: number) => void }) => {
      options.onProgress?.(40);
      return new Promise<{ src: string; title: string; type: string }>((resolve) => {
        finish = (value) => {
          options.onProgress?.(100);
          resolve(value);
        };
      });
    });
    const create = jest.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'enc-9' } }));
    renderAt('/health-literacy-content/create', { create, uploadChunked } as TestDataProviderCalls);
    await user.click(await screen.findByRole('combobox', { name: /type/i }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'PDF' }));
    await user.click(screen.getByRole('combobox', { name: /category/i }));
    await user.click(await screen.findByRole('option', { name: 'Hygiene' }, WAIT));
    await user.type(screen.getByRole('textbox', { name: /title/i }), 'ORS at home');
    await user.type(screen.getByRole('textbox', { name: /description/i }), 'Mix with clean water.');
    await user.type(screen.getByRole('textbox', { name: /tags/i }), 'ors, diarrhoea{Enter}');
    const picker = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(picker.accept).toContain('application/pdf');
    await user.upload(picker, new File(['%PDF-1.4'], 'ors.pdf', { type: 'application/pdf' }));
    expect(uploadChunked).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ folder: 'health_literacy_contents', chunkSizeMb: 5 }));
    expect(await screen.findByText('40%', {}, WAIT)).toBeTruthy();
    const submit = screen.getByRole('button', { name: /submit/i });
    await waitFor(() => expect(submit).toHaveProperty('disabled', true), WAIT);
    // no type change under a running upload
    await user.click(screen.getByRole('combobox', { name: /type/i }));
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => finish({ src: '/storage/health_literacy_contents/abc.pdf', title: 'abc.pdf', type: 'application/pdf' }));
    expect(await screen.findByText('100%', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(submit).toHaveProperty('disabled', false), WAIT);
    await user.click(submit);
    await waitFor(() => expect(create).toHaveBeenCalled(), WAIT);
    expect(create.mock.calls[0]![1].data).toMatchObject({
      type: 'pdf', category_id: 'enc-5', title: 'ORS at home', desc: 'Mix with clean water.', tags: ['ors', 'diarrhoea'], file: '/storage/health_literacy_contents/abc.pdf',
    });
  });

  it('shows an item large with its details, and deletes it after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const getOne = jest.fn(async () => ({ data: { ...ITEMS[1]!, tags: ['polio', 'drops'], splited_tags: ['polio', 'drops'], created_at: '2026-11-23T10:00:00.000Z' } }));
    const deleted = jest.fn(async (_resource: string, params: DeleteParams) => ({ data: { id: params.id } }));
    renderAt('/health-literacy-content/enc-2/show', { getOne, delete: deleted } as TestDataProviderCalls);
    expect(await screen.findByRole('heading', { name: 'Polio drops', level: 1 }, WAIT)).toBeTruthy();
    const video = document.querySelector('video')!;
    expect([video.getAttribute('src'), video.getAttribute('poster')]).toEqual(['/storage/health_literacy_contents/b.mp4', '/storage/health_literacy_contents/c.png']);
    expect(screen.getByText('Vaccination')).toBeTruthy();
    expect(screen.getByText('drops')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /block/i }, WAIT)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /delete/i }, WAIT));
    expect(await screen.findByText('Are you sure you want to delete?', {}, WAIT)).toBeTruthy();
    expect(deleted).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Polio drops?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith('health-literacy-content', expect.objectContaining({ id: 'enc-2' })), WAIT);
    // and back to the grid
    expect(await screen.findAllByRole('article', {}, WAIT)).toHaveLength(3);
  });

  it("frames a PDF through the file's viewer link, and links it", async () => {
    const pdf = ITEMS[2]!;
    const getOne = jest.fn(async () => ({ data: { ...pdf, file: { ...(pdf.file as object), viewer: '/api/admin/files/viewer.signature' } } }));
    renderAt('/health-literacy-content/enc-3/show', { getOne } as TestDataProviderCalls);
    expect(await screen.findByRole('heading', { name: 'ORS leaflet', level: 1 }, WAIT)).toBeTruthy();
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/api/admin/files/viewer.signature');
    expect(screen.getByRole('link', { name: 'Open the PDF in a new tab' }).getAttribute('href')).toBe('/api/admin/files/viewer.signature');
  });

  it('links a PDF without a viewer link by its src', async () => {
    const getOne = jest.fn(async () => ({ data: ITEMS[2]! }));
    renderAt('/health-literacy-content/enc-3/show', { getOne } as TestDataProviderCalls);
    expect(await screen.findByRole('heading', { name: 'ORS leaflet', level: 1 }, WAIT)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the PDF in a new tab' }).getAttribute('href')).toBe('/storage/health_literacy_contents/d.pdf');
  });

  it('offers the active items to a task of type Knowledge', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/tasks/create', {}, 'tasks');
    await user.click(await screen.findByRole('combobox', { name: /^type/i }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'Knowledge' }));
    await user.click(await screen.findByRole('combobox', { name: /knowledge/i }, WAIT));
    const options = (await screen.findAllByRole('option', {}, WAIT)).map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Wash your hands', 'Polio drops']));
    expect(options).not.toContain('ORS leaflet');
  });
});
