import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter, useGetOne, type I18nProvider } from 'react-admin';
import { AppLayout } from '../AppLayout';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider } from '../../testing/AdminTestContext';

jest.mock('../NotificationBell', () => ({ NotificationBell: () => null }));

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

/** A viewport this many pixels wide, as far as CSS media queries (and so useMediaQuery) tell. */
const setViewportWidth = (width: number) => {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && Boolean(max || min);
    return { ...originalMatchMedia(query), matches, media: query };
  };
};

const Page = () => {
  const { data } = useGetOne('districts', { id: 'd-1' });
  return <p>{data ? `Loaded ${String(data.title)}` : 'Page'}</p>;
};

const renderLayout = (getOne = jest.fn(async () => ({ data: { id: 'd-1', title: 'Swat' } }))) =>
  render(
    <TestMemoryRouter initialEntries={['/districts']}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getOne })} permissions={['view_location']}>
        <AppLayout>
          <Page />
        </AppLayout>
      </AdminTestContext>
    </TestMemoryRouter>,
  );

describe('AppLayout', () => {
  it('frames the page with breadcrumbs and the footer links', async () => {
    renderLayout();

    expect(await screen.findByText('Loaded Swat')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home›Districts');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Faqs', '/faqs'],
      ['Feedback & Suggestion', '/feedbacks'],
      ['Privacy Policy', '/pages/privacy-policy'],
      ['Terms & Conditions', '/pages/terms-and-conditions'],
      ['Support', '/supports'],
    ]);
    expect(screen.getByText(/Powered by/)).toBeInTheDocument();
  });

  it('shows a progress bar while a call is in flight', async () => {
    let answer: (value: { data: { id: string; title: string } }) => void = () => undefined;
    const getOne = jest.fn(() => new Promise<{ data: { id: string; title: string } }>((resolve) => (answer = resolve)));
    renderLayout(getOne);

    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    answer({ data: { id: 'd-1', title: 'Swat' } });
    expect(await screen.findByText('Loaded Swat')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument());
  });

  it('keeps the menu open on a wide screen', async () => {
    setViewportWidth(1280);
    renderLayout();

    expect(await screen.findByRole('menuitem', { name: 'Districts' })).toBeVisible();
  });

  it('closes the menu under 992 px and opens it over the page from the app bar', async () => {
    const user = userEvent.setup({ delay: null });
    setViewportWidth(991);
    renderLayout();

    await screen.findByText('Loaded Swat');
    expect(screen.queryByRole('menuitem', { name: 'Districts' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Districts' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Districts' })).not.toBeInTheDocument());
  });
});
