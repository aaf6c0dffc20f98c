import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, RecordContextProvider, type I18nProvider } from 'react-admin';
import type { DutySlot } from '../../../contract/dutyRoster';
import { WorkingHours } from '../duty-roasters/WorkingHours';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, type TestDataProviderCalls } from '../../testing/AdminTestContext';

/**
 * The Working Hours tab (spec 2, "Duty roster") on Wednesday 18 March 2026: March's Mondays are the
 * 2nd, 9th, 16th (gone by), 23rd (already scheduled) and 30th; April's the 6th, 13th, 20th and 27th.
 */

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

// only the clock: react-query and user-event keep their real timers
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(2026, 2, 18, 10, 0),
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'hrtime', 'performance'],
  });
});
afterEach(() => jest.useRealTimers());

const slot = (id: number, date: string, s_time: string, e_time: string, status: string): DutySlot => ({
  id, encrypted_id: `slot-${id}`, roster_id: 1, roster_encrypted_id: 'enc-r1', date, s_time, e_time, status, open: status === 'Available' || status === 'Cancelled',
});
const MARCH = [
  slot(1, '2026-03-23', '09:00', '09:30', 'Available'),
  slot(2, '2026-03-23', '09:30', '10:00', 'Booked'),
  slot(3, '2026-03-23', '10:00', '10:30', 'Reserved'),
  slot(4, '2026-03-23', '10:30', '11:00', 'Cancelled'),
];

const renderTab = (calls: TestDataProviderCalls = {}) => {
  const getDutySlots = jest.fn(async ({ month }: { month: string }) => ({ data: month === '2026-03' ? MARCH : [] }));
  const dataProvider = appTestDataProvider({ getList: async () => ({ data: [], total: 0 }), getDutySlots, ...calls });
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={['view_doctor', 'edit_doctor']}>
      <RecordContextProvider value={{ id: 'enc-12', f_name: 'Sara' }}>
        <WorkingHours />
      </RecordContextProvider>
    </AdminTestContext>,
  );
  return { getDutySlots };
};

