import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, RecordContextProvider, SimpleForm, type I18nProvider, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { BookAppointmentButton } from '../appointments/BookAppointment';
import { CompleteAppointmentButton, RescheduleAppointmentButton } from '../appointments/AppointmentActions';
import { UnshownErrors } from '../common/UnshownErrors';
import type { OpenSlot } from '../../providers/dataProvider';
import { AdminTestContext, appTestDataProvider, getTestI18nProvider, type TestDataProviderCalls } from '../../testing/AdminTestContext';

/**
 * Booking, completing and rescheduling an appointment in the console, on Wednesday 18 March 2026: the
 * doctor has open slots on the 20th and 23rd of March only.
 */

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(2026, 2, 18, 10, 0),
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'hrtime', 'performance'],
  });
});
afterEach(() => jest.useRealTimers());

const OPEN: OpenSlot[] = [
  { id: 'slot-1', date: '2026-03-20', s_time: '09:00', e_time: '09:20' },
  { id: 'slot-2', date: '2026-03-20', s_time: '09:20', e_time: '09:40' },
  { id: 'slot-3', date: '2026-03-23', s_time: '11:00', e_time: '11:20' },
];
// records as a data provider gives them: references name records by id
const PATIENT: RaRecord = { id: 'enc-p7', type: 'patient', f_name: 'Ayesha', l_name: 'Khan', phone_no: '03001234567' };
const lists: Record<string, RaRecord[]> = {
  'family-members': [{ id: 'enc-f8', f_name: 'Bilal', l_name: 'Khan', relation: 'Son', parent_id: 'enc-p7' }],
  specializations: [{ id: 'enc-s2', title: 'Cardiology' }, { id: 'enc-s3', title: 'Dermatology' }],
  doctors: [{ id: 'enc-d5', f_name: 'Sara', l_name: 'Ahmed' }],
  'app-users': [PATIENT],
};

