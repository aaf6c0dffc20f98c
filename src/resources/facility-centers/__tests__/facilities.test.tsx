import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { TestMemoryRouter, type GetListParams, type I18nProvider, type RaRecord } from 'react-admin';
import facilityCenters from '..';
import { RatingStars } from '../../feedbacks/RatingStars';
import { NotificationBell } from '../../../layout/NotificationBell';
import { adminChannel, createMemoryTransport, setRealtimeForTests } from '../../../providers/realtime';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, type TestDataProviderCalls } from '../../../testing/AdminTestContext';

jest.setTimeout(120_000);

const PERMISSIONS = ['view_facility_center', 'create_facility_center', 'edit_facility_center', 'delete_facility_center'];

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

const rec = (id: number, fields: Record<string, unknown>): RaRecord => ({ id: `enc-${id}`, ...fields });
const lists = jest.fn(async (resource: string, params: GetListParams) => {
  const filter = params.filter as Record<string, unknown>;
  const data =
    resource === 'districts' ? [rec(1, { title: 'Lahore' })]
    : resource === 'tehsils' ? [rec(10, { title: 'Model Town', district_id: 1 })].filter((t) => t.district_id === filter.district_id)
    : resource === 'areas' ? [rec(20, { title: 'VC 20', tehsil_id: 10 })].filter((a) => a.tehsil_id === filter.tehsil_id)
    : [];
  return { data, total: data.length };
});

const renderForm = (path: string, calls: TestDataProviderCalls) => {
  const Create = facilityCenters.create!;
  const Edit = facilityCenters.edit!;
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({ getList: lists, ...calls })} permissions={PERMISSIONS} resource="facility-centers">
        <Routes>
          <Route path="/facility-centers/create" element={<Create />} />
          <Route path="/facility-centers/:id" element={<Edit />} />
        </Routes>
      </AdminTestContext>
    </TestMemoryRouter>,
  );
};

/** each row of the services repeater, in order */
const serviceRows = () => screen.getAllByRole('textbox', { name: /^Service/ }).map((input) => input.closest('li') as HTMLElement);

describe('facility center form: the services repeater', () => {
  it('starts an add with one service row that offers no remove button; Add adds rows below it', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm('/facility-centers/create', { create: jest.fn() });
    await screen.findByRole('textbox', { name: /Title/ });
    const [first] = serviceRows();
    // the first row offers no remove button (it is invisible: neither clicked nor reached by Tab)
    expect(within(first!).queryByRole('button', { name: /Remove/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Add/i }));
    await waitFor(() => expect(serviceRows()).toHaveLength(2));
    expect(serviceRows()[0]).toBe(first);
    // jsdom applies the first-row rule to every row, so that the later rows' remove buttons show (and the
    // first's stays hidden after adding) is checked in a browser: 'hidden', then 'hidden', 'visible'
  });

  it('asks for a service, a later closing time and an image, and sends nothing until they are given', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn();
    const { container } = renderForm('/facility-centers/create', { create });
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'BHU Model Town');
    await user.type(screen.getByRole('textbox', { name: /Latitude/ }), '31.52x');
    expect(screen.getByRole('textbox', { name: /Latitude/ })).toHaveValue('31.52');
    await user.type(screen.getByRole('textbox', { name: /Longitude/ }), '74.35');
    await user.type(screen.getByRole('textbox', { name: /Location/ }), 'Main Road');
    await user.type(screen.getByRole('textbox', { name: /Manager/ }), 'Dr. Sana');
    await user.type(screen.getByRole('textbox', { name: /Contact Number/ }), '0423-576-1234');
    expect(screen.getByRole('textbox', { name: /Contact Number/ })).toHaveValue('04235761234');
    const open = container.querySelector('input[name="open_time"]') as HTMLInputElement;
    const close = container.querySelector('input[name="close_time"]') as HTMLInputElement;
    await user.type(open, '17:00');
    await user.type(close, '09:00');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The closing time must be after the opening time.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a service.')).toBeInTheDocument();
    expect(screen.getByText('Please select a district.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('feedback stars', () => {
  it('shows a rating as read-only stars named for screen readers, and nothing for a value out of range', async () => {
    const { rerender } = render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})}>
        <RatingStars value={4} />
      </AdminTestContext>,
    );
    expect(await screen.findByRole('img', { name: 'Rating: 4 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull(); // read-only: nothing to choose
    for (const value of [0, 6, 2.5, null, 'x']) {
      rerender(
        <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})}>
          <RatingStars value={value} />
        </AdminTestContext>,
      );
      expect(screen.queryByRole('img', { name: /Rating/ })).toBeNull();
    }
  });
});

describe('the bell opens the record a notification is about', () => {
  let transport: ReturnType<typeof createMemoryTransport>;
  beforeEach(() => {
    transport = createMemoryTransport();
    setRealtimeForTests(transport);
  });
  // the bell is still drawn until the test's screen is cleaned up: it hears the connection go
  afterEach(() => act(() => setRealtimeForTests(undefined)));

  it('links a feedback notification to the feedback page, and leaves a plain message unlinked', async () => {
    const user = userEvent.setup({ delay: null });
    const notifications = [
      { id: 2, type: 'feedback', body: { title: 'Feedback from Ali Raza', body: '5/5 for Dr. Sana' }, data: { resource: 'feedbacks', id: 'AbC_12-x' }, is_read: false, created_at: '2026-03-05T10:00:00.000Z' },
      { id: 1, type: 'admin', body: { title: 'Stock check', body: 'Count the vaccines' }, data: null, is_read: false, created_at: '2026-03-05T09:00:00.000Z' },
      { id: 0, type: 'admin', body: { title: 'Odd data', body: 'x' }, data: { resource: '../admins', id: 'x' }, is_read: false, created_at: '2026-03-05T08:00:00.000Z' },
    ];
    render(
      <TestMemoryRouter initialEntries={['/']}>
        <AdminTestContext
          i18nProvider={i18nProvider}
          dataProvider={appTestDataProvider({ getNotifications: jest.fn(async () => ({ data: { notifications, count: 3 } })) })}
          identity={{ id: 1, fullName: 'Test Admin', pusherId: 'p-1' }}
        >
          <NotificationBell />
        </AdminTestContext>
      </TestMemoryRouter>,
    );
    // the bell listens on the admin's own channel (its key from the signed-in identity)
    await waitFor(() => expect(transport.subscribedChannels()).toEqual([adminChannel('p-1')]));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect(screen.queryByRole('link', { name: /Stock check/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Odd data/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Feedback from Ali Raza/ })).toHaveAttribute('href', '/feedbacks/AbC_12-x/show');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Feedback from Ali Raza/ })).toBeNull());
  });
});
