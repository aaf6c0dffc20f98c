import { act, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { AppNotification, ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '../AppLayout';

const Trigger = ({ type, message }: { type: 'success' | 'error'; message: string }) => {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(message, { type })}>
      {type}
    </button>
  );
};

describe('toasts (spec 1 section 9: 5 s, errors 10 s)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** advance the clock; a second step lets the closing transition, scheduled by the first, finish */
  const wait = (ms: number) => {
    act(() => void jest.advanceTimersByTime(ms));
    act(() => void jest.advanceTimersByTime(1000));
  };

  const show = (type: 'success' | 'error', message: string) => {
    render(
      <AdminContext store={memoryStore()}>
        <Trigger type={type} message={message} />
        <AppNotification />
      </AdminContext>,
    );
    act(() => screen.getByRole('button', { name: type }).click());
    act(() => void jest.advanceTimersByTime(50));
    expect(screen.getByText(message)).toBeInTheDocument();
  };

  test('a success toast leaves after 5 seconds', () => {
    show('success', 'Successfully added.');
    wait(SUCCESS_TOAST_MS);
    expect(screen.queryByText('Successfully added.')).not.toBeInTheDocument();
  });

  test('an error toast is still there after 5 seconds and leaves after 10', () => {
    show('error', 'Something went wrong!');
    wait(SUCCESS_TOAST_MS);
    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
    wait(ERROR_TOAST_MS - SUCCESS_TOAST_MS);
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
  });
});