const renderWith = (element: React.ReactNode, calls: TestDataProviderCalls = {}, permissions = ['view_app_user', 'create_app_user', 'edit_app_user']) => {
  const getOpenSlots = jest.fn(async ({ month }: { month: string }) => ({ data: month === '2026-03' ? OPEN : [] }));
  const getList = jest.fn(async (resource: string, params: { filter?: Record<string, unknown> }) => {
    const data = (lists[resource] ?? []).filter(() => resource !== 'doctors' || params.filter?.specialization_id === 'enc-s2');
    return { data, total: data.length };
  });
  const create = jest.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { id: 'enc-a1', ...params.data } }));
  const dataProvider = appTestDataProvider({ getList, getOpenSlots, create, ...calls } as TestDataProviderCalls);
  render(
    <AdminTestContext i18nProvider={i18nProvider} dataProvider={dataProvider} permissions={permissions} resource="appointments">
      {element}
    </AdminTestContext>,
  );
  return { getOpenSlots, getList, create };
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('booking an appointment', () => {
  it('for a family member: specialization, then doctor, then a day with open slots, then a slot; only open days can be chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const { getOpenSlots, create } = renderWith(<BookAppointmentButton patient={PATIENT} />);
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
    expect(within(dialog).getByRole('button', { name: 'Book' })).toBeDisabled();
    await choose(user, 'For', /Bilal Khan \(Son\)/);
    // the doctor waits for the specialization
    expect(within(dialog).getByText('Choose a specialization first')).toBeInTheDocument();
    await choose(user, 'Specialization', /Cardiology/);
    await choose(user, 'Doctor', /Dr Sara Ahmed/);
    await waitFor(() => expect(getOpenSlots).toHaveBeenCalledWith(expect.objectContaining({ doctorId: 'enc-d5', month: '2026-03' })));
    const day = (n: number) => within(dialog).getByText(String(n), { selector: 'button' });
    await waitFor(() => expect(day(20)).toBeEnabled());
    expect(day(20)).toHaveAccessibleName(/Friday,? 20 March 2026: 2 open slots/);
    expect(day(21)).toBeDisabled();
    expect(day(23)).toBeEnabled();
    await user.click(day(20));
    const slots = within(dialog).getByRole('radiogroup', { name: /Open slots on Friday,? 20 March 2026/ });
    expect(within(slots).getAllByRole('radio').map((r) => r.textContent)).toEqual(['09:00–09:20', '09:20–09:40']);
    await user.click(within(slots).getByRole('radio', { name: '09:20–09:40' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Fever for two days');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('appointments', expect.objectContaining({ data: { patient_id: 'enc-f8', slot_id: 'slot-2', detail: 'Fever for two days' } })));
    expect(await screen.findByText(/Booked for Friday,? 20 March 2026 at 09:20/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a slot taken meanwhile says so, reads the open slots again and keeps the dialog open', async () => {
    const user = userEvent.setup({ delay: null });
    // react-admin logs a refused call; here the refusal is the point
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = jest.fn(async () => {
      throw new HttpError('This slot is no longer available.', 422, { errors: { slot_id: ['This slot is no longer available.'] } });
    });
    const { getOpenSlots } = renderWith(<BookAppointmentButton patient={PATIENT} doctor={lists.doctors![0]} />, { create } as TestDataProviderCalls);
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog');
    // a fixed doctor: no specialization step
    expect(within(dialog).queryByRole('combobox', { name: 'Specialization' })).not.toBeInTheDocument();
    const day = (n: number) => within(dialog).getByText(String(n), { selector: 'button' });
    await waitFor(() => expect(day(23)).toBeEnabled());
    await user.click(day(23));
    await user.click(within(dialog).getByRole('radio', { name: '11:00–11:20' }));
    const calls = getOpenSlots.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText('This slot is no longer available.')).toBeInTheDocument();
    await waitFor(() => expect(getOpenSlots.mock.calls.length).toBeGreaterThan(calls));
    expect(within(dialog).getByRole('button', { name: 'Book' })).toBeDisabled();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 422 }));
  });

  it('from a request: the request is named, its patient preset, and the booking carries the request', async () => {
    const user = userEvent.setup({ delay: null });
    const request = { id: 'enc-r4', number: 4, detail: 'Chest pain at night', is_emergency: true, patient: { id: 'enc-p7', number: 7, f_name: 'Ayesha', l_name: 'Khan', encrypted_id: 'enc-p7' } };
    const { create } = renderWith(<BookAppointmentButton request={request} label="resources.appointment-requests.book" />);
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Request #4: Chest pain at night')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'For' })).toHaveTextContent('Ayesha Khan (self)');
    await choose(user, 'Specialization', /Cardiology/);
    await choose(user, 'Doctor', /Dr Sara Ahmed/);
    const day = (n: number) => within(dialog).getByText(String(n), { selector: 'button' });
    await waitFor(() => expect(day(20)).toBeEnabled());
    await user.click(day(20));
    await user.click(within(dialog).getByRole('radio', { name: '09:00–09:20' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('appointments', expect.objectContaining({ data: { patient_id: 'enc-p7', slot_id: 'slot-1', detail: 'Chest pain at night', request_id: 'enc-r4' } })));
  });

  it('is not offered to an admin who may not add appointments', async () => {
    renderWith(<BookAppointmentButton patient={PATIENT} />, {}, ['view_app_user']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Book appointment' })).not.toBeInTheDocument());
  });
});

describe('acting on an appointment', () => {
  const booked: RaRecord = { id: 'enc-a9', number: 9, status: 'Booked', doctor_id: 'enc-d5', date: '2026-03-19', s_time: '10:00', e_time: '10:20', patient: { f_name: 'Ayesha', l_name: 'Khan' }, doctor: { f_name: 'Sara', l_name: 'Ahmed' } };

  it('completes after saying what happens, with a way to keep it', async () => {
    const user = userEvent.setup({ delay: null });
    // its time has begun (now is 18 March, 10:00): it may be completed
    const begun = { ...booked, date: '2026-03-18', s_time: '09:40', e_time: '10:00' };
    const updateStatus = jest.fn(async () => ({ data: { ...begun, status: 'Completed' } }));
    renderWith(
      <RecordContextProvider value={begun}>
        <CompleteAppointmentButton />
      </RecordContextProvider>,
      { updateStatus } as TestDataProviderCalls,
    );
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this appointment completed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it booked' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateStatus).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(updateStatus).toHaveBeenCalledWith('appointments', { id: 'enc-a9', status: 'Completed' }));
  });

  it('is completed only once its time has begun: a booking of tomorrow offers Reschedule, not Complete', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    renderWith(
      <RecordContextProvider value={{ ...booked, date: tomorrow }}>
        <CompleteAppointmentButton />
        <RescheduleAppointmentButton />
      </RecordContextProvider>,
    );
    await screen.findByRole('button', { name: 'Reschedule' });
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
  });

  it('is offered only on a booked appointment', async () => {
    renderWith(
      <RecordContextProvider value={{ ...booked, status: 'Cancelled' }}>
        <CompleteAppointmentButton />
        <RescheduleAppointmentButton />
      </RecordContextProvider>,
    );
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
  });

  it('reschedules to an open slot of the same doctor in one call', async () => {
    const user = userEvent.setup({ delay: null });
    const rescheduleAppointment = jest.fn(async () => ({ data: { ...booked, date: '2026-03-23' } }));
    renderWith(
      <RecordContextProvider value={booked}>
        <RescheduleAppointmentButton />
      </RecordContextProvider>,
      { rescheduleAppointment, getList: async (resource: string) => ({ data: lists[resource] ?? [], total: 1 }) } as TestDataProviderCalls,
    );
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule the appointment' });
    expect(within(dialog).getByText(/Ayesha Khan, now on Thursday,? 19 March 2026, 10:00–10:20/)).toBeInTheDocument();
    const day = (n: number) => within(dialog).getByText(String(n), { selector: 'button' });
    await waitFor(() => expect(day(23)).toBeEnabled());
    await user.click(day(23));
    await user.click(within(dialog).getByRole('radio', { name: '11:00–11:20' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(rescheduleAppointment).toHaveBeenCalledWith({ id: 'enc-a9', slotId: 'slot-3' }));
  });
});

describe('a server error on a field the form does not show', () => {
  const Refuse = () => {
    const { setError } = useFormContext();
    return (
      <button type="button" onClick={() => { setError('patient_id', { type: 'server', message: 'Please choose the patient.' }); setError('title', { type: 'server', message: 'Too long.' }); }}>
        refuse
      </button>
    );
  };
  it('goes at the top of the form with the field named; one under its input stays there', async () => {
    const user = userEvent.setup({ delay: null });
    const { TextInput } = await import('react-admin');
    render(
      <AdminTestContext i18nProvider={i18nProvider} dataProvider={appTestDataProvider({})} resource="medical-histories">
        <SimpleForm toolbar={false}>
          <UnshownErrors />
          <TextInput source="title" />
          <Refuse />
        </SimpleForm>
      </AdminTestContext>,
    );
    await user.click(await screen.findByRole('button', { name: 'refuse' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Patient: Please choose the patient.');
    expect(alert).not.toHaveTextContent('Too long.');
  });
});