const day = (name: RegExp) => screen.getByRole('button', { name });
const mondays = (month: RegExp) => screen.getAllByRole('button', { name: new RegExp(`^Monday,? \\d+ ${month.source}`) });
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Working Hours', () => {
  it("lists the doctor's schedules with their dates as the reader's language writes them, not as ISO days", async () => {
    const schedule = { id: 'enc-r1', number: 1, label: 'Morning clinic', dates: ['2026-03-23', '2026-04-06'], s_time: '09:00', e_time: '10:00', session: 30, charge: 2, total_fee: 60 };
    renderTab({ getList: async (resource: string) => ({ data: resource === 'duty-roasters' ? [schedule] : [], total: resource === 'duty-roasters' ? 1 : 0 }) });
    // English writes dates as en-GB does (spec 2 §9): day, month, year
    expect(await screen.findByText('23 Mar 2026, 6 Apr 2026')).toBeInTheDocument();
    expect(screen.queryByText(/2026-03-23/)).toBeNull();
  });

  it('disables past and scheduled dates, and a weekday header chooses every free date of that weekday', async () => {
    const user = userEvent.setup({ delay: null });
    const { getDutySlots } = renderTab();
    expect(await screen.findByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    await waitFor(() => expect(day(/^Monday,? 23 March 2026, already scheduled$/)).toHaveAttribute('aria-disabled', 'true'));
    expect(getDutySlots).toHaveBeenCalledWith(expect.objectContaining({ doctorId: 'enc-12', month: '2026-03' }));
    for (const past of [/^Monday,? 2 March 2026$/, /^Tuesday,? 17 March 2026$/]) expect(day(past)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/^Wednesday,? 18 March 2026$/)).not.toHaveAttribute('aria-disabled');
    // the current month is the earliest
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Choose every Monday of the month' }));
    expect(mondays(/March 2026/).filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent)).toEqual(['30']);
    expect(screen.getByRole('button', { name: 'Choose every Monday of the month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 date chosen')).toBeInTheDocument();
    // a disabled date does not toggle
    await user.click(day(/^Monday,? 23 March 2026, already scheduled$/));
    expect(day(/^Monday,? 23 March 2026, already scheduled$/)).toHaveAttribute('aria-pressed', 'false');

    // next month: all four Mondays; the header again lets them go
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Choose every Monday of the month' }));
    expect(mondays(/April 2026/).map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([['6', 'true'], ['13', 'true'], ['20', 'true'], ['27', 'true']]);
    expect(screen.getByText('5 dates chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose every Monday of the month' }));
    expect(screen.getByText('1 date chosen')).toBeInTheDocument();
    // a single day by the keyboard
    act(() => day(/^Thursday,? 2 April 2026$/).focus());
    await user.keyboard('{Enter}');
    expect(day(/^Thursday,? 2 April 2026$/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the stored slots with their statuses, open and unavailable', async () => {
    renderTab();
    const stored = await screen.findByRole('list', { name: 'Stored slots of March 2026' });
    expect(within(stored).getAllByText(/^\d\d:\d\d–\d\d:\d\d · /).map((c) => c.textContent)).toEqual([
      '09:00–09:30 · Available', '09:30–10:00 · Booked', '10:00–10:30 · Reserved', '10:30–11:00 · Cancelled',
    ]);
    expect(screen.getByText(/Available and Cancelled slots are open to booking; Booked and Reserved slots are unavailable/)).toBeInTheDocument();
  });

  it('enables the session only for a range of 10 minutes or more, computes the fee and previews the slots without the remainder', async () => {
    renderTab();
    await screen.findByRole('heading', { name: 'March 2026' });
    const session = () => screen.getByRole('spinbutton', { name: /Session \(minutes\)/ });
    expect(session()).toBeDisabled();
    fill(/^Time from/, '09:00');
    fill(/^Time to/, '09:05');
    expect(session()).toBeDisabled();
    expect(screen.getByText('Enabled once the time range is at least 10 minutes.')).toBeInTheDocument();
    fill(/^Time to/, '10:10');
    expect(session()).toBeEnabled();
    fill(/Session \(minutes\)/, '20');
    fill(/Charge per minute/, '1.5');
    expect(screen.getByRole('textbox', { name: 'Total fee' })).toHaveValue('30');
    fill(/Charge per minute/, '2.5');
    expect(screen.getByRole('textbox', { name: 'Total fee' })).toHaveValue('50');

    const preview = screen.getByRole('list', { name: 'Slots of each chosen day' });
    expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['09:00–09:20', '09:20–09:40', '09:40–10:00']);
    expect(screen.getByText('10:00–10:10 is shorter than a session and is left out.')).toBeInTheDocument();
    expect(screen.getByText('3 slots a day × 0 dates = 0 slots')).toBeInTheDocument();
  });

  it('says what is missing with the spec\'s messages and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const create = jest.fn();
    renderTab({ create });
    await screen.findByRole('heading', { name: 'March 2026' });
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('Please provide a time from.', { selector: '.MuiSnackbarContent-message, .MuiSnackbarContent-message *' })).toBeInTheDocument();
    expect(screen.getByText('Please provide a time to.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a charge of at least 1 a minute.')).toBeInTheDocument();
    expect(screen.getByText('Please choose the dates.')).toBeInTheDocument();
    fill(/^Time from/, '09:00');
    fill(/^Time to/, '12:00');
    fill(/Session \(minutes\)/, '5');
    expect(screen.getByText('Please provide a session time minimum 10 minutes.')).toBeInTheDocument();
    // the spec's step of 0.1 (the server refuses 1.05 too)
    fill(/^Charge per minute/, '1.05');
    expect(screen.getByText('Please provide the charge in steps of 0.1.')).toBeInTheDocument();
    fill(/^Charge per minute/, '2.3');
    expect(screen.queryByText('Please provide the charge in steps of 0.1.')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the doctor, hours, session, charge, fee and the chosen dates; the saved dates turn disabled', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: DutySlot[] = [];
    const create = jest.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => {
      for (const [i, date] of (data.dates as string[]).entries()) saved.push(slot(100 + i, date, '09:00', '09:20', 'Available'));
      return { data: { id: 'enc-r2', ...data } };
    });
    const getDutySlots = jest.fn(async ({ month }: { month: string }) => ({ data: month === '2026-04' ? saved : MARCH }));
    renderTab({ create, getDutySlots });
    await screen.findByRole('heading', { name: 'March 2026' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(await screen.findByRole('button', { name: 'Choose every Monday of the month' }));
    fill(/^Time from/, '09:00');
    fill(/^Time to/, '10:10');
    fill(/Session \(minutes\)/, '20');
    fill(/Charge per minute/, '1.5');
    expect(screen.getByText('3 slots a day × 4 dates = 12 slots')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toBe('duty-roasters');
    expect(create.mock.calls[0]![1].data).toEqual({
      doctor_id: 'enc-12', s_time: '09:00', e_time: '10:10', session: 20, charge: 1.5, total_fee: 30, dates: ['2026-04-06', '2026-04-13', '2026-04-20', '2026-04-27'],
    });
    expect(await screen.findByText('Successfully added.')).toBeInTheDocument();
    await waitFor(() => expect(mondays(/April 2026/).map((b) => b.getAttribute('aria-disabled'))).toEqual(['true', 'true', 'true', 'true']));
    expect(screen.getByText('0 dates chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose every Monday of the month' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows the server's refusal (an overlap) as the toast", async () => {
    const user = userEvent.setup({ delay: null });
    // react-admin's data provider logs a failed call outside production; this one is expected.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = jest.fn(async () => {
      throw new HttpError('Invalid', 422, { errors: { dates: ['The doctor already has hours on 2026-03-30 from 09:00 to 09:20.'] } });
    });
    renderTab({ create });
    await screen.findByRole('heading', { name: 'March 2026' });
    await user.click(day(/^Monday,? 30 March 2026$/));
    fill(/^Time from/, '09:00');
    fill(/^Time to/, '10:00');
    fill(/Session \(minutes\)/, '15');
    fill(/Charge per minute/, '2');
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('The doctor already has hours on 2026-03-30 from 09:00 to 09:20.')).toBeInTheDocument();
    expect(day(/^Monday,? 30 March 2026$/)).toHaveAttribute('aria-pressed', 'true');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 422 }));
    logged.mockRestore();
  });
});
