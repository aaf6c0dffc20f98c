/**
 * Pages and FAQs in the console: the pages list names each page by its key ("Privacy Policy") with an
 * excerpt of its text, and the footer's page links find the page by its key.
 */
import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, useLocation, type GetListParams, type I18nProvider } from 'react-admin';
import { Breadcrumbs } from '../../layout/Breadcrumbs';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';
import { excerpt } from '../common/richTextValue';
import faqs from '../faqs';
import pages from '../pages';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const PAGES = [
  { id: 'enc-1', number: 1, key: 'privacy_policy', value: `<p>We keep <strong>your data</strong> safe.</p><p>${'More. '.repeat(40)}</p>` },
  { id: 'enc-2', number: 2, key: 'terms', value: '<p>Use it well.</p>' },
];

const Where = () => <span data-testid="where">{useLocation().pathname}</span>;

const renderAt = (path: string, getList: (resource: string, params: GetListParams) => Promise<{ data: typeof PAGES; total: number }>) => {
  const List = pages.list;
  const routes = pages.routes ?? [];
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList, getOne: async (_resource: string, { id }: { id: string }) => ({ data: PAGES.find((p) => p.id === id) }) } as Parameters<typeof appTestDataProvider>[0])} permissions={['view_page', 'create_page', 'edit_page', 'delete_page']} resource="pages">
        <Breadcrumbs />
        <Routes>
          <Route path="/pages" element={<List />} />
          {routes.map(({ path: p, element: Element }) => <Route key={p} path={`/pages/${p}`} element={<Element />} />)}
          <Route path="/pages/create" element={<Where />} />
        </Routes>
      </AdminTestContext>
    </TestMemoryRouter>,
  );
};

describe('pages', () => {
  it('lists each page by its name, with the start of its text', async () => {
    renderAt('/pages', async () => ({ data: PAGES, total: 2 }));
    expect(await screen.findByText('Privacy Policy')).toBeInTheDocument();
    expect(screen.getByText('Terms & Conditions')).toBeInTheDocument();
    expect(screen.getByText(excerpt(PAGES[0]!.value))).toBeInTheDocument();
    expect(excerpt(PAGES[0]!.value)).toMatch(/^We keep your data safe\. More\..{70,}…$/);
    expect(screen.getByText('Use it well.')).toBeInTheDocument();
    // the spec's ID column: the page's number
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeInTheDocument();
    const row = screen.getByText('Privacy Policy').closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toContain('1');
  });

  it('the footer’s Privacy Policy link opens the privacy policy found by its key', async () => {
    const asked: unknown[] = [];
    renderAt('/pages/privacy-policy', async (_resource, params) => {
      asked.push(params.filter);
      return { data: PAGES.filter((p) => p.key === params.filter.key), total: 1 };
    });
    // the HTML, shown as HTML
    expect((await screen.findByText('your data')).tagName).toBe('STRONG');
    expect(screen.getAllByText('Privacy Policy')).toHaveLength(2); // the page's name and the breadcrumb
    expect(asked).toContainEqual({ key: 'privacy_policy' });
    // the breadcrumb names the screen (no record is asked for by the name "privacy-policy")
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Pages›Privacy Policy');
  });

  it('a page not written yet offers to write it, with its key chosen', async () => {
    renderAt('/pages/terms-and-conditions', async () => ({ data: [], total: 0 }));
    expect(await screen.findByText('This page has not been written yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Terms & Conditions' })).toBeInTheDocument();
    const add = await screen.findByRole('link', { name: 'Add Page' });
    expect(decodeURIComponent(add.getAttribute('href') ?? '')).toBe('/pages/create?source={"key":"terms"}');
  });
});

describe('FAQs', () => {
  it('lists the question and the start of the answer, without its markup', async () => {
    const List = faqs.list;
    render(
      <TestMemoryRouter initialEntries={['/faqs']}>
        <AdminTestContext
          i18nProvider={i18nProvider}
          dataProvider={appTestDataProvider({ getList: async () => ({ data: [{ id: 'f1', number: 4, question: 'How do I book?', answer: '<p>From the <em>app</em>.</p>' }], total: 1 }) } as Parameters<typeof appTestDataProvider>[0])}
          permissions={['view_faq']}
          resource="faqs"
        >
          <Routes>
            <Route path="/faqs" element={<List />} />
          </Routes>
        </AdminTestContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByText('How do I book?')).toBeInTheDocument();
    expect(screen.getByText('From the app.')).toBeInTheDocument();
    // the spec's ID column: the FAQ's number
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeInTheDocument();
    expect(within(screen.getByText('How do I book?').closest('tr') as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toContain('4');
  });
});
