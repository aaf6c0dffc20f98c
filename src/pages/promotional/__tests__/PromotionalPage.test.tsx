import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18nProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { AdminTestContext, getTestI18nProvider } from '../../../testing/AdminTestContext';
import { createDataProvider } from '../../../providers/dataProvider';
import { stubFetch, type SentRequest } from '../../../test/recorded-http';
import { PromotionalPage } from '../PromotionalPage';
import type { PromotionalData } from '../api';

// typing into react-admin's forms takes a few seconds on a busy machine
jest.setTimeout(120_000);

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
beforeEach(() => localStorage.setItem('token', 'tok-1'));

const image = (name: string) => ({ src: `/storage/promotional/${name}.png`, title: `${name}.png`, type: 'image/png' });
const stored: PromotionalData = {
  logo: { file: image('logo') },
  banner: { desc: 'Care near you', background_image: image('bg'), center_image: image('c'), person_image: image('p') },
  about: null,
  how_it_works: null,
  sliders: [],
  testimonials: [{ id: 't1', name: 'Ayesha', text: 'The doctor called back.', created_at: '2026-11-20T10:00:00.000Z' }],
};

/** The server (recorded answers behind the real data provider): the combined read, and whatever each write answers. */
const serve = (writes: (request: SentRequest) => unknown = () => ({})) =>
  stubFetch((request) =>
    request.method === 'GET' ? { body: { success: true, data: stored } } : { body: { success: true, data: writes(request), message: 'Successfully updated.' } },
  );

const renderPage = (tab: string, permissions = ['view_setting', 'edit_setting', 'create_setting', 'delete_setting']) => {
  render(
    <MemoryRouter initialEntries={[`/promotional?tab=${tab}`]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} permissions={permissions}>
        <PromotionalPage />
      </AdminTestContext>
    </MemoryRouter>,
  );
};

describe('Promotional screen', () => {
  it('opens the tab named in the address, with the stored banner, and saves it without resending kept images', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serve(() => stored.banner);
    renderPage('banner');

    const description = await screen.findByRole('textbox', { name: /Description/ });
    expect(description).toHaveValue('Care near you');
    expect(screen.getByRole('tab', { name: 'Banner' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/storage/promotional/bg.png', '/storage/promotional/c.png', '/storage/promotional/p.png']);
    expect(screen.getByRole('link', { name: /Preview site/ })).toHaveAttribute('href', '/site');

    await user.clear(description);
    await user.type(description, 'Doctors a call away');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully updated.')).toBeInTheDocument();
    const store = sent.find((r) => r.method === 'POST')!;
    expect(store.url).toBe('/api/admin/promotional/banner/store');
    expect(store.json).toEqual({ desc: 'Doctors a call away' });
  });

  it('asks before deleting a testimonial, then deletes it', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serve();
    renderPage('testimonials');

    const table = await screen.findByRole('table', { name: 'Testimonials' });
    await user.click(within(table).getByRole('button', { name: 'Delete Ayesha' }));
    expect(await screen.findByText('Are you sure you want to delete?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Ayesha?' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Successfully deleted.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/admin/promotional/testimonial/t1']);
  });

  it('shows a refused save under its field and as a toast naming the field, which takes the focus', async () => {
    const user = userEvent.setup({ delay: null });
    // react-admin logs a data provider's failure; this one is expected
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((request) =>
      request.method === 'GET'
        ? { body: { success: true, data: stored } }
        : { status: 422, body: { success: false, message: 'The text field is required.', error: { text: ['The text field is required.'] } } },
    );
    renderPage('testimonials');

    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Bilal');
    await user.type(screen.getByRole('textbox', { name: /Text/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Check “Text”: The text field is required.')).toBeInTheDocument();
    expect(screen.getAllByText('The text field is required.')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Text/ })));
  });

  it('shows the content without Save or delete to a viewer', async () => {
    serve();
    renderPage('testimonials', ['view_setting']);

    const table = await screen.findByRole('table', { name: 'Testimonials' });
    expect(within(table).getByText('Ayesha')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Name/ })).toBeNull();
  });
});
